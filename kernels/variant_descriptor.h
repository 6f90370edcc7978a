// Descriptors of kernels that vary another algorithm: what a variant shares with the algorithm it
// varies (its idea, its natural variant, the seeds' formula) is read from that algorithm's
// descriptor, algorithmOf<Base>, instead of being written again, so that a family's formula and its
// source are stated once, next to the kernel that first has them. Host data only, like
// algorithm_descriptor.h.
#pragma once

#include "kernels/algorithm_descriptor.h"

namespace scanviz {

// A variant of the algorithm Base that does the same work on the same tree in other memory (the
// double-buffered Kogge-Stone, Kogge-Stone on the shifted input, the bank-conflict-free Blelloch):
// `d` (its key, name, summary, source, and what it adds: an exclusive working array, padding)
// with the family, natural variant, padding and seed formula of Base. Its code file and elements
// per thread are its own, as describe<> has them.
template <class Kernel, class Base>
constexpr AlgorithmDescriptor describeVariant(AlgorithmDescriptor d,
                                              const char* file = __builtin_FILE()) {
  constexpr const AlgorithmDescriptor& of = algorithmOf<Base>;
  d.family = of.family;
  d.exclusiveByNature = d.exclusiveByNature || of.exclusiveByNature;
  d.paddedSharedMemory = d.paddedSharedMemory || of.paddedSharedMemory;
  d.sectionCost = of.sectionCost;
  d.costSource = of.costSource;
  return describe<Kernel>(d, file);
}

// The segmented form of the algorithm Base (kernels/block/segmented_*.h,
// kernels/grid/segmented_lookback.h): `d` (its key, name, summary, source), run as Base runs
// (family, level, driver, elements per thread, natural variant, padding) over (value, head flag)
// pairs; its elements per thread are its kernel's where it declares them. The seeds count no
// segmented scan, so it has no formula of its own. The kernel declares kSegmented, which the
// drivers read.
template <class Kernel, class Base>
constexpr AlgorithmDescriptor describeSegmented(AlgorithmDescriptor d,
                                                const char* file = __builtin_FILE()) {
  constexpr const AlgorithmDescriptor& of = algorithmOf<Base>;
  static_assert(Kernel::kSegmented, "a segmented kernel declares kSegmented");
  d.family = of.family;
  d.level = of.level;
  d.driver = of.driver;
  d.elementsPerThread = of.elementsPerThread;
  if constexpr (requires { Kernel::kElementsPerThread; })
    d.elementsPerThread = Kernel::kElementsPerThread;
  d.exclusiveByNature = of.exclusiveByNature;
  d.paddedSharedMemory = of.paddedSharedMemory;
  d.segmented = true;
  d.codeFile = pathFromKernels(file);
  return d;
}

}  // namespace scanviz
