#include "app/scene/figure_parts.h"

#include <algorithm>

#include "app/core/algorithms/algorithm_catalog.h"
#include "app/core/trace/value_format.h"
#include "app/scene/scene_text.h"

namespace scanviz {

float addFigureTitle(Scene& scene, const Trace& t, const std::string& what,
                     const std::string& subtitle, float x, float y, float width,
                     const ArraySceneStyle& style, const ViewPalette& pal,
                     const MeasureText& measure) {
  const auto id = findAlgorithm(t.meta.algorithm);
  const std::string name = id ? std::string(algorithmInfo(*id).name) : t.meta.algorithm;
  const std::string sep = "  \xC2\xB7  ";
  const std::string title =
      what + sep + name + sep + scanDescription(t.meta.op, t.meta.inclusive, t.meta.dtype);
  y = addWrappedText(scene, title, x, y, std::max(100.0f, width), style.titleSize, true, pal.text,
                     "title", 1.35f, measure);
  return addWrappedText(scene, subtitle, x, y, std::max(100.0f, width), style.labelSize, false,
                        pal.textDim, "subtitle", 1.35f, measure);
}

std::string figureCellText(const Trace& t, double value, const InputRange* range) {
  if (range && range->kind != InputRange::Kind::Unknown)
    return symbolicText(*range, t.meta.op, t.meta.dtype);
  return formatCellValue(value, t.meta.op, t.meta.dtype);
}

std::vector<std::vector<InputRange>> figureSymbols(const Trace& t, bool symbolic) {
  if (!symbolic || !symbolicProblem(t).empty()) return {};
  return symbolicSteps(t);
}

FigureCells figureCells(const std::vector<std::string>& texts, int columns, float avail,
                        const ArraySceneStyle& style, const MeasureText& measure) {
  FigureCells c;
  const float widest = 3.0f * style.valueSize;
  c.columnWidth = std::clamp(avail / static_cast<float>(std::max(1, columns)), 4.0f, widest);
  // Wide enough for every value at 60% of the value size; presenting, at the back row's size
  // (less, at that scale: the figure then keeps more columns on the screen), never below it.
  const float legible = style.minTextSize > 0 ? style.minTextSize : 0.6f * style.valueSize;
  for (const std::string& text : texts)
    c.columnWidth = std::max(
        c.columnWidth,
        std::min(widest, (measure(text, legible, true) + kCellTextMargin * legible) / kCellBox));
  c.valueSize = std::min(style.valueSize, c.columnWidth / 1.1f);
  const float floor = std::max({10.0f, 0.55f * style.smallSize, style.minTextSize});
  for (const std::string& text : texts)
    while (c.valueSize > floor &&
           measure(text, c.valueSize, true) > cellTextRoom(c.columnWidth, c.valueSize))
      c.valueSize = std::max(floor, 0.95f * c.valueSize);
  c.cellH = std::max(1.6f * c.valueSize, 0.9f * style.labelSize);
  return c;
}

float figureLabelColumn(const std::vector<std::string>& labels, float width, float size,
                        const MeasureText& measure) {
  float widest = 0, longestWord = 0;
  for (const std::string& label : labels) {
    widest = std::max(widest, measure(label, size, true));
    for (const std::string& word : wrapWords(label, 1, size, true, measure))
      longestWord = std::max(longestWord, measure(word, size, true));
  }
  return std::max(longestWord, std::min(widest, 0.2f * width));
}

void addFigureRowLabel(Scene& scene, const std::string& label, float x, float centreY,
                       float columnWidth, float size, bool bold, Color color,
                       const MeasureText& measure, int index) {
  const std::vector<std::string> lines = wrapWords(label, columnWidth, size, true, measure);
  const float lineHeight = 1.2f * size;
  float y =
      centreY - 0.5f * (lineHeight * static_cast<float>(lines.size()) - 0.2f * size) - 0.1f * size;
  for (const std::string& line : lines) {
    addSceneText(scene, x, y, line, color, size, bold, TextAlign::Left, "row-label", index);
    y += lineHeight;
  }
}

void addFigureCell(Scene& scene, const FigureCell& c, float valueSize, const ViewPalette& pal,
                   const MeasureText& measure) {
  SceneRect r;
  r.w = kCellBox * c.width;
  r.x = c.centreX - 0.5f * r.w;
  r.y = c.y;
  r.h = c.height;
  r.rounding = std::min(0.12f * valueSize, 0.2f * r.w);
  r.fill = !c.reached ? Color{0, 0, 0, 0} : c.padding ? pal.paddingFill : c.fill;
  r.stroke = c.reached && !c.padding ? pal.cellStroke : pal.textDim;
  r.hatched = c.reached && c.padding;
  if (r.hatched) r.stroke = pal.paddingHatch;
  r.strokeWidth = 1;
  r.role = c.role + (c.reached ? "-cell" : "-cell-pending");
  r.index = c.index;
  scene.rects.push_back(r);
  if (!c.reached) return;
  SceneText& text = addSceneText(scene, c.centreX, c.y + 0.5f * (c.height - valueSize),
                                 fitCellText(c.text, c.width, valueSize, true, measure),
                                 c.padding ? pal.textDim : c.ink, valueSize, true,
                                 TextAlign::Center, c.role + "-value", c.index);
  text.tooltip = c.tooltip;
  text.hoverX = r.x;
  text.hoverY = r.y;
  text.hoverW = r.w;
  text.hoverH = r.h;
}

FigureBuilderBase::FigureBuilderBase(const FigureRequest& rq, const ArraySceneStyle& style,
                                     const ViewPalette& pal, const MeasureText& measure)
    : TraceSceneInputs<FigureRequest>(rq, style, pal, measure),
      shownStep_(rq.step < 0 ? static_cast<int>(t_.steps.size()) - 1 : rq.step) {}

std::vector<double> FigureBuilderBase::wholeValues(int k, int n) const {
  const TraceStep& s = t_.steps[static_cast<size_t>(k)];
  std::vector<double> v;
  for (size_t i = 0; i < std::min(wholeValidElements(t_, s), static_cast<size_t>(n)); ++i)
    v.push_back(decodeValueBits(s.wholeBits[i], t_.meta.dtype));
  return v;
}

void FigureBuilderBase::fitWidth(float right) {
  scene_.width = std::max(rq_.width, right + pad());
}

Scene FigureBuilderBase::finish(float bottom) {
  scene_.height = bottom + pad();
  return std::move(scene_);
}

LegendRows FigureBuilderBase::legendRows(float y) {
  return LegendRows(&scene_, measure_, pad(), scene_.width - pad(), y, style_.smallSize, 1.6f,
                    pal_.textDim);
}

void FigureBuilderBase::addLegendArrow(LegendRows& rows, Color color, float width, bool dashed,
                                       const std::string& label) {
  const float sample = 2 * rows.swatchSide();
  const LegendRows::Place at = rows.add(sample, label);
  const float mid = at.y + 0.5f * rows.swatchSide();
  addSceneArrow(scene_, at.x, mid, at.x + sample, mid, color, width, "legend-arrow").dashed =
      dashed;
}

void FigureBuilderBase::addWrittenSwatch(LegendRows& rows) {
  const LegendRows::Place at = rows.add(rows.swatchSide(), "written in this step");
  SceneRect& swatch = addSceneRect(scene_, at.x, at.y, rows.swatchSide(), rows.swatchSide(),
                                   pal_.writtenFill, "legend-swatch");
  swatch.stroke = pal_.cellStroke;
  swatch.strokeWidth = 1;
}

void FigureBuilderBase::addSymbolsLegend(LegendRows& rows) {
  rows.add(0, "xi..xj: the inputs xi to xj combined by the operator (" + t_.meta.op + ")");
}

}  // namespace scanviz
