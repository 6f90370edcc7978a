#include "app/ui/export/scene_fonts.h"

#include <algorithm>
#include <cmath>

#include "app/export/embedded_fonts.h"
#include "app/export/text_metrics.h"

namespace scanviz {
namespace {

// Glyphs larger than this are drawn scaled up from this size: beyond it the atlas grows fast and
// the eye no longer sees the difference.
constexpr float kMaxRasterPixels = 400;

int gridStep(float pixels) {
  return static_cast<int>(std::ceil(std::log(std::max(pixels, 1.0f)) / std::log(kFontSizeGrid)));
}

float gridPixels(int step) {
  return std::pow(kFontSizeGrid, static_cast<float>(step));
}

ImFont* addFace(ImFontAtlas& atlas, const unsigned char* data, unsigned int size, float pixels,
                const ImWchar* ranges) {
  ImFontConfig cfg;
  cfg.FontDataOwnedByAtlas = false;  // static data, the atlas must not free it
  cfg.OversampleH = pixels > 28 ? 1 : 3;
  cfg.OversampleV = 1;
  // No snapping: advances stay as the metrics that laid the scene out say.
  cfg.PixelSnapH = false;
  return atlas.AddFontFromMemoryTTF(const_cast<unsigned char*>(data), static_cast<int>(size),
                                    std::min(pixels, kMaxRasterPixels), &cfg, ranges);
}

ImFont* addFont(ImFontAtlas& atlas, bool bold, float pixels, const ImWchar* ranges) {
  return bold ? addFace(atlas, embedded::font_sans_bold, embedded::font_sans_bold_size, pixels,
                        ranges)
              : addFace(atlas, embedded::font_sans, embedded::font_sans_size, pixels, ranges);
}

}  // namespace

bool FontNeeds::covers(const FontNeeds& other) const {
  return other.monoStep <= monoStep &&
         std::includes(sizes.begin(), sizes.end(), other.sizes.begin(), other.sizes.end()) &&
         std::includes(glyphs.begin(), glyphs.end(), other.glyphs.begin(), other.glyphs.end());
}

void FontNeeds::merge(const FontNeeds& other) {
  sizes.insert(other.sizes.begin(), other.sizes.end());
  monoStep = std::max(monoStep, other.monoStep);
  glyphs.insert(other.glyphs.begin(), other.glyphs.end());
}

FontNeeds fontNeeds(const Scene& scene) {
  FontNeeds n;
  n.glyphs.insert('?');  // ImGui's stand-in for a missing glyph
  for (const SceneText& t : scene.texts) {
    if (t.text.empty()) continue;
    if (t.mono)
      n.monoStep = std::max(n.monoStep, gridStep(t.size));
    else
      n.sizes.insert({gridStep(t.size), t.bold});
    for (char32_t c : decodeUtf8(t.text))
      if (c <= 0xFFFF) n.glyphs.insert(static_cast<ImWchar>(c));
  }
  return n;
}

void buildSceneFonts(ImFontAtlas& atlas, const FontNeeds& needs, SceneFonts& out) {
  atlas.Clear();
  out = SceneFonts{};
  out.needs = needs;
  ImFontGlyphRangesBuilder builder;
  for (ImWchar c : needs.glyphs) builder.AddChar(c);
  builder.BuildRanges(&out.ranges);
  // ImGui needs a default font even when the scene has no text.
  if (needs.sizes.empty()) out.set.regular.push_back(addFont(atlas, false, 16, out.ranges.Data));
  for (const auto& [step, bold] : needs.sizes)
    (bold ? out.set.bold : out.set.regular)
        .push_back(addFont(atlas, bold, gridPixels(step), out.ranges.Data));
  // FontSet::nearest walks each list in ascending size; the set is ordered by step already.
  out.set.body = out.set.regular.empty() ? out.set.bold.front() : out.set.regular.front();
  out.set.bodyBold = out.set.bold.empty() ? out.set.body : out.set.bold.front();
  if (needs.monoStep >= 0)
    out.set.mono = addFace(atlas, embedded::font_mono, embedded::font_mono_size,
                           gridPixels(needs.monoStep), out.ranges.Data);
  atlas.Build();
}

}  // namespace scanviz
