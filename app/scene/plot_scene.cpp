#include "app/scene/plot_scene.h"

#include <algorithm>
#include <cmath>

#include "app/scene/scene_geometry.h"
#include "app/scene/scene_text.h"

namespace scanviz {
namespace {

using namespace scanviz::plot;

Color withAlpha(Color c, float a) {
  c.a = static_cast<uint8_t>(std::lround(a * 255));
  return c;
}

struct Entry {
  std::string text;
  Color color;
  bool reference;
  int series = -1;
  MarkerShape shape = MarkerShape::Circle;
  bool markers = false;
  bool dashed = false;
};

class PlotBuilder {
 public:
  PlotBuilder(const PlotSpec& spec, const PlotSceneStyle& style, const MeasureText& measure)
      : spec_(spec),
        style_(style),
        measure_(measure),
        lh_(style.textSize),
        pad_(style.padding),
        bars_(spec.mode == PlotMode::Bars) {}

  PlotScene build() {
    Scene& out = out_.scene;
    out.width = style_.width;
    out.height = style_.height;
    colours();
    ranges();
    layout();
    addFrame();
    addTexts();
    addGrid();
    if (!anyData_) addEmptyText();
    if (bars_) {
      addCategoryLabels();
      addBars();
    } else {
      addLines();
    }
    addReferences();
    addLegend();
    out_.plotArea = layout_.plot;
    out_.x = x_;
    out_.y = y_;
    out_.categories = categories_;
    out_.seriesColors = colors_;
    out_.lineWidth = thickness();
    out_.textSize = lh_;
    return std::move(out_);
  }

 private:
  float width(const std::string& s) const { return measure_(s, lh_, false); }

  void text(double x, double y, const std::string& s, Color c, const std::string& role,
            TextAlign align = TextAlign::Left, bool bold = false) {
    addSceneText(out_.scene, static_cast<float>(x), static_cast<float>(y), s, c, lh_, bold, align,
                 role);
  }

  void line(double x1, double y1, double x2, double y2, Color c, float w, const std::string& role,
            bool dashed = false, int index = -1) {
    SceneLine l{.x1 = static_cast<float>(x1),
                .y1 = static_cast<float>(y1),
                .x2 = static_cast<float>(x2),
                .y2 = static_cast<float>(y2),
                .color = c,
                .width = w,
                .dashed = dashed,
                .role = role,
                .index = index};
    out_.scene.lines.push_back(l);
  }

  void rect(double x0, double y0, double x1, double y1, Color fill, const std::string& role,
            float rounding = 0, int index = -1) {
    addSceneRect(out_.scene, static_cast<float>(x0), static_cast<float>(y0),
                 static_cast<float>(x1 - x0), static_cast<float>(y1 - y0), fill, role, index)
        .rounding = rounding;
  }

  void colours() {
    const int n = static_cast<int>(spec_.series.size());
    const Color bg = frameFill();
    const double background = luminance(packColor(bg.r, bg.g, bg.b));
    const auto shown = [background](uint32_t c) {
      return colorOfPacked(readableOn(c, background));
    };
    for (int s = 0; s < n; ++s) {
      colors_.push_back(shown(spec_.series[s].color ? spec_.series[s].color : seriesColor(s)));
      shapes_.push_back(markerOf(spec_.series[s], s));
    }
    for (size_t r = 0; r < spec_.references.size(); ++r)
      refColors_.push_back(shown(spec_.references[r].color ? spec_.references[r].color
                                                           : seriesColor(n + static_cast<int>(r))));
  }

  void ranges() {
    std::vector<double> xs, ys;
    for (const Series& s : spec_.series) {
      if (bars_) categories_ = std::max(categories_, static_cast<int>(s.y.size()));
      const size_t count = bars_ ? s.y.size() : std::min(s.x.size(), s.y.size());
      for (size_t i = 0; i < count; ++i) {
        if (!bars_) xs.push_back(s.x[i]);
        ys.push_back(s.y[i]);
        if ((bars_ || representable(spec_.xScale, s.x[i])) && representable(spec_.yScale, s.y[i]))
          anyData_ = true;
      }
    }
    categories_ = std::max(categories_, static_cast<int>(spec_.categories.size()));
    for (const ReferenceLine& r : spec_.references) ys.push_back(r.y);
    xRange_ = autoRange(spec_.xScale, xs, false);
    yRange_ = autoRange(spec_.yScale, ys,
                        spec_.includeZeroY || (bars_ && spec_.yScale == AxisScale::Linear));
  }

  void layout() {
    std::vector<Tick> yTicks =
        axisTicks(spec_.yScale, yRange_, maxTicksFor(style_.height * 0.7, lh_ * 2));
    double yLabelWidth = 0;
    for (const Tick& t : yTicks) yLabelWidth = std::max<double>(yLabelWidth, width(t.label));
    if (spec_.legend) {
      for (size_t s = 0; s < spec_.series.size(); ++s)
        if (!spec_.series[s].name.empty())
          legend_.push_back({spec_.series[s].name, colors_[s], false, static_cast<int>(s),
                             shapes_[s], spec_.series[s].markers, spec_.series[s].dashed});
      for (size_t r = 0; r < spec_.references.size(); ++r)
        if (!spec_.references[r].label.empty())
          legend_.push_back({spec_.references[r].label, refColors_[r], true});
    }
    LayoutInput in;
    in.frame = {0, 0, style_.width, style_.height};
    in.lineHeight = lh_;
    in.padding = pad_;
    in.yTickLabelWidth = yLabelWidth;
    in.hasTitle = !spec_.title.empty();
    in.hasXLabel = !spec_.xLabel.empty();
    in.hasYLabel = !spec_.yLabel.empty();
    for (const Entry& e : legend_) in.legendTextWidths.push_back(width(e.text));
    in.xTickLabelRows = categoryRows(yLabelWidth);
    layout_ = computeLayout(in);
    // The ticks for the plot's real height may be other labels than the guess above ("1500"
    // where it had "1k"): room for the widest of them, so that none reaches past the frame.
    double finalWidth = 0;
    for (const Tick& t : finalYTicks()) finalWidth = std::max<double>(finalWidth, width(t.label));
    if (finalWidth > in.yTickLabelWidth + 0.5) {
      in.yTickLabelWidth = finalWidth;
      in.xTickLabelRows = categoryRows(finalWidth);
      layout_ = computeLayout(in);
    }
    // The estimate of a bar group's width above is a little wide: more rows when the widest
    // label needs them with the group's real width.
    if (bars_ && categories_ > 0) {
      const int rows = rowsFor(layout_.plot.width() / categories_);
      if (rows > in.xTickLabelRows) {
        in.xTickLabelRows = rows;
        layout_ = computeLayout(in);
      }
    }
    rows_ = static_cast<int>(in.xTickLabelRows);
    const Rect& p = layout_.plot;
    x_ = {spec_.xScale, xRange_.min, xRange_.max, p.x0, p.x1};
    y_ = {spec_.yScale, yRange_.min, yRange_.max, p.y1, p.y0};
    if (staggeredValuesNeedHeadroom())
      y_ = {spec_.yScale, yRange_.min, yRange_.max, p.y1, p.y0 + valueHeadroom()};
  }

  // Bar charts stagger their category labels over as many rows as the widest needs to be read
  // whole (neighbours in different rows), up to kMaxCategoryRows; past that they are elided.
  int categoryRows(double yLabelWidth) const {
    if (!bars_ || categories_ <= 0) return 1;
    return rowsFor((style_.width - yLabelWidth - 4 * pad_) / categories_);
  }
  int rowsFor(double groupWidth) const {
    static constexpr int kMaxCategoryRows = 4;
    const double needed = std::ceil((widestCategory() + pad_) / std::max(1.0, groupWidth));
    return static_cast<int>(std::clamp(needed, 1.0, static_cast<double>(kMaxCategoryRows)));
  }

  double widestCategory() const {
    double widest = 0;
    for (const std::string& c : spec_.categories) widest = std::max<double>(widest, width(c));
    return widest;
  }

  // The y ticks for the laid-out plot area.
  std::vector<Tick> finalYTicks() const {
    return axisTicks(spec_.yScale, yRange_, maxTicksFor(layout_.plot.height(), lh_ * 2));
  }

  Color frameFill() const { return style_.frame; }

  // Of the frame's and the text's colours, the one of higher contrast on `fill` (WCAG's ratio).
  Color textOn(Color fill) const {
    const auto contrast = [](Color a, Color b) {
      const double la = luminance(packColor(a.r, a.g, a.b));
      const double lb = luminance(packColor(b.r, b.g, b.b));
      return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
    };
    return contrast(frameFill(), fill) >= contrast(style_.text, fill) ? frameFill() : style_.text;
  }

  void addFrame() {
    rect(0, 0, style_.width, style_.height, frameFill(), "plot-frame", style_.frameRounding);
  }

  // Nothing the axes can show: say so in the middle of the plot area.
  void addEmptyText() {
    const Rect& p = layout_.plot;
    text((p.x0 + p.x1) / 2, (p.y0 + p.y1 - lh_) / 2, spec_.emptyText, style_.textDim, "plot-empty",
         TextAlign::Center);
  }

  void addTexts() {
    if (!spec_.title.empty())
      text(layout_.title.x, layout_.title.y, spec_.title, style_.text, "plot-title",
           TextAlign::Left, true);
    if (!spec_.yLabel.empty())
      text(layout_.yLabel.x, layout_.yLabel.y, spec_.yLabel, style_.textDim, "plot-y-label");
    if (!spec_.xLabel.empty())
      text(layout_.xLabel.x, layout_.xLabel.y, spec_.xLabel, style_.textDim, "plot-x-label",
           TextAlign::Center);
  }

  void addGrid() {
    const Rect& p = layout_.plot;
    const Color grid = withAlpha(style_.textDim, 0.35f), minor = withAlpha(style_.textDim, 0.15f);
    for (const Tick& t : finalYTicks()) {
      const double py = y_.toPixel(t.value);
      if (std::isnan(py) || py < p.y0 - 0.5 || py > p.y1 + 0.5) continue;
      line(p.x0, py, p.x1, py, t.major ? grid : minor, 1, "grid");
      if (!t.label.empty())
        text(p.x0 - pad_, py - lh_ / 2, t.label, style_.textDim, "y-tick", TextAlign::Right);
    }
    if (!bars_) {
      std::vector<Tick> ticks = axisTicks(spec_.xScale, xRange_, maxTicksFor(p.width(), lh_ * 5));
      double widest = 0;
      for (const Tick& t : ticks) widest = std::max<double>(widest, width(t.label));
      if (!ticks.empty() && static_cast<double>(ticks.size()) * (widest + lh_) > p.width())
        ticks = axisTicks(spec_.xScale, xRange_, maxTicksFor(p.width(), widest + lh_));
      for (const Tick& t : ticks) {
        const double px = x_.toPixel(t.value);
        if (std::isnan(px) || px < p.x0 - 0.5 || px > p.x1 + 0.5) continue;
        line(px, p.y0, px, p.y1, t.major ? grid : minor, 1, "grid");
        if (!t.label.empty())
          text(px, p.y1 + pad_ / 2, t.label, style_.textDim, "x-tick", TextAlign::Center);
      }
    }
    SceneRect border{.x = static_cast<float>(p.x0),
                     .y = static_cast<float>(p.y0),
                     .w = static_cast<float>(p.width()),
                     .h = static_cast<float>(p.height()),
                     .stroke = style_.textDim,
                     .strokeWidth = 1,
                     .role = "plot-area"};
    out_.scene.rects.push_back(border);
  }

  // Staggered over rows_ rows when they are wide; a label wider than its rows' room is elided.
  // Centred under its group, but kept inside the frame (the first and last would reach past it).
  void addCategoryLabels() {
    const Rect& p = layout_.plot;
    const double room = p.width() / std::max(1, categories_) * rows_ - pad_;
    for (int c = 0; c < static_cast<int>(spec_.categories.size()) && c < categories_; ++c) {
      const std::string label = fitText(spec_.categories[static_cast<size_t>(c)],
                                        static_cast<float>(room), lh_, false, measure_);
      const double half = width(label) / 2;
      const double x = std::clamp(categoryCenter(c, categories_, p.x0, p.x1), half,
                                  std::max(half, style_.width - half));
      text(x, p.y1 + pad_ / 2 + (c % rows_) * lh_, label, style_.textDim, "category",
           TextAlign::Center);
    }
  }

  void addBars() {
    const Rect& p = layout_.plot;
    const double base =
        y_.toPixel(spec_.yScale == AxisScale::Linear ? std::max(0.0, yRange_.min) : yRange_.min);
    const int n = static_cast<int>(spec_.series.size());
    for (int s = 0; s < n; ++s)
      for (int c = 0; c < static_cast<int>(spec_.series[s].y.size()); ++c) {
        const double top = y_.toPixel(spec_.series[s].y[c]);
        if (std::isnan(top)) continue;
        const Rect slot = barSlot(c, s, categories_, n, p.x0, p.x1);
        rect(slot.x0, std::min(top, base), slot.x1, std::max(top, base), colors_[s], "bar", 0, s);
      }
    if (spec_.barValues) addBarValues(base);
  }

  // A bar's value as text, with the bar's slot and top (pixels).
  struct BarValue {
    std::string text;
    Rect slot;
    double top;
    int series;
  };
  // Every bar's value; fitTheirBars says whether each is at most its bar's width (and a pad).
  std::vector<BarValue> barValues(bool& fitTheirBars) const {
    const Rect& p = layout_.plot;
    const int n = static_cast<int>(spec_.series.size());
    std::vector<BarValue> labels;
    fitTheirBars = true;
    for (int s = 0; s < n; ++s)
      for (int c = 0; c < static_cast<int>(spec_.series[s].y.size()); ++c) {
        const double value = spec_.series[s].y[c];
        const double top = y_.toPixel(value);
        if (std::isnan(top)) continue;
        BarValue l{formatShortValue(value), barSlot(c, s, categories_, n, p.x0, p.x1), top, s};
        fitTheirBars = fitTheirBars && width(l.text) <= l.slot.width() + pad_;
        labels.push_back(l);
      }
    return labels;
  }

  // Staggered values (below) stand over their bars at two heights: where a bar reaches within two
  // lines of the top, the axis leaves that much headroom over it, or a value there would fit
  // neither over its bar nor inside it.
  bool staggeredValuesNeedHeadroom() const {
    if (!bars_ || !spec_.barValues || spec_.series.size() != 1) return false;
    bool fitTheirBars = true;
    const std::vector<BarValue> labels = barValues(fitTheirBars);
    if (fitTheirBars) return false;
    for (const BarValue& l : labels)
      if (l.top < layout_.plot.y0 + valueHeadroom()) return true;
    return false;
  }
  double valueHeadroom() const { return 2 * lh_ + 2; }

  // Over each bar its value; a bar that reaches the top of the plot area carries it inside, in
  // whichever of the frame's and the text's colours stands out more on the bar. Values wider than
  // their bars (a dozen subjects in a window) are staggered instead, when there is one series;
  // none are drawn when even that does not give every value room: all bars read alike.
  void addBarValues(double base) {
    const Rect& p = layout_.plot;
    const int n = static_cast<int>(spec_.series.size());
    bool fitTheirBars = true;
    const std::vector<BarValue> labels = barValues(fitTheirBars);
    if (!fitTheirBars) {
      if (n == 1) addStaggeredBarValues(labels, base);
      return;
    }
    for (const BarValue& l : labels) {
      const double above = std::min(l.top, base) - lh_ - 1;
      const bool inside = above < p.y0;
      text((l.slot.x0 + l.slot.x1) / 2, inside ? std::min(l.top, base) + 1 : above, l.text,
           inside ? textOn(colors_[l.series]) : colors_[l.series], "bar-value", TextAlign::Center);
    }
  }

  // Values wider than their bars, as the category labels below do it: each value centred over its
  // bar, at most two categories wide, over every bar it reaches across, and a line above the value
  // before it where the two would meet (so neighbours alternate between two heights). A bar that
  // reaches the top of the plot area carries its value inside, as above, if it fits the bar. None
  // when a value is wider than two categories or finds no room.
  void addStaggeredBarValues(const std::vector<BarValue>& labels, double base) {
    const Rect& p = layout_.plot;
    const double category = (p.x1 - p.x0) / std::max(1, categories_);
    std::vector<Rect> boxes;
    std::vector<bool> inside;
    for (const BarValue& l : labels) {
      const double w = width(l.text);
      if (w > 2 * category - pad_) return;
      const double centre = (l.slot.x0 + l.slot.x1) / 2;
      Rect box{centre - w / 2, 0, centre + w / 2, 0};
      double y = std::min(l.top, base) - lh_ - 1;
      for (const BarValue& other : labels)
        if (other.slot.x1 > box.x0 && other.slot.x0 < box.x1)
          y = std::min(y, std::min(other.top, base) - lh_ - 1);
      if (!boxes.empty() && boxes.back().x1 > box.x0 && y > boxes.back().y0 - lh_ &&
          y < boxes.back().y1)
        y = boxes.back().y0 - lh_;
      const bool in = y < p.y0;
      if (in) {
        y = std::min(l.top, base) + 1;
        if (w > l.slot.width() + pad_ || y + lh_ > base) return;
      }
      box.y0 = y;
      box.y1 = y + lh_;
      boxes.push_back(box);
      inside.push_back(in);
    }
    for (size_t i = 0; i < labels.size(); ++i) {
      const Color color = colors_[labels[i].series];
      text((boxes[i].x0 + boxes[i].x1) / 2, boxes[i].y0, labels[i].text,
           inside[i] ? textOn(color) : color, "bar-value", TextAlign::Center);
    }
  }

  float thickness() const { return std::max(1.5f, lh_ / 7); }

  // Large enough that a square reads as a square on a projector.
  double markerRadius() const { return thickness() * 2.2; }

  // Half the size of the marker's box; a hollow one's stroke lies inside the outline, so hollow
  // and filled markers are the same size.
  double markerHalf(MarkerShape shape) const {
    const double r = markerRadius();
    const bool square = shape == MarkerShape::Square || shape == MarkerShape::HollowSquare;
    return (square ? squareHalfSide(r) : r) - (hollow(shape) ? thickness() / 2 : 0);
  }

  void marker(double x, double y, Color c, MarkerShape shape, int series) {
    const double h = markerHalf(shape);
    const bool round = shape == MarkerShape::Circle || shape == MarkerShape::Ring;
    rect(x - h, y - h, x + h, y + h, hollow(shape) ? frameFill() : c, "marker",
         round ? static_cast<float>(h) : 0, series);
    if (!hollow(shape)) return;
    out_.scene.rects.back().stroke = c;
    out_.scene.rects.back().strokeWidth = thickness();
  }

  // How far from a hollow marker's centre a line towards (dx, dy) stops, on the stroke: the scene
  // draws lines over rects, so a line to the centre would cross the hollow.
  double lineGap(MarkerShape shape, double dx, double dy) const {
    if (!hollow(shape)) return 0;
    const double h = markerHalf(shape), length = std::hypot(dx, dy);
    if (shape == MarkerShape::Ring || !(length > 0)) return h;
    return h * length / std::max(std::fabs(dx), std::fabs(dy));
  }

  void segment(Point a, Point b, int s) {
    const double dx = b.x - a.x, dy = b.y - a.y, length = std::hypot(dx, dy);
    double from = 0, to = length;
    if (spec_.series[static_cast<size_t>(s)].markers) {
      from = lineGap(shapes_[static_cast<size_t>(s)], dx, dy);
      to -= from;
    }
    if (!(to > from)) return;  // the markers touch: nothing of the line shows between them
    const double ux = length > 0 ? dx / length : 0, uy = length > 0 ? dy / length : 0;
    line(a.x + ux * from, a.y + uy * from, a.x + ux * to, a.y + uy * to, colors_[s], thickness(),
         "series", spec_.series[static_cast<size_t>(s)].dashed, s);
  }

  // Whiskers from low to high with caps, and the quartiles as a band the width of a marker under
  // the point: drawn before the lines and markers, and around the marker rather than across it
  // (the scene draws lines over rects).
  void addSpread(size_t s) {
    const Series& series = spec_.series[s];
    const size_t count = std::min(series.x.size(), series.y.size());
    const double h = series.markers ? markerHalf(shapes_[s]) : 0;
    const double cap = markerRadius() * 0.8;
    const Color band = withAlpha(colors_[s], 0.35f);
    const auto at = [](const std::vector<double>& v, size_t i) {
      return i < v.size() ? v[i] : kNaN;
    };
    for (size_t i = 0; i < count; ++i) {
      const double px = x_.toPixel(series.x[i]), py = y_.toPixel(series.y[i]);
      if (std::isnan(px) || std::isnan(py)) continue;
      const double q1 = y_.toPixel(at(series.boxLow, i)), q3 = y_.toPixel(at(series.boxHigh, i));
      if (!std::isnan(q1) && !std::isnan(q3))
        rect(px - cap, std::min(q1, q3), px + cap, std::max(q1, q3), band, "spread-quartiles", 0,
             static_cast<int>(s));
      const double lo = y_.toPixel(at(series.low, i)), hi = y_.toPixel(at(series.high, i));
      if (std::isnan(lo) || std::isnan(hi)) continue;
      const double top = std::min(lo, hi), bottom = std::max(lo, hi);  // pixels grow downwards
      const int index = static_cast<int>(s);
      if (top < py - h) line(px, top, px, py - h, colors_[s], 1.5f, "spread", false, index);
      if (bottom > py + h) line(px, py + h, px, bottom, colors_[s], 1.5f, "spread", false, index);
      line(px - cap / 2, top, px + cap / 2, top, colors_[s], 1.5f, "spread-cap", false, index);
      line(px - cap / 2, bottom, px + cap / 2, bottom, colors_[s], 1.5f, "spread-cap", false,
           index);
    }
  }

  void addLines() {
    for (size_t s = 0; s < spec_.series.size(); ++s) addSpread(s);
    for (size_t s = 0; s < spec_.series.size(); ++s) {
      const Series& series = spec_.series[s];
      const size_t count = std::min(series.x.size(), series.y.size());
      bool havePrevious = false;
      Point previous;
      std::vector<Point>& points = out_.points.emplace_back();
      for (size_t i = 0; i < count; ++i) {
        const Point pt{x_.toPixel(series.x[i]), y_.toPixel(series.y[i])};
        points.push_back(pt);
        if (std::isnan(pt.x) || std::isnan(pt.y)) {
          havePrevious = false;  // a value the scale cannot show breaks the line
          continue;
        }
        if (havePrevious) segment(previous, pt, static_cast<int>(s));
        if (series.markers) marker(pt.x, pt.y, colors_[s], shapes_[s], static_cast<int>(s));
        previous = pt;
        havePrevious = true;
      }
    }
  }

  // Each reference's label sits just over its line, at the end of the plot area where the labels
  // would hide less of the data's lines (a throughput plot's references are its top values, which
  // the data reach only at large N, on the right; ties: the right); labels whose lines lie closer
  // than a line of text apart are pushed apart (in the lines' order, kept inside the plot area) so
  // that each reads whole, in its line's colour.
  void addReferences() {
    const Rect& p = layout_.plot;
    struct Label {
      double y;
      size_t reference;
    };
    std::vector<Label> labels;
    for (size_t r = 0; r < spec_.references.size(); ++r) {
      const double py = y_.toPixel(spec_.references[r].y);
      if (std::isnan(py)) continue;
      line(p.x0, py, p.x1, py, refColors_[r], thickness() * 0.8f, "reference", true);
      if (!spec_.references[r].label.empty()) labels.push_back({py - lh_ - 1, r});
    }
    std::stable_sort(labels.begin(), labels.end(),
                     [](const Label& a, const Label& b) { return a.y < b.y; });
    spreadApart(labels, p.y0, p.y1 - lh_);
    if (labels.empty()) return;
    const auto boxes = [&](bool left) {
      std::vector<Rect> out;
      for (const Label& l : labels) {
        const double w = width(spec_.references[l.reference].label);
        const double x = left ? p.x0 + pad_ : p.x1 - pad_ - w;
        out.push_back({x, l.y, x + w, l.y + lh_});
      }
      return out;
    };
    const bool left = dataUnder(boxes(true)) < dataUnder(boxes(false));
    // In the scene in the references' order, as their lines.
    std::sort(labels.begin(), labels.end(),
              [](const Label& a, const Label& b) { return a.reference < b.reference; });
    for (const Label& l : labels)
      text(left ? p.x0 + pad_ : p.x1 - pad_, l.y, spec_.references[l.reference].label,
           refColors_[l.reference], "reference-label", left ? TextAlign::Left : TextAlign::Right);
  }

  // How much of the drawn lines the boxes would hide: samples every few pixels along each series'
  // segments (a point and its line count alike), counted once whichever box they fall in.
  int dataUnder(const std::vector<Rect>& boxes) const {
    const auto hidden = [&](double x, double y) {
      for (const Rect& r : boxes)
        if (x >= r.x0 && x <= r.x1 && y >= r.y0 && y <= r.y1) return true;
      return false;
    };
    constexpr double kStep = 4;  // pixels between samples
    int count = 0;
    for (const std::vector<Point>& series : out_.points)
      for (size_t i = 0; i < series.size(); ++i) {
        const Point& b = series[i];
        if (std::isnan(b.x) || std::isnan(b.y)) continue;
        count += hidden(b.x, b.y);
        if (i == 0 || std::isnan(series[i - 1].x) || std::isnan(series[i - 1].y)) continue;
        const Point& a = series[i - 1];
        const int samples = static_cast<int>(std::hypot(b.x - a.x, b.y - a.y) / kStep);
        for (int k = 1; k < samples; ++k) {
          const double t = static_cast<double>(k) / samples;
          count += hidden(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t);
        }
      }
    return count;
  }

  // Moves the labels (sorted by y) the least so that each starts a line of text below the one
  // before, between top and bottom where they fit there.
  template <class Label>
  void spreadApart(std::vector<Label>& labels, double top, double bottom) const {
    for (size_t i = 0; i < labels.size(); ++i) {
      const double floor = i ? labels[i - 1].y + lh_ : top;
      labels[i].y = std::max(labels[i].y, floor);
    }
    for (size_t i = labels.size(); i-- > 0;) {
      const double ceiling = i + 1 < labels.size() ? labels[i + 1].y - lh_ : bottom;
      labels[i].y = std::max(top, std::min(labels[i].y, ceiling));
    }
  }

  void addLegend() {
    for (size_t i = 0; i < legend_.size() && i < layout_.legendEntries.size(); ++i) {
      const Point at = layout_.legendEntries[i];
      const Entry& e = legend_[i];
      const double mid = at.y + lh_ / 2, right = at.x + layout_.swatchWidth;
      if (e.reference) {
        line(at.x, mid, right, mid, e.color, thickness() * 0.8f, "legend-swatch", true);
      } else if (bars_) {
        rect(at.x, at.y + 2, right, at.y + lh_ - 2, e.color, "legend-swatch");
      } else {
        // The swatch is drawn as the series is: a line, with its marker if it has them.
        const double centre = (at.x + right) / 2, gap = e.markers ? lineGap(e.shape, 1, 0) : 0;
        if (gap > 0) {
          line(at.x, mid, centre - gap, mid, e.color, thickness(), "legend-swatch", e.dashed);
          line(centre + gap, mid, right, mid, e.color, thickness(), "legend-swatch", e.dashed);
        } else {
          line(at.x, mid, right, mid, e.color, thickness(), "legend-swatch", e.dashed);
        }
        if (e.markers) marker(centre, mid, e.color, e.shape, e.series);
      }
      text(right + pad_ / 2, at.y, e.text, style_.text, "legend");
    }
  }

  const PlotSpec& spec_;
  const PlotSceneStyle& style_;
  const MeasureText& measure_;
  float lh_;
  float pad_;
  bool bars_;
  bool anyData_ = false;
  int categories_ = 0;
  int rows_ = 1;
  std::vector<Color> colors_, refColors_;
  std::vector<MarkerShape> shapes_;
  std::vector<Entry> legend_;
  Range xRange_, yRange_;
  PlotLayout layout_;
  AxisMap x_, y_;
  PlotScene out_;
};

}  // namespace

PlotScene buildPlotScene(const plot::PlotSpec& spec, const PlotSceneStyle& style,
                         const MeasureText& measure) {
  return PlotBuilder(spec, style, measure).build();
}

float plotRoomScore(float w, float h, float textSize) {
  if (w < 10 * textSize || h < 10 * textSize) return -1;
  return std::min((w - 4 * textSize) / 1.6f, h - 5 * textSize);
}

PlacedPlot placePlot(Scene& into, plot::PlotSpec spec, const PlotSceneStyle& style, float x,
                     float y, const MeasureText& measure) {
  spec.size = {style.width, style.height};
  PlacedPlot p{std::move(spec), {}, x, y};
  p.drawn = buildPlotScene(p.spec, style, measure);
  appendScene(into, p.drawn.scene, x, y);
  p.drawn.scene = {};
  return p;
}

Scene plotPicture(const plot::PlotSpec& spec, const PlotPictureStyle& style,
                  const ViewPalette& palette, const MeasureText& measure) {
  PlotSceneStyle s;
  s.width = style.width;
  s.height = style.height;
  s.textSize = style.textSize;
  s.frame =
      style.background.value_or(style.theme == Theme::Dark ? palette.cellFill : palette.beforeFill);
  s.text = palette.text;
  s.textDim = palette.textDim;
  return buildPlotScene(spec, s, measure).scene;
}

Color colorOfPacked(uint32_t c) {
  return Color{static_cast<uint8_t>(c), static_cast<uint8_t>(c >> 8), static_cast<uint8_t>(c >> 16),
               static_cast<uint8_t>(c >> 24)};
}

}  // namespace scanviz
