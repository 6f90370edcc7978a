// Choosing a file to open or save: the desktop's own chooser where there is one
// (desktop_file_chooser.h), otherwise, or when it fails, a small chooser of the window's own
// (ImGui has none) that lists folders and *.json files.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "app/ui/shell/desktop_file_chooser.h"

namespace scanviz {

class FileDialog {
 public:
  enum class Mode { Open, Save };
  // What the chosen path is for, so the caller knows which action to run.
  enum class Purpose { OpenTraceOrSession, SaveSession, InputValues, SaveDeck };

  void open(Mode mode, Purpose purpose, const std::string& title, const std::string& folder,
            const std::string& fileName = "");
  bool isOpen() const { return visible_ || waiting(); }
  // The desktop's chooser is up and the path not back yet.
  bool waiting() const { return desktop_.running(); }
  Purpose purpose() const { return purpose_; }
  // Draws the dialog while it is open; returns the chosen path once, when the user confirms.
  std::optional<std::string> draw(float scale);

 private:
  void listFolder();
  bool drawEntries();
  std::optional<std::string> drawButtons();
  std::optional<std::string> drawWaiting();
  void showOwnDialog();

  Mode mode_ = Mode::Open;
  Purpose purpose_ = Purpose::OpenTraceOrSession;
  std::string title_;
  std::string folder_;
  std::string fileName_;
  std::string error_;
  std::vector<std::string> folders_;
  std::vector<std::string> files_;
  bool visible_ = false;
  bool justOpened_ = false;
  ChooserProcess desktop_;
};

}  // namespace scanviz
