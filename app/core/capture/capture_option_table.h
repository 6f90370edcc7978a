// The capture options that `scanviz capture`, the window and `scanviz export` share, with their
// help: one table, read by the parsers (their names) and by every help text.
#pragma once

#include "app/core/support/command_help.h"

namespace scanviz {

const OptionSection& captureOptionSection();

}  // namespace scanviz
