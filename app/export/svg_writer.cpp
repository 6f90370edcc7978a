#include "app/export/svg_writer.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <sstream>

#include "app/export/arrow_geometry.h"
#include "app/export/text_metrics.h"

namespace scanviz {
namespace {

// Numbers with at most two decimals and no trailing zeros: small files, exact enough for pixels.
std::string num(float v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", static_cast<double>(v));
  std::string s = buf;
  while (!s.empty() && s.back() == '0') s.pop_back();
  if (!s.empty() && s.back() == '.') s.pop_back();
  return s == "-0" ? "0" : s;
}

std::string rgbHex(Color c) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "#%02x%02x%02x", c.r, c.g, c.b);
  return buf;
}

// fill="..." or stroke="..." with the opacity attribute only when not opaque (SVG 1.1 viewers
// do not read #rrggbbaa).
std::string paint(const char* what, Color c) {
  if (c.a == 0) return std::string(" ") + what + "=\"none\"";
  std::string s = std::string(" ") + what + "=\"" + rgbHex(c) + "\"";
  if (c.a < 255) s += std::string(" ") + what + "-opacity=\"" + num(c.a / 255.0f) + "\"";
  return s;
}

std::string classOf(const std::string& role, int index) {
  std::string s;
  if (!role.empty()) s += " class=\"" + xmlEscape(role) + "\"";
  if (index >= 0) s += " data-index=\"" + std::to_string(index) + "\"";
  return s;
}

// Hatching (padding cells) as one pattern per colour and spacing, the spacing the screen uses.
class Patterns {
 public:
  std::string idFor(Color c, float spacing) {
    const std::string key = rgbHex(c) + "/" + num(spacing);
    auto it = ids_.find(key);
    if (it != ids_.end()) return it->second;
    const std::string id = "hatch" + std::to_string(ids_.size());
    ids_[key] = id;
    defs_ << "<pattern id=\"" << id << "\" patternUnits=\"userSpaceOnUse\" width=\"" << num(spacing)
          << "\" height=\"" << num(spacing)
          << "\" patternTransform=\"rotate(45)\"><line x1=\"0\" y1=\"0\" x2=\"0\" y2=\""
          << num(spacing) << "\"" << paint("stroke", c) << " stroke-width=\"1\"/></pattern>\n";
    return id;
  }
  std::string defs() const { return defs_.str(); }

 private:
  std::map<std::string, std::string> ids_;
  std::ostringstream defs_;
};

void writeRect(std::ostream& out, const SceneRect& r, Patterns& patterns) {
  const std::string geometry = " x=\"" + num(r.x) + "\" y=\"" + num(r.y) + "\" width=\"" +
                               num(r.w) + "\" height=\"" + num(r.h) + "\"" +
                               (r.rounding > 0 ? " rx=\"" + num(r.rounding) + "\"" : "");
  out << "<rect" << classOf(r.role, r.index) << geometry << paint("fill", r.fill);
  if (r.stroke.a > 0 && r.strokeWidth > 0 && !r.hatched)
    out << paint("stroke", r.stroke) << " stroke-width=\"" << num(r.strokeWidth) << "\"";
  out << "/>\n";
  if (!r.hatched) return;
  // The hatching and the outline over the fill, as the renderer draws them.
  // The renderer spaces its 45-degree lines `spacing` apart along x: 1/sqrt(2) of that across.
  const std::string id = patterns.idFor(r.stroke, std::max(6.0f, r.h / 5) * 0.70711f);
  out << "<rect class=\"hatching\"" << geometry << " fill=\"url(#" << id << ")\"";
  if (r.strokeWidth > 0)
    out << paint("stroke", r.stroke) << " stroke-width=\"" << num(r.strokeWidth) << "\"";
  out << "/>\n";
}

// The screen's dash and gap lengths; empty for a solid line.
std::string dashArray(const SceneLine& l) {
  if (!l.dashed) return {};
  return " stroke-dasharray=\"" + num(4 * l.width + 3) + " " + num(3 * l.width + 2) + "\"";
}

void writeArrow(std::ostream& out, const SceneLine& l) {
  const std::optional<ArrowHead> h = arrowHeadOf(l);
  if (!h) return;
  out << "<g" << classOf(l.role, l.index) << ">";
  out << "<line x1=\"" << num(l.x1) << "\" y1=\"" << num(l.y1) << "\" x2=\"" << num(h->baseX)
      << "\" y2=\"" << num(h->baseY) << "\"" << paint("stroke", l.color) << " stroke-width=\""
      << num(l.width) << "\"" << dashArray(l) << "/>";
  out << "<polygon points=\"" << num(l.x2) << "," << num(l.y2) << " " << num(h->leftX) << ","
      << num(h->leftY) << " " << num(h->rightX) << "," << num(h->rightY) << "\""
      << paint("fill", l.color) << "/></g>\n";
}

void writeLine(std::ostream& out, const SceneLine& l) {
  if (l.arrow) {  // a dashed arrow (a move) keeps a solid head, as on screen
    writeArrow(out, l);
    return;
  }
  out << "<line" << classOf(l.role, l.index) << " x1=\"" << num(l.x1) << "\" y1=\"" << num(l.y1)
      << "\" x2=\"" << num(l.x2) << "\" y2=\"" << num(l.y2) << "\"" << paint("stroke", l.color)
      << " stroke-width=\"" << num(l.width) << "\"" << dashArray(l) << "/>\n";
}

const char* anchorOf(TextAlign a) {
  return a == TextAlign::Left ? "start" : a == TextAlign::Center ? "middle" : "end";
}

void writeText(std::ostream& out, const SceneText& t) {
  if (t.text.empty()) return;
  const TextMetrics& m = TextMetrics::embedded();
  // Scene texts are placed by their top; SVG places a baseline.
  out << "<text" << classOf(t.role, t.index) << " x=\"" << num(t.x) << "\" y=\""
      << num(t.y + m.ascent(t.size, t.bold)) << "\" font-size=\"" << num(m.emSize(t.size, t.bold))
      << "\"";
  if (t.bold) out << " font-weight=\"bold\"";
  if (t.mono) out << " font-family=\"" << xmlEscape(TextMetrics::monoFontFamily()) << "\"";
  if (t.align != TextAlign::Left) out << " text-anchor=\"" << anchorOf(t.align) << "\"";
  out << paint("fill", t.color) << ">" << xmlEscape(t.text) << "</text>\n";
}

}  // namespace

std::string xmlEscape(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      default:
        // Control characters are not allowed in XML 1.0 (except tab and newlines).
        if (static_cast<unsigned char>(c) >= 0x20 || c == '\t' || c == '\n' || c == '\r') out += c;
    }
  }
  return out;
}

std::string sceneToSvg(const Scene& scene, const SvgOptions& options) {
  std::ostringstream body;
  Patterns patterns;
  if (options.background.a > 0)
    body << "<rect class=\"background\" x=\"0\" y=\"0\" width=\"" << num(scene.width)
         << "\" height=\"" << num(scene.height) << "\"" << paint("fill", options.background)
         << "/>\n";
  // The renderer's order: rectangles, then lines and arrows over them, then text on top.
  for (const SceneRect& r : scene.rects) writeRect(body, r, patterns);
  for (const SceneLine& l : scene.lines) writeLine(body, l);
  // Spaces are kept as the scene has them ("Step 3  ·  stride 4"); SVG collapses them otherwise.
  body << "<g font-family=\"" << xmlEscape(TextMetrics::fontFamily())
       << "\" xml:space=\"preserve\">\n";
  for (const SceneText& t : scene.texts) writeText(body, t);
  body << "</g>\n";

  std::ostringstream doc;
  doc << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      << "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\""
      << num(scene.width * options.scale) << "\" height=\"" << num(scene.height * options.scale)
      << "\" viewBox=\"0 0 " << num(scene.width) << " " << num(scene.height) << "\">\n";
  if (!options.title.empty()) doc << "<title>" << xmlEscape(options.title) << "</title>\n";
  const std::string defs = patterns.defs();
  if (!defs.empty()) doc << "<defs>\n" << defs << "</defs>\n";
  doc << body.str() << "</svg>\n";
  return doc.str();
}

}  // namespace scanviz
