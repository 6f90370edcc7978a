// FLAWED on purpose (a "spot the bug" lesson): the "serial scan" of seed 003.
// The seed's lines:
//     output.at(0) = 0;
//     for (int i = 1; i < input.size(); i++) {
//       output.at(i) = input.at(i) + input.at(i-1);
//     }
// Why it is wrong: a prefix sum needs everything to the left, y_i = x_0 + ... + x_i (the seed's
// own definition just above the code); adding the left neighbour's INPUT gives sums of two
// adjacent elements, and y_0 = 0 drops x_0. Right only at i = 1 (and never again once three
// non-zero elements precede).
// The fix (kernels/block/sequential.h): carry the running result,
//     output.at(0) = input.at(0);
//     output.at(i) = output.at(i-1) + input.at(i);
// Written like the sequential scan (thread 0 walks, one step per element, work n-1, depth n-1)
// so that the two runs can be compared step by step.
#pragma once

#include "kernels/algorithm_descriptor.h"
#include "kernels/block/section_io.h"
#include "kernels/block/sequential.h"

namespace scanviz {

struct NeighbourSumSerialScan : OneElementPerThread {
  template <class Ex>
  SCANVIZ_HD static void run(Ex& ex, typename Ex::Value* xy,
                             const SectionIO<typename Ex::Value>& io) {
    using T = typename Ex::Value;
    scanSectionInPlace(ex, xy, io, [&](int section) {
      typename Ex::template Regs<T> leftInput(ex);  // input[i-1], which the walk has overwritten
      walkOnThreadZero(ex, xy, io.n, section, [&](int t, int i) {
        const T input = xy[i];
        if (i == 1) {
          leftInput[t] = xy[0];
          xy[0] = ex.identity();  // output.at(0) = 0;
        }
        xy[i] = ex.combine(leftInput[t], input);  // input.at(i) + input.at(i-1)
        ex.edge(t, i, -1);                        // -1: the left input, held in a register
        leftInput[t] = input;
      });
    });
  }
};

template <>
inline constexpr AlgorithmDescriptor algorithmOf<NeighbourSumSerialScan> =
    flawedVariant<NeighbourSumSerialScan>(
        algorithmOf<SequentialScan>, "serial-neighbour-sum", "Serial neighbour sum (flawed)",
        "output[i] = input[i] + input[i-1]: sums of two neighbours, not a prefix sum", "seed 003");

}  // namespace scanviz
