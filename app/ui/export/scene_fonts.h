// The fonts a scene needs, rasterised at exactly the sizes its texts have (at the export scale),
// so that a 4x picture has glyphs drawn for 4x rather than stretched ones. Only the characters the
// scene uses are rasterised, which keeps even a 4x atlas small.
#pragma once

#include <imgui.h>

#include <set>
#include <utility>
#include <vector>

#include "app/scene/scene.h"
#include "app/ui/shell/fonts.h"

namespace scanviz {

struct FontNeeds {
  std::set<std::pair<int, bool>> sizes;  // (step of kFontSizeGrid, bold)
  int monoStep = -1;  // the largest monospaced text's step; -1: none (one mono font, scaled down)
  std::set<ImWchar> glyphs;

  bool covers(const FontNeeds& other) const;
  void merge(const FontNeeds& other);
};

// What the texts of `scene` need (sizes are taken as they are: scale the scene first).
FontNeeds fontNeeds(const Scene& scene);

// The loaded fonts of one atlas built for some needs. `ranges` must outlive the atlas build, so
// it lives here with the set.
struct SceneFonts {
  FontNeeds needs;
  FontSet set;
  ImVector<ImWchar> ranges;
};

// Clears `atlas` and adds a font for every size of `needs`; the caller uploads the atlas.
void buildSceneFonts(ImFontAtlas& atlas, const FontNeeds& needs, SceneFonts& out);

// Sizes are rounded up to a geometric grid of 1.5 % steps: texts a hair apart share a font.
constexpr float kFontSizeGrid = 1.015f;

}  // namespace scanviz
