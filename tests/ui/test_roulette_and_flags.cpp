// The two figures of issue 32 as scenes: the race roulette (roulette_scene.h) and the chained
// scan's flags and fences (chain_flags_scene.h, over app/core/layouts/chain_flags.h), at 1920 x
// 1080, light theme. Values worked by hand:
//  - PMPP Fig. 8.9's input in four tiles of four, 2 1 3 1 | 0 4 1 2 | 0 3 1 2 | 5 3 1 2: the tiles
//    sum to 7 7 6 11, so the flags publish 7 14 20 31. On the emulator (4 resident blocks, all
//    launched in round 0) every block scans in round 0 and polls from round 1; tile 0 publishes in
//    round 1, and a flag set in round r is seen from round r + 1, so tile k publishes in round
//    k + 1 after spinning k rounds, and stores in the round after (it ends in round k + 3).
//  - assets/traces/single-pass-chained-1048576.json (H200): tile 0 starts at 64 ns, ends at
//    32544 ns and waited 800 ns; the wait sits in the middle of the rest (block_timeline.h):
//    publish = 64 + (32544 - 64 - 800) / 2 + 800 = 16704 ns.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>

#include "app/core/lesson/race_roulette.h"
#include "app/scene/chain_flags_scene.h"
#include "app/scene/palette.h"
#include "app/scene/roulette_scene.h"
#include "app/scene/slide_sizes.h"
#include "tests/common/captures.h"
#include "tests/common/figure_scenes.h"
#include "tests/common/scene_texts.h"

namespace scanviz {
namespace {

using Texts = std::vector<std::string>;

const ViewPalette& light() {
  static const ViewPalette p = viewPalette(Theme::Light, Palette::Classic);
  return p;
}

Trace pmppChain() {
  return captureOnEmulator(AlgorithmId::SinglePassChained, kPmppInput, /*blockSize=*/2);
}

TEST(ChainFlags, EmulatorChainPublishesTheRunningSumsOneRoundApart) {
  const Trace t = pmppChain();
  ASSERT_EQ(chainFlagsProblem(t), "");
  const ChainFlags c = chainFlagsOf(t);
  EXPECT_EQ(c.unit, TimelineUnit::Rounds);
  EXPECT_FALSE(c.estimated);
  ASSERT_EQ(c.blocks.size(), 4u);
  const double sums[] = {7, 14, 20, 31}, own[] = {7, 7, 6, 11};
  for (int k = 0; k < 4; ++k) {
    const ChainFlagBlock& b = c.blocks[static_cast<size_t>(k)];
    EXPECT_EQ(b.tile, k);
    EXPECT_TRUE(b.hasSum);
    EXPECT_EQ(b.inclusive, sums[k]) << k;
    EXPECT_EQ(b.aggregate, own[k]) << k;
    EXPECT_EQ(b.start, 0) << k;
    EXPECT_EQ(b.spinStart, 1) << k;
    EXPECT_EQ(b.publish, k + 1) << k;
    EXPECT_EQ(b.visible, k + 2) << k;
    EXPECT_EQ(b.end, k + 3) << k;
    // Published, then visible, then seen by the successor, which spun until then.
    if (k < 3) {
      EXPECT_EQ(b.seenBy, c.blocks[static_cast<size_t>(k) + 1].publish) << k;
    }
  }
  EXPECT_EQ(c.blocks.back().seenBy, -1);
}

TEST(ChainFlags, SceneDrawsEachFlagItsFenceAndWhoSeesIt) {
  const Trace t = pmppChain();
  const Scene s = buildChainFlagsScene(t, 1920, 0, light(), approximateTextWidth);
  EXPECT_FLOAT_EQ(s.width, 1920);
  EXPECT_FLOAT_EQ(s.height, 1080);
  EXPECT_EQ(textsOf(s, "flag-label"), (Texts{"flag[0] = 1, sum 7", "flag[1] = 1, sum 14",
                                             "flag[2] = 1, sum 20", "flag[3] = 1, sum 31"}));
  const auto fences = linesWithRole(s, "fence");
  ASSERT_EQ(fences.size(), 4u);
  // One round apart: equal steps on the time axis.
  const float step = fences[1]->x1 - fences[0]->x1;
  EXPECT_GT(step, 0);
  for (size_t k = 1; k < 4; ++k) EXPECT_NEAR(fences[k]->x1 - fences[k - 1]->x1, step, 0.01f);
  // Flag k, set at its fence, is seen by block k + 1 in the next round, where that block's own
  // fence stands.
  const auto seen = linesWithRole(s, "visible");
  ASSERT_EQ(seen.size(), 3u);
  for (size_t k = 0; k < 3; ++k) {
    EXPECT_NEAR(seen[k]->x1, fences[k]->x1, 0.01f) << k;
    EXPECT_NEAR(seen[k]->x2, fences[k + 1]->x1, 0.01f) << k;
    EXPECT_GT(seen[k]->y2, seen[k]->y1);
  }
  // Tile 0 spins on nothing; tile k spins k rounds.
  const auto spins = s.rectsWithRole("spin");
  ASSERT_EQ(spins.size(), 3u);
  for (size_t k = 0; k < 3; ++k) {
    EXPECT_EQ(spins[k]->index, static_cast<int>(k) + 1);
    EXPECT_NEAR(spins[k]->w, static_cast<float>(k + 1) * step, 0.01f);
  }
  for (const SceneText& x : s.texts) EXPECT_GE(x.size, 28.0f) << x.role << ": " << x.text;
}

TEST(ChainFlags, GpuTraceUsesItsRecordedTimesAndSaysTheSpinsAreEstimated) {
  const Trace t = sampleTrace("single-pass-chained-1048576.json");
  const ChainFlags c = chainFlagsOf(t);
  EXPECT_EQ(c.unit, TimelineUnit::Nanoseconds);
  EXPECT_TRUE(c.estimated);
  EXPECT_EQ(c.totalBlocks, 2048);
  ASSERT_EQ(c.blocks.size(), static_cast<size_t>(kMaxChainFlagBlocks));
  // Tile 0's times are the capture's own (the H200 sample, in ns); its wait, which the GPU times
  // but does not place, sits in the middle of the block, so its publish is estimated.
  const auto tile0 =
      std::find_if(t.blocks.begin(), t.blocks.end(), [](const TraceBlock& b) { return b.id == 0; });
  ASSERT_NE(tile0, t.blocks.end());
  EXPECT_EQ(c.blocks[0].start, static_cast<double>(tile0->startNs));
  EXPECT_EQ(c.blocks[0].end, static_cast<double>(tile0->endNs));
  const double middle = 0.5 * static_cast<double>(tile0->startNs + tile0->endNs + tile0->waitNs);
  EXPECT_NEAR(c.blocks[0].publish, middle, 1.0);
  EXPECT_LT(c.blocks[0].start, c.blocks[0].publish);
  EXPECT_LE(c.blocks[0].publish, c.blocks[0].end);
  for (size_t k = 0; k < c.blocks.size(); ++k) {
    const long long end = 512 * static_cast<long long>(k + 1);
    const double sum = std::accumulate(t.input.begin(), t.input.begin() + end, 0.0);
    EXPECT_EQ(c.blocks[k].inclusive, sum) << k;
  }
  const Scene s = buildChainFlagsScene(t, 1920, 0, light(), approximateTextWidth);
  const Texts source = textsOf(s, "source");
  ASSERT_EQ(source.size(), 1u);
  EXPECT_NE(source[0].find("NVIDIA H200"), std::string::npos);
  EXPECT_NE(source[0].find("estimated"), std::string::npos);
}

TEST(ChainFlags, OtherRunsSayWhyTheyHaveNone) {
  EXPECT_NE(chainFlagsProblem(captureOnEmulator(AlgorithmId::KoggeStone, kPmppInput)), "");
  const Trace one = captureOnEmulator(AlgorithmId::SinglePassChained, {3, 1, 7, 0}, 2);
  EXPECT_NE(chainFlagsProblem(one).find("one block"), std::string::npos);
  EXPECT_TRUE(buildChainFlagsScene(one, 1920, 0, light(), approximateTextWidth).texts.empty());
}

RouletteResult smallRoulette(int block) {
  RouletteRequest rq;
  rq.blockSize = block;
  rq.sections = 4;
  rq.runs = 20;
  return emulatorRoulette(rq);
}

TEST(RouletteScene, BarsCountsAndTheFailingRunComeFromTheRoulette) {
  const std::vector<RouletteResult> sizes = {smallRoulette(64), smallRoulette(256)};
  const RouletteResult& r = sizes[1];
  const Scene s = buildRouletteScene(sizes, 1, 1920, 0, light(), approximateTextWidth);
  EXPECT_FLOAT_EQ(s.width, 1920);
  EXPECT_FLOAT_EQ(s.height, 1080);
  const auto bars = s.rectsWithRole("roulette-bar");
  ASSERT_EQ(bars.size(), r.bins.size());
  int tallest = 0;
  for (const RouletteBin& b : r.bins) tallest = std::max(tallest, b.runs);
  const float unit = [&] {
    for (size_t i = 0; i < bars.size(); ++i)
      if (r.bins[i].runs == tallest) return bars[i]->h / static_cast<float>(tallest);
    return 0.0f;
  }();
  for (size_t i = 0; i < bars.size(); ++i) {
    EXPECT_EQ(bars[i]->index, r.bins[i].cell);
    EXPECT_NEAR(bars[i]->h, unit * static_cast<float>(r.bins[i].runs), 0.01f);
  }
  EXPECT_EQ(textsOf(s, "wrong-sections"),
            (Texts{"wrong sections: " + std::to_string(r.wrongSections()) + " of 80"}));
  EXPECT_EQ(textsOf(s, "size-label"), (Texts{"64 threads", "256 threads"}));
  // The strip: expected against got, the first wrong cell marked.
  ASSERT_GE(r.shownRun, 0);
  const RouletteRun& run = r.runs[static_cast<size_t>(r.shownRun)];
  const auto wrong = s.rectsWithRole("got-wrong");
  ASSERT_FALSE(wrong.empty());
  EXPECT_EQ(wrong.front()->index, static_cast<int>(run.firstWrongCell % 256));
  const Texts failing = textsOf(s, "failing-run");
  ASSERT_EQ(failing.size(), 1u);
  EXPECT_NE(failing[0].find("holds " + std::to_string(run.got) + " where the scan gives " +
                            std::to_string(run.expected)),
            std::string::npos);
  EXPECT_NE(textsOf(s, "source")[0].find("CPU emulator"), std::string::npos);
  for (const SceneText& x : s.texts) EXPECT_GE(x.size, 28.0f) << x.role << ": " << x.text;
}

// Both figures take the slides' sizes (slide_sizes.h), as the banks and the graph do: 44 px titles
// on a 1920 x 1080 slide (their own 46/30/28 before), and never below the window's own sizes in a
// small panel (800 x 450: 19 px titles and 12 px texts before).
TEST(RouletteScene, RouletteAndFlagsTakeTheSlideSizes) {
  const std::vector<RouletteResult> sizes = {smallRoulette(64)};
  const Trace chain = pmppChain();
  const ArraySceneStyle ui;
  for (const auto& [w, h] : {std::pair{1920.0f, 0.0f}, std::pair{800.0f, 450.0f}}) {
    const SlideSizes sz = slideSizes(w, h, ui);
    for (const Scene& s : {buildRouletteScene(sizes, 0, w, h, light(), approximateTextWidth, ui),
                           buildChainFlagsScene(chain, w, h, light(), approximateTextWidth, ui)}) {
      ASSERT_EQ(s.textsWithRole("title").size(), 1u);
      EXPECT_FLOAT_EQ(s.textsWithRole("title")[0]->size, sz.text.titleSize) << w;
      for (const SceneText& x : s.texts) {
        EXPECT_GE(x.size, ui.smallSize) << w << " " << x.role << ": " << x.text;
        EXPECT_LE(x.size, sz.text.titleSize) << w << " " << x.role;
      }
    }
  }
  EXPECT_FLOAT_EQ(slideSizes(1920, 0, ui).text.titleSize, 44);
}

TEST(RouletteScene, OnlyTheOneBarrierLessonHasOne) {
  EXPECT_NE(rouletteProblem(captureOnEmulator(AlgorithmId::KoggeStone, kPmppInput)), "");
  EXPECT_EQ(rouletteBlockSizeOf(256), 256);
  EXPECT_EQ(rouletteBlockSizeOf(8), 64);
  EXPECT_EQ(rouletteBlockSizeOf(96), 64);
}

}  // namespace
}  // namespace scanviz
