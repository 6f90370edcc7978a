// Segmented scans (issue 16): every segmented algorithm against the sequential segmented
// reference, for every operator and dtype, many N, edge cases of the flags and several block
// sizes, on the emulator (tests/gpu compares the GPU's traces with these). Also the command
// line's --flags and --segments, and the rule that no operator application crosses a segment
// start.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "app/core/algorithms/reference_scan.h"
#include "app/core/capture/capture.h"
#include "app/core/capture/input_spec.h"
#include "app/core/lesson/result_check.h"
#include "app/core/trace/trace_json.h"
#include "app/options/capture_options.h"
#include "tests/common/captures.h"

namespace scanviz {
namespace {

const AlgorithmId kSegmented[] = {AlgorithmId::SegmentedKoggeStone, AlgorithmId::SegmentedBlelloch,
                                  AlgorithmId::SegmentedHierarchical,
                                  AlgorithmId::SegmentedLookback};

enum class Heads { Random, All, None, One };

std::vector<uint8_t> headsFor(Heads h, size_t n, unsigned seed) {
  std::vector<uint8_t> f(n, 0);
  switch (h) {
    case Heads::Random:
      return randomHeadFlags(n, seed, 5);
    case Heads::All:
      std::fill(f.begin(), f.end(), 1);
      return f;
    case Heads::None:  // not even element 0: one segment, the plain scan
      return f;
    case Heads::One:
      if (n > 0) f[0] = 1;
      return f;
  }
  return f;
}

Trace segmentedCapture(AlgorithmId id, const std::vector<double>& input,
                       const std::vector<uint8_t>& flags, Operator op, DType dtype, bool exclusive,
                       int blockSize = 0) {
  CaptureRequest rq = emulatorRequest(id, input, op, exclusive);
  rq.rows.flags = flags;
  rq.dtype = dtype;
  rq.blockSize = blockSize;
  return captureWhole(rq);
}

std::string describe(AlgorithmId id, long long n, Operator op, DType d, bool exclusive, int block) {
  return std::string(algorithmInfo(id).key) + " n=" + std::to_string(n) + " " +
         std::string(operatorName(op)) + " " + std::string(dtypeName(d)) +
         (exclusive ? " exclusive" : " inclusive") + " block " + std::to_string(block);
}

void expectSegmentedScan(AlgorithmId id, long long n, Heads heads, Operator op, DType d,
                         bool exclusive, int block = 0) {
  const auto input = generateInput(InputPattern::Random, n, static_cast<unsigned>(n) + 7, d, op);
  const auto flags = headsFor(heads, static_cast<size_t>(n), static_cast<unsigned>(n));
  const Trace t = segmentedCapture(id, input, flags, op, d, exclusive, block);
  const Mismatch m =
      compareWithReference(t.input, t.output, op, exclusive, d, t.meta.blocksTotal, &flags);
  EXPECT_EQ(m.index, -1) << describe(id, n, op, d, exclusive, block) << " heads "
                         << static_cast<int>(heads) << ": " << m.describe();
  EXPECT_EQ(t.rows.flags, flags);
  // The result check the window shows agrees.
  const ResultCheck check = checkResults(t);
  EXPECT_EQ(check.inclusive.mismatch.index, -1) << describe(id, n, op, d, exclusive, block);
  EXPECT_EQ(check.exclusive.mismatch.index, -1) << describe(id, n, op, d, exclusive, block);
}

TEST(SegmentedScan, EveryOperatorAndDtypeMatchesTheReference) {
  for (AlgorithmId id : kSegmented)
    for (Operator op : {Operator::Add, Operator::Max, Operator::Min, Operator::Mul})
      for (DType d : {DType::Int32, DType::Float32})
        for (bool exclusive : {false, true})
          for (long long n : {1ll, 7ll, 97ll, 1023ll, 1025ll})
            expectSegmentedScan(id, n, Heads::Random, op, d, exclusive);
}

TEST(SegmentedScan, EdgeCasesOfTheFlags) {
  for (AlgorithmId id : kSegmented)
    for (Heads h : {Heads::All, Heads::None, Heads::One, Heads::Random})
      for (bool exclusive : {false, true})
        for (long long n : {1ll, 2ll, 13ll, 257ll, 4099ll})
          expectSegmentedScan(id, n, h, Operator::Add, DType::Int32, exclusive);
}

TEST(SegmentedScan, BlockSizesAndLevels) {
  for (AlgorithmId id : kSegmented)
    for (int block : {2, 4, 32, 256, 1024})
      for (long long n : {5ll, 131ll, 3001ll})
        for (bool exclusive : {false, true})
          expectSegmentedScan(id, n, Heads::Random, Operator::Max, DType::Int32, exclusive, block);
}

// The lesson: 3 1 7 | 0 4 | 1 6 3.
TEST(SegmentedScan, TheLessonsSegmentsScanOnTheirOwn) {
  for (AlgorithmId id : kSegmented) {
    const Trace inc = segmentedCapture(id, defaultLessonInput(), defaultLessonFlags(),
                                       Operator::Add, DType::Int32, false);
    EXPECT_EQ(inc.output, (std::vector<double>{3, 4, 11, 0, 4, 1, 7, 10})) << inc.meta.algorithm;
    const Trace exc = segmentedCapture(id, defaultLessonInput(), defaultLessonFlags(),
                                       Operator::Add, DType::Int32, true);
    EXPECT_EQ(exc.output, (std::vector<double>{0, 3, 4, 0, 0, 0, 1, 7})) << exc.meta.algorithm;
    EXPECT_NE(inc.meta.notes.back().find("matches"), std::string::npos) << inc.meta.notes.back();
  }
}

// An operator application never reaches across a segment start: in Kogge-Stone and the up-sweep
// no head lies in (src, dst]; in the down-sweep the value handed to the right half does not
// start a segment. And the work is less than the plain scan's.
TEST(SegmentedScan, NoApplicationCrossesASegmentStart) {
  const auto input = generateInput(InputPattern::Random, 64, 3, DType::Int32, Operator::Add);
  const auto flags = randomHeadFlags(64, 3, 4);
  for (AlgorithmId id : {AlgorithmId::SegmentedKoggeStone, AlgorithmId::SegmentedBlelloch}) {
    const Trace t = segmentedCapture(id, input, flags, Operator::Add, DType::Int32, false, 64);
    ASSERT_EQ(t.meta.blocksTotal, 1);
    const std::vector<uint8_t>& heads = t.steps.at(0).flags;
    ASSERT_EQ(heads.size(), t.steps.at(0).values.size());
    int checked = 0;
    for (const TraceStep& s : t.steps) {
      const auto kind = static_cast<StepKind>(s.kind);
      for (const auto& [dst, src] : s.edges) {
        if (kind == StepKind::SegDownSweep) {
          EXPECT_EQ(heads[static_cast<size_t>(src + 1)], 0) << s.label;
        } else if (src >= 0) {
          for (int h = src + 1; h <= dst; ++h)
            EXPECT_EQ(heads[static_cast<size_t>(h)], 0) << s.label << " " << src << "->" << dst;
        }
        ++checked;
      }
    }
    EXPECT_GT(checked, 0);
    CaptureRequest plain = emulatorRequest(
        id == AlgorithmId::SegmentedKoggeStone ? AlgorithmId::KoggeStone : AlgorithmId::Blelloch,
        input);
    plain.blockSize = 64;
    plain.exclusive = false;
    EXPECT_LT(t.counters.work, capture(plain).trace.counters.work) << t.meta.algorithm;
  }
}

// The flags OR-ed up the tree are recorded with the steps that change them, and survive the file.
TEST(SegmentedScan, StepsRecordTheirFlags) {
  const Trace t = segmentedCapture(AlgorithmId::SegmentedBlelloch, defaultLessonInput(),
                                   defaultLessonFlags(), Operator::Add, DType::Int32, true);
  // Up-sweep stride 1 over 1 0 0 1 0 1 0 0 ORs each pair into its right element.
  const TraceStep& up1 = t.steps.at(1);
  EXPECT_EQ(up1.kind, static_cast<int>(StepKind::SegUpSweep));
  EXPECT_EQ(up1.flags, (std::vector<uint8_t>{1, 1, 0, 1, 0, 1, 0, 0}));
  const TraceStep& last = t.steps.back();
  EXPECT_TRUE(last.flags.empty());
  ASSERT_NE(flagsShown(t, t.steps.size() - 1), nullptr);
  EXPECT_EQ(firstTraceDifference(t, traceFromJson(traceToJson(t))), "");
}

// --flags and --segments on the command line: both forms give the same flags, element 0 always
// starts a segment, and a wrong count, a value other than 0/1 or lengths that miss N are refused
// with the problem named.
CaptureRequest fromArgs(std::vector<std::string> words) {
  if (std::find(words.begin(), words.end(), "--algorithm") == words.end())
    words.insert(words.begin(), {"--algorithm", "segmented-kogge-stone"});
  return captureRequestFromArgs(Args(words, captureValueOptions(), captureFlags()));
}

std::string refusalOf(std::vector<std::string> words) {
  try {
    fromArgs(std::move(words));
  } catch (const std::exception& e) {
    return e.what();
  }
  return "accepted";
}

TEST(SegmentedScan, FlagsAndSegmentsOnTheCommandLine) {
  const std::vector<uint8_t> lesson{1, 0, 0, 1, 0, 1, 0, 0};
  EXPECT_EQ(fromArgs({"--flags", "1,0,0,1,0,1,0,0"}).rows.flags, lesson);
  EXPECT_EQ(fromArgs({"--segments", "3,2,3"}).rows.flags, lesson);
  EXPECT_EQ(fromArgs({"--flags", "0,0,0,1,0,1,0,0"}).rows.flags, lesson);  // element 0 starts one
  EXPECT_EQ(fromArgs({"--algorithm", "segmented-blelloch"}).rows.flags, lesson);
  EXPECT_TRUE(fromArgs({"--algorithm", "kogge-stone"}).rows.flags.empty());
  const CaptureRequest big = fromArgs({"--algorithm", "segmented-kogge-stone", "--n", "5000"});
  ASSERT_EQ(big.rows.flags.size(), 5000u);
  EXPECT_EQ(big.rows.flags[0], 1);
  EXPECT_GT(std::count(big.rows.flags.begin(), big.rows.flags.end(), 1), 100);
  EXPECT_NE(refusalOf({"--flags", "1,0,1"}).find("3 flags for 8 values"), std::string::npos);
  EXPECT_NE(refusalOf({"--flags", "1,0,2,0,0,0,0,0"}).find("entry 2 is 2, not 0 or 1"),
            std::string::npos);
  EXPECT_NE(refusalOf({"--segments", "3,2,2"}).find("add up to 7, not to the 8 values"),
            std::string::npos);
  EXPECT_NE(refusalOf({"--segments", "3,-2,7"}).find("--segments: entry 1"), std::string::npos);
  EXPECT_NE(refusalOf({"--segments", "3,2,3", "--flags", "1,0,0,0,0,0,0,0"}).find("only one"),
            std::string::npos);
}

}  // namespace
}  // namespace scanviz
