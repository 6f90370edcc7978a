// The capture configuration that reproduces a trace: its algorithm, block size, operator, dtype,
// variant, recorded block and its input values. The GPU-vs-CPU diff recaptures a trace file on
// the emulator with it, and Compare runs other algorithms on the trace's input. No UI here.
#pragma once

#include "app/core/capture/capture_config.h"
#include "app/core/trace/trace.h"

namespace scanviz {

// Throws InputError naming the problem when the trace cannot be reproduced: an algorithm,
// operator or dtype this build does not know, or an input the trace kept only in part (traces of
// very large N store the first 65536 elements).
ScanOptions configFromTrace(const Trace& t, BackendChoice backend);

// The values as text that parses back to the same numbers: integers exactly, floats with the nine
// significant digits that round-trip float32.
std::string exactValuesText(const std::vector<double>& values, DType dtype);

}  // namespace scanviz
