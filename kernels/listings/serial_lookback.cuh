// The serial look-back scan (the decoupled look-back of Merrill & Garland with a window of one)
// in PMPP chapter 8's conventions, as the code panel shows it beside a serial-lookback trace:
// decoupled_lookback.cuh's kernel, with one thread that reads one predecessor's status a poll
// (kernels/grid/serial_lookback.h). A tile whose nearest published prefix lies d tiles back makes
// d dependent reads, where the warp's window makes about d / 32: the protocol is the same, only
// the number of round trips changes. The caller zeroes flags and *DCounter.
#pragma once

#include "kernels/listings/cuda_host_shim.h"
#include "kernels/listings/decoupled_lookback.cuh"
#include "kernels/listings/three_phase.cuh"

#undef SECTION_SIZE
#define SECTION_SIZE 8192
#undef COARSE_FACTOR
#define COARSE_FACTOR 8

namespace listings::serial_lookback {

constexpr int kCoarseFactor = COARSE_FACTOR;  // for the tests' launches
using listings::three_phase::three_phase_scan;

// [listing serial-lookback]
// [insert three-phase-tile]

// Serial look-back scan: FLAG_X, FLAG_A, FLAG_P as in the decoupled look-back; one thread looks
// back, one predecessor a poll
__global__ void serial_lookback_scan_kernel(int *X, int *Y, int InputSize, int *flags,
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
    if (threadIdx.x == 0) {
        if (bid == 0) prefix[0] = total; else aggregate[bid] = total;
        __threadfence();
        atomicExch(&flags[bid], bid == 0 ? FLAG_P : FLAG_A);
        int exclusive = 0;
        for (int j = bid - 1; j >= 0; --j) {
            int flag;
            while ((flag = atomicAdd(&flags[j], 0)) == FLAG_X) {}  // wait for tile j's status
            __threadfence();
            if (flag == FLAG_P) { exclusive += prefix[j]; break; }
            exclusive += aggregate[j];
        }
        if (bid > 0) {
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

}  // namespace listings::serial_lookback
