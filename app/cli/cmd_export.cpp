#include "app/cli/cmd_export.h"

#include <algorithm>
#include <iostream>
#include <memory>
#include <optional>

#include "app/core/algorithms/algorithm_catalog.h"
#include "app/core/capture/capture_option_table.h"
#include "app/core/capture/session.h"
#include "app/core/layouts/block_timeline.h"
#include "app/core/support/app_settings.h"
#include "app/core/trace/chrome_trace.h"
#include "app/core/trace/trace_json.h"
#include "app/export/export_arguments.h"
#include "app/export/quiz_sheet_export.h"
#include "app/options/capture_options.h"
#include "app/options/picture_options.h"
#if defined(SCANVIZ_WITH_CAIRO)
#include "app/export/cairo_raster.h"
#endif

namespace scanviz {
namespace {

// The window's lesson options that a picture reads (its look, its step, the counters' P); the
// window's other options (size, UI scale, panels, class mode) have no window to act on here.
const OptionSection& lessonSection() {
  static const OptionSection k = {
      "What to show, and its look",
      {{"session", "FILE", "", "A session file (the window's Ctrl+S)."},
       {"trace", "FILE", "", "A trace file (from `scanviz capture` or assets/traces)."},
       {"step", "K", "", "Step K (0 is the input)."},
       {"theme", "T", "dark", "Colours.", keysOf(kThemeKeys)},
       {"palette", "P", "classic", "Colour palette; okabe-ito is safe for colour-blind readers.",
        keysOf(kPaletteKeys)},
       {"symbolic", "", "", "Cells show which inputs they combine (x0..x3) instead of values."},
       {"presentation", "", "", "The step's explanation under the array, as --explanation."},
       {"lanes", "L", std::string(keyOf(kLaneGroupingKeys, LaneGrouping::BySm)),
        "Lanes of the block timeline.", keysOf(kLaneGroupingKeys)},
       {"processors", "P", "a session's, else 4",
        "P of Brent's bound W/P + D and of the dependence graph's schedule, 1 to " +
            std::to_string(kMaxProcessors) + "."},
       {"real-elements", "", "",
        "In a run with padding, the counters count the input's elements alone."}}};
  return k;
}

const CommandHelp& allOptions() {
  static const CommandHelp k{.sections = {exportOwnSection(), pixelScaleOldSpellingSection(),
                                          lessonSection(), captureOptionSection()}};
  return k;
}

struct Lesson {
  Trace trace;
  std::optional<int> shownStep;  // a session's step
  std::optional<int> processors;
  bool realElements = false;
};

bool givesCaptureOptions(const Args& a) {
  for (const std::string& v : captureValueOptions())
    if (a.has(v)) return true;
  for (const std::string& f : captureFlags())
    if (a.flag(f)) return true;
  return false;
}

// The session's, the trace file's, or a capture of the capture options (the default lesson when
// there are none). Throws InputError, UsageError, TraceFormatError or ConfigFormatError.
Lesson loadLesson(const Args& a) {
  const int sources = a.has("session") + a.has("trace") + givesCaptureOptions(a);
  if (sources > 1)
    throw UsageError("give one of --session, --trace and capture options (--algorithm, --n, ...)");
  Lesson l;
  if (a.has("session")) {
    const Session s = loadSession(*a.get("session"));
    l.trace =
        s.traceFile.empty() ? capture(toCaptureRequest(s.config)).trace : loadTrace(s.traceFile);
    l.shownStep = std::clamp(s.step, 0, static_cast<int>(l.trace.steps.size()) - 1);
    l.processors = s.processors;
    l.realElements = s.realElements.value_or(false);
  } else if (a.has("trace")) {
    l.trace = loadTrace(*a.get("trace"));
  } else {
    const CaptureOutcome o = capture(captureRequestFromArgs(a));
    if (!o.backendNote.empty()) std::cerr << "scanviz export: note: " << o.backendNote << "\n";
    l.trace = o.trace;
  }
  if (l.trace.steps.empty()) throw InputError("the lesson has no steps to draw");
  return l;
}

// The look and the panels' settings that the lesson options give.
void readLook(const Args& a, const Lesson& l, ExportOptions& o) {
  o.style.theme = a.getChoice("theme", Theme::Dark, kThemeKeys);
  o.style.palette = a.getChoice("palette", Palette::Classic, kPaletteKeys);
  o.style.symbolic = a.flag("symbolic");
  o.style.explanation = o.style.explanation || a.flag("presentation");
  if (a.has("lanes")) {
    if (o.panel != ExportPanel::Timeline) throw UsageError("--lanes applies to --panel timeline");
    const std::string lanes = *a.get("lanes");
    if (lanes != "sm" && lanes != "block")
      throw UsageError("--lanes '" + lanes + "' is not sm or block");
    o.timelineLanes = lanes == "block" ? LaneGrouping::ByBlock : LaneGrouping::BySm;
  }
  o.brentProcessors = static_cast<int>(
      a.getInt("processors", l.processors.value_or(o.brentProcessors), 1, kMaxProcessors));
  o.countersRealElements = a.flag("real-elements") || l.realElements;
}

// What draws the pixels and the PDF pages: cairo where the build has it.
std::shared_ptr<ExportCanvas> headlessCanvas() {
#if defined(SCANVIZ_WITH_CAIRO)
  return std::make_shared<CairoCanvas>();
#else
  return nullptr;
#endif
}

int exportHeadless(const std::vector<std::string>& args) {
  const Args a(args, allOptions());
  if (!a.has("out") || a.getOr("out", "").empty())
    throw UsageError("--out PATH is needed (a file, or a folder for the default name)");
  if (a.has("bench"))
    throw UsageError("--bench is drawn by the window's build of scanviz (this one has no window)");
  const std::string out = *a.get("out");
  if (const std::string f = a.getOr("format", ""); f == "perfetto" || f == "chrome-trace") {
    const Lesson l = loadLesson(a);
    writeFileAtomically(out, chromeTraceJson(l.trace));
    std::cout << "wrote " << out << " (Chrome Trace Event JSON: open it in ui.perfetto.dev)\n";
    return 0;
  }
  ExportOptions o = readOwnExportOptions(a);
  if (o.panel == ExportPanel::Window || o.panel == ExportPanel::Application)
    throw UsageError("--panel " + std::string(keyOf(kExportPanelKeys, o.panel)) +
                     " is drawn by the window's build of scanviz (this one has no window)");
  if (const std::string problem = exportOutProblem(out, o); !problem.empty())
    throw InputError(problem);
  const auto lesson = std::make_shared<Lesson>(loadLesson(a));
  readLook(a, *lesson, o);
  std::optional<int> step;
  if (a.has("step"))
    step = static_cast<int>(
        a.getInt("step", 0, 0, static_cast<long long>(lesson->trace.steps.size()) - 1));
  o.steps = chooseExportSteps(a, step, lesson->shownStep,
                              static_cast<int>(lesson->trace.steps.size()), o);
  if (const std::string problem = exportProblem(o, static_cast<int>(lesson->trace.steps.size()));
      !problem.empty())
    throw UsageError(problem);
  const std::string file = resolveExportOut(out, lesson->trace.meta, o);
  ExportJob job(std::shared_ptr<const Trace>(lesson, &lesson->trace), o, file, headlessCanvas());
  return runExportJob(job, a.flag("quiet"));
}

}  // namespace

const CommandHelp& headlessExportHelp() {
  static const CommandHelp k = [] {
    CommandHelp h = exportHelpFrame(
        "Write the pictures of a lesson: a step, a filmstrip, a GIF, the counters, a figure or "
        "the block timeline, as PNG, SVG, GIF or PDF, drawn from its scenes without a window.",
        "This build has no window (SCANVIZ_GUI=OFF): cairo draws the pictures with the fonts the "
        "window uses, and no display is needed.");
    h.sections.push_back(lessonSection());
    h.sections.push_back(captureOptionSection());
    h.examples = {
        "scanviz export --algorithm blelloch --step 6 --theme light --scale 2 --out fig.png",
        "scanviz export --algorithm kogge-stone --all --format gif --out ks.gif",
        "scanviz export --algorithm brent-kung --all --format pdf --out steps.pdf",
        "scanviz export --trace dl.json --panel timeline --format svg --out timeline.svg"};
    return h;
  }();
  return k;
}

void writeHeadlessQuizSheet(const Trace& trace, const std::vector<QuizQuestion>& questions,
                            unsigned seed, const QuizSheetFiles& files) {
  writeQuizSheetOn(trace, questions, seed, files, headlessCanvas);
}

int cmdHeadlessExport(const std::vector<std::string>& args) {
  if (args.size() == 1 && (args[0] == "--help" || args[0] == "-h")) {
    std::cout << formatHelp(headlessExportHelp());
    return 0;
  }
  return runReportingExportErrors([&] { return exportHeadless(args); });
}

}  // namespace scanviz
