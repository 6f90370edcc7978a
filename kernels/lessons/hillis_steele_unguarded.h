// FLAWED on purpose (a "spot the bug" lesson): seed 004's double-buffered Hillis-Steele kernel
// (OpenCL) takes no length: every work-item loads and stores its element unguarded.
// The seed's lines:
//     c[lid] = b[lid] = a[gid];
//     ...
//     r[gid] = b[lid];
// Why it is wrong: the kernel is only right when the global size equals the array's length. For
// any other length the work-group is rounded up to whole groups, and the work-items past the end
// read a[gid] beyond the input (whatever memory follows it, or a fault) and write r[gid] beyond
// the output, over memory the program may use for something else. The scan itself is right, and
// garbage read past the end only flows to the right, into cells past the end: the results inside
// the array stay right, so tests on lengths that are multiples of the group size pass. Seed 004's
// Blelloch kernel (`b[2*lid] = a[2*gid]`) has the same unguarded load and store.
// The emulator performs no access past the end: a read gives 0xDEADBEEF (kUnmappedBits) and a
// write is dropped, the first of each reported in the run's notes (CpuBlockExec::readUnguarded).
// The fix (kernels/block/hillis_steele.h): pass the length and guard both, padding with the
// identity:  c[lid] = b[lid] = gid < n ? a[gid] : 0;  ...  if (gid < n) r[gid] = b[lid];
// Work and depth as the fixed kernel: n log2 n - (n-1), log2 n.
#pragma once

#include "kernels/algorithm_descriptor.h"
#include "kernels/block/hillis_steele.h"
#include "kernels/block/section_io.h"
#include "kernels/lessons/unguarded_store.h"

namespace scanviz {

struct HillisSteeleUnguardedScan : HillisSteeleScan {
  template <class Ex>
  SCANVIZ_HD static void run(Ex& ex, typename Ex::Value* xy,
                             const SectionIO<typename Ex::Value>& io) {
    using T = typename Ex::Value;
    const int section = sectionSize(ex.threads());
    T* from = xy;          // b
    T* to = xy + section;  // c
    ex.parallel([&](int t) {
      to[t] = from[t] = ex.readUnguarded(io.in, t, io.n, t, "a");  // c[lid] = b[lid] = a[gid];
    });
    ex.barrier(StepCode{StepKind::Load, 0}, from, section);
    // The double-buffered iterations, SWAP(b,c) included, as the fixed kernel runs them.
    from = doubleBufferedSteps(ex, from, to, section);
    // r[gid] = b[lid];
    storeSectionUnguarded(ex, from, io, section, "r");
  }
};

template <>
inline constexpr AlgorithmDescriptor algorithmOf<HillisSteeleUnguardedScan> =
    flawedVariant<HillisSteeleUnguardedScan>(
        algorithmOf<HillisSteeleScan>, "hillis-steele-unguarded",
        "Hillis-Steele, no length (flawed)",
        "`c[lid] = b[lid] = a[gid];` with no length: reads and writes past the arrays", "seed 004");

}  // namespace scanviz
