// Brent-Kung inclusive scan (PMPP Fig. 8.4-8.6) as the code panel shows it beside a brent-kung
// trace: each thread owns two elements, so a section is 2 * blockDim.x elements (up to
// SECTION_SIZE); a reduction tree leaves partial sums at the positions 2 * stride * (t + 1) - 1,
// and the reverse tree distributes them. The indices come from the thread id, so the active
// threads stay contiguous, as in the figure and kernels/block/brent_kung.h. The trees are a
// device function of their own: the hierarchical and the single-pass chained listings scan their
// sections and tiles with it.
#pragma once

#include "kernels/listings/add_block_sums.cuh"
#include "kernels/listings/cuda_host_shim.h"

#undef SECTION_SIZE
#define SECTION_SIZE 2048

namespace listings::brent_kung {

// [listing brent-kung-trees]
// The Brent-Kung trees over XY's 2 * blockDim.x elements (PMPP Fig. 8.5, 8.6)
__device__ void brent_kung_trees(int *XY) {
    unsigned int n = 2 * blockDim.x;
    // [step UpSweep]
    for (unsigned int stride = 1; stride <= blockDim.x; stride *= 2) {
        __syncthreads();
        unsigned int index = (threadIdx.x + 1) * 2 * stride - 1;
        if (index < n) XY[index] += XY[index - stride];
    }
    // [/step]
    // [step DownSweep]
    for (unsigned int stride = n / 4; stride > 0; stride /= 2) {
        __syncthreads();
        unsigned int index = (threadIdx.x + 1) * 2 * stride - 1;
        if (index + stride < n) XY[index + stride] += XY[index];
    }
    // [/step]
    __syncthreads();
}
// [/listing]

// [listing brent-kung]
// [insert brent-kung-trees]

// Brent-Kung inclusive scan of 2 * blockDim.x elements (PMPP Fig. 8.6)
__global__ void Brent_Kung_scan_kernel(int *X, int *Y, int InputSize, int *S) {
    __shared__ int XY[SECTION_SIZE];
    int i = 2 * blockIdx.x * blockDim.x + threadIdx.x;
    // [step Load]
    XY[threadIdx.x] = i < InputSize ? X[i] : 0;
    XY[threadIdx.x + blockDim.x] = i + blockDim.x < InputSize ? X[i + blockDim.x] : 0;
    // [/step]
    brent_kung_trees(XY);
    // [step SectionsScanned]
    if (i < InputSize) Y[i] = XY[threadIdx.x];
    if (i + blockDim.x < InputSize) Y[i + blockDim.x] = XY[threadIdx.x + blockDim.x];
    if (S != NULL && threadIdx.x == blockDim.x - 1) S[blockIdx.x] = XY[2 * blockDim.x - 1];
    // [/step]
}

// [insert add-block-sums]
// [/listing]

}  // namespace listings::brent_kung
