#include "app/ui/export/offscreen_imgui.h"

#include "app/ui/gl/gl_api.h"

#include <backends/imgui_impl_opengl3.h>
#include <algorithm>
#include <cfloat>
#include <stdexcept>

#include "app/core/support/non_copyable.h"
#include "app/ui/gl/gl_state_guard.h"

namespace scanviz {
namespace {

// Makes an ImGui context current for a scope and gives the caller's back afterwards: exports run
// between the window's frames, and the window's context must find itself current again.
class ContextScope : NonCopyable {
 public:
  explicit ContextScope(ImGuiContext* c) : previous_(ImGui::GetCurrentContext()) {
    ImGui::SetCurrentContext(c);
  }
  ~ContextScope() { ImGui::SetCurrentContext(previous_); }

 private:
  ImGuiContext* previous_;
};

// ImGui's backend blends colour as premultiplied over a transparent clear; PNG wants straight
// alpha, so partly covered pixels are divided by their coverage.
void unpremultiply(unsigned char* px) {
  const int a = px[3];
  if (a == 0 || a == 255) return;
  for (int c = 0; c < 3; ++c) px[c] = static_cast<unsigned char>(std::min(255, px[c] * 255 / a));
}

float unit(uint8_t v) {
  return static_cast<float>(v) / 255.0f;
}

}  // namespace

OffscreenImGui::OffscreenImGui() {
  // The atlas is ours, so the window's fonts are never touched. CreateContext makes the new
  // context current when there was none; the caller's stays current either way.
  ImGuiContext* previous = ImGui::GetCurrentContext();
  context_ = ImGui::CreateContext(&atlas_);
  ImGui::SetCurrentContext(previous);
  ContextScope scope(context_);
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;
  io.LogFilename = nullptr;
  if (!ImGui_ImplOpenGL3_Init(imguiGlslVersion())) {
    ImGui::DestroyContext(context_);
    throw std::runtime_error("cannot start ImGui's OpenGL renderer for the export");
  }
}

OffscreenImGui::~OffscreenImGui() {
  {
    ContextScope scope(context_);
    ImGui_ImplOpenGL3_Shutdown();
  }
  ImGui::DestroyContext(context_);
  if (framebuffer_) glDeleteFramebuffers(1, &framebuffer_);
  if (texture_) glDeleteTextures(1, &texture_);
}

void OffscreenImGui::fontsChanged() {
  if (!deviceReady_) return;  // the first frame uploads whatever the atlas holds then
  ContextScope scope(context_);
  ImGui_ImplOpenGL3_DestroyFontsTexture();
  atlas_.Build();
  ImGui_ImplOpenGL3_CreateFontsTexture();
}

void OffscreenImGui::frame(int width, int height, const std::function<void()>& draw) {
  ContextScope scope(context_);
  ImGuiIO& io = ImGui::GetIO();
  if (!atlas_.IsBuilt()) atlas_.Build();
  io.DisplaySize = ImVec2(static_cast<float>(width), static_cast<float>(height));
  io.DisplayFramebufferScale = ImVec2(1, 1);
  io.DeltaTime = 1.0f / 60.0f;
  io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
  // The first call creates the shaders and uploads the font atlas.
  ImGui_ImplOpenGL3_NewFrame();
  deviceReady_ = true;
  ImGui::NewFrame();
  draw();
  ImGui::Render();
  width_ = width;
  height_ = height;
}

void OffscreenImGui::run(const std::function<void()>& fn) {
  ContextScope scope(context_);
  fn();
}

int OffscreenImGui::tileCount() const {
  const int across = (width_ + kExportTile - 1) / kExportTile;
  const int down = (height_ + kExportTile - 1) / kExportTile;
  return across * down;
}

OffscreenImGui::Tile OffscreenImGui::tile(int index) const {
  const int across = std::max(1, (width_ + kExportTile - 1) / kExportTile);
  Tile t;
  t.x = (index % across) * kExportTile;
  t.y = (index / across) * kExportTile;
  t.w = std::min(kExportTile, width_ - t.x);
  t.h = std::min(kExportTile, height_ - t.y);
  return t;
}

void OffscreenImGui::ensureFramebuffer() {
  if (framebuffer_) return;
  glGenTextures(1, &texture_);
  glBindTexture(GL_TEXTURE_2D, texture_);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, kExportTile, kExportTile, 0, GL_RGBA, GL_UNSIGNED_BYTE,
               nullptr);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glGenFramebuffers(1, &framebuffer_);
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, texture_, 0);
  if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
    throw std::runtime_error("this OpenGL driver cannot render into an offscreen framebuffer");
}

void OffscreenImGui::renderTile(int index, Color background, PixelImage& into) {
  ContextScope scope(context_);
  GlStateGuard state;  // the window draws its next frame with the state it left
  ensureFramebuffer();
  if (into.rgba.empty()) {
    into.width = width_;
    into.height = height_;
    into.rgba.assign(static_cast<size_t>(width_) * static_cast<size_t>(height_) * 4, 0);
  }
  const Tile t = tile(index);
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_);
  glViewport(0, 0, t.w, t.h);
  glDisable(GL_SCISSOR_TEST);  // a scissor left on would limit the clear
  glClearColor(unit(background.r), unit(background.g), unit(background.b), unit(background.a));
  glClear(GL_COLOR_BUFFER_BIT);
  ImDrawData part = *ImGui::GetDrawData();
  part.DisplayPos = ImVec2(static_cast<float>(t.x), static_cast<float>(t.y));
  part.DisplaySize = ImVec2(static_cast<float>(t.w), static_cast<float>(t.h));
  part.FramebufferScale = ImVec2(1, 1);
  ImGui_ImplOpenGL3_RenderDrawData(&part);
  std::vector<unsigned char> rows(static_cast<size_t>(t.w) * static_cast<size_t>(t.h) * 4);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, t.w, t.h, GL_RGBA, GL_UNSIGNED_BYTE, rows.data());
  const size_t rowBytes = static_cast<size_t>(t.w) * 4;
  for (int y = 0; y < t.h; ++y) {
    // OpenGL's first row is the bottom one.
    const unsigned char* src = rows.data() + rowBytes * static_cast<size_t>(t.h - 1 - y);
    unsigned char* dst =
        into.rgba.data() +
        (static_cast<size_t>(t.y + y) * static_cast<size_t>(width_) + static_cast<size_t>(t.x)) * 4;
    std::copy_n(src, rowBytes, dst);
    if (background.a < 255)
      for (int x = 0; x < t.w; ++x) unpremultiply(dst + static_cast<size_t>(x) * 4);
  }
}

PixelImage OffscreenImGui::render(Color background) {
  PixelImage image;
  for (int i = 0; i < tileCount(); ++i) renderTile(i, background, image);
  return image;
}

}  // namespace scanviz
