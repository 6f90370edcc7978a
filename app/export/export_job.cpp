#include "app/export/export_job.h"

#include <algorithm>
#include <filesystem>

#include "app/core/support/output_file.h"
#include "app/export/counters_picture.h"
#include "app/export/export_naming.h"
#include "app/export/filmstrip.h"
#include "app/export/png_writer.h"
#include "app/export/svg_writer.h"
#include "app/export/timeline_picture.h"
#include "app/scene/applications/application_scene.h"
#include "app/scene/chain_flags_scene.h"
#include "app/scene/figure_scene.h"
#include "app/scene/plot_scene.h"
#include "app/scene/roulette_scene.h"
#include "app/scene/scene_geometry.h"

namespace scanviz {
namespace fs = std::filesystem;

bool exportNeedsPixels(const ExportOptions& o) {
  return o.format != ExportFormat::Svg && o.format != ExportFormat::Pdf;
}

ExportJob::ExportJob(std::shared_ptr<const Trace> trace, ExportOptions options, std::string out,
                     std::shared_ptr<ExportCanvas> canvas, std::optional<plot::PlotSpec> timingPlot,
                     std::shared_ptr<const ApplicationRun> application)
    : trace_(std::move(trace)),
      options_(std::move(options)),
      out_(std::move(out)),
      target_(std::move(canvas)),
      timingPlot_(std::move(timingPlot)),
      application_(std::move(application)) {
  background_ = exportBackgroundColor(options_.background, picturePalette(options_.style));
  const std::string problem = trace_
                                  ? exportProblem(options_, static_cast<int>(trace_->steps.size()))
                                  : std::string("there is no lesson to export yet");
  if (!problem.empty()) {
    error_ = problem;
    return;
  }
  if (const std::string panel = panelProblem(); !panel.empty()) {
    error_ = panel;
    return;
  }
  if (options_.panel == ExportPanel::ArrayView) {
    // Frames of an animation or a sequence (and filmstrip rows) share one value font.
    options_.style.sizeFirst = options_.steps.first;
    options_.style.sizeLast = options_.steps.last;
    const float asked = options_.style.width;
    options_.style.width =
        legibleWidth(*trace_, options_.steps.first, options_.steps.last, options_.style);
    const int unreadable =
        unreadableValueCount(*trace_, options_.steps.first, options_.steps.last, options_.style);
    if (unreadable > 0)
      note_ = std::to_string(unreadable) + (unreadable == 1 ? " value is" : " values are") +
              " too long for " + (unreadable == 1 ? "its cell" : "their cells") +
              " even with the layout widened to " +
              std::to_string(static_cast<int>(options_.style.width)) +
              " pixels, and left out; a wider layout shows them (scanviz export --width " +
              std::to_string(2 * static_cast<int>(asked)) + ")";
  }
  plan();
}

ExportJob::~ExportJob() {
  // An unfinished job leaves no half-written files behind.
  if (!finished()) cancel();
}

void ExportJob::plan() {
  switch (options_.format) {
    case ExportFormat::Svg:
      planSvg();
      break;
    case ExportFormat::Png:
      options_.panel == ExportPanel::Window ? planWindow() : planPng();
      break;
    case ExportFormat::Gif:
      planGif();
      break;
    case ExportFormat::PngSequence:
      planSequence();
      break;
    case ExportFormat::Pdf:
      planPdf();
      break;
  }
  stage_ = units_.empty() ? std::string() : units_.front().first;
}

float ExportJob::progress() const {
  const size_t total = done_ + units_.size();
  return total == 0 ? 1.0f : static_cast<float>(done_) / static_cast<float>(total);
}

void ExportJob::step() {
  if (units_.empty()) return;
  auto [what, unit] = std::move(units_.front());
  units_.pop_front();
  try {
    unit();
    ++done_;
  } catch (const std::exception& e) {
    error_ = e.what();
    failedToWrite_ = dynamic_cast<const WriteError*>(&e) != nullptr;
    units_.clear();
    gif_.reset();
    removeWritten();
    return;
  }
  stage_ = units_.empty() ? std::string() : units_.front().first;
}

void ExportJob::runToEnd() {
  while (!finished()) step();
}

void ExportJob::cancel() {
  if (finished()) return;
  units_.clear();
  cancelled_ = true;
  gif_.reset();
  removeWritten();
}

// Files are written to temporary files and put in place at the end of the job, all together, so
// there is nothing to remove but those temporary files and a folder the job made.
void ExportJob::removeWritten() {
  pendingFrames_.clear();
  std::error_code ec;
  if (createdFolder_) fs::remove(out_, ec);  // only when empty: the user's files stay
  folderCleanup_.release();
}

ExportCanvas& ExportJob::target() const {
  return *target_;
}

std::string ExportJob::panelProblem() const {
  if (options_.format != ExportFormat::Svg && !target_)
    return "this build draws no pixels and writes no PDF (it has neither the window nor cairo): "
           "export SVG, or build with libcairo2-dev installed";
  switch (options_.panel) {
    case ExportPanel::Window:
      return target_ && target_->drawsWindow()
                 ? std::string()
                 : "the whole window can only be exported where its panels can be drawn (the "
                   "window's build)";
    case ExportPanel::Timeline:
      return timelinePictureProblem(*trace_);
    case ExportPanel::TimingPlot:
      return timingPlot_ ? std::string()
                         : "there is no timing plot yet: run the benchmark in the timing view "
                           "(View > Timing, B) first";
    case ExportPanel::Application:
      return application_ ? std::string()
                          : "the lesson is no application's: open one with scanviz apply ID "
                            "(or --application ID) to export its picture";
    case ExportPanel::Figure:
    case ExportPanel::BankConflicts:
    case ExportPanel::DependenceGraph:
      return figureKindInfo(*figureKindOf(options_.panel)).problem(*trace_);
    case ExportPanel::Roulette:
      return rouletteProblem(*trace_);
    case ExportPanel::ChainFlags:
      return chainFlagsProblem(*trace_);
    case ExportPanel::ArrayView:
    case ExportPanel::Counters:
      return {};
  }
  return {};
}

Scene ExportJob::picture() const {
  switch (options_.panel) {
    case ExportPanel::Counters:
      return countersPicture(*trace_, options_.steps.first, options_.brentProcessors,
                             options_.style, options_.countersRealElements);
    case ExportPanel::Timeline:
      return timelinePicture(*trace_, options_.timelineLanes, options_.style);
    case ExportPanel::TimingPlot: {
      PlotPictureStyle plotStyle;
      plotStyle.theme = options_.style.theme;
      if (options_.background != ExportBackground::Theme) plotStyle.background = background_;
      return plotPicture(*timingPlot_, plotStyle, picturePalette(options_.style), pictureMeasure());
    }
    case ExportPanel::Application:
      // One step: the domain's picture; several: the steps of its scan under it.
      return isFilmstrip(options_)
                 ? withApplicationAbove(filmstripPicture(*trace_, options_.steps.first,
                                                         options_.steps.last, options_.style))
                 : applicationPicture();
    case ExportPanel::Figure:
    case ExportPanel::BankConflicts:
    case ExportPanel::DependenceGraph:
      return figurePicture(*trace_, options_.steps.first, options_.style,
                           *figureKindOf(options_.panel), options_.brentProcessors);
    case ExportPanel::Roulette: {
      size_t shown = 0;
      const std::vector<RouletteResult> sizes =
          lessonRoulette(rouletteBlockSizeOf(trace_->meta.blockSize), shown);
      return buildRouletteScene(sizes, shown, options_.style.width, 0,
                                picturePalette(options_.style), pictureMeasure());
    }
    case ExportPanel::ChainFlags:
      return buildChainFlagsScene(*trace_, options_.style.width, 0, picturePalette(options_.style),
                                  pictureMeasure());
    case ExportPanel::ArrayView:
    case ExportPanel::Window:
      break;
  }
  if (isFilmstrip(options_))
    return filmstripPicture(*trace_, options_.steps.first, options_.steps.last, options_.style);
  return stepPicture(*trace_, options_.steps.first, options_.style);
}

void ExportJob::checkPixels(float width, float height) const {
  const double s = options_.scale;
  const double pixels = static_cast<double>(width) * s * static_cast<double>(height) * s;
  if (pixels <= static_cast<double>(kMaxExportPixels)) return;
  throw std::runtime_error("the picture would be " +
                           std::to_string(pixelsAt(width, static_cast<float>(s))) + " x " +
                           std::to_string(pixelsAt(height, static_cast<float>(s))) +
                           " pixels, more than an export makes: choose a smaller scale or fewer "
                           "steps");
}

void ExportJob::writeImage(const std::string& path) {
  writePng(image_, path);
  summary_ = std::to_string(image_.width) + " x " + std::to_string(image_.height) + " pixels";
  written_.push_back(path);
  image_ = PixelImage{};
}

void ExportJob::planSvg() {
  units_.push_back({"writing the SVG", [this] { writeSvg(); }});
}

// The document's title (SVG <title>, PDF metadata): the run, or the plot's or application's
// title, and the panel when it is not the array view.
std::string ExportJob::title() const {
  std::string t = options_.panel == ExportPanel::TimingPlot ? timingPlot_->title
                  : options_.panel == ExportPanel::Application
                      ? std::string(applicationInfo(application_->id).title)
                      : trace_->meta.algorithm + ", N = " + std::to_string(trace_->meta.n);
  if (options_.panel == ExportPanel::Counters || options_.panel == ExportPanel::Timeline ||
      figureKindOf(options_.panel) || options_.panel == ExportPanel::Roulette ||
      options_.panel == ExportPanel::ChainFlags)
    t += ", " + std::string(keyOf(kExportPanelKeys, options_.panel));
  return t;
}

void ExportJob::writeSvg() {
  SvgOptions svg;
  svg.background = background_;
  svg.scale = static_cast<float>(options_.scale);
  svg.title = title();
  const Scene scene = picture();
  writeFileAtomically(out_, sceneToSvg(scene, svg));
  written_.push_back(out_);
  summary_ = "vector, " + std::to_string(pixelsAt(scene.width, svg.scale)) + " x " +
             std::to_string(pixelsAt(scene.height, svg.scale)) + " at its nominal size";
}

void ExportJob::planPdf() {
  units_.push_back({"writing the PDF", [this] { writePdf(); }});
}

// One page a step (the array view, a figure filled in up to it, the application above it), or
// the one page of a single-scene panel.
void ExportJob::writePdf() {
  std::vector<ScenePage> pages;
  if (isSingleScenePanel(options_.panel)) {
    pages.push_back({picture(), background_});
  } else {
    for (int k = options_.steps.first; k <= options_.steps.last; ++k)
      pages.push_back({framePicture(k), background_});
  }
  PdfOptions pdf;
  pdf.title = title();
  target().writePdf(pages, out_, pdf);
  written_.push_back(out_);
  summary_ =
      std::to_string(pages.size()) + (pages.size() == 1 ? " page" : " pages") + " of 16:9, vector";
}

std::string ExportJob::partName(const std::string& what, int index, int count) {
  if (count <= 1) return what;
  return what + " (part " + std::to_string(index + 1) + " of " + std::to_string(count) + ")";
}

void ExportJob::planPng() {
  units_.push_back({"laying out the picture", [this] { beginPng(); }});
}

// Known only once the picture is laid out: how many tiles it takes.
void ExportJob::beginPng() {
  const Scene scene = picture();
  checkPixels(scene.width, scene.height);
  const int tiles = target().raster().begin(scene, static_cast<float>(options_.scale), scene.width,
                                            scene.height, background_);
  for (int i = 0; i < tiles; ++i)
    units_.push_back(
        {partName("drawing", i, tiles), [this, i] { target().raster().renderTile(i); }});
  units_.push_back({"writing the PNG", [this] {
                      image_ = target().raster().take();
                      writeImage(out_);
                    }});
}

void ExportJob::planWindow() {
  units_.push_back({"drawing the window", [this] { beginWindow(); }});
}

void ExportJob::beginWindow() {
  checkPixels(static_cast<float>(options_.windowWidth), static_cast<float>(options_.windowHeight));
  WindowPictureSpec spec;
  spec.width = options_.windowWidth;
  spec.height = options_.windowHeight;
  spec.uiScale = options_.windowUiScale;
  spec.scale = options_.scale;
  spec.theme = options_.style.theme;
  spec.palette = options_.style.palette;
  const int tiles = target().beginWindow(spec);
  image_ = PixelImage{};
  image_.pixelsPerPoint = static_cast<float>(options_.scale);
  for (int i = 0; i < tiles; ++i)
    units_.push_back({partName("drawing the window", i, tiles),
                      [this, i] { target().renderWindowTile(i, background_, image_); }});
  units_.push_back({"writing the PNG", [this] { writeImage(out_); }});
}

PixelImage ExportJob::renderStep(int step) {
  return target().raster().render(framePicture(step), static_cast<float>(options_.scale),
                                  canvas_.width, canvas_.height, background_);
}

Scene ExportJob::framePicture(int step) const {
  if (const std::optional<FigureKind> kind = figureKindOf(options_.panel))
    return figurePicture(*trace_, step, options_.style, *kind, options_.brentProcessors);
  if (options_.panel == ExportPanel::Application)
    return withApplicationAbove(stepPicture(*trace_, step, options_.style));
  return stepPicture(*trace_, step, options_.style);
}

Scene ExportJob::applicationPicture() const {
  return buildApplicationScene(*application_, {options_.style.width, ArraySceneStyle{},
                                               picturePalette(options_.style), pictureMeasure()});
}

Scene ExportJob::withApplicationAbove(const Scene& steps) const {
  Scene out = applicationPicture();
  const float top = out.height;
  appendScene(out, steps, 0, top);
  out.width = std::max(out.width, steps.width);
  out.height = top + steps.height;
  return out;
}

std::string ExportJob::frameName(int step) const {
  return "frame " + std::to_string(step - options_.steps.first + 1) + " of " +
         std::to_string(options_.steps.count());
}

void ExportJob::layOutFrames() {
  if (figureKindOf(options_.panel)) {
    canvas_ = CanvasSize{};
    for (int k = options_.steps.first; k <= options_.steps.last; ++k) {
      const Scene s = framePicture(k);
      canvas_.width = std::max(canvas_.width, s.width);
      canvas_.height = std::max(canvas_.height, s.height);
    }
  } else {
    canvas_ = commonCanvas(*trace_, options_.steps.first, options_.steps.last, options_.style);
  }
  if (options_.panel == ExportPanel::Application) {  // the same picture above every step
    const Scene above = applicationPicture();
    canvas_.width = std::max(canvas_.width, above.width);
    canvas_.height += above.height;
  }
  checkPixels(canvas_.width, canvas_.height);
}

void ExportJob::planGif() {
  units_.push_back({"choosing the GIF's colours", [this] { beginGif(); }});
}

void ExportJob::beginGif() {
  layOutFrames();
  // The first and last frames hold every colour the run shows (the last one adds the results).
  const PixelImage first = renderStep(options_.steps.first);
  const PixelImage last = renderStep(options_.steps.last);
  const bool transparent = options_.background == ExportBackground::Transparent;
  palette_ = std::make_unique<GifPalette>(
      buildGifPalette(themeColors(picturePalette(options_.style)), {&first, &last}, transparent));
  mapper_ = std::make_unique<PaletteMapper>(*palette_);
  gif_ = std::make_unique<GifWriter>(out_, first.width, first.height, *palette_);
  const int delay = gifDelayCentiseconds(options_.speed);
  for (int k = options_.steps.first; k <= options_.steps.last; ++k)
    units_.push_back(
        {frameName(k), [this, k, delay] { gif_->addFrame(mapper_->map(renderStep(k)), delay); }});
  units_.push_back({"finishing the GIF", [this, w = first.width, h = first.height, delay] {
                      gif_->finish();
                      gif_.reset();
                      written_.push_back(out_);
                      summary_ = std::to_string(options_.steps.count()) + " frames of " +
                                 std::to_string(w) + " x " + std::to_string(h) + " pixels, " +
                                 std::to_string(delay * 10) + " ms each";
                    }});
}

void ExportJob::planSequence() {
  units_.push_back({"laying out the frames", [this] { beginSequence(); }});
}

void ExportJob::beginSequence() {
  layOutFrames();
  std::error_code ec;
  createdFolder_ = fs::create_directories(out_, ec);
  if (createdFolder_)
    folderCleanup_ = CleanupOnInterrupt(out_, CleanupOnInterrupt::Kind::EmptyFolder);
  if (ec || !fs::is_directory(out_))
    throw WriteError("cannot create the folder '" + out_ + "'" +
                     (ec ? ": " + ec.message() : std::string()));
  // Each frame goes to a temporary file; all of them replace their targets at the end, so a
  // failure or a cancel leaves the folder as it was.
  for (int k = options_.steps.first; k <= options_.steps.last; ++k)
    units_.push_back(
        {frameName(k), [this, k] {
           const PixelImage image = renderStep(k);
           auto frame = std::make_unique<OutputFile>(
               (fs::path(out_) / sequenceFrameName(trace_->meta, options_, k)).string());
           encodePng(image, *frame);
           frame->finish();
           pendingFrames_.push_back(std::move(frame));
           summary_ = std::to_string(options_.steps.count()) + " frames of " +
                      std::to_string(image.width) + " x " + std::to_string(image.height) +
                      " pixels";
         }});
  units_.push_back({"putting the frames in place", [this] {
                      for (const auto& frame : pendingFrames_) {
                        frame->commit();
                        written_.push_back(frame->path());
                      }
                      pendingFrames_.clear();
                      folderCleanup_.release();
                    }});
}

}  // namespace scanviz
