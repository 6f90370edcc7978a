// Exclusive Kogge-Stone scan (PMPP Fig. 8.3) as the code panel shows it beside a
// kogge-stone-exclusive trace: thread t loads X[i - 1] (thread 0 the identity, 0), so the
// Kogge-Stone iterations leave x0 + ... + x(i-1) in XY[t]. An inclusive result adds each thread's
// own input afterwards (Inclusive: the trace's to-inclusive step), as kernels/block/
// kogge_stone_exclusive.h does. The iterations are kogge_stone.cuh's: they read before a barrier
// and write after it.
#pragma once

#include "kernels/listings/add_block_sums.cuh"
#include "kernels/listings/cuda_host_shim.h"
#include "kernels/listings/kogge_stone.cuh"

#undef SECTION_SIZE
#define SECTION_SIZE 1024

namespace listings::kogge_stone_exclusive {

using listings::kogge_stone::kogge_stone_iterations;

// [listing kogge-stone-exclusive]
// [insert kogge-stone-iterations]

// Exclusive Kogge-Stone scan of blockDim.x elements (PMPP Fig. 8.3)
__global__ void Kogge_Stone_exclusive_scan_kernel(int *X, int *Y, int InputSize, int *S,
                                                  bool Inclusive) {
    __shared__ int XY[SECTION_SIZE];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    // [step KoggeStoneShift]
    XY[threadIdx.x] = threadIdx.x > 0 && i - 1 < InputSize ? X[i - 1] : 0;
    // [/step]
    kogge_stone_iterations(XY);
    int own = i < InputSize ? X[i] : 0;
    // [step ToInclusive]
    if (Inclusive) XY[threadIdx.x] += own;
    // [/step]
    // [step SectionsScanned]
    if (i < InputSize) Y[i] = XY[threadIdx.x];
    if (S != NULL && threadIdx.x == blockDim.x - 1)
        S[blockIdx.x] = Inclusive ? XY[threadIdx.x] : XY[threadIdx.x] + own;
    // [/step]
}

// [insert add-block-sums]
// [/listing]

}  // namespace listings::kogge_stone_exclusive
