// Segmented Kogge-Stone scan of one section (Kogge-Stone, PMPP Fig. 8.1-8.2, over Blelloch's
// segmented operator, "Prefix sums and their applications" 1.5).
// Idea: each element carries its value and a flag that says "a segment starts within the elements
// I have combined so far" (at first, its head flag). In iteration k element i >= 2^k combines the
// element 2^k to its left only if its own flag is clear, and ORs that element's flag into its own:
// once a head lies within what an element covers, nothing from before the head may reach it. An
// arrow therefore never crosses a segment boundary. After log2(n) iterations XY[i] holds the scan
// of i's segment up to i, and the last flag says whether the section holds a head.
// Work: at most n*log2(n) - (n-1) applications (fewer: none across a boundary); depth log2(n).
// The exclusive result is the inclusive one shifted right by one with the identity at each head.
#pragma once

#include "kernels/block/kogge_stone.h"
#include "kernels/block/segmented_io.h"
#include "kernels/variant_descriptor.h"

namespace scanviz {

struct SegmentedKoggeStoneScan : OneElementPerThread {
  static constexpr bool kSegmented = true;
  SCANVIZ_HD static int sharedSlots(int threads) { return segmentedSharedSlots(threads, 1); }

  template <class Ex>
  SCANVIZ_HD static void run(Ex& ex, typename Ex::Value* xy,
                             const SectionIO<typename Ex::Value>& io) {
    using T = typename Ex::Value;
    const int section = sectionSize(ex.threads());
    uint8_t* flag = flagRow(xy, section, 0);
    loadSegmentedSection(ex, xy, flag, nullptr, io, section);
    typename Ex::template Regs<T> left(ex);
    typename Ex::template Regs<uint8_t> leftFlag(ex);
    for (int stride = 1; stride < section; stride *= 2) {
      ex.parallel([&](int t) {
        if (t >= stride) {
          left[t] = xy[t - stride];
          leftFlag[t] = flag[t - stride];
        }
      });
      ex.sync();  // every read of this iteration happens before any write
      ex.parallel([&](int t) {
        if (t >= stride) {
          if (!flag[t]) {
            xy[t] = ex.combine(left[t], xy[t]);
            ex.edge(t, t, t - stride);
          }
          flag[t] = flag[t] | leftFlag[t];
        }
      });
      ex.barrier(StepCode{StepKind::SegKoggeStone, stride}, xy, section, PadMap{},
                 StepRows{flag, nullptr, section});
    }
    storeSegmentedSection(ex, xy, io, section, /*holdsExclusive=*/false, flag[section - 1]);
  }
};

template <>
inline constexpr AlgorithmDescriptor algorithmOf<SegmentedKoggeStoneScan> =
    describeSegmented<SegmentedKoggeStoneScan, KoggeStoneScan>({
        .key = "segmented-kogge-stone",
        .name = "Segmented Kogge-Stone",
        .summary = "Kogge-Stone over (value, head flag) pairs: nothing crosses a segment start; "
                   "flags OR-ed",
        .source = "Blelloch 1990, 1.5 (segmented scans); PMPP Fig. 8.1",
    });

}  // namespace scanviz
