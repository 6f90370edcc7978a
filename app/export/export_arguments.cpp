#include "app/export/export_arguments.h"

#include <filesystem>
#include <iostream>
#include <new>

#include "app/core/algorithms/algorithm_catalog.h"
#include "app/core/capture/capture.h"
#include "app/core/capture/capture_memory.h"
#include "app/core/support/output_file.h"
#include "app/core/support/terminal_progress.h"
#include "app/core/support/whole_number.h"
#include "app/export/export_naming.h"
#include "app/export/png_writer.h"
#include "app/export/svg_writer.h"
#include "app/options/picture_options.h"

namespace scanviz {
namespace {

namespace fs = std::filesystem;

double parseSpeed(const std::string& text) {
  const auto v = parseWholeNumber(text);
  if (!v) throw UsageError("--speed '" + text + "' is not a number (steps a second, 1 = 1x)");
  return *v;
}

bool namesAFolder(const std::string& out) {
  std::error_code ec;
  return !out.empty() && (out.back() == '/' || fs::is_directory(out, ec));
}

int readScale(const Args& a) {
  const int scale = readPixelScale(a);
  if (!isValidExportScale(scale))
    throw UsageError("--" + a.spelling("pixel-scale", "scale") + " must be 1, 2 or 4");
  return scale;
}

}  // namespace

const OptionSection& exportOwnSection() {
  static const OptionSection k = {
      "Export options",
      {{"out", "PATH", "", "The file to write, or a folder for the default name; required."},
       {"format",
        "F",
        "from the extension of --out",
        "The file format; pdf writes one 16:9 vector page a step; perfetto and chrome-trace (the "
        "same file) write the block timeline and the warp clocks as Chrome Trace Event JSON for "
        "ui.perfetto.dev or chrome://tracing; web (with --deck) writes the lecture as a static "
        "site "
        "into the folder --out (the page, the deck and its traces) for any web server.",
        {"png", "svg", "gif", "png-seq", "pdf", "perfetto", "chrome-trace", "web"}},
       {"pixel-scale", "S", "1",
        "Pixels per point of PNG and GIF: 1, 2 or 4 (the window's magnification is --ui-scale)."},
       {"background", "B", "theme", "Behind the picture.", keysOf(kExportBackgroundKeys)},
       {"panel", "P", "array",
        "What to draw (plot: the --bench plot; application: the picture of scanviz apply ID's "
        "domain, with --application ID; figure: the run's structure figure; banks: the step's "
        "shared-memory bank conflicts; graph: the dependence graph and Brent's schedule on "
        "--processors P).",
        keysOf(kExportPanelKeys)},
       {"width", "PX", "1200", "Width of the array picture in points, 200 to 16384."},
       {"speed", "STEPS_PER_S", "1", "Steps a second of a GIF."},
       {"range", "A:B", "", "Steps A to B (a filmstrip, the frames of an animation, PDF pages)."},
       {"all", "", "", "Every step."},
       {"explanation", "", "", "Draw the step's explanation under the array."},
       {"handout", "", "",
        "With --deck: the speaker notes under each slide (a handout instead of slides)."},
       {"page", "DIR", "the web build beside scanviz",
        "With --format web: the web build's folder holding scanviz.html, .js and .wasm "
        "(./tools/dev.sh web builds it into build-web/app)."},
       {"quiet", "", "",
        "No progress line on stderr (there is none when stderr is not a terminal)."},
       {"bench", "REPORT.json", "",
        "Draw the throughput plot of a `scanviz bench --json` report instead of a lesson."}}};
  return k;
}

const CommandHelp& exportOwnOptions() {
  static const CommandHelp k{.sections = {exportOwnSection(), pixelScaleOldSpellingSection()}};
  return k;
}

CommandHelp exportHelpFrame(const std::string& summary, const std::string& fromHere) {
  CommandHelp h;
  h.name = "export";
  h.summary = summary;
  h.usage = {"scanviz export (--session FILE | --trace FILE | capture options)",
             "         [--step K | --range A:B | --all] --out PATH [export options]"};
  h.description = fromHere +
                  " Several steps make a filmstrip (png, svg), the frames of a GIF or PNG "
                  "sequence, or the pages of a PDF. --out may be a folder: the file then gets its "
                  "default name (" +
                  std::string(algorithmKeyWithRole(kRoleExample)) + "_n8_step3@2x.png).";
  h.sections = {exportOwnSection(), pixelScaleOldSpellingSection()};
  return h;
}

const OptionSection& exportBenchSection() {
  static const OptionSection k = {"With --bench (also --theme, --palette, --size, --dtype)",
                                  {{"subjects", "LIST", "every subject of the report",
                                    "The lines to draw, e.g. kogge-stone,cub,copy."}}};
  return k;
}

ExportFormat chooseExportFormat(const Args& a, const std::string& out) {
  if (a.has("format")) return a.getChoice("format", ExportFormat::Png, kExportFormatKeys);
  if (const auto f = formatFromPath(out)) return *f;
  // A folder gets the default name: a PNG unless --format says otherwise.
  if (namesAFolder(out)) return ExportFormat::Png;
  throw UsageError("--out '" + out +
                   "' does not say the format: give --format png|svg|gif|png-seq|pdf");
}

ExportOptions readOwnExportOptions(const Args& a) {
  ExportOptions o;
  o.format = chooseExportFormat(a, a.getOr("out", ""));
  o.panel = a.getChoice("panel", ExportPanel::ArrayView, kExportPanelKeys);
  if (o.panel == ExportPanel::TimingPlot)
    throw UsageError(
        "--panel plot is the throughput plot of a benchmark report: give --bench REPORT.json "
        "(from scanviz bench --json)");
  o.scale = readScale(a);
  o.background = a.getChoice("background", ExportBackground::Theme, kExportBackgroundKeys);
  o.style.width = static_cast<float>(a.getInt("width", 1200, 200, 16384));
  o.style.explanation = a.flag("explanation");
  if (a.has("speed")) o.speed = parseSpeed(*a.get("speed"));
  return o;
}

StepRange chooseExportSteps(const Args& a, std::optional<int> step, std::optional<int> shownStep,
                            int stepCount, const ExportOptions& o) {
  const int given = step.has_value() + a.has("range") + a.flag("all");
  if (given > 1) throw UsageError("give only one of --step, --range and --all");
  try {
    if (step) return {*step, *step};
    if (a.has("range")) return parseStepRange(*a.get("range"), stepCount);
  } catch (const std::invalid_argument& e) {
    throw UsageError(std::string("--range ") + e.what());
  }
  if (a.flag("all") || isAnimation(o)) return {0, stepCount - 1};
  if (shownStep) return {*shownStep, *shownStep};
  return {stepCount - 1, stepCount - 1};
}

std::string resolveExportOut(const std::string& out, const TraceMeta& meta,
                             const ExportOptions& o) {
  if (isWrittenInPlace(out)) return out;  // standard output, a device, a FIFO: as given
  if (o.format == ExportFormat::PngSequence) return out;
  if (namesAFolder(out)) return (fs::path(out) / defaultExportName(meta, o)).string();
  const auto f = formatFromPath(out);
  if (f && *f != o.format)
    throw UsageError("--out '" + out + "' does not end in " +
                     std::string(formatExtension(o.format)) + " for --format " +
                     std::string(keyOf(kExportFormatKeys, o.format)));
  return withExtension(out, o.format);
}

std::string exportOutProblem(const std::string& out, const ExportOptions& o) {
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
  if (namesAFolder(out)) {
    const std::string why = folderProblem(out);
    return why.empty() ? why : "cannot write in '" + out + "': " + why;
  }
  return outputProblem(withExtension(out, o.format));
}

std::ostream& exportMessageStream(const std::string& out) {
  return isStandardOutput(out) ? std::cerr : std::cout;
}

// One unit at a time, so that a terminal sees the frames go by (GIFs and filmstrips of many
// steps take seconds).
int runExportJob(ExportJob& job, bool quiet) {
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
  exportMessageStream(job.out()) << "wrote " << job.out() << " (" << job.summary() << ")\n";
  if (!job.note().empty()) std::cerr << "scanviz export: note: " << job.note() << "\n";
  return 0;
}

int writeStandalonePicture(const Scene& scene, const std::string& out, const Args& a,
                           const ViewPalette& palette,
                           const std::function<std::shared_ptr<ExportCanvas>()>& canvas) {
  const ExportFormat format = chooseExportFormat(a, out);
  if (format != ExportFormat::Png && format != ExportFormat::Svg && format != ExportFormat::Pdf)
    throw UsageError("a plot is exported as PNG, SVG or PDF");
  const int scale = readScale(a);
  const ExportBackground bg =
      a.getChoice("background", ExportBackground::Theme, kExportBackgroundKeys);
  const Color background = exportBackgroundColor(bg, palette);
  const std::string path = withExtension(out, format);
  if (static_cast<double>(scene.width) * scene.height * scale * scale >
      static_cast<double>(kMaxExportPixels))
    throw UsageError(
        "the picture would be larger than an export makes: a smaller --size or "
        "--pixel-scale");
  if (format == ExportFormat::Svg) {
    SvgOptions svg;
    svg.background = background;
    svg.scale = static_cast<float>(scale);
    writeFileAtomically(path, sceneToSvg(scene, svg));
    exportMessageStream(path) << "wrote " << path << " (vector)\n";
    return 0;
  }
  const std::shared_ptr<ExportCanvas> target = canvas();
  if (!target)
    throw InputError(
        "this build draws no pixels and writes no PDF (it has neither the window "
        "nor cairo): export SVG");
  if (format == ExportFormat::Pdf) {
    target->writePdf({{scene, background}}, path, {});
    exportMessageStream(path) << "wrote " << path << " (1 page of 16:9, vector)\n";
    return 0;
  }
  const PixelImage image = target->raster().render(scene, static_cast<float>(scale), scene.width,
                                                   scene.height, background);
  writePng(image, path);
  exportMessageStream(path) << "wrote " << path << " (" << image.width << " x " << image.height
                            << " pixels)\n";
  return 0;
}

int runReportingExportErrors(const std::function<int()>& body) {
  try {
    return body();
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
