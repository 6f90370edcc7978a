// The captures and sample traces the C++ tests start from, written once: the emulator run of an
// algorithm on an input, the default lesson (3 1 7 0 4 1 6 3), and the traces in assets/traces.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "app/core/capture/capture.h"
#include "app/core/capture/input_spec.h"
#include "app/core/capture/sample_traces.h"
#include "app/core/trace/trace_json.h"

namespace scanviz {

// A capture on the CPU emulator; the caller sets anything else (block size, dtype, ...).
inline CaptureRequest emulatorRequest(AlgorithmId id, std::vector<double> input,
                                      Operator op = Operator::Add, bool exclusive = false) {
  CaptureRequest rq;
  rq.algorithm = id;
  rq.backend = BackendChoice::Cpu;
  rq.input = std::move(input);
  rq.op = op;
  rq.exclusive = exclusive;
  return rq;
}

// The trace with every value of every step kept (by default a capture stops storing values past
// a budget), for the tests that compare whole traces.
inline Trace captureWhole(CaptureRequest rq) {
  rq.limits.maxStoredValues = 1 << 20;
  return capture(rq).trace;
}

inline Trace captureOnEmulator(AlgorithmId id, std::vector<double> input, int blockSize = 0,
                               Operator op = Operator::Add) {
  CaptureRequest rq = emulatorRequest(id, std::move(input), op);
  rq.blockSize = blockSize;
  return capture(rq).trace;
}

// N ones on the emulator, every value recorded: no sum or product of them overflows int32, and
// the counts of work and depth are the algorithm's formulas at N.
inline Trace captureOnes(AlgorithmId id, long long n, Operator op, bool exclusive) {
  CaptureRequest rq =
      emulatorRequest(id, generateInput(InputPattern::Ones, n, 1, DType::Int32, op), op, exclusive);
  rq.limits.maxRecordedValues = 1ll << 26;
  return capture(rq).trace;
}

// The default lesson's input on the emulator, as the window opens it.
inline Trace lessonTrace(AlgorithmId id) {
  return captureOnEmulator(id, defaultLessonInput());
}

// Whether one of the notes (a run's hazards, a trace's notes) says `text`.
inline bool hasNote(const std::vector<std::string>& notes, const std::string& text) {
  for (const std::string& n : notes)
    if (n.find(text) != std::string::npos) return true;
  return false;
}

inline bool hasNote(const Trace& t, const std::string& text) {
  return hasNote(t.meta.notes, text);
}

inline std::string sampleTracePath(const std::string& name) {
  const std::string dir = sampleTraceDirectory();
  EXPECT_FALSE(dir.empty()) << "assets/traces not found";
  return (std::filesystem::path(dir) / name).string();
}

inline Trace sampleTrace(const std::string& name) {
  return loadTrace(sampleTracePath(name));
}

}  // namespace scanviz
