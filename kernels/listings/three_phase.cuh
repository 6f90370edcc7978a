// The three-phase (coarsened) inclusive scan (PMPP 8.5, Fig. 8.7) as the code panel shows it
// beside a three-phase trace: a section of COARSE_FACTOR * blockDim.x elements, loaded corner-
// turned (in pass j thread t loads element j * blockDim.x + t, so neighbouring threads touch
// neighbouring addresses); phase 1: each thread scans its own COARSE_FACTOR consecutive elements;
// phase 2: Kogge-Stone over the subsections' last elements; phase 3: each thread but the first
// adds the preceding subsection's total (kernels/block/three_phase.h, coarsening 4, its default).
// The phases are a device function of their own: the look-back listings scan their tiles with it.
#pragma once

#include "kernels/listings/add_block_sums.cuh"
#include "kernels/listings/cuda_host_shim.h"

#undef SECTION_SIZE
#define SECTION_SIZE 4096
#undef COARSE_FACTOR
#define COARSE_FACTOR 4

namespace listings::three_phase {

constexpr int kCoarseFactor = COARSE_FACTOR;  // for the tests' launches

// [listing three-phase-tile]
// The three phases over XY's coarse * blockDim.x elements (PMPP Fig. 8.7)
__device__ void three_phase_scan(int *XY, unsigned int coarse) {
    unsigned int first = threadIdx.x * coarse;  // this thread's subsection
    unsigned int last = first + coarse - 1;
    // [step ThreadScan]
    for (unsigned int j = first + 1; j <= last; ++j) XY[j] += XY[j - 1];
    // [/step]
    // [step SubsectionScan]
    for (unsigned int stride = 1; stride < blockDim.x; stride *= 2) {
        __syncthreads();
        int temp = 0;
        if (threadIdx.x >= stride) temp = XY[last - stride * coarse];
        __syncthreads();  // every read before any write
        if (threadIdx.x >= stride) XY[last] += temp;
    }
    // [/step]
    __syncthreads();
    // [step AddSubsection]
    if (threadIdx.x > 0) {
        for (unsigned int j = first; j < last; ++j) XY[j] += XY[first - 1];
    }
    // [/step]
    __syncthreads();
}
// [/listing]

// [listing three-phase]
// [insert three-phase-tile]

// Three-phase inclusive scan of COARSE_FACTOR * blockDim.x elements (PMPP Fig. 8.7)
__global__ void three_phase_scan_kernel(int *X, int *Y, int InputSize, int *S) {
    __shared__ int XY[SECTION_SIZE];
    int base = blockIdx.x * COARSE_FACTOR * blockDim.x;
    // [step Load]
    for (unsigned int j = 0; j < COARSE_FACTOR; ++j) {
        unsigned int k = j * blockDim.x + threadIdx.x;  // corner turning
        XY[k] = base + k < InputSize ? X[base + k] : 0;
    }
    // [/step]
    __syncthreads();
    three_phase_scan(XY, COARSE_FACTOR);
    // [step SectionsScanned]
    for (unsigned int j = 0; j < COARSE_FACTOR; ++j) {
        unsigned int k = j * blockDim.x + threadIdx.x;
        if (base + k < InputSize) Y[base + k] = XY[k];
    }
    if (S != NULL && threadIdx.x == blockDim.x - 1)
        S[blockIdx.x] = XY[COARSE_FACTOR * blockDim.x - 1];
    // [/step]
}

// [insert add-block-sums]
// [/listing]

}  // namespace listings::three_phase
