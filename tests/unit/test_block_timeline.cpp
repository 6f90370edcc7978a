// The grid-level block timeline: lanes per SM with rows for blocks resident at once, where the
// wait lies (rounds: exact; ns: estimated), bar extents in pixels, axis ticks in ns, µs and
// rounds, zoom and pan limits, culling, hit tests; the H200 chained-scan capture and the
// emulator's resident slots.
#include <gtest/gtest.h>

#include <filesystem>
#include <set>

#include "app/core/capture/capture.h"
#include "app/core/capture/sample_traces.h"
#include "app/core/layouts/block_timeline.h"
#include "app/core/layouts/timeline_layout.h"
#include "app/core/trace/trace_json.h"

namespace scanviz {
namespace {

TraceBlock block(int id, int sm, int64_t start, int64_t wait, int64_t end, int lookback = 0) {
  TraceBlock b{
      .id = id, .sm = sm, .startNs = start, .waitNs = wait, .endNs = end, .lookback = lookback};
  return b;
}

// Two blocks at once on SM 3, one after them on SM 3, one on SM 7.
Trace smallGrid(const std::string& unit = "ns") {
  Trace t;
  t.meta.timeUnit = unit;
  t.blocks = {block(0, 3, 0, 0, 400), block(1, 3, 100, 200, 600, 1), block(2, 7, 50, 0, 300),
              block(3, 3, 450, 0, 900, 3)};
  return t;
}

TimelineGeometry geometry() {
  TimelineGeometry g{.plotLeft = 100,
                     .plotRight = 1100,
                     .lanesTop = 50,
                     .visibleTop = 0,
                     .visibleBottom = 1000,
                     .rowHeight = 10,
                     .laneGap = 4,
                     .maxTicks = 5};
  return g;
}

TEST(BlockTimeline, LanesPerSmWithARowPerResidentBlock) {
  const BlockTimeline tl = buildBlockTimeline(smallGrid());
  ASSERT_EQ(tl.lanes.size(), 2u);
  EXPECT_EQ(tl.lanes[0].sm, 3);
  EXPECT_EQ(tl.lanes[0].rows, 2);
  EXPECT_EQ(tl.lanes[0].blocks, 3);
  EXPECT_EQ(tl.lanes[1].sm, 7);
  EXPECT_EQ(tl.lanes[1].rows, 1);
  EXPECT_EQ(tl.totalRows, 3);
  EXPECT_EQ(tl.smCount, 2);
  EXPECT_EQ(tl.spans[0].row, 0);
  EXPECT_EQ(tl.spans[1].row, 1);
  EXPECT_EQ(tl.spans[3].row, 0) << "block 3 starts after block 0 ended: it reuses row 0";
  EXPECT_EQ(tl.spans[2].lane, 1u);
  EXPECT_EQ(tl.start, 0);
  EXPECT_EQ(tl.end, 900);
  EXPECT_EQ(tl.waitTime, 200);
  EXPECT_EQ(tl.blockTime, 400 + 500 + 250 + 450);
  EXPECT_EQ(tl.maxLookback, 3);
  EXPECT_DOUBLE_EQ(tl.meanLookback, 1.0);
  EXPECT_EQ(laneLabel(tl.lanes[0], tl.unit), "SM 3");
}

TEST(BlockTimeline, ByBlockGivesEveryBlockALaneInIdOrder) {
  Trace t = smallGrid();
  std::swap(t.blocks[0], t.blocks[3]);  // lanes follow ids, not the order of the records
  const BlockTimeline tl = buildBlockTimeline(t, LaneGrouping::ByBlock);
  ASSERT_EQ(tl.lanes.size(), 4u);
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(tl.lanes[static_cast<size_t>(i)].block, i);
    EXPECT_EQ(tl.lanes[static_cast<size_t>(i)].rows, 1);
  }
  EXPECT_EQ(tl.spans[0].lane, 3u) << "the record of block 3 is in lane 3";
  EXPECT_EQ(tl.totalRows, 4);
  EXPECT_EQ(tl.smCount, 2);
  EXPECT_EQ(laneLabel(tl.lanes[2], tl.unit), "block 2");
}

TEST(BlockTimeline, NanosecondWaitSitsBetweenScanAndFinish) {
  const BlockTimeline tl = buildBlockTimeline(smallGrid());
  const BlockSpan& s = tl.spans[1];  // 100 .. 600, waited 200: 300 ns of work split evenly
  EXPECT_TRUE(s.waitEstimated);
  EXPECT_EQ(s.waitStart, 250);
  EXPECT_EQ(s.waitEnd, 450);
  EXPECT_EQ(tl.spans[0].waitEnd, tl.spans[0].waitStart) << "no wait, no wait portion";
}

TEST(BlockTimeline, RoundWaitFollowsTheEmulatorsScheduler) {
  Trace t;
  t.meta.timeUnit = "round";
  t.blocks = {block(0, 0, 2, 3, 7), block(1, 1, 0, 0, 3), block(2, 0, 7, 50, 9)};
  const BlockTimeline tl = buildBlockTimeline(t);
  EXPECT_EQ(tl.unit, TimelineUnit::Rounds);
  EXPECT_FALSE(tl.spans[0].waitEstimated);
  EXPECT_EQ(tl.spans[0].waitStart, 3);  // scanned in round 2, polled from round 3
  EXPECT_EQ(tl.spans[0].waitEnd, 6);
  EXPECT_EQ(tl.spans[2].waitEnd, 9) << "a wait longer than the block is clamped to it";
  EXPECT_EQ(laneLabel(tl.lanes[0], tl.unit), "slot 0");
}

TEST(TimelineLayout, BarExtentsAndWaitPortionInPixels) {
  const BlockTimeline tl = buildBlockTimeline(smallGrid());
  const TimelineLayout l = layoutTimeline(tl, TimelineView{0, 1000}, geometry());
  ASSERT_EQ(l.lanes.size(), 2u);
  EXPECT_EQ(l.lanes[0].y, 50);
  EXPECT_EQ(l.lanes[0].height, 20);
  EXPECT_EQ(l.lanes[1].y, 74);
  ASSERT_EQ(l.bars.size(), 4u);
  const BarBox& b = l.bars[1];
  EXPECT_FLOAT_EQ(b.x0, 200);
  EXPECT_FLOAT_EQ(b.x1, 700);
  EXPECT_FLOAT_EQ(b.y, 60);  // row 1 of SM 3's lane
  EXPECT_FLOAT_EQ(b.height, 10);
  ASSERT_TRUE(b.hasWait());
  EXPECT_FLOAT_EQ(b.waitX0, 350);
  EXPECT_FLOAT_EQ(b.waitX1, 550);
  EXPECT_FALSE(l.bars[0].hasWait());
  EXPECT_FLOAT_EQ(l.bars[2].y, 74);
  EXPECT_FLOAT_EQ(l.contentHeight, 20 + 4 + 10 + 4);
}

TEST(TimelineLayout, ZoomedViewClipsAndCullsBars) {
  const BlockTimeline tl = buildBlockTimeline(smallGrid());
  const TimelineLayout l = layoutTimeline(tl, TimelineView{500, 1000}, geometry());
  std::set<size_t> shown;
  for (const BarBox& b : l.bars) shown.insert(b.span);
  EXPECT_EQ(shown, (std::set<size_t>{1, 3})) << "blocks 0 and 2 ended before 500";
  EXPECT_FLOAT_EQ(l.bars[0].x0, 100) << "clipped at the plot's left edge";
  EXPECT_FALSE(l.bars[0].hasWait()) << "block 1's wait ended at 450";
}

TEST(TimelineLayout, ScrolledLanesOutsideTheViewAreLeftOut) {
  const BlockTimeline tl = buildBlockTimeline(smallGrid());
  TimelineGeometry g = geometry();
  g.visibleTop = 50;
  g.visibleBottom = 70;
  g.scroll = 0;
  const TimelineLayout l = layoutTimeline(tl, TimelineView{0, 1000}, g);
  ASSERT_EQ(l.lanes.size(), 1u);
  EXPECT_EQ(l.bars.size(), 3u);
  g.scroll = 24;  // SM 7's lane moves up to y = 50
  const TimelineLayout s = layoutTimeline(tl, TimelineView{0, 1000}, g);
  ASSERT_EQ(s.lanes.back().lane, 1u);
  EXPECT_FLOAT_EQ(s.lanes.back().y, 50);
}

TEST(TimelineLayout, TicksInNanosecondsMicrosecondsAndRounds) {
  const BlockTimeline ns = buildBlockTimeline(smallGrid());
  TimelineGeometry g = geometry();
  const std::vector<AxisTick> t = timeTicks(ns, TimelineView{0, 1000}, g);
  ASSERT_EQ(t.size(), 6u);
  EXPECT_EQ(t[0].label, "0");
  EXPECT_EQ(t[1].label, "200");
  EXPECT_FLOAT_EQ(t[1].x, 300);
  EXPECT_EQ(axisUnit(ns.unit, 1000).name, "ns");
  const std::vector<AxisTick> us = timeTicks(ns, TimelineView{0, 50000}, g);
  EXPECT_EQ(axisUnit(ns.unit, 50000).name, "\xC2\xB5s");
  ASSERT_GE(us.size(), 2u);
  EXPECT_EQ(us[1].label, "10");
  EXPECT_EQ(us[1].value, 10000);
  EXPECT_EQ(axisUnit(ns.unit, 2e7).name, "ms");
  const BlockTimeline rounds = buildBlockTimeline(smallGrid("round"));
  g.maxTicks = 20;
  const std::vector<AxisTick> r = timeTicks(rounds, TimelineView{0, 6}, g);
  EXPECT_EQ(axisUnit(rounds.unit, 6).name, "rounds");
  ASSERT_EQ(r.size(), 7u) << "whole rounds only, never 0.5";
  EXPECT_EQ(r[3].label, "3");
}

TEST(TimelineLayout, ZoomAndPanStayInsideTheRun) {
  const BlockTimeline tl = buildBlockTimeline(smallGrid());
  const TimelineView full = fullView(tl);
  EXPECT_LT(full.start, 0);
  EXPECT_GT(full.end, 900);
  const TimelineView z = zoomView(full, 450, 4, tl);
  EXPECT_NEAR(z.span(), full.span() / 4, 1e-9);
  EXPECT_NEAR((450 - z.start) / z.span(), (450 - full.start) / full.span(), 1e-9)
      << "the anchor stays where it was on screen";
  EXPECT_NEAR(zoomView(full, 450, 1e9, tl).span(), 20, 1e-9) << "never narrower than 20 ns";
  EXPECT_NEAR(zoomView(z, 450, 0.01, tl).span(), full.span(), 1e-9);
  const TimelineView p = panView(z, 1e6, tl);
  EXPECT_NEAR(p.end, full.end, 1e-9);
  EXPECT_NEAR(p.span(), z.span(), 1e-9);
}

TEST(TimelineLayout, HitTestFindsTheBarUnderThePointer) {
  const BlockTimeline tl = buildBlockTimeline(smallGrid());
  const TimelineLayout l = layoutTimeline(tl, TimelineView{0, 1000}, geometry());
  const int hit = barAt(l, 400, 65);
  ASSERT_GE(hit, 0);
  EXPECT_EQ(l.bars[static_cast<size_t>(hit)].span, 1u);
  EXPECT_EQ(barAt(l, 400, 45), -1);
  EXPECT_FLOAT_EQ(fittingRowHeight(tl, 3 * 10 + 2 * 4, 4, 1, 40), 10);
  EXPECT_FLOAT_EQ(fittingRowHeight(tl, 10000, 4, 1, 40), 40);
}

TEST(BlockTimeline, H200ChainedScanHasOneLanePerSm) {
  const std::string dir = sampleTraceDirectory();
  ASSERT_FALSE(dir.empty());
  const Trace t =
      loadTrace((std::filesystem::path(dir) / "single-pass-chained-1048576.json").string());
  const BlockTimeline tl = buildBlockTimeline(t);
  std::set<int> sms;
  for (const TraceBlock& b : t.blocks) sms.insert(b.sm);
  EXPECT_EQ(tl.lanes.size(), sms.size());
  EXPECT_EQ(tl.lanes.size(), 132u);
  EXPECT_EQ(tl.spans.size(), 2048u);
  EXPECT_EQ(tl.unit, TimelineUnit::Nanoseconds);
  // The domino: the chain passes one block at a time, so waiting dominates the blocks' time.
  EXPECT_GT(tl.waitTime / tl.blockTime, 0.5);
  TimelineGeometry g = geometry();
  g.rowHeight = 2;
  g.laneGap = 1;
  g.visibleBottom = 1e6;
  EXPECT_EQ(layoutTimeline(tl, fullView(tl), g).bars.size(), 2048u);
}

TEST(BlockTimeline, EmulatorSlotsAreTheLanes) {
  CaptureRequest rq{{.algorithm = AlgorithmId::SinglePassChained, .backend = BackendChoice::Cpu}};
  rq.input.assign(4096, 1);
  rq.blockSize = 32;
  rq.emulator.residentBlocks = 3;
  const Trace t = capture(rq).trace;
  ASSERT_EQ(t.meta.timeUnit, "round");
  ASSERT_GT(t.blocks.size(), 3u);
  const BlockTimeline tl = buildBlockTimeline(t);
  ASSERT_EQ(tl.lanes.size(), 3u);
  for (const SwimLane& lane : tl.lanes) EXPECT_EQ(lane.rows, 1) << "a slot holds one block";
  for (const BlockSpan& s : tl.spans) {
    EXPECT_LE(s.start, s.waitStart);
    EXPECT_LE(s.waitEnd, s.end);
  }
}

}  // namespace
}  // namespace scanviz
