// The single-pass chained scan's static-id deadlock (seed 000, 8.7: "This can lead to a deadlock
// if block i through block i + N are scheduled while block i - 1 has not finished"), drawn from
// what the emulator's scheduler saw in the round no block advanced (DeadlockReport): every block
// in blockIdx order, finished, resident and spinning, or never started; an arrow from each
// spinning block to the predecessor it waits on, the resident slots each holding a spinning
// block, the launch order, and why no slot ever frees. GUI-free, like every scene.
#pragma once

#include <optional>

#include "app/core/backends/deadlock_report.h"
#include "app/core/capture/capture_config.h"
#include "app/scene/array_view_scene.h"
#include "app/scene/palette.h"
#include "app/scene/scene.h"

namespace scanviz {

// The deadlock a configuration's capture ends in; nullopt when it runs (or fails otherwise). Only
// static block ids can deadlock, so other configurations are not captured.
std::optional<DeadlockReport> deadlockOf(const CaptureConfig& config);

Scene buildDeadlockScene(const DeadlockReport& report, float width, const ArraySceneStyle& style,
                         const ViewPalette& palette, const MeasureText& measure);

}  // namespace scanviz
