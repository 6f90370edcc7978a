// Serial look-back scan: the decoupled look-back of decoupled_lookback.h (Merrill & Garland,
// NVR-2016-002) with a window of one predecessor, the protocol in its simplest form.
// Idea: every tile still publishes its aggregate A as soon as it is known, so a tile never waits
// for a predecessor's own look-back; but one thread reads one status word per poll. A tile whose
// nearest P lies d tiles back makes d dependent reads of global memory, one round trip through L2
// each, where the warp-wide window makes ceil(d / 32). Beside decoupled-lookback it shows why
// CUB looks back with a whole warp: the protocol is the same, only the number of round trips
// changes.
// Work per tile: that of the decoupled look-back (the same tile scan and publication); the
// look-back's combinations are reported per block as `lookback`, as there.
// Depth: log2(T) + 3 recorded steps per tile, plus up to d polls of the look-back.
#pragma once

#include "kernels/grid/decoupled_lookback.h"

namespace scanviz {

struct SerialLookback : DecoupledLookback {
  // One lane: each poll reads the status of one predecessor.
  SCANVIZ_HD static int windowWidth(int) { return 1; }
};

template <>
inline constexpr AlgorithmDescriptor algorithmOf<SerialLookback> =
    describeSinglePass<SerialLookback>({
        .key = "serial-lookback",
        .name = "Serial look-back",
        .paddedSharedMemory = true,
        .summary = "the decoupled look-back with a window of one: one predecessor a poll, one "
                   "round trip each",
        .source = "Merrill & Garland 2016",
    });

}  // namespace scanviz
