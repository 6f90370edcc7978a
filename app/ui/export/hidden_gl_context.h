// An OpenGL 3.3 context without a visible window, for `scanviz export` to draw PNGs and GIFs on
// the command line. It still needs a display server (X11 or Wayland): without one, the error says
// to run under xvfb-run.
#pragma once

#include <stdexcept>
#include <string>

#include "app/core/support/non_copyable.h"

struct GLFWwindow;

namespace scanviz {

struct NoGlContext : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class HiddenGlContext : NonCopyable {
 public:
  // Throws NoGlContext with a one-line message saying what to do.
  HiddenGlContext();
  ~HiddenGlContext();

 private:
  GLFWwindow* window_ = nullptr;
};

// The advice printed when no context can be made.
std::string noGlContextAdvice();

}  // namespace scanviz
