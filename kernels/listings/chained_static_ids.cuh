// Seed 000's single-pass stream-based scan (PMPP 8.7) for the lesson chained-static-ids: each
// block scans its section, its leader waits for the flag of the block before it, adds that
// block's running sum, passes its own on and raises the next flag. `seed` takes the block's place
// in the chain from blockIdx.x: blocks are not started in blockIdx order, and if the resident
// ones all wait for one that has not started, none ever finishes. `fixed` takes it from an atomic
// counter when the block starts, so a block only waits for blocks that already run. The caller
// sets flags[0] = 1, scan_value[0] = 0 and *DCounter = 0. scan_value is volatile: the leader must
// read what another block wrote, not a line its SM cached before.
#ifndef LISTING_SEED  // the head; the kernel below it is read once in each form (listing_forms.h)
#ifndef LISTINGS_CHAINED_STATIC_IDS_CUH
#define LISTINGS_CHAINED_STATIC_IDS_CUH

#include "kernels/listings/cuda_host_shim.h"
#include "kernels/listings/kogge_stone_one_barrier.cuh"

#undef SECTION_SIZE
#define SECTION_SIZE 1024

namespace listings::chained_static_ids {

using kogge_stone_one_barrier::fixed::kogge_stone_iterations;
#define LISTING_FILE "kernels/listings/chained_static_ids.cuh"
#include "kernels/listings/listing_forms.h"
}  // namespace listings::chained_static_ids

#endif
#else

__global__ void stream_scan_kernel(float *X, float *Y, volatile float *scan_value, int *flags,
#if LISTING_SEED
                                   int N) {
#else
                                   int N, int *DCounter) {
#endif
    __shared__ float XY[SECTION_SIZE];
    __shared__ float previous_sum;
#if LISTING_SEED
    // [snippet seed]
    const int bid = blockIdx.x;
    // [/snippet]
#else
    // [snippet fix]
    __shared__ int sbid;
    if (threadIdx.x == 0) sbid = atomicAdd(DCounter, 1);
    __syncthreads();
    const int bid = sbid;
    // [/snippet]
#endif
    int i = bid * blockDim.x + threadIdx.x;
    XY[threadIdx.x] = i < N ? X[i] : 0.0f;
    kogge_stone_iterations(XY);  // kogge_stone_one_barrier.cuh, fixed
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

#endif
