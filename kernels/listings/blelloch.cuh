// Blelloch's work-efficient exclusive scan (the slides' "Blelloch Algorithm"; seeds 003 and 004)
// as the code panel shows it beside a blelloch trace: two elements per thread, a section of
// 2 * blockDim.x (up to SECTION_SIZE); the up-sweep leaves each left subtree's sum in its root,
// the root is cleared, and the down-sweep hands each node's value to its left child and gives its
// right child that value plus the left child's old sum (kernels/block/blelloch.h). Partial
// sections are padded with 0 and every thread reaches every barrier (the lesson
// blelloch-early-return). An inclusive result adds each element's input (the to-inclusive step).
#pragma once

#include "kernels/listings/add_block_sums.cuh"
#include "kernels/listings/cuda_host_shim.h"

#undef SECTION_SIZE
#define SECTION_SIZE 2048

namespace listings::blelloch {

// [listing blelloch]
// Blelloch's exclusive scan of 2 * blockDim.x elements: up-sweep, clear the root, down-sweep
__global__ void Blelloch_scan_kernel(int *X, int *Y, int InputSize, int *S, bool Inclusive) {
    __shared__ int XY[SECTION_SIZE];
    unsigned int n = 2 * blockDim.x;
    int i = 2 * blockIdx.x * blockDim.x + threadIdx.x;
    int x0 = i < InputSize ? X[i] : 0;
    int x1 = i + blockDim.x < InputSize ? X[i + blockDim.x] : 0;
    // [step Load]
    XY[threadIdx.x] = x0;
    XY[threadIdx.x + blockDim.x] = x1;
    // [/step]
    // [step UpSweep]
    for (unsigned int stride = 1; stride < n; stride *= 2) {
        __syncthreads();
        unsigned int index = (threadIdx.x + 1) * 2 * stride - 1;
        if (index < n) XY[index] += XY[index - stride];
    }
    // [/step]
    __syncthreads();
    // [step ClearLast]
    if (threadIdx.x == 0) {
        if (S != NULL) S[blockIdx.x] = XY[n - 1];  // the section's sum, before it is cleared
        XY[n - 1] = 0;
    }
    // [/step]
    // [step BlellochDown]
    for (unsigned int stride = n / 2; stride > 0; stride /= 2) {
        __syncthreads();
        unsigned int index = (threadIdx.x + 1) * 2 * stride - 1;
        if (index < n) {
            int left = XY[index - stride];
            XY[index - stride] = XY[index];
            XY[index] += left;
        }
    }
    // [/step]
    __syncthreads();
    // [step ToInclusive]
    if (Inclusive) {
        XY[threadIdx.x] += x0;
        XY[threadIdx.x + blockDim.x] += x1;
    }
    // [/step]
    // [step SectionsScanned]
    if (i < InputSize) Y[i] = XY[threadIdx.x];
    if (i + blockDim.x < InputSize) Y[i + blockDim.x] = XY[threadIdx.x + blockDim.x];
    // [/step]
}

// [insert add-block-sums]
// [/listing]

}  // namespace listings::blelloch
