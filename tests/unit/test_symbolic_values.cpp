// Symbolic values (app/core/lesson/symbolic_values.h): which inputs each cell combines, replayed
// from the trace. First the seeds' own tables, written out by hand from the seeds (seed 003's
// comments on 3 1 7 0 4 1 6 3, PMPP Fig. 8.5 on 16 elements); then every algorithm, both results,
// three operators, odd and power-of-two lengths and several blocks: no cell without a range that
// gives its recorded value, and the last step holds the scan's ranges.
#include <gtest/gtest.h>

#include <random>

#include "app/core/algorithms/algorithm_catalog.h"
#include "app/core/lesson/symbolic_values.h"
#include "app/core/playback/step_writes.h"
#include "tests/common/captures.h"

namespace scanviz {
namespace {

Trace captureCpu(AlgorithmId id, std::vector<double> input, bool exclusive = false,
                 int blockSize = 0, Operator op = Operator::Add) {
  CaptureRequest rq = emulatorRequest(id, std::move(input), op, exclusive);
  rq.blockSize = blockSize;
  return capture(rq).trace;
}

// The texts of one step's cells.
std::vector<std::string> texts(const Trace& t, const std::vector<InputRange>& row) {
  std::vector<std::string> out;
  for (const InputRange& r : row) out.push_back(symbolicText(r, t.meta.op, t.meta.dtype));
  return out;
}

int stepLabelled(const Trace& t, const std::string& label) {
  for (int k = 0; k < static_cast<int>(t.steps.size()); ++k)
    if (t.steps[static_cast<size_t>(k)].label == label) return k;
  return -1;
}

using Row = std::vector<std::string>;

TEST(SymbolicValues, CombineJoinsNeighbouringRunsOnly) {
  EXPECT_EQ(combineRanges(InputRange::of(0, 1), InputRange::of(2, 3)), InputRange::of(0, 3));
  EXPECT_EQ(combineRanges(InputRange::of(2, 3), InputRange::of(0, 1)), InputRange::of(0, 3));
  EXPECT_EQ(combineRanges(InputRange::identity(), InputRange::of(4, 4)), InputRange::of(4, 4));
  EXPECT_EQ(combineRanges(InputRange::of(0, 1), InputRange::of(3, 3)), InputRange::unknown());
  EXPECT_EQ(combineRanges(InputRange::of(0, 2), InputRange::of(2, 3)), InputRange::unknown());
  EXPECT_EQ(symbolicText(InputRange::of(0, 3), "add", "int32"), "x0..x3");
  EXPECT_EQ(symbolicText(InputRange::of(5, 5), "add", "int32"), "x5");
  EXPECT_EQ(symbolicText(InputRange::identity(), "add", "int32"), "0");
  EXPECT_EQ(symbolicText(InputRange::identity(), "max", "int32"), "-\xE2\x88\x9E");
  EXPECT_EQ(symbolicText(InputRange::unknown(), "add", "int32"), "?");
}

// Seed 003's comments in its OpenCL kernel, step by step ("[a0][a0+a1][a2][a0+a1+a2+a3]...").
TEST(SymbolicValues, BlellochMatchesSeed003Tables) {
  const Trace t = captureCpu(AlgorithmId::Blelloch, defaultLessonInput(), /*exclusive=*/true);
  const auto steps = symbolicSteps(t);
  ASSERT_EQ(steps.size(), t.steps.size());
  // Each step's row as seed 003 comments it, e.g. after the down-sweep's first step:
  // [a0] [a0+a1] [a2] [0] [a4] [a4+a5] [a6] [a0+a1+a2+a3].
  const std::pair<const char*, Row> expected[] = {
      {"up-sweep stride 1", {"x0", "x0..x1", "x2", "x2..x3", "x4", "x4..x5", "x6", "x6..x7"}},
      {"up-sweep stride 2", {"x0", "x0..x1", "x2", "x0..x3", "x4", "x4..x5", "x6", "x4..x7"}},
      {"up-sweep stride 4", {"x0", "x0..x1", "x2", "x0..x3", "x4", "x4..x5", "x6", "x0..x7"}},
      {"clear last element", {"x0", "x0..x1", "x2", "x0..x3", "x4", "x4..x5", "x6", "0"}},
      {"down-sweep stride 4 (swap and add)",
       {"x0", "x0..x1", "x2", "0", "x4", "x4..x5", "x6", "x0..x3"}},
      {"down-sweep stride 2 (swap and add)",
       {"x0", "0", "x2", "x0..x1", "x4", "x0..x3", "x6", "x0..x5"}},
      {"down-sweep stride 1 (swap and add)",
       {"0", "x0", "x0..x1", "x0..x2", "x0..x3", "x0..x4", "x0..x5", "x0..x6"}},
  };
  for (const auto& [label, want] : expected) {
    const int k = stepLabelled(t, label);
    ASSERT_GE(k, 0) << label;
    EXPECT_EQ(texts(t, steps[static_cast<size_t>(k)]), want) << label;
  }
}

// PMPP Fig. 8.5: the partial sums in XY after Brent-Kung's reduction tree on 16 elements.
TEST(SymbolicValues, BrentKungReductionTreeIsFigure8_5) {
  const std::vector<double> pmpp = {2, 1, 3, 1, 0, 4, 1, 2, 0, 3, 1, 2, 5, 3, 1, 2};
  const Trace t = captureCpu(AlgorithmId::BrentKung, pmpp);
  const auto steps = symbolicSteps(t);
  int lastUp = -1;
  for (int k = 0; k < static_cast<int>(t.steps.size()); ++k)
    if (t.steps[static_cast<size_t>(k)].phase == "up-sweep") lastUp = k;
  ASSERT_GE(lastUp, 0);
  EXPECT_EQ(texts(t, steps[static_cast<size_t>(lastUp)]),
            (Row{"x0", "x0..x1", "x2", "x0..x3", "x4", "x4..x5", "x6", "x0..x7", "x8", "x8..x9",
                 "x10", "x8..x11", "x12", "x12..x13", "x14", "x0..x15"}));
  // The figure's second and third rows: what the distribution tree adds.
  const Row last = texts(t, steps.back());
  EXPECT_EQ(last[11], "x0..x11");
  EXPECT_EQ(last[5], "x0..x5");
  EXPECT_EQ(last[13], "x0..x13");
}

// Fig. 8.9's rows: each block scanned alone, then x0 reached by adding the scanned block sums.
TEST(SymbolicValues, HierarchicalBlocksThenBlockSums) {
  const std::vector<double> pmpp = {2, 1, 3, 1, 0, 4, 1, 2, 0, 3, 1, 2, 5, 3, 1, 2};
  const Trace t = captureCpu(AlgorithmId::Hierarchical, pmpp, false, /*blockSize=*/2);
  const auto steps = symbolicSteps(t);
  const Row scanned =
      texts(t, steps[static_cast<size_t>(stepLabelled(t, "every section scanned"))]);
  EXPECT_EQ(scanned[4], "x4");
  EXPECT_EQ(scanned[7], "x4..x7");
  EXPECT_EQ(scanned[15], "x12..x15");
  const Row sums =
      texts(t, steps[static_cast<size_t>(stepLabelled(t, "block sums (level 1): load"))]);
  EXPECT_EQ(sums, (Row{"x0..x3", "x4..x7", "x8..x11", "x12..x15"}));
  const Row added = texts(t, steps[static_cast<size_t>(stepLabelled(t, "add scanned block sums"))]);
  for (int i = 1; i < 16; ++i)
    EXPECT_EQ(added[static_cast<size_t>(i)], "x0..x" + std::to_string(i));
  EXPECT_EQ(added[0], "x0");
}

TEST(SymbolicValues, TooLongOrTruncatedTracesSayWhy) {
  Trace t = captureCpu(AlgorithmId::KoggeStone, defaultLessonInput());
  EXPECT_EQ(symbolicProblem(t), "");
  t.meta.n = kMaxSymbolicElements + 1;
  EXPECT_NE(symbolicProblem(t).find("up to 4096"), std::string::npos);
  EXPECT_TRUE(symbolicSteps(t).empty());
}

struct Case {
  AlgorithmId id;
  long long n;
  int blockSize;
  bool exclusive;
  Operator op;
};

std::string caseName(const Case& c) {
  return std::string(algorithmInfo(c.id).key) + " n " + std::to_string(c.n) + " block " +
         std::to_string(c.blockSize) + (c.exclusive ? " exclusive" : " inclusive") + " op " +
         std::to_string(static_cast<int>(c.op));
}

// Every cell of every step has a range that gives its value, and the last step holds the scan:
// x0..xi (or x0..x(i-1), the identity first, where the working array holds the exclusive scan).
TEST(SymbolicValues, EveryAlgorithmReplaysToTheScan) {
  std::mt19937 rng(14);
  std::uniform_int_distribution<int> digit(1, 9);
  int checked = 0;
  for (const AlgorithmInfo& info : allAlgorithms()) {
    // Segmented scans restart at each head: their cells are ranges from the segment's head,
    // which the replay does not model yet (the window shows their numbers).
    if (isSegmentedAlgorithm(info.id)) continue;
    for (long long n : {1LL, 5LL, 8LL, 10LL, 16LL, 33LL, 100LL}) {
      for (int blockSize : {0, 2, 4}) {
        for (bool exclusive : {false, true}) {
          for (Operator op : {Operator::Add, Operator::Max, Operator::Min}) {
            const Case c{info.id, n, blockSize, exclusive, op};
            std::vector<double> input(static_cast<size_t>(n));
            for (double& v : input) v = digit(rng);
            Trace t;
            try {
              t = captureCpu(c.id, input, exclusive, blockSize, op);
            } catch (const std::exception&) {
              continue;  // a block size this algorithm does not take
            }
            const auto steps = symbolicSteps(t);
            ASSERT_EQ(steps.size(), t.steps.size()) << caseName(c);
            for (size_t k = 0; k < steps.size(); ++k)
              for (size_t i = 0; i < steps[k].size(); ++i)
                ASSERT_NE(steps[k][i].kind, InputRange::Kind::Unknown)
                    << caseName(c) << ": step " << k << " (" << t.steps[k].label << ") cell " << i
                    << " value " << t.steps[k].values[i];
            // The final array, where it is the whole array, is the inclusive or exclusive scan.
            const TraceStep& last = t.steps.back();
            if (static_cast<long long>(last.values.size()) < n || last.offset != 0) continue;
            const int valid = validElements(t, static_cast<int>(t.steps.size()) - 1);
            const auto inclusive = scanRanges(n, true), exclusiveRanges = scanRanges(n, false);
            const bool holdsInclusive = steps.back()[0] == inclusive[0];
            for (int i = 0; i < valid; ++i)
              ASSERT_EQ(steps.back()[static_cast<size_t>(i)],
                        (holdsInclusive ? inclusive : exclusiveRanges)[static_cast<size_t>(i)])
                  << caseName(c) << " cell " << i;
            ++checked;
          }
        }
      }
    }
  }
  EXPECT_GT(checked, 300);
}

}  // namespace
}  // namespace scanviz
