// What the controls describe: a capture request in the words of the UI (where the input comes
// from, not the values themselves), so that a session file can hold it and reproduce the capture.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/core/capture/capture.h"

namespace scanviz {

enum class InputSource { Lesson, Random, Ones, Ascending, Typed, File };

std::string_view inputSourceKey(InputSource s);  // "lesson", "random", ...
std::optional<InputSource> parseInputSource(std::string_view key);

struct CaptureConfig {
  AlgorithmId algorithm = defaultAlgorithm();
  InputSource source = InputSource::Lesson;
  long long n = 8;  // Random, Ones, Ascending
  unsigned seed = 1;
  std::string typedValues;  // Typed
  std::string inputFile;    // File
  int blockSize = 0;        // 0: the lesson default for this algorithm and N
  int coarsening = kDefaultCoarsening;
  Operator op = Operator::Add;
  DType dtype = DType::Int32;
  bool exclusive = false;
  BackendChoice backend = BackendChoice::Auto;
  int recordBlock = 0;
  EmulatorOptions emulator;
  // Head flags given on the command line (--flags, --segments), one per input value; dropped
  // when the input no longer has that many values.
  std::vector<uint8_t> headFlags;
};

// Generates or reads the input and fills a request. Throws InputError naming the problem (N out of
// range, a value that is not a number, an unreadable file); capture() checks the rest.
CaptureRequest toCaptureRequest(const CaptureConfig& c);

}  // namespace scanviz
