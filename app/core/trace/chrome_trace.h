// A trace's timing as Chrome Trace Event JSON, which Perfetto (ui.perfetto.dev) and
// chrome://tracing open: every block of the grid as one complete ("X") event on its SM's track,
// its look-back wait inside it, and the per-warp clocks of the recorded block as one track per
// warp with an event per step. `scanviz export --format perfetto` writes it.
#pragma once

#include <string>

#include "app/core/trace/trace.h"

namespace scanviz {

// Process ids of the two groups of tracks.
constexpr int kChromeBlocksPid = 1;
constexpr int kChromeWarpsPid = 2;

// Throws InputError when the trace has neither block timing nor warp clocks.
std::string chromeTraceJson(const Trace& t);

}  // namespace scanviz
