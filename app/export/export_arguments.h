// The parts of `scanviz export` that do not depend on how the lesson is loaded or on what draws
// it: export's own options and their help, the format, the output path and its checks, the steps,
// a picture that is no step of a lesson (a plot, a deadlock), and the job's run with its progress
// line and exit code. The window's command (app/ui/export/export_command.cpp) and the command of a
// build without the window (app/cli/cmd_export.cpp) are made of them, so both take the same
// options in the same words.
#pragma once

#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "app/core/support/command_help.h"
#include "app/export/export_canvas.h"
#include "app/export/export_job.h"
#include "app/export/export_options.h"
#include "app/options/args.h"

namespace scanviz {

// --out, --format, --scale, --background, --panel, --width, --speed, --range, --all,
// --explanation, --quiet, --bench.
const OptionSection& exportOwnSection();
const CommandHelp& exportOwnOptions();
// The frame of export's help in either build: its name, summary, the usage of an export of a
// lesson, the description that `fromHere` opens (what this build draws with), then the rest both
// builds share; export's own options first.
CommandHelp exportHelpFrame(const std::string& summary, const std::string& fromHere);
// --subjects, with --bench.
const OptionSection& exportBenchSection();

// --format, else the extension of `out`, else PNG for a folder. Throws UsageError.
ExportFormat chooseExportFormat(const Args& a, const std::string& out);
// The picture's options that export's own arguments give (format, panel, scale, background,
// width, explanation, speed); the lesson's look (theme, palette, ...) is the caller's. Throws
// UsageError.
ExportOptions readOwnExportOptions(const Args& a);
// --step K (`step`), --range A:B or --all; otherwise `shownStep` (a session's step), the last step
// for a single picture, or every step for an animation. Throws UsageError.
StepRange chooseExportSteps(const Args& a, std::optional<int> step, std::optional<int> shownStep,
                            int stepCount, const ExportOptions& o);
// The file to write: --out as given (with the format's extension added when it has none), or the
// default name inside --out when that is a folder. Throws UsageError.
std::string resolveExportOut(const std::string& out, const TraceMeta& meta, const ExportOptions& o);
// Why --out cannot be written, known before the lesson is loaded and drawn; empty when it can.
std::string exportOutProblem(const std::string& out, const ExportOptions& o);

// Where "wrote ..." goes: stderr when the picture itself is standard output.
std::ostream& exportMessageStream(const std::string& out);

// Runs the job one unit at a time with a progress line on a terminal; prints what was written,
// or the error. Returns the exit code (0, 1 for a failed write, 2 for bad input).
int runExportJob(ExportJob& job, bool quiet);

// Writes a picture that is no step of a lesson (a plot, a deadlock) as PNG, SVG or PDF, drawn on
// `canvas` (made when pixels or pages are asked for). Throws UsageError.
int writeStandalonePicture(const Scene& scene, const std::string& out, const Args& a,
                           const ViewPalette& palette,
                           const std::function<std::shared_ptr<ExportCanvas>()>& canvas);

// Runs `body` and turns its exceptions into a one-line message on stderr and the exit code.
int runReportingExportErrors(const std::function<int()>& body);

}  // namespace scanviz
