// Default names of exported files, the options' words and checks: what the dialog and the command
// line both rely on.
#include <gtest/gtest.h>

#include <stdexcept>

#include "app/export/export_naming.h"
#include "app/export/export_options.h"

namespace scanviz {
namespace {

TraceMeta brentKung8() {
  TraceMeta m;
  m.algorithm = "brent-kung";
  m.n = 8;
  return m;
}

ExportOptions options(ExportFormat f, int first, int last, int scale = 1) {
  ExportOptions o;
  o.format = f;
  o.steps = {first, last};
  o.scale = scale;
  return o;
}

TEST(ExportNames, OneStepPngNamesAlgorithmSizeStepAndScale) {
  EXPECT_EQ(defaultExportName(brentKung8(), options(ExportFormat::Png, 3, 3, 2)),
            "brent-kung_n8_step3@2x.png");
  EXPECT_EQ(defaultExportName(brentKung8(), options(ExportFormat::Png, 3, 3, 1)),
            "brent-kung_n8_step3.png");
}

TEST(ExportNames, SvgIsVectorSoItsNameHasNoScale) {
  EXPECT_EQ(defaultExportName(brentKung8(), options(ExportFormat::Svg, 0, 5, 4)),
            "brent-kung_n8_steps0-5.svg");
}

TEST(ExportNames, PdfIsVectorSoItsNameHasNoScale) {
  EXPECT_EQ(defaultExportName(brentKung8(), options(ExportFormat::Pdf, 0, 5, 2)),
            "brent-kung_n8_steps0-5.pdf");
  EXPECT_EQ(formatFromPath("slides/Lecture.PDF"), ExportFormat::Pdf);
  EXPECT_EQ(withExtension("lecture", ExportFormat::Pdf), "lecture.pdf");
}

TEST(ExportNames, GifSequenceAndWindow) {
  EXPECT_EQ(defaultExportName(brentKung8(), options(ExportFormat::Gif, 0, 5, 2)),
            "brent-kung_n8_steps0-5@2x.gif");
  EXPECT_EQ(defaultExportName(brentKung8(), options(ExportFormat::PngSequence, 0, 5, 2)),
            "brent-kung_n8_frames@2x");
  ExportOptions w = options(ExportFormat::Png, 2, 2, 4);
  w.panel = ExportPanel::Window;
  EXPECT_EQ(defaultExportName(brentKung8(), w), "brent-kung_n8_step2_window@4x.png");
}

TEST(ExportNames, SequenceFramesAreZeroPaddedToSortInOrder) {
  const ExportOptions o = options(ExportFormat::PngSequence, 0, 12, 1);
  EXPECT_EQ(sequenceFrameName(brentKung8(), o, 3), "brent-kung_n8_step03.png");
  EXPECT_EQ(sequenceFrameName(brentKung8(), o, 12), "brent-kung_n8_step12.png");
}

TEST(ExportNames, UnsafeAlgorithmNamesAreMadeSafe) {
  TraceMeta m = brentKung8();
  m.algorithm = "my scan/v2";
  EXPECT_EQ(defaultExportName(m, options(ExportFormat::Svg, 1, 1)), "my-scan-v2_n8_step1.svg");
}

TEST(ExportNames, ExtensionAddedOnlyWhenMissing) {
  EXPECT_EQ(withExtension("slide", ExportFormat::Png), "slide.png");
  EXPECT_EQ(withExtension("slide.PNG", ExportFormat::Png), "slide.PNG");
  EXPECT_EQ(withExtension("frames", ExportFormat::PngSequence), "frames");
  EXPECT_EQ(formatFromPath("a/b/c.svg"), ExportFormat::Svg);
  EXPECT_EQ(formatFromPath("a.b/c"), std::nullopt);
}

TEST(ExportOptionsWords, RoundTrip) {
  for (ExportFormat f : {ExportFormat::Png, ExportFormat::Svg, ExportFormat::Gif,
                         ExportFormat::PngSequence, ExportFormat::Pdf})
    EXPECT_EQ(valueOf(kExportFormatKeys, keyOf(kExportFormatKeys, f)), f);
  for (ExportBackground b :
       {ExportBackground::Theme, ExportBackground::White, ExportBackground::Transparent})
    EXPECT_EQ(valueOf(kExportBackgroundKeys, keyOf(kExportBackgroundKeys, b)), b);
  EXPECT_EQ(valueOf(kExportPanelKeys, "window"), ExportPanel::Window);
  EXPECT_EQ(valueOf(kExportFormatKeys, "jpeg"), std::nullopt);
}

TEST(ExportOptionsChecks, StepsScaleAndWindowRules) {
  EXPECT_EQ(exportProblem(options(ExportFormat::Png, 0, 3), 4), "");
  EXPECT_NE(exportProblem(options(ExportFormat::Png, 0, 4), 4).find("not inside this trace"),
            std::string::npos);
  EXPECT_NE(exportProblem(options(ExportFormat::Png, 1, 1, 3), 4).find("not 1, 2 or 4"),
            std::string::npos);
  ExportOptions svgWindow = options(ExportFormat::Svg, 1, 1);
  svgWindow.panel = ExportPanel::Window;
  EXPECT_NE(exportProblem(svgWindow, 4).find("PNG only"), std::string::npos);
  ExportOptions windowStrip = options(ExportFormat::Png, 0, 2);
  windowStrip.panel = ExportPanel::Window;
  EXPECT_NE(exportProblem(windowStrip, 4).find("one step"), std::string::npos);
  EXPECT_NE(exportProblem(options(ExportFormat::Png, 0, 0), 0).find("no lesson"),
            std::string::npos);
}

// A PDF is pages: a step a page of the array view or of a figure, the one page of a single-scene
// panel; never the whole window (ImGui widgets, not a scene).
TEST(ExportOptionsChecks, PdfPages) {
  EXPECT_EQ(exportProblem(options(ExportFormat::Pdf, 0, 3), 4), "");
  ExportOptions figure = options(ExportFormat::Pdf, 0, 3);
  figure.panel = ExportPanel::Figure;
  EXPECT_EQ(exportProblem(figure, 4), "");
  figure.format = ExportFormat::Png;
  EXPECT_NE(exportProblem(figure, 4).find("GIF or PDF"), std::string::npos);
  ExportOptions counters = options(ExportFormat::Pdf, 2, 2);
  counters.panel = ExportPanel::Counters;
  EXPECT_EQ(exportProblem(counters, 4), "");
  counters.steps = {0, 3};
  EXPECT_NE(exportProblem(counters, 4).find("one picture"), std::string::npos);
  ExportOptions window = options(ExportFormat::Pdf, 1, 1);
  window.panel = ExportPanel::Window;
  EXPECT_NE(exportProblem(window, 4).find("PNG only"), std::string::npos);
  EXPECT_FALSE(isFilmstrip(options(ExportFormat::Pdf, 0, 3)));
  EXPECT_FALSE(isAnimation(options(ExportFormat::Pdf, 0, 3)));
}

TEST(ExportOptionsChecks, FilmstripAndAnimation) {
  EXPECT_TRUE(isFilmstrip(options(ExportFormat::Svg, 0, 2)));
  EXPECT_FALSE(isFilmstrip(options(ExportFormat::Svg, 2, 2)));
  EXPECT_FALSE(isFilmstrip(options(ExportFormat::Gif, 0, 2)));
  EXPECT_TRUE(isAnimation(options(ExportFormat::PngSequence, 0, 0)));
}

TEST(ExportOptionsChecks, StepRangeText) {
  EXPECT_EQ(parseStepRange("all", 6).first, 0);
  EXPECT_EQ(parseStepRange("all", 6).last, 5);
  EXPECT_EQ(parseStepRange("2:4", 6).first, 2);
  EXPECT_EQ(parseStepRange("2:4", 6).last, 4);
  EXPECT_EQ(parseStepRange("3", 6).count(), 1);
  EXPECT_THROW(parseStepRange("2-4", 6), std::invalid_argument);
  EXPECT_THROW(parseStepRange("x:4", 6), std::invalid_argument);
}

TEST(ExportBackgrounds, ThemeWhiteOrNone) {
  const ViewPalette dark = viewPalette(Theme::Dark, Palette::Classic);
  EXPECT_EQ(exportBackgroundColor(ExportBackground::Theme, dark), dark.background);
  EXPECT_EQ(exportBackgroundColor(ExportBackground::White, dark), rgb(0xffffff));
  EXPECT_EQ(exportBackgroundColor(ExportBackground::Transparent, dark).a, 0);
}

}  // namespace
}  // namespace scanviz
