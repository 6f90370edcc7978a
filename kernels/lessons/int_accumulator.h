// FLAWED on purpose (a "spot the bug" lesson): seed 000's sequential_scan keeps a float running
// sum in an int, truncated at every step. The lesson below has the seed's lines, why they are
// wrong and the fix (kernels/block/sequential.h: the accumulator has the element type).
// Written like the sequential scan (thread 0 walks, work n-1, depth n-1); the element type of the
// trace stays float so the truncated values are visible as floats.
#pragma once

#include <stdint.h>

#include "kernels/block/section_io.h"
#include "kernels/block/sequential.h"
#include "kernels/lessons/flaw_lesson.h"
#include "kernels/listings/snippets.h"

namespace scanviz {

struct IntAccumulatorScan : OneElementPerThread {
  using FixedBy = SequentialScan;

  // What storing into an int and reading it back does to a value (identity for int32).
  // Values outside int's range saturate (what x86 and the GPU give) instead of being undefined.
  template <class T>
  SCANVIZ_HD static T throughInt(T v) {
    if (!(v > -2147483648.0f)) return static_cast<T>(INT32_MIN);
    if (!(v < 2147483648.0f)) return static_cast<T>(INT32_MAX);
    return static_cast<T>(static_cast<int32_t>(v));
  }

  template <class Ex>
  SCANVIZ_HD static void run(Ex& ex, typename Ex::Value* xy,
                             const SectionIO<typename Ex::Value>& io) {
    scanSectionInPlace(ex, xy, io, [&](int section) {
      ex.parallel([&](int t) {
        if (t == 0) {
          xy[0] = throughInt(xy[0]);  // int accumulator = x[0]; y[0] = accumulator;
          ex.move(t, 0, 0);           // shown with the first step: no barrier records this one
        }
      });
      ex.sync();
      walkOnThreadZero(ex, xy, io.n, section, [&](int t, int i) {
        xy[i] = throughInt(ex.combine(xy[i - 1], xy[i]));  // accumulator += x[i];
        ex.edge(t, i, i - 1);
      });
    });
  }
};

template <>
inline constexpr FlawLesson lessonOf<IntAccumulatorScan> = {
    .key = "sequential-int-accumulator",
    .name = "Sequential, int accumulator (flawed)",
    .summary = "a float running sum kept in an int: truncated at every step",
    .source = "seed 000",
    .title = "A float running sum kept in an int",
    .seed = "seed 000, sequential_scan (PMPP 8.1)",
    .seedLines = snippets::int_accumulator::seed,
    .why =
        "`int accumulator = x[0]` truncates toward zero, and every `accumulator += x[i]` "
        "turns the float sum back into an int: each step drops the fraction, so 0.5 + "
        "0.5 + ... never grows. With integer inputs nothing shows, which is how the "
        "mistake survives tests on integers.",
    .fixLines = snippets::int_accumulator::fix,
    .emulatorNote = "any schedule; float32 inputs with fractions",
    .setup = {.input = "0.5,0.5,0.5,0.5,1.75,2.25,-0.5,3", .dtype = DType::Float32},
};

}  // namespace scanviz
