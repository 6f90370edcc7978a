// FLAWED on purpose (a "spot the bug" lesson): the in-place Kogge-Stone kernel of seeds 000 and
// 002 (PMPP Fig. 8.2), with its one barrier per iteration, so that thread t reads XY[t-stride]
// while thread t-stride writes it. The lesson below has the seed's lines, why they are wrong, the
// fix (kogge_stone.h: read, barrier, write; or double-buffer, hillis_steele.h) and the schedule
// that shows the race: the emulator's ThreadOrder::WarpsAscending, warps in turn, lanes in lockstep
// (readThenWrite). Work and depth as the fixed kernel: n log2 n - (n-1), log2 n.
// The lesson's lines are cut from kernels/listings/kogge_stone_one_barrier.cuh, whose two kernels
// the tests run (tests/unit/test_listings.cpp, tests/gpu/test_gpu_listings.cu).
#pragma once

#include "kernels/block/kogge_stone.h"
#include "kernels/block/section_io.h"
#include "kernels/lessons/flaw_lesson.h"
#include "kernels/listings/snippets.h"

namespace scanviz {

struct KoggeStoneOneBarrierScan : OneElementPerThread {
  using FixedBy = KoggeStoneScan;

  template <class Ex>
  SCANVIZ_HD static void run(Ex& ex, typename Ex::Value* xy,
                             const SectionIO<typename Ex::Value>& io) {
    using T = typename Ex::Value;
    scanSectionInPlace(ex, xy, io, [&](int section) {
      for (int stride = 1; stride < section; stride *= 2) {
        // XY[t] += XY[t - stride], as one statement: no barrier between the read and the write.
        ex.readThenWrite([&](int t) { return t >= stride ? xy[t - stride] : ex.identity(); },
                         [&](int t, T left) {
                           if (t >= stride) {
                             xy[t] = ex.combine(left, xy[t]);
                             ex.edge(t, t, t - stride);
                           }
                         });
        ex.barrier(StepCode{StepKind::KoggeStone, stride}, xy, section);
      }
    });
  }
};

template <>
inline constexpr FlawLesson lessonOf<KoggeStoneOneBarrierScan> = {
    .key = "kogge-stone-one-barrier",
    .name = "Kogge-Stone, one barrier (flawed)",
    .summary = "in place with one barrier per iteration: a read-after-write race between warps",
    .source = "seeds 000, 002 (PMPP Fig. 8.2 as printed)",
    .title = "In-place Kogge-Stone with one barrier per iteration: a race between warps",
    .seed = "seed 000 (PMPP 8.2) and seed 002 (Fig. 8.2), the Kogge-Stone kernel's loop",
    .seedLines = snippets::kogge_stone_one_barrier::seed,
    .why =
        "Thread t reads XY[t-stride] in the same iteration in which thread t-stride "
        "writes it, with no barrier in between. Inside a warp the lanes load before "
        "they store, so it only bites across warps: when warp 0 finishes the iteration "
        "before warp 1 reads, cell 32 adds a value that already holds cell 30 and "
        "counts it twice. With a single warp it can never show.",
    .fixLines = snippets::kogge_stone_one_barrier::fix,
    .emulatorNote =
        "warps run in turn, ascending: warp 0 reaches the barrier before warp 1 "
        "starts the iteration (descending order happens to give the right "
        "result)",
    .setup = {.input = "1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,"
                       "1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1",
              .flawedBlockSize = 64,
              .fixedBlockSize = 64,
              .threadOrder = ThreadOrder::WarpsAscending},
};

}  // namespace scanviz
