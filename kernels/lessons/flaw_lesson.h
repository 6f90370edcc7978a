// What a "spot the bug" variant (kernels/lessons/) declares next to its kernel: the algorithm that
// fixes it (the kernel type's FixedBy) and its lesson (how the variant is listed, the seed's lines,
// why they are wrong, the fix, and the capture that shows the mistake: the input and the schedule
// that provoke it), from which its descriptor is made. app/core/lesson/lessons.h lists the lessons
// of the registry's flawed variants; the CLI's list and capture, the window's "Spot the bug" menu
// and Compare read them.
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
  // How the flawed variant is listed (its descriptor; empty for a schedule lesson, lessons.cpp):
  std::string_view key;           // the lesson's id, as `scanviz capture --algorithm` takes it
  std::string_view name;          // ending in "(flawed)"
  std::string_view summary;       // its mistake in one line, for `scanviz list`
  std::string_view source;        // the seed it comes from
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
//   struct MyFlawedScan { using FixedBy = MyScan; ... };
//   template <> inline constexpr FlawLesson lessonOf<MyFlawedScan> = {.key = "...", ...};
// A kernel type that names its fix (FixedBy) is a flawed variant: its descriptor is made from its
// lesson (algorithmOf below); without a lesson it does not compile.
template <class Kernel>
inline constexpr FlawLesson lessonOf = [] {
  static_assert(sizeof(Kernel) == 0, "declare lessonOf<Kernel> after the flawed kernel type");
  return FlawLesson{};
}();

template <class Kernel>
concept FlawedKernel = requires {
  typename Kernel::FixedBy;
};

// The descriptor of a "spot the bug" variant of its FixedBy: the key, name, summary and source its
// lesson declares, and the lesson; the rest is its fix's. It runs like its fix (level, driver,
// family, natural variant) and has neither a code panel nor a formula of its own, except that a
// variant of a composition (the hierarchical scan) scans its sections as the fix does and shows
// their code. Its elements per thread are its kernel's where it declares them (a seed's kernel may
// own fewer than the fix's).
template <FlawedKernel Kernel>
constexpr AlgorithmDescriptor flawedVariant() {
  constexpr const FlawLesson& lesson = lessonOf<Kernel>;
  constexpr const AlgorithmDescriptor& fix = algorithmOf<typename Kernel::FixedBy>;
  AlgorithmDescriptor d{.key = lesson.key,
                        .name = lesson.name,
                        .family = fix.family,
                        .level = fix.level,
                        .driver = fix.driver,
                        .elementsPerThread = fix.elementsPerThread,
                        .exclusiveByNature = fix.exclusiveByNature,
                        .segmented = fix.segmented,
                        .summary = lesson.summary,
                        .source = lesson.source,
                        .fixedBy = &fix,
                        .lesson = &lesson};
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

template <FlawedKernel Kernel>
inline constexpr AlgorithmDescriptor algorithmOf<Kernel> = flawedVariant<Kernel>();

}  // namespace scanviz
