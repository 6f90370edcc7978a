// A second Dear ImGui context that draws into an OpenGL framebuffer object instead of a window.
// Exports render their pictures here at any scale while the window's own context, fonts and frame
// stay as they are. Pictures larger than one framebuffer are drawn in tiles (the draw data is
// offset per tile), so their size is bounded by memory, not by the driver's texture limit.
// Needs a current OpenGL 3.3 context whose functions glad has loaded (the window's, or
// HiddenGlContext's).
#pragma once

#include <imgui.h>

#include <functional>

#include "app/core/support/non_copyable.h"
#include "app/scene/scene.h"
#include "app/ui/shell/platform_window.h"

namespace scanviz {

class OffscreenImGui : NonCopyable {
 public:
  OffscreenImGui();
  ~OffscreenImGui();

  // The atlas of this context; call fontsChanged() after changing its fonts.
  ImFontAtlas& fonts() { return atlas_; }
  void fontsChanged();

  // Runs one ImGui frame of width x height pixels in this context: draw() makes the ImGui calls
  // (panels, or draw-list primitives). What it drew stays ready for the tiles until the next
  // frame. The caller's current ImGui context is restored afterwards.
  void frame(int width, int height, const std::function<void()>& draw);

  // Runs fn with this context current (to set its style before a frame).
  void run(const std::function<void()>& fn);

  int tileCount() const;
  // Rasterises tile `index` of the last frame over `background` into `into`, which is sized for
  // the whole frame when it is still empty. A transparent background gives straight alpha.
  void renderTile(int index, Color background, PixelImage& into);
  // All tiles at once.
  PixelImage render(Color background);

 private:
  struct Tile {
    int x = 0, y = 0, w = 0, h = 0;
  };
  Tile tile(int index) const;
  void ensureFramebuffer();

  ImFontAtlas atlas_;
  ImGuiContext* context_ = nullptr;
  unsigned framebuffer_ = 0;
  unsigned texture_ = 0;
  int width_ = 0;
  int height_ = 0;
  bool deviceReady_ = false;  // shaders and font texture exist
};

// The tile side in pixels: small enough for every OpenGL 3.3 driver's framebuffer limit.
constexpr int kExportTile = 2048;

}  // namespace scanviz
