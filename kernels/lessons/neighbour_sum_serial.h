// FLAWED on purpose (a "spot the bug" lesson): the "serial scan" of seed 003 adds the left
// neighbour's input instead of the running result. The lesson below has the seed's lines, why
// they are wrong and the fix (kernels/block/sequential.h: carry the running result).
// Written like the sequential scan (thread 0 walks, one step per element, work n-1, depth n-1)
// so that the two runs can be compared step by step.
#pragma once

#include "kernels/block/section_io.h"
#include "kernels/block/sequential.h"
#include "kernels/lessons/flaw_lesson.h"
#include "kernels/listings/snippets.h"

namespace scanviz {

struct NeighbourSumSerialScan : OneElementPerThread {
  using FixedBy = SequentialScan;

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
          ex.move(t, 0, -1);
        }
        xy[i] = ex.combine(leftInput[t], input);  // input.at(i) + input.at(i-1)
        ex.edge(t, i, -1);                        // -1: the left input, held in a register
        leftInput[t] = input;
      });
    });
  }
};

template <>
inline constexpr FlawLesson lessonOf<NeighbourSumSerialScan> = {
    .key = "serial-neighbour-sum",
    .name = "Serial neighbour sum (flawed)",
    .summary = "output[i] = input[i] + input[i-1]: sums of two neighbours, not a prefix sum",
    .source = "seed 003",
    .title = "The \"serial scan\" that adds the left neighbour's input",
    .seed = "seed 003, the serial Scan() under \"Background\"",
    .seedLines = snippets::neighbour_sum_serial::seed,
    .why =
        "A prefix sum needs everything to the left: y_i = x_0 + ... + x_i, as the seed "
        "itself defines just above. Adding the left neighbour's INPUT gives sums of two "
        "adjacent elements, and y_0 = 0 drops x_0: right only at i = 1.",
    .fixLines = snippets::neighbour_sum_serial::fix,
    .emulatorNote = "any schedule: one thread walks the array",
    .setup = {.input = "3,1,7,0,4,1,6,3"},
};

}  // namespace scanviz
