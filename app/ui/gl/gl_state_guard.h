// Saves the OpenGL state that drawing off the window's path changes and puts it back when it goes
// out of scope: the heat renderer draws in the middle of an ImGui frame, an export renders its
// tiles between the window's frames, and the window's own rendering afterwards expects the
// framebuffer, viewport, program, textures, switches and clear colour as they were.
#pragma once

#include "app/core/support/non_copyable.h"

namespace scanviz {

class GlStateGuard : NonCopyable {
 public:
  GlStateGuard();
  ~GlStateGuard();

 private:
  int framebuffer_ = 0;
  int viewport_[4] = {0, 0, 0, 0};
  int program_ = 0;
  int vertexArray_ = 0;
  int activeTexture_ = 0;
  int texture_ = 0;
  bool blend_ = false;
  bool scissor_ = false;
  bool depth_ = false;
  bool cull_ = false;
  float clearColor_[4] = {0, 0, 0, 0};
};

}  // namespace scanviz
