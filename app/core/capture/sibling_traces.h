// Sample traces of other algorithms on the same run: the shipped GPU traces are named
// <algorithm>-<input>.json (kogge-stone-lesson.json, blelloch-1024.json), so when the lesson is
// one of them, Compare can show the others' real GPU traces, with their warp clocks, instead of
// emulator captures: "by time" then means real time on a laptop without NVIDIA. No UI here.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <tuple>
#include <utility>

#include "app/core/algorithms/algorithm_catalog.h"
#include "app/core/trace/trace.h"

namespace scanviz {

// The file a sibling of `traceFile` (a lesson of algorithm `lessonKey`) would have for `id`, by
// the sample traces' naming; empty when the name does not follow it.
std::string siblingTracePath(const std::string& traceFile, const std::string& lessonKey,
                             AlgorithmId id);

// True when both traces ran the same input with the same operator and dtype.
bool sameInput(const Trace& a, const Trace& b);
// The same, and the same variant (inclusive or exclusive).
bool sameRun(const Trace& a, const Trace& b);

// Finds and loads siblings once per file; a missing, unreadable or different-run file is
// remembered as none.
class SiblingTraces {
 public:
  // The sibling of algorithm `id` on the lesson's input that ran the `inclusive` variant (each
  // algorithm's sample traces are in its natural form, which need not be the lesson's).
  std::shared_ptr<const Trace> find(const std::string& traceFile, const Trace& lesson,
                                    AlgorithmId id, bool inclusive);

 private:
  std::map<std::tuple<std::string, AlgorithmId, bool>, std::shared_ptr<const Trace>> found_;
};

}  // namespace scanviz
