// How a scan runs, apart from its input: the fields every front end (capture, export, verify,
// bench, analyze, the window, sessions) gives a scan, declared once here. ScanOptions
// (capture_config.h) adds where the input comes from, CaptureRequest (capture.h) the input itself;
// both are these settings, so a field is added in one place and checked by one function.
#pragma once

#include <string>

#include "app/core/algorithms/algorithm_catalog.h"
#include "app/core/algorithms/scan_options.h"
#include "app/core/backends/backend.h"

namespace scanviz {

struct ScanSettings {
  AlgorithmId algorithm = defaultAlgorithm();
  DType dtype = DType::Int32;
  Operator op = Operator::Add;
  bool exclusive = false;               // the form: exclusive or inclusive
  int blockSize = 0;                    // 0: the lesson default for this algorithm and N
  int coarsening = kDefaultCoarsening;  // a coarsened scan's elements per thread
  BackendChoice backend = BackendChoice::Auto;
  int recordBlock = 0;  // the block whose steps a grid-level scan records
  EmulatorOptions emulator;
};

// The one check of the settings' ranges (kBlockSizes, kCoarsenings, the recorded block, the
// emulator's resident blocks): what is wrong with the first field out of range, in words that
// name the field and the rule ("block size 12 is not " + kBlockSizes.text()), or empty. The
// capture, the command line and sessions all report through it.
std::string scanSettingsProblem(const ScanSettings& s);

}  // namespace scanviz
