// "Spot the bug": the seeds' own mistakes (../shared/seeds/README.md), each a flawed kernel
// variant run live beside its fix. Each lesson is declared once, next to its flawed kernel
// (lessonOf<Kernel> in kernels/lessons/, with the seed's lines, why they are wrong, the fix, and
// the capture that shows the mistake: the input and the schedule that provoke it); allLessons()
// lists those of the registry's flawed variants, in its order, and the lessons whose mistake lies
// in a schedule rather than a kernel. The CLI's list, capture and verify, the window's "Spot the
// bug" menu and the compare view read it.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/core/backends/deadlock_report.h"
#include "app/core/capture/capture.h"
#include "kernels/lessons/flaw_lesson.h"

namespace scanviz {

// A lesson: what its flawed variant declares (FlawLesson, kernels/lessons/flaw_lesson.h: the texts,
// the setup, deadlocks, emulatorOnly), and its id.
struct Lesson : FlawLesson {
  // What `scanviz capture --algorithm` and `list` name it: the key of its flawed variant
  // (kernels/lessons/), whose descriptor names the fix (fixedBy).
  std::string_view id;
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
  // The deadlock the flawed run ended in (static block ids), as data for its figure.
  std::optional<DeadlockReport> flawedDeadlock;
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

// The cells of the flawed run's array at `step` that hold garbage: where its emulator read memory
// outside an array (it gives 0xDEADBEEF there), the cells in which the flawed run differs from
// its fix carry what was read (seed 000's S[-1]). Empty for a run that read nothing outside.
std::vector<int> garbageCells(const LessonRun& run, int step);

// A write the emulator dropped because it lay outside its array (an unguarded store), read back
// from the run's note: the emulator notes the first of each block. `index` is the block's
// (element i of its section), `length` how many elements of the array the block holds.
struct StrayWrite {
  int block = 0;
  int thread = 0;
  std::string array;  // "Y"
  long long index = 0;
  long long length = 0;
  std::string note;  // the emulator's words
};
std::vector<StrayWrite> strayWrites(const std::vector<std::string>& notes);

// The note a flawed variant's trace carries: what it is and which algorithm fixes it.
std::string flawedVariantNote(const Lesson& lesson);

}  // namespace scanviz
