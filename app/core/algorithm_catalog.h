// The algorithm ids of DESIGN.md with what the CLI, the UI and the trace files say about them.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace scanviz {

enum class AlgorithmId {
  Sequential,
  KoggeStone,
  KoggeStoneExclusive,
  HillisSteele,
  BrentKung,
  Blelloch,
  BlellochConflictFree,
  ThreePhase,
  WarpShuffle,
  Hierarchical,
  SinglePassChained,
  DecoupledLookback,
  SegmentedKoggeStone,
  SegmentedBlelloch,
  SegmentedHierarchical,
  SegmentedLookback,
  // Flawed on purpose: the seeds' mistakes, shown beside their fix (app/core/lessons.h).
  KoggeStoneOneBarrier,
  BlellochEarlyReturn,
  BlellochOffsetTimesFour,
  SerialNeighbourSum,
  SequentialIntAccumulator,
};

enum class AlgorithmLevel { Block, Grid };

struct AlgorithmInfo {
  AlgorithmId id;
  std::string_view key;   // the id used on the command line and in trace files
  std::string_view name;  // display name
  AlgorithmLevel level;
  int elementsPerThread;  // a section holds threads * elementsPerThread elements
  std::string_view summary;
  std::string_view source;  // the seed figure or paper it follows
};

// The project's algorithms: what lists, verify, bench and the GPU checks go over.
const std::vector<AlgorithmInfo>& allAlgorithms();
// The flawed variants (kernels/lessons/): captured like any algorithm, found by findAlgorithm and
// algorithmInfo, but never in allAlgorithms().
const std::vector<AlgorithmInfo>& flawedAlgorithms();
// The algorithm that fixes a flawed variant; nullopt for the project's own algorithms.
std::optional<AlgorithmId> fixedVersionOf(AlgorithmId id);
const AlgorithmInfo& algorithmInfo(AlgorithmId id);
std::optional<AlgorithmId> findAlgorithm(std::string_view key);
// "kogge-stone, brent-kung, ..." for error messages.
std::string algorithmKeyList();

// Elements each thread owns (three-phase: the coarsening factor).
int elementsPerThread(AlgorithmId id, int coarsening = 4);
// Elements one block scans in shared memory for this algorithm and block size.
int sectionSize(AlgorithmId id, int blockSize, int coarsening = 4);
// The block size a lesson uses when none is given: the smallest power of two (>= 2) whose
// section covers n, capped at the largest block; so the default lesson of 8 values shows 8 cells.
int defaultBlockSize(AlgorithmId id, long long n, int coarsening = 4);

// True for the scans whose working array ends up holding the EXCLUSIVE scan (Blelloch's
// down-sweep, Kogge-Stone on the shifted input): they default to exclusive, and an inclusive
// result costs a conversion step of its own (one application per element).
bool exclusiveByNature(AlgorithmId id);

// True for the segmented scans: they restart at every element whose head flag is set (the
// problem's flags, ElementRows), and their result is checked against the segmented reference.
bool isSegmentedAlgorithm(AlgorithmId id);

constexpr int kMinBlockSize = 2;
constexpr int kMaxBlockSize = 1024;
constexpr int kThreePhaseCoarsening = 4;

}  // namespace scanviz
