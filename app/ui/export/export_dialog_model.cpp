#include "app/ui/export/export_dialog_model.h"

#include <algorithm>
#include <filesystem>

#include "app/export/export_naming.h"
#include "app/export/timeline_picture.h"
#include "app/scene/figure_kinds.h"

namespace scanviz {

ExportDialogModel ExportDialogModel::forLesson(const Trace& trace, int step,
                                               const AppSettings& settings) {
  ExportDialogModel m;
  m.meta = trace.meta;
  m.stepCount = static_cast<int>(trace.steps.size());
  m.current = std::clamp(step, 0, std::max(0, m.stepCount - 1));
  m.rangeFirst = 0;
  m.rangeLast = std::max(0, m.stepCount - 1);
  m.options.style.theme = settings.theme;
  m.options.style.palette = settings.palette;
  m.options.brentProcessors = settings.brentProcessors;
  m.options.countersRealElements = settings.countersRealElements;
  m.options.timelineLanes =
      valueOf(kLaneGroupingKeys, settings.layout.timelineLanes).value_or(LaneGrouping::BySm);
  m.timelineUnavailable = timelinePictureProblem(trace);
  for (int k = 0; k < kFigureKindCount; ++k)
    m.figureUnavailable[static_cast<size_t>(k)] =
        figureKindInfo(static_cast<FigureKind>(k)).problem(trace);
  m.folder = defaultExportFolder(settings.exportFolder);
  m.update();
  return m;
}

void ExportDialogModel::update() {
  const int last = std::max(0, stepCount - 1);
  rangeFirst = std::clamp(rangeFirst, 0, last);
  rangeLast = std::clamp(rangeLast, rangeFirst, last);
  // Only the array view makes filmstrips and animations; the other panels show the step on
  // screen, as PNG or SVG (the whole window: PNG).
  const StepChoice choice = options.panel == ExportPanel::ArrayView ? steps : StepChoice::Current;
  if (options.panel == ExportPanel::Window) options.format = ExportFormat::Png;
  if (isSingleScenePanel(options.panel) && isAnimation(options)) options.format = ExportFormat::Png;
  switch (choice) {
    case StepChoice::Current:
      options.steps = {current, current};
      break;
    case StepChoice::All:
      options.steps = {0, last};
      break;
    case StepChoice::Range:
      options.steps = {rangeFirst, rangeLast};
      break;
  }
  if (!nameEdited) fileName = defaultExportName(meta, options);
}

void ExportDialogModel::setFileName(std::string name) {
  fileName = std::move(name);
  nameEdited = !fileName.empty() && fileName != defaultExportName(meta, options);
  if (fileName.empty()) update();  // clearing the name brings the default back
}

std::string ExportDialogModel::outputPath() const {
  const std::string name = withExtension(fileName, options.format);
  return (std::filesystem::path(folder) / name).string();
}

std::string ExportDialogModel::unavailable(ExportPanel panel) const {
  if (panel == ExportPanel::Timeline) return timelineUnavailable;
  if (const std::optional<FigureKind> kind = figureKindOf(panel))
    return figureUnavailable[static_cast<size_t>(*kind)];
  if (panel == ExportPanel::TimingPlot) return timingPlotUnavailable;
  if (panel == ExportPanel::Application) return applicationUnavailable;
  return {};
}

std::string ExportDialogModel::problem() const {
  if (const std::string panel = unavailable(options.panel); !panel.empty()) return panel;
  const std::string options_problem = exportProblem(options, stepCount);
  if (!options_problem.empty()) return options_problem;
  if (fileName.empty()) return "the file needs a name";
  if (fileName.find('/') != std::string::npos)
    return "the name is a file name; choose the folder above";
  std::error_code ec;
  if (!std::filesystem::is_directory(folder, ec))
    return "the folder '" + folder + "' does not exist";
  return {};
}

AppSettings ExportDialogModel::remembered(AppSettings settings) const {
  settings.exportFolder = folder;
  return settings;
}

}  // namespace scanviz
