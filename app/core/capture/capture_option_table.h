// The capture options that `scanviz capture`, the window and `scanviz export` share, with their
// help: one table, read by the parsers (their names) and by every help text.
#pragma once

#include <string>
#include <string_view>

#include "app/core/support/command_help.h"

namespace scanviz {

const OptionSection& captureOptionSection();

// The --block-size row, the same in every command that takes one (capture and the window,
// export, bench, analyze); `fallback` is the command's own default as help shows it. Its rule is
// kBlockSizes (algorithm_catalog.h), which the parser (app/options) and every check read too.
OptionSpec blockSizeOption(std::string fallback, std::string_view what = "");

}  // namespace scanviz
