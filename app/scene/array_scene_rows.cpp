// The array view's rows under the cells: the threads (active, waiting, done) with their ids, the
// warps or blocks as brackets with their boundaries, and the bars where a segment starts.
#include "app/scene/array_scene_builder.h"

#include <algorithm>
#include <string>

#include "app/scene/scene_text.h"

namespace scanviz::array_scene {

// Label every k-th item (k a power of two) so that labels of `sample` width never collide.
int ArraySceneBuilder::labelStride(const std::string& sample, float size, float slot) const {
  const float w = measure_(sample, size, false) + 0.3f * size;
  int every = 1;
  while (every < (1 << 20) && static_cast<float>(every) * slot < w) every *= 2;
  return every;
}

// A bar in the accent colour on the left edge of every cell that starts a segment (but the
// first), through the rows of the step, so the segments read as groups of cells.
void ArraySceneBuilder::addSegmentBoundaries(float top, float bottom) {
  const std::vector<uint8_t>* starts = segmentStartsShown(t_, static_cast<size_t>(rq_.step));
  if (!starts || starts->size() != s_.values.size()) return;
  const float width = std::max(2.0f, std::min(0.18f * cw_, 0.25f * style_.labelSize));
  for (int i = 1; i < count(); ++i) {
    if (!(*starts)[static_cast<size_t>(i)] || !visible(cellX(i) - width, 2 * width)) continue;
    SceneLine l;
    l.x1 = l.x2 = cellX(i);
    l.y1 = top;
    l.y2 = bottom;
    l.color = pal_.accent;
    l.width = width;
    l.role = "segment-boundary";
    l.index = i;
    scene_.lines.push_back(l);
  }
}

// Thread t sits under the elements it owns: one each, or `perThread` consecutive ones.
int ArraySceneBuilder::elementsPerThread() const {
  const int threads = std::max(1, t_.meta.blockSize);
  return count() % threads == 0 && count() >= threads ? count() / threads : 1;
}

float ArraySceneBuilder::addThreadRow(float y) {
  const std::vector<ThreadState> states = threadStates(t_, rq_.step);
  if (states.empty()) return y;
  y += (windowed() ? 0.3f : 0.5f) * style_.labelSize;
  const int per = elementsPerThread();
  const float slot = static_cast<float>(per) * cw_;
  // Round markers while they are large enough to read; bars (one per thread) below that.
  const bool bars = slot < 8;
  const float d = bars ? 0.7f * style_.labelSize : std::min(0.95f * style_.labelSize, 0.7f * slot);
  const float rowH = std::max(d, style_.labelSize);
  addRowLabel("threads", y, rowH, pal_.textDim, "row-label");
  for (int t = 0; t < static_cast<int>(states.size()); ++t) {
    const float cx = cellX(t * per) + 0.5f * slot;
    if (!visible(cx - 0.5f * slot, slot)) continue;
    addThreadMarker(cx, y + 0.5f * (rowH - d), bars ? slot : d, d, states[static_cast<size_t>(t)],
                    t);
  }
  elidedRows_.push_back({y, rowH});
  // A focus window with a thread per cell: the index row above names the threads already.
  if (windowed() && per == 1) return y + rowH;
  y += rowH + 0.15f * style_.smallSize;
  const float idSize =
      std::max(style_.minTextSize,
               std::min(style_.smallSize, std::max(0.6f * slot, 0.8f * style_.smallSize)));
  const int every = labelStride(std::to_string(states.size()), idSize, slot);
  for (int t = 0; t < static_cast<int>(states.size()); t += every) {
    const float cx = cellX(t * per) + 0.5f * slot;
    if (visible(cx - 0.5f * slot, slot))
      addText(cx, y, std::to_string(t), pal_.textDim, idSize, false, TextAlign::Center, "thread-id",
              t);
  }
  return y + 1.2f * idSize;
}

void ArraySceneBuilder::addThreadMarker(float cx, float y, float w, float h, ThreadState state,
                                        int t) {
  SceneRect r{
      .x = cx - 0.5f * w, .y = y, .w = w, .h = h, .rounding = w == h ? 0.5f * w : 0, .index = t};
  switch (state) {
    case ThreadState::Active:
      r.fill = pal_.threadActive;
      r.role = "thread-active";
      break;
    case ThreadState::Waiting:
      r.stroke = pal_.threadWaiting;
      r.strokeWidth = std::clamp(0.12f * h, 1.0f, std::max(1.0f, 0.3f * w));
      r.role = "thread-waiting";
      break;
    case ThreadState::Done:
      r.fill = pal_.threadDone;
      r.role = "thread-done";
      break;
  }
  scene_.rects.push_back(r);
}

void ArraySceneBuilder::addBoundary(float x, float top, float bottom, bool block) {
  if (!visible(x, 1)) return;
  SceneLine l;
  l.x1 = l.x2 = x;
  l.y1 = top;
  l.y2 = bottom;
  l.color = block ? pal_.blockLine : pal_.warpLine;
  l.width =
      block ? std::max(2.0f, 0.14f * style_.labelSize) : std::max(1.0f, 0.08f * style_.labelSize);
  l.dashed = !block;
  l.role = block ? "block-boundary" : "warp-boundary";
  scene_.lines.push_back(l);
}

// A bracket under a range of columns with its name ("warp 1", "block 3").
void ArraySceneBuilder::addBracket(float left, float right, float y, const std::string& label,
                                   const std::string& role, int index) {
  if (!visible(left, right - left)) return;
  if (windowed()) {  // the part of it over the shown columns
    left = std::max(left, windowLeft());
    right = std::min(right, windowRight());
  }
  const float inset = 0.1f * cw_;
  SceneLine l;
  l.x1 = left + inset;
  l.x2 = right - inset;
  l.y1 = l.y2 = y;
  l.color = pal_.warpLine;
  l.width = std::max(1.0f, 0.08f * style_.labelSize);
  l.role = role + "-bracket";
  l.index = index;
  scene_.lines.push_back(l);
  if (measure_(label, style_.smallSize, false) < right - left)
    addText(0.5f * (left + right), y + 0.25f * style_.smallSize, label, pal_.textDim,
            style_.smallSize, false, TextAlign::Center, role + "-label", index);
}

float ArraySceneBuilder::addWarpOrBlockRow(float y) {
  y += 0.35f * style_.labelSize;
  if (sectionStep()) {
    addRowLabel("warps", y - 0.1f * style_.labelSize, style_.smallSize * 1.4f, pal_.textDim,
                "row-label");
    addWarps(y);
  } else {
    addRowLabel("blocks", y - 0.1f * style_.labelSize, style_.smallSize * 1.4f, pal_.textDim,
                "row-label");
    addBlocks(y);
  }
  return y + (windowed() ? 1.35f : 1.6f) * style_.smallSize;
}

void ArraySceneBuilder::addWarps(float y) {
  const int threads = std::max(1, t_.meta.blockSize);
  const int per = elementsPerThread();
  const int warps = (threads + kWarp - 1) / kWarp;
  const float linesTop = before_ ? afterTop_ - 0.3f * style_.labelSize : rowsTop_;
  for (int w = 0; w < warps; ++w) {
    const int first = w * kWarp;
    const int last = std::min(threads, first + kWarp);
    const float left = cellX(first * per);
    const float right = cellX(last * per);
    std::string label = "warp " + std::to_string(w);
    if (threads < kWarp) label += ": " + std::to_string(threads) + " of 32 lanes in use";
    addBracket(left, right, y, label, "warp", w);
    if (w > 0) addBoundary(left, linesTop, y, false);
  }
}

void ArraySceneBuilder::addBlocks(float y) {
  const int section = std::max(1, t_.meta.sectionSize);
  const long long first = s_.offset / section;
  const long long last = (s_.offset + count() - 1) / section;
  const float linesTop = before_ ? afterTop_ - 0.3f * style_.labelSize : rowsTop_;
  for (long long b = first; b <= last; ++b) {
    const long long start = std::max<long long>(b * section, s_.offset) - s_.offset;
    const long long end = std::min<long long>((b + 1) * section - s_.offset, count());
    const float left = cellX(static_cast<int>(start));
    addBracket(left, cellX(static_cast<int>(end)), y, "block " + std::to_string(b), "block",
               static_cast<int>(b));
    if (b > first) addBoundary(left, linesTop, y, true);
  }
}

}  // namespace scanviz::array_scene
