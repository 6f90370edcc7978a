#include "app/core/layouts/block_timeline.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <set>

namespace scanviz {
namespace {

// Blocks of one lane in start order, each on the lowest row that is free by its start: the
// interval partitioning that uses as many rows as blocks are resident at once.
void assignRows(std::vector<BlockSpan>& spans, const std::vector<size_t>& ofLane, SwimLane& lane) {
  std::vector<size_t> order = ofLane;
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    const BlockSpan& x = spans[a];
    const BlockSpan& y = spans[b];
    return x.start != y.start ? x.start < y.start : x.block < y.block;
  });
  std::vector<double> rowEnds;
  for (size_t i : order) {
    BlockSpan& s = spans[i];
    auto free =
        std::find_if(rowEnds.begin(), rowEnds.end(), [&](double e) { return e <= s.start; });
    if (free == rowEnds.end()) free = rowEnds.insert(rowEnds.end(), s.start);
    s.row = static_cast<int>(free - rowEnds.begin());
    *free = s.end;
  }
  lane.rows = std::max<int>(1, static_cast<int>(rowEnds.size()));
  lane.blocks = static_cast<int>(ofLane.size());
}

void addStatistics(const Trace& t, BlockTimeline& tl) {
  if (tl.spans.empty()) return;
  tl.start = tl.spans[0].start;
  tl.end = tl.spans[0].end;
  long long lookbacks = 0;
  for (const BlockSpan& s : tl.spans) {
    tl.start = std::min(tl.start, s.start);
    tl.end = std::max(tl.end, s.end);
    tl.blockTime += s.end - s.start;
    tl.waitTime += s.waitEnd - s.waitStart;
    const int lb = t.blocks[s.block].lookback;
    tl.maxLookback = std::max(tl.maxLookback, lb);
    lookbacks += lb;
  }
  tl.meanLookback = static_cast<double>(lookbacks) / static_cast<double>(tl.spans.size());
  std::set<int> sms;
  for (const TraceBlock& b : t.blocks) sms.insert(b.sm);
  tl.smCount = static_cast<int>(sms.size());
  tl.totalRows = std::accumulate(tl.lanes.begin(), tl.lanes.end(), 0,
                                 [](int sum, const SwimLane& l) { return sum + l.rows; });
}

}  // namespace

TimelineUnit timelineUnit(const TraceMeta& m) {
  return m.timeUnit == "round" ? TimelineUnit::Rounds : TimelineUnit::Nanoseconds;
}

void placeWait(const TraceBlock& b, TimelineUnit unit, BlockSpan& span) {
  const double start = static_cast<double>(b.startNs);
  const double end = std::max(start, static_cast<double>(b.endNs));
  const double wait = std::clamp(static_cast<double>(b.waitNs), 0.0, end - start);
  span.start = start;
  span.end = end;
  span.waitEstimated = unit == TimelineUnit::Nanoseconds;
  const double from = unit == TimelineUnit::Rounds ? start + 1 : start + 0.5 * (end - start - wait);
  span.waitStart = std::clamp(from, start, end - wait);
  span.waitEnd = span.waitStart + wait;
}

BlockTimeline buildBlockTimeline(const Trace& t, LaneGrouping grouping) {
  BlockTimeline tl;
  tl.unit = timelineUnit(t.meta);
  tl.grouping = grouping;
  // Keyed by SM, or by block id (ids are unique, so each block gets a lane).
  std::map<int, std::vector<size_t>> byKey;
  tl.spans.resize(t.blocks.size());
  for (size_t i = 0; i < t.blocks.size(); ++i) {
    tl.spans[i].block = i;
    placeWait(t.blocks[i], tl.unit, tl.spans[i]);
    byKey[grouping == LaneGrouping::BySm ? t.blocks[i].sm : t.blocks[i].id].push_back(i);
  }
  for (auto& [key, members] : byKey) {
    SwimLane lane;
    (grouping == LaneGrouping::BySm ? lane.sm : lane.block) = key;
    for (size_t i : members) tl.spans[i].lane = tl.lanes.size();
    assignRows(tl.spans, members, lane);
    tl.lanes.push_back(lane);
  }
  addStatistics(t, tl);
  return tl;
}

std::string laneLabel(const SwimLane& lane, TimelineUnit unit) {
  if (lane.block >= 0) return "block " + std::to_string(lane.block);
  if (lane.sm < 0) return "SM ?";
  return (unit == TimelineUnit::Rounds ? "slot " : "SM ") + std::to_string(lane.sm);
}

}  // namespace scanviz
