// The warp-shuffle inclusive scan (beyond PMPP chapter 8: CUDA's __shfl_up_sync, in the chapter's
// conventions) as the code panel shows it beside a warp-shuffle trace: each thread holds one
// element in a register, Kogge-Stone runs inside each warp through shuffles (the lanes of a warp
// step together: no barrier, no temporary), the last lane of each warp leaves its warp's total in
// shared memory, the first warp scans those totals, and every warp but the first adds the total
// of the warps before it (kernels/block/warp_shuffle.h). A block of fewer than 32 threads is one
// partial warp: its mask names only its lanes.
#pragma once

#include "kernels/listings/add_block_sums.cuh"
#include "kernels/listings/cuda_host_shim.h"

namespace listings::warp_shuffle {

// [listing warp-shuffle]
// Warp-shuffle inclusive scan of blockDim.x elements: inside each warp, then across warps
__global__ void warp_shuffle_scan_kernel(int *X, int *Y, int InputSize, int *S) {
    __shared__ int warp_sums[32];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int lane = threadIdx.x % warpSize, warp = threadIdx.x / warpSize;
    unsigned int lanes = blockDim.x < warpSize ? blockDim.x : warpSize;
    unsigned int mask = lanes == 32 ? 0xffffffffu : (1u << lanes) - 1;
    // [step Load]
    int value = i < InputSize ? X[i] : 0;
    // [/step]
    // [step WarpShuffle]
    for (unsigned int delta = 1; delta < lanes; delta *= 2) {
        int left = __shfl_up_sync(mask, value, delta);
        if (lane >= delta) value += left;
    }
    // [/step]
    // [step WarpTotals]
    unsigned int warps = blockDim.x / warpSize;
    if (warps > 1) {
        if (lane == warpSize - 1) warp_sums[warp] = value;
        __syncthreads();
        if (warp == 0) {
            int total = lane < warps ? warp_sums[lane] : 0;
            for (unsigned int delta = 1; delta < warps; delta *= 2) {
                int left = __shfl_up_sync(0xffffffffu, total, delta);
                if (lane >= delta) total += left;
            }
            warp_sums[lane] = total;
        }
        __syncthreads();
    }
    // [/step]
    // [step AddWarpPrefix]
    if (warp > 0) value += warp_sums[warp - 1];
    // [/step]
    // [step SectionsScanned]
    if (i < InputSize) Y[i] = value;
    if (S != NULL && threadIdx.x == blockDim.x - 1) S[blockIdx.x] = value;
    // [/step]
}

// [insert add-block-sums]
// [/listing]

}  // namespace listings::warp_shuffle
