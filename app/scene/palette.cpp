#include "app/scene/palette.h"

namespace scanviz {
namespace {

ViewPalette darkBase() {
  ViewPalette p;
  p.background = rgb(0x181a1f);
  p.text = rgb(0xf2f3f5);
  p.textDim = rgb(0xa9afb8);
  p.cellFill = rgb(0x2b3038);
  p.cellStroke = rgb(0x6b7480);
  p.beforeFill = rgb(0x22262d);
  p.beforeText = rgb(0xc3c8cf);
  p.writtenText = rgb(0x111111);
  p.ownArrow = rgb(0x8a929c);
  p.threadWaiting = rgb(0xc3c8cf);
  p.threadDone = rgb(0x4a505a);
  p.warpLine = rgb(0x8a929c);
  p.blockLine = rgb(0xe8e8e8);
  p.paddingFill = rgb(0x202329);
  p.paddingHatch = rgb(0x555c66);
  p.bannerFill = rgb(0x8f1d1d);
  p.bannerText = rgb(0xffffff);
  return p;
}

ViewPalette lightBase() {
  ViewPalette p;
  p.background = rgb(0xffffff);
  p.text = rgb(0x111111);
  p.textDim = rgb(0x4a4f57);
  p.cellFill = rgb(0xffffff);
  p.cellStroke = rgb(0x30343a);
  p.beforeFill = rgb(0xf1f2f4);
  p.beforeText = rgb(0x30343a);
  p.writtenText = rgb(0x111111);
  p.ownArrow = rgb(0x7b818a);
  p.threadWaiting = rgb(0x30343a);
  p.threadDone = rgb(0xc4c8ce);
  p.warpLine = rgb(0x6b7079);
  p.blockLine = rgb(0x111111);
  p.paddingFill = rgb(0xeceef1);
  p.paddingHatch = rgb(0xa4a9b1);
  p.bannerFill = rgb(0xfde3e1);
  p.bannerText = rgb(0x7a0b0b);
  return p;
}

// Okabe & Ito (2008): orange, sky blue, bluish green, blue, vermillion.
void okabeIto(ViewPalette& p, bool dark) {
  p.writtenFill = rgb(0xe69f00);
  p.sourceStroke = dark ? rgb(0x56b4e9) : rgb(0x0072b2);
  p.arrow = dark ? rgb(0x56b4e9) : rgb(0x0072b2);
  p.threadActive = rgb(0x009e73);
  p.pass = rgb(0x009e73);
  p.fail = rgb(0xd55e00);
  p.accent = dark ? rgb(0x56b4e9) : rgb(0x0072b2);
}

void classic(ViewPalette& p, bool dark) {
  p.writtenFill = dark ? rgb(0xffc23d) : rgb(0xffb000);
  p.sourceStroke = dark ? rgb(0x5aa9ff) : rgb(0x1f6fd1);
  p.arrow = dark ? rgb(0x5aa9ff) : rgb(0x1f6fd1);
  p.threadActive = dark ? rgb(0x3ddc84) : rgb(0x16a34a);
  p.pass = dark ? rgb(0x3ddc84) : rgb(0x15803d);
  p.fail = dark ? rgb(0xff5c5c) : rgb(0xc81e1e);
  p.accent = dark ? rgb(0x5aa9ff) : rgb(0x1f6fd1);
}

}  // namespace

ViewPalette viewPalette(Theme theme, Palette palette) {
  const bool dark = theme == Theme::Dark;
  ViewPalette p = dark ? darkBase() : lightBase();
  if (palette == Palette::OkabeIto) {
    okabeIto(p, dark);
  } else {
    classic(p, dark);
  }
  return p;
}

}  // namespace scanviz
