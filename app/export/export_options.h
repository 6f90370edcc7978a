// What one export makes: the format, the panel (the array view, the counters, the block timeline,
// a timing plot or the whole window), the scale, the look (theme, palette, background), the steps
// and the GIF speed, with the names the command line and the dialog use for them and the checks
// both apply. No ImGui here.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "app/core/layouts/block_timeline.h"
#include "app/core/support/enum_keys.h"
#include "app/export/picture.h"
#include "app/export/timing_plot_kind.h"
#include "app/scene/figure_kinds.h"
#include "app/scene/palette.h"

namespace scanviz {

// Pdf: one 16:9 vector page per step (or the one picture of a single-scene panel), drawn by cairo.
enum class ExportFormat { Png, Svg, Gif, PngSequence, Pdf };
// Counters, Timeline and TimingPlot are scenes of their own (PNG, SVG); the window is ImGui
// widgets drawn offscreen (PNG only).
// Figure: the structure figure of the run (figure_scene.h), a scene of its own; BankConflicts and
// DependenceGraph: the other figures of figure_kinds.h (figureKindOf); Roulette and ChainFlags:
// the race roulette (roulette_scene.h) and the chained scan's flags (chain_flags_scene.h).
enum class ExportPanel {
  ArrayView,
  Counters,
  Timeline,
  TimingPlot,
  Window,
  Application,
  Figure,
  BankConflicts,
  DependenceGraph,
  Roulette,    // the one-barrier Kogge-Stone under many schedules (roulette_scene.h)
  ChainFlags,  // the chained scan's flags and fences (chain_flags_scene.h)
};
enum class ExportBackground { Theme, White, Transparent };

struct StepRange {
  int first = 0;
  int last = 0;  // inclusive
  int count() const { return last - first + 1; }
};

struct ExportOptions {
  ExportFormat format = ExportFormat::Png;
  ExportPanel panel = ExportPanel::ArrayView;
  int scale = 1;  // 1, 2 or 4: pixels per logical pixel (SVG: its width and height attributes)
  ExportBackground background = ExportBackground::Theme;
  PictureStyle style;  // theme, palette, layout width, the step's sentence
  StepRange steps;     // one step; several make a filmstrip (PNG, SVG) or frames (GIF, sequence)
  double speed = 1.0;  // GIF: the playback speed, steps per second (1x: one step a second)
  // Whole-window pictures: the window's size and UI scale the picture is drawn at, before `scale`.
  int windowWidth = 1440;
  int windowHeight = 900;
  float windowUiScale = 1;
  // Counters and the dependence graph: the P of Brent's bound W/P + D, and whether a run with
  // padding counts its real elements alone, as the counters panel sets them (--processors,
  // --real-elements).
  int brentProcessors = AppSettings{}.brentProcessors;
  bool countersRealElements = false;
  // Timeline: lanes by SM or one per block, as the timeline panel shows them.
  LaneGrouping timelineLanes = LaneGrouping::BySm;
  // Timing plot: which of the panel's line plots.
  TimingPlotKind timingPlot = TimingPlotKind::ThroughputVsN;
};

inline constexpr EnumKey<ExportFormat> kExportFormatKeys[] = {
    {ExportFormat::Png, "png"},
    {ExportFormat::Svg, "svg"},
    {ExportFormat::Gif, "gif"},
    {ExportFormat::PngSequence, "png-seq"},
    {ExportFormat::Pdf, "pdf"}};
// ".png", ".svg", ".gif", ".pdf"; a PNG sequence is a folder and has none.
std::string_view formatExtension(ExportFormat f);
// The format a file name asks for by its extension (.png, .svg, .gif, .pdf), if any.
std::optional<ExportFormat> formatFromPath(std::string_view path);

inline constexpr EnumKey<ExportBackground> kExportBackgroundKeys[] = {
    {ExportBackground::Theme, "theme"},
    {ExportBackground::White, "white"},
    {ExportBackground::Transparent, "transparent"}};
inline constexpr EnumKey<ExportPanel> kExportPanelKeys[] = {
    {ExportPanel::ArrayView, "array"},       {ExportPanel::Counters, "counters"},
    {ExportPanel::Timeline, "timeline"},     {ExportPanel::TimingPlot, "plot"},
    {ExportPanel::Window, "window"},         {ExportPanel::Application, "application"},
    {ExportPanel::Figure, "figure"},         {ExportPanel::BankConflicts, "banks"},
    {ExportPanel::DependenceGraph, "graph"}, {ExportPanel::Roulette, "roulette"},
    {ExportPanel::ChainFlags, "chain-flags"}};
// The figure a figure panel draws (figure_kinds.h); nullopt for the other panels.
std::optional<FigureKind> figureKindOf(ExportPanel p);
std::string_view timingPlotKey(TimingPlotKind k);  // time-vs-n | gbps-vs-n
// Panels drawn from a scene of their own, one picture of one step: PNG or SVG.
bool isSingleScenePanel(ExportPanel p);

bool isValidExportScale(int scale);
// Several steps in one PNG or SVG.
bool isFilmstrip(const ExportOptions& o);
// GIF frames or numbered PNGs.
bool isAnimation(const ExportOptions& o);

// The colour under the picture: the theme's background, white, or none (alpha 0).
Color exportBackgroundColor(ExportBackground b, const ViewPalette& palette);

// The first thing wrong with these options for a trace of `stepCount` steps, in words that say
// what to do instead; empty when they are fine.
std::string exportProblem(const ExportOptions& o, int stepCount);

// "3", "2:5" or "all" for a trace of `stepCount` steps. Throws std::invalid_argument with a
// message naming the text.
StepRange parseStepRange(std::string_view text, int stepCount);

// The largest picture an export makes, in pixels (a 4x filmstrip of a long run would otherwise
// ask for gigabytes).
constexpr long long kMaxExportPixels = 200'000'000;
// Steps of one PNG filmstrip (more are refused before drawing; GIF and PNG sequences take all).
constexpr int kMaxPngFilmstripSteps = 512;

}  // namespace scanviz
