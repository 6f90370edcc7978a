#include "app/ui/gl/heat_renderer.h"

#include "app/ui/gl/gl_api.h"

#include <algorithm>
#include <cmath>

#include "app/ui/gl/gl_state_guard.h"

namespace scanviz {
namespace {

// Wider lines gain nothing and some drivers cap 2D textures at 8192.
constexpr int kPreferredTextureWidth = 4096;

void setRgb(const GlProgram& p, const char* name, Rgb c) {
  glUniform3f(p.uniform(name), c.r, c.g, c.b);
}

}  // namespace

HeatRenderer::~HeatRenderer() {
  if (!glContextAlive()) return;
  if (gridTexture_) glDeleteTextures(1, &gridTexture_);
  if (vertexArray_) glDeleteVertexArrays(1, &vertexArray_);
}

bool HeatRenderer::ready() {
  if (tried_) return programs_.back().id() != 0;
  tried_ = true;
  for (size_t mode = 0; mode < programs_.size(); ++mode) {
    const std::string define = "#define HEAT_MODE " + std::to_string(mode) + "\n";
    const bool ok = programs_[mode].build(
        {"shaders/heat.vert"},
        {"shaders/colormap.glsl", "shaders/heat_data.glsl", "shaders/heat.frag"}, define);
    if (!ok) {
      error_ = "the heat view's shaders did not build: " + programs_[mode].log();
      return false;
    }
  }
  // Core profile: a vertex array must be bound even though the triangle comes from gl_VertexID.
  glGenVertexArrays(1, &vertexArray_);
  return true;
}

int HeatRenderer::textureWidth(size_t texels) {
  GLint maxSize = 0;
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &maxSize);
  // A power of two: the shader addresses texels with a shift and a mask. Lines wider than the
  // preferred width only when the texture would otherwise be taller than the driver allows
  // (whole-array rows of 2^20 elements over 46 steps are 96M texels).
  int width = 1024;
  while (width * 2 <= std::min(static_cast<int>(maxSize), kPreferredTextureWidth)) width *= 2;
  while (width * 2 <= maxSize &&
         texels / static_cast<size_t>(width) >= static_cast<size_t>(maxSize))
    width *= 2;
  return width;
}

void HeatRenderer::upload(const HeatGrid& grid) {
  if (!ready()) return;
  drawn_.reset();
  GLint maxSize = 0;
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &maxSize);
  if (grid.textureHeight > maxSize) {
    error_ = "this trace has too many recorded values for the heat view (" +
             std::to_string(grid.texelCount()) + " texels with the pyramid)";
    return;
  }
  GlStateGuard guard;
  if (!gridTexture_) glGenTextures(1, &gridTexture_);
  glBindTexture(GL_TEXTURE_2D, gridTexture_);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 2);
  // RG16UI, not RG16: WebGL2 has no normalised 16-bit formats, both have the integer one.
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RG16UI, grid.textureWidth, std::max(1, grid.textureHeight), 0,
               GL_RG_INTEGER, GL_UNSIGNED_SHORT,
               grid.texels.empty() ? nullptr : grid.texels.data());
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  rows_ = grid.rows;
  columns_ = grid.columns;
  gridTextureWidth_ = grid.textureWidth;
  finestLevel_ = grid.finestLevel;
  levelOffsets_.clear();
  levelColumns_.clear();
  // The texture starts at the finest level built.
  const size_t stored = grid.levels.empty() ? 0 : grid.levels[grid.finestLevel].offset;
  for (size_t l = 0; l < grid.levels.size(); ++l) {
    levelOffsets_.push_back(static_cast<int>(grid.levels[l].offset) - static_cast<int>(stored));
    levelColumns_.push_back(grid.levels[l].columns);
  }
}

void HeatRenderer::setUniforms(const GlProgram& p, const HeatDraw& d) {
  const auto& stops = colorMapStops();
  std::vector<float> flat;
  for (const Rgb& s : stops) flat.insert(flat.end(), {s.r, s.g, s.b});
  glUniform3fv(p.uniform("uStops"), static_cast<GLsizei>(stops.size()), flat.data());
  glUniform1i(p.uniform("uGrid"), 0);
  glUniform1i(p.uniform("uLineShift"), static_cast<int>(std::log2(gridTextureWidth_)));
  glUniform1i(p.uniform("uRows"), rows_);
  glUniform1i(p.uniform("uColumns"), columns_);
  glUniform1i(p.uniform("uStep"), d.step);
  glUniform1i(p.uniform("uColorBy"), d.colorBy == HeatColorBy::Writes ? 1 : 0);
  glUniform1f(p.uniform("uFirst"), static_cast<float>(d.viewport.first));
  glUniform1f(p.uniform("uSpan"), static_cast<float>(d.viewport.span));
  setRgb(p, "uBackground", d.colors.background);
  setRgb(p, "uNoValue", d.colors.noValue);
  setRgb(p, "uHatch", d.colors.hatch);
  setRgb(p, "uWrittenColor", d.colors.written);
  setRgb(p, "uUnwrittenColor", d.colors.unwritten);
}

void HeatRenderer::drawRegion(const HeatDraw& d, const HeatRegion& r, Mode mode) {
  if (r.empty()) return;
  // More steps than pixel rows: the image reads several rows a pixel.
  if (mode == Mode::SpaceTime && rows_ > r.h) mode = Mode::SpaceTimeDense;
  const GlProgram& p = programs_[static_cast<size_t>(mode)];
  glUseProgram(p.id());
  setUniforms(p, d);
  // The level whose texels cover about one pixel's worth of elements.
  const int level =
      std::max(finestLevel_, heatLevelFor(elementsPerPixel(d.viewport, r.w), levels()));
  glUniform1i(p.uniform("uLevel"), level);
  glUniform1i(p.uniform("uLevelOffset"), levelOffsets_[static_cast<size_t>(level)]);
  glUniform1i(p.uniform("uLevelColumns"), levelColumns_[static_cast<size_t>(level)]);
  glUniform2f(p.uniform("uRegionSize"), static_cast<float>(r.w), static_cast<float>(r.h));
  // GL counts rows from the bottom; regions from the top.
  glViewport(r.x, d.height - (r.y + r.h), r.w, r.h);
  glDrawArrays(GL_TRIANGLES, 0, 3);
}

unsigned HeatRenderer::draw(const HeatDraw& d) {
  if (!ready() || !gridTexture_ || levelOffsets_.empty() || d.width <= 0 || d.height <= 0) return 0;
  if (drawn_ && *drawn_ == d) return target_.texture();
  GlStateGuard guard;
  if (!target_.resize(d.width, d.height)) {
    error_ = "the heat view's offscreen picture could not be created";
    return 0;
  }
  glBindFramebuffer(GL_FRAMEBUFFER, target_.framebuffer());
  glViewport(0, 0, d.width, d.height);
  glDisable(GL_BLEND);
  glDisable(GL_SCISSOR_TEST);
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_CULL_FACE);
  glClearColor(d.colors.background.r, d.colors.background.g, d.colors.background.b, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glBindVertexArray(vertexArray_);
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, gridTexture_);
  drawRegion(d, d.strip, Mode::Strip);
  drawRegion(d, d.writes, Mode::Writes);
  drawRegion(d, d.spaceTime, Mode::SpaceTime);
  drawn_ = d;
  ++renders_;
  return target_.texture();
}

}  // namespace scanviz
