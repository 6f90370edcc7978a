#include "app/core/lesson/lessons.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <iterator>
#include <stdexcept>
#include <string>

#include "app/core/capture/input_spec.h"
#include "kernels/listings/snippets.h"

namespace scanviz {

namespace {

// A lesson whose mistake lies in the schedule rather than in a kernel: no flawed variant declares
// it, so it is written here, with the project's algorithm both sides run and the lesson it is
// listed after (menus and `scanviz list` keep the order the lessons were added in).
struct ScheduleLesson {
  std::string_view id;
  std::string_view algorithm;    // the project's algorithm both sides run
  std::string_view listedAfter;  // a flawed variant's key
  FlawLesson text;
};

const ScheduleLesson kScheduleLessons[] = {{
    .id = "chained-static-ids",
    .algorithm = "single-pass-chained",
    .listedAfter = "sequential-int-accumulator",
    .text =
        {
            .title = "Single-pass chained scan with static block ids: a deadlock",
            .seed = "seed 000, section 8.7 (stream-based scan), before the dynamic block ids",
            .seedLines = snippets::chained_static_ids::seed,
            .why = "Blocks are not started in blockIdx order, and only so many are resident at "
                   "once. If the resident blocks all wait for a predecessor that has not started, "
                   "it never gets a slot: every resident block spins forever. Taking the tile id "
                   "from an atomic counter when the block starts means a block only ever waits "
                   "for tiles that already run.",
            .fixLines = snippets::chained_static_ids::fix,
            .emulatorNote = "blocks launched in descending order, 2 resident at a time; the "
                            "scheduler sees a round in which no block advances",
            .setup = {.input = "3,1,7,0,4,1,6,3,2,5,1,4,0,2,3,1",
                      .flawedBlockSize = 2,
                      .fixedBlockSize = 2,
                      .launchOrder = LaunchOrder::Descending,
                      .residentBlocks = 2,
                      .staticBlockIds = true},
            .deadlocks = true,
        },
}};

}  // namespace

const std::vector<Lesson>& allLessons() {
  static const std::vector<Lesson> kAll = [] {
    std::vector<Lesson> all;
    for (const AlgorithmInfo& a : flawedAlgorithms()) {
      if (!a.lesson) throw std::logic_error(std::string(a.key) + " is flawed but has no lesson");
      all.push_back({*a.lesson, a.key});
      for (const ScheduleLesson& s : kScheduleLessons)
        if (s.listedAfter == a.key) all.push_back({s.text, s.id, s.algorithm});
    }
    if (all.size() != flawedAlgorithms().size() + std::size(kScheduleLessons))
      throw std::logic_error("a schedule lesson is listed after no flawed variant");
    return all;
  }();
  return kAll;
}

std::string_view Lesson::flawedKey() const {
  return scheduledAlgorithm.empty() ? id : scheduledAlgorithm;
}

std::string_view Lesson::fixedKey() const {
  const std::optional<AlgorithmId> flawed = findAlgorithm(flawedKey());
  if (!flawed) throw std::logic_error("lesson " + std::string(id) + " names no algorithm");
  return algorithmInfo(fixedVersionOf(*flawed).value_or(*flawed)).key;
}

const Lesson* findLesson(std::string_view id) {
  for (const Lesson& l : allLessons())
    if (l.id == id) return &l;
  return nullptr;
}

const Lesson* lessonOfFlawedAlgorithm(std::string_view algorithmKey) {
  for (const Lesson& l : allLessons())
    if (l.scheduledAlgorithm.empty() && l.id == algorithmKey) return &l;
  return nullptr;
}

bool isFlawedAlgorithm(std::string_view algorithmKey) {
  return lessonOfFlawedAlgorithm(algorithmKey) != nullptr;
}

CaptureRequest lessonRequest(const Lesson& lesson, bool fixed, BackendChoice backend) {
  const LessonSetup& s = lesson.setup;
  const auto id = findAlgorithm(fixed ? lesson.fixedKey() : lesson.flawedKey());
  if (!id) throw std::logic_error("lesson " + std::string(lesson.id) + " names no algorithm");
  CaptureRequest rq;
  rq.algorithm = *id;
  rq.dtype = s.dtype;
  rq.exclusive = s.exclusive;
  rq.blockSize = fixed ? s.fixedBlockSize : s.flawedBlockSize;
  rq.input = parseValues(std::string(s.input));
  rq.backend = lesson.emulatorOnly || lesson.deadlocks ? BackendChoice::Cpu : backend;
  rq.emulator.threadOrder = s.threadOrder;
  rq.emulator.order = s.launchOrder;
  rq.emulator.residentBlocks = s.residentBlocks;
  rq.emulator.staticBlockIds = s.staticBlockIds && !fixed;
  return rq;
}

namespace {

const TraceStep* stepAt(const Trace& t, int step) {
  if (t.steps.empty()) return nullptr;
  return &t.steps[static_cast<size_t>(std::clamp(step, 0, static_cast<int>(t.steps.size()) - 1))];
}

int partingStepOf(const Trace& a, const Trace& b) {
  const size_t common = std::min(a.steps.size(), b.steps.size());
  for (size_t i = 0; i < common; ++i)
    if (a.steps[i].label != b.steps[i].label || a.steps[i].values != b.steps[i].values)
      return static_cast<int>(i);
  return a.steps.size() == b.steps.size() ? -1 : static_cast<int>(common);
}

int firstDifferentCell(const std::vector<double>& a, const std::vector<double>& b) {
  const size_t common = std::min(a.size(), b.size());
  for (size_t i = 0; i < common; ++i)
    if (a[i] != b[i]) return static_cast<int>(i);
  return a.size() == b.size() ? -1 : static_cast<int>(common);
}

// Captures one side; a backend error (the deadlock) is the lesson's result, not a failure.
std::shared_ptr<const Trace> captureSide(const Lesson& lesson, bool fixed, BackendChoice backend,
                                         std::string& error,
                                         std::optional<DeadlockReport>* deadlock = nullptr) {
  try {
    return std::make_shared<const Trace>(capture(lessonRequest(lesson, fixed, backend)).trace);
  } catch (const DeadlockError& e) {
    error = e.what();
    if (deadlock) *deadlock = e.report;
    return nullptr;
  } catch (const BackendError& e) {
    error = e.what();
    return nullptr;
  }
}

}  // namespace

LessonRun runLesson(const Lesson& lesson, BackendChoice backend) {
  LessonRun r;
  r.lesson = &lesson;
  r.flawed = captureSide(lesson, false, backend, r.flawedError, &r.flawedDeadlock);
  r.fixed = captureSide(lesson, true, backend, r.fixedError);
  if (r.flawed && r.fixed) {
    r.partingStep = partingStepOf(*r.flawed, *r.fixed);
    r.firstWrongCell = firstDifferentCell(r.flawed->output, r.fixed->output);
  }
  if (r.flawed)
    for (const std::string& note : r.flawed->meta.notes)
      if (note.rfind("out-of-bounds ", 0) == 0 || note.rfind("barrier mismatch", 0) == 0)
        r.hazards.push_back(note);
  return r;
}

std::vector<int> differingCells(const LessonRun& run, int step) {
  std::vector<int> cells;
  if (!run.flawed || !run.fixed) return cells;
  const TraceStep* a = stepAt(*run.flawed, step);
  const TraceStep* b = stepAt(*run.fixed, step);
  if (!a || !b) return cells;
  const size_t common = std::min(a->values.size(), b->values.size());
  for (size_t i = 0; i < common; ++i)
    if (a->values[i] != b->values[i]) cells.push_back(static_cast<int>(i));
  return cells;
}

std::vector<int> garbageCells(const LessonRun& run, int step) {
  const bool readOutside = std::any_of(run.hazards.begin(), run.hazards.end(), [](auto& h) {
    return h.rfind("out-of-bounds read", 0) == 0;
  });
  return readOutside ? differingCells(run, step) : std::vector<int>{};
}

// The note's words are kernels/exec/cpu_block_exec.h's noteOutOfBounds: "out-of-bounds write in
// block B[ of level L ...]: thread T wrote NAME[I] of its section, which holds N elements ...".
std::vector<StrayWrite> strayWrites(const std::vector<std::string>& notes) {
  std::vector<StrayWrite> out;
  const std::string head = "out-of-bounds write in block ";
  for (const std::string& note : notes) {
    if (note.rfind(head, 0) != 0 || note.find(" of level ") != std::string::npos) continue;
    StrayWrite w;
    w.note = note;
    char name[32] = {0};
    if (std::sscanf(note.c_str() + head.size(), "%d: thread %d wrote %31[^[][%lld]", &w.block,
                    &w.thread, name, &w.index) != 4)
      continue;
    w.array = name;
    const size_t holds = note.find("which holds ");
    if (holds == std::string::npos || w.index < 0) continue;  // before the array: not past it
    w.length = std::atoll(note.c_str() + holds + 12);
    out.push_back(std::move(w));
  }
  return out;
}

std::string flawedVariantNote(const Lesson& lesson) {
  return "flawed variant on purpose (spot the bug, " + std::string(lesson.seed) + "): its fix is " +
         std::string(lesson.fixedKey());
}

}  // namespace scanviz
