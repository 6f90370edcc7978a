// FLAWED on purpose (a "spot the bug" lesson): seed 004's double-buffered Hillis-Steele kernel
// (OpenCL) takes no length: every work-item loads and stores its element unguarded. The lesson
// below has the seed's lines, why they are wrong and the fix (kernels/block/hillis_steele.h: pass
// the length, pad the load with the identity, guard the store). Seed 004's Blelloch kernel
// (`b[2*lid] = a[2*gid]`) has the same unguarded load and store.
// The emulator performs no access past the end: a read gives 0xDEADBEEF (kUnmappedBits) and a
// write is dropped, the first of each reported in the run's notes (CpuBlockExec::readUnguarded).
// Work and depth as the fixed kernel: n log2 n - (n-1), log2 n.
#pragma once

#include "kernels/block/hillis_steele.h"
#include "kernels/block/section_io.h"
#include "kernels/lessons/flaw_lesson.h"
#include "kernels/lessons/unguarded_store.h"
#include "kernels/listings/snippets.h"

namespace scanviz {

struct HillisSteeleUnguardedScan : HillisSteeleScan {
  using FixedBy = HillisSteeleScan;

  template <class Ex>
  SCANVIZ_HD static void run(Ex& ex, typename Ex::Value* xy,
                             const SectionIO<typename Ex::Value>& io) {
    using T = typename Ex::Value;
    const int section = sectionSize(ex.threads());
    T* from = xy;          // b
    T* to = xy + section;  // c
    ex.parallel([&](int t) {
      to[t] = from[t] = ex.readUnguarded(io.in, t, io.n, t, "a");  // c[lid] = b[lid] = a[gid];
      ex.move(t, t, -1);
    });
    ex.barrier(StepCode{StepKind::Load, 0}, from, section);
    // The double-buffered iterations, SWAP(b,c) included, as the fixed kernel runs them.
    from = doubleBufferedSteps(ex, from, to, section);
    // r[gid] = b[lid];
    storeSectionUnguarded(ex, from, io, section, "r");
  }
};

template <>
inline constexpr FlawLesson lessonOf<HillisSteeleUnguardedScan> = {
    .key = "hillis-steele-unguarded",
    .name = "Hillis-Steele, no length (flawed)",
    .summary = "`c[lid] = b[lid] = a[gid];` with no length: reads and writes past the arrays",
    .source = "seed 004",
    .title = "Hillis-Steele with no length: reads and writes past the arrays",
    .seed = "seed 004, the OpenCL Hillis-Steele kernel (its Blelloch kernel alike)",
    .seedLines = snippets::hillis_steele_unguarded::seed,
    .why =
        "The kernel takes no length, so it is only right when the global size equals "
        "the array's. Rounded up to whole work-groups, the work-items past the end read "
        "a[6], a[7] beyond the input and write r[6], r[7] beyond the output. The "
        "garbage they read only flows to the right, into cells past the end: the runs "
        "part at the load in those cells, yet every result inside the array is right.",
    .fixLines = snippets::hillis_steele_unguarded::fix,
    .emulatorNote =
        "any schedule; 6 elements in a work-group of 8: a read past the end "
        "gives 0xDEADBEEF (-559038737 as an int), a write past it is dropped, "
        "the first of each reported",
    .setup = {.input = "3,1,7,0,4,1"},
};

}  // namespace scanviz
