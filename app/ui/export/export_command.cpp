#include "app/ui/export/export_command.h"

#include <iostream>
#include <optional>
#include <set>
#include <sstream>

#include "app/core/algorithms/algorithm_catalog.h"
#include "app/core/bench/bench_report_file.h"
#include "app/core/capture/capture.h"
#include "app/core/capture/capture_option_table.h"
#include "app/core/capture/session.h"
#include "app/core/support/file_util.h"
#include "app/core/support/output_file.h"
#include "app/core/trace/chrome_trace.h"
#include "app/export/bench_plot.h"
#include "app/export/export_arguments.h"
#include "app/export/export_job.h"
#include "app/export/picture.h"
#include "app/export/timeline_picture.h"
#include "app/options/args.h"
#include "app/scene/deadlock_scene.h"
#include "app/scene/plot_scene.h"
#include "app/ui/export/deck_export.h"
#include "app/ui/export/hidden_gl_context.h"
#include "app/ui/export/window_picture.h"
#include "app/ui/shell/app_state.h"
#include "app/ui/shell/command_line.h"
#include "app/ui/shell/commands.h"
#include "app/ui/shell/file_dialog.h"
#include "app/ui/shell/view_states.h"
#include "app/ui/shell/window_options.h"
#include "app/ui/views/panels.h"

namespace scanviz {
namespace {

// The window's lesson options as export takes them: export's own --scale and --panel win, and
// the window's UI scale is --ui-scale.
std::vector<OptionSection> exportLessonSections() {
  std::vector<OptionSection> sections = windowLessonSections();
  for (OptionSection& s : sections) {
    std::vector<OptionSpec> kept;
    for (OptionSpec o : s.options) {
      if (o.name == "panel") continue;
      if (o.name == "scale") o.name = "ui-scale";
      kept.push_back(o);
    }
    s.options = kept;
    s.title = "Lesson options: " + s.title;
  }
  return sections;
}

struct SplitArgs {
  std::vector<std::string> own;
  std::vector<std::string> lesson;
};

std::string keyOf(const std::string& arg) {
  if (arg.rfind("--", 0) != 0) return {};
  const std::string key = arg.substr(2);
  return key.substr(0, key.find('='));
}

SplitArgs splitArgs(const std::vector<std::string>& args) {
  SplitArgs out;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string key = keyOf(args[i]);
    const bool inlineValue = args[i].find('=') != std::string::npos;
    if (key == "ui-scale") {
      // The window's --scale is its UI scale; export's --scale is the picture's.
      out.lesson.push_back("--scale");
      if (inlineValue) {
        out.lesson.push_back(args[i].substr(args[i].find('=') + 1));
      } else if (i + 1 < args.size()) {
        out.lesson.push_back(args[++i]);
      } else {
        throw UsageError("--ui-scale needs a value");
      }
      continue;
    }
    const OptionSpec* own = exportOwnOptions().find(key);
    std::vector<std::string>& to = own ? out.own : out.lesson;
    to.push_back(args[i]);
    if (own && !own->value.empty() && !inlineValue && i + 1 < args.size()) to.push_back(args[++i]);
  }
  return out;
}

void checkWindowOnlyOptions(const LaunchOptions& lo) {
  if (!lo.screenshot.empty() || !lo.dumpScene.empty() || lo.frameTimes > 0 ||
      lo.measureRecapture > 0 || !lo.drop.empty() || !lo.saveSession.empty() || lo.showRecent ||
      !lo.keys.empty())
    throw UsageError(
        "--screenshot, --dump-scene, --frame-times, --measure-recapture, --drop, --save-session, "
        "--show-recent and --keys are options of the window, not of export");
}

// Loads the lesson as the window would, and waits for it. Throws InputError naming the problem.
void loadLesson(AppState& state, const LaunchOptions& lo) {
  // The window shows a capture option's problem over the default lesson; an export refuses it.
  if (lo.sessionFile.empty() && lo.traceFile.empty() && !lo.captureError.empty())
    throw InputError(lo.captureError);
  state.openLaunch(lo);
  state.waitForCapture();
  state.poll();
  if (state.banner().error && !state.banner().text.empty()) throw InputError(state.banner().text);
  if (!state.hasTrace()) throw InputError("no lesson was loaded");
}

// --step K, --range A:B or --all; otherwise the session's step, the last step for a single
// picture, or every step for an animation.
StepRange chooseSteps(const Args& a, const LaunchOptions& lo, const AppState& state,
                      const ExportOptions& o) {
  const std::optional<int> shown =
      lo.sessionFile.empty() ? std::nullopt : std::optional<int>(state.playback.step());
  return chooseExportSteps(a, lo.step, shown, static_cast<int>(state.trace().steps.size()), o);
}

// Export's own options, and the look the window's options give.
ExportOptions readOptions(const Args& a, const LaunchOptions& lo) {
  ExportOptions o = readOwnExportOptions(a);
  // --lanes is the window's option (the timeline panel's lanes): the picture takes it alike.
  if (lo.timelineLanes) {
    if (o.panel != ExportPanel::Timeline) throw UsageError("--lanes applies to --panel timeline");
    o.timelineLanes = valueOf(kLaneGroupingKeys, *lo.timelineLanes).value_or(LaneGrouping::BySm);
  }
  o.style.theme = lo.theme.value_or(Theme::Dark);
  o.style.palette = lo.palette.value_or(Palette::Classic);
  o.style.explanation = o.style.explanation || lo.presentation;
  o.style.symbolic = lo.symbolic;
  o.windowWidth = lo.width;
  o.windowHeight = lo.height;
  o.windowUiScale = lo.scale.value_or(1.0f);
  return o;
}

// The model the window's panels read, looking as the picture asks, with the lesson loaded.
void prepareState(AppState& state, const ExportOptions& o, const LaunchOptions& lo) {
  AppSettings look;
  look.theme = o.style.theme;
  look.palette = o.style.palette;
  look.uiScale = o.windowUiScale;
  if (lo.codeView) look.layout.codeView = *lo.codeView;  // the code panel's tab in --panel window
  state.updateSettings(look, /*persist=*/false);
  state.presentation = lo.presentation;
  loadLesson(state, lo);
}

// Pixels of a picture that is no step of a lesson: the window's renderer in a hidden GL context,
// made only when pixels are asked for (an SVG needs no display), and kept until the canvas is gone.
int writeStandalone(const Scene& scene, const std::string& out, const Args& a, Theme theme,
                    Palette palette) {
  std::unique_ptr<HiddenGlContext> gl;
  return writeStandalonePicture(scene, out, a, viewPalette(theme, palette), [&] {
    if (!gl) gl = std::make_unique<HiddenGlContext>();
    return std::make_shared<WindowCanvas>();
  });
}

// `--bench FILE`: the throughput plot of a `scanviz bench --json` report.
int exportBench(const Args& a, const std::vector<std::string>& rest) {
  // `--panel plot` names what --bench draws; any other panel is a lesson's.
  if (a.has("panel") && a.getOr("panel", "") != "plot")
    throw UsageError("--bench draws the throughput plot: --panel is plot or left out");
  for (const char* lessonOnly : {"range", "width", "speed"})
    if (a.has(lessonOnly))
      throw UsageError(std::string("--") + lessonOnly + " does not apply to a --bench plot");
  if (a.flag("all") || a.flag("explanation"))
    throw UsageError("--all and --explanation do not apply to a --bench plot");
  std::set<std::string> benchOptions = {"theme", "palette", "size", "dtype"};
  benchOptions.merge(CommandHelp{.sections = {exportBenchSection()}}.valueOptions());
  const Args b(rest, benchOptions, {});
  BenchPlotRequest rq;
  rq.dtype = b.getOr("dtype", "int32");
  if (rq.dtype != "int32" && rq.dtype != "float32")
    throw UsageError("--dtype '" + rq.dtype + "' is not int32 or float32");
  std::stringstream subjects(b.getOr("subjects", ""));
  for (std::string s; std::getline(subjects, s, ',');)
    if (!s.empty()) rq.subjects.push_back(s);
  const nlohmann::json report = loadBenchReport(*a.get("bench"));
  PlotPictureStyle style;
  style.theme = b.getChoice("theme", Theme::Dark, kThemeKeys);
  const Palette palette = b.getChoice("palette", Palette::Classic, kPaletteKeys);
  if (b.has("size")) {
    LaunchOptions size = parseLaunchOptions({"--size", *b.get("size")});
    style.width = static_cast<float>(size.width);
    style.height = static_cast<float>(size.height);
  }
  if (const auto bg = a.getChoice("background", ExportBackground::Theme, kExportBackgroundKeys);
      bg != ExportBackground::Theme)
    style.background = exportBackgroundColor(bg, viewPalette(style.theme, palette));
  const Scene scene = plotPicture(benchThroughputPlot(report, rq), style,
                                  viewPalette(style.theme, palette), pictureMeasure());
  return writeStandalone(scene, *a.get("out"), a, style.theme, palette);
}

// --format perfetto | chrome-trace: the lesson's timing as Chrome Trace Event JSON; no drawing.
int exportChromeTrace(const std::string& out, const LaunchOptions& lo) {
  if (const std::string problem = outputProblem(out); !problem.empty())
    throw InputError(problem + " (the Chrome trace is one file: give its name)");
  AppState state(AppSettings{}, /*settingsFile=*/"");
  loadLesson(state, lo);
  writeFileAtomically(out, chromeTraceJson(state.trace()));
  exportMessageStream(out) << "wrote " << out
                           << " (Chrome Trace Event JSON: open it in ui.perfetto.dev)\n";
  return 0;
}

// A chained run with static block ids may deadlock and leave no trace: its structure figure is
// then the deadlock as the emulator's scheduler saw it (deadlock_scene.h).
std::optional<DeadlockReport> lessonDeadlock(const LaunchOptions& lo) {
  if (!lo.sessionFile.empty() || !lo.traceFile.empty() || lo.application ||
      !lo.captureError.empty())
    return std::nullopt;
  return deadlockOf(lo.config);
}

int exportDeadlock(const DeadlockReport& dead, const Args& a, const ExportOptions& o) {
  if (o.format != ExportFormat::Png && o.format != ExportFormat::Svg)
    throw UsageError(
        "the run deadlocks, so its structure figure is one picture of the deadlock: PNG or SVG");
  const Scene scene = buildDeadlockScene(dead, o.style.width, pictureTextStyle(),
                                         picturePalette(o.style), pictureMeasure());
  return writeStandalone(scene, *a.get("out"), a, o.style.theme, o.style.palette);
}

// --deck D: one picture a view (deck_export.h).
int exportDeckSlides(const Args& a, const LaunchOptions& lo) {
  if (!lo.deckPresents)
    throw UsageError(
        "--deck D exports the deck's views; it takes no options that say what to show");
  if (lo.deckView) throw UsageError("--view does not apply to an export: every view is written");
  DeckExportRequest rq;
  rq.out = *a.get("out");
  rq.handout = a.flag("handout");
  rq.quiet = a.flag("quiet");
  rq.format = a.getOr("format", "");
  const bool pdfName = rq.out.size() > 4 && rq.out.substr(rq.out.size() - 4) == ".pdf";
  if (rq.format.empty() && pdfName) rq.format = "pdf";
  if (rq.format == "pdf" && !pdfName)
    throw UsageError("--format pdf writes one file: give --out LECTURE.pdf");
  if (rq.format != "png" && rq.format != "svg" && rq.format != "pdf" && rq.format != "web")
    throw UsageError(
        "--deck writes --out LECTURE.pdf (one page a view), --format png or svg (one picture a "
        "view) or --format web (a static site) into the folder --out DIR/");
  rq.page = a.getOr("page", "");
  if (a.has("page") && rq.format != "web")
    throw UsageError("--page DIR goes with --format web (the web build the site is made of)");
  if (rq.handout && rq.format == "web")
    throw UsageError(
        "--handout puts the notes under slides: give --out LECTURE.pdf or --format png or svg");
  return exportDeck(rq, lo);
}

int exportLesson(const std::vector<std::string>& args) {
  const SplitArgs split = splitArgs(args);
  const Args a(split.own, exportOwnOptions());
  if (!a.has("out") || a.getOr("out", "").empty())
    throw UsageError("--out PATH is needed (a file, or a folder for the default name)");
  if (a.has("bench")) return exportBench(a, split.lesson);
  const LaunchOptions lo = parseLaunchOptions(split.lesson);
  checkWindowOnlyOptions(lo);
  if (!lo.deckFile.empty()) return exportDeckSlides(a, lo);
  if (a.flag("handout")) throw UsageError("--handout goes with --deck D (the notes of its views)");
  if (a.getOr("format", "") == "web")
    throw UsageError("--format web writes a lecture as a site: give --deck D.deck.json");
  if (a.has("page")) throw UsageError("--page DIR goes with --deck D --format web");
  if (const std::string f = a.getOr("format", ""); f == "perfetto" || f == "chrome-trace")
    return exportChromeTrace(*a.get("out"), lo);
  ExportOptions o = readOptions(a, lo);
  if (const std::string problem = exportOutProblem(*a.get("out"), o); !problem.empty())
    throw InputError(problem);
  if (o.panel == ExportPanel::Figure)
    if (const std::optional<DeadlockReport> dead = lessonDeadlock(lo))
      return exportDeadlock(*dead, a, o);
  AppState state(AppSettings{}, /*settingsFile=*/"");
  prepareState(state, o, lo);
  o.steps = chooseSteps(a, lo, state, o);
  // The panels' own settings, as the window has them (--processors or a session's P of Brent's
  // bound, --real-elements, the lanes).
  o.brentProcessors = state.settings().brentProcessors;
  o.countersRealElements = state.settings().countersRealElements;
  if (!lo.timelineLanes)
    o.timelineLanes = valueOf(kLaneGroupingKeys, state.settings().layout.timelineLanes)
                          .value_or(LaneGrouping::BySm);
  if (o.panel == ExportPanel::Timeline)
    if (const std::string problem = timelinePictureProblem(state.trace()); !problem.empty())
      throw InputError(problem);
  if (const std::string problem = exportProblem(o, static_cast<int>(state.trace().steps.size()));
      !problem.empty())
    throw UsageError(problem);
  if (o.panel == ExportPanel::Window) state.playback.setStep(o.steps.first);
  const std::string out = resolveExportOut(*a.get("out"), state.trace().meta, o);
  // The context must exist before the job draws, and outlive it.
  std::unique_ptr<HiddenGlContext> gl;
  if (exportNeedsPixels(o)) gl = std::make_unique<HiddenGlContext>();
  FrameReport report;
  FileDialog files;
  CommandTable commands;
  ViewStates views;  // after the GL context: the heat view's textures go first
  const WindowPainter painter = [&](const FontSet& fonts, const ViewPalette& palette, float scale) {
    UiContext ui{state, fonts, palette, scale, report, files, commands, views, /*animate=*/false};
    drawMainLayout(ui);
  };
  auto trace = std::make_shared<const Trace>(state.trace());
  ExportJob job(trace, o, out, std::make_shared<WindowCanvas>(painter), std::nullopt,
                state.shown().application);
  return runExportJob(job, a.flag("quiet"));
}

}  // namespace

const CommandHelp& exportHelp() {
  static const CommandHelp k = [] {
    CommandHelp h = exportHelpFrame(
        "Write the pictures of the Export dialog: a step, a filmstrip, a GIF, the counters, "
        "the block timeline or a benchmark plot, as PNG, SVG, GIF or PDF.",
        "PNG and GIF are drawn by the window's renderer and need an OpenGL context: without a "
        "display run under xvfb-run -a.");
    h.usage.push_back(
        "scanviz export --bench REPORT.json [--panel plot] --out PATH [--dtype T] "
        "[--subjects LIST]");
    for (const OptionSection& s : exportLessonSections()) h.sections.push_back(s);
    h.sections.push_back(captureOptionSection());
    h.sections.push_back(exportBenchSection());
    h.examples = {
        "scanviz export --algorithm blelloch --step 6 --theme light --scale 2 --out fig.png",
        "scanviz export --trace dl.json --panel timeline --format svg --out timeline.svg",
        "scanviz export --algorithm kogge-stone --all --format gif --out ks.gif",
        "scanviz export --bench bench.json --out plot.svg",
        "scanviz export --trace dl.json --format perfetto --out dl.perfetto.json"};
    return h;
  }();
  return k;
}

std::string exportUsage() {
  return formatHelp(exportHelp());
}

int runExportCommand(const std::vector<std::string>& args) {
  if (args.size() == 1 && (args[0] == "--help" || args[0] == "-h")) {
    std::cout << exportUsage();
    return 0;
  }
  return runReportingExportErrors([&] { return exportLesson(args); });
}

}  // namespace scanviz
