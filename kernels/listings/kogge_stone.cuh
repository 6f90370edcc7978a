// Kogge-Stone inclusive scan (PMPP Fig. 8.2) as the code panel shows it beside a kogge-stone
// trace: one element per thread, a section of blockDim.x elements (up to SECTION_SIZE). The
// in-place loop of the figure reads XY[threadIdx.x - stride] in the iteration in which another
// warp may already have written it (the lesson kogge-stone-one-barrier); here every thread reads
// into a register, all pass a second barrier, then write, as kernels/block/kogge_stone.h does.
// Kernel 1 of the hierarchical scan when S is not NULL: the last thread stores the section's sum.
// The iterations are a device function of their own, which the exclusive listing runs too.
#pragma once

#include "kernels/listings/add_block_sums.cuh"
#include "kernels/listings/cuda_host_shim.h"

#undef SECTION_SIZE
#define SECTION_SIZE 1024

namespace listings::kogge_stone {

// [listing kogge-stone-iterations]
// The Kogge-Stone iterations over XY's blockDim.x elements (PMPP Fig. 8.2, 8.3, the race fixed)
__device__ void kogge_stone_iterations(int *XY) {
    // [step KoggeStone]
    for (unsigned int stride = 1; stride < blockDim.x; stride *= 2) {
        __syncthreads();
        int temp = 0;
        if (threadIdx.x >= stride) temp = XY[threadIdx.x - stride];
        __syncthreads();  // every read before any write
        if (threadIdx.x >= stride) XY[threadIdx.x] += temp;
    }
    // [/step]
    __syncthreads();
}
// [/listing]

// [listing kogge-stone]
// [insert kogge-stone-iterations]

// Kogge-Stone inclusive scan of blockDim.x elements (PMPP Fig. 8.2, the race fixed)
__global__ void Kogge_Stone_scan_kernel(int *X, int *Y, int InputSize, int *S) {
    __shared__ int XY[SECTION_SIZE];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    // [step Load]
    XY[threadIdx.x] = i < InputSize ? X[i] : 0;
    // [/step]
    kogge_stone_iterations(XY);
    // [step SectionsScanned]
    if (i < InputSize) Y[i] = XY[threadIdx.x];
    if (S != NULL && threadIdx.x == blockDim.x - 1) S[blockIdx.x] = XY[threadIdx.x];
    // [/step]
}

// [insert add-block-sums]
// [/listing]

}  // namespace listings::kogge_stone
