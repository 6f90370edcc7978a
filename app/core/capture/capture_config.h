// The scan options: what the command line, the controls and a session describe, a capture request
// in the words of the UI (where the input comes from, not the values themselves), so that a session
// file can hold it and reproduce the capture. Parsed from the command line once
// (app/options/capture_options.h), for the subcommands and the window alike.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/core/capture/capture.h"
#include "app/core/trace/trace.h"

namespace scanviz {

enum class InputSource { Lesson, Random, Ones, Ascending, Typed, File };

std::string_view inputSourceKey(InputSource s);  // "lesson", "random", ...
std::optional<InputSource> parseInputSource(std::string_view key);

// The settings (scan_settings.h) and where the input comes from.
struct ScanOptions : ScanSettings {
  InputSource source = InputSource::Lesson;
  long long n = 8;  // Random, Ones, Ascending
  unsigned seed = 1;
  std::string typedValues;  // Typed
  std::string inputFile;    // File
  // Head flags given on the command line (--flags, --segments), one per input value; dropped
  // when the input no longer has that many values.
  std::vector<uint8_t> headFlags;
};

// Generates or reads the input and fills a request. Throws InputError naming the problem (N out of
// range, a value that is not a number, an unreadable file); capture() checks the rest.
CaptureRequest toCaptureRequest(const ScanOptions& c);

// The options with what a trace file records of how it was made (algorithm, form, operator, type,
// block size), so that the controls beside a shown trace describe it; the input stays the options'.
ScanOptions withSettingsOfTrace(ScanOptions c, const TraceMeta& m);

// The name the scan options had before; app/scene/deadlock_scene still spells it so.
using CaptureConfig = ScanOptions;

}  // namespace scanviz
