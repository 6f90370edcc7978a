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
// aggregate. The tile's work is a device function of its own, look_back_tile, which takes
// the window's width: the serial look-back listing runs it with a window of one (as
// kernels/grid/serial_lookback.h runs decoupled_lookback.h's); the status words with their tile
// ids and publication (look-back-status) and the warp's look-back (warp_look_back) are parts the
// segmented look-back listing uses too. The caller zeroes flags and *DCounter.
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

// [listing look-back-status]
#define FLAG_X 0  // no status yet
#define FLAG_A 1  // aggregate published
#define FLAG_P 2  // inclusive prefix published

// The tile this block scans, in the order the blocks start (dynamic tile ids, PMPP 8.7)
__device__ int dynamic_tile_id(int *DCounter) {
    __shared__ int bid_s;
    if (threadIdx.x == 0) bid_s = atomicAdd(DCounter, 1);
    __syncthreads();
    return bid_s;
}

// Tile bid's status set to `flag` once `value`, its aggregate or its prefix, is visible
__device__ void publish(int *flags, int *values, int bid, int value, int flag) {
    values[bid] = value;
    __threadfence();
    atomicExch(&flags[bid], flag);
}
// [/listing]

// [listing warp-look-back]
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

// [listing load-and-scan-tile]
// [insert three-phase-tile]

// The tile at `base` (COARSE_FACTOR * blockDim.x elements of X) into XY, scanned in three phases
__device__ void load_and_scan_tile(int *XY, int *X, int base, int InputSize) {
    // [step Load]
    for (unsigned int j = 0; j < COARSE_FACTOR; ++j) {
        unsigned int k = j * blockDim.x + threadIdx.x;  // corner turning
        XY[k] = base + k < InputSize ? X[base + k] : 0;
    }
    // [/step]
    __syncthreads();
    three_phase_scan(XY, COARSE_FACTOR);
}
// [/listing]

// [listing look-back-tile]
// [insert load-and-scan-tile]

// [insert look-back-status]

// [insert warp-look-back]

// One tile of the decoupled look-back scan (Merrill & Garland 2016), COARSE_FACTOR * blockDim.x
// elements: its first `lanes` threads look back, a window of as many predecessors a poll
__device__ void look_back_tile(int *X, int *Y, int InputSize, int *flags, int *aggregate,
                               int *prefix, int *DCounter, unsigned int lanes) {
    __shared__ int XY[SECTION_SIZE];
    __shared__ int exclusive_s;
    int bid = dynamic_tile_id(DCounter);
    int base = bid * COARSE_FACTOR * blockDim.x;
    load_and_scan_tile(XY, X, base, InputSize);
    // [step TilePrefix]
    int total = XY[COARSE_FACTOR * blockDim.x - 1];
    if (threadIdx.x == 0)  // the aggregate at once (tile 0: its prefix)
        publish(flags, bid == 0 ? prefix : aggregate, bid, total, bid == 0 ? FLAG_P : FLAG_A);
    int exclusive = 0;
    if (bid > 0 && threadIdx.x < lanes) {
        exclusive = warp_look_back(flags, aggregate, prefix, bid, lanes);
        if (threadIdx.x == 0) publish(flags, prefix, bid, exclusive + total, FLAG_P);
    }
    if (threadIdx.x == 0) exclusive_s = exclusive;  // lane 0 holds the window's sum
    __syncthreads();
    for (unsigned int j = 0; j < COARSE_FACTOR; ++j) {
        unsigned int k = j * blockDim.x + threadIdx.x;
        if (base + k < InputSize) Y[base + k] = exclusive_s + XY[k];
    }
    // [/step]
}
// [/listing]

// [listing decoupled-lookback]
// [insert look-back-tile]

// Decoupled look-back scan: the first warp looks back, 32 predecessors a poll
__global__ void decoupled_lookback_scan_kernel(int *X, int *Y, int InputSize, int *flags,
                                               int *aggregate, int *prefix, int *DCounter) {
    unsigned int lanes = blockDim.x < warpSize ? blockDim.x : warpSize;
    look_back_tile(X, Y, InputSize, flags, aggregate, prefix, DCounter, lanes);
}
// [/listing]

}  // namespace listings::decoupled_lookback
