// PNG files of a PixelImage, through stb_image_write, with a pHYs chunk that gives the physical
// size (96 dpi times the scale the picture was drawn at). GUI-free and cairo-free: the window, the
// GUI-less export and the web build encode PNGs with it.
#pragma once

#include <string>

#include "app/export/pixel_image.h"

namespace scanviz {

class OutputFile;

// Writes the PNG through OutputFile: the old file or the whole new one. Throws WriteError naming
// the path and the reason.
void writePng(const PixelImage& image, const std::string& path);
// Encodes the PNG into `out` without committing it (frames that replace their files together).
void encodePng(const PixelImage& image, OutputFile& out);

}  // namespace scanviz
