// Saves the OpenGL state the heat renderer changes and puts it back when it goes out of scope:
// the renderer draws in the middle of an ImGui frame, and the window's own rendering afterwards
// expects the default framebuffer, its viewport and program as they were.
#pragma once

namespace scanviz {

class GlStateGuard {
 public:
  GlStateGuard();
  ~GlStateGuard();
  GlStateGuard(const GlStateGuard&) = delete;
  GlStateGuard& operator=(const GlStateGuard&) = delete;

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
};

}  // namespace scanviz
