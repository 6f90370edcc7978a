#include "app/core/capture/capture_option_table.h"

#include <string>

#include "app/core/algorithms/algorithm_catalog.h"
#include "app/core/algorithms/scan_options.h"
#include "app/core/backends/backend.h"
#include "app/core/capture/capture.h"

namespace scanviz {
namespace {

std::vector<std::string> algorithmKeys() {
  std::vector<std::string> keys;
  for (const auto& info : allAlgorithms()) keys.emplace_back(info.key);
  return keys;
}

OptionSection makeCaptureSection() {
  return {
      "Capture options",
      {
          {"algorithm", "ID", std::string(algorithmInfo(defaultAlgorithm()).key),
           "The scan to run (`scanviz list` names them).", algorithmKeys()},
          {"input", "V,V,...", "the lesson 3,1,7,0,4,1,6,3",
           "The input values, separated by commas or spaces."},
          {"input-file", "FILE", "", "Read the input values from FILE (- reads standard input)."},
          {"n", "N", "", "Generate N input values (see --pattern and --seed)."},
          {"flags", "F,F,...", "random segments (the lesson: 1,0,0,1,0,1,0,0)",
           "Head flags of a segmented scan, one 0 or 1 per value (1 starts a segment; element 0 "
           "always does)."},
          {"segments", "L,L,...", "",
           "Segment lengths adding up to N, e.g. 3,2,3; the same as the --flags they imply."},
          {"seed", "S", "1", "Seed of the random input and of the emulator's random launch order."},
          {"pattern", "P", "random", "The values --n generates.", {"random", "ones", "ascending"}},
          blockSizeOption("the smallest block whose section covers the input"),
          {"coarsening", "C", std::to_string(kDefaultCoarsening),
           "Elements per thread of " +
               algorithmKeyList([](const AlgorithmInfo& a) { return a.coarsened(); }) + ", " +
               kCoarsenings.text() + "."},
          {"operator", "OP", "add", "The scan's operator.", keysOf(kOperatorKeys)},
          {"dtype", "T", "int32", "The element type.", keysOf(kDTypeKeys)},
          {"exclusive", "", "",
           "Exclusive scan (each output leaves out its own element); the default of blelloch, "
           "blelloch-conflict-free and kogge-stone-exclusive."},
          {"inclusive", "", "",
           "Inclusive scan, the default of the other algorithms; Blelloch's is converted in a "
           "step of its own."},
          {"backend", "B", "auto",
           "Where to run: the GPU (cuda), the CPU emulator (cpu), or the GPU when there is one.",
           keysOf(kBackendKeys)},
          {"record-block", "K", "0", "The block whose steps a grid-level scan records."},
          {"resident-blocks", "R", "4",
           "Emulator: blocks that run at once (the scheduler's SM slots)."},
          {"launch-order", "O", "ascending", "Emulator: the order blocks are launched in.",
           keysOf(kLaunchOrderKeys)},
          {"static-block-ids", "", "",
           "Emulator: use blockIdx instead of a dynamic block counter (shows why single-pass "
           "scans need one)."},
          {"reverse-threads", "", "", "Emulator: run the threads of a step in reverse order."},
      }};
}

}  // namespace

OptionSpec blockSizeOption(std::string fallback, std::string_view what) {
  return {"block-size", "B", std::move(fallback),
          "Threads per block" + std::string(what) + ", " + kBlockSizes.text() + "."};
}

const OptionSection& captureOptionSection() {
  static const OptionSection section = makeCaptureSection();
  return section;
}

}  // namespace scanviz
