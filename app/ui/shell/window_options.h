// The window's command line as one table (`scanviz [options]`): the parser in command_line.cpp
// takes the option names from it, and `scanviz --help` and `scanviz export --help` print it.
#pragma once

#include <vector>

#include "app/core/support/command_help.h"

namespace scanviz {

// What the window shows and how it looks: --session, --trace, --step, --theme, ... These are also
// the lesson options of `scanviz export`.
const std::vector<OptionSection>& windowLessonSections();
// The scripted modes that render, write a file and exit: --screenshot, --dump-scene, ...
const OptionSection& windowScriptedSection();
// The whole table: lesson sections, the scripted modes and the capture options.
const CommandHelp& windowHelp();

}  // namespace scanviz
