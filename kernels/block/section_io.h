// The contract between a per-block scan algorithm and whoever launches it (a single section, the
// hierarchical driver, or a single-pass tile loop): where the section's input and output live, how
// many elements are real (the rest is padded with the operator's identity), and which variant the
// caller wants.
#pragma once

#include <type_traits>

#include "kernels/scan_types.h"

namespace scanviz {

template <class T>
struct SectionIO {
  const T* in = nullptr;  // first element of this section in the input array
  T* out = nullptr;       // first element of this section in the output array
  int n = 0;              // valid elements in this section (<= section size)
  bool exclusive = false;
  T* total = nullptr;  // if set, receives the reduction of the whole section
  // The problem's other rows for this section (issue 13 item 5), null when it has none: head
  // flags (1: the element starts a segment, or a predicate bit) and a second int32 array (keys,
  // scatter indices). Both hold io.n entries; the load step shows them.
  const uint8_t* flags = nullptr;
  const int32_t* second = nullptr;
  // A segmented scan of a grid: receives whether the section holds a segment head (its total
  // then starts at the last head, and no carry passes it).
  uint8_t* totalFlag = nullptr;
};

// The rows a step shows besides its values: per-element flags and a second int32 array, indexed
// by logical element (not through a PadMap). Elements at or past `valid` show 0 (a section's
// padding). A null row is not shown; a step that records a row records it whole, so a kernel
// records flags when they change (a segmented scan ORs them up its tree) and the views show the
// latest recorded row for the steps in between.
struct StepRows {
  const uint8_t* flags = nullptr;
  const int32_t* second = nullptr;
  int valid = 0x7fffffff;
  SCANVIZ_HD SCANVIZ_INLINE int mask() const { return (flags ? 1 : 0) | (second ? 2 : 0); }
  SCANVIZ_HD SCANVIZ_INLINE uint8_t flagAt(int i) const { return i < valid ? flags[i] : 0; }
  SCANVIZ_HD SCANVIZ_INLINE int32_t secondAt(int i) const { return i < valid ? second[i] : 0; }
};

// The section of the algorithms in which each thread owns one element, scanned in place in
// shared memory (Kogge-Stone, its exclusive form, the sequential baseline).
struct OneElementPerThread {
  static constexpr int kElementsPerThread = 1;
  SCANVIZ_HD static int sectionSize(int threads) { return threads; }
  SCANVIZ_HD static int sharedSlots(int threads) { return threads; }
};

// Maps a logical index of the working array to its shared-memory slot. Conflict-free Blelloch
// pads one slot every 2^shift elements so that strided accesses spread over the 32 banks.
struct PadMap {
  int shift = 0;
  SCANVIZ_HD SCANVIZ_INLINE int operator()(int i) const { return shift ? i + (i >> shift) : i; }
  SCANVIZ_HD SCANVIZ_INLINE int slots(int n) const { return (*this)(n - 1) + 1; }
};

// Loads a section into the working array with coalesced, strided accesses, padding with the
// identity, and records step 0 with every copy as a move (the loading threads are active) (with the
// section's flags and second array when the problem has them).
template <class Ex>
SCANVIZ_HD void loadSection(Ex& ex, typename Ex::Value* xy, const SectionIO<typename Ex::Value>& io,
                            int section, PadMap pad = {}) {
  const int threads = ex.threads();
  ex.parallel([&](int t) {
    for (int i = t; i < section; i += threads) {
      xy[pad(i)] = i < io.n ? io.in[i] : ex.identity();
      ex.move(t, i, -1);  // from the input (or the identity): no operator, but a written cell
    }
  });
  ex.barrier(StepCode{StepKind::Load, 0}, xy, section, pad, StepRows{io.flags, io.second, io.n});
}

// Writes the section's result in the variant the caller asked for. `holdsExclusive` says what
// the working array holds; an inclusive array is shifted right by one for an exclusive result (no
// operator application, so no work is counted). An exclusive array must only be stored as
// exclusive: algorithms that produce one convert it themselves, as a recorded step.
template <class Ex>
SCANVIZ_HD void storeSection(Ex& ex, const typename Ex::Value* xy,
                             const SectionIO<typename Ex::Value>& io, int section,
                             bool holdsExclusive, PadMap pad = {}) {
  using T = typename Ex::Value;
  const int threads = ex.threads();
  ex.parallel([&](int t) {
    for (int i = t; i < io.n; i += threads) {
      const bool shift = io.exclusive && !holdsExclusive;
      io.out[i] = shift ? (i == 0 ? ex.identity() : xy[pad(i - 1)]) : xy[pad(i)];
    }
    if (io.total && t == 0) {
      const int last = section - 1;
      T total = xy[pad(last)];
      if (holdsExclusive) total = ex.combine(total, last < io.n ? io.in[last] : ex.identity());
      *io.total = total;
    }
  });
}

// The frame of the algorithms that scan their section in shared memory and leave it inclusive
// (Kogge-Stone and its double-buffered form, Brent-Kung, the coarsened scan, the sequential
// baseline, and their flawed variants in kernels/lessons/): load `section` elements, let
// `steps(section)` scan them, store the result. `steps` returns the buffer that holds the scan
// when it is not xy (a double-buffered scan ends in either of its two), and nothing otherwise.
template <class Ex, class Steps>
SCANVIZ_HD void scanSection(Ex& ex, typename Ex::Value* xy, const SectionIO<typename Ex::Value>& io,
                            int section, Steps steps) {
  loadSection(ex, xy, io, section);
  if constexpr (std::is_void_v<decltype(steps(section))>) {
    steps(section);
    storeSection(ex, xy, io, section, /*holdsExclusive=*/false);
  } else {
    storeSection(ex, steps(section), io, section, /*holdsExclusive=*/false);
  }
}

// The same for the algorithms in which each thread owns one element of the section.
template <class Ex, class Steps>
SCANVIZ_HD void scanSectionInPlace(Ex& ex, typename Ex::Value* xy,
                                   const SectionIO<typename Ex::Value>& io, Steps steps) {
  scanSection(ex, xy, io, OneElementPerThread::sectionSize(ex.threads()), steps);
}

}  // namespace scanviz
