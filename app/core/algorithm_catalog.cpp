#include "app/core/algorithm_catalog.h"

#include <stdexcept>

namespace scanviz {

const std::vector<AlgorithmInfo>& allAlgorithms() {
  static const std::vector<AlgorithmInfo> kAll = {
      {AlgorithmId::Sequential, "sequential", "Sequential", AlgorithmLevel::Block, 1,
       "one thread walks the array: N-1 operations, N-1 dependent steps (the CPU baseline)",
       "PMPP 8.1"},
      {AlgorithmId::KoggeStone, "kogge-stone", "Kogge-Stone", AlgorithmLevel::Block, 1,
       "every element adds the one 2^k to its left each step: log2 N steps, N log2 N work",
       "PMPP Fig. 8.1-8.2 (race fixed)"},
      {AlgorithmId::KoggeStoneExclusive, "kogge-stone-exclusive", "Kogge-Stone (exclusive)",
       AlgorithmLevel::Block, 1, "Kogge-Stone on the input shifted right by one: an exclusive scan",
       "PMPP Fig. 8.3"},
      {AlgorithmId::HillisSteele, "hillis-steele", "Hillis-Steele (double-buffered)",
       AlgorithmLevel::Block, 1,
       "Kogge-Stone's pattern with two buffers swapped each step: no read-write race",
       "slides; seed 004"},
      {AlgorithmId::BrentKung, "brent-kung", "Brent-Kung", AlgorithmLevel::Block, 2,
       "reduction tree then distribution tree: 2N work, 2 log2 N steps", "PMPP Fig. 8.4-8.6"},
      {AlgorithmId::Blelloch, "blelloch", "Blelloch (work-efficient)", AlgorithmLevel::Block, 2,
       "up-sweep, clear the root, swap-and-add down-sweep: an exclusive scan in 2(N-1) work",
       "slides; seeds 003, 004"},
      {AlgorithmId::BlellochConflictFree, "blelloch-conflict-free", "Blelloch, bank-conflict-free",
       AlgorithmLevel::Block, 2,
       "Blelloch with one padding slot every 32 elements so strided accesses hit distinct banks",
       "slides (bank conflicts); seed 003's open TODO"},
      {AlgorithmId::ThreePhase, "three-phase", "Three-phase (coarsened)", AlgorithmLevel::Block,
       kThreePhaseCoarsening,
       "corner-turned load, per-thread sequential scans, Kogge-Stone over the subsection totals, "
       "add",
       "PMPP 8.5, Fig. 8.7"},
      {AlgorithmId::WarpShuffle, "warp-shuffle", "Warp shuffle", AlgorithmLevel::Block, 1,
       "Kogge-Stone inside each warp with __shfl_up_sync, then across warp totals",
       "beyond the seeds (CUDA warp intrinsics)"},
      {AlgorithmId::Hierarchical, "hierarchical", "Hierarchical (scan-scan-add)",
       AlgorithmLevel::Grid, 2,
       "scan each section, scan the section sums recursively, add them back: any N, 3 launches a "
       "level",
       "PMPP 8.6, Fig. 8.8-8.9"},
      {AlgorithmId::SinglePassChained, "single-pass-chained", "Single-pass, chained",
       AlgorithmLevel::Grid, 2,
       "one launch; dynamic block ids; each block waits for its predecessor's running sum",
       "PMPP 8.7"},
      {AlgorithmId::DecoupledLookback, "decoupled-lookback", "Decoupled look-back",
       AlgorithmLevel::Grid, 8,
       "one launch; tiles publish aggregates early and look back over many predecessors at once",
       "Merrill & Garland 2016"},
      {AlgorithmId::SegmentedKoggeStone, "segmented-kogge-stone", "Segmented Kogge-Stone",
       AlgorithmLevel::Block, 1,
       "Kogge-Stone over (value, head flag) pairs: nothing crosses a segment start; flags OR-ed",
       "Blelloch 1990, 1.5 (segmented scans); PMPP Fig. 8.1"},
      {AlgorithmId::SegmentedBlelloch, "segmented-blelloch", "Segmented Blelloch",
       AlgorithmLevel::Block, 2,
       "flags OR-ed up the tree; the down-sweep gives a right half that starts a segment the "
       "identity",
       "Blelloch 1990, 1.5 (segmented scans)"},
      {AlgorithmId::SegmentedHierarchical, "segmented-hierarchical",
       "Segmented hierarchical (scan-scan-carry)", AlgorithmLevel::Grid, 2,
       "segmented Blelloch sections; totals and head flags scanned inclusively; a carry stops at "
       "a section's first head",
       "PMPP 8.6 with Blelloch 1990, 1.5"},
      {AlgorithmId::SegmentedLookback, "segmented-lookback", "Segmented decoupled look-back",
       AlgorithmLevel::Grid, 8,
       "one launch; a tile that holds a head publishes its total as final, so no look-back "
       "passes it",
       "Merrill & Garland 2016 with Blelloch 1990, 1.5"},
  };
  return kAll;
}

namespace {

// A flawed variant and the algorithm that fixes it.
struct FlawedVariant {
  AlgorithmInfo info;
  AlgorithmId fixedBy;
};

const std::vector<FlawedVariant>& flawedVariants() {
  static const std::vector<FlawedVariant> kAll = {
      {{AlgorithmId::KoggeStoneOneBarrier, "kogge-stone-one-barrier",
        "Kogge-Stone, one barrier (flawed)", AlgorithmLevel::Block, 1,
        "in place with one barrier per iteration: a read-after-write race between warps",
        "seeds 000, 002 (PMPP Fig. 8.2 as printed)"},
       AlgorithmId::KoggeStone},
      {{AlgorithmId::BlellochEarlyReturn, "blelloch-early-return",
        "Blelloch, early return (flawed)", AlgorithmLevel::Block, 1,
        "`if (gid >= N) return;` before the barriers: a barrier mismatch in a partial tile",
        "seed 003"},
       AlgorithmId::Blelloch},
      {{AlgorithmId::BlellochOffsetTimesFour, "blelloch-offset-times-four",
        "Blelloch, offset <<= 2 (flawed)", AlgorithmLevel::Block, 1,
        "the up-sweep steps its offset by four: every other tree level skipped", "seed 003"},
       AlgorithmId::Blelloch},
      {{AlgorithmId::SerialNeighbourSum, "serial-neighbour-sum", "Serial neighbour sum (flawed)",
        AlgorithmLevel::Block, 1,
        "output[i] = input[i] + input[i-1]: sums of two neighbours, not a prefix sum", "seed 003"},
       AlgorithmId::Sequential},
      {{AlgorithmId::SequentialIntAccumulator, "sequential-int-accumulator",
        "Sequential, int accumulator (flawed)", AlgorithmLevel::Block, 1,
        "a float running sum kept in an int: truncated at every step", "seed 000"},
       AlgorithmId::Sequential},
  };
  return kAll;
}

}  // namespace

const std::vector<AlgorithmInfo>& flawedAlgorithms() {
  static const std::vector<AlgorithmInfo> kAll = [] {
    std::vector<AlgorithmInfo> all;
    for (const auto& f : flawedVariants()) all.push_back(f.info);
    return all;
  }();
  return kAll;
}

std::optional<AlgorithmId> fixedVersionOf(AlgorithmId id) {
  for (const auto& f : flawedVariants())
    if (f.info.id == id) return f.fixedBy;
  return std::nullopt;
}

const AlgorithmInfo& algorithmInfo(AlgorithmId id) {
  for (const auto* list : {&allAlgorithms(), &flawedAlgorithms()})
    for (const auto& a : *list)
      if (a.id == id) return a;
  throw std::logic_error("algorithm id missing from the catalog");
}

std::optional<AlgorithmId> findAlgorithm(std::string_view key) {
  for (const auto* list : {&allAlgorithms(), &flawedAlgorithms()})
    for (const auto& a : *list)
      if (a.key == key) return a.id;
  return std::nullopt;
}

std::string algorithmKeyList() {
  std::string s;
  for (const auto& a : allAlgorithms()) {
    if (!s.empty()) s += ", ";
    s += a.key;
  }
  return s;
}

int elementsPerThread(AlgorithmId id, int coarsening) {
  return id == AlgorithmId::ThreePhase ? coarsening : algorithmInfo(id).elementsPerThread;
}

int sectionSize(AlgorithmId id, int blockSize, int coarsening) {
  return blockSize * elementsPerThread(id, coarsening);
}

int defaultBlockSize(AlgorithmId id, long long n, int coarsening) {
  const int perThread = elementsPerThread(id, coarsening);
  int b = kMinBlockSize;
  while (b < kMaxBlockSize && static_cast<long long>(b) * perThread < n) b *= 2;
  return b;
}

bool exclusiveByNature(AlgorithmId id) {
  return id == AlgorithmId::Blelloch || id == AlgorithmId::BlellochConflictFree ||
         id == AlgorithmId::KoggeStoneExclusive || id == AlgorithmId::SegmentedBlelloch ||
         id == AlgorithmId::SegmentedHierarchical || id == AlgorithmId::BlellochEarlyReturn ||
         id == AlgorithmId::BlellochOffsetTimesFour;
}

bool isSegmentedAlgorithm(AlgorithmId id) {
  return id == AlgorithmId::SegmentedKoggeStone || id == AlgorithmId::SegmentedBlelloch ||
         id == AlgorithmId::SegmentedHierarchical || id == AlgorithmId::SegmentedLookback;
}

}  // namespace scanviz
