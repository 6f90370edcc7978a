#include "app/ui/shell/platform_window.h"

// glad before GLFW, so that GLFW does not pull in the system GL header.
#include "app/ui/gl/gl_api.h"
// clang-format off
#include <GLFW/glfw3.h>
// clang-format on
#include <algorithm>
#include <cfloat>
#include <utility>

#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#ifdef __EMSCRIPTEN__
#include <emscripten/html5.h>
#endif
#if SCANVIZ_WINDOW_ICON
#include <stb_image.h>
namespace scanviz::embedded {
extern const unsigned char window_icon_png[];
extern const unsigned int window_icon_png_size;
}  // namespace scanviz::embedded
#endif

namespace scanviz {
namespace {

// GLFW keeps the last error of the calling thread: asked right after a failed call, it needs no
// error callback writing into a global of ours. The page's GLFW (emscripten's, API 3.2) has none.
std::string glfwProblem() {
#ifdef __EMSCRIPTEN__
  return "this browser offers no WebGL2";
#else
  const char* description = nullptr;
  glfwGetError(&description);
  return description && *description ? description : "no reason given";
#endif
}

// The context: OpenGL 3.3 core on the desktop, WebGL2 (OpenGL ES 3.0) in the page; the GLSL
// version line is the one ImGui's OpenGL3 backend puts before its shaders.
void askForContext() {
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
#ifdef __EMSCRIPTEN__
  glfwWindowHint(GLFW_CLIENT_API, GLFW_OPENGL_ES_API);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
#else
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
  glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE);
  // WM_CLASS "scanviz", as the .desktop file's StartupWMClass says, so that docks group the
  // window under its launcher and icon (otherwise the class is the full title).
  glfwWindowHintString(GLFW_X11_CLASS_NAME, "scanviz");
  glfwWindowHintString(GLFW_X11_INSTANCE_NAME, "scanviz");
#endif
}

// Desktop drivers hand out their functions through glad; the page links WebGL2 directly.
bool loadGlFunctions() {
#ifdef __EMSCRIPTEN__
  return true;
#else
  return gladLoadGL(glfwGetProcAddress) != 0;
#endif
}

// GLFW hands the paths over only during the callback: they are copied into the window's queue.
void onDrop(GLFWwindow* window, int count, const char** paths) {
  auto* self = static_cast<PlatformWindow*>(glfwGetWindowUserPointer(window));
  if (self) self->queueDroppedPaths(std::vector<std::string>(paths, paths + count));
}

#ifdef __EMSCRIPTEN__
// The page's canvas fills the browser's window (shell.html's CSS); when that window changes size,
// the canvas's pixels follow, so that the app is drawn at the size it is seen.
EM_BOOL onBrowserResize(int, const EmscriptenUiEvent*, void* window) {
  double width = 0, height = 0;
  if (emscripten_get_element_css_size("#canvas", &width, &height) != EMSCRIPTEN_RESULT_SUCCESS ||
      width < 1 || height < 1)
    return EM_FALSE;
  glfwSetWindowSize(static_cast<GLFWwindow*>(window), static_cast<int>(width),
                    static_cast<int>(height));
  return EM_FALSE;
}
#endif

#if SCANVIZ_WINDOW_ICON
// The desktop icon as the window's own (_NET_WM_ICON): task bars and Alt-Tab show it even where
// no .desktop file is installed (a build run from its folder).
void setWindowIcon(GLFWwindow* window) {
  int width = 0, height = 0, channels = 0;
  unsigned char* pixels = stbi_load_from_memory(embedded::window_icon_png,
                                                static_cast<int>(embedded::window_icon_png_size),
                                                &width, &height, &channels, 4);
  if (!pixels) return;
  const GLFWimage icon{width, height, pixels};
  glfwSetWindowIcon(window, 1, &icon);
  stbi_image_free(pixels);
}
#else
void setWindowIcon(GLFWwindow*) {}
#endif

}  // namespace

PlatformWindow::PlatformWindow(int width, int height, const std::string& title,
                               const std::string& iniPath)
    : iniPath_(iniPath) {
  if (!glfwInit())
    throw WindowError(
        "cannot open a window (" + glfwProblem() +
        "); without a display use a subcommand (scanviz list, capture, verify, analyze) or "
        "run under xvfb-run");
  askForContext();
  window_ = glfwCreateWindow(width, height, title.c_str(), nullptr, nullptr);
  if (!window_) {
    const std::string why = glfwProblem();
    glfwTerminate();
    throw WindowError("cannot create an OpenGL 3.3 window (" + why + ")");
  }
  setWindowIcon(window_);
  glfwMakeContextCurrent(window_);
  if (!loadGlFunctions()) {
    glfwDestroyWindow(window_);
    glfwTerminate();
    throw WindowError("cannot load the OpenGL 3.3 functions of this driver");
  }
  setVsync(true);
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGui::GetIO().IniFilename = iniPath_.empty() ? nullptr : iniPath_.c_str();
  ImGui_ImplGlfw_InitForOpenGL(window_, true);
  // ImGui's backend installs the input callbacks; drops are ours (it has none).
  glfwSetWindowUserPointer(window_, this);
  glfwSetDropCallback(window_, onDrop);
#ifdef __EMSCRIPTEN__
  emscripten_set_resize_callback(EMSCRIPTEN_EVENT_TARGET_WINDOW, window_, EM_FALSE,
                                 onBrowserResize);
#endif
  ImGui_ImplOpenGL3_Init(imguiGlslVersion());
}

void PlatformWindow::setTitle(const std::string& title) {
  glfwSetWindowTitle(window_, title.c_str());
}

PlatformWindow::~PlatformWindow() {
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
  glfwDestroyWindow(window_);
  glfwTerminate();
}

bool PlatformWindow::shouldClose() const {
  return glfwWindowShouldClose(window_);
}
void PlatformWindow::requestClose() {
  glfwSetWindowShouldClose(window_, GLFW_TRUE);
}

void PlatformWindow::pollEvents(double timeoutSeconds) {
  if (timeoutSeconds > 0) {
    glfwWaitEventsTimeout(timeoutSeconds);
  } else {
    glfwPollEvents();
  }
}

void PlatformWindow::setVsync(bool on) {
  glfwSwapInterval(on ? 1 : 0);
}

float PlatformWindow::contentScale() const {
#ifdef __EMSCRIPTEN__
  return 1.0f;  // emscripten's GLFW sizes the canvas in CSS pixels
#else
  float x = 1, y = 1;
  glfwGetWindowContentScale(window_, &x, &y);
  return x > 0 ? x : 1.0f;
#endif
}

void PlatformWindow::toggleFullscreen() {
  if (fullscreen_) {
    glfwSetWindowMonitor(window_, nullptr, windowedX_, windowedY_, windowedW_, windowedH_,
                         GLFW_DONT_CARE);
    fullscreen_ = false;
    return;
  }
  GLFWmonitor* monitor = glfwGetPrimaryMonitor();
  const GLFWvidmode* mode = monitor ? glfwGetVideoMode(monitor) : nullptr;
  if (!mode) return;
  glfwGetWindowPos(window_, &windowedX_, &windowedY_);
  glfwGetWindowSize(window_, &windowedW_, &windowedH_);
  glfwSetWindowMonitor(window_, monitor, 0, 0, mode->width, mode->height, mode->refreshRate);
  fullscreen_ = true;
}

void PlatformWindow::newFrame(bool ignoreMouse) {
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  ImGuiIO& io = ImGui::GetIO();
  if (ignoreMouse) io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
  if (releaseKey_ >= 0) io.KeysDown[releaseKey_] = false;
  releaseKey_ = -1;
  if (widgetKey_ >= 0 && widgetKey_ < IM_ARRAYSIZE(io.KeysDown)) {
    io.KeysDown[widgetKey_] = true;
    releaseKey_ = widgetKey_;
  }
  widgetKey_ = -1;
  ImGui::NewFrame();
}

void PlatformWindow::render(float r, float g, float b) {
  ImGui::Render();
  int w = 0, h = 0;
  glfwGetFramebufferSize(window_, &w, &h);
  glViewport(0, 0, w, h);
  glClearColor(r, g, b, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

void PlatformWindow::present() {
  glfwSwapBuffers(window_);
}

PixelImage PlatformWindow::readPixels() const {
  return readBackBuffer(window_);
}

PixelImage readBackBuffer(GLFWwindow* window) {
  PixelImage img;
  glfwGetFramebufferSize(window, &img.width, &img.height);
  const size_t row = static_cast<size_t>(img.width) * 4;
  std::vector<unsigned char> bottomUp(row * static_cast<size_t>(img.height));
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadBuffer(GL_BACK);
  glReadPixels(0, 0, img.width, img.height, GL_RGBA, GL_UNSIGNED_BYTE, bottomUp.data());
  // OpenGL's first row is the bottom one; PNG's is the top.
  img.rgba.resize(bottomUp.size());
  for (int y = 0; y < img.height; ++y)
    std::copy_n(bottomUp.begin() + static_cast<long>(row) * (img.height - 1 - y), row,
                img.rgba.begin() + static_cast<long>(row) * y);
  return img;
}

void PlatformWindow::finish() const {
  glFinish();
}

void PlatformWindow::rebuildFontTexture() {
  ImGui_ImplOpenGL3_DestroyFontsTexture();
  ImGui_ImplOpenGL3_CreateFontsTexture();
}

std::string PlatformWindow::rendererName() const {
  const auto* name = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
  return name ? name : "unknown renderer";
}

void PlatformWindow::windowSize(int& width, int& height) const {
  glfwGetWindowSize(window_, &width, &height);
}

std::vector<std::string> PlatformWindow::takeDroppedPaths() {
  return std::exchange(dropped_, {});
}

void PlatformWindow::queueDroppedPaths(const std::vector<std::string>& paths) {
  dropped_.insert(dropped_.end(), paths.begin(), paths.end());
}

}  // namespace scanviz
