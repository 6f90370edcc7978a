// What a "spot the bug" variant (kernels/lessons/) declares next to its kernel: its lesson (the
// seed's lines, why they are wrong, the fix, and the capture that shows the mistake: the input and
// the schedule that provoke it) and its descriptor, which points at the lesson and at the
// algorithm that fixes it. app/core/lesson/lessons.h lists the lessons of the registry's flawed
// variants; the CLI's list and capture, the window's "Spot the bug" menu and Compare read them.
#pragma once

#include <string_view>

#include "kernels/algorithm_descriptor.h"
#include "kernels/exec/cpu_block_exec.h"
#include "kernels/exec/launch_order.h"
#include "kernels/scan_types.h"

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

struct FlawLesson {
  std::string_view title;         // one line
  std::string_view seed;          // which seed, where
  std::string_view seedLines;     // the seed's code: snippets::LISTING::seed (kernels/listings/)
  std::string_view why;           // a short explanation a lecturer would give
  std::string_view fixLines;      // the fix: snippets::LISTING::fix, compiled and tested
  std::string_view emulatorNote;  // the schedule that provokes it, in words
  LessonSetup setup;
  // The flawed run does not finish on the emulator: it reports a deadlock instead of a trace.
  bool deadlocks = false;
  // May hang or do anything on a GPU (a barrier not every thread reaches): only the emulator
  // runs it in the app; tools/gpu-lessons.sh runs it on a device in a child process.
  bool emulatorOnly = false;
};

// A flawed kernel type's lesson, specialised right after the kernel type in its own file:
//   template <> inline constexpr FlawLesson lessonOf<MyFlawedScan> = {.title = "...", ...};
// flawedVariant<Kernel> points its descriptor at it; a variant declared without one does not
// compile.
template <class Kernel>
inline constexpr FlawLesson lessonOf = [] {
  static_assert(sizeof(Kernel) == 0, "declare lessonOf<Kernel> after the flawed kernel type");
  return FlawLesson{};
}();

// The descriptor of a "spot the bug" variant of `fix`: its key (the lesson's id), its name (ending
// in "(flawed)"), its mistake in one line, the seed it comes from, and its lesson,
// lessonOf<Kernel>; the rest is its fix's. It runs like its fix (level, driver, family, natural
// variant) and has neither a code panel nor a formula of its own, except that a variant of a
// composition (the hierarchical scan) scans its sections as the fix does and shows their code. Its
// elements per thread are its kernel's where it declares them (a seed's kernel may own fewer than
// the fix's).
template <class Kernel>
constexpr AlgorithmDescriptor flawedVariant(const AlgorithmDescriptor& fix, std::string_view key,
                                            std::string_view name, std::string_view summary,
                                            std::string_view source) {
  AlgorithmDescriptor d{.key = key,
                        .name = name,
                        .family = fix.family,
                        .level = fix.level,
                        .driver = fix.driver,
                        .elementsPerThread = fix.elementsPerThread,
                        .exclusiveByNature = fix.exclusiveByNature,
                        .segmented = fix.segmented,
                        .summary = summary,
                        .source = source,
                        .fixedBy = &fix,
                        .lesson = &lessonOf<Kernel>};
  if constexpr (requires { Kernel::kElementsPerThread; })
    d.elementsPerThread = Kernel::kElementsPerThread;
  // A variant of a composition scans its sections as its fix does and shows their code. Told by
  // the level, not by testing `fix.sections` for null: GCC's -fsanitize=undefined (the ASan/UBSan
  // build of tools/dev.sh test) rejects comparing an object's address with null in a constant
  // expression. The hierarchical scan is the only grid-level algorithm with a flawed variant.
  d.sections = fix.sections;
  if (fix.level == AlgorithmLevel::Grid) d.codeFile = fix.codeFile;
  return d;
}

}  // namespace scanviz
