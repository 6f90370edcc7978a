// The throughput plot of a benchmark report (`scanviz bench --json FILE`): GB/s against N, one line
// per algorithm or reference (CUB, Thrust, the device copy that bounds them all), for the figure
// of real timings next to the PRAM story on a slide.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "app/core/layouts/timing_history.h"
#include "app/scene/plot_spec.h"

namespace scanviz {

struct BenchPlotRequest {
  std::string dtype = "int32";
  std::vector<std::string>
      subjects;  // algorithm ids and references (cub, thrust, copy); empty: all
};

// Throws InputError naming what is missing (not a bench report, no points for the dtype, an
// unknown subject).
plot::PlotSpec benchThroughputPlot(const nlohmann::json& report, const BenchPlotRequest& rq);

// How a subject's line is drawn, by its look: the slot's colour and marker shape (told apart when
// the palette's colours come round again as tints); CUB's line beside ours dashed, with the hollow
// marker of the same shape. The timing panel's lines and the report's plot alike.
void drawAsSubject(plot::Series& series, const SubjectLook& look);

}  // namespace scanviz
