// Hillis-Steele inclusive scan of one section, double-buffered (slides "The Hillis-Steele
// Algorithm"; seed 004's OpenCL kernel with its pointer swap).
// Idea: Kogge-Stone's pattern, but each iteration reads one buffer and writes the other, so no
// thread can overwrite a value another thread has yet to read: one barrier per iteration suffices
// (the in-place kernel of PMPP Fig. 8.2 races; kogge_stone.h pays a second barrier instead).
// Work n*log2(n) - (n-1), depth log2(n); twice the shared memory.
#pragma once

#include "kernels/block/kogge_stone.h"
#include "kernels/block/section_io.h"
#include "kernels/variant_descriptor.h"

namespace scanviz {

struct HillisSteeleScan {
  static constexpr int kElementsPerThread = 1;
  SCANVIZ_HD static int sectionSize(int threads) { return threads; }
  SCANVIZ_HD static int sharedSlots(int threads) { return 2 * threads; }

  template <class Ex>
  SCANVIZ_HD static void run(Ex& ex, typename Ex::Value* xy,
                             const SectionIO<typename Ex::Value>& io) {
    scanSection(ex, xy, io, sectionSize(ex.threads()),
                [&](int section) { return doubleBufferedSteps(ex, xy, xy + section, section); });
  }

  // The iterations: each reads `from` and writes `to`, then the two swap; returns the buffer that
  // holds the scan. (Seed 004's unguarded kernel in kernels/lessons/ runs the same iterations.)
  template <class Ex>
  SCANVIZ_HD static typename Ex::Value* doubleBufferedSteps(Ex& ex, typename Ex::Value* from,
                                                            typename Ex::Value* to, int section) {
    using T = typename Ex::Value;
    for (int stride = 1; stride < section; stride *= 2) {
      ex.parallel([&](int t) {
        if (t >= stride) {
          to[t] = ex.combine(from[t - stride], from[t]);
          ex.edge(t, t, t - stride);
        } else {
          to[t] = from[t];   // a copy keeps the buffer complete: the next iteration reads it all
          ex.move(t, t, t);  // the same element of the other buffer: a write, no operator
        }
      });
      ex.barrier(StepCode{StepKind::DoubleBuffered, stride}, to, section);
      T* const read = from;
      from = to;
      to = read;
    }
    return from;
  }
};

template <>
inline constexpr AlgorithmDescriptor algorithmOf<HillisSteeleScan> =
    describeVariant<HillisSteeleScan, KoggeStoneScan>({
        .key = "hillis-steele",
        .name = "Hillis-Steele (double-buffered)",
        .summary = "Kogge-Stone's pattern with two buffers swapped each step: no read-write race",
        .source = "slides; seed 004",
    });

}  // namespace scanviz
