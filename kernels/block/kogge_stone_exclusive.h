// Exclusive Kogge-Stone scan of one section (PMPP Fig. 8.3).
// Idea: load the input shifted right by one, with the identity in element 0, so that the
// Kogge-Stone iterations leave x0..x(i-1) in XY[i]. Work n*log2(n) - (n-1), depth log2(n), as the
// inclusive scan; an inclusive result costs one more step of n applications (ToInclusive).
// The shifted load is step 0 (StepKind::KoggeStoneShift). The iterations read into a register
// before a barrier and write after it, avoiding the in-place race of the seed's Fig. 8.2 kernel.
#pragma once

#include "kernels/block/exclusive_store.h"
#include "kernels/block/kogge_stone.h"
#include "kernels/block/section_io.h"
#include "kernels/variant_descriptor.h"

namespace scanviz {

struct KoggeStoneExclusiveScan : OneElementPerThread {
  template <class Ex>
  SCANVIZ_HD static void run(Ex& ex, typename Ex::Value* xy,
                             const SectionIO<typename Ex::Value>& io) {
    const int section = sectionSize(ex.threads());
    // Reading X[i-1] during the load costs nothing extra, unlike shifting in shared memory
    // afterwards (a read, a barrier and a write).
    ex.parallel([&](int t) {
      xy[t] = t > 0 && t - 1 < io.n ? io.in[t - 1] : ex.identity();
      ex.move(t, t, -1);  // X[t-1] from the input (XY[0]: the identity), no operator
    });
    ex.barrier(StepCode{StepKind::KoggeStoneShift, 0}, xy, section);
    koggeStoneIterations(
        ex, xy, [](int t) { return t; }, StepKind::KoggeStone, section);
    storeExclusiveArray(ex, xy, io, section);
  }
};

template <>
inline constexpr AlgorithmDescriptor algorithmOf<KoggeStoneExclusiveScan> =
    describeVariant<KoggeStoneExclusiveScan, KoggeStoneScan>({
        .key = "kogge-stone-exclusive",
        .name = "Kogge-Stone (exclusive)",
        .exclusiveByNature = true,
        .summary = "Kogge-Stone on the input shifted right by one: an exclusive scan",
        .source = "PMPP Fig. 8.3",
    });

}  // namespace scanviz
