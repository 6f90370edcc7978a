// A trace's timing as Chrome Trace Event JSON, which Perfetto (ui.perfetto.dev) and
// chrome://tracing open: every block of the grid as one complete ("X") event on a track of its
// SM, one track per resident slot as the window's timeline lays them out (so that no two slices
// of a track partly overlap), its look-back wait inside it where the timeline draws it; the
// per-warp clocks of the recorded block as one track per warp, in cycles, with an event per step.
// Times start at 0; otherData names the scanviz version. `scanviz export --format perfetto`
// writes it.
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
