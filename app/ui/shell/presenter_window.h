// The presenter window: a second window, on the second monitor when there is one, that shows the
// lecturer what the room does not see: the view's number and title, the elapsed time, the
// speaker notes and the next view. It has its own ImGui context (fonts, draw data) and takes no
// input; the main window keeps the keyboard and the clicker. V opens and closes it.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/core/support/non_copyable.h"
#include "app/scene/palette.h"
#include "app/ui/shell/fonts.h"
#include "app/ui/shell/platform_window.h"

struct ImGuiContext;

namespace scanviz {

struct PresenterContent {
  int view = 0;  // 1-based
  int views = 0;
  std::string title;
  std::vector<std::string> notes;  // plain lines (notesAsPlainLines)
  std::string next;                // the next view's label; empty after the last
  double elapsedSeconds = 0;
  bool blank = false;  // the room's screen is blanked (B)
};

nlohmann::json presenterContentJson(const PresenterContent& c);
// "12:05"; an hour and more as "1:02:05".
std::string elapsedText(double seconds);

class PresenterWindow : NonCopyable {
 public:
  // Throws WindowError when the window cannot be made.
  explicit PresenterWindow(PlatformWindow& main);
  ~PresenterWindow();

  // The window's close button was pressed.
  bool closeRequested() const;
  // Draws and shows one frame; with `capture`, keeps its pixels (lastPixels). The main window's
  // GL and ImGui contexts are current again afterwards.
  void draw(const PresenterContent& c, const ViewPalette& palette, bool capture);
  const PixelImage& lastPixels() const { return pixels_; }

 private:
  void layout(const PresenterContent& c, const ViewPalette& palette);

  PlatformWindow& main_;
  GLFWwindow* window_ = nullptr;
  ImGuiContext* context_ = nullptr;
  FontSet fonts_;
  PixelImage pixels_;
};

}  // namespace scanviz
