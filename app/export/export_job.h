// One export as a list of small units of work (a tile, a GIF frame, a file), so that the window
// can run one unit a frame with a progress bar and Cancel, and the command line can run them all.
// PNG, GIF and PNG sequences draw on the canvas the job is given (export_canvas.h: the window's
// offscreen GL, or cairo); SVG needs none.
#pragma once

#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/core/applications/application.h"
#include "app/core/support/interrupt.h"
#include "app/core/support/non_copyable.h"
#include "app/core/support/output_file.h"
#include "app/core/trace/trace.h"
#include "app/export/export_canvas.h"
#include "app/export/export_options.h"
#include "app/export/gif_palette.h"
#include "app/export/gif_writer.h"
#include "app/export/picture.h"
#include "app/scene/plot_spec.h"

namespace scanviz {

// Whether these options draw pixels (and so need a canvas: in the window's build, an OpenGL
// context).
bool exportNeedsPixels(const ExportOptions& o);

class ExportJob : NonCopyable {
 public:
  // `out` is the file, or the folder of a PNG sequence. `canvas` draws the pixels (null: SVG
  // only); whole-window pictures need one that drawsWindow(). `timingPlot` is the plot of a
  // timing-plot picture (the timing panel's data, not the trace's).
  ExportJob(std::shared_ptr<const Trace> trace, ExportOptions options, std::string out,
            std::shared_ptr<ExportCanvas> canvas = nullptr,
            std::optional<plot::PlotSpec> timingPlot = std::nullopt,
            std::shared_ptr<const ApplicationRun> application = nullptr);
  ~ExportJob();

  // Runs the next unit; a failure ends the job with error() set and removes partial files (files
  // appear only when the job succeeds: a failure leaves the previous ones as they were).
  void step();
  void runToEnd();
  // Stops and removes what was written so far.
  void cancel();

  bool finished() const { return units_.empty(); }
  bool succeeded() const { return finished() && error_.empty() && !cancelled_; }
  bool cancelled() const { return cancelled_; }
  const std::string& error() const { return error_; }
  // Whether the error is a failed write (disk full, no permission): exit code 1, not 2.
  bool failedToWrite() const { return failedToWrite_; }
  float progress() const;
  // What the current unit does, for the progress line: "frame 3 of 9".
  const std::string& stage() const { return stage_; }
  const std::string& out() const { return out_; }
  const ExportOptions& options() const { return options_; }
  // Files written, in order (one, or the frames of a sequence).
  const std::vector<std::string>& written() const { return written_; }
  // What was made, for the toast and the command line: "1620 x 980 pixels", "9 frames ...".
  const std::string& summary() const { return summary_; }
  // What the picture could not show, for the toast and stderr; empty when nothing: "12 values
  // are too long for their cells ...".
  const std::string& note() const { return note_; }

 private:
  using Unit = std::function<void()>;
  void plan();
  void planSvg();
  void planPng();
  void planWindow();
  void planGif();
  void planSequence();
  void planPdf();
  void writePdf();
  void writeSvg();
  std::string title() const;
  void beginPng();
  void beginWindow();
  void beginGif();
  void beginSequence();
  void layOutFrames();
  std::string frameName(int step) const;
  static std::string partName(const std::string& what, int index, int count);
  void writeImage(const std::string& path);
  // A frame of an animation: the array view of the step, or the figure filled in up to it, or
  // the application's picture above the step.
  Scene framePicture(int step) const;
  Scene applicationPicture() const;
  // The application's picture with `steps` (a step or a filmstrip of its scan) under it.
  Scene withApplicationAbove(const Scene& steps) const;
  PixelImage renderStep(int step);
  void checkPixels(float width, float height) const;
  Scene picture() const;
  // Why this panel cannot be exported from what the job was given; empty when it can.
  std::string panelProblem() const;
  ExportCanvas& target() const;
  void removeWritten();

  std::shared_ptr<const Trace> trace_;
  ExportOptions options_;
  std::string out_;
  std::shared_ptr<ExportCanvas> target_;  // where pixels and PDF pages are drawn; may be null
  std::optional<plot::PlotSpec> timingPlot_;
  std::shared_ptr<const ApplicationRun> application_;  // the lesson's application, if any
  std::deque<std::pair<std::string, Unit>> units_;
  size_t done_ = 0;
  std::string stage_;
  std::string error_;
  std::string summary_;
  std::string note_;
  bool cancelled_ = false;
  bool failedToWrite_ = false;
  std::vector<std::string> written_;
  bool createdFolder_ = false;
  CleanupOnInterrupt folderCleanup_;  // the folder a sequence made, removed on a signal
  std::vector<std::unique_ptr<OutputFile>> pendingFrames_;  // finished, not yet in place
  PixelImage image_;
  Color background_;
  CanvasSize canvas_;
  std::unique_ptr<GifPalette> palette_;
  std::unique_ptr<PaletteMapper> mapper_;
  std::unique_ptr<GifWriter> gif_;
};

}  // namespace scanviz
