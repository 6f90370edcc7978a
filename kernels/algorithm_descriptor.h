// What the rest of scanviz knows about a scan algorithm, declared once, next to its kernel: every
// kernel type has one, `algorithmOf<Kernel>` (made by describe<> and its kin below), and the app's
// registry (app/core/algorithms/algorithm_list.h) lists the kernel types. The command line, the
// window's lists, the analysis, the code panel and the exports read these fields; none of them
// tests an algorithm's id. Host data only: nvcc compiles it with the kernels, but no device code
// reads it.
#pragma once

#include <cmath>
#include <string_view>

namespace scanviz {

struct FlawLesson;  // a flawed variant's lesson (kernels/lessons/flaw_lesson.h)

enum class AlgorithmLevel {
  Block,  // scans one section per block; longer inputs go through the hierarchical driver
  Grid,   // a whole-array scheme: runs of several blocks and launches are what it shows
};

// Which host driver runs the kernel type.
enum class AlgorithmDriver {
  Sections,    // a block scan per section, the section totals scanned recursively and added back
  SinglePass,  // one launch whose tiles pass their prefixes along (kernels/grid)
};

// What a kernel makes of its input: a scan (every algorithm but two), or the exclusive count of
// its keep-flags fused with the scatter that count drives (kernels/grid/select_lookback.h).
enum class AlgorithmProduct {
  Scan,
  Select,  // the flagged elements, packed in their order (stream compaction)
  Split,   // the flagged elements, then the others, each in their order (a radix pass)
};

// One term of a seed formula, as the text the analysis prints and its value.
struct CostTerm {
  std::string_view formula = {};  // "N log2 N - (N - 1)"
  double value = 0;
};

// The seeds' work, depth and occupied lanes of one section of n elements scanned by `threads`
// threads (only the coarsened scans depend on the threads), in the algorithm's natural variant.
struct SectionCost {
  CostTerm work = {};
  CostTerm depth = {};
  CostTerm resources = {};  // what a GPU spends: idle threads of a resident block keep their lanes
};
using SectionCostFn = SectionCost (*)(double n, double threads);

struct AlgorithmDescriptor {
  std::string_view key = {};     // the id on the command line and in trace files ("kogge-stone")
  std::string_view name = {};    // display name
  std::string_view family = {};  // the idea it varies ("Kogge-Stone" for its exclusive form too)
  AlgorithmLevel level = AlgorithmLevel::Block;
  AlgorithmDriver driver = AlgorithmDriver::Sections;
  // Blocks of one thread-block cluster (kernels/grid/cluster_lookback.h): the launch holds whole
  // clusters, so its last one may have blocks past the last tile, with block indices to match.
  int clusterBlocks = 1;
  // Elements each thread owns, so a section holds threads * elementsPerThread elements;
  // 0: the coarsening option decides (a coarsened scan).
  int elementsPerThread = 1;
  // The working array ends up holding the EXCLUSIVE scan (Blelloch's down-sweep, Kogge-Stone on
  // the shifted input): exclusive is the default, and an inclusive result costs a conversion step.
  bool exclusiveByNature = false;
  // Shared memory holds one padding slot after every 32 elements (PadMap{5}), so its bank
  // analysis maps indices through that padding.
  bool paddedSharedMemory = false;
  // A segmented scan: it restarts at every element whose head flag is set (the problem's flags),
  // so captures give it flags and its result is checked against the segmented reference.
  bool segmented = false;
  // Not a scan: select or split by the problem's flags. Such kernels stay out of allAlgorithms()
  // (they answer another question than the scan lists, verify and bench compare); the
  // applications run them and `scanviz capture --algorithm KEY --flags ...` captures them.
  AlgorithmProduct product = AlgorithmProduct::Scan;
  std::string_view summary = {};   // one line for `scanviz list` and the controls' tooltip
  std::string_view source = {};    // the seed figure or paper it follows
  std::string_view codeFile = {};  // the kernel file the code panel shows; empty: none compiled in

  // The analysis (Brent table, counters, `scanviz analyze`): the seed formula of one section;
  // null when the seeds give none (the single-pass scans' chains depend on scheduling).
  SectionCostFn sectionCost = nullptr;
  std::string_view costSource = {};  // "PMPP 8.3"
  // The work is one application per input element after the first, not per padded slot (the
  // sequential scan stops at the last valid element).
  bool costCountsValidElementsOnly = false;
  // Nonzero: the seed formula composes sections of min(N, this) elements (PMPP 8.6's 2048),
  // the sections' own formula being sectionCost.
  int costSectionCap = 0;
  // The algorithm whose sections this one scans (the hierarchical scan's block scan), for its
  // formula, variant and code; null: its own.
  const AlgorithmDescriptor* sections = nullptr;
  // A "spot the bug" variant (kernels/lessons/): the seed's mistake kept on purpose, and the
  // algorithm that fixes it. Flawed variants are captured like any algorithm but stay out of the
  // project's lists, verify, bench and GPU checks; null: not flawed. Declared with flawedVariant
  // (kernels/lessons/flaw_lesson.h), which points `lesson` at the variant's lesson.
  const AlgorithmDescriptor* fixedBy = nullptr;
  const FlawLesson* lesson = nullptr;

  // The coarsening option sets the elements per thread.
  constexpr bool coarsened() const { return elementsPerThread == 0; }
  constexpr bool flawed() const { return fixedBy != nullptr; }
  constexpr bool scans() const { return product == AlgorithmProduct::Scan; }
};

// The path of a kernel file from its "kernels/" folder on ("kernels/block/brent_kung.h"), as the
// code panel names its compiled-in sources, whatever path the compiler was given.
constexpr std::string_view pathFromKernels(std::string_view file) {
  const size_t at = file.rfind("kernels/");
  return at == std::string_view::npos ? file : file.substr(at);
}

// The descriptor of a kernel type, declared right after it: `d` with what the kernel type says
// itself filled in. Its code file is the file that declares it (`file`, __builtin_FILE() of the
// call: GCC, Clang and nvcc name the caller's file in a default argument), and its elements per
// thread are the kernel's kElementsPerThread, where it fixes them.
template <class Kernel>
constexpr AlgorithmDescriptor describe(AlgorithmDescriptor d, const char* file = __builtin_FILE()) {
  d.codeFile = pathFromKernels(file);
  if constexpr (requires { Kernel::kElementsPerThread; })
    d.elementsPerThread = Kernel::kElementsPerThread;
  return d;
}

// The descriptor of a single-pass scheme (kernels/grid): a grid algorithm of the "Single-pass"
// family that one launch of tiles runs, each thread owning the scheme's kItemsPerThread elements
// of its tile; its code file is the declaring file, as describe<> has it.
template <class Scheme>
constexpr AlgorithmDescriptor describeSinglePass(AlgorithmDescriptor d,
                                                 const char* file = __builtin_FILE()) {
  d.family = "Single-pass";
  d.level = AlgorithmLevel::Grid;
  d.driver = AlgorithmDriver::SinglePass;
  d.elementsPerThread = Scheme::kItemsPerThread;
  if constexpr (requires { Scheme::kClusterBlocks; }) d.clusterBlocks = Scheme::kClusterBlocks;
  d.codeFile = pathFromKernels(file);
  return d;
}

// The descriptor of a kernel type, specialised right after the kernel in its own file:
//   template <> inline constexpr AlgorithmDescriptor algorithmOf<MyScan> = {.key = "my-scan", ...};
// A kernel type listed in app/core/algorithms/algorithm_list.h without one does not compile.
template <class Kernel>
struct MissingAlgorithmDescriptor {
  static_assert(sizeof(Kernel) == 0,
                "declare algorithmOf<Kernel> after the kernel type (docs/adding-an-algorithm.md)");
  static constexpr AlgorithmDescriptor value{};
};
template <class Kernel>
inline constexpr AlgorithmDescriptor algorithmOf = MissingAlgorithmDescriptor<Kernel>::value;

// The descriptor of a hierarchical scheme (kernels/grid/hierarchical.h and its variants), whose
// sections SectionScan scans: a grid algorithm of the "Hierarchical" family that runs like its
// section scan (elements per thread, natural variant) and shows its code.
template <class SectionScan>
constexpr AlgorithmDescriptor describeHierarchical(AlgorithmDescriptor d) {
  constexpr const AlgorithmDescriptor& sections = algorithmOf<SectionScan>;
  d.family = "Hierarchical";
  d.level = AlgorithmLevel::Grid;
  d.elementsPerThread = sections.elementsPerThread;
  d.exclusiveByNature = sections.exclusiveByNature;
  d.codeFile = sections.codeFile;
  d.sections = &sections;
  return d;
}

}  // namespace scanviz
