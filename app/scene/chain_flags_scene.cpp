#include "app/scene/chain_flags_scene.h"

#include <algorithm>
#include <string>

#include "app/core/trace/value_format.h"
#include "app/scene/scene_text.h"
#include "app/scene/slide_builder.h"

namespace scanviz {
namespace {

class ChainFlagsBuilder : SlideBuilder {
 public:
  ChainFlagsBuilder(const Trace& t, float width, float height, const ViewPalette& pal,
                    const MeasureText& measure, const ArraySceneStyle& ui)
      : SlideBuilder(width, height, pal, measure, ui), t_(t), c_(chainFlagsOf(t)) {}

  Scene build() {
    float y = addTitle(0.8f * pad_);
    const float bottom = h_ - 7.4f * label_;
    addLanes(y + 0.6f * label_, bottom);
    addCode(bottom + 0.3f * label_);
    return finish();
  }

 private:
  std::string sourceLine() const {
    const std::string shown = "tiles 0.." + std::to_string(c_.blocks.size() - 1) + " of " +
                              std::to_string(c_.totalBlocks);
    if (c_.unit == TimelineUnit::Rounds)
      return "CPU emulator, " + shown +
             ", time in scheduler rounds (a flag set in round r is seen from round r + 1)";
    return "GPU: " + t_.meta.device + ", " + shown + ", time in ns from the trace" +
           (c_.estimated ? " (the trace keeps each spin's length; where it lies is estimated)"
                         : "");
  }

  float addTitle(float y) {
    y = text(pad_, y, "Chained scan: flags and __threadfence() (PMPP 8.7)", title_, pal_.text, true,
             TextAlign::Left, "title");
    return text(pad_, y, sourceLine(), small_, pal_.textDim, false, TextAlign::Left, "source");
  }

  float timeX(double t) const {
    const double span = std::max(1e-9, c_.last - c_.first);
    return x0_ + static_cast<float>((t - c_.first) / span) * (x1_ - x0_);
  }

  void bar(double from, double to, float y, float h, Color fill, const std::string& role, int i,
           bool hatched = false) {
    const float a = timeX(from), b = timeX(to);
    if (b - a <= 0) return;
    SceneRect& r = addSceneRect(scene_, a, y, b - a, h, fill, role, i);
    r.stroke = pal_.cellStroke;
    r.strokeWidth = 1.5f * u_;
    r.hatched = hatched;
  }

  std::string value(double v) const { return formatValue(v, t_.meta.dtype); }

  void addLanes(float top, float bottom) {
    const float laneH = (bottom - top) / static_cast<float>(c_.blocks.size());
    x0_ = pad_ + measure_("block 00 ", label_, true);
    x1_ = w_ - pad_ - measure_("flag[0] = 1, sum 000000", small_, false);
    for (size_t i = 0; i < c_.blocks.size(); ++i) {
      const ChainFlagBlock& b = c_.blocks[i];
      const int k = b.tile;
      const float y = top + static_cast<float>(i) * laneH;
      const float barY = y + 0.45f * laneH, barH = 0.42f * laneH;
      text(pad_, barY + 0.5f * (barH - label_), "block " + std::to_string(k), label_, pal_.text,
           true, TextAlign::Left, "lane-label", k);
      bar(b.start, b.spinStart, barY, barH, pal_.cellFill, "scan", k);
      bar(b.spinStart, b.publish, barY, barH, pal_.threadWaiting, "spin", k, true);
      bar(b.publish, b.end, barY, barH, pal_.writtenFill, "store", k);
      const float spinW = timeX(b.publish) - timeX(b.spinStart);
      const std::string onFlag = "spins on flag[" + std::to_string(k - 1) + "]";
      const std::string spin = spinW > 1.1f * measure_(onFlag, small_, false) ? onFlag : "spin";
      if (k > 0 && spinW > 1.1f * measure_(spin, small_, false))
        text(0.5f * (timeX(b.spinStart) + timeX(b.publish)), barY + 0.5f * (barH - small_), spin,
             small_, pal_.background, false, TextAlign::Center, "spin-label", k);
      // The fence, then the flag: a thick tick and the words the block publishes.
      const float px = timeX(b.publish);
      addSceneLine(scene_, px, y + 0.08f * laneH, px, barY + barH, pal_.accent, 5 * u_, "fence", k);
      text(px + 0.3f * small_, y + 0.05f * laneH,
           "flag[" + std::to_string(k) + "] = 1" +
               (b.hasSum ? ", sum " + value(b.inclusive) : std::string()),
           small_, pal_.text, true, TextAlign::Left, "flag-label", k);
      if (b.seenBy >= 0) {
        const float nextBarY = barY + laneH;
        // From the flag's store to the moment the successor's spin ends on it.
        addSceneArrow(scene_, px, barY + barH, timeX(b.seenBy), nextBarY, pal_.arrow, 3 * u_,
                      "visible", k);
      }
    }
  }

  void addCode(float y) {
    const float size = label_;
    y = text(pad_, y,
             "block i:  scan tile  \xE2\x86\x92  spin while flag[i\xE2\x88\x92"
             "1] == 0  "
             "\xE2\x86\x92  sum[i] = sum[i\xE2\x88\x92"
             "1] + own;  __threadfence();  flag[i] = 1  "
             "\xE2\x86\x92  add sum[i\xE2\x88\x92"
             "1], store",
             small_, pal_.text, true, TextAlign::Left, "code");
    LegendRows rows(&scene_, measure_, pad_, w_ - pad_, y + 0.2f * size, small_, 1.5f, pal_.text);
    const auto swatch = [&](Color fill, bool hatched, const std::string& name) {
      const LegendRows::Place p = rows.add(rows.swatchSide(), name);
      SceneRect& r = addSceneRect(scene_, p.x, p.y, rows.swatchSide(), rows.swatchSide(), fill,
                                  "legend-swatch");
      r.stroke = pal_.cellStroke;
      r.strokeWidth = 1.5f * u_;
      r.hatched = hatched;
    };
    swatch(pal_.cellFill, false, "scan its tile");
    swatch(pal_.threadWaiting, true, "leader spins on the predecessor's flag");
    swatch(pal_.writtenFill, false, "add the received sum, store");
    const LegendRows::Place f = rows.add(rows.swatchSide(), "fence, then flag");
    addSceneLine(scene_, f.x + 0.5f * rows.swatchSide(), f.y, f.x + 0.5f * rows.swatchSide(),
                 f.y + rows.swatchSide(), pal_.accent, 5 * u_, "legend-fence");
    const LegendRows::Place a = rows.add(2 * rows.swatchSide(), "flag seen by the next block");
    addSceneArrow(scene_, a.x, a.y + 0.5f * rows.swatchSide(), a.x + 2 * rows.swatchSide(),
                  a.y + 0.5f * rows.swatchSide(), pal_.arrow, 3 * u_, "legend-arrow");
    addWrappedText(scene_,
                   "The fence orders the stores: a block that sees flag[i] = 1 also sees sum[i]. "
                   "Without it the flag can arrive first and the next block adds a stale sum.",
                   pad_, rows.bottom() + 0.3f * size, w_ - 2 * pad_, size, false, pal_.text,
                   "lesson", 1.3f, measure_);
  }

  const Trace& t_;
  ChainFlags c_;
  float x0_ = 0, x1_ = 0;
};

}  // namespace

Scene buildChainFlagsScene(const Trace& trace, float width, float height,
                           const ViewPalette& palette, const MeasureText& measure,
                           const ArraySceneStyle& ui) {
  if (!chainFlagsProblem(trace).empty()) return {};
  return ChainFlagsBuilder(trace, width, height, palette, measure, ui).build();
}

}  // namespace scanviz
