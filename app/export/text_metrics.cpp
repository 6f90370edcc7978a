#include "app/export/text_metrics.h"

#include <stb/stb_truetype.h>

#include <memory>
#include <stdexcept>
#include <unordered_map>

#include "app/export/embedded_fonts.h"

namespace scanviz {

struct TextMetrics::Face {
  stbtt_fontinfo info{};
  float heightUnits = 1;  // ascent - descent, in font units
  float ascentUnits = 0;
  float emUnits = 1;
  // Advances in font units, looked up once per code point: titles and labels repeat characters.
  mutable std::unordered_map<char32_t, float> advances;

  explicit Face(const unsigned char* data) {
    if (!stbtt_InitFont(&info, data, stbtt_GetFontOffsetForIndex(data, 0)))
      throw std::runtime_error("the embedded font cannot be read");
    int ascent = 0, descent = 0, gap = 0;
    stbtt_GetFontVMetrics(&info, &ascent, &descent, &gap);
    heightUnits = static_cast<float>(ascent - descent);
    ascentUnits = static_cast<float>(ascent);
    // ScaleForMappingEmToPixels(1) is 1 / unitsPerEm.
    emUnits = 1.0f / stbtt_ScaleForMappingEmToPixels(&info, 1.0f);
  }

  float advance(char32_t c) const {
    const auto it = advances.find(c);
    if (it != advances.end()) return it->second;
    int glyph = stbtt_FindGlyphIndex(&info, static_cast<int>(c));
    // ImGui draws a missing glyph as '?'.
    if (glyph == 0) glyph = stbtt_FindGlyphIndex(&info, '?');
    int adv = 0, lsb = 0;
    stbtt_GetGlyphHMetrics(&info, glyph, &adv, &lsb);
    return advances[c] = static_cast<float>(adv);
  }
};

std::u32string decodeUtf8(std::string_view text) {
  std::u32string out;
  for (size_t i = 0; i < text.size();) {
    const auto b = static_cast<unsigned char>(text[i]);
    const int extra = b < 0x80         ? 0
                      : (b >> 5) == 6  ? 1
                      : (b >> 4) == 14 ? 2
                      : (b >> 3) == 30 ? 3
                                       : -1;
    if (extra < 0 || i + static_cast<size_t>(extra) >= text.size()) {
      out.push_back(0xFFFD);
      ++i;
      continue;
    }
    char32_t c = extra == 0 ? b : b & (0x3F >> extra);
    bool ok = true;
    for (int k = 1; k <= extra; ++k) {
      const auto cont = static_cast<unsigned char>(text[i + static_cast<size_t>(k)]);
      ok = ok && (cont & 0xC0) == 0x80;
      c = (c << 6) | (cont & 0x3F);
    }
    out.push_back(ok ? c : 0xFFFD);
    i += ok ? static_cast<size_t>(extra) + 1 : 1;
  }
  return out;
}

TextMetrics::TextMetrics()
    // The faces live as long as the program: the metrics are a process-wide table.
    : regular_(new Face(embedded::font_sans)), bold_(new Face(embedded::font_sans_bold)) {}

const TextMetrics& TextMetrics::embedded() {
  static const TextMetrics metrics;
  return metrics;
}

const TextMetrics::Face& TextMetrics::face(bool bold) const {
  return bold ? *bold_ : *regular_;
}

float TextMetrics::width(std::string_view text, float size, bool bold) const {
  const Face& f = face(bold);
  float units = 0;
  for (char32_t c : decodeUtf8(text)) units += f.advance(c);
  return units * size / f.heightUnits;
}

float TextMetrics::ascent(float size, bool bold) const {
  const Face& f = face(bold);
  return f.ascentUnits * size / f.heightUnits;
}

float TextMetrics::emSize(float size, bool bold) const {
  const Face& f = face(bold);
  return size * f.emUnits / f.heightUnits;
}

std::string TextMetrics::fontFamily() {
  return "'DejaVu Sans', Verdana, 'Bitstream Vera Sans', sans-serif";
}

std::string TextMetrics::monoFontFamily() {
  return "'DejaVu Sans Mono', 'Bitstream Vera Sans Mono', monospace";
}

MeasureText TextMetrics::measure() const {
  return [this](std::string_view text, float size, bool bold) { return width(text, size, bold); };
}

}  // namespace scanviz
