// Widths and baselines of the fonts compiled into scanviz (DejaVu Sans, regular and bold), read
// from their TrueType tables with stb_truetype. Exports lay out their scenes with these metrics,
// so that the SVG (written without fonts or GL) and the PNG (ImGui's fonts rasterised at the
// export scale) come from one layout. No ImGui here.
#pragma once

#include <string>
#include <string_view>

#include "app/scene/array_view_scene.h"

namespace scanviz {

class TextMetrics {
 public:
  // The embedded fonts; built on first use.
  static const TextMetrics& embedded();

  // Sizes are ImGui's: the pixel height from the highest ascender to the lowest descender.
  // Advances are summed without kerning, as ImGui draws them.
  float width(std::string_view text, float size, bool bold) const;
  // From the top of a line (SceneText::y) down to its baseline.
  float ascent(float size, bool bold) const;
  // The CSS font-size (the em) that draws glyphs as large as ImGui's `size`.
  float emSize(float size, bool bold) const;
  // The family SVG files name, with fallbacks for machines without DejaVu.
  static std::string fontFamily();
  // The family of monospaced texts (SceneText::mono), with fallbacks.
  static std::string monoFontFamily();

  MeasureText measure() const;

  struct Face;  // one parsed font (defined in the .cpp: it holds stb_truetype's state)

 private:
  TextMetrics();
  const Face& face(bool bold) const;

  const Face* regular_;
  const Face* bold_;
};

// The Unicode code points of a UTF-8 string; malformed bytes become U+FFFD.
std::u32string decodeUtf8(std::string_view text);

}  // namespace scanviz
