// Draws the heat views with the GLSL of shaders/: the space-time grid of a trace (heat_map.h) is
// uploaded once into one RG16UI texture, and each frame draws the requested regions (the current
// step's strip, its write marks, the space-time image) into an offscreen picture for ImGui::Image.
// Stepping, zooming and panning change uniforms only.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "app/core/layouts/color_map.h"
#include "app/core/layouts/heat_map.h"
#include "app/core/layouts/heat_viewport.h"
#include "app/core/support/non_copyable.h"
#include "app/ui/gl/gl_program.h"
#include "app/ui/gl/offscreen_target.h"

namespace scanviz {

// A rectangle of the offscreen picture, in pixels from its top-left corner; empty: not drawn.
struct HeatRegion {
  int x = 0, y = 0, w = 0, h = 0;
  bool empty() const { return w <= 0 || h <= 0; }
  bool operator==(const HeatRegion&) const = default;
};

struct HeatColors {
  Rgb background;
  Rgb noValue;  // elements a row does not have: hatched with...
  Rgb hatch;
  Rgb written;    // written in the step
  Rgb unwritten;  // the write-mark band where nothing was written
  bool operator==(const HeatColors&) const = default;
};

struct HeatDraw {
  int width = 0;  // the offscreen picture, pixels
  int height = 0;
  HeatViewport viewport;
  int step = 0;
  HeatColorBy colorBy = HeatColorBy::Values;
  HeatColors colors;
  HeatRegion strip;
  HeatRegion writes;
  HeatRegion spaceTime;
  bool operator==(const HeatDraw&) const = default;
};

class HeatRenderer : NonCopyable {
 public:
  HeatRenderer() = default;
  ~HeatRenderer();

  // Builds the shaders on first use; false with error() saying why (a driver without GLSL 3.30).
  bool ready();
  const std::string& error() const { return error_; }
  // Texels a texture line should hold on this driver for a grid of `texels` (its textureWidth).
  int textureWidth(size_t texels);

  // The grid of the trace on screen; the texels can be freed afterwards.
  void upload(const HeatGrid& grid);
  bool hasGrid() const { return gridTexture_ != 0; }
  // Levels of the grid's pyramid, and the finest one uploaded: a region that would need a finer
  // one is drawn from that one until the finer levels arrive.
  int levels() const { return static_cast<int>(levelOffsets_.size()); }
  int finestLevel() const { return finestLevel_; }

  // Draws d's regions; returns the picture's texture, 0 when nothing could be drawn. The picture
  // is drawn again only when d or the grid changed: a still frame costs nothing here.
  unsigned draw(const HeatDraw& d);
  // Pictures drawn so far (for the frame report and tests).
  int renders() const { return renders_; }

 private:
  // The kinds of region, in the order of shaders/heat.frag's HEAT_MODE values (MODE_STRIP...).
  enum class Mode { Strip, Writes, SpaceTime, SpaceTimeDense, Count };

  void setUniforms(const GlProgram& p, const HeatDraw& d);
  void drawRegion(const HeatDraw& d, const HeatRegion& r, Mode mode);

  // One program per kind of region, indexed by Mode.
  std::array<GlProgram, static_cast<size_t>(Mode::Count)> programs_;
  OffscreenTarget target_;
  unsigned gridTexture_ = 0;
  unsigned vertexArray_ = 0;
  bool tried_ = false;
  std::optional<HeatDraw> drawn_;  // what the picture shows now
  int renders_ = 0;
  std::string error_;
  int rows_ = 0;
  int columns_ = 0;
  int gridTextureWidth_ = 0;
  int finestLevel_ = 0;
  std::vector<int> levelOffsets_;  // by level; those below finestLevel_ are not in the texture
  std::vector<int> levelColumns_;
};

}  // namespace scanviz
