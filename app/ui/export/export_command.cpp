#include "app/ui/export/export_command.h"

#include <filesystem>
#include <iostream>
#include <new>
#include <optional>
#include <set>
#include <sstream>

#include "app/core/algorithms/algorithm_catalog.h"
#include "app/core/bench/bench_report_file.h"
#include "app/core/capture/capture.h"
#include "app/core/capture/capture_memory.h"
#include "app/core/capture/capture_option_table.h"
#include "app/core/capture/session.h"
#include "app/core/support/file_util.h"
#include "app/core/support/output_file.h"
#include "app/core/support/terminal_progress.h"
#include "app/core/support/whole_number.h"
#include "app/core/trace/chrome_trace.h"
#include "app/options/args.h"
#include "app/scene/deadlock_scene.h"
#include "app/scene/plot_scene.h"
#include "app/ui/export/bench_plot.h"
#include "app/ui/export/export_job.h"
#include "app/ui/export/export_naming.h"
#include "app/ui/export/hidden_gl_context.h"
#include "app/ui/export/picture.h"
#include "app/ui/export/svg_writer.h"
#include "app/ui/export/timeline_picture.h"
#include "app/ui/shell/app_state.h"
#include "app/ui/shell/command_line.h"
#include "app/ui/shell/commands.h"
#include "app/ui/shell/file_dialog.h"
#include "app/ui/shell/frame_output.h"
#include "app/ui/shell/view_states.h"
#include "app/ui/shell/window_options.h"
#include "app/ui/views/panels.h"

namespace scanviz {
namespace {

namespace fs = std::filesystem;

// Options of export itself; everything else describes the lesson and goes to the window's
// parser, so both read --session, --trace, capture options, --step, --theme alike.
// --ui-scale is not here: it becomes the window's --scale (splitArgs).
const OptionSection& exportOwnSection() {
  static const OptionSection k = {
      "Export options",
      {{"out", "PATH", "", "The file to write, or a folder for the default name; required."},
       {"format",
        "F",
        "from the extension of --out",
        "The file format; perfetto and chrome-trace (the same file) write the block timeline and "
        "the warp clocks as Chrome Trace Event JSON for ui.perfetto.dev or chrome://tracing.",
        {"png", "svg", "gif", "png-seq", "perfetto", "chrome-trace"}},
       {"scale", "S", "1", "Pixels per point of PNG and GIF: 1, 2 or 4."},
       {"background", "B", "theme", "Behind the picture.", keysOf(kExportBackgroundKeys)},
       {"panel", "P", "array",
        "What to draw (plot: the --bench plot; application: the picture of scanviz apply ID's "
        "domain, with --application ID; figure: the run's structure figure; banks: the step's "
        "shared-memory bank conflicts; graph: the dependence graph and Brent's schedule on "
        "--processors P).",
        keysOf(kExportPanelKeys)},
       {"width", "PX", "1200", "Width of the array picture in points, 200 to 16384."},
       {"speed", "STEPS_PER_S", "1", "Steps a second of a GIF."},
       {"range", "A:B", "", "Steps A to B (a filmstrip or the frames of an animation)."},
       {"all", "", "", "Every step."},
       {"explanation", "", "", "Draw the step's explanation under the array."},
       {"quiet", "", "",
        "No progress line on stderr (there is none when stderr is not a terminal)."},
       {"bench", "REPORT.json", "",
        "Draw the throughput plot of a `scanviz bench --json` report instead of a lesson."}}};
  return k;
}

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

const OptionSection& exportBenchSection() {
  static const OptionSection k = {"With --bench (also --theme, --palette, --size, --dtype)",
                                  {{"subjects", "LIST", "every subject of the report",
                                    "The lines to draw, e.g. kogge-stone,cub,copy."}}};
  return k;
}

const CommandHelp& exportOwnOptions() {
  static const CommandHelp k{.sections = {exportOwnSection()}};
  return k;
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

double parseSpeed(const std::string& text) {
  const auto v = parseWholeNumber(text);
  if (!v) throw UsageError("--speed '" + text + "' is not a number (steps a second, 1 = 1x)");
  return *v;
}

void checkWindowOnlyOptions(const LaunchOptions& lo) {
  if (!lo.screenshot.empty() || !lo.dumpScene.empty() || lo.frameTimes > 0 ||
      lo.measureRecapture > 0 || !lo.drop.empty() || !lo.saveSession.empty() || lo.showRecent)
    throw UsageError(
        "--screenshot, --dump-scene, --frame-times, --measure-recapture, --drop, --save-session "
        "and "
        "--show-recent are "
        "options of the window, not of export");
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
  const int count = static_cast<int>(state.trace().steps.size());
  const int given = lo.step.has_value() + a.has("range") + a.flag("all");
  if (given > 1) throw UsageError("give only one of --step, --range and --all");
  try {
    if (lo.step) return {*lo.step, *lo.step};
    if (a.has("range")) return parseStepRange(*a.get("range"), count);
  } catch (const std::invalid_argument& e) {
    throw UsageError(std::string("--range ") + e.what());
  }
  if (a.flag("all") || isAnimation(o)) return {0, count - 1};
  if (!lo.sessionFile.empty()) return {state.playback.step(), state.playback.step()};
  return {count - 1, count - 1};
}

ExportFormat chooseFormat(const Args& a, const std::string& out) {
  if (a.has("format")) return a.getChoice("format", ExportFormat::Png, kExportFormatKeys);
  if (const auto f = formatFromPath(out)) return *f;
  // A folder gets the default name: a PNG unless --format says otherwise.
  std::error_code ec;
  if (!out.empty() && (out.back() == '/' || fs::is_directory(out, ec))) return ExportFormat::Png;
  throw UsageError("--out '" + out +
                   "' does not say the format: give --format png|svg|gif|png-seq");
}

ExportOptions readOptions(const Args& a, const LaunchOptions& lo) {
  ExportOptions o;
  o.format = chooseFormat(a, a.getOr("out", ""));
  o.panel = a.getChoice("panel", ExportPanel::ArrayView, kExportPanelKeys);
  if (o.panel == ExportPanel::TimingPlot)
    throw UsageError(
        "--panel plot is the throughput plot of a benchmark report: give --bench REPORT.json "
        "(from scanviz bench --json)");
  // --lanes is the window's option (the timeline panel's lanes): the picture takes it alike.
  if (lo.timelineLanes) {
    if (o.panel != ExportPanel::Timeline) throw UsageError("--lanes applies to --panel timeline");
    o.timelineLanes = *lo.timelineLanes == "block" ? LaneGrouping::ByBlock : LaneGrouping::BySm;
  }
  o.scale = static_cast<int>(a.getInt("scale", 1, 1, 4));
  if (!isValidExportScale(o.scale)) throw UsageError("--scale must be 1, 2 or 4");
  o.background = a.getChoice("background", ExportBackground::Theme, kExportBackgroundKeys);
  o.style.theme = lo.theme.value_or(Theme::Dark);
  o.style.palette = lo.palette.value_or(Palette::Classic);
  o.style.width = static_cast<float>(a.getInt("width", 1200, 200, 16384));
  o.style.explanation = a.flag("explanation") || lo.presentation;
  o.style.symbolic = lo.symbolic;
  if (a.has("speed")) o.speed = parseSpeed(*a.get("speed"));
  o.windowWidth = lo.width;
  o.windowHeight = lo.height;
  o.windowUiScale = lo.scale.value_or(1.0f);
  return o;
}

// The file to write: --out as given (with the format's extension added when it has none), or the
// default name inside --out when that is a folder.
std::string resolveOut(const std::string& out, const TraceMeta& meta, const ExportOptions& o) {
  if (isWrittenInPlace(out)) return out;  // standard output, a device, a FIFO: as given
  std::error_code ec;
  const bool folder = out.back() == '/' || fs::is_directory(out, ec);
  if (o.format == ExportFormat::PngSequence) return out;
  if (folder) return (fs::path(out) / defaultExportName(meta, o)).string();
  const auto f = formatFromPath(out);
  if (f && *f != o.format)
    throw UsageError("--out '" + out + "' does not end in " +
                     std::string(formatExtension(o.format)) + " for --format " +
                     std::string(keyOf(kExportFormatKeys, o.format)));
  return withExtension(out, o.format);
}

// The model the window's panels read, looking as the picture asks, with the lesson loaded.
void prepareState(AppState& state, const ExportOptions& o, const LaunchOptions& lo) {
  AppSettings look;
  look.theme = o.style.theme;
  look.palette = o.style.palette;
  look.uiScale = o.windowUiScale;
  state.updateSettings(look, /*persist=*/false);
  state.presentation = lo.presentation;
  loadLesson(state, lo);
}

// Why --out cannot be written, known before the lesson is loaded and drawn (a missing folder is
// bad input, found in a moment rather than after the work). Empty when it can.
std::string outProblem(const std::string& out, const ExportOptions& o) {
  std::error_code ec;
  if (isWrittenInPlace(out))
    return o.format == ExportFormat::PngSequence
               ? "--out '" + out +
                     "' is one stream, and png-seq writes a folder of frames: give a folder, or "
                     "--format gif or png for one file"
               : outputProblem(out);
  if (o.format == ExportFormat::PngSequence) {
    // The folder may be made: its nearest existing ancestor must take new entries.
    fs::path existing = fs::path(out);
    while (!existing.empty() && !fs::exists(existing, ec)) existing = existing.parent_path();
    const std::string why = folderProblem(existing.empty() ? "." : existing.string());
    return why.empty() ? why : "cannot write the frames in '" + out + "': " + why;
  }
  if (out.back() == '/' || fs::is_directory(out, ec)) {
    const std::string why = folderProblem(out);
    return why.empty() ? why : "cannot write in '" + out + "': " + why;
  }
  return outputProblem(withExtension(out, o.format));
}

// Where "wrote ..." goes: stderr when the picture itself is standard output.
std::ostream& messageStream(const std::string& out) {
  return isStandardOutput(out) ? std::cerr : std::cout;
}

// One unit at a time, so that a terminal sees the frames go by (GIFs and filmstrips of many
// steps take seconds).
int runJob(ExportJob& job, bool quiet) {
  TerminalProgress progress(progressWanted(quiet));
  while (!job.finished()) {
    progress.showFraction(job.progress(), job.stage());
    job.step();
  }
  progress.clear();
  if (!job.succeeded()) {
    std::cerr << "scanviz export: " << job.error() << "\n";
    return job.failedToWrite() ? 1 : 2;
  }
  messageStream(job.out()) << "wrote " << job.out() << " (" << job.summary() << ")\n";
  if (!job.note().empty()) std::cerr << "scanviz export: note: " << job.note() << "\n";
  return 0;
}

// Writes a picture that is not a step of a lesson (a plot): SVG as it is, PNG drawn offscreen.
int writeStandalone(const Scene& scene, const std::string& out, const Args& a, Theme theme,
                    Palette palette) {
  const ExportFormat format = chooseFormat(a, out);
  if (format != ExportFormat::Png && format != ExportFormat::Svg)
    throw UsageError("a plot is exported as PNG or SVG");
  const int scale = static_cast<int>(a.getInt("scale", 1, 1, 4));
  if (!isValidExportScale(scale)) throw UsageError("--scale must be 1, 2 or 4");
  const ExportBackground bg =
      a.getChoice("background", ExportBackground::Theme, kExportBackgroundKeys);
  const Color background = exportBackgroundColor(bg, viewPalette(theme, palette));
  const std::string path = withExtension(out, format);
  if (static_cast<double>(scene.width) * scene.height * scale * scale >
      static_cast<double>(kMaxExportPixels))
    throw UsageError(
        "the picture would be larger than an export makes: a smaller --size or "
        "--scale");
  if (format == ExportFormat::Svg) {
    SvgOptions svg;
    svg.background = background;
    svg.scale = static_cast<float>(scale);
    writeFileAtomically(path, sceneToSvg(scene, svg));
    messageStream(path) << "wrote " << path << " (vector)\n";
    return 0;
  }
  HiddenGlContext gl;
  OffscreenImGui target;
  SceneRaster raster(target);
  const PixelImage image =
      raster.render(scene, static_cast<float>(scale), scene.width, scene.height, background);
  writePng(image, path);
  messageStream(path) << "wrote " << path << " (" << image.width << " x " << image.height
                       << " pixels)\n";
  return 0;
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
  messageStream(out) << "wrote " << out << " (Chrome Trace Event JSON: open it in ui.perfetto.dev)\n";
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

int exportLesson(const std::vector<std::string>& args) {
  const SplitArgs split = splitArgs(args);
  const Args a(split.own, exportOwnOptions());
  if (!a.has("out") || a.getOr("out", "").empty())
    throw UsageError("--out PATH is needed (a file, or a folder for the default name)");
  if (a.has("bench")) return exportBench(a, split.lesson);
  const LaunchOptions lo = parseLaunchOptions(split.lesson);
  checkWindowOnlyOptions(lo);
  if (const std::string f = a.getOr("format", ""); f == "perfetto" || f == "chrome-trace")
    return exportChromeTrace(*a.get("out"), lo);
  ExportOptions o = readOptions(a, lo);
  if (const std::string problem = outProblem(*a.get("out"), o); !problem.empty())
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
  if (!lo.timelineLanes && state.settings().layout.timelineLanes == "block")
    o.timelineLanes = LaneGrouping::ByBlock;
  if (o.panel == ExportPanel::Timeline)
    if (const std::string problem = timelinePictureProblem(state.trace()); !problem.empty())
      throw InputError(problem);
  if (const std::string problem = exportProblem(o, static_cast<int>(state.trace().steps.size()));
      !problem.empty())
    throw UsageError(problem);
  if (o.panel == ExportPanel::Window) state.playback.setStep(o.steps.first);
  const std::string out = resolveOut(*a.get("out"), state.trace().meta, o);
  // The context must exist before the job draws, and outlive it.
  std::unique_ptr<HiddenGlContext> gl;
  if (exportNeedsGl(o)) gl = std::make_unique<HiddenGlContext>();
  FrameReport report;
  FileDialog files;
  CommandTable commands;
  ViewStates views;  // after the GL context: the heat view's textures go first
  const WindowPainter painter = [&](const FontSet& fonts, const ViewPalette& palette, float scale) {
    UiContext ui{state, fonts, palette, scale, report, files, commands, views, /*animate=*/false};
    drawMainLayout(ui);
  };
  auto trace = std::make_shared<const Trace>(state.trace());
  ExportJob job(trace, o, out, painter, std::nullopt, state.shown().application);
  return runJob(job, a.flag("quiet"));
}

}  // namespace

const CommandHelp& exportHelp() {
  static const CommandHelp k = [] {
    CommandHelp h;
    h.name = "export";
    h.summary =
        "Write the pictures of the Export dialog: a step, a filmstrip, a GIF, the counters, "
        "the block timeline or a benchmark plot, as PNG, SVG or GIF.";
    h.usage = {"scanviz export (--session FILE | --trace FILE | capture options)",
               "         [--step K | --range A:B | --all] --out PATH [export options]",
               "scanviz export --bench REPORT.json [--panel plot] --out PATH [--dtype T] "
               "[--subjects LIST]"};
    h.description =
        "Several steps make a filmstrip (png, svg) or the frames of a GIF or PNG sequence. --out "
        "may be a folder: the file then gets its default name (" +
        std::string(algorithmKeyWithRole(kRoleExample)) +
        "_n8_step3@2x.png). PNG and GIF need an OpenGL context: without a display run under "
        "xvfb-run -a.";
    h.sections = {exportOwnSection()};
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
  try {
    return exportLesson(args);
  } catch (const UsageError& e) {
    std::cerr << "scanviz export: " << e.what() << " (scanviz export --help lists the options)\n";
  } catch (const WriteError& e) {
    std::cerr << "scanviz export: " << e.what() << "\n";
    return 1;
  } catch (const std::bad_alloc&) {
    std::cerr << "scanviz export: " << outOfMemoryMessage() << "\n";
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "scanviz export: " << e.what() << "\n";
  }
  return 2;
}

}  // namespace scanviz
