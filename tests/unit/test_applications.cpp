// The applications of scan against plain sequential references: the seeds' examples, random
// inputs of many sizes (one block and several), N = 1 and the edge cases of each domain, on the
// CPU emulator (tests/gpu runs them on the device and compares).
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "app/core/algorithms/reference_scan.h"
#include "app/core/applications/application.h"
#include "app/core/applications/application_request.h"
#include "app/core/applications/line_of_sight.h"
#include "app/core/applications/quicksort_step.h"
#include "app/core/applications/radix_sort.h"
#include "app/core/applications/sparse_matrix_vector.h"
#include "app/core/backends/backend.h"
#include "app/core/capture/capture.h"

namespace scanviz {
namespace {

ApplicationOptions onCpu() {
  ApplicationOptions o;
  o.backend = BackendChoice::Cpu;
  return o;
}

ApplicationRun run(ApplicationId id, std::vector<double> values, std::vector<double> parameters,
                   ApplicationOptions options = onCpu()) {
  ApplicationInput in{std::move(values), std::move(parameters)};
  return runApplication(id, in, options);
}

std::vector<double> reference(ApplicationId id, const ApplicationInput& in) {
  return applicationInfo(id).reference(in);
}

TEST(Applications, TableIsInTheOrderOfItsIdsAndFindsEveryKey) {
  ASSERT_EQ(allApplications().size(), static_cast<size_t>(ApplicationId::Count));
  for (const ApplicationInfo& a : allApplications()) {
    EXPECT_EQ(findApplication(a.key), a.id);
    EXPECT_FALSE(a.title.empty());
    EXPECT_FALSE(a.lesson.empty());
    // Every default input runs and answers like its sequential reference.
    const ApplicationInput in = defaultApplicationInput(a.id);
    const ApplicationRun r = runApplication(a.id, in, onCpu());
    EXPECT_EQ(r.result, a.reference(in)) << a.key;
    EXPECT_FALSE(r.answer.empty());
    // A scan, or the fused select or split of compaction and radix sort.
    for (const ApplicationScan& s : r.scans)
      EXPECT_EQ(s.trace.meta.notes.back().rfind("output matches the sequential ", 0), 0u)
          << a.key << ": " << s.trace.meta.notes.back();
  }
  EXPECT_FALSE(findApplication("sandwiches"));
}

// Seed 001: a 100-inch sandwich, ten people wanting 3 5 2 7 28 4 3 0 8 1 inches.
TEST(Applications, SandwichCutsTheSeedsTenRequests) {
  const ApplicationRun r = runApplication(
      ApplicationId::Sandwich, defaultApplicationInput(ApplicationId::Sandwich), onCpu());
  EXPECT_EQ(r.result, (std::vector<double>{3, 8, 10, 17, 45, 49, 52, 52, 60, 61}));
  ASSERT_EQ(r.scans.size(), 1u);
  EXPECT_EQ(r.scans[0].trace.meta.op, "add");
  EXPECT_TRUE(r.scans[0].trace.meta.inclusive);
  EXPECT_NE(r.answer.find("Person 8 asked for 0 inches"), std::string::npos) << r.answer;
  EXPECT_NE(r.answer.find("39 of 100 inches are left over"), std::string::npos) << r.answer;
}

TEST(Applications, SandwichEdges) {
  // One person who takes it all: one cut at the end, nothing left.
  ApplicationRun one = run(ApplicationId::Sandwich, {100}, {100});
  EXPECT_EQ(one.result, (std::vector<double>{100}));
  EXPECT_NE(one.answer.find("0 of 100 inches are left over"), std::string::npos);
  // Nobody wants any: every cut at 0.
  EXPECT_EQ(run(ApplicationId::Sandwich, {0, 0, 0}, {100}).result, (std::vector<double>{0, 0, 0}));
  // Fractions of an inch scan in float32.
  const ApplicationRun half = run(ApplicationId::Sandwich, {0.5, 1.25, 2}, {10});
  EXPECT_EQ(half.result, (std::vector<double>{0.5, 1.75, 3.75}));
  EXPECT_EQ(half.scans[0].trace.meta.dtype, "float32");
  EXPECT_THROW(run(ApplicationId::Sandwich, {60, 50}, {100}), InputError);
  EXPECT_THROW(run(ApplicationId::Sandwich, {3, -1}, {100}), InputError);
  EXPECT_THROW(run(ApplicationId::Sandwich, {3}, {0}), InputError);
  EXPECT_THROW(run(ApplicationId::Sandwich, {}, {100}), InputError);
}

TEST(Applications, LineOfSightUsesTheExclusiveMaxScan) {
  const ApplicationInput in = defaultApplicationInput(ApplicationId::LineOfSight);
  const ApplicationRun r = runApplication(ApplicationId::LineOfSight, in, onCpu());
  EXPECT_EQ(r.result, (std::vector<double>{1, 1, 0, 1, 0, 0, 1, 0, 0, 1, 0, 1}));
  const Trace& t = r.scans[0].trace;
  EXPECT_EQ(t.meta.op, "max");
  EXPECT_FALSE(t.meta.inclusive);
  EXPECT_EQ(t.output[0], -INFINITY);  // nothing before the first point: it is always visible

  // The slide's test after an INCLUSIVE max-scan, â_i < a_i, never holds: â_i includes a_i.
  CaptureRequest inclusive{
      {.dtype = DType::Float32, .op = Operator::Max, .backend = BackendChoice::Cpu},
      viewingAngles(in.values, in.parameters[0])};
  const Trace wrong = capture(inclusive).trace;
  for (size_t i = 0; i < wrong.output.size(); ++i) EXPECT_FALSE(wrong.output[i] < wrong.input[i]);
}

TEST(Applications, LineOfSightEdges) {
  // Flat ground at the viewer's height: every angle is 0, only the first point is seen.
  EXPECT_EQ(run(ApplicationId::LineOfSight, {4, 4, 4, 4}, {4}).result,
            (std::vector<double>{1, 0, 0, 0}));
  // A slope steeper with every step: all visible.
  EXPECT_EQ(run(ApplicationId::LineOfSight, {1, 4, 9, 16, 25}, {0}).result,
            (std::vector<double>{1, 1, 1, 1, 1}));
  // A wall in front hides everything lower behind it.
  EXPECT_EQ(run(ApplicationId::LineOfSight, {50, 1, 2, 3, 60}, {0}).result,
            (std::vector<double>{1, 0, 0, 0, 0}));
  EXPECT_EQ(run(ApplicationId::LineOfSight, {-3}, {10}).result, (std::vector<double>{1}));
  ApplicationOptions asInt = onCpu();
  asInt.dtype = DType::Int32;
  EXPECT_THROW(run(ApplicationId::LineOfSight, {1, 2}, {0}, asInt), InputError);
}

TEST(Applications, PolynomialPowersAndSum) {
  const ApplicationRun r = runApplication(
      ApplicationId::Polynomial, defaultApplicationInput(ApplicationId::Polynomial), onCpu());
  // 3 + 1*2 + 7*4 + 0*8 + 4*16 + 1*32 + 6*64 + 3*128
  EXPECT_EQ(r.result, (std::vector<double>{897}));
  ASSERT_EQ(r.scans.size(), 2u);
  EXPECT_EQ(r.scans[0].trace.output, (std::vector<double>{1, 2, 4, 8, 16, 32, 64, 128}));
  EXPECT_EQ(r.scans[0].trace.meta.op, "mul");
  EXPECT_FALSE(r.scans[0].trace.meta.inclusive);
  EXPECT_EQ(r.scans[1].trace.input, (std::vector<double>{3, 2, 28, 0, 64, 32, 384, 384}));
  // x = 0: p(0) = c_0; one coefficient: the constant; negative x alternates.
  EXPECT_EQ(run(ApplicationId::Polynomial, {5, 7, 9}, {0}).result, (std::vector<double>{5}));
  EXPECT_EQ(run(ApplicationId::Polynomial, {-4}, {10}).result, (std::vector<double>{-4}));
  EXPECT_EQ(run(ApplicationId::Polynomial, {1, 1, 1, 1}, {-1}).result, (std::vector<double>{0}));
  // A fractional x scans in float32.
  const ApplicationRun f = run(ApplicationId::Polynomial, {1, 2, 3}, {0.5});
  EXPECT_EQ(f.scans[0].trace.meta.dtype, "float32");
  EXPECT_DOUBLE_EQ(f.result[0], 1 + 1 + 0.75);
  // 2^40 does not fit int32: refused, not wrapped.
  EXPECT_THROW(run(ApplicationId::Polynomial, std::vector<double>(42, 1), {2}), InputError);
  EXPECT_THROW(run(ApplicationId::Polynomial, {70000, 70000}, {70000}), InputError);
}

TEST(Applications, BackwardScanIsTheSameScanOnTheReversedView) {
  const ApplicationRun r = runApplication(
      ApplicationId::BackwardScan, defaultApplicationInput(ApplicationId::BackwardScan), onCpu());
  EXPECT_EQ(r.result, (std::vector<double>{25, 22, 21, 14, 14, 10, 9, 3}));
  EXPECT_EQ(r.scans[0].trace.input, (std::vector<double>{3, 6, 1, 4, 0, 7, 1, 3}));
  EXPECT_EQ(run(ApplicationId::BackwardScan, {7}, {}).result, (std::vector<double>{7}));
}

// Random inputs of one block, of a block's exact size and of several blocks (grid algorithms).
std::vector<double> randomValues(std::mt19937& rng, size_t n, int lo, int hi) {
  std::uniform_int_distribution<int> d(lo, hi);
  std::vector<double> v(n);
  for (double& x : v) x = d(rng);
  return v;
}

TEST(Applications, RandomInputsMatchTheSequentialReferences) {
  std::mt19937 rng(16);
  for (size_t n : {1u, 2u, 3u, 8u, 31u, 64u, 1000u, 1024u, 1025u, 2049u, 5000u}) {
    SCOPED_TRACE("n = " + std::to_string(n));
    const ApplicationInput sandwich{randomValues(rng, n, 0, 9), {10.0 * static_cast<double>(n)}};
    const ApplicationInput terrain{randomValues(rng, n, -50, 200), {30}};
    const ApplicationInput suffix{randomValues(rng, n, -100, 100), {}};
    // x = -1 keeps every power in int32 at any n.
    const ApplicationInput poly{randomValues(rng, n, -9, 9), {-1}};
    for (const auto& [id, in] : {std::pair{ApplicationId::Sandwich, sandwich},
                                 std::pair{ApplicationId::LineOfSight, terrain},
                                 std::pair{ApplicationId::BackwardScan, suffix},
                                 std::pair{ApplicationId::Polynomial, poly}})
      EXPECT_EQ(runApplication(id, in, onCpu()).result, reference(id, in))
          << applicationInfo(id).key;
  }
}

// One pass of the fused select or split over 3 1 7 0 4 1 6 3 (compaction's and radix sort's
// default input): the kernel that ran, the flags, the count row (the write addresses: the
// exclusive count of the flags) and the output the pass left.
void expectLessonSelectPass(const Trace& t, const std::string& algorithm,
                            const std::vector<uint8_t>& flags, const std::vector<int32_t>& counts,
                            const std::vector<double>& output) {
  EXPECT_EQ(t.meta.algorithm, algorithm);
  EXPECT_EQ(t.input, (std::vector<double>{3, 1, 7, 0, 4, 1, 6, 3})) << algorithm;
  EXPECT_EQ(t.rows.flags, flags) << algorithm;
  EXPECT_EQ(t.rows.second, counts) << algorithm;
  EXPECT_EQ(t.output, output) << algorithm;
}

TEST(Applications, CompactionWritesAtTheExclusiveSumOfTheFlags) {
  const ApplicationRun r = runApplication(
      ApplicationId::Compaction, defaultApplicationInput(ApplicationId::Compaction), onCpu());
  // 3 1 7 0 4 1 6 3, keep the values greater than 2: one select pass, whose trace holds the
  // values, their flags, every write address (the exclusive count) and the packed output.
  const Trace& t = r.scans[0].trace;
  expectLessonSelectPass(t, "select-lookback", {1, 0, 1, 0, 1, 0, 1, 1}, {0, 1, 1, 2, 2, 3, 3, 4},
                         {3, 7, 4, 6, 3, 0, 0, 0});
  // The recorded tile's last step shows the same count row.
  EXPECT_EQ(t.steps.back().values, std::vector<double>(t.rows.second.begin(), t.rows.second.end()));
  EXPECT_FALSE(t.meta.inclusive);
  EXPECT_EQ(r.result, (std::vector<double>{3, 7, 4, 6, 3}));
  // Fractions move too, and the answer keeps them exactly.
  EXPECT_EQ(run(ApplicationId::Compaction, {0.1, 5.25, 1e10}, {0}).result,
            (std::vector<double>{0.1, 5.25, 1e10}));
  // The pass is one kernel: a scan algorithm is refused, the select kernel taken.
  ApplicationOptions scanAlgorithm = onCpu();
  scanAlgorithm.algorithm = AlgorithmId::DecoupledLookback;
  EXPECT_THROW(runApplication(ApplicationId::Compaction,
                              defaultApplicationInput(ApplicationId::Compaction), scanAlgorithm),
               InputError);
  // Flags as given: all, none, one.
  ApplicationInput in{{5, 6, 7}, {2}, {1, 1, 1}};
  EXPECT_EQ(runApplication(ApplicationId::Compaction, in, onCpu()).result,
            (std::vector<double>{5, 6, 7}));
  in.flags = {0, 0, 0};
  EXPECT_TRUE(runApplication(ApplicationId::Compaction, in, onCpu()).result.empty());
  in.flags = {0, 1, 0};
  EXPECT_EQ(runApplication(ApplicationId::Compaction, in, onCpu()).result,
            (std::vector<double>{6}));
  EXPECT_EQ(run(ApplicationId::Compaction, {9}, {2}).result, (std::vector<double>{9}));
  EXPECT_TRUE(run(ApplicationId::Compaction, {1}, {2}).result.empty());
  in.flags = {1, 0};
  EXPECT_THROW(runApplication(ApplicationId::Compaction, in, onCpu()), InputError);
  EXPECT_THROW(runApplication(ApplicationId::Sandwich, {{1, 2}, {100}, {1, 0}}, onCpu()),
               InputError);
}

TEST(Applications, CompactionOfRandomFlagsMatchesTheReference) {
  std::mt19937 rng(21);
  for (size_t n : {1u, 7u, 64u, 1000u, 2048u, 2049u, 6000u}) {
    ApplicationInput in{randomValues(rng, n, -50, 50), {0}, {}};
    in.flags.resize(n);
    for (auto& f : in.flags) f = static_cast<uint8_t>(rng() % 2);
    EXPECT_EQ(runApplication(ApplicationId::Compaction, in, onCpu()).result,
              reference(ApplicationId::Compaction, in))
        << "n = " << n;
    in.flags.clear();  // the predicate: greater than 0
    EXPECT_EQ(runApplication(ApplicationId::Compaction, in, onCpu()).result,
              reference(ApplicationId::Compaction, in))
        << "n = " << n;
  }
}

// The fused select and split over several tiles (1024 threads of 4: 4096 elements a tile): every
// flag set, none set, one element; the addresses in the trace are the exclusive counts.
TEST(Applications, CompactionAndRadixSortOverManyTilesAndEdgeFlags) {
  std::mt19937 rng(5);
  for (size_t n : {1u, 4096u, 4097u, 9000u}) {
    SCOPED_TRACE("n = " + std::to_string(n));
    ApplicationInput in{randomValues(rng, n, -50, 50), {0}, {}};
    for (uint8_t f : {uint8_t{0}, uint8_t{1}}) {
      in.flags.assign(n, f);
      const ApplicationRun r = runApplication(ApplicationId::Compaction, in, onCpu());
      EXPECT_EQ(r.result, reference(ApplicationId::Compaction, in));
      EXPECT_EQ(r.scans[0].trace.rows.second.back(), f ? static_cast<int32_t>(n) - 1 : 0);
    }
    const ApplicationInput keys{randomValues(rng, n, 0, 1000), {}, {}};
    EXPECT_EQ(runApplication(ApplicationId::RadixSort, keys, onCpu()).result,
              reference(ApplicationId::RadixSort, keys));
  }
}

TEST(Applications, RadixSortSplitsOneBitAPass) {
  const ApplicationRun r = runApplication(
      ApplicationId::RadixSort, defaultApplicationInput(ApplicationId::RadixSort), onCpu());
  EXPECT_EQ(r.result, (std::vector<double>{0, 1, 1, 3, 3, 4, 6, 7}));
  ASSERT_EQ(r.scans.size(), 3u);  // keys up to 7: three bits
  // Pass 1, bit 0 of 3 1 7 0 4 1 6 3: one split pass; the 0-flags, their exclusive count and the
  // keys split, the 0-keys 0 4 6 first.
  const Trace& t = r.scans[0].trace;
  expectLessonSelectPass(t, "split-lookback", {0, 0, 0, 1, 1, 0, 1, 0}, {0, 0, 0, 0, 1, 2, 2, 3},
                         {0, 4, 6, 3, 1, 7, 1, 3});
  EXPECT_EQ(r.scans[1].trace.input, t.output);  // each pass splits the keys the last one left
  const std::vector<RadixPass> passes = radixPasses(r);
  ASSERT_EQ(passes.size(), 3u);
  EXPECT_EQ(passes[0].destination, (std::vector<double>{3, 4, 5, 0, 1, 6, 2, 7}));
  EXPECT_EQ(run(ApplicationId::RadixSort, {0}, {}).result, (std::vector<double>{0}));
  EXPECT_EQ(run(ApplicationId::RadixSort, {5, 5, 5}, {}).result, (std::vector<double>{5, 5, 5}));
  EXPECT_EQ(run(ApplicationId::RadixSort, {65535, 0}, {}).scans.size(), 16u);
  EXPECT_THROW(run(ApplicationId::RadixSort, {3, -1}, {}), InputError);
  EXPECT_THROW(run(ApplicationId::RadixSort, {3, 2.5}, {}), InputError);
  EXPECT_THROW(run(ApplicationId::RadixSort, {65536}, {}), InputError);
}

TEST(Applications, RadixSortOfRandomKeysMatchesTheReference) {
  std::mt19937 rng(33);
  for (size_t n : {1u, 2u, 31u, 1024u, 3000u}) {
    for (int largest : {1, 255, 65535}) {
      const ApplicationInput in{randomValues(rng, n, 0, largest), {}, {}};
      EXPECT_EQ(runApplication(ApplicationId::RadixSort, in, onCpu()).result,
                reference(ApplicationId::RadixSort, in))
          << "n = " << n << ", keys up to " << largest;
    }
  }
}

// Seed 001's segmented quicksort: the default keys 6 2 9 4 6 1 8 | 3 5 1 7 2 in two segments.
TEST(Applications, QuicksortStepPartitionsEverySegmentAtOnce) {
  const ApplicationInput in = defaultApplicationInput(ApplicationId::QuicksortStep);
  const ApplicationRun r = runApplication(ApplicationId::QuicksortStep, in, onCpu());
  EXPECT_EQ(r.result, (std::vector<double>{2, 4, 1, 6, 9, 6, 8, 1, 2, 3, 5, 7}));
  ASSERT_EQ(r.scans.size(), 3u);
  const std::vector<uint8_t> heads = {1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0};
  // Scan 1 copies each pivot over its segment, a segmented kernel fed the head flags.
  EXPECT_EQ(r.scans[0].trace.meta.algorithm, "segmented-kogge-stone");
  EXPECT_EQ(r.scans[0].trace.rows.flags, heads);
  EXPECT_EQ(r.scans[0].trace.input, (std::vector<double>{6, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0}));
  EXPECT_EQ(r.scans[0].trace.output, (std::vector<double>{6, 6, 6, 6, 6, 6, 6, 3, 3, 3, 3, 3}));
  // Scan 2: right-keys (>= pivot) before each key, restarting at the second segment.
  EXPECT_EQ(r.scans[1].trace.meta.algorithm, "segmented-blelloch");
  EXPECT_FALSE(r.scans[1].trace.meta.inclusive);
  EXPECT_EQ(r.scans[1].trace.input, (std::vector<double>{1, 0, 1, 0, 1, 0, 1, 1, 1, 0, 1, 0}));
  EXPECT_EQ(r.scans[1].trace.output, (std::vector<double>{0, 1, 1, 2, 2, 3, 3, 0, 1, 2, 2, 3}));
  // Scan 3 runs on the reversed view, whose segments start at the old segments' ends.
  EXPECT_EQ(r.scans[2].trace.rows.flags,
            (std::vector<uint8_t>{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0}));
  const PartitionStep step = partitionStep(r);
  EXPECT_EQ(step.leftAfter, (std::vector<double>{3, 3, 2, 2, 1, 1, 0, 2, 2, 2, 1, 1}));
  EXPECT_EQ(step.destination, (std::vector<double>{3, 0, 4, 1, 5, 2, 6, 9, 10, 7, 11, 8}));
  EXPECT_EQ(step.newHeads, (std::vector<uint8_t>{1, 0, 0, 1, 1, 0, 0, 1, 0, 1, 1, 0}));
  EXPECT_NE(r.answer.find("2 4 1 | 6 | 9 6 8 | 1 2 | 3 | 5 7"), std::string::npos) << r.answer;
}

// The segments a partition step leaves, sequentially: per old segment the keys less than its
// pivot, the pivot alone, the rest (parts that are empty start nothing).
std::vector<uint8_t> sequentialNewHeads(const std::vector<double>& keys,
                                        std::vector<uint8_t> heads) {
  heads.resize(keys.size(), 0);
  heads[0] = 1;
  std::vector<uint8_t> out(keys.size(), 0);
  for (size_t start = 0; start < keys.size();) {
    size_t end = start + 1, less = 0;
    while (end < keys.size() && !heads[end]) ++end;
    for (size_t i = start; i < end; ++i) less += keys[i] < keys[start];
    out[start] = 1;
    out[start + less] = 1;
    if (start + less + 1 < end) out[start + less + 1] = 1;
    start = end;
  }
  return out;
}

TEST(Applications, QuicksortStepEdges) {
  const auto step = [](std::vector<double> keys, std::vector<uint8_t> flags) {
    const ApplicationInput in{std::move(keys), {}, std::move(flags)};
    const ApplicationRun r = runApplication(ApplicationId::QuicksortStep, in, onCpu());
    EXPECT_EQ(r.result, reference(ApplicationId::QuicksortStep, in));
    EXPECT_EQ(partitionStep(r).newHeads, sequentialNewHeads(in.values, in.flags));
    return r;
  };
  // N = 1: the key is its own pivot and stays.
  EXPECT_EQ(step({7}, {}).result, (std::vector<double>{7}));
  // Every flag set: each key a sorted segment of one; nothing moves, every flag stays.
  const ApplicationRun all = step({5, 3, 9, 1}, {1, 1, 1, 1});
  EXPECT_EQ(all.result, (std::vector<double>{5, 3, 9, 1}));
  EXPECT_EQ(partitionStep(all).newHeads, (std::vector<uint8_t>{1, 1, 1, 1}));
  // No flag set: element 0 still starts the one segment (the first step of a sort).
  EXPECT_EQ(step({5, 3, 9, 1}, {0, 0, 0, 0}).result, (std::vector<double>{3, 1, 5, 9}));
  // The pivot the smallest key (no left part) and the largest (no right part but itself).
  EXPECT_EQ(partitionStep(step({1, 5, 3}, {})).newHeads, (std::vector<uint8_t>{1, 1, 0}));
  EXPECT_EQ(partitionStep(step({5, 1, 3}, {})).newHeads, (std::vector<uint8_t>{1, 0, 1}));
  // Keys equal to the pivot go right, behind it, in their order.
  EXPECT_EQ(step({4, 4, 2, 4}, {}).result, (std::vector<double>{2, 4, 4, 4}));
  // Fractions and negative keys scan the pivots in float32.
  const ApplicationRun f = step({0.5, -1.25, 2, 0.5}, {});
  EXPECT_EQ(f.scans[0].trace.meta.dtype, "float32");
  EXPECT_EQ(f.result, (std::vector<double>{-1.25, 0.5, 2, 0.5}));
  // Large keys in many segments: only a segment's own running sum has to fit int32.
  EXPECT_EQ(step({2e9, 1e9, 2e9, 1e9}, {1, 0, 1, 0}).result,
            (std::vector<double>{1e9, 2e9, 1e9, 2e9}));
  EXPECT_THROW(step({1, 2, 3}, {1, 0}), InputError);
}

TEST(Applications, QuicksortStepOfRandomKeysAndSegmentsMatchesTheReference) {
  std::mt19937 rng(42);
  for (size_t n : {1u, 2u, 3u, 31u, 64u, 1000u, 1024u, 1025u, 3000u}) {
    for (int meanLength : {1, 3, 50, 100000}) {
      ApplicationInput in{randomValues(rng, n, -20, 20), {}, std::vector<uint8_t>(n)};
      for (auto& f : in.flags) f = rng() % static_cast<unsigned>(meanLength) == 0;
      const ApplicationRun r = runApplication(ApplicationId::QuicksortStep, in, onCpu());
      EXPECT_EQ(r.result, reference(ApplicationId::QuicksortStep, in))
          << "n = " << n << ", segments of about " << meanLength;
      EXPECT_EQ(partitionStep(r).newHeads, sequentialNewHeads(in.values, in.flags))
          << "n = " << n << ", segments of about " << meanLength;
      if (n > 2048) {
        EXPECT_EQ(r.scans[0].trace.meta.algorithm, "segmented-hierarchical");
      }
    }
  }
}

// A segmented application answers alike on every segmented algorithm, each scan on the one asked
// for; an algorithm that cannot see segments is refused.
void expectEverySegmentedAlgorithmAgrees(ApplicationId id, const ApplicationInput& in) {
  for (const AlgorithmInfo& a : allAlgorithms()) {
    ApplicationOptions o = onCpu();
    o.algorithm = a.id;
    if (!isSegmentedAlgorithm(a.id)) {
      EXPECT_THROW(runApplication(id, in, o), InputError) << a.key;
      continue;
    }
    const ApplicationRun r = runApplication(id, in, o);
    for (const ApplicationScan& s : r.scans) EXPECT_EQ(s.trace.meta.algorithm, a.key);
    EXPECT_EQ(r.result, reference(id, in)) << a.key;
  }
}

TEST(Applications, QuicksortStepRunsOnEverySegmentedAlgorithmOnly) {
  std::mt19937 rng(5);
  ApplicationInput in{randomValues(rng, 300, 0, 99), {}, std::vector<uint8_t>(300)};
  for (auto& f : in.flags) f = rng() % 20 == 0;
  expectEverySegmentedAlgorithmAgrees(ApplicationId::QuicksortStep, in);
}

ApplicationInput sparseMatrix(std::vector<double> values, std::vector<double> rowLengths,
                              std::vector<double> columns, std::vector<double> x) {
  return {std::move(values), {}, {}, {std::move(rowLengths), std::move(columns), std::move(x)}};
}

// The default 5 x 4 matrix, its row 2 empty, times x = 1 2 3 4.
TEST(Applications, SparseMatrixVectorSumsEveryRowInOneSegmentedScan) {
  const ApplicationRun r =
      runApplication(ApplicationId::SparseMatrixVector,
                     defaultApplicationInput(ApplicationId::SparseMatrixVector), onCpu());
  EXPECT_EQ(r.result, (std::vector<double>{6, 18, 0, 24, 12}));
  ASSERT_EQ(r.scans.size(), 1u);
  const Trace& t = r.scans[0].trace;
  EXPECT_EQ(t.meta.algorithm, "segmented-kogge-stone");
  EXPECT_TRUE(t.meta.inclusive);
  // The products value * x[column] and their sums, restarting at every row's first nonzero.
  EXPECT_EQ(t.rows.flags, (std::vector<uint8_t>{1, 0, 1, 0, 1, 0, 0, 1}));
  EXPECT_EQ(t.input, (std::vector<double>{2, 4, 6, 12, 1, 15, 8, 12}));
  EXPECT_EQ(t.output, (std::vector<double>{2, 6, 6, 18, 1, 16, 24, 12}));
  const SparseProduct p = sparseProduct(r);
  EXPECT_EQ(p.row, (std::vector<size_t>{0, 0, 1, 1, 3, 3, 3, 4}));
  EXPECT_NE(r.answer.find("row 2 has no nonzero"), std::string::npos) << r.answer;
}

TEST(Applications, SparseMatrixVectorEdges) {
  const auto spmv = [](ApplicationInput in) {
    const ApplicationRun r = runApplication(ApplicationId::SparseMatrixVector, in, onCpu());
    EXPECT_EQ(r.result, reference(ApplicationId::SparseMatrixVector, in));
    return r.result;
  };
  // N = 1: a 1 x 1 matrix.
  EXPECT_EQ(spmv(sparseMatrix({7}, {1}, {0}, {3})), (std::vector<double>{21}));
  // Empty rows first, last and side by side: no segment, y = 0.
  EXPECT_EQ(spmv(sparseMatrix({2, 3}, {0, 0, 1, 0, 0, 1, 0}, {1, 0}, {5, 4})),
            (std::vector<double>{0, 0, 8, 0, 0, 15, 0}));
  // Every flag set: one nonzero a row (a diagonal).
  EXPECT_EQ(spmv(sparseMatrix({1, 2, 3}, {1, 1, 1}, {0, 1, 2}, {4, 5, 6})),
            (std::vector<double>{4, 10, 18}));
  // No flag but the first: one row holds every nonzero, a plain sum.
  EXPECT_EQ(spmv(sparseMatrix({1, 2, 3}, {3}, {2, 1, 0}, {4, 5, 6})), (std::vector<double>{28}));
  // A column named twice in a row adds up, as A x does.
  EXPECT_EQ(spmv(sparseMatrix({1, 1}, {2}, {0, 0}, {5})), (std::vector<double>{10}));
  // Negative entries; fractions scan in float32.
  EXPECT_EQ(spmv(sparseMatrix({-3, 2}, {1, 1}, {0, 0}, {-2})), (std::vector<double>{6, -4}));
  const ApplicationRun f = runApplication(
      ApplicationId::SparseMatrixVector, sparseMatrix({0.5, 1.5}, {2}, {0, 1}, {2, 0.25}), onCpu());
  EXPECT_EQ(f.scans[0].trace.meta.dtype, "float32");
  EXPECT_EQ(f.result, (std::vector<double>{1.375}));
  // Bad matrices: each refused with its own reason.
  for (const ApplicationInput& bad :
       {sparseMatrix({1, 2}, {1}, {0, 0}, {1}), sparseMatrix({1, 2}, {1, 1}, {0}, {1}),
        sparseMatrix({1, 2}, {1, 1}, {0, 1}, {1}), sparseMatrix({1, 2}, {1.5, 0.5}, {0, 0}, {1}),
        sparseMatrix({1, 2}, {3, -1}, {0, 0}, {1}), sparseMatrix({1, 2}, {2}, {0, -1}, {1, 1}),
        sparseMatrix({1}, {1}, {0}, {}), sparseMatrix({70000}, {1}, {0}, {70000})})
    EXPECT_THROW(runApplication(ApplicationId::SparseMatrixVector, bad, onCpu()), InputError);
}

// A random sparse matrix: rows of 0..maxRow nonzeros (many empty when maxRow is small).
ApplicationInput randomSparseMatrix(std::mt19937& rng, size_t rows, int maxRow, size_t columns) {
  ApplicationInput in = sparseMatrix({}, {}, {}, randomValues(rng, columns, -9, 9));
  for (size_t r = 0; r < rows; ++r) {
    const int length = static_cast<int>(rng() % static_cast<unsigned>(maxRow + 1));
    in.lists[0].push_back(length);
    for (int k = 0; k < length; ++k) {
      in.values.push_back(static_cast<int>(rng() % 19) - 9);
      in.lists[1].push_back(static_cast<double>(rng() % columns));
    }
  }
  if (in.values.empty()) {  // at least one nonzero
    in.lists[0][0] = 1;
    in.values = {1};
    in.lists[1] = {0};
  }
  return in;
}

TEST(Applications, SparseMatrixVectorOfRandomMatricesMatchesTheReference) {
  std::mt19937 rng(77);
  for (size_t rows : {1u, 2u, 9u, 100u, 700u}) {
    for (int maxRow : {1, 2, 6, 40}) {
      const ApplicationInput in = randomSparseMatrix(rng, rows, maxRow, 1 + rng() % 50);
      const ApplicationRun r = runApplication(ApplicationId::SparseMatrixVector, in, onCpu());
      EXPECT_EQ(r.result, reference(ApplicationId::SparseMatrixVector, in))
          << rows << " rows of up to " << maxRow << " nonzeros";
      if (in.values.size() > 1024) {
        EXPECT_EQ(r.scans[0].trace.meta.algorithm, "segmented-hierarchical");
      }
    }
  }
  // Every segmented algorithm gives the same product; others cannot see the rows.
  expectEverySegmentedAlgorithmAgrees(ApplicationId::SparseMatrixVector,
                                      randomSparseMatrix(rng, 60, 8, 20));
}

TEST(Applications, EveryAlgorithmGivesTheSameAnswer) {
  std::mt19937 rng(7);
  const ApplicationInput terrain{randomValues(rng, 200, 0, 99), {50}};
  const ApplicationInput poly{randomValues(rng, 20, -9, 9), {2}};
  for (const AlgorithmInfo& a : allAlgorithms()) {
    ApplicationOptions o = onCpu();
    o.algorithm = a.id;
    const ApplicationRun sight = runApplication(ApplicationId::LineOfSight, terrain, o);
    EXPECT_EQ(sight.scans[0].trace.meta.algorithm, a.key);
    EXPECT_EQ(sight.result, reference(ApplicationId::LineOfSight, terrain)) << a.key;
    EXPECT_EQ(runApplication(ApplicationId::Polynomial, poly, o).result,
              reference(ApplicationId::Polynomial, poly))
        << a.key;
  }
}

TEST(Applications, FloatPolynomialWithinRounding) {
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> c(-2, 2);
  for (size_t n : {1u, 5u, 40u, 300u}) {
    ApplicationInput in{std::vector<double>(n), {0.97}};
    for (double& v : in.values) v = std::round(c(rng) * 100) / 100;
    const double got = runApplication(ApplicationId::Polynomial, in, onCpu()).result[0];
    const double want = reference(ApplicationId::Polynomial, in)[0];
    double scale = 0;
    for (double v : in.values) scale += std::fabs(v);
    EXPECT_NEAR(got, want, 1e-5 * scale + 1e-6) << "n = " << n;
  }
}

TEST(Applications, ABlockAlgorithmRefusesMoreThanOneBlock) {
  ApplicationOptions o = onCpu();
  o.algorithm = AlgorithmId::KoggeStone;
  EXPECT_THROW(run(ApplicationId::BackwardScan, std::vector<double>(1025, 1), {}, o), InputError);
  EXPECT_THROW(run(ApplicationId::BackwardScan,
                   std::vector<double>(static_cast<size_t>(kMaxApplicationValues) + 1, 0), {}),
               InputError);
}

TEST(Applications, ScanIndexIsCheckedAgainstTheRun) {
  ApplicationRequest rq = defaultApplicationRequest(ApplicationId::Polynomial);
  const ApplicationRun r = runApplication(rq.id, rq.input, onCpu());
  rq.scan = 1;
  EXPECT_NO_THROW(checkScanIndex(rq, r));
  rq.scan = 2;
  EXPECT_THROW(checkScanIndex(rq, r), InputError);
}

}  // namespace
}  // namespace scanviz
