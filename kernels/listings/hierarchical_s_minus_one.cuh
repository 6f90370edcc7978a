// Seed 000's hierarchical scan (PMPP 8.6) for the lesson hierarchical-s-minus-one: kernel 1 scans
// each section of SECTION_SIZE elements (blockDim.x == SECTION_SIZE, as the seed assumes) and its
// last thread stores the section's total in S (the line of erratum en-dash-minus, with a minus);
// kernel 2 scans S (the tests run these three kernels on S, recursively); kernel 3 adds S[b-1] to
// section b. `seed` is kernel 3 as printed, with no `i < N` test: block 0 reads S[blockIdx.x-1],
// and blockIdx.x is unsigned, so that is S[4294967295], 16 GiB past S (not S[-1]); `fixed` skips
// block 0 and the elements past N.
#pragma once

#include "kernels/listings/cuda_host_shim.h"
#include "kernels/listings/kogge_stone_one_barrier.cuh"

#undef SECTION_SIZE
#define SECTION_SIZE 8

namespace listings::hierarchical_s_minus_one {

using kogge_stone_one_barrier::fixed::kogge_stone_iterations;

constexpr int kSectionSize = SECTION_SIZE;  // for the tests' launches

__global__ void scan_section_kernel(float *X, float *Y, float *S, int InputSize) {
    __shared__ float XY[SECTION_SIZE];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < InputSize) {
        XY[threadIdx.x] = X[i];
    } else {
        XY[threadIdx.x] = 0.0f;  // so that the last section's total is its elements' sum
    }
    kogge_stone_iterations(XY);  // kogge_stone_one_barrier.cuh, fixed
    if (i < InputSize) {
        Y[i] = XY[threadIdx.x];
    }
    __syncthreads();
    if (threadIdx.x == blockDim.x-1) {
        // [rejected block_sum_seed] S[blockIdx.x] = XY[SECTION_SIZE – 1];
        // [snippet block_sum]
        S[blockIdx.x] = XY[SECTION_SIZE - 1];
        // [/snippet]
    }
}

namespace seed {
__global__ void add_previous_sums_kernel(float *Y, float *S) {
    // [snippet seed]
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    Y[i] += S[blockIdx.x-1];
    // [/snippet]
}
}  // namespace seed

namespace fixed {
__global__ void add_previous_sums_kernel(float *Y, float *S, int N) {
    // [snippet fix]
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (blockIdx.x > 0 && i < N) Y[i] += S[blockIdx.x-1];
    // [/snippet]
}
}  // namespace fixed

}  // namespace listings::hierarchical_s_minus_one
