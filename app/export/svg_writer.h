// A Scene as an SVG document: rectangles, lines and arrows as vector shapes, texts as real <text>
// elements in the named font family (editable and searchable in a slide), colours as the theme
// gave them. Each element carries its scene role as its class ("cell-written", "arrow", ...), so a
// lecturer can restyle a figure with one CSS rule. No ImGui, no fonts, no GL here.
#pragma once

#include <string>

#include "app/scene/scene.h"

namespace scanviz {

struct SvgOptions {
  Color background{0, 0, 0, 0};  // alpha 0: none (transparent)
  // The document's width and height attributes are the scene's size times this; the drawing
  // itself is in the scene's units (viewBox), so it stays sharp at any size.
  float scale = 1;
  std::string title;  // the <title> of the document, for accessibility and file browsers
};

std::string sceneToSvg(const Scene& scene, const SvgOptions& options);

// Text escaped for XML character data and attribute values.
std::string xmlEscape(const std::string& text);

}  // namespace scanviz
