// The serial look-back scan (the decoupled look-back of Merrill & Garland with a window of one)
// in PMPP chapter 8's conventions, as the code panel shows it beside a serial-lookback trace:
// decoupled_lookback.cuh's tile with a window of one, so that thread 0 alone reads one
// predecessor's status a poll (kernels/grid/serial_lookback.h is decoupled_lookback.h with a
// window of one). A tile whose nearest published prefix lies d tiles back makes d dependent
// reads, where the warp's window makes about d / 32: the protocol is the same, only the number of
// round trips changes. The caller zeroes flags and *DCounter.
#pragma once

#include "kernels/listings/cuda_host_shim.h"
#include "kernels/listings/decoupled_lookback.cuh"

namespace listings::serial_lookback {

constexpr int kCoarseFactor = listings::decoupled_lookback::kCoarseFactor;  // for the tests
using listings::decoupled_lookback::look_back_tile;

// [listing serial-lookback]
// [insert look-back-tile]

// Serial look-back scan: thread 0 alone looks back, one predecessor a poll
__global__ void serial_lookback_scan_kernel(int *X, int *Y, int InputSize, int *flags,
                                            int *aggregate, int *prefix, int *DCounter) {
    look_back_tile(X, Y, InputSize, flags, aggregate, prefix, DCounter, 1);
}
// [/listing]

}  // namespace listings::serial_lookback
