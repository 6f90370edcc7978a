// A framebuffer object with one RGBA colour texture: the heat views draw into it, and ImGui shows
// the texture with ImGui::Image like any other picture. Grows and shrinks with the panel.
#pragma once

#include "app/core/support/non_copyable.h"

namespace scanviz {

class OffscreenTarget : NonCopyable {
 public:
  OffscreenTarget() = default;
  ~OffscreenTarget();

  // Makes the texture width x height pixels (a no-op when it already is); false when the driver
  // cannot complete the framebuffer.
  bool resize(int width, int height);
  unsigned framebuffer() const { return framebuffer_; }
  unsigned texture() const { return texture_; }
  int width() const { return width_; }
  int height() const { return height_; }

 private:
  void release();

  unsigned framebuffer_ = 0;
  unsigned texture_ = 0;
  int width_ = 0;
  int height_ = 0;
};

}  // namespace scanviz
