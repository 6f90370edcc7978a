// How the emulator schedules the blocks of a grid: GPUs give no order guarantee, so lessons can
// pick one, and limit how many blocks are resident at once (EmulatorOptions, app/core/backends).
#pragma once

namespace scanviz {

enum class LaunchOrder { Ascending, Descending, Random };

}  // namespace scanviz
