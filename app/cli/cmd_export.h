// `scanviz export` in a build without the window (SCANVIZ_GUI=OFF): the lesson from a session, a
// trace or capture options, drawn from its scenes by cairo (PNG, GIF, PNG sequences, PDF) or
// written as SVG, with the window's command's own options (app/export/export_arguments.h). The
// window's build registers its own command instead (app/ui/export/export_command.h), which also
// draws the whole window and an application's picture.
#pragma once

#include <string>
#include <vector>

#include "app/core/lesson/quiz.h"
#include "app/core/support/command_help.h"

namespace scanviz {

const CommandHelp& headlessExportHelp();
int cmdHeadlessExport(const std::vector<std::string>& args);
// `scanviz quiz --out` without the window: the sheet's PNGs drawn by cairo (SVG where the build
// has no cairo).
void writeHeadlessQuizSheet(const Trace& trace, const std::vector<QuizQuestion>& questions,
                            unsigned seed, const QuizSheetFiles& files);

}  // namespace scanviz
