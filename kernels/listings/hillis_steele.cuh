// Hillis-Steele inclusive scan, double-buffered (the slides' "Hillis-Steele Algorithm"; PMPP's
// Fig. 8.2 pattern with two buffers), as the code panel shows it beside a hillis-steele trace:
// each iteration reads one half of XY and writes the other, so no thread overwrites a value that
// another has yet to read and one barrier per iteration suffices (kernels/block/hillis_steele.h).
#pragma once

#include "kernels/listings/add_block_sums.cuh"
#include "kernels/listings/cuda_host_shim.h"

#undef SECTION_SIZE
#define SECTION_SIZE 1024

namespace listings::hillis_steele {

// [listing hillis-steele]
// Hillis-Steele inclusive scan of blockDim.x elements, two buffers swapped each iteration
__global__ void Hillis_Steele_scan_kernel(int *X, int *Y, int InputSize, int *S) {
    __shared__ int XY[2][SECTION_SIZE];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int in = 0, out = 1;
    // [step Load]
    XY[in][threadIdx.x] = i < InputSize ? X[i] : 0;
    // [/step]
    // [step DoubleBuffered]
    for (unsigned int stride = 1; stride < blockDim.x; stride *= 2) {
        __syncthreads();
        if (threadIdx.x >= stride)
            XY[out][threadIdx.x] = XY[in][threadIdx.x - stride] + XY[in][threadIdx.x];
        else
            XY[out][threadIdx.x] = XY[in][threadIdx.x];
        in = 1 - in;
        out = 1 - out;
    }
    // [/step]
    __syncthreads();
    // [step SectionsScanned]
    if (i < InputSize) Y[i] = XY[in][threadIdx.x];
    if (S != NULL && threadIdx.x == blockDim.x - 1) S[blockIdx.x] = XY[in][threadIdx.x];
    // [/step]
}

// [insert add-block-sums]
// [/listing]

}  // namespace listings::hillis_steele
