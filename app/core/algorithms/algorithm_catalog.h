// The scan algorithms as the app sees them: the ids made from the registry's rows
// (app/core/algorithms/algorithm_list.h) and the descriptors declared next to their kernels. Every
// list, combo, validation, formula and file name reads these; docs/adding-an-algorithm.md.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/core/algorithms/algorithm_list.h"
#include "kernels/algorithm_descriptor.h"

namespace scanviz {

// One enumerator per row of the registry, in its order.
enum class AlgorithmId {
#define SCANVIZ_ALGORITHM_ENUMERATOR(id, Kernel, roles) id,
  SCANVIZ_ALGORITHMS(SCANVIZ_ALGORITHM_ENUMERATOR)
#undef SCANVIZ_ALGORITHM_ENUMERATOR
      Count
};

// What the app, rather than the algorithm, asks of a registry row: the lists and examples that
// name specific algorithms take them from here, not from string literals.
enum AlgorithmRole : unsigned {
  kNoRole = 0,
  kRoleDefault = 1u << 0,          // what a lesson, capture or analysis runs without --algorithm
  kRoleCompared = 1u << 1,         // Compare's selection when none is given, and its fallbacks
  kRoleBrentPlot = 1u << 2,        // drawn in the Brent panel's plot next to the current one
  kRoleExample = 1u << 3,          // the algorithm the help examples name
  kRoleWarpClockSample = 1u << 4,  // its GPU sample trace is offered where clocks are missing
  kRoleBaseline = 1u << 5,         // P = 1 of the Brent table: measured speedups divide its time
};

// The descriptor declared next to the kernel (kernels/algorithm_descriptor.h), with its id and
// roles.
struct AlgorithmInfo : AlgorithmDescriptor {
  AlgorithmId id = AlgorithmId::Count;
  unsigned roles = kNoRole;
  bool has(AlgorithmRole r) const { return (roles & r) != 0; }
};

// A setting that must be a power of two within [least, most]. The block size and the coarsening
// are declared here, once: every parser, check, message and help text reads these rows.
struct PowerOfTwoRange {
  int least;
  int most;
  constexpr bool holds(long long v) const { return v >= least && v <= most && (v & (v - 1)) == 0; }
  std::string text() const;  // "a power of two between 2 and 1024"
};

inline constexpr PowerOfTwoRange kBlockSizes{2, 1024};  // threads of a block
inline constexpr PowerOfTwoRange kCoarsenings{1, 64};   // elements per thread of a coarsened scan
constexpr int kMinBlockSize = kBlockSizes.least;
constexpr int kMaxBlockSize = kBlockSizes.most;
constexpr int kDefaultCoarsening = 4;
static_assert(kCoarsenings.holds(kDefaultCoarsening));

// The project's algorithms: what lists, verify, bench and the GPU checks go over.
const std::vector<AlgorithmInfo>& allAlgorithms();
// The flawed variants (kernels/lessons/, descriptors with fixedBy): captured like any algorithm,
// found by findAlgorithm and algorithmInfo, but never in allAlgorithms().
const std::vector<AlgorithmInfo>& flawedAlgorithms();
// The kernels that select or split by the problem's flags instead of scanning
// (kernels/grid/select_lookback.h, descriptors whose product is not Scan): captured like any
// algorithm (their trace's output is the selected or split array, rows.second every element's
// write address), run by the compaction and radix-sort applications, never in allAlgorithms().
const std::vector<AlgorithmInfo>& selectAlgorithms();
AlgorithmProduct algorithmProduct(AlgorithmId id);
// The algorithm that fixes a flawed variant (its descriptor's fixedBy); nullopt for the
// project's own algorithms.
std::optional<AlgorithmId> fixedVersionOf(AlgorithmId id);
const AlgorithmInfo& algorithmInfo(AlgorithmId id);
// The registry's algorithms with a role, in its order; the first with kRoleDefault.
std::vector<AlgorithmId> algorithmsWithRole(AlgorithmRole role);
AlgorithmId defaultAlgorithm();
// The key of the first algorithm with the role, for help texts and examples.
std::string_view algorithmKeyWithRole(AlgorithmRole role);
// The keys of the algorithms with a role, in the registry's order.
std::vector<std::string> algorithmKeysWithRole(AlgorithmRole role);
// The same joined by `separator` (--compare's example joins them with ",").
std::string algorithmKeysWithRole(AlgorithmRole role, std::string_view separator);
std::optional<AlgorithmId> findAlgorithm(std::string_view key);
// Every key of allAlgorithms() (or those `keep` accepts), comma-separated in the registry's order,
// for messages and help texts.
std::string algorithmKeyList(bool (*keep)(const AlgorithmInfo&) = nullptr);

// "unknown algorithm 'KEY' (did you mean 'K'?); known: ..." in the words every front end uses;
// `alsoKnown` are further names the caller accepts (bench's kernels).
std::string unknownAlgorithmMessage(std::string_view key,
                                    const std::vector<std::string>& alsoKnown = {});

// Elements each thread owns (a coarsened scan: the coarsening factor).
int elementsPerThread(AlgorithmId id, int coarsening = kDefaultCoarsening);
// Elements one block scans in shared memory for this algorithm and block size.
int sectionSize(AlgorithmId id, int blockSize, int coarsening = kDefaultCoarsening);
// The block size a lesson uses when none is given: the smallest power of two (>= 2) whose
// section covers n, capped at the largest block; so the default lesson of 8 values shows 8 cells.
int defaultBlockSize(AlgorithmId id, long long n, int coarsening = kDefaultCoarsening);

// The descriptor's exclusiveByNature: such scans default to exclusive, and an inclusive result
// costs a conversion step of its own (one application per element).
bool exclusiveByNature(AlgorithmId id);

// The descriptor's segmented: the scan restarts at every element whose head flag is set (the
// problem's flags, ElementRows), and its result is checked against the segmented reference.
bool isSegmentedAlgorithm(AlgorithmId id);

}  // namespace scanviz
