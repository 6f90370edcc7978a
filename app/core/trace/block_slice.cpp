#include "app/core/trace/block_slice.h"

#include <algorithm>

#include "app/core/playback/thread_states.h"
#include "kernels/scan_types.h"

namespace scanviz {
namespace {

std::vector<double> decodeRange(const Trace& t, const std::vector<uint32_t>& bits, size_t first,
                                size_t count) {
  std::vector<double> v(count);
  for (size_t i = 0; i < count; ++i) v[i] = decodeValueBits(bits[first + i], t.meta.dtype);
  return v;
}

// The step without its whole-array row: the slice does not need it, and copying it would copy
// every element of the array for each step. Every other field is kept, the v3 rows included.
TraceStep withoutWholeRow(const TraceStep& s) {
  TraceStep c{.label = s.label,
              .phase = s.phase,
              .kind = s.kind,
              .param = s.param,
              .block = s.block,
              .level = s.level,
              .array = s.array,
              .offset = s.offset,
              .values = s.values,
              .active = s.active,
              .edges = s.edges,
              .moves = s.moves,
              .edgeThreads = s.edgeThreads,
              .moveThreads = s.moveThreads,
              .ops = s.ops,
              .warpClock = s.warpClock,
              .flags = s.flags,
              .second = s.second};
  return c;
}

// Tile 0 of a single-pass scan adds no prefix; every later tile adds it to all of its elements,
// thread t to elements t, t + threads, ... (tile_common.h). The step moves nothing.
void applyTilePrefixRule(TraceStep& s, int block, int threads) {
  std::vector<StepArrow> edges;
  const int width = block == 0 ? 0 : static_cast<int>(s.values.size());
  for (int i = 0; i < width; ++i) edges.push_back({i % std::max(1, threads), i, -1});
  setStepArrows(s, edges, {});
  s.ops = width;
}

}  // namespace

int blockOfElement(const Trace& t, long long element) {
  if (t.meta.sectionSize <= 0) return 0;
  const long long last = std::max(0, t.meta.blocksTotal - 1);
  return static_cast<int>(std::clamp(element / t.meta.sectionSize, 0ll, last));
}

Trace blockSlice(const Trace& t, int block) {
  Trace slice{.version = t.version,
              .meta = t.meta,
              .input = t.input,
              .output = t.output,
              .blocks = t.blocks,
              .counters = t.counters};
  const auto width = static_cast<size_t>(std::max(0, t.meta.sectionSize));
  const size_t first = static_cast<size_t>(std::max(0, block)) * width;
  bool covered = hasWholeArrayRows(t);
  for (const TraceStep& s : t.steps)
    if (!s.wholeBits.empty() && isSectionStep(s) && s.wholeBits.size() < first + width)
      covered = false;
  if (covered) slice.meta.recordedBlock = block;
  slice.steps.reserve(t.steps.size());
  for (const TraceStep& s : t.steps) {
    TraceStep c = withoutWholeRow(s);
    if (covered && !s.wholeBits.empty()) {
      c.warpClock.clear();
      // The recorded flags and second array are the recorded block's: another block's are not in
      // the trace, and showing the recorded block's segments over its values would be wrong.
      if (block != t.meta.recordedBlock) {
        c.flags.clear();
        c.second.clear();
      }
      if (isSectionStep(s)) {
        c.values = decodeRange(t, s.wholeBits, first, width);
        c.block = block;
        if (s.kind == static_cast<int>(StepKind::TilePrefix))
          applyTilePrefixRule(c, block, t.meta.blockSize);
      } else {
        const size_t count =
            std::min(width, s.wholeBits.size() - std::min(first, s.wholeBits.size()));
        c.values = decodeRange(t, s.wholeBits, first, count);
        c.offset = static_cast<int>(first);
      }
    }
    slice.steps.push_back(std::move(c));
  }
  return slice;
}

}  // namespace scanviz
