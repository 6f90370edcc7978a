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

enum class Operator : int { Add = 0, Max = 1, Min = 2, Mul = 3 };
enum class DType : int { Int32 = 0, Float32 = 1 };

// The binary operator and its identity, which pads partial sections so that padding never
// changes a result. All four operators are associative and commutative for int32; for float32
// add and mul are only approximately associative (docs/float-tolerance.md).
template <class T>
struct OpTraits;

// The identity of each operator in a type whose least and greatest values are `lowest` and
// `highest`: a maximum starts from the least, a minimum from the greatest.
template <class T>
SCANVIZ_HD SCANVIZ_INLINE T operatorIdentity(Operator op, T lowest, T highest) {
  switch (op) {
    case Operator::Add:
      return T(0);
    case Operator::Max:
      return lowest;
    case Operator::Min:
      return highest;
    default:
      return T(1);
  }
}

template <>
struct OpTraits<int32_t> {
  SCANVIZ_HD static SCANVIZ_INLINE int32_t identity(Operator op) {
    return operatorIdentity<int32_t>(op, INT32_MIN, INT32_MAX);
  }
  // Computed in unsigned arithmetic: wrapping is defined there, and inputs whose running result
  // would overflow are rejected before a capture starts.
  SCANVIZ_HD static SCANVIZ_INLINE int32_t apply(Operator op, int32_t a, int32_t b) {
    switch (op) {
      case Operator::Add:
        return static_cast<int32_t>(static_cast<uint32_t>(a) + static_cast<uint32_t>(b));
      case Operator::Max:
        return a > b ? a : b;
      case Operator::Min:
        return a < b ? a : b;
      default:
        return static_cast<int32_t>(static_cast<uint32_t>(a) * static_cast<uint32_t>(b));
    }
  }
};

template <>
struct OpTraits<float> {
  SCANVIZ_HD static SCANVIZ_INLINE float identity(Operator op) {
    return operatorIdentity<float>(op, -__builtin_huge_valf(), __builtin_huge_valf());
  }
  SCANVIZ_HD static SCANVIZ_INLINE float apply(Operator op, float a, float b) {
    switch (op) {
      case Operator::Add:
        return a + b;
      case Operator::Max:
        return a > b ? a : b;
      case Operator::Min:
        return a < b ? a : b;
      default:
        return a * b;
    }
  }
};

// What a recorded step was, as a small code both backends can store; the host turns it into the
// label text ("up-sweep stride 2"), so GPU and CPU traces carry identical labels by construction.
// The list is written once: it makes the enum here and the host's table of everything keyed by a
// kind (app/core/algorithms/step_kinds.cpp), whose size is checked against it. Traces store the
// number, so new kinds go at the end.
#define SCANVIZ_STEP_KINDS(X)                                                                   \
  X(Load)              /* state right after the load into the working array (step 0) */         \
  X(KoggeStone)        /* in-place Kogge-Stone iteration, param = stride */                     \
  X(KoggeStoneShift)   /* exclusive Kogge-Stone: shift right by one, identity into element 0 */ \
  X(DoubleBuffered)    /* double-buffered iteration, param = stride */                          \
  X(UpSweep)           /* reduction tree, param = stride */                                     \
  X(DownSweep)         /* distribution tree of the reduction-tree scan, param = stride */       \
  X(ClearLast)         /* Blelloch: identity into the last element */                           \
  X(BlellochDown)      /* Blelloch swap-and-combine down-sweep, param = stride */               \
  X(ToInclusive)       /* combine an exclusive result with each thread's input */               \
  X(ThreadScan)        /* coarsened phase 1: each thread scans its subsection sequentially */   \
  X(SubsectionScan)    /* coarsened phase 2 over the subsection totals, param = stride */       \
  X(AddSubsection)     /* coarsened phase 3: add the preceding subsection total */              \
  X(WarpShuffle)       /* __shfl_up_sync round inside each warp, param = delta */               \
  X(WarpTotals)        /* warp totals gathered and scanned by the first warp, param = delta */  \
  X(AddWarpPrefix)     /* add the preceding warps' total */                                     \
  X(SequentialStep)    /* one element of the sequential scan, param = index */                  \
  X(SectionsScanned)   /* grid: every section scanned locally (global array view) */            \
  X(AddBlockSums)      /* grid: scanned block sums added into each section */                   \
  X(TilePrefix)        /* grid single-pass: the tile's exclusive prefix added */                \
  X(SegKoggeStone)     /* segmented Kogge-Stone iteration, flags OR-ed, param = stride */       \
  X(SegUpSweep)        /* segmented reduction tree, flags OR-ed up, param = stride */           \
  X(SegDownSweep)      /* segment-aware swap-and-combine down-sweep, param = stride */          \
  X(SegmentCarry)      /* grid segmented: carry added up to each section's first head */        \
  X(SegThreadScan)     /* segmented phase 1: each thread's subsection, restarting at heads */   \
  X(SegTotalsScan)     /* segmented phase 2 over the subsection totals, param = stride */       \
  X(SegAddTotal)       /* segmented phase 3: preceding total up to the thread's first head */   \
  X(SegTilePrefix)     /* grid segmented single-pass: prefix up to the tile's first head */     \
  X(SelectThreadCount) /* select/split phase 1: each thread counts its kept elements */         \
  X(SelectCountScan)   /* select/split phase 2 over the thread counts, param = stride */        \
  X(SelectAddCount)    /* select/split phase 3: add the preceding thread's count */             \
  X(SelectAddress)     /* select/split: look-back count + count before -> write address */

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
