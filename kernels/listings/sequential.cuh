// The sequential scan (PMPP 8.1: y[j] = y[j-1] + x[j]) as the code panel shows it beside a
// sequential trace: scanviz runs it as a block in which thread 0 walks the section in shared
// memory while the other threads wait (kernels/block/sequential.h), the baseline of N - 1
// dependent steps every parallel scan is compared with.
#pragma once

#include "kernels/listings/add_block_sums.cuh"
#include "kernels/listings/cuda_host_shim.h"

#undef SECTION_SIZE
#define SECTION_SIZE 1024

namespace listings::sequential {

// [listing sequential]
// The sequential scan (PMPP 8.1), run by thread 0 over a section of blockDim.x elements
__global__ void sequential_scan_kernel(int *X, int *Y, int InputSize, int *S) {
    __shared__ int XY[SECTION_SIZE];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    // [step Load]
    XY[threadIdx.x] = i < InputSize ? X[i] : 0;
    // [/step]
    __syncthreads();
    // [step SequentialStep]
    if (threadIdx.x == 0) {
        for (unsigned int j = 1; j < blockDim.x; ++j) XY[j] = XY[j - 1] + XY[j];
    }
    // [/step]
    __syncthreads();
    // [step SectionsScanned]
    if (i < InputSize) Y[i] = XY[threadIdx.x];
    if (S != NULL && threadIdx.x == blockDim.x - 1) S[blockIdx.x] = XY[threadIdx.x];
    // [/step]
}

// [insert add-block-sums]
// [/listing]

}  // namespace listings::sequential
