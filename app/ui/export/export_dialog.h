// The Export dialog (Ctrl+E, File > Export picture...): what to export (the array view, the
// counters, the block timeline, the timing panel's plot or the whole window; a choice with
// nothing to show is disabled and its tooltip says why), the format, the steps, the scale, the
// picture's theme and background, the folder and file name; then the export runs a slice of work
// per frame with a progress bar and Cancel, and a toast names the file it wrote. The window never
// waits for a long GIF or filmstrip.
#pragma once

#include <chrono>
#include <memory>
#include <string>

#include "app/export/export_job.h"
#include "app/ui/export/export_dialog_model.h"
#include "app/ui/shell/ui_context.h"

namespace scanviz {

class ExportDialog {
 public:
  // Opens the dialog on the lesson on screen (nothing happens without one). A first opening
  // offers `shown`, the picture of the view on screen, where the lesson has one; later ones keep
  // the last export's choices.
  void open(const AppState& state, ExportPanel shown = ExportPanel::ArrayView);
  bool isOpen() const { return visible_; }
  // An export is running: the window keeps drawing frames until it ends.
  bool busy() const { return job_ != nullptr; }

  // The dialog, the progress box and the toast; call inside the window's ImGui frame.
  void draw(UiContext& ui);
  // Runs the export for a slice of this frame; call between frames (after the window presented),
  // with the window's OpenGL context current.
  void advance(AppState& state);

  // What the dialog shows, and what its Export button does: for tests and scripts.
  ExportDialogModel& model() { return model_; }
  void startExport(UiContext& ui) {
    start(ui);
    visible_ = false;
  }
  // What the progress box's Cancel export button does: stops the export and removes its files
  // (the next advance() reports it). Nothing happens when no export runs.
  void cancelExport() {
    if (job_) job_->cancel();
  }
  // The running export's progress, 0 to 1; 0 when none runs.
  float progress() const { return job_ ? job_->progress() : 0.0f; }
  // The toast's path while it shows; empty otherwise.
  std::string toastPath() const;

 private:
  void drawDialog(UiContext& ui);
  void drawOptions();
  void drawStepChoice();
  void drawDestination();
  void drawProgress(UiContext& ui);
  void drawToast(UiContext& ui);
  void start(UiContext& ui);
  void finish(AppState& state);

  ExportDialogModel model_;
  nlohmann::json showRects_ = nlohmann::json::object();  // the "Show" choices' x, y, w, h
  std::unique_ptr<ExportJob> job_;
  bool visible_ = false;
  bool justOpened_ = false;
  struct Toast {
    std::string title;
    std::string path;
    std::string detail;
    std::chrono::steady_clock::time_point until;
  } toast_;
};

}  // namespace scanviz
