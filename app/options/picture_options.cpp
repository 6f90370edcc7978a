#include "app/options/picture_options.h"

namespace scanviz {

const OptionSection& pixelScaleOldSpellingSection() {
  static const OptionSection k = {"Old spellings (still accepted)",
                                  {{"scale", "S", "", "The old name of --pixel-scale."}}};
  return k;
}

int readPixelScale(const Args& a) {
  return static_cast<int>(a.getInt(a.spelling("pixel-scale", "scale"), 1, 1, 4));
}

}  // namespace scanviz
