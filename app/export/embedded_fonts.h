// The text fonts compiled into scanviz at build time (third_party/EmbedFile.cmake), so that every
// picture looks the same on every machine and needs no font files at run time: the window, the
// SVG writer's metrics and the cairo painter read the same bytes.
#pragma once

namespace scanviz::embedded {

extern const unsigned char font_sans[];  // DejaVu Sans: wide coverage (✓ ✗ … ∞), open shapes
extern const unsigned int font_sans_size;
extern const unsigned char font_sans_bold[];
extern const unsigned int font_sans_bold_size;
extern const unsigned char font_mono[];  // DejaVu Sans Mono: code, in pictures and the window
extern const unsigned int font_mono_size;

}  // namespace scanviz::embedded
