// Seed 000's single-pass stream-based scan (PMPP 8.7) for the lesson chained-static-ids: each
// block scans its section, its leader waits for the flag of the block before it, adds that
// block's running sum, passes its own on and raises the next flag. `seed` takes the block's place
// in the chain from blockIdx.x: blocks are not started in blockIdx order, and if the resident
// ones all wait for one that has not started, none ever finishes. `fixed` takes it from an atomic
// counter when the block starts, so a block only waits for blocks that already run. The caller
// sets flags[0] = 1, scan_value[0] = 0 and *DCounter = 0. scan_value is volatile: the leader must
// read what another block wrote, not a line its SM cached before.
#pragma once

#include "kernels/listings/cuda_host_shim.h"

#undef SECTION_SIZE
#define SECTION_SIZE 1024

namespace listings::chained_static_ids {

namespace seed {
__global__ void stream_scan_kernel(float *X, float *Y, volatile float *scan_value, int *flags,
                                   int N) {
    __shared__ float XY[SECTION_SIZE];
    __shared__ float previous_sum;
    // [snippet seed]
    const int bid = blockIdx.x;
    // [/snippet]
    int i = bid * blockDim.x + threadIdx.x;
    XY[threadIdx.x] = i < N ? X[i] : 0.0f;
    for (unsigned int stride = 1; stride < blockDim.x; stride *= 2) {
        __syncthreads();
        float left = 0.0f;
        if (threadIdx.x >= stride) left = XY[threadIdx.x - stride];
        __syncthreads();
        if (threadIdx.x >= stride) XY[threadIdx.x] += left;
    }
    __syncthreads();
    float local_sum = XY[blockDim.x - 1];

    if (threadIdx.x == 0){
        // Wait for previous flag
        // [snippet seed]
        while (atomicAdd(&flags[bid], 0) == 0){;}
        // [/snippet]

        // Read previous partial sum
        previous_sum = scan_value[bid];

        // Propagate partial sum
        scan_value[bid + 1] = previous_sum + local_sum;

        // Memory fence
        __threadfence();

        // Set flag
        atomicAdd(&flags[bid + 1], 1);
    }
    __syncthreads();
    if (i < N) Y[i] = previous_sum + XY[threadIdx.x];
}
}  // namespace seed

namespace fixed {
__global__ void stream_scan_kernel(float *X, float *Y, volatile float *scan_value, int *flags,
                                   int N, int *DCounter) {
    __shared__ float XY[SECTION_SIZE];
    __shared__ float previous_sum;
    // [snippet fix]
    __shared__ int sbid;
    if (threadIdx.x == 0) sbid = atomicAdd(DCounter, 1);
    __syncthreads();
    const int bid = sbid;
    // [/snippet]
    int i = bid * blockDim.x + threadIdx.x;
    XY[threadIdx.x] = i < N ? X[i] : 0.0f;
    for (unsigned int stride = 1; stride < blockDim.x; stride *= 2) {
        __syncthreads();
        float left = 0.0f;
        if (threadIdx.x >= stride) left = XY[threadIdx.x - stride];
        __syncthreads();
        if (threadIdx.x >= stride) XY[threadIdx.x] += left;
    }
    __syncthreads();
    float local_sum = XY[blockDim.x - 1];

    if (threadIdx.x == 0){
        // Wait for previous flag
        while (atomicAdd(&flags[bid], 0) == 0){;}

        // Read previous partial sum
        previous_sum = scan_value[bid];

        // Propagate partial sum
        scan_value[bid + 1] = previous_sum + local_sum;

        // Memory fence
        __threadfence();

        // Set flag
        atomicAdd(&flags[bid + 1], 1);
    }
    __syncthreads();
    if (i < N) Y[i] = previous_sum + XY[threadIdx.x];
}
}  // namespace fixed

}  // namespace listings::chained_static_ids
