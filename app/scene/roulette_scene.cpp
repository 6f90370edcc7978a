#include "app/scene/roulette_scene.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "app/scene/scene_text.h"
#include "app/scene/slide_builder.h"

namespace scanviz {
namespace {

std::string percent(long long part, long long whole) {
  char buf[32];
  const double p = whole > 0 ? 100.0 * static_cast<double>(part) / static_cast<double>(whole) : 0;
  std::snprintf(buf, sizeof buf, p > 0 && p < 0.1 ? "%.2f %%" : "%.1f %%", p);
  return buf;
}

class RouletteBuilder : SlideBuilder {
 public:
  RouletteBuilder(const std::vector<RouletteResult>& sizes, size_t shown, float width, float height,
                  const ViewPalette& pal, const MeasureText& measure, const ArraySceneStyle& ui)
      : SlideBuilder(width, height, pal, measure, ui), sizes_(sizes), r_(sizes[shown]) {}

  Scene build() {
    float y = addTitle(0.8f * pad_);
    const float middleTop = y + 0.8f * label_;
    const float stripTop = h_ - 12.5f * label_;
    addHistogram(pad_, middleTop, 0.58f * w_, stripTop - 1.2f * label_);
    addSummary(0.63f * w_, middleTop, w_ - pad_);
    addFailingRun(stripTop);
    addLesson(h_ - 2.6f * label_);
    return finish();
  }

 private:
  float addTitle(float y) {
    y = text(
        pad_, y,
        "Race roulette: the one-barrier Kogge-Stone, block size " + std::to_string(r_.rq.blockSize),
        title_, pal_.text, true, TextAlign::Left, "title");
    return text(pad_, y, rouletteSourceLine(r_), small_, pal_.textDim, false, TextAlign::Left,
                "source");
  }

  // Bars of runs by their first wrong cell; the right runs first, in the pass colour.
  void addHistogram(float x0, float top, float x1, float bottom) {
    text(x0, top, "runs by their first wrong cell (" + std::to_string(r_.runs.size()) + " runs)",
         label_, pal_.text, true, TextAlign::Left, "histogram-title");
    const float axisY = bottom - 1.4f * label_;
    const float barTop = top + 3.0f * label_;
    const float left = x0 + 1.5f * label_;
    int most = 1;
    for (const RouletteBin& b : r_.bins) most = std::max(most, b.runs);
    const float slot = (x1 - left) / static_cast<float>(r_.bins.size());
    const float barW = std::min(0.78f * slot, 160 * u_);
    float lastLabelEnd = -1e9f;
    for (size_t i = 0; i < r_.bins.size(); ++i) {
      const RouletteBin& b = r_.bins[i];
      const float cx = left + (static_cast<float>(i) + 0.5f) * slot;
      const float hgt = (axisY - barTop) * static_cast<float>(b.runs) / static_cast<float>(most);
      const Color fill = b.cell < 0 ? pal_.pass : pal_.fail;
      addSceneRect(scene_, cx - 0.5f * barW, axisY - hgt, barW, hgt, fill, "roulette-bar", b.cell);
      if (b.runs > 0 && slot > 0.9f * measure_(std::to_string(b.runs), small_, false))
        text(cx, axisY - hgt - 1.2f * small_, std::to_string(b.runs), small_, pal_.text, false,
             TextAlign::Center, "roulette-count", b.cell);
      const std::string name = b.cell < 0 ? "right" : std::to_string(b.cell);
      const float half = 0.5f * measure_(name, small_, false);
      if (cx - half > lastLabelEnd + 0.4f * small_ || b.cell < 0) {
        text(cx, axisY + 0.3f * small_, name, small_, b.cell < 0 ? pal_.pass : pal_.text,
             b.cell < 0, TextAlign::Center, "roulette-cell", b.cell);
        lastLabelEnd = cx + half;
      }
    }
    addSceneLine(scene_, left, axisY, x1, axisY, pal_.textDim, 2 * u_, "axis");
  }

  // The shares: sections and runs at the shown size, then the wrong sections at every size.
  void addSummary(float x0, float y, float x1) {
    const long long wrong = r_.wrongSections(), total = r_.totalSections();
    y = text(x0, y, "wrong sections: " + std::to_string(wrong) + " of " + std::to_string(total),
             label_, pal_.text, true, TextAlign::Left, "wrong-sections");
    y = text(x0, y, percent(wrong, total) + " of the sections", title_, pal_.fail, true,
             TextAlign::Left, "wrong-share");
    const int right = static_cast<int>(r_.runs.size()) - r_.wrongRuns();
    y = text(x0, y + 0.2f * label_,
             std::to_string(right) + " of " + std::to_string(r_.runs.size()) +
                 " runs right in every section",
             label_, right > 0 ? pal_.pass : pal_.text, false, TextAlign::Left, "right-runs");
    y += 0.9f * label_;
    y = text(x0, y, "wrong sections by block size", label_, pal_.text, true, TextAlign::Left,
             "sizes-title");
    const float barX = x0 + measure_("1024 threads ", label_, false);
    const float barMax = x1 - barX - measure_(" 100.0 %", label_, false);
    for (size_t i = 0; i < sizes_.size(); ++i) {
      const RouletteResult& s = sizes_[i];
      const bool isShown = &s == &r_;
      const double share = s.totalSections() > 0 ? static_cast<double>(s.wrongSections()) /
                                                       static_cast<double>(s.totalSections())
                                                 : 0;
      text(x0, y, std::to_string(s.rq.blockSize) + " threads", label_, pal_.text, isShown,
           TextAlign::Left, "size-label", s.rq.blockSize);
      const float bw = std::max(2 * u_, barMax * static_cast<float>(share));
      addSceneRect(scene_, barX, y + 0.15f * label_, bw, 0.9f * label_, pal_.fail, "size-bar",
                   s.rq.blockSize);
      y = text(barX + bw + 0.3f * label_, y, percent(s.wrongSections(), s.totalSections()), label_,
               pal_.text, isShown, TextAlign::Left, "size-share", s.rq.blockSize);
      y += 0.15f * label_;
    }
  }

  // One failing run: expected and got around its first wrong cell.
  void addFailingRun(float y) {
    if (r_.shownRun < 0) {
      text(pad_, y,
           "No run was wrong: " + std::to_string(r_.runs.size()) +
               " schedules passed, which still proves nothing about the next one.",
           label_, pal_.text, true, TextAlign::Left, "failing-run");
      return;
    }
    const RouletteRun& run = r_.runs[static_cast<size_t>(r_.shownRun)];
    const long long section = run.firstWrongCell / r_.rq.blockSize;
    const long long cell = run.firstWrongCell % r_.rq.blockSize;
    const std::string which =
        r_.source == RouletteSource::Emulator
            ? "Run " + std::to_string(r_.shownRun + 1) + " (seed " + std::to_string(run.seed) + ")"
            : "Launch " + std::to_string(r_.shownRun + 1);
    y = text(pad_, y,
             which + ", the first wrong one: section " + std::to_string(section) + ", cell " +
                 std::to_string(cell) + " holds " + std::to_string(run.got) +
                 " where the scan gives " + std::to_string(run.expected),
             label_, pal_.text, true, TextAlign::Left, "failing-run");
    y += 0.5f * label_;
    const float rowLabel = measure_("expected", label_, true) + label_;
    const size_t n = r_.shown.expected.size();
    const float cw = std::min(150 * u_, (w_ - 2 * pad_ - rowLabel) / static_cast<float>(n));
    const float ch = 1.9f * label_;
    const float x0 = pad_ + rowLabel;
    for (size_t k = 0; k < n; ++k) {
      const long long c = (r_.shown.firstCell + static_cast<long long>(k)) % r_.rq.blockSize;
      text(x0 + (static_cast<float>(k) + 0.5f) * cw, y, "cell " + std::to_string(c), small_,
           pal_.textDim, false, TextAlign::Center, "strip-index", static_cast<int>(c));
    }
    y += 1.3f * small_;
    addRow(y, x0, cw, ch, "expected", r_.shown.expected, false);
    addRow(y + ch, x0, cw, ch, "got", r_.shown.got, true);
  }

  void addRow(float y, float x0, float cw, float ch, const std::string& name,
              const std::vector<int32_t>& values, bool got) {
    text(pad_, y + 0.5f * (ch - label_), name, label_, pal_.text, true, TextAlign::Left,
         "strip-label");
    for (size_t k = 0; k < values.size(); ++k) {
      const bool wrong = got && values[k] != r_.shown.expected[k];
      const int c =
          static_cast<int>((r_.shown.firstCell + static_cast<long long>(k)) % r_.rq.blockSize);
      SceneRect& cell = addSceneRect(scene_, x0 + static_cast<float>(k) * cw, y, cw, ch,
                                     wrong ? pal_.fail : pal_.cellFill,
                                     got ? (wrong ? "got-wrong" : "got") : "expected", c);
      cell.stroke = pal_.cellStroke;
      cell.strokeWidth = 2 * u_;
      text(x0 + (static_cast<float>(k) + 0.5f) * cw, y + 0.5f * (ch - label_),
           std::to_string(values[k]), label_, wrong ? pal_.background : pal_.text, wrong,
           TextAlign::Center, got ? "got-value" : "expected-value", c);
    }
  }

  void addLesson(float y) {
    addWrappedText(scene_,
                   "\xE2\x80\x9CIt passed once\xE2\x80\x9D proves nothing: every run is one "
                   "schedule. The fix reads, waits at a barrier, then writes (kogge_stone.h).",
                   pad_, y, w_ - 2 * pad_, label_, false, pal_.text, "lesson", 1.3f, measure_);
  }

  const std::vector<RouletteResult>& sizes_;
  const RouletteResult& r_;
};

}  // namespace

Scene buildRouletteScene(const std::vector<RouletteResult>& sizes, size_t shown, float width,
                         float height, const ViewPalette& palette, const MeasureText& measure,
                         const ArraySceneStyle& ui) {
  if (shown >= sizes.size()) return {};
  return RouletteBuilder(sizes, shown, width, height, palette, measure, ui).build();
}

std::string rouletteProblem(const Trace& t) {
  if (t.meta.algorithm == "kogge-stone-one-barrier") return {};
  return "the race roulette is the one-barrier Kogge-Stone's (seeds 000 and 002): open it with "
         "--algorithm kogge-stone-one-barrier";
}

int rouletteBlockSizeOf(int b) {
  return b >= 32 && b <= 1024 && (b & (b - 1)) == 0 ? b : 64;
}

}  // namespace scanviz
