// The desktop's own file chooser (issue: a good citizen of the desktop), the window's FileDialog
// kept as the fallback. zenity (GNOME and most desktops) or kdialog (KDE) runs as a child process
// that prints the chosen path; the frame loop polls it, so the window keeps drawing meanwhile.
// xdg-desktop-portal would need D-Bus and its Response signal, a library for one dialog: both
// programs already go through the portal where the desktop has one.
#pragma once

#include <sys/types.h>

#include <optional>
#include <string>
#include <vector>

namespace scanviz {

struct ChooserRequest {
  bool save = false;
  std::string title;
  std::string folder;    // absolute
  std::string fileName;  // the proposed name when saving
  bool jsonOnly = true;  // traces, sessions and decks; false: any file (input values)
};

// The command line that shows `r` with the desktop's chooser, or nothing when there is none:
// SCANVIZ_FILE_CHOOSER names the program (zenity or kdialog, by the name it ends in) or
// "builtin" (the window's own); unset, zenity then kdialog from PATH, where there is a display.
std::vector<std::string> desktopChooserCommand(const ChooserRequest& r);
// The same for a given program (tests).
std::vector<std::string> chooserCommandFor(const std::string& program, const ChooserRequest& r);

// One run of the chooser.
class ChooserProcess {
 public:
  enum class Outcome { Chosen, Cancelled, Failed };
  struct Result {
    Outcome outcome = Outcome::Failed;
    std::string path;  // Chosen
  };

  ChooserProcess() = default;
  ChooserProcess(const ChooserProcess&) = delete;
  ChooserProcess& operator=(const ChooserProcess&) = delete;
  ~ChooserProcess() { cancel(); }

  // False when the program cannot be started.
  bool start(const std::vector<std::string>& argv);
  bool running() const { return pid_ > 0; }
  // The result once the program has ended (exit 0 with a path: chosen; 1: cancelled, as zenity
  // and kdialog say it; anything else: failed, so the caller falls back to its own dialog).
  std::optional<Result> poll();
  void cancel();

 private:
  void readAvailable();
  pid_t pid_ = -1;
  int out_ = -1;
  std::string output_;
};

}  // namespace scanviz
