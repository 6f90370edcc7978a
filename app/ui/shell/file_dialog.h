// A small file chooser for opening traces and sessions and saving sessions: ImGui has none, and
// a native dialog would need another desktop library. Lists folders and *.json files.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace scanviz {

class FileDialog {
 public:
  enum class Mode { Open, Save };
  // What the chosen path is for, so the caller knows which action to run.
  enum class Purpose { OpenTraceOrSession, SaveSession, InputValues, SaveDeck };

  void open(Mode mode, Purpose purpose, const std::string& title, const std::string& folder,
            const std::string& fileName = "");
  bool isOpen() const { return visible_; }
  Purpose purpose() const { return purpose_; }
  // Draws the dialog while it is open; returns the chosen path once, when the user confirms.
  std::optional<std::string> draw(float scale);

 private:
  void listFolder();
  bool drawEntries();
  std::optional<std::string> drawButtons();

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
};

}  // namespace scanviz
