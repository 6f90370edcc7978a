// The segmented decoupled look-back scan (Merrill & Garland, NVR-2016-002, over the segmented
// operator of Blelloch, "Prefix sums and their applications" 1990, 1.5) in PMPP chapter 8's
// conventions, as the code panel shows it beside a segmented-lookback trace: decoupled_lookback.cuh
// over (value, flag) pairs (kernels/grid/segmented_lookback.h). Flags holds one head flag per
// element (1: the element starts a segment). Each tile of COARSE_FACTOR * blockDim.x elements is
// scanned in PMPP Fig. 8.7's three phases, each segmented as the Kogge-Stone scan is
// (segmented_kogge_stone.cuh): XF[k] says whether a head lies within what XY[k] has combined, and
// a combination happens only while it is clear. The tile so learns its aggregate (the part of its
// last segment inside it) and whether it holds a head (its last flag). A tile that holds a head
// hands on its aggregate whatever came before it, so it publishes FLAG_P at once (in `status`,
// the decoupled look-back's flags) and every look-back stops there: no value crosses a head
// between tiles either. A tile whose first element is a head needs nothing from before it and
// does not look back; any other looks back with warp_look_back and combines the prefix into its
// elements before its first head. An exclusive result is the inclusive one shifted right by one,
// with 0 at every head. The caller zeroes status and *DCounter.
#pragma once

#include "kernels/listings/cuda_host_shim.h"
#include "kernels/listings/decoupled_lookback.cuh"

#undef SECTION_SIZE
#define SECTION_SIZE 8192
#undef COARSE_FACTOR
#define COARSE_FACTOR 8

namespace listings::segmented_lookback {

constexpr int kCoarseFactor = COARSE_FACTOR;  // for the tests' launches
using listings::decoupled_lookback::dynamic_tile_id;
using listings::decoupled_lookback::publish;
using listings::decoupled_lookback::warp_look_back;

// [listing segmented-three-phase-tile]
// The three phases over the pairs (XY, XF) of coarse * blockDim.x elements (PMPP Fig. 8.7); XF[j]:
// a head lies within what XY[j] has combined, and nothing is combined into XY[j] once it is set
__device__ void segmented_three_phase_scan(int *XY, unsigned char *XF, unsigned int coarse) {
    unsigned int first = threadIdx.x * coarse;  // this thread's subsection
    unsigned int last = first + coarse - 1;
    // [step SegThreadScan]
    for (unsigned int j = first + 1; j <= last; ++j) {
        if (!XF[j]) XY[j] += XY[j - 1];  // a head restarts the running sum
        XF[j] |= XF[j - 1];
    }
    // [/step]
    // [step SegTotalsScan]
    for (unsigned int stride = 1; stride < blockDim.x; stride *= 2) {
        __syncthreads();
        int temp = 0;
        unsigned char tempFlag = 0;
        if (threadIdx.x >= stride) {
            temp = XY[last - stride * coarse];
            tempFlag = XF[last - stride * coarse];
        }
        __syncthreads();  // every read before any write
        if (threadIdx.x >= stride) {
            if (!XF[last]) XY[last] += temp;
            XF[last] |= tempFlag;
        }
    }
    // [/step]
    __syncthreads();
    // [step SegAddTotal]
    if (threadIdx.x > 0) {  // the preceding total, up to this thread's first head
        for (unsigned int j = first; j < last; ++j) {
            if (!XF[j]) XY[j] += XY[first - 1];
            XF[j] |= XF[first - 1];
        }
    }
    // [/step]
    __syncthreads();
}
// [/listing]

// [listing segmented-lookback]
// [insert segmented-three-phase-tile]

// [insert look-back-status]

// [insert warp-look-back]

// Segmented decoupled look-back scan, tiles of COARSE_FACTOR * blockDim.x; status: FLAG_X, FLAG_A
// or FLAG_P a tile, as in the decoupled look-back
__global__ void segmented_lookback_scan_kernel(int *X, unsigned char *Flags, int *Y,
                                               int InputSize, int *status, int *aggregate,
                                               int *prefix, int *DCounter, bool Exclusive) {
    __shared__ int XY[SECTION_SIZE];
    __shared__ int exclusive_s;
    __shared__ unsigned char XF[SECTION_SIZE];  // a head lies within what XY[k] has combined
    if (threadIdx.x == 0) exclusive_s = 0;  // the prefix of a tile that does not look back
    int bid = dynamic_tile_id(DCounter);
    int base = bid * COARSE_FACTOR * blockDim.x;
    // [step Load]
    for (unsigned int j = 0; j < COARSE_FACTOR; ++j) {
        unsigned int k = j * blockDim.x + threadIdx.x;  // corner turning
        XY[k] = base + k < InputSize ? X[base + k] : 0;
        XF[k] = base + k < InputSize ? Flags[base + k] : 0;  // padding joins the last segment
    }
    // [/step]
    __syncthreads();
    segmented_three_phase_scan(XY, XF, COARSE_FACTOR);
    // [step SegTilePrefix]
    int total = XY[COARSE_FACTOR * blockDim.x - 1];  // from the tile's last head on
    bool holdsHead = XF[COARSE_FACTOR * blockDim.x - 1];
    bool startsAtHead = Flags[base];
    bool knowsPrefix = bid == 0 || holdsHead;  // holding a head (or tile 0): known at once
    if (threadIdx.x == 0)
        publish(status, knowsPrefix ? prefix : aggregate, bid, total, knowsPrefix ? FLAG_P : FLAG_A);
    unsigned int lanes = blockDim.x < warpSize ? blockDim.x : warpSize;
    if (bid > 0 && !startsAtHead && threadIdx.x < lanes) {  // the first warp looks back
        int exclusive = warp_look_back(status, aggregate, prefix, bid, lanes);
        if (threadIdx.x == 0) {
            exclusive_s = exclusive;
            if (!holdsHead)  // else its FLAG_P is out already
                publish(status, prefix, bid, exclusive + total, FLAG_P);
        }
    }
    __syncthreads();
    for (unsigned int j = 0; j < COARSE_FACTOR; ++j) {
        unsigned int k = j * blockDim.x + threadIdx.x;
        if (!XF[k]) XY[k] += exclusive_s;  // only before the tile's first head
    }
    __syncthreads();
    for (unsigned int j = 0; j < COARSE_FACTOR; ++j) {
        unsigned int k = j * blockDim.x + threadIdx.x;
        if (base + k >= InputSize) continue;
        if (!Exclusive) Y[base + k] = XY[k];
        else Y[base + k] = Flags[base + k] ? 0 : (k == 0 ? exclusive_s : XY[k - 1]);
    }
    // [/step]
}
// [/listing]

}  // namespace listings::segmented_lookback
