// "Spot the bug": the seeds' own mistakes (../shared/seeds/README.md), each a flawed kernel
// variant run live beside its fix. One table: every entry is declared once, with the seed's
// lines, why they are wrong, the fix, and the capture that shows the mistake (the input and the
// schedule that provoke it). The CLI's list, capture and verify, the window's "Spot the bug" menu
// and the compare view read it.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/core/capture/capture.h"

namespace scanviz {

// The capture that shows a lesson's mistake; the fixed side runs the same input and schedule.
struct LessonSetup {
  std::string_view input;  // values, as --input takes them
  DType dtype = DType::Int32;
  bool exclusive = false;
  int flawedBlockSize = 8;  // threads of the flawed variant's block
  int fixedBlockSize = 8;   // threads of the fixed algorithm's block (a section of the same size)
  ThreadOrder threadOrder = ThreadOrder::Forward;  // the emulator's schedule inside a block
  LaunchOrder launchOrder = LaunchOrder::Ascending;
  int residentBlocks = 4;
  bool staticBlockIds = false;
};

struct Lesson {
  // What `scanviz capture --algorithm` and `list` name it: the key of its flawed variant
  // (kernels/lessons/), whose descriptor names the fix (fixedBy).
  std::string_view id;
  std::string_view title;         // one line
  std::string_view seed;          // which seed, where
  std::string_view seedLines;     // the seed's code, verbatim
  std::string_view why;           // a short explanation a lecturer would give
  std::string_view fixLines;      // the fix, as code
  std::string_view emulatorNote;  // the schedule that provokes it, in words
  LessonSetup setup;
  // The flawed run does not finish on the emulator: it reports a deadlock instead of a trace.
  bool deadlocks = false;
  // May hang or do anything on a GPU (a barrier not every thread reaches): only the emulator
  // runs it in the app; tools/gpu-lessons.sh runs it on a device in a child process.
  bool emulatorOnly = false;
  // A mistake in the schedule rather than in a kernel (static block ids): the project's algorithm
  // both sides run, the flawed side with the setup's mistake. Empty: a flawed variant (`id`).
  std::string_view scheduledAlgorithm;

  // The algorithm key of the flawed side, and of its fix (the flawed variant's fixedBy).
  std::string_view flawedKey() const;
  std::string_view fixedKey() const;
};

const std::vector<Lesson>& allLessons();
const Lesson* findLesson(std::string_view id);
// The lesson whose flawed variant is this algorithm, if any.
const Lesson* lessonOfFlawedAlgorithm(std::string_view algorithmKey);
// True for the algorithm keys that are flawed on purpose (never a failure of `verify`).
bool isFlawedAlgorithm(std::string_view algorithmKey);

// The two captures of a lesson: the flawed variant and the fixed algorithm, same input and
// schedule. On `backend` (auto: the GPU when there is one), except a lesson that is emulator-only
// or deadlocks, which runs on the emulator, where its schedule is set and its failure reported.
CaptureRequest lessonRequest(const Lesson& lesson, bool fixed,
                             BackendChoice backend = BackendChoice::Cpu);

// A lesson run: its flawed variant and its fix on the same input and schedule, and where they
// part. Both captures are small; on the emulator unless `backend` says otherwise (lessonRequest).
struct LessonRun {
  const Lesson* lesson = nullptr;
  std::shared_ptr<const Trace> flawed;  // null when it did not finish (flawedError says why)
  std::shared_ptr<const Trace> fixed;
  std::string flawedError;  // e.g. the scheduler's deadlock report
  std::string fixedError;
  int partingStep = -1;     // first step whose label or values differ; -1: none, or no trace
  int firstWrongCell = -1;  // first output cell of the flawed run that differs from the fix's
  // What the emulator caught the flawed run doing that a GPU does not report: barrier mismatches
  // and accesses past an array's end (the trace's notes). Where the results inside the array are
  // right (an unguarded store), this is the mistake to show.
  std::vector<std::string> hazards;
};

LessonRun runLesson(const Lesson& lesson, BackendChoice backend = BackendChoice::Cpu);

// Cells whose values differ between the two runs at `step` (each side's last step when it has
// fewer steps).
std::vector<int> differingCells(const LessonRun& run, int step);

// The note a flawed variant's trace carries: what it is and which algorithm fixes it.
std::string flawedVariantNote(const Lesson& lesson);

}  // namespace scanviz
