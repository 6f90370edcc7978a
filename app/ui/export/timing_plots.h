// The timing panel's line plots (time per call vs N, GB/s vs N with the copy rate and CUB as
// reference lines) as PlotSpecs built from the timing state: the panel and the export both draw
// them as the one plot scene (app/scene/plot_scene.h), so a slide shows the run, the colours and
// the hidden subjects exactly as the panel does. No drawing here.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "app/core/layouts/timing_history.h"
#include "app/export/export_options.h"
#include "app/scene/plot_spec.h"
#include "app/ui/views/timing_state.h"

namespace scanviz::timing_plots {

// Compared runs are drawn at this opacity, behind the run on screen.
uint32_t faint(uint32_t color);

// The compared run at the dtype on screen, or at its own when it measured only the other one
// (int32 against float32 is a comparison worth seeing too).
DType comparedDType(const TimingRun& other, DType shown);

// One colour per subject of the run on screen, the same in every plot and the legend; one of our
// kernels and its CUB counterpart share theirs (pairedSubjectLooks).
uint32_t subjectColor(const std::vector<TimingSeries>& all, const BenchSubject& subject);
// The plot as the panel draws it (its legend is the panel's checkboxes, so the spec has none);
// the state must have a run (shownTimingRun).
plot::PlotSpec linePlot(const TimingState& s, TimingPlotKind kind, plot::PlotSize size);

// The plot as a picture shows it: with its legend, and the run's device and dtype in the title,
// since the panel around it is not on the slide.
plot::PlotSpec picturePlot(const TimingState& s, TimingPlotKind kind);

// Why there is no timing plot to export; empty when the shown run has points.
std::string unavailableReason(const TimingState& s);

}  // namespace scanviz::timing_plots
