// Reading and writing trace files (JSON). Errors are TraceFormatError with a message that names
// the file's problem ("steps[3].values: expected an array of numbers").
#pragma once

#include <stdexcept>
#include <string>

#include "app/core/trace/trace.h"

namespace scanviz {

struct TraceFormatError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Throws TraceFormatError "FIELD: PROBLEM": how the reader and the validator name what is wrong.
[[noreturn]] void failTraceField(const std::string& field, const std::string& problem);

// Trace files above this size are refused before they are read (docs/trace-format.md): the
// largest trace a capture writes is far smaller, and reading one needs several times its size.
constexpr long long kMaxTraceFileBytes = 512ll << 20;
// Peak memory while reading, per byte of the file, at most (measured: 4.3 for a file of
// single-digit values, 1.35 for six-digit values; docs/trace-format.md).
constexpr double kReadBytesPerFileByte = 5;

// Non-finite float32 values are written as "inf", "-inf" and "nan" and read back as such.
std::string traceToJson(const Trace& t, bool pretty = false);
// Parses and validates (trace_validation.h); throws TraceFormatError naming the field.
Trace traceFromJson(const std::string& text);

// Writes through a temporary file and renames, so a failed write leaves no partial file.
void saveTrace(const Trace& t, const std::string& path);
// Refuses a directory and a file above kMaxTraceFileBytes before reading; running out of memory
// while reading is a TraceFormatError that says how much was needed.
Trace loadTrace(const std::string& path);

}  // namespace scanviz
