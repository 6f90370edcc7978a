// The operating-system window: GLFW with an OpenGL 3.3 core context, the GL loader, and ImGui's
// GLFW and OpenGL3 backends. Everything platform-specific stays in this file.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include "app/core/support/non_copyable.h"
#include "app/export/pixel_image.h"

struct GLFWwindow;

namespace scanviz {

// No display, no OpenGL 3.3: the message says what to do instead.
struct WindowError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The back buffer of `window` (its context current), top row first.
PixelImage readBackBuffer(GLFWwindow* window);

class PlatformWindow : NonCopyable {
 public:
  // iniPath: where ImGui keeps its layout file; empty for none.
  PlatformWindow(int width, int height, const std::string& title, const std::string& iniPath);
  ~PlatformWindow();

  // The title bar's text (the open file's name, app.cpp).
  void setTitle(const std::string& title);
  bool shouldClose() const;
  void requestClose();
  // Waits up to `timeoutSeconds` for input (0: returns at once).
  void pollEvents(double timeoutSeconds);
  void setVsync(bool on);

  // DPI scale of the monitor the window is on (1 on a 96-dpi screen).
  float contentScale() const;
  void toggleFullscreen();
  bool fullscreen() const { return fullscreen_; }

  // ignoreMouse: the pointer counts as outside the window (scripted runs: no hover, no tooltip
  // in screenshots, wherever the display's pointer happens to be).
  void newFrame(bool ignoreMouse = false);
  // Renders ImGui's draw data over a cleared framebuffer; call present() afterwards.
  void render(float r, float g, float b);
  void present();
  // The rendered back buffer, to be called between render() and present().
  PixelImage readPixels() const;
  // Waits until the GPU (or Mesa's software rasteriser) has drawn the frame: for frame timing.
  void finish() const;
  // Uploads the font atlas again after its fonts changed (a new UI scale or DPI).
  void rebuildFontTexture();
  std::string rendererName() const;
  void windowSize(int& width, int& height) const;
  // The GLFW window, for a second window that shares its GL objects (presenter_window.h).
  GLFWwindow* glfwHandle() const { return window_; }

  // Files dropped on the window since the last call (GLFW's drop callback), in the order given.
  std::vector<std::string> takeDroppedPaths();
  // Adds paths as a drop would: --drop scripts a drop through the same queue.
  void queueDroppedPaths(const std::vector<std::string>& paths);
  // A key (GLFW_KEY_...) for the widgets, as if pressed before the next frame and released after
  // it: --keys scripts a key that no command takes (Enter in a dialog) through ImGui's own input.
  void pressKeyForWidgets(int key) { widgetKey_ = key; }

 private:
  GLFWwindow* window_ = nullptr;
  std::string iniPath_;
  bool fullscreen_ = false;
  std::vector<std::string> dropped_;
  int widgetKey_ = -1;   // to press at the next frame
  int releaseKey_ = -1;  // pressed for the last frame
  int windowedX_ = 0, windowedY_ = 0, windowedW_ = 0, windowedH_ = 0;
};

}  // namespace scanviz
