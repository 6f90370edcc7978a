#include "app/scene/palette.h"

namespace scanviz {
namespace {

// The colours both palettes share, one row a colour: dark theme, light theme.
struct BaseColor {
  Color ViewPalette::*field;
  uint32_t dark, light;
};
constexpr BaseColor kBaseColors[] = {
    {&ViewPalette::background, 0x181a1f, 0xffffff},
    {&ViewPalette::text, 0xf2f3f5, 0x111111},
    {&ViewPalette::textDim, 0xa9afb8, 0x4a4f57},
    {&ViewPalette::cellFill, 0x2b3038, 0xffffff},
    {&ViewPalette::cellStroke, 0x6b7480, 0x30343a},
    {&ViewPalette::beforeFill, 0x22262d, 0xf1f2f4},
    {&ViewPalette::beforeText, 0xc3c8cf, 0x30343a},
    {&ViewPalette::writtenText, 0x111111, 0x111111},
    {&ViewPalette::ownArrow, 0x8a929c, 0x7b818a},
    {&ViewPalette::threadWaiting, 0xc3c8cf, 0x30343a},
    {&ViewPalette::threadDone, 0x4a505a, 0xc4c8ce},
    {&ViewPalette::warpLine, 0x8a929c, 0x6b7079},
    {&ViewPalette::blockLine, 0xe8e8e8, 0x111111},
    {&ViewPalette::paddingFill, 0x202329, 0xeceef1},
    {&ViewPalette::paddingHatch, 0x555c66, 0xa4a9b1},
    {&ViewPalette::bannerFill, 0x8f1d1d, 0xfde3e1},
    {&ViewPalette::bannerText, 0xffffff, 0x7a0b0b},
};

// The colours that mark what a step does, one row a colour: in the Okabe & Ito (2008) palette
// (orange, sky blue, bluish green, blue, vermillion, reddish purple; distinguishable with the
// common colour-vision deficiencies) and in the classic one, each for the dark theme, then the
// light one.
struct MarkColor {
  Color ViewPalette::*field;
  uint32_t okabeItoDark, okabeItoLight, classicDark, classicLight;
};
constexpr MarkColor kMarkColors[] = {
    {&ViewPalette::writtenFill, 0xe69f00, 0xe69f00, 0xffc23d, 0xffb000},
    {&ViewPalette::sourceStroke, 0x56b4e9, 0x0072b2, 0x5aa9ff, 0x1f6fd1},
    {&ViewPalette::arrow, 0x56b4e9, 0x0072b2, 0x5aa9ff, 0x1f6fd1},
    {&ViewPalette::threadActive, 0x009e73, 0x009e73, 0x3ddc84, 0x16a34a},
    {&ViewPalette::pass, 0x009e73, 0x009e73, 0x3ddc84, 0x15803d},
    {&ViewPalette::fail, 0xd55e00, 0xd55e00, 0xff5c5c, 0xc81e1e},
    {&ViewPalette::accent, 0x56b4e9, 0x0072b2, 0x5aa9ff, 0x1f6fd1},
    {&ViewPalette::askedStroke, 0xcc79a7, 0xa8437d, 0xff6ee6, 0xb4179f},
};

}  // namespace

ViewPalette viewPalette(Theme theme, Palette palette) {
  const bool dark = theme == Theme::Dark;
  const bool okabeIto = palette == Palette::OkabeIto;
  ViewPalette p;
  for (const BaseColor& c : kBaseColors) p.*c.field = rgb(dark ? c.dark : c.light);
  for (const MarkColor& c : kMarkColors) {
    const uint32_t hex = okabeIto ? (dark ? c.okabeItoDark : c.okabeItoLight)
                                  : (dark ? c.classicDark : c.classicLight);
    p.*c.field = rgb(hex);
  }
  return p;
}

}  // namespace scanviz
