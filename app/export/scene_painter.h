// A Scene painted with cairo: the one walk of its rectangles, lines, arrows and texts onto a
// cairo_t, with the fonts the window uses (the embedded DejaVu TTFs through cairo-ft), in the
// screen renderer's order and proportions (rectangles, then lines and arrows over them, then text
// on top; hatching, dashes and arrowheads as app/ui/widgets/scene_renderer.cpp draws them).
// Whatever surface the caller made decides the output: an image surface gives pixels
// (cairo_raster.h), a PDF surface vector pages with the text kept as text and the fonts embedded
// (scene_pdf.h), an SVG surface an SVG. The only file besides those two that includes cairo.
#pragma once

#include "app/scene/scene.h"

typedef struct _cairo cairo_t;  // NOLINT: cairo's own declaration, so callers need not include it

namespace scanviz {

// Paints `scene` in its logical pixels under the caller's transformation (scale, offset and clip
// are the caller's); fills nothing behind it. Texts are placed with TextMetrics, as the scenes
// were laid out, and a character the fonts lack is drawn as '?', as ImGui draws it.
void paintScene(cairo_t* cr, const Scene& scene);

}  // namespace scanviz
