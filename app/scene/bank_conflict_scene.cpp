#include "app/scene/bank_conflict_scene.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "app/core/lesson/bank_accesses.h"
#include "app/scene/figure_parts.h"
#include "app/scene/scene_text.h"
#include "app/scene/slide_sizes.h"

namespace scanviz {
namespace {

Color mix(Color a, Color b, float t) {
  const auto m = [t](uint8_t x, uint8_t y) {
    return static_cast<uint8_t>(
        std::lround(static_cast<float>(x) + t * (static_cast<float>(y) - x)));
  };
  return Color{m(a.r, b.r), m(a.g, b.g), m(a.b, b.b), 255};
}

std::string wayText(int way) {
  return std::to_string(way) + "-way";
}

std::string replaysText(int replays) {
  return std::to_string(replays) + (replays == 1 ? " replay" : " replays");
}

// The step the figure shows for -1: the one whose accesses replay most in the kernel's layout.
int worstStep(const Trace& t) {
  int best = -1, most = -1;
  for (int k = 0; k < static_cast<int>(t.steps.size()); ++k) {
    if (!hasSharedAccesses(t.steps[static_cast<size_t>(k)])) continue;
    const int r = bankConflicts(t.steps[static_cast<size_t>(k)], t.meta.algorithm).extraCycles;
    if (r > most) {
      most = r;
      best = k;
    }
  }
  return best < 0 ? static_cast<int>(t.steps.size()) - 1 : best;
}

struct LayoutPanel {
  SharedLayout layout;
  std::string title;
  std::vector<BankAccess> accesses;
  BankConflicts total;
  float left = 0;  // the x of bank 0's column
};

class BankFigureBuilder : protected FigureBuilderBase {
 public:
  using FigureBuilderBase::FigureBuilderBase;

  Scene build() {
    sz_ = slideSizes(rq_.width, rq_.height, style_);
    step_ = rq_.step < 0 ? worstStep(t_) : std::clamp(rq_.step, 0, lastStep());
    const TraceStep& s = t_.steps[static_cast<size_t>(step_)];
    const SharedLayout own = sharedLayoutOf(t_.meta.algorithm);
    for (SharedLayout l : {SharedLayout::Plain, SharedLayout::Padded})
      panels_.push_back({l, panelTitle(l, own), bankAccesses(s, l), {}});
    for (LayoutPanel& p : panels_) p.total = summarizeBankAccesses(p.accesses);
    float y = addFigureTitle(scene_, t_, "Shared-memory banks", subtitle(s), sz_.margin, sz_.margin,
                             rq_.width - 2 * sz_.margin, sz_.text, pal_, measure_);
    layOutColumns();
    y = addPanelHeads(y + 0.5f * sz_.text.labelSize);
    if (panels_.front().accesses.empty()) {
      y = addWrappedText(scene_,
                         "This step makes no shared-memory accesses of the operator: step through "
                         "to one that applies it (the sweeps, the iterations).",
                         sz_.margin, y + sz_.text.labelSize, rq_.width - 2 * sz_.margin,
                         sz_.text.labelSize, false, pal_.textDim, "bank-none", 1.35f, measure_);
    } else {
      y = addBankAxis(y);
      y = addRows(y);
    }
    y = addLegend(y + 0.6f * sz_.text.labelSize);
    fitWidth(rq_.width - pad());
    // A slide: the whole height it was given, however little the step needs.
    return finish(std::max(y + sz_.margin, sz_.height) - pad());
  }

 private:
  int lastStep() const { return static_cast<int>(t_.steps.size()) - 1; }

  static std::string panelTitle(SharedLayout l, SharedLayout own) {
    std::string t = l == SharedLayout::Plain ? "XY[i] in slot i" : "padded: slot i + i/32";
    return t + (l == own ? "  (this kernel)" : "  (what padding does)");
  }

  std::string subtitle(const TraceStep& s) const {
    return "step " + std::to_string(step_) + ", " + s.label +
           ". A box is an address one warp access sends to a bank; n boxes in one bank are "
           "an n-way conflict: n\xE2\x88\x92"
           "1 replays, twice for XY[dst] (read, then written).";
  }

  // The row labels' column, then the panels side by side, each its 32 bank columns and the
  // column naming the row's worst way.
  void layOutColumns() {
    rowLabel_ = measure_("w00 dst", sz_.text.labelSize, false) + 0.6f * sz_.text.labelSize;
    wayW_ = measure_("8-way", sz_.text.labelSize, true) + 0.6f * sz_.text.labelSize;
    const float gap = sz_.text.labelSize;
    const float avail = rq_.width - 2 * sz_.margin - rowLabel_ - gap;
    const float panelW = avail / static_cast<float>(panels_.size());
    bankW_ = std::max(6.0f, (panelW - wayW_) / kSharedBanks);
    float x = sz_.margin + rowLabel_;
    for (LayoutPanel& p : panels_) {
      p.left = x;
      x += kSharedBanks * bankW_ + wayW_ + gap;
    }
  }

  float addPanelHeads(float y) {
    const float size = sz_.text.labelSize;
    for (size_t i = 0; i < panels_.size(); ++i) {
      const LayoutPanel& p = panels_[i];
      const int index = static_cast<int>(i);
      addSceneText(scene_, p.left, y, p.title, pal_.text, size, true, TextAlign::Left,
                   "bank-panel-title", index);
      const BankConflicts& b = p.total;
      const bool bad = b.conflicts > 0;
      const std::string total =
          !b.applies ? std::string("no accesses")
          : bad      ? "worst " + wayText(b.worstWay) + kDot + replaysText(b.extraCycles)
                     : std::string("conflict-free") + kDot + "0 replays";
      addSceneText(scene_, p.left, y + 1.3f * size, total, bad ? pal_.fail : pal_.pass, size, true,
                   TextAlign::Left, "bank-total", index);
    }
    return y + 2.7f * size;
  }

  float addBankAxis(float y) {
    const float size = sz_.text.smallSize;
    addSceneText(scene_, sz_.margin, y, "bank", pal_.textDim, size, false, TextAlign::Left,
                 "bank-axis-title");
    for (const LayoutPanel& p : panels_)
      for (int b : {0, 8, 16, 24, 31})
        addSceneText(scene_, p.left + (static_cast<float>(b) + 0.5f) * bankW_, y, std::to_string(b),
                     pal_.textDim, size, false, TextAlign::Center, "bank-number", b);
    return y + 1.4f * size;
  }

  // Boxes as tall as the slide leaves room for: every row's stack fits above the legend.
  float boxHeight(float top, int levels, int rows) const {
    const float legend = 4.0f * sz_.text.smallSize + sz_.margin;
    const float room = sz_.height - top - legend - static_cast<float>(rows) * rowGap();
    return std::clamp(room / static_cast<float>(std::max(1, levels)), 0.35f * sz_.text.smallSize,
                      1.4f * sz_.text.labelSize);
  }
  float rowGap() const { return 0.35f * sz_.text.labelSize; }

  float addRows(float y) {
    const std::vector<BankAccess>& rows = panels_.front().accesses;
    int levels = 0;
    for (size_t r = 0; r < rows.size(); ++r) levels += rowLevels(r);
    const float boxH = boxHeight(y, levels, static_cast<int>(rows.size()));
    numberSize_ = elementNumberSize(boxH);
    for (size_t r = 0; r < rows.size(); ++r) {
      const float h = static_cast<float>(rowLevels(r)) * boxH;
      addRow(r, y, h, boxH);
      y += h + rowGap();
    }
    return y;
  }

  int rowLevels(size_t r) const {
    int most = 1;
    for (const LayoutPanel& p : panels_) most = std::max(most, p.accesses[r].way());
    return most;
  }

  void addRow(size_t r, float y, float h, float boxH) {
    const BankAccess& head = panels_.front().accesses[r];
    const std::string label = "w" + std::to_string(head.warp) +
                              (head.destination ? " dst" : " src") +
                              (head.iteration > 0 ? " #" + std::to_string(head.iteration + 1) : "");
    addSceneText(scene_, sz_.margin, y + 0.5f * (h - sz_.text.labelSize), label, pal_.text,
                 sz_.text.labelSize, false, TextAlign::Left, "bank-row-label", static_cast<int>(r));
    for (const LayoutPanel& p : panels_) addStacks(p, r, y, h, boxH);
  }

  Color wayColor(int way) const {
    if (way <= 1) return pal_.cellFill;
    // 2-way the written cells' colour, 8-way and more the failure colour.
    const float t = std::clamp(std::log2(static_cast<float>(way)) / 3.0f, 0.0f, 1.0f);
    return mix(pal_.writtenFill, pal_.fail, (t - 1.0f / 3.0f) * 1.5f);
  }

  void addStacks(const LayoutPanel& p, size_t r, float y, float h, float boxH) {
    const BankAccess& a = p.accesses[r];
    SceneRect& band = addSceneRect(scene_, p.left, y, kSharedBanks * bankW_, h, pal_.paddingFill,
                                   "bank-row", static_cast<int>(r));
    band.fill.a = 90;
    for (int b = 0; b < kSharedBanks; ++b) {
      const std::vector<int>& elements = a.elements[static_cast<size_t>(b)];
      const int n = static_cast<int>(elements.size());
      for (int k = 0; k < n; ++k)
        addBox(p, b, elements[static_cast<size_t>(k)], n, y + h - static_cast<float>(k + 1) * boxH,
               boxH);
      if (n > 0) addStackTooltip(a, b, elements, p.left + static_cast<float>(b) * bankW_, y, h);
    }
    const int way = a.way();
    const bool bad = way > 1;
    addSceneText(scene_, p.left + kSharedBanks * bankW_ + 0.3f * sz_.text.labelSize,
                 y + 0.5f * (h - sz_.text.labelSize), bad ? wayText(way) : std::string(kTick),
                 bad ? pal_.fail : pal_.pass, sz_.text.labelSize, true, TextAlign::Left,
                 p.layout == SharedLayout::Plain ? "bank-way-plain" : "bank-way-padded",
                 static_cast<int>(r));
  }

  void addBox(const LayoutPanel& p, int bank, int element, int way, float y, float boxH) {
    const float inset = 0.08f * bankW_;
    SceneRect& box = addSceneRect(scene_, p.left + static_cast<float>(bank) * bankW_ + inset,
                                  y + 0.06f * boxH, bankW_ - 2 * inset, 0.88f * boxH, wayColor(way),
                                  way > 1 ? "bank-conflict" : "bank-address", element);
    box.stroke = pal_.cellStroke;
    box.strokeWidth = 1;
    if (numberSize_ > 0)
      addSceneText(scene_, box.x + 0.5f * box.w, box.y + 0.5f * (box.h - numberSize_),
                   std::to_string(element), way > 1 ? pal_.writtenText : pal_.text, numberSize_,
                   false, TextAlign::Center, "bank-element", element);
  }

  // One size for every box's element number, at which the longest fits; 0 (no numbers, the
  // tooltips keep them) when that is too small to read: every box numbered or none.
  float elementNumberSize(float boxH) const {
    const std::string widest = std::to_string(t_.steps[static_cast<size_t>(step_)].values.size());
    float size = std::min(0.62f * boxH, sz_.text.valueSize);
    const float room = 0.8f * bankW_;
    const float width = measure_(widest, size, false);
    if (width > room) size *= room / width;
    return size >= 14 ? size : 0;
  }

  void addStackTooltip(const BankAccess& a, int bank, const std::vector<int>& elements, float x,
                       float y, float h) {
    std::string list;
    for (int e : elements) list += (list.empty() ? "XY[" : ", XY[") + std::to_string(e) + "]";
    SceneText& tip = addSceneText(scene_, x, y, "", pal_.text, sz_.text.smallSize, false,
                                  TextAlign::Left, "bank-tooltip", bank);
    tip.tooltip = "warp " + std::to_string(a.warp) + (a.destination ? ", XY[dst]" : ", XY[src]") +
                  ", bank " + std::to_string(bank) + ": " + list +
                  (elements.size() > 1 ? "  (" + wayText(static_cast<int>(elements.size())) + ")"
                                       : std::string());
    tip.hoverX = x;
    tip.hoverY = y;
    tip.hoverW = bankW_;
    tip.hoverH = h;
  }

  float addLegend(float y) {
    LegendRows rows(&scene_, measure_, sz_.margin, rq_.width - sz_.margin, y, sz_.text.smallSize,
                    1.5f, pal_.text);
    for (int way : {1, 2, 4, 8}) {
      const LegendRows::Place at =
          rows.add(rows.swatchSide(), way == 1 ? "one address" : wayText(way));
      SceneRect& sw = addSceneRect(scene_, at.x, at.y, rows.swatchSide(), rows.swatchSide(),
                                   wayColor(way), "legend-swatch", way);
      sw.stroke = pal_.cellStroke;
      sw.strokeWidth = 1;
    }
    rows.add(0, "w0 src: warp 0 reads XY[src]; dst: reads and writes XY[dst]");
    return rows.bottom();
  }

  SlideSizes sz_;
  int step_ = 0;
  std::vector<LayoutPanel> panels_;
  float rowLabel_ = 0, wayW_ = 0, bankW_ = 0;
  float numberSize_ = 0;  // the boxes' element numbers; 0: none
};

}  // namespace

std::string bankFigureProblem(const Trace& t) {
  for (const TraceStep& s : t.steps)
    if (hasSharedAccesses(s)) return {};
  return "No step of this run applies the operator in shared memory (a warp-shuffle scan keeps "
         "its values in registers), so it has no bank conflicts to draw.";
}

Scene buildBankConflictScene(const FigureRequest& rq, const ArraySceneStyle& style,
                             const ViewPalette& palette, const MeasureText& measure) {
  if (!rq.trace || rq.trace->steps.empty() || !bankFigureProblem(*rq.trace).empty()) return {};
  return BankFigureBuilder(rq, style, palette, measure).build();
}

}  // namespace scanviz
