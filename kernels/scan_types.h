// Types shared by every scan algorithm, on the GPU and in the CPU emulator.
// This header compiles with nvcc and with a plain C++ compiler: the algorithm code is written once
// (DESIGN.md "Algorithm"), so nothing here may depend on the CUDA runtime.
#pragma once

#include <cstdint>

#if defined(__CUDACC__)
#define SCANVIZ_HD __host__ __device__
#define SCANVIZ_INLINE __forceinline__
#else
#define SCANVIZ_HD
#define SCANVIZ_INLINE inline
#endif

namespace scanviz {

// The scan operators, declared once: each row is the operator's enumerator, its key (the CLI, the
// UI and trace files spell it so), its symbol, its identity in a type whose least and greatest
// values are `lowest` and `highest`, and how it combines `a` and `b` (int32 add and mul wrap in
// unsigned arithmetic, defined there; inputs whose running result would overflow are refused
// before a capture starts). The enum, the host's name table (app/core/algorithms/scan_options.h)
// and every switch below expand from this list, so an operator cannot be half added. Traces store
// the key, kernels the number: new operators go at the end.
#define SCANVIZ_OPERATORS(X)                      \
  X(Add, "add", "+", T(0), operatorPlus<T>(a, b)) \
  X(Max, "max", "max", lowest, (a > b ? a : b))   \
  X(Min, "min", "min", highest, (a < b ? a : b))  \
  X(Mul, "mul", "\xC3\x97", T(1), operatorTimes<T>(a, b))

// clang-format off
enum class Operator : int {
#define SCANVIZ_OPERATOR_ENUMERATOR(name, key, symbol, identity, combine) name,
  SCANVIZ_OPERATORS(SCANVIZ_OPERATOR_ENUMERATOR)
#undef SCANVIZ_OPERATOR_ENUMERATOR
  Count
};
// clang-format on
inline constexpr int kOperatorCount = static_cast<int>(Operator::Count);

enum class DType : int { Int32 = 0, Float32 = 1 };

// Add and mul; for int32 in unsigned arithmetic, where wrapping is defined.
template <class T>
SCANVIZ_HD SCANVIZ_INLINE T operatorPlus(T a, T b) {
  return a + b;
}
template <class T>
SCANVIZ_HD SCANVIZ_INLINE T operatorTimes(T a, T b) {
  return a * b;
}
template <>
SCANVIZ_HD SCANVIZ_INLINE int32_t operatorPlus<int32_t>(int32_t a, int32_t b) {
  return static_cast<int32_t>(static_cast<uint32_t>(a) + static_cast<uint32_t>(b));
}
template <>
SCANVIZ_HD SCANVIZ_INLINE int32_t operatorTimes<int32_t>(int32_t a, int32_t b) {
  return static_cast<int32_t>(static_cast<uint32_t>(a) * static_cast<uint32_t>(b));
}

// The identity of each operator (it pads partial sections, so that padding never changes a
// result): a maximum starts from the least value, a minimum from the greatest. No `default:`
// here or below: the cases come from the list, and -Wswitch names any that is missing.
template <class T>
SCANVIZ_HD SCANVIZ_INLINE T operatorIdentity(Operator op, T lowest, T highest) {
  switch (op) {
#define SCANVIZ_OPERATOR_IDENTITY(name, key, symbol, identity, combine) \
  case Operator::name:                                                  \
    return identity;
    SCANVIZ_OPERATORS(SCANVIZ_OPERATOR_IDENTITY)
#undef SCANVIZ_OPERATOR_IDENTITY
    case Operator::Count:
      break;
  }
  return T(0);  // not an operator: no scan is ever run with Count
}

// `a op b`. All operators are associative and commutative for int32; for float32 add and mul are
// only approximately associative (docs/float-tolerance.md).
template <class T>
SCANVIZ_HD SCANVIZ_INLINE T operatorApply(Operator op, T a, T b) {
  switch (op) {
#define SCANVIZ_OPERATOR_APPLY(name, key, symbol, identity, combine) \
  case Operator::name:                                               \
    return combine;
    SCANVIZ_OPERATORS(SCANVIZ_OPERATOR_APPLY)
#undef SCANVIZ_OPERATOR_APPLY
    case Operator::Count:
      break;
  }
  return a;  // not an operator: no scan is ever run with Count
}

// The binary operator and its identity per element type.
template <class T>
struct OpTraits;

template <>
struct OpTraits<int32_t> {
  SCANVIZ_HD static SCANVIZ_INLINE int32_t identity(Operator op) {
    return operatorIdentity<int32_t>(op, INT32_MIN, INT32_MAX);
  }
  SCANVIZ_HD static SCANVIZ_INLINE int32_t apply(Operator op, int32_t a, int32_t b) {
    return operatorApply<int32_t>(op, a, b);
  }
};

template <>
struct OpTraits<float> {
  SCANVIZ_HD static SCANVIZ_INLINE float identity(Operator op) {
    return operatorIdentity<float>(op, -__builtin_huge_valf(), __builtin_huge_valf());
  }
  SCANVIZ_HD static SCANVIZ_INLINE float apply(Operator op, float a, float b) {
    return operatorApply<float>(op, a, b);
  }
};

// What a recorded step was, as a small code both backends can store; the host turns it into the
// label text ("up-sweep stride 2"), so GPU and CPU traces carry identical labels by construction.
// The list is written once: it makes the enum here and the host's table of everything keyed by a
// kind (app/core/algorithms/step_kinds.cpp), whose size is checked against it. Traces store the
// number, so new kinds go at the end.
#define SCANVIZ_STEP_KINDS(X)                                                                      \
  X(Load)              /* state right after the load into the working array (step 0) */            \
  X(KoggeStone)        /* in-place Kogge-Stone iteration, param = stride */                        \
  X(KoggeStoneShift)   /* exclusive Kogge-Stone: shift right by one, identity into element 0 */    \
  X(DoubleBuffered)    /* double-buffered iteration, param = stride */                             \
  X(UpSweep)           /* reduction tree, param = stride */                                        \
  X(DownSweep)         /* distribution tree of the reduction-tree scan, param = stride */          \
  X(ClearLast)         /* Blelloch: identity into the last element */                              \
  X(BlellochDown)      /* Blelloch swap-and-combine down-sweep, param = stride */                  \
  X(ToInclusive)       /* combine an exclusive result with each thread's input */                  \
  X(ThreadScan)        /* coarsened phase 1: each thread scans its subsection sequentially */      \
  X(SubsectionScan)    /* coarsened phase 2 over the subsection totals, param = stride */          \
  X(AddSubsection)     /* coarsened phase 3: add the preceding subsection total */                 \
  X(WarpShuffle)       /* __shfl_up_sync round inside each warp, param = delta */                  \
  X(WarpTotals)        /* warp totals gathered and scanned by the first warp, param = delta */     \
  X(AddWarpPrefix)     /* add the preceding warps' total */                                        \
  X(SequentialStep)    /* one element of the sequential scan, param = index */                     \
  X(SectionsScanned)   /* grid: every section scanned locally (global array view) */               \
  X(AddBlockSums)      /* grid: scanned block sums added into each section */                      \
  X(TilePrefix)        /* grid single-pass: the tile's exclusive prefix added */                   \
  X(SegKoggeStone)     /* segmented Kogge-Stone iteration, flags OR-ed, param = stride */          \
  X(SegUpSweep)        /* segmented reduction tree, flags OR-ed up, param = stride */              \
  X(SegDownSweep)      /* segment-aware swap-and-combine down-sweep, param = stride */             \
  X(SegmentCarry)      /* grid segmented: carry added up to each section's first head */           \
  X(SegThreadScan)     /* segmented phase 1: each thread's subsection, restarting at heads */      \
  X(SegTotalsScan)     /* segmented phase 2 over the subsection totals, param = stride */          \
  X(SegAddTotal)       /* segmented phase 3: preceding total up to the thread's first head */      \
  X(SegTilePrefix)     /* grid segmented single-pass: prefix up to the tile's first head */        \
  X(SelectThreadCount) /* select/split phase 1: each thread counts its kept elements */            \
  X(SelectCountScan)   /* select/split phase 2 over the thread counts, param = stride */           \
  X(SelectAddCount)    /* select/split phase 3: add the preceding thread's count */                \
  X(SelectAddress)     /* select/split: look-back count + count before -> write address */         \
  X(StudentInterval)   /* a student kernel's writes up to a barrier, param = the barrier's line */ \
  X(ClusterGather)     /* cluster: each block's tile total read from its shared memory (DSMEM) */  \
  X(ClusterScan)       /* cluster: scan of the cluster's tile totals, param = stride */

// clang-format off
enum class StepKind : int {
#define SCANVIZ_STEP_KIND_ENUMERATOR(name) name,
  SCANVIZ_STEP_KINDS(SCANVIZ_STEP_KIND_ENUMERATOR)
#undef SCANVIZ_STEP_KIND_ENUMERATOR
  Count
};
// clang-format on
static_assert(static_cast<int>(StepKind::Load) == 0, "traces store kinds as numbers from 0");

struct StepCode {
  StepKind kind;
  int param;
};

}  // namespace scanviz
