#include "app/export/export_options.h"

#include <charconv>
#include <stdexcept>

namespace scanviz {
namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
}

std::optional<int> parseInt(std::string_view s) {
  int v = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || end != s.data() + s.size() || s.empty()) return std::nullopt;
  return v;
}

}  // namespace

// A PNG sequence writes a folder: no extension, and no path names it.
constexpr EnumKey<ExportFormat> kExtensions[] = {{ExportFormat::Png, ".png"},
                                                 {ExportFormat::Svg, ".svg"},
                                                 {ExportFormat::Gif, ".gif"},
                                                 {ExportFormat::PngSequence, ""},
                                                 {ExportFormat::Pdf, ".pdf"}};

std::string_view formatExtension(ExportFormat f) {
  return keyOf(kExtensions, f);
}

std::optional<ExportFormat> formatFromPath(std::string_view path) {
  const auto dot = path.rfind('.');
  const auto slash = path.find_last_of('/');
  if (dot == std::string_view::npos || (slash != std::string_view::npos && dot < slash))
    return std::nullopt;
  return valueOf(kExtensions, lower(path.substr(dot)));
}

std::string_view timingPlotKey(TimingPlotKind k) {
  return k == TimingPlotKind::TimeVsN ? "time-vs-n" : "gbps-vs-n";
}

std::optional<FigureKind> figureKindOf(ExportPanel p) {
  constexpr std::pair<ExportPanel, FigureKind> kFigurePanels[] = {
      {ExportPanel::Figure, FigureKind::Structure},
      {ExportPanel::BankConflicts, FigureKind::BankConflicts},
      {ExportPanel::DependenceGraph, FigureKind::DependenceGraph}};
  for (const auto& [panel, kind] : kFigurePanels)
    if (panel == p) return kind;
  return std::nullopt;
}

// An application's picture exports like the array view: one step is the domain's picture, a
// filmstrip or an animation shows the steps of its scan under it.
bool isSingleScenePanel(ExportPanel p) {
  return p == ExportPanel::Counters || p == ExportPanel::Timeline || p == ExportPanel::TimingPlot ||
         p == ExportPanel::Roulette || p == ExportPanel::ChainFlags;
}

bool isValidExportScale(int scale) {
  return scale == 1 || scale == 2 || scale == 4;
}

bool isFilmstrip(const ExportOptions& o) {
  return (o.format == ExportFormat::Png || o.format == ExportFormat::Svg) && o.steps.count() > 1;
}

bool isAnimation(const ExportOptions& o) {
  return o.format == ExportFormat::Gif || o.format == ExportFormat::PngSequence;
}

Color exportBackgroundColor(ExportBackground b, const ViewPalette& palette) {
  switch (b) {
    case ExportBackground::Theme:
      return palette.background;
    case ExportBackground::White:
      return rgb(0xffffff);
    case ExportBackground::Transparent:
      return Color{0, 0, 0, 0};
  }
  return palette.background;
}

std::string exportProblem(const ExportOptions& o, int stepCount) {
  if (stepCount <= 0) return "there is no lesson to export yet";
  if (!isValidExportScale(o.scale)) return "scale " + std::to_string(o.scale) + " is not 1, 2 or 4";
  if (o.steps.first < 0 || o.steps.last >= stepCount || o.steps.first > o.steps.last)
    return "steps " + std::to_string(o.steps.first) + " to " + std::to_string(o.steps.last) +
           " are not inside this trace (steps 0 to " + std::to_string(stepCount - 1) + ")";
  // A filmstrip is one picture: past this many steps it outgrows kMaxExportPixels, and finding
  // that out by drawing took a minute (6000 steps). Refused before any drawing.
  if (o.format == ExportFormat::Png &&
      (o.panel == ExportPanel::ArrayView || o.panel == ExportPanel::Application) &&
      o.steps.count() > kMaxPngFilmstripSteps)
    return "a PNG filmstrip shows at most " + std::to_string(kMaxPngFilmstripSteps) +
           " steps and this one would have " + std::to_string(o.steps.count()) +
           ": choose fewer with --step K or --range A:B, or export a GIF or a PNG sequence "
           "(--format gif|png-seq)";
  if (o.format == ExportFormat::Gif && !(o.speed >= 0.0625 && o.speed <= 50))
    return "the GIF speed must be between 0.0625 and 50 steps a second";
  if (!(o.style.width >= 200 && o.style.width <= 16384))
    return "the layout width must be between 200 and 16384 logical pixels";
  if (o.panel == ExportPanel::Window) {
    if (o.format != ExportFormat::Png)
      return "the whole window is exported as PNG only (its panels are ImGui widgets, not a "
             "scene); SVG, GIF and PNG sequences show the array view";
    if (o.steps.count() > 1) return "a whole-window picture shows one step: choose one step";
  }
  // The figure fills in step by step: one step a picture, every step an animation.
  if (figureKindOf(o.panel) && !isAnimation(o) && o.format != ExportFormat::Pdf &&
      o.steps.count() > 1)
    return "a figure is one picture of one step (it follows the steps as they go): choose one "
           "step, or a GIF or PDF of them";
  if (isSingleScenePanel(o.panel)) {
    const std::string what = o.panel == ExportPanel::Counters     ? "the counters picture"
                             : o.panel == ExportPanel::Timeline   ? "the block timeline"
                             : o.panel == ExportPanel::Roulette   ? "the race roulette"
                             : o.panel == ExportPanel::ChainFlags ? "the flags figure"
                                                                  : "a timing plot";
    if (isAnimation(o))
      return what + " is exported as PNG, SVG or PDF; GIF and PNG sequences show the array view";
    if (o.steps.count() > 1) return what + " is one picture: choose one step";
  }
  return {};
}

StepRange parseStepRange(std::string_view text, int stepCount) {
  const std::string s(text);
  if (s == "all") return {0, stepCount - 1};
  const auto colon = s.find(':');
  const auto bad = [&] {
    return std::invalid_argument("'" + s + "' is not a step (K), a range (A:B) or 'all'");
  };
  if (colon == std::string::npos) {
    const auto k = parseInt(s);
    if (!k) throw bad();
    return {*k, *k};
  }
  const auto a = parseInt(std::string_view(s).substr(0, colon));
  const auto b = parseInt(std::string_view(s).substr(colon + 1));
  if (!a || !b) throw bad();
  return {*a, *b};
}

}  // namespace scanviz
