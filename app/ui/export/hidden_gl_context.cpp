#include "app/ui/export/hidden_gl_context.h"

// glad before GLFW, so that GLFW does not pull in the system GL header.
#include "app/ui/gl/gl_api.h"
// clang-format off
#include <GLFW/glfw3.h>
// clang-format on

#include <cstdlib>

namespace scanviz {
#ifndef __EMSCRIPTEN__
namespace {

// GLFW keeps the last error of the calling thread: asked right after a failed call, it needs no
// error callback writing into a global of ours.
std::string lastError() {
  const char* description = nullptr;
  glfwGetError(&description);
  return description ? description : "unknown";
}

bool hasDisplay() {
  const char* x11 = std::getenv("DISPLAY");
  const char* wayland = std::getenv("WAYLAND_DISPLAY");
  return (x11 && *x11) || (wayland && *wayland);
}

}  // namespace
#endif

std::string noGlContextAdvice() {
  return "PNG and GIF export need an OpenGL context: run under xvfb-run, e.g. xvfb-run -a scanviz "
         "export ... (SVG needs none)";
}

#ifdef __EMSCRIPTEN__
// The page has one context, its canvas's; the Export dialog draws with it (no hidden window).
HiddenGlContext::HiddenGlContext() {
  throw NoGlContext("the web page makes no second OpenGL context: use the Export dialog");
}
HiddenGlContext::~HiddenGlContext() = default;
#else
HiddenGlContext::HiddenGlContext() {
  if (!hasDisplay()) throw NoGlContext(noGlContextAdvice() + "; there is no display here");
  if (!glfwInit()) throw NoGlContext(noGlContextAdvice() + "; GLFW says: " + lastError());
  glfwWindowHint(GLFW_VISIBLE, GLFW_FALSE);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
  window_ = glfwCreateWindow(64, 64, "scanviz export", nullptr, nullptr);
  if (!window_) {
    const std::string why = lastError();
    glfwTerminate();
    throw NoGlContext(noGlContextAdvice() + "; no OpenGL 3.3 context: " + why);
  }
  glfwMakeContextCurrent(window_);
  if (!gladLoadGL(glfwGetProcAddress)) {
    glfwDestroyWindow(window_);
    glfwTerminate();
    throw NoGlContext(noGlContextAdvice() + "; the OpenGL 3.3 functions cannot be loaded");
  }
}

HiddenGlContext::~HiddenGlContext() {
  glfwDestroyWindow(window_);
  glfwTerminate();
}
#endif

}  // namespace scanviz
