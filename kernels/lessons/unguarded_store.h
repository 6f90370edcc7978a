// The store of the seeds' unguarded kernels (kernels/lessons/): every thread writes its element of
// the section to `arrayName` with no `i < n` test, through the executor's writeUnguarded (the
// emulator drops and reports a write past the end; on the GPU it lands in the backend's slack).
// The block total for the hierarchical driver follows, as storeSection hands it on.
#pragma once

#include "kernels/block/section_io.h"

namespace scanviz {

template <class Ex>
SCANVIZ_HD void storeSectionUnguarded(Ex& ex, const typename Ex::Value* xy,
                                      const SectionIO<typename Ex::Value>& io, int section,
                                      const char* arrayName) {
  ex.parallel([&](int t) {
    // An exclusive result (which the seeds never make) is shifted as storeSection does.
    const auto v = !io.exclusive ? xy[t] : t == 0 ? ex.identity() : xy[t - 1];
    ex.writeUnguarded(io.out, t, io.n, v, t, arrayName);
  });
  ex.parallel([&](int t) {
    if (io.total && t == 0) *io.total = xy[section - 1];  // the hierarchical driver's block sum
  });
}

}  // namespace scanviz
