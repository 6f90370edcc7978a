// The cluster look-back's figure (cluster_figure_scene.h): Fig. 8.9 one level up, a column a
// tile. 10 tiles of 16 (block size 2) in clusters of 4: three clusters, the last of two tiles.
// Every number is checked against what the run itself says: the tile totals against the
// input's sums, the scan within the recorded cluster against its own level-1 step, the running
// totals and prefixes against the sequential scan.
#include <gtest/gtest.h>

#include <numeric>

#include "app/core/trace/value_format.h"
#include "app/scene/cluster_figure_scene.h"
#include "kernels/grid/cluster_lookback.h"
#include "tests/common/captures.h"
#include "tests/common/figure_scenes.h"
#include "tests/common/scene_texts.h"

namespace scanviz {
namespace {

constexpr int kBlockSize = 2, kTiles = 10;
constexpr int kSection = 8 * kBlockSize;
constexpr int C = ClusterLookback::kClusterBlocks;

std::vector<double> clusterInput() {
  std::vector<double> x(kTiles * kSection);
  for (size_t i = 0; i < x.size(); ++i) x[i] = static_cast<double>((i * 7 + 3) % 10);
  return x;
}

Trace clusterTrace(int recordBlock, bool exclusive = false) {
  CaptureRequest rq = emulatorRequest(AlgorithmId::ClusterLookback, clusterInput());
  rq.blockSize = kBlockSize;
  rq.recordBlock = recordBlock;
  rq.exclusive = exclusive;
  return captureWhole(rq);
}

std::vector<std::string> numbers(const std::vector<double>& v) {
  std::vector<std::string> out;
  for (double d : v) out.push_back(formatCellValue(d, "add", "int32"));
  return out;
}

TEST(ClusterFigure, TotalsScannedInTheirClusterAndHandedOnByTheLookback) {
  const std::vector<double> x = clusterInput();
  std::vector<double> totals, inCluster, running, prefix;
  for (int b = 0; b < kTiles; ++b) {
    const auto first = x.begin() + b * kSection;
    totals.push_back(std::accumulate(first, first + kSection, 0.0));
    inCluster.push_back(b % C == 0 ? totals.back() : inCluster.back() + totals.back());
    prefix.push_back(std::accumulate(x.begin(), first, 0.0));
  }
  for (int k = 0; k * C < kTiles; ++k)
    running.push_back(
        std::accumulate(x.begin(), x.begin() + std::min(kTiles, (k + 1) * C) * kSection, 0.0));
  const Trace t = clusterTrace(5);
  ASSERT_TRUE(isClusterScan(t));
  ASSERT_EQ(figureProblem(t), "");
  const Scene s = figure(t);
  EXPECT_EQ(textsOf(s, "tile-total-value"), numbers(totals));
  EXPECT_EQ(textsOf(s, "totals-value"), numbers(inCluster));
  EXPECT_EQ(textsOf(s, "running-value"), numbers(running));
  EXPECT_EQ(textsOf(s, "prefix-value"), numbers(prefix));
  // The recorded cluster (tiles 4-7) scanned exactly these totals in its own level-1 step.
  const TraceStep& scan =
      t.steps[static_cast<size_t>(ClusterLookback::recordedSteps(kBlockSize) - 2)];
  ASSERT_EQ(scan.kind, static_cast<int>(StepKind::ClusterScan));
  EXPECT_EQ(scan.values, std::vector<double>(inCluster.begin() + 4, inCluster.begin() + 8));
  // Block b reads the totals of blocks 0..b of its cluster: 1 + 2 + 3 + 4 arrows a full
  // cluster, 1 + 2 for the last; two look-backs join the three clusters.
  EXPECT_EQ(linesWithRole(s, "dsmem-arrow").size(), 10u + 10u + 3u);
  EXPECT_EQ(linesWithRole(s, "lookback-arrow").size(), 2u);
  EXPECT_EQ(textsOf(s, "cluster-label"),
            (std::vector<std::string>{"cluster 0", "cluster 1", "cluster 2"}));
  // Every tile after the first of a cluster takes the totals before it; every tile of a later
  // cluster the earlier clusters' running total.
  EXPECT_EQ(linesWithRole(s, "in-cluster-prefix-arrow").size(), 3u + 3u + 1u);
  EXPECT_EQ(linesWithRole(s, "cluster-prefix-arrow").size(), 6u);
  expectLegendShowsEveryArrowOnce(s);
}

// Stepping through the run fills the figure in: before the cluster's gather only the tiles'
// totals stand; the look-back's row arrives with the prefix step.
TEST(ClusterFigure, RowsAppearWithTheirSteps) {
  const Trace t = clusterTrace(0);
  const int gather =
      ClusterLookback::recordedSteps(kBlockSize) - 1 - ClusterLookback::clusterLevelSteps();
  const Scene before = figure(t, gather - 1);
  EXPECT_EQ(textsOf(before, "tile-total-value").size(), static_cast<size_t>(kTiles));
  EXPECT_TRUE(textsOf(before, "totals-value").empty());
  const Scene scanned = figure(t, gather + ClusterLookback::clusterLevelSteps() - 1);
  EXPECT_EQ(textsOf(scanned, "totals-value").size(), static_cast<size_t>(kTiles));
  EXPECT_TRUE(textsOf(scanned, "running-value").empty());
  EXPECT_EQ(textsOf(figure(t), "running-value").size(), 3u);
}

}  // namespace
}  // namespace scanviz
