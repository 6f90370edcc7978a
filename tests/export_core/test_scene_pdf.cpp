// The cairo painter's PDF pages: one 16:9 page per scene, text kept as text with the fonts
// embedded, written atomically; refusals that leave no file. Read back with poppler's pdfinfo,
// pdffonts and pdftotext where they are installed (poppler-utils), and by the bytes otherwise.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <regex>
#include <sstream>
#include <string>

#include "app/core/capture/capture.h"
#include "app/core/support/file_util.h"
#include "app/export/cairo_raster.h"
#include "app/export/export_job.h"
#include "app/export/scene_pdf.h"
#include "tests/common/captures.h"

namespace scanviz {
namespace {

namespace fs = std::filesystem;

Scene labelled(const std::string& text, float width, float height) {
  Scene s;
  s.width = width;
  s.height = height;
  s.rects.push_back({.x = 10, .y = 10, .w = 80, .h = 40, .fill = rgb(0xffc23d), .role = "cell"});
  s.lines.push_back(
      {.x1 = 10, .y1 = 70, .x2 = 90, .y2 = 70, .color = rgb(0x3060c0), .width = 2, .arrow = true});
  s.texts.push_back({.x = 10, .y = 80, .text = text, .color = rgb(0x202020), .size = 18});
  return s;
}

fs::path workFolder(const std::string& name) {
  const fs::path p = fs::path(::testing::TempDir()) / ("scanviz_pdf_" + name);
  fs::remove_all(p);
  fs::create_directories(p);
  return p;
}

// The output of a poppler tool on `pdf`; empty when the tool is not installed.
std::string popplerSays(const std::string& tool, const fs::path& pdf) {
  const std::string program = std::string("/usr/bin/") + tool;
  if (!fs::exists(program)) return {};
  const std::string command =
      program + " '" + pdf.string() + "' " + (tool == "pdftotext" ? "- " : "") + "2>&1";
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
  std::string out;
  char buf[512];
  while (pipe && fgets(buf, sizeof buf, pipe.get())) out += buf;
  return out;
}

TEST(ScenePdf, OnePageAScene16By9WithTheTextAsText) {
  const fs::path dir = workFolder("pages");
  const fs::path pdf = dir / "deck.pdf";
  std::vector<ScenePage> pages;
  pages.push_back({labelled("Kogge-Stone step 1", 400, 200)});
  pages.push_back({labelled("Brent-Kung up-sweep", 1200, 300), rgb(0x101418)});
  pages.push_back({labelled("stride ∞ ✓", 300, 600)});
  writeScenePdf(pages, pdf.string(), {.title = "prefix sums"});
  const std::string bytes = readWholeFile(pdf.string());
  ASSERT_EQ(bytes.rfind("%PDF-", 0), 0u);
  EXPECT_NE(bytes.find("%%EOF"), std::string::npos);
  // Every page object says /Type /Page (the page tree says /Pages).
  const std::regex page(R"(/Type\s*/Page[^s])");
  EXPECT_EQ(
      std::distance(std::sregex_iterator(bytes.begin(), bytes.end(), page), std::sregex_iterator()),
      3);
  EXPECT_NE(bytes.find("/MediaBox [ 0 0 960 540 ]"), std::string::npos);
  EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 1)
      << "a temporary file was left next to the PDF";

  const std::string info = popplerSays("pdfinfo", pdf);
  if (info.empty()) GTEST_SKIP() << "poppler-utils is not installed: pdfinfo not checked";
  EXPECT_TRUE(std::regex_search(info, std::regex(R"(Pages:\s+3\n)"))) << info;
  EXPECT_TRUE(std::regex_search(info, std::regex(R"(Page size:\s+960 x 540 pts)"))) << info;
  EXPECT_TRUE(std::regex_search(info, std::regex(R"(Title:\s+prefix sums\n)"))) << info;
  const std::string fonts = popplerSays("pdffonts", pdf);
  EXPECT_NE(fonts.find("DejaVuSans"), std::string::npos) << fonts;
  EXPECT_EQ(fonts.find(" no  "), std::string::npos) << "a font is not embedded:\n" << fonts;
  const std::string text = popplerSays("pdftotext", pdf);
  EXPECT_NE(text.find("Kogge-Stone step 1"), std::string::npos) << text;
  EXPECT_NE(text.find("Brent-Kung up-sweep"), std::string::npos) << text;
  EXPECT_NE(text.find("stride ∞ ✓"), std::string::npos) << text;
}

TEST(ScenePdf, FitsTheSceneInsideTheMarginsCentred) {
  const PdfOptions o;
  const PageFit wide = fitOnPage(labelled("", 1824, 100), o);  // 960 - 2 * 24 = 912 = 1824 / 2
  EXPECT_DOUBLE_EQ(wide.scale, 0.5);
  EXPECT_DOUBLE_EQ(wide.x, 24);
  EXPECT_DOUBLE_EQ(wide.y, (540 - 50) / 2.0);
  const PageFit tall = fitOnPage(labelled("", 100, 246), o);  // 540 - 48 = 492 = 2 * 246
  EXPECT_DOUBLE_EQ(tall.scale, 2);
  EXPECT_DOUBLE_EQ(tall.y, 24);
  EXPECT_DOUBLE_EQ(tall.x, (960 - 200) / 2.0);
}

TEST(ScenePdf, RefusesWhatCannotBeAPageAndLeavesTheOldFile) {
  const fs::path dir = workFolder("refusals");
  const fs::path pdf = dir / "old.pdf";
  writeFileAtomically(pdf.string(), "the old file");
  EXPECT_THROW(writeScenePdf({}, pdf.string()), InputError);
  EXPECT_THROW(writeScenePdf({{Scene{}}}, pdf.string()), InputError);
  EXPECT_THROW(writeScenePdf({{labelled("x", 10, 10)}}, pdf.string(),
                             {.pageWidth = 40, .pageHeight = 40, .margin = 20}),
               InputError);
  EXPECT_EQ(readWholeFile(pdf.string()), "the old file");
  try {
    writeScenePdf({{labelled("x", 10, 10)}}, (dir / "missing" / "deck.pdf").string());
    FAIL() << "a missing folder was not refused";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("missing"), std::string::npos) << e.what();
  }
  EXPECT_FALSE(fs::exists(dir / "missing"));
  EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 1);
}

// The export job's PDF: a page a step of the lesson, drawn on cairo's canvas; without a canvas
// (a build with neither the window nor cairo) it refuses before writing anything.
TEST(ScenePdf, ExportJobWritesAPageAStep) {
  const fs::path dir = workFolder("job");
  const auto trace = std::make_shared<const Trace>(lessonTrace(AlgorithmId::BrentKung));
  const int steps = static_cast<int>(trace->steps.size());
  ExportOptions o;
  o.format = ExportFormat::Pdf;
  o.steps = {0, steps - 1};
  ExportJob job(trace, o, (dir / "bk.pdf").string(), std::make_shared<CairoCanvas>());
  job.runToEnd();
  ASSERT_TRUE(job.succeeded()) << job.error();
  EXPECT_EQ(job.summary(), std::to_string(steps) + " pages of 16:9, vector");
  const std::string bytes = readWholeFile((dir / "bk.pdf").string());
  const std::regex page(R"(/Type\s*/Page[^s])");
  EXPECT_EQ(
      std::distance(std::sregex_iterator(bytes.begin(), bytes.end(), page), std::sregex_iterator()),
      steps);

  ExportJob none(trace, o, (dir / "none.pdf").string());
  EXPECT_TRUE(none.finished());
  EXPECT_NE(none.error().find("no PDF"), std::string::npos) << none.error();
  o.format = ExportFormat::Png;
  ExportJob nopixels(trace, o, (dir / "none.png").string());
  EXPECT_NE(nopixels.error().find("draws no pixels"), std::string::npos) << nopixels.error();
  EXPECT_FALSE(fs::exists(dir / "none.pdf"));
  EXPECT_FALSE(fs::exists(dir / "none.png"));
}

}  // namespace
}  // namespace scanviz
