// Reading and writing trace files (JSON). Errors are TraceFormatError with a message that names
// the file's problem ("steps[3].values: expected an array of numbers").
#pragma once

#include <stdexcept>
#include <string>

#include "app/core/trace.h"

namespace scanviz {

struct TraceFormatError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

std::string traceToJson(const Trace& t, bool pretty = false);
Trace traceFromJson(const std::string& text);

// Writes through a temporary file and renames, so a failed write leaves no partial file.
void saveTrace(const Trace& t, const std::string& path);
Trace loadTrace(const std::string& path);

}  // namespace scanviz
