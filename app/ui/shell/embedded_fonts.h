// Fonts compiled into the executable at build time (third_party/EmbedFile.cmake): the text fonts
// every picture uses (app/export), and the window's monospaced font for kernel source.
#pragma once

#include "app/export/embedded_fonts.h"

namespace scanviz::embedded {

extern const unsigned char font_mono[];  // DejaVu Sans Mono, for kernel source
extern const unsigned int font_mono_size;

}  // namespace scanviz::embedded
