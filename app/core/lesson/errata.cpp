#include "app/core/lesson/errata.h"

#include <cmath>
#include <limits>
#include <stdexcept>

#include "app/core/applications/line_of_sight.h"
#include "app/core/capture/capture.h"
#include "kernels/listings/snippets.h"
#include "kernels/scan_types.h"

namespace scanviz {
namespace {

constexpr double kNone = std::numeric_limits<double>::quiet_NaN();

// A small capture on the emulator: `n` ones through `algorithm` with `block` threads, in its
// natural variant (Blelloch exclusive: inclusive would add a step that converts).
Trace runOnEmulator(AlgorithmId algorithm, int n, int block, int coarsening = kDefaultCoarsening) {
  CaptureRequest rq;
  rq.algorithm = algorithm;
  rq.backend = BackendChoice::Cpu;
  rq.blockSize = block;
  rq.coarsening = coarsening;
  rq.exclusive = exclusiveByNature(algorithm);
  rq.input.assign(static_cast<size_t>(n), 1.0);
  return capture(rq).trace;
}

Trace runOnEmulator(std::string_view key, int n, int block) {
  const auto id = findAlgorithm(key);
  if (!id) throw std::logic_error("erratum evidence names no algorithm " + std::string(key));
  return runOnEmulator(*id, n, block);
}

// The project's one-block scan whose kernel records steps of `kind`, found by running each on a
// few elements: an erratum about what a step does (double-buffered iterations, a coarsened scan's
// phase 1) finds its algorithm by that step, as the code panel finds the step's lines.
AlgorithmId algorithmRecording(StepKind kind) {
  for (const AlgorithmInfo& a : allAlgorithms()) {
    if (a.level != AlgorithmLevel::Block || a.segmented) continue;
    for (const TraceStep& s : runOnEmulator(a.id, 8, 2).steps)
      if (s.kind == static_cast<int>(kind)) return a.id;
  }
  throw std::logic_error("no block scan records the step kind an erratum asks for");
}

std::string keyOf(AlgorithmId id) {
  return std::string(algorithmInfo(id).key);
}

std::string number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4g", v);
  return buf;
}

std::string count(int64_t v) {
  return std::to_string(v);
}

// The operator applications of the steps of one kind (and all steps for kind < 0).
int64_t opsOfKind(const Trace& t, StepKind kind) {
  int64_t ops = 0;
  for (const TraceStep& s : t.steps)
    if (s.kind == static_cast<int>(kind)) ops += s.ops;
  return ops;
}

// The strides of the steps of one kind, in the order they ran.
std::vector<int> stridesOfKind(const Trace& t, StepKind kind) {
  std::vector<int> strides;
  for (const TraceStep& s : t.steps)
    if (s.kind == static_cast<int>(kind)) strides.push_back(s.param);
  return strides;
}

std::string listed(const std::vector<int>& v) {
  std::string s;
  for (int x : v) s += (s.empty() ? "" : ", ") + std::to_string(x);
  return s;
}

ErratumEvidence koggeStoneWorkRatio() {
  const Trace ks = runOnEmulator("kogge-stone", 1024, 1024);
  const Trace seq = runOnEmulator("sequential", 1024, 1024);
  const double ratio =
      static_cast<double>(ks.counters.work) / static_cast<double>(seq.counters.work);
  return {"kogge-stone and sequential, N = 1024 in one block, on the emulator",
          "kogge-stone applies the operator " + count(ks.counters.work) +
              " times, the sequential scan " + count(seq.counters.work) + ": " +
              count(ks.counters.work) + " / " + count(seq.counters.work) + " = " + number(ratio),
          9217.0 / 1027.0, 9217.0 / 1023.0, ratio};
}

ErratumEvidence hillisSteeleWork() {
  const AlgorithmId doubleBuffered = algorithmRecording(StepKind::DoubleBuffered);
  const Trace t = runOnEmulator(doubleBuffered, 8, 8);
  const double n = 8, lg = 3;
  std::vector<int> perIteration;
  for (const TraceStep& s : t.steps)
    if (s.kind == static_cast<int>(StepKind::DoubleBuffered))
      perIteration.push_back(static_cast<int>(s.ops));
  return {keyOf(doubleBuffered) + ", n = 8, on the emulator",
          "the three iterations apply the operator " + listed(perIteration) +
              " times (n - 2^(d-1) for d = 1, 2, 3): " + count(t.counters.work) +
              " in all, n log2 n - (n - 1) = 17, where n log n - n gives 16",
          n * lg - n, n * lg - (n - 1), static_cast<double>(t.counters.work)};
}

ErratumEvidence blellochWork() {
  const Trace t = runOnEmulator("blelloch", 8, 4);
  const int64_t up = opsOfKind(t, StepKind::UpSweep), down = opsOfKind(t, StepKind::BlellochDown);
  return {
      "blelloch (exclusive, its own variant), n = 8 (4 threads, two elements each), on the "
      "emulator",
      "the up-sweep applies the operator " + count(up) + " times (4 + 2 + 1), the down-sweep " +
          count(down) + " (1 + 2 + 4): " + count(t.counters.work) + " = 2(n - 1), not 2n = 16",
      16, 14, static_cast<double>(t.counters.work)};
}

ErratumEvidence brentProofStep() {
  const Trace t = runOnEmulator("blelloch", 8, 4);
  const int p = 4;
  int64_t w = 0, depth = 0, sumCeil = 0;
  std::vector<int> perStep;
  for (const TraceStep& s : t.steps) {
    if (s.ops <= 0) continue;
    perStep.push_back(static_cast<int>(s.ops));
    w += s.ops;
    ++depth;
    sumCeil += (s.ops + p - 1) / p;
  }
  const int64_t slideMiddle = sumCeil + depth;         // sum of (ceil(W_i/p) + 1)
  const int64_t slideRight = (w + p - 1) / p + depth;  // ceil(W/p) + D
  const int64_t theorem = w / p + depth;               // floor(W/p) + D
  return {"blelloch, n = 8, on p = 4 processors (the steps' operator counts, on the emulator)",
          "the steps do " + listed(perStep) + " operations (W = " + count(w) +
              ", D = " + count(depth) + "). The time sum ceil(W_i/p) = " + count(sumCeil) +
              " <= floor(W/p) + D = " + count(theorem) +
              ": the theorem holds. The slide's middle sum (ceil(W_i/p) + 1) = " +
              count(slideMiddle) + " exceeds its right side ceil(W/p) + D = " + count(slideRight) +
              ": that step of the proof is false",
          kNone, kNone, kNone};  // about an inequality, not a number
}

ErratumEvidence upSweepBound() {
  const Trace t = runOnEmulator("blelloch", 8, 4);
  const std::vector<int> strides = stridesOfKind(t, StepKind::UpSweep);
  const double lastLevel = strides.empty() ? kNone : std::log2(strides.back());
  return {"blelloch, n = 8, on the emulator",
          "the up-sweep runs strides " + listed(strides) + ", that is d = 0.." + number(lastLevel) +
              " = log2(8) - 1; log2(8 - 1) = " + number(std::log2(7.0)) +
              " is no level, though its integer part is the same",
          std::log2(7.0), 2, lastLevel};
}

ErratumEvidence localSizeOfSeven() {
  const Trace t = runOnEmulator("blelloch", 8, 4);
  const std::vector<int> strides = stridesOfKind(t, StepKind::BlellochDown);
  const size_t width = t.steps.empty() ? 0 : t.steps.back().values.size();
  return {"blelloch on a section of 8 elements (the comment's temp[0..7]), on the emulator",
          "its down-sweep records the comment's steps (strides " + listed(strides) + ") over " +
              std::to_string(width) +
              " elements; a section of 7 is no power of two, and the "
              "tile kernel would leave the last element out of every level",
          7, 8, static_cast<double>(width)};
}

ErratumEvidence threePhaseWork() {
  const AlgorithmId coarsened = algorithmRecording(StepKind::ThreadScan);
  const Trace t = runOnEmulator(coarsened, 1024, 64, 16);
  const int64_t phase1 = opsOfKind(t, StepKind::ThreadScan);
  const int64_t phase3 = opsOfKind(t, StepKind::AddSubsection);
  return {keyOf(coarsened) + ", N = 1024, T = 64 threads of 16 elements, on the emulator",
          "phase 1 applies the operator " + count(phase1) +
              " times (N - T: 64 subsections of "
              "16, 15 each), phase 3 " +
              count(phase3) +
              " ((T - 1)(N/T - 1), the seed: N - T = "
              "960). With phase 2 as the seed counts it (T log2 T = 384): (960 + 384 + 945) / 32 "
              "= 71.5 time units, speedup 14.3 (the seed: 74 and 13.8)",
          1023, 960, static_cast<double>(phase1)};
}

// The output of kogge-stone over `values` on the emulator (float32), in one block.
std::vector<double> koggeStoneOf(const std::vector<double>& values, Operator op, bool exclusive) {
  CaptureRequest rq;
  rq.algorithm = *findAlgorithm("kogge-stone");
  rq.backend = BackendChoice::Cpu;
  rq.dtype = DType::Float32;
  rq.op = op;
  rq.exclusive = exclusive;
  rq.input = values;
  return capture(rq).trace.output;
}

std::string visibleList(const std::vector<bool>& visible) {
  std::string s;
  int count = 0;
  for (size_t i = 0; i < visible.size(); ++i)
    if (visible[i]) {
      s += (s.empty() ? "" : " ") + std::to_string(i + 1);
      ++count;
    }
  return std::to_string(count) + " of " + std::to_string(visible.size()) +
         (s.empty() ? "" : " (points " + s + ")");
}

ErratumEvidence lineOfSightTest() {
  const std::vector<double> heights = {1, 3, 2, 6, 4, 11, 5, 16};
  const std::vector<double> angles = viewingAngles(heights, 1);
  const std::vector<double> inclusive = koggeStoneOf(angles, Operator::Max, false);
  const std::vector<double> exclusive = koggeStoneOf(angles, Operator::Max, true);
  std::vector<bool> slide(angles.size()), right(angles.size());
  for (size_t i = 0; i < angles.size(); ++i) {
    slide[i] = inclusive[i] < angles[i];            // the slide's test
    right[i] = i == 0 || angles[i] > exclusive[i];  // the largest angle before i
  }
  return {
      "the line-of-sight application's max-scan (kogge-stone, operator max) over the angles "
      "of heights 1 3 2 6 4 11 5 16 seen from height 1, on the emulator",
      "with the inclusive max-scan the slide's test finds " + visibleList(slide) +
          " visible; with the exclusive max-scan, a_i > the largest angle before i: " +
          visibleList(right),
      kNone, kNone, kNone};
}

ErratumEvidence float4Trick() {
  const int threads = 8;
  std::vector<double> sums(threads, 4.0);  // a[i]: the sum of thread i's float4 of ones
  const std::vector<double> inclusive = koggeStoneOf(sums, Operator::Add, false);
  const std::vector<double> exclusive = koggeStoneOf(sums, Operator::Add, true);
  const auto firstFour = [](const std::vector<double>& hat) {
    std::string s;
    for (int k = 1; k <= 4; ++k) s += (k > 1 ? ", " : "") + number(hat[0] + k);
    return s;
  };
  return {"32 ones as 8 float4s: the sums a[i] = 4 scanned by kogge-stone on the emulator",
          "with the slides' (inclusive) prefix sum the first float4 stores " +
              firstFour(inclusive) + " and the last ends at " + number(inclusive.back() + 4) +
              "; with the exclusive one " + firstFour(exclusive) + " ... " +
              number(exclusive.back() + 4) + ", the scan of the 32 ones",
          inclusive.back() + 4, 32, exclusive.back() + 4};
}

}  // namespace

const std::vector<Erratum>& allErrata() {
  static const std::vector<Erratum> kAll = {
      {
          .id = "seed-000-work-ratio",
          .title = "9217 / 1027: the sequential scan's work is 1023",
          .seed = "seed 000, section 8.3 (speed and work efficiency)",
          .seedText = "The Kogge-Stone algorithm performs 9217 / 1027 = ~9 times more work than "
                      "the sequential algorithm.",
          .correction = "9217 / 1023 = 9.01 times more work (1023 = 1024 - 1, the line above)",
          .why = "The seed's own line above computes the sequential scan's work, 1024 - 1 = 1023; "
                 "1027 is a typo. The rounded ~9 survives, the division does not.",
          .evidence = koggeStoneWorkRatio,
      },
      {
          .id = "seed-001-work-n-log-n",
          .title = "Hillis-Steele's work is n log n - (n - 1), not n log n - n",
          .seed = "seed 001, \"Complexity of the Hillis-Steele algorithm\"",
          .seedText = "W(n) = sum_{d=1}^{log2 n} (n - 2^(d-1)) = sum n - sum 2^(d-1) "
                      "= n log n - n",
          .correction = "= n log2 n - (n - 1), since sum_{d=1}^{log2 n} 2^(d-1) = n - 1",
          .why = "The geometric sum 1 + 2 + ... + n/2 is n - 1, not n (seed 000 gets the same "
                 "count right for Kogge-Stone: N log2 N - (N - 1)). The O(n log n) conclusion "
                 "stands.",
          .evidence = hillisSteeleWork,
      },
      {
          .id = "seed-001-work-2n",
          .title = "Blelloch's work is 2(n - 1), not 2n",
          .seed = "seed 001, the Blelloch algorithm's work-efficiency",
          .seedText = "Number of adds: n/2 + n/4 + ... + 1 + 1 + ... + n/4 + n/2\n"
                      "Work complexity W(n) = 2 * n = O(n)",
          .correction = "W(n) = 2(n - 1) = 2n - 2 = O(n)",
          .why = "Each half of the slide's own sum, n/2 + n/4 + ... + 1, is n - 1: the up-sweep "
                 "and the down-sweep apply the operator n - 1 times each. The O(n) conclusion "
                 "stands; the equality does not.",
          .evidence = blellochWork,
      },
      {
          .id = "brent-proof-step",
          .title = "Brent's theorem: a step of the slide's proof is false",
          .seed = "seed 001, \"Brent's Theorem\", the proof's last line",
          .seedText = "T(n,p) = sum_i ceil(W_i(n)/p) <= sum_i (ceil(W_i(n)/p) + 1) "
                      "<= ceil(W(n)/p) + D(n)",
          .correction = "T(n,p) = sum_i ceil(W_i/p) <= sum_i (floor(W_i/p) + 1) "
                        "<= floor(W/p) + D(n)",
          .why = "Adding 1 per step to a sum of ceilings cannot stay under ceil(W/p) + D: each "
                 "ceiling already rounds up. The proof needs ceil(x) <= floor(x) + 1 and "
                 "floor(a) + floor(b) <= floor(a + b); that also proves the theorem as stated "
                 "(with floor), which is true.",
          .evidence = brentProofStep,
      },
      {
          .id = "up-sweep-bound",
          .title = "Up-sweep pseudo-code: log2(n - 1) for log2(n) - 1",
          .seed = "seed 003, the up-sweep's pseudo-code",
          .seedText = snippets::blelloch_down_sweep_log2n::up_sweep_seed,
          .correction = snippets::blelloch_down_sweep_log2n::up_sweep_fix,
          .why = "The bracket is misplaced (GPU Gems 3, which the seed follows, has "
                 "log2 n - 1). As printed the bound is no integer; read as its integer part it "
                 "gives the same levels for every power of two n >= 2, so no wrong value follows: "
                 "a typo in the formula, not a bug.",
          .evidence = upSweepBound,
      },
      {
          .id = "local-size-seven",
          .title = "\"Use local size of 7\": the walk-through has 8",
          .seed = "seed 003, the tile kernel's down-sweep comment",
          .seedText = "// Use local size of 7 for example:",
          .correction = snippets::seed003_tile::local_size,
          .why = "The walk-through right below indexes temp[0..7] and steps offset 4, 2, 1: "
                 "eight work-items. The algorithm needs a power of two.",
          .evidence = localSizeOfSeven,
      },
      {
          .id = "seed-000-phase-1-work",
          .title = "Three-phase scan: phase 1 does N - T operations, not N - 1",
          .seed = "seed 000, section 8.5 (An Even More Work-Efficient Parallel Scan)",
          .seedText = "the amount of work done is N - 1 for phase 1, T log2 T for phase 2, and "
                      "N - T for phase 3 ... (1024 - 1 + 64 * 6 + 1024 - 64) / 32 = 74 time units",
          .correction = "N - T for phase 1 (T subsections of N/T elements, N/T - 1 each) and "
                        "(T - 1)(N/T - 1) for phase 3 (the first subsection adds nothing)",
          .why = "Phase 1 scans T subsections independently, each costing one less than its "
                 "length; phase 3 adds a total to all but the last element of every subsection "
                 "but the first. The seed's counts are upper bounds stated as counts; the "
                 "estimate moves from 74 to about 71.5 time units.",
          .evidence = threePhaseWork,
      },
      {
          .id = "line-of-sight-inclusive",
          .title = "Line of sight: the test needs the exclusive max-scan",
          .seed = "seed 001, \"Example: Line-of-Sight\", the algorithm's steps 2 and 3",
          .seedText = "2. Perform max-scan on angle vector (i.e., prefix sum with the max "
                      "operator)\n3. Test a^_i < a_i, if true then grid point is visible from X",
          .correction = "2. Perform an EXCLUSIVE max-scan (the largest angle before each point)\n"
                        "3. Test a^_i < a_i",
          .why = "The slides define the prefix sum as inclusive, and an inclusive max-scan "
                 "includes a_i itself: a^_i >= a_i always, so the test never holds and no point "
                 "is visible. A point is visible when its angle beats every angle BEFORE it.",
          .evidence = lineOfSightTest,
      },
      {
          .id = "float4-exclusive",
          .title = "The float4 trick needs the exclusive scan of the sums",
          .seed = "seed 001, \"Further Optimizations\"",
          .seedText = "Store sum_{j=1..4} x[i][j] in shared memory a[i]\n"
                      "Compute the prefix-sum on a -> a^\n"
                      "Store 4 values back in global memory: a^[i] + x[0], a^[i] + x[0] + x[1], "
                      "...",
          .correction = "Store x[0] + x[1] + x[2] + x[3] in a[i] (the indices run 0..3)\n"
                        "Compute the EXCLUSIVE prefix sum on a -> a^ (what comes before thread i)",
          .why = "With the slides' prefix sum, which they define as inclusive, a^[i] already "
                 "holds thread i's own four values: a^[i] + x[0] counts them twice. The sum's "
                 "indices 1..4 and the stores' x[0..3] also disagree.",
          .evidence = float4Trick,
      },
      {
          .id = "threadfence-scope",
          .title = "__threadfence() makes the write visible to the grid, not the block",
          .seed = "seed 000, section 8.7 (single-pass scan)",
          .seedText = "__threadfence() is used to ensure that the write to scan_value is "
                      "visible to all threads in the block.",
          .correction = "... is visible to every block of the grid (the device) before the flag "
                        "is set: the reader is the NEXT block",
          .why = "scan_value[bid + 1] is read by another block, possibly on another SM; "
                 "__threadfence() orders the write before the flag for every thread of the "
                 "device. Ordering within a block is __threadfence_block()'s (or the barrier's) "
                 "job and would not be enough here.",
          .noRun = "A fence's effect does not show in a trace (the emulator is sequentially "
                   "consistent). What scanviz shows: single-pass-chained's code "
                   "(kernels/grid/single_pass_chained.h) fences before raising the flag that "
                   "the next block spins on.",
      },
      {
          .id = "grid-size-limit",
          .title = "gridDim.x is not limited to 65536 blocks",
          .seed = "seed 000, section 8.6 (hierarchical scan)",
          .seedText = "With up to 65536 thread blocks in the x dimension of the grid we can "
                      "process up to 65536 * 2048 = 134,217,728 elements.",
          .correction = "gridDim.x goes up to 2^31 - 1 (since compute capability 3.0; 65,535 "
                        "before, never 65,536): sections of 2048 reach about 4.4 * 10^12 "
                        "elements, so memory, not the grid, limits one level",
          .why = "The figure is the grid limit of devices before compute capability 3.0, and "
                 "off by one even there. The arithmetic 65536 * 2048 = 134,217,728 is right.",
          .noRun = "A property of the device, not of a scan: on the H100 of docs/gpu-results.md "
                   "(2026-11-24) tools/lesson_probe printed \"max grid 2147483647 x 65535 x "
                   "65535 blocks\".",
      },
      {
          .id = "kernel-name-hyphen",
          .title = "`Kogge-Stone_scan_kernel` is no C identifier",
          .seed = "seed 002, Fig. 8.2",
          .seedText = snippets::kogge_stone_unguarded_store::kernel_name_seed,
          .correction = snippets::kogge_stone_unguarded_store::kernel_name,
          .why = "A hyphen cannot be part of a name: the compiler reads Kogge minus "
                 "Stone_scan_kernel and rejects the declaration. Seed 000 spells it with an "
                 "underscore.",
          .noRun = "No run can show it: the line does not compile. scanviz's kernel is "
                   "KoggeStoneScan (kernels/block/kogge_stone.h).",
      },
      {
          .id = "en-dash-minus",
          .title = "`SECTION_SIZE – 1` is written with an en dash",
          .seed = "seed 000, section 8.6, the first kernel's block sum",
          .seedText = snippets::hierarchical_s_minus_one::block_sum_seed,
          .correction = snippets::hierarchical_s_minus_one::block_sum,
          .why = "The character between SECTION_SIZE and 1 is an en dash (U+2013), a "
                 "typesetter's dash, not the minus operator: the compiler rejects it.",
          .noRun = "No run can show it: the line does not compile. scanviz's hierarchical "
                   "scan takes each section's total from its last element (SectionIO::total).",
      },
  };
  return kAll;
}

const Erratum* findErratum(std::string_view id) {
  for (const Erratum& e : allErrata())
    if (e.id == id) return &e;
  return nullptr;
}

}  // namespace scanviz
