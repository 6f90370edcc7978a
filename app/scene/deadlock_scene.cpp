#include "app/scene/deadlock_scene.h"

#include <algorithm>
#include <string>

#include "app/core/capture/capture.h"
#include "app/scene/scene_text.h"

namespace scanviz {
namespace {

enum class BlockState { Finished, Spinning, NotStarted };

class DeadlockBuilder {
 public:
  DeadlockBuilder(const DeadlockReport& r, float width, const ArraySceneStyle& style,
                  const ViewPalette& pal, const MeasureText& measure)
      : r_(r), width_(width), style_(style), pal_(pal), measure_(measure) {}

  Scene build() {
    pad_ = 0.6f * style_.labelSize;
    labelWidth_ = measure_("resident slots", style_.labelSize, false) + 1.5f * pad_;
    const float avail = std::max(1.0f, width_ - 2 * pad_ - labelWidth_);
    boxW_ = std::clamp(avail / static_cast<float>(std::max(1, r_.tiles)), 3.2f * style_.labelSize,
                       7.0f * style_.labelSize);
    boxH_ = 2.6f * style_.labelSize;
    float y = addTitle(pad_);
    y = addBlocks(y + 2.8f * style_.labelSize);
    y = addSlots(y + 1.6f * style_.labelSize);
    y = addCaption(y + 0.8f * style_.labelSize);
    scene_.width = std::max(width_, boxX(r_.tiles) + pad_);
    scene_.height = y + pad_;
    return std::move(scene_);
  }

 private:
  float boxX(int tile) const { return pad_ + labelWidth_ + static_cast<float>(tile) * boxW_; }
  float boxCentre(int tile) const { return boxX(tile) + 0.5f * boxW_; }

  BlockState stateOf(int tile) const {
    for (const DeadlockReport::Resident& b : r_.resident)
      if (b.tile == tile) return BlockState::Spinning;
    if (std::find(r_.finished.begin(), r_.finished.end(), tile) != r_.finished.end())
      return BlockState::Finished;
    return BlockState::NotStarted;
  }

  // "1st", "2nd", ... of the launch; empty for a block never launched.
  std::string launchedAs(int tile) const {
    for (int k = 0; k < r_.launched && k < static_cast<int>(r_.launchOrder.size()); ++k)
      if (r_.launchOrder[static_cast<size_t>(k)] == tile) {
        const int n = k + 1;
        const char* suffix = n % 10 == 1 && n != 11   ? "st"
                             : n % 10 == 2 && n != 12 ? "nd"
                             : n % 10 == 3 && n != 13 ? "rd"
                                                      : "th";
        return "launched " + std::to_string(n) + suffix;
      }
    return "not launched";
  }

  float addTitle(float y) {
    addSceneText(scene_, pad_, y, "Static block ids: a deadlock (PMPP 8.7)", pal_.text,
                 style_.titleSize, true, TextAlign::Left, "title");
    y += 1.35f * style_.titleSize;
    const std::string sub = std::to_string(r_.tiles) + " blocks, " + std::to_string(r_.slots) +
                            " resident at a time, " + r_.launchOrderName +
                            " launch order, blockIdx.x as the tile id  \xC2\xB7  scheduler round " +
                            std::to_string(r_.round) + ": no block advances";
    return addWrappedText(scene_, sub, pad_, y, width_ - 2 * pad_, style_.labelSize, false,
                          pal_.textDim, "subtitle", 1.35f, measure_);
  }

  float addBlocks(float y) {
    const float top = y;
    addSceneText(scene_, pad_, y + 0.5f * (boxH_ - style_.labelSize), "blocks (tiles)", pal_.text,
                 style_.labelSize, false, TextAlign::Left, "row-label");
    for (int tile = 0; tile < r_.tiles; ++tile) {
      const BlockState st = stateOf(tile);
      const float x = boxX(tile) + 0.06f * boxW_, w = 0.88f * boxW_;
      const Color fill = st == BlockState::Spinning   ? pal_.fail
                         : st == BlockState::Finished ? pal_.pass
                                                      : Color{0, 0, 0, 0};
      SceneRect& box = addSceneRect(scene_, x, top, w, boxH_, fill,
                                    st == BlockState::Spinning   ? "block-spinning"
                                    : st == BlockState::Finished ? "block-finished"
                                                                 : "block-not-started",
                                    tile);
      box.stroke = st == BlockState::NotStarted ? pal_.textDim : pal_.cellStroke;
      box.strokeWidth = st == BlockState::NotStarted ? 2.0f : 1.0f;
      box.rounding = 0.15f * style_.labelSize;
      // White on the red and green of both themes; a block never started is only outlined.
      const Color ink = st == BlockState::NotStarted ? pal_.textDim : Color{255, 255, 255, 255};
      addSceneText(scene_, x + 0.5f * w, top + 0.2f * style_.labelSize,
                   "block " + std::to_string(tile), ink, style_.labelSize, true, TextAlign::Center,
                   "block-name", tile);
      const std::string state = st == BlockState::Spinning   ? "spins"
                                : st == BlockState::Finished ? "done"
                                                             : "no slot";
      addSceneText(scene_, x + 0.5f * w, top + 0.3f * style_.labelSize + style_.labelSize, state,
                   ink, style_.smallSize, false, TextAlign::Center, "block-state", tile);
      addSceneText(scene_, x + 0.5f * w, top + boxH_ + 0.25f * style_.smallSize, launchedAs(tile),
                   pal_.textDim, style_.smallSize, false, TextAlign::Center, "block-launch", tile);
    }
    addWaitArrows(top);
    return top + boxH_ + 1.5f * style_.smallSize;
  }

  // Above the row: from each spinning block up, across and down into the block it waits on,
  // labelled with what it waits for. A waited-on block without a slot is the deadlock.
  void addWaitArrows(float top) {
    const float w = std::max(1.5f, 0.14f * style_.labelSize);
    for (const DeadlockReport::Resident& b : r_.resident) {
      if (b.waitsFor < 0 || b.waitsFor >= r_.tiles) continue;
      const float from = boxCentre(b.tile) - 0.15f * boxW_,
                  to = boxCentre(b.waitsFor) + 0.15f * boxW_;
      const float high = top - 1.2f * style_.labelSize;
      const Color c = stateOf(b.waitsFor) == BlockState::NotStarted ? pal_.fail : pal_.arrow;
      addSceneLine(scene_, from, top, from, high, c, w, "wait-arrow", b.tile);
      addSceneLine(scene_, from, high, to, high, c, w, "wait-arrow", b.tile);
      addSceneArrow(scene_, to, high, to, top, c, w, "wait-arrow-head", b.tile);
      addSceneText(scene_, 0.5f * (from + to), high - 1.2f * style_.smallSize,
                   "waits for block " + std::to_string(b.waitsFor), c, style_.smallSize, false,
                   TextAlign::Center, "wait-label", b.tile);
    }
  }

  float addSlots(float y) {
    const float h = 1.8f * style_.labelSize;
    addSceneText(scene_, pad_, y + 0.5f * (h - style_.labelSize), "resident slots", pal_.text,
                 style_.labelSize, false, TextAlign::Left, "row-label");
    for (const DeadlockReport::Resident& b : r_.resident) {
      // Each slot sits under the block it holds, with a line up to it.
      const float x = boxX(b.tile) + 0.06f * boxW_, w = 0.88f * boxW_;
      SceneRect& slot = addSceneRect(scene_, x, y, w, h, pal_.beforeFill, "slot", b.slot);
      slot.stroke = pal_.cellStroke;
      slot.strokeWidth = 1;
      addSceneText(scene_, x + 0.5f * w, y + 0.5f * (h - style_.smallSize),
                   "slot " + std::to_string(b.slot), pal_.beforeText, style_.smallSize, true,
                   TextAlign::Center, "slot-name", b.slot);
      addSceneLine(scene_, x + 0.5f * w, y, x + 0.5f * w, y - 1.2f * style_.labelSize + 2,
                   pal_.warpLine, 1.5f, "slot-line", b.slot);
    }
    return y + h;
  }

  float addCaption(float y) {
    int blocker = -1;
    for (const DeadlockReport::Resident& b : r_.resident)
      if (b.waitsFor >= 0 && stateOf(b.waitsFor) == BlockState::NotStarted &&
          (blocker < 0 || b.waitsFor < blocker))
        blocker = b.waitsFor;
    std::string text = "Every one of the " + std::to_string(r_.slots) +
                       " slots is held by a block spinning on its predecessor";
    if (blocker >= 0)
      text += "; block " + std::to_string(blocker) +
              " has not started and never gets a slot, so nothing finishes and no slot frees";
    text +=
        ". Tile ids taken from an atomic counter when a block starts (PMPP 8.7's dynamic "
        "block ids) make every awaited tile one that already runs.";
    return addWrappedText(scene_, text, pad_, y, width_ - 2 * pad_, style_.labelSize, false,
                          pal_.text, "caption", 1.35f, measure_);
  }

  const DeadlockReport& r_;
  float width_;
  const ArraySceneStyle& style_;
  const ViewPalette& pal_;
  const MeasureText& measure_;
  Scene scene_;
  float pad_ = 0, labelWidth_ = 0, boxW_ = 0, boxH_ = 0;
};

}  // namespace

std::optional<DeadlockReport> deadlockOf(const CaptureConfig& config) {
  if (!config.emulator.staticBlockIds) return std::nullopt;
  try {
    capture(toCaptureRequest(config));
  } catch (const DeadlockError& e) {
    return e.report;
  } catch (const std::exception&) {
    // Another problem is the capture's to report, in the banner or on the command line.
  }
  return std::nullopt;
}

Scene buildDeadlockScene(const DeadlockReport& report, float width, const ArraySceneStyle& style,
                         const ViewPalette& palette, const MeasureText& measure) {
  return DeadlockBuilder(report, width, style, palette, measure).build();
}

}  // namespace scanviz
