// The Timing view's tabs and their names on the command line (--timing-tab), written once: the
// option's help, its check and the view read this table.
#pragma once

#include "app/core/support/enum_keys.h"

namespace scanviz {

enum class TimingTab { Benchmark, WarpClock, Brent, Ladder };

inline constexpr EnumKey<TimingTab> kTimingTabKeys[] = {{TimingTab::Benchmark, "benchmark"},
                                                        {TimingTab::WarpClock, "warp-clock"},
                                                        {TimingTab::Brent, "brent"},
                                                        {TimingTab::Ladder, "ladder"}};

}  // namespace scanviz
