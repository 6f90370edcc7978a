// The pixels per point of the PNG and GIF pictures that export and quiz draw: --pixel-scale, and
// --scale, its old spelling, still accepted (the window's magnification is --ui-scale, so that
// each name has one meaning).
#pragma once

#include "app/core/support/command_help.h"
#include "app/options/args.h"

namespace scanviz {

const OptionSection& pixelScaleOldSpellingSection();

// The --pixel-scale (or --scale) given, 1 to 4; 1 when neither is. Both at once are refused.
int readPixelScale(const Args& a);

}  // namespace scanviz
