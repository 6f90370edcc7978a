#include "app/export/scene_painter.h"

#include <cairo-ft.h>
#include <cairo.h>
#include <ft2build.h>
#include FT_FREETYPE_H

#include <algorithm>
#include <cmath>
#include <optional>
#include <stdexcept>
#include <string>

#include "app/export/arrow_geometry.h"
#include "app/export/embedded_fonts.h"
#include "app/export/text_metrics.h"
#include "app/scene/scene_text.h"

namespace scanviz {
namespace {

// One FreeType face of an embedded font and the cairo face over it. Both live as long as the
// program: every picture of a run uses them, and cairo keeps the face alive in its caches.
struct EmbeddedFace {
  FT_Face ft = nullptr;
  cairo_font_face_t* cairo = nullptr;
};

FT_Library freetype() {
  static FT_Library library = [] {
    FT_Library lib = nullptr;
    if (FT_Init_FreeType(&lib) != 0) throw std::runtime_error("FreeType cannot be started");
    return lib;
  }();
  return library;
}

EmbeddedFace loadFace(const unsigned char* data, unsigned int size) {
  EmbeddedFace f;
  if (FT_New_Memory_Face(freetype(), data, static_cast<FT_Long>(size), 0, &f.ft) != 0)
    throw std::runtime_error("the embedded font cannot be read by FreeType");
  f.cairo = cairo_ft_font_face_create_for_ft_face(f.ft, 0);
  return f;
}

const EmbeddedFace& faceOf(bool bold) {
  static const EmbeddedFace regular = loadFace(embedded::font_sans, embedded::font_sans_size);
  static const EmbeddedFace heavy =
      loadFace(embedded::font_sans_bold, embedded::font_sans_bold_size);
  return bold ? heavy : regular;
}

const EmbeddedFace& monoFace() {
  static const EmbeddedFace mono = loadFace(embedded::font_mono, embedded::font_mono_size);
  return mono;
}

void setColor(cairo_t* cr, Color c) {
  cairo_set_source_rgba(cr, c.r / 255.0, c.g / 255.0, c.b / 255.0, c.a / 255.0);
}

void roundedRect(cairo_t* cr, const SceneRect& r, double radius) {
  if (radius <= 0) {
    cairo_rectangle(cr, r.x, r.y, r.w, r.h);
    return;
  }
  radius = std::min({radius, r.w / 2.0, r.h / 2.0});
  const double x = r.x, y = r.y, w = r.w, h = r.h;
  cairo_new_sub_path(cr);
  cairo_arc(cr, x + w - radius, y + radius, radius, -M_PI / 2, 0);
  cairo_arc(cr, x + w - radius, y + h - radius, radius, 0, M_PI / 2);
  cairo_arc(cr, x + radius, y + h - radius, radius, M_PI / 2, M_PI);
  cairo_arc(cr, x + radius, y + radius, radius, M_PI, 3 * M_PI / 2);
  cairo_close_path(cr);
}

// The renderer's hatching: 45-degree lines `spacing` apart along x, clipped to the rectangle.
void hatch(cairo_t* cr, const SceneRect& r) {
  const float spacing = std::max(6.0f, r.h / 5);
  cairo_save(cr);
  cairo_rectangle(cr, r.x, r.y, r.w, r.h);
  cairo_clip(cr);
  setColor(cr, r.stroke);
  cairo_set_line_width(cr, 1);
  for (float x = r.x - r.h; x < r.x + r.w; x += spacing) {
    cairo_move_to(cr, x, r.y + r.h);
    cairo_line_to(cr, x + r.h, r.y);
  }
  cairo_stroke(cr);
  cairo_restore(cr);
}

void paintRect(cairo_t* cr, const SceneRect& r) {
  // Corners under a pixel cannot be seen (the renderer leaves them out too).
  const double radius = r.rounding < 1.0f ? 0.0 : r.rounding;
  if (r.fill.a > 0) {
    roundedRect(cr, r, radius);
    setColor(cr, r.fill);
    cairo_fill(cr);
  }
  if (r.hatched) hatch(cr, r);
  if (r.stroke.a > 0 && r.strokeWidth > 0) {
    roundedRect(cr, r, radius);
    setColor(cr, r.stroke);
    cairo_set_line_width(cr, r.strokeWidth);
    cairo_stroke(cr);
  }
}

void strokeSegment(cairo_t* cr, const SceneLine& l, double x2, double y2) {
  cairo_move_to(cr, l.x1, l.y1);
  cairo_line_to(cr, x2, y2);
  cairo_set_line_width(cr, l.width);
  if (l.dashed) {  // the screen's dash and gap lengths
    const double dashes[] = {4.0 * l.width + 3, 3.0 * l.width + 2};
    cairo_set_dash(cr, dashes, 2, 0);
  }
  cairo_stroke(cr);
  cairo_set_dash(cr, nullptr, 0, 0);
}

// A dashed arrow (a move) keeps a solid head, as on screen.
void paintLine(cairo_t* cr, const SceneLine& l) {
  setColor(cr, l.color);
  if (!l.arrow) {
    strokeSegment(cr, l, l.x2, l.y2);
    return;
  }
  const std::optional<ArrowHead> h = arrowHeadOf(l);
  if (!h) return;
  strokeSegment(cr, l, h->baseX, h->baseY);
  cairo_move_to(cr, l.x2, l.y2);
  cairo_line_to(cr, h->leftX, h->leftY);
  cairo_line_to(cr, h->rightX, h->rightY);
  cairo_close_path(cr);
  cairo_fill(cr);
}

void appendUtf8(std::string& out, char32_t c) {
  if (c < 0x80) {
    out += static_cast<char>(c);
  } else if (c < 0x800) {
    out += static_cast<char>(0xC0 | (c >> 6));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else if (c < 0x10000) {
    out += static_cast<char>(0xE0 | (c >> 12));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (c >> 18));
    out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  }
}

// The text with every character the face lacks replaced by '?' (and malformed bytes too), so
// that the picture shows what the window shows rather than a missing-glyph box.
std::string drawableText(const std::string& text, FT_Face face) {
  std::string out;
  for (char32_t c : decodeUtf8(text))
    appendUtf8(out, FT_Get_Char_Index(face, static_cast<FT_ULong>(c)) == 0 ? U'?' : c);
  return out;
}

void paintText(cairo_t* cr, const SceneText& t) {
  if (t.text.empty()) return;
  const TextMetrics& m = TextMetrics::embedded();
  const EmbeddedFace& face = t.mono ? monoFace() : faceOf(t.bold);
  cairo_set_font_face(cr, face.cairo);
  cairo_set_font_size(cr, m.emSize(t.size, t.bold));
  float x = t.x;
  if (t.align != TextAlign::Left) {
    const float w = t.mono ? monoTextWidth(t.text, t.size) : m.width(t.text, t.size, t.bold);
    x -= t.align == TextAlign::Center ? 0.5f * w : w;
  }
  // Scene texts are placed by their top; cairo places a baseline.
  cairo_move_to(cr, x, t.y + m.ascent(t.size, t.bold));
  setColor(cr, t.color);
  cairo_show_text(cr, drawableText(t.text, face.ft).c_str());
}

}  // namespace

void paintScene(cairo_t* cr, const Scene& scene) {
  cairo_save(cr);
  // Advances as the layout measured them (unhinted font units), not snapped to device pixels.
  cairo_font_options_t* options = cairo_font_options_create();
  cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
  cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
  cairo_set_font_options(cr, options);
  cairo_font_options_destroy(options);
  cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
  for (const SceneRect& r : scene.rects) paintRect(cr, r);
  for (const SceneLine& l : scene.lines) paintLine(cr, l);
  for (const SceneText& t : scene.texts) paintText(cr, t);
  cairo_restore(cr);
}

}  // namespace scanviz
