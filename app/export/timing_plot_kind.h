// The two line plots of the timing panel, named apart so that the panel can remember the one the
// user looked at last and the export can draw it. No ImGui here.
#pragma once

namespace scanviz {

enum class TimingPlotKind { TimeVsN, ThroughputVsN };

}  // namespace scanviz
