// Fonts compiled into the executable at build time (third_party/EmbedFile.cmake), so the window
// looks the same on every machine and needs no font files at run time.
#pragma once

namespace scanviz::embedded {

extern const unsigned char font_sans[];  // DejaVu Sans: wide coverage (✓ ✗ … ∞), open shapes
extern const unsigned int font_sans_size;
extern const unsigned char font_sans_bold[];
extern const unsigned int font_sans_bold_size;
extern const unsigned char font_mono[];  // DejaVu Sans Mono, for kernel source
extern const unsigned int font_mono_size;

}  // namespace scanviz::embedded
