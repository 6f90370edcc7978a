// Blelloch's exclusive scan without bank conflicts (the slides' "Further Optimizations") as the
// code panel shows it beside a blelloch-conflict-free trace: blelloch.cuh with one padding slot
// after every 32 elements, CONFLICT_FREE_OFFSET(n) = n >> LOG_NUM_BANKS, so the power-of-two
// strides of both sweeps spread over the 32 shared-memory banks (kernels/block/blelloch.h, its
// PadMap{5}). Only the shared-memory indices differ from blelloch.cuh.
#pragma once

#include "kernels/listings/add_block_sums.cuh"
#include "kernels/listings/cuda_host_shim.h"

#undef SECTION_SIZE
#define SECTION_SIZE 2048

namespace listings::blelloch_conflict_free {

// [listing blelloch-conflict-free]
// Blelloch's exclusive scan of 2 * blockDim.x elements, one padding slot every 32 elements
#define LOG_NUM_BANKS 5
#define CONFLICT_FREE_OFFSET(n) ((n) >> LOG_NUM_BANKS)
#define PAD(n) ((n) + CONFLICT_FREE_OFFSET(n))

__global__ void Blelloch_conflict_free_scan_kernel(int *X, int *Y, int InputSize, int *S,
                                                   bool Inclusive) {
    __shared__ int XY[PAD(SECTION_SIZE)];
    unsigned int n = 2 * blockDim.x;
    unsigned int a = threadIdx.x, b = threadIdx.x + blockDim.x;
    int i = 2 * blockIdx.x * blockDim.x + threadIdx.x;
    int x0 = i < InputSize ? X[i] : 0;
    int x1 = i + blockDim.x < InputSize ? X[i + blockDim.x] : 0;
    // [step Load]
    XY[PAD(a)] = x0;
    XY[PAD(b)] = x1;
    // [/step]
    // [step UpSweep]
    for (unsigned int stride = 1; stride < n; stride *= 2) {
        __syncthreads();
        unsigned int index = (threadIdx.x + 1) * 2 * stride - 1;
        if (index < n) XY[PAD(index)] += XY[PAD(index - stride)];
    }
    // [/step]
    __syncthreads();
    // [step ClearLast]
    if (threadIdx.x == 0) {
        if (S != NULL) S[blockIdx.x] = XY[PAD(n - 1)];  // the section's sum, before it is cleared
        XY[PAD(n - 1)] = 0;
    }
    // [/step]
    // [step BlellochDown]
    for (unsigned int stride = n / 2; stride > 0; stride /= 2) {
        __syncthreads();
        unsigned int index = (threadIdx.x + 1) * 2 * stride - 1;
        if (index < n) {
            int left = XY[PAD(index - stride)];
            XY[PAD(index - stride)] = XY[PAD(index)];
            XY[PAD(index)] += left;
        }
    }
    // [/step]
    __syncthreads();
    // [step ToInclusive]
    if (Inclusive) {
        XY[PAD(a)] += x0;
        XY[PAD(b)] += x1;
    }
    // [/step]
    // [step SectionsScanned]
    if (i < InputSize) Y[i] = XY[PAD(a)];
    if (i + blockDim.x < InputSize) Y[i + blockDim.x] = XY[PAD(b)];
    // [/step]
}

// [insert add-block-sums]
// [/listing]

}  // namespace listings::blelloch_conflict_free

#undef PAD
#undef CONFLICT_FREE_OFFSET
#undef LOG_NUM_BANKS
