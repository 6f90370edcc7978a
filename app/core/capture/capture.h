// One capture: check the request, run it on the chosen backend, and turn what was recorded into a
// Trace. The CLI, the UI and the tests all capture through here.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include "app/core/capture/scan_settings.h"
#include "app/core/trace/trace.h"

namespace scanviz {

// Bad input from the user: the message names the problem and what to do.
struct InputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The settings (scan_settings.h) and the input they run on.
struct CaptureRequest : ScanSettings {
  std::vector<double> input;
  ElementRows rows;  // the problem's flags and second array (empty or one entry per input value)
  CaptureLimits limits;
};

struct CaptureOutcome {
  Trace trace;
  std::string backendNote;  // e.g. why `auto` fell back to the CPU emulator; empty otherwise
  double runMs = 0;         // of the capture, the instrumented run on its backend (the rest is
                            // checking the input and building the trace)
};

// Throws InputError for a bad request and BackendError for a backend failure. With `auto`, a
// missing or failing GPU falls back to the emulator and says so in backendNote.
CaptureOutcome capture(const CaptureRequest& rq);

// Checks everything capture() checks before running; throws InputError.
void validateCaptureRequest(const CaptureRequest& rq);

// Resolves blockSize 0 to the lesson default.
int effectiveBlockSize(const CaptureRequest& rq);

}  // namespace scanviz
