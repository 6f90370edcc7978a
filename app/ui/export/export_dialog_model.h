// What the Export dialog holds and decides, apart from drawing it: the options for the lesson on
// screen, the default file name that follows them until the user types one, the folder it
// remembers between runs, and the path it will write. Tested without a window. No ImGui here.
#pragma once

#include <array>
#include <string>

#include "app/core/support/app_settings.h"
#include "app/core/trace/trace.h"
#include "app/export/export_options.h"

namespace scanviz {

enum class StepChoice { Current, All, Range };

struct ExportDialogModel {
  ExportOptions options;
  StepChoice steps = StepChoice::Current;
  int current = 0;  // the step on screen
  int rangeFirst = 0;
  int rangeLast = 0;
  int stepCount = 0;
  TraceMeta meta;
  std::string folder;
  std::string fileName;
  bool nameEdited = false;  // the user typed a name: changing options no longer renames it
  // Why the block timeline or the timing plot cannot be shown; empty when they can.
  std::string timelineUnavailable;
  std::array<std::string, kFigureKindCount> figureUnavailable;  // per figure_kinds.h's kind
  std::string timingPlotUnavailable = "there is no timing plot yet: run the benchmark first";
  std::string applicationUnavailable;  // why there is no application picture; empty: there is

  // The dialog as it opens on a lesson: this step, the screen's look, 1x PNG of the array view,
  // the panels' settings (Brent's P, the timeline's lanes), whether the trace has a timeline,
  // the remembered folder (or a sensible one), and the default name.
  static ExportDialogModel forLesson(const Trace& trace, int step, const AppSettings& settings);

  // Why `panel` cannot be exported now (shown as the tooltip of its disabled choice); empty when
  // it can.
  std::string unavailable(ExportPanel panel) const;
  // Makes options.steps follow the step choice (one step for every panel but the array view) and
  // the format one the panel has, then the file name follow the options (unless the user named
  // the file).
  void update();
  // The user typed a name.
  void setFileName(std::string name);
  // folder / name, with the format's extension added when the name has none.
  std::string outputPath() const;
  // Why Export cannot run now; empty when it can.
  std::string problem() const;
  // The settings with this folder remembered, for the next export and the next run.
  AppSettings remembered(AppSettings settings) const;
};

}  // namespace scanviz
