// Text metrics of the embedded fonts: what lays out every exported picture.
#include <gtest/gtest.h>

#include "app/export/text_metrics.h"

namespace scanviz {
namespace {

TEST(TextMetrics, WidthsScaleWithSizeAndBoldIsWider) {
  const TextMetrics& m = TextMetrics::embedded();
  const float w = m.width("step 12", 18, false);
  EXPECT_GT(w, 40);
  EXPECT_LT(w, 90);
  EXPECT_NEAR(m.width("step 12", 36, false), 2 * w, 0.01);
  EXPECT_GT(m.width("step 12", 18, true), w);
  EXPECT_FLOAT_EQ(m.width("", 18, false), 0);
}

TEST(TextMetrics, DigitsShareOneWidth) {
  const TextMetrics& m = TextMetrics::embedded();
  EXPECT_FLOAT_EQ(m.width("0", 32, true), m.width("8", 32, true));
}

TEST(TextMetrics, BaselineAndEmOfDejaVu) {
  const TextMetrics& m = TextMetrics::embedded();
  // DejaVu Sans: ascent 1901 and descent 483 units of a 2048-unit em.
  EXPECT_NEAR(m.ascent(100, false), 100.0 * 1901 / 2384, 0.5);
  EXPECT_NEAR(m.emSize(100, false), 100.0 * 2048 / 2384, 0.5);
}

TEST(TextMetrics, Utf8Decoding) {
  EXPECT_EQ(decodeUtf8("a\xE2\x9C\x93"), std::u32string(U"a\u2713"));
  EXPECT_EQ(decodeUtf8("\xC3\x97"), std::u32string(U"\u00D7"));
  EXPECT_EQ(decodeUtf8("\xE2\x9C"), std::u32string(U"\uFFFD\uFFFD"));
  // Symbols the views use have glyphs: their width is not that of '?'.
  const TextMetrics& m = TextMetrics::embedded();
  EXPECT_NE(m.width("\xE2\x9C\x93", 20, false), m.width("?", 20, false));
}

}  // namespace
}  // namespace scanviz
