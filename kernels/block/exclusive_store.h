// Storing a working array that holds an EXCLUSIVE scan (exclusive Kogge-Stone, Blelloch).
// An exclusive array cannot be shifted left into an inclusive one without the section's last
// input, so when the caller wants an inclusive result each element combines its own input in, as
// a recorded step: one more operator application per element and one more step of depth.
#pragma once

#include "kernels/block/section_io.h"

namespace scanviz {

// The recorded step that turns an exclusive working array into the inclusive one.
template <class Ex>
SCANVIZ_HD void exclusiveToInclusive(Ex& ex, typename Ex::Value* xy,
                                     const SectionIO<typename Ex::Value>& io, int section,
                                     PadMap pad = {}) {
  const int threads = ex.threads();
  ex.parallel([&](int t) {
    // The same coalesced pattern as the load: thread t combines the elements it loaded. Its
    // input is read again (a cached global read) rather than kept in registers for the whole
    // scan; it is the thread's own value, so the edge names no source in the array.
    for (int i = t; i < section; i += threads) {
      xy[pad(i)] = ex.combine(xy[pad(i)], i < io.n ? io.in[i] : ex.identity());
      ex.edge(t, i, -1);
    }
  });
  ex.barrier(StepCode{StepKind::ToInclusive, 0}, xy, section, pad);
}

template <class Ex>
SCANVIZ_HD void storeExclusiveArray(Ex& ex, typename Ex::Value* xy,
                                    const SectionIO<typename Ex::Value>& io, int section,
                                    PadMap pad = {}) {
  if (!io.exclusive) exclusiveToInclusive(ex, xy, io, section, pad);
  storeSection(ex, xy, io, section, /*holdsExclusive=*/io.exclusive, pad);
}

}  // namespace scanviz
