// The single-pass chained scan (PMPP 8.7: stream-based scan, adjacent synchronisation) as the
// code panel shows it beside a single-pass-chained trace: one launch; each block takes its tile
// from an atomic counter when it starts (dynamic block ids: it only ever waits for blocks that
// already run; the lesson chained-static-ids shows the deadlock of blockIdx.x), scans the tile
// with the Brent-Kung trees (kernels/grid/single_pass_chained.h), and its leader waits for the
// flag of the tile before it, reads that tile's running sum, passes its own on and raises the
// next flag. The caller sets flags[0] = 1, scan_value[0] = 0 and *DCounter = 0. The fences order
// the value and its flag for the reading block; scan_value is volatile so the leader reads what
// another block wrote, not a copy its SM cached.
#pragma once

#include "kernels/listings/brent_kung.cuh"
#include "kernels/listings/cuda_host_shim.h"

#undef SECTION_SIZE
#define SECTION_SIZE 2048

namespace listings::single_pass_chained {

using listings::brent_kung::brent_kung_trees;

// [listing single-pass-chained]
// [insert brent-kung-trees]

// Single-pass chained scan (PMPP 8.7), tiles of 2 * blockDim.x elements, dynamic tile ids
__global__ void stream_scan_kernel(int *X, int *Y, int InputSize, int *flags,
                                   volatile int *scan_value, int *DCounter) {
    __shared__ int XY[SECTION_SIZE];
    __shared__ int bid_s, previous_sum;
    if (threadIdx.x == 0) bid_s = atomicAdd(DCounter, 1);
    __syncthreads();
    int bid = bid_s;
    int i = 2 * bid * blockDim.x + threadIdx.x;
    // [step Load]
    XY[threadIdx.x] = i < InputSize ? X[i] : 0;
    XY[threadIdx.x + blockDim.x] = i + blockDim.x < InputSize ? X[i + blockDim.x] : 0;
    // [/step]
    brent_kung_trees(XY);
    // [step TilePrefix]
    if (threadIdx.x == 0) {
        while (atomicAdd(&flags[bid], 0) == 0) {}  // wait for the tile before
        __threadfence();
        previous_sum = scan_value[bid];
        scan_value[bid + 1] = previous_sum + XY[2 * blockDim.x - 1];
        __threadfence();
        atomicAdd(&flags[bid + 1], 1);  // the next tile may go on
    }
    __syncthreads();
    if (i < InputSize) Y[i] = previous_sum + XY[threadIdx.x];
    if (i + blockDim.x < InputSize) Y[i + blockDim.x] = previous_sum + XY[threadIdx.x + blockDim.x];
    // [/step]
}
// [/listing]

}  // namespace listings::single_pass_chained
