// The decoupled look-back scan (Merrill & Garland, NVR-2016-002; the scheme behind CUB's
// DeviceScan) in PMPP chapter 8's conventions, as the code panel shows it beside a
// decoupled-lookback trace: one launch, dynamic tile ids (PMPP 8.7), each tile of
// COARSE_FACTOR * blockDim.x elements scanned in three phases (PMPP Fig. 8.7; kernels/grid/
// decoupled_lookback.h uses 8 elements per thread). Every tile keeps a status word: FLAG_X
// (nothing yet), FLAG_A (its aggregate is published), FLAG_P (its inclusive prefix is). A tile
// publishes its aggregate as soon as it is known (tile 0 its prefix), then the first warp looks
// back over up to 32 predecessors at once: lane l reads tile bid - 1 - l; if any tile up to the
// nearest P has no status yet, it polls again; otherwise it sums the aggregates up to that P (or
// the whole window, and slides on). Then the tile publishes its own prefix and adds the exclusive
// one to its elements. A slow predecessor only delays its successors until it has published its
// aggregate. The look-back is a device function of its own (warp_look_back): the segmented
// look-back listing looks back with it too. The caller zeroes flags and *DCounter.
#pragma once

#include "kernels/listings/cuda_host_shim.h"
#include "kernels/listings/three_phase.cuh"

#undef SECTION_SIZE
#define SECTION_SIZE 8192
#undef COARSE_FACTOR
#define COARSE_FACTOR 8

namespace listings::decoupled_lookback {

constexpr int kCoarseFactor = COARSE_FACTOR;  // for the tests' launches
using listings::three_phase::three_phase_scan;

// [listing warp-look-back]
#define FLAG_X 0  // no status yet
#define FLAG_A 1  // aggregate published
#define FLAG_P 2  // inclusive prefix published

// The first warp's look-back from tile bid (its lanes threadIdx.x < lanes): lane l reads tile
// bid - 1 - l; polls until every tile up to the nearest FLAG_P has a status; returns to lane 0
// the sum of the tiles back to that P (their aggregates, its prefix)
__device__ int warp_look_back(int *flags, int *aggregate, int *prefix, int bid,
                              unsigned int lanes) {
    unsigned int mask = lanes == 32 ? 0xffffffffu : (1u << lanes) - 1;
    int exclusive = 0, j = bid - 1 - threadIdx.x;
    while (true) {
        int flag = atomicAdd(&flags[j > 0 ? j : 0], 0);
        if (j < 0) flag = FLAG_P;  // before tile 0: a prefix of 0
        unsigned int done = __ballot_sync(mask, flag == FLAG_P);
        unsigned int upTo = done ? __ffs(done) - 1 : lanes - 1;  // lanes 0..upTo count
        if (__ballot_sync(mask, flag == FLAG_X) & ((2u << upTo) - 1)) continue;  // poll again
        __threadfence();
        int value = 0;
        if (threadIdx.x <= upTo && j >= 0) value = flag == FLAG_P ? prefix[j] : aggregate[j];
        for (unsigned int offset = 1; offset < lanes; offset *= 2) {
            int other = __shfl_down_sync(mask, value, offset);
            if (threadIdx.x + offset < lanes) value += other;
        }
        exclusive += value;  // lane 0: the window's sum
        if (done) break;
        j -= lanes;
    }
    return exclusive;
}
// [/listing]

// [listing decoupled-lookback]
// [insert three-phase-tile]

// [insert warp-look-back]

// Decoupled look-back scan (Merrill & Garland 2016), tiles of COARSE_FACTOR * blockDim.x
__global__ void decoupled_lookback_scan_kernel(int *X, int *Y, int InputSize, int *flags,
                                               int *aggregate, int *prefix, int *DCounter) {
    __shared__ int XY[SECTION_SIZE];
    __shared__ int bid_s, exclusive_s;
    if (threadIdx.x == 0) { bid_s = atomicAdd(DCounter, 1); exclusive_s = 0; }
    __syncthreads();
    int bid = bid_s;
    int base = bid * COARSE_FACTOR * blockDim.x;
    // [step Load]
    for (unsigned int j = 0; j < COARSE_FACTOR; ++j) {
        unsigned int k = j * blockDim.x + threadIdx.x;  // corner turning
        XY[k] = base + k < InputSize ? X[base + k] : 0;
    }
    // [/step]
    __syncthreads();
    three_phase_scan(XY, COARSE_FACTOR);
    // [step TilePrefix]
    int total = XY[COARSE_FACTOR * blockDim.x - 1];
    if (threadIdx.x == 0) {  // publish the aggregate at once (tile 0: its prefix)
        if (bid == 0) prefix[0] = total; else aggregate[bid] = total;
        __threadfence();
        atomicExch(&flags[bid], bid == 0 ? FLAG_P : FLAG_A);
    }
    unsigned int lanes = blockDim.x < warpSize ? blockDim.x : warpSize;
    if (bid > 0 && threadIdx.x < lanes) {  // the first warp looks back
        int exclusive = warp_look_back(flags, aggregate, prefix, bid, lanes);
        if (threadIdx.x == 0) {
            exclusive_s = exclusive;
            prefix[bid] = exclusive + total;
            __threadfence();
            atomicExch(&flags[bid], FLAG_P);
        }
    }
    __syncthreads();
    for (unsigned int j = 0; j < COARSE_FACTOR; ++j) {
        unsigned int k = j * blockDim.x + threadIdx.x;
        if (base + k < InputSize) Y[base + k] = exclusive_s + XY[k];
    }
    // [/step]
}
// [/listing]

}  // namespace listings::decoupled_lookback
