// What every segmented block scan shares: where its flags live in shared memory, the load that
// brings the head flags in beside the values, and the store that respects segment starts.
// A segmented scan restarts at every element whose head flag is 1 (Blelloch, "Prefix sums and
// their applications", 1990, section 1.5): it is the plain scan of the pairs (value, flag) under
//   (a, fa) + (b, fb) = (fb ? b : a + b, fa | fb),
// an associative operator, so any scan pattern works once each combination respects the flags.
#pragma once

#include "kernels/block/section_io.h"

namespace scanviz {

// True for the block scans of this family (they declare kSegmented): their grid scans hand on a
// head flag with each section total and carry only up to a section's first head.
template <class Algo>
inline constexpr bool kIsSegmentedScan = requires {
  Algo::kSegmented;
};

// Shared memory holds the values first, then `rows` rows of one flag byte per element, packed into
// 4-byte value slots (int32 and float32 alike) so that one array serves the GPU (dynamic shared
// memory) and the emulator (a vector of values).
SCANVIZ_HD SCANVIZ_INLINE int segmentedSharedSlots(int section, int rows) {
  return section + (rows * section + 3) / 4;
}

// Row `row` (0, 1, ...) of flags after `section` values.
template <class T>
SCANVIZ_HD SCANVIZ_INLINE uint8_t* flagRow(T* xy, int section, int row) {
  static_assert(sizeof(T) == 4, "flags are packed into 4-byte value slots");
  return reinterpret_cast<uint8_t*>(xy + section) + row * section;
}

// The head flag of element i of the section (0 past its end, and without flags: one segment).
template <class T>
SCANVIZ_HD SCANVIZ_INLINE uint8_t headFlag(const SectionIO<T>& io, int i) {
  return io.flags && i < io.n ? io.flags[i] : 0;
}

// Loads values (identity padding) and head flags (0 padding: padding joins the last segment,
// which the identity leaves unchanged) into xy and each of the flag rows given, and records
// step 0 with the flags.
template <class Ex>
SCANVIZ_HD void loadSegmentedSection(Ex& ex, typename Ex::Value* xy, uint8_t* flags, uint8_t* heads,
                                     const SectionIO<typename Ex::Value>& io, int section) {
  const int threads = ex.threads();
  ex.parallel([&](int t) {
    for (int i = t; i < section; i += threads) {
      xy[i] = i < io.n ? io.in[i] : ex.identity();
      ex.move(t, i, -1);  // a copy from the input, as in loadSection
      flags[i] = headFlag(io, i);
      if (heads) heads[i] = flags[i];
    }
  });
  ex.barrier(StepCode{StepKind::Load, 0}, xy, section, PadMap{}, StepRows{flags, io.second, io.n});
}

// Stores a segmented result. An inclusive working array becomes exclusive by shifting right by
// one, except that a segment's head gets the identity (nothing of its segment precedes it).
// An exclusive array is stored as it is. The section's total (its last element's inclusive value,
// the part of the last segment inside this section) and whether the section holds a head go to
// the caller of a grid scan: `anyHead` is the OR of every flag of the section.
template <class Ex>
SCANVIZ_HD void storeSegmentedSection(Ex& ex, const typename Ex::Value* xy,
                                      const SectionIO<typename Ex::Value>& io, int section,
                                      bool holdsExclusive, uint8_t anyHead) {
  using T = typename Ex::Value;
  const int threads = ex.threads();
  ex.parallel([&](int t) {
    for (int i = t; i < io.n; i += threads) {
      T v = xy[i];
      if (io.exclusive && !holdsExclusive)
        v = (i == 0 || headFlag(io, i)) ? ex.identity() : xy[i - 1];
      io.out[i] = v;
    }
    if (io.total && t == 0) {
      const int last = section - 1;
      T total = xy[last];
      if (holdsExclusive) total = ex.combine(total, last < io.n ? io.in[last] : ex.identity());
      *io.total = total;
      if (io.totalFlag) *io.totalFlag = anyHead;
    }
  });
}

}  // namespace scanviz
