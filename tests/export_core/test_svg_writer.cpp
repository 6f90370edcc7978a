// The SVG writer on hand-made scenes and on the array view's scene: shapes, arrowheads, dashes,
// hatching, text as <text> with the font family named, escaping, background and scale.
#include <gtest/gtest.h>

#include <algorithm>
#include <regex>

#include "app/core/capture/capture.h"
#include "app/core/capture/input_spec.h"
#include "app/export/picture.h"
#include "app/export/svg_writer.h"
#include "tests/common/captures.h"

namespace scanviz {
namespace {

size_t count(const std::string& haystack, const std::string& needle) {
  size_t n = 0;
  for (size_t at = haystack.find(needle); at != std::string::npos;
       at = haystack.find(needle, at + needle.size()))
    ++n;
  return n;
}

Scene smallScene() {
  Scene s;
  s.width = 200;
  s.height = 100;
  SceneRect r{.x = 10,
              .y = 20,
              .w = 40,
              .h = 30,
              .fill = rgb(0xffc23d),
              .stroke = rgb(0x6b7480),
              .strokeWidth = 2,
              .rounding = 4,
              .role = "cell-written",
              .index = 3};
  s.rects.push_back(r);
  SceneLine arrow;
  arrow.x1 = 30;
  arrow.y1 = 0;
  arrow.x2 = 30;
  arrow.y2 = 20;
  arrow.width = 2;
  arrow.arrow = true;
  arrow.color = rgb(0x5aa9ff);
  arrow.role = "arrow";
  s.lines.push_back(arrow);
  SceneLine dashed{.x2 = 100, .dashed = true, .role = "warp-boundary"};
  s.lines.push_back(dashed);
  SceneText t{.x = 30,
              .y = 25,
              .text = "a < b & \"c\"",
              .color = rgb(0x111111),
              .size = 20,
              .bold = true,
              .align = TextAlign::Center,
              .role = "cell-value"};
  s.texts.push_back(t);
  return s;
}

TEST(SvgWriter, WritesShapesAndRealText) {
  const std::string svg = sceneToSvg(smallScene(), SvgOptions{});
  EXPECT_EQ(svg.rfind("<?xml", 0), 0u);
  EXPECT_NE(svg.find("viewBox=\"0 0 200 100\""), std::string::npos);
  EXPECT_NE(
      svg.find("<rect class=\"cell-written\" data-index=\"3\" x=\"10\" y=\"20\" width=\"40\" "
               "height=\"30\" rx=\"4\" fill=\"#ffc23d\" stroke=\"#6b7480\" stroke-width=\"2\"/>"),
      std::string::npos);
  // The arrow is a line and a filled head.
  EXPECT_EQ(count(svg, "<polygon"), 1u);
  EXPECT_NE(svg.find("stroke-dasharray"), std::string::npos);
  // Text is text, escaped, centred, bold, in the embedded font's family.
  EXPECT_NE(svg.find(">a &lt; b &amp; &quot;c&quot;</text>"), std::string::npos);
  EXPECT_NE(svg.find("text-anchor=\"middle\""), std::string::npos);
  EXPECT_NE(svg.find("font-weight=\"bold\""), std::string::npos);
  EXPECT_NE(svg.find("font-family=\"&apos;DejaVu Sans&apos;"), std::string::npos);
  // No background unless asked.
  EXPECT_EQ(svg.find("class=\"background\""), std::string::npos);
}

TEST(SvgWriter, DashedArrowKeepsItsHead) {
  // A move (Blelloch's down-sweep swap) is a dashed arrow on screen: dashes on the shaft, a solid
  // head at the destination.
  Scene s;
  s.width = s.height = 100;
  SceneLine move;
  move.x1 = 80;
  move.x2 = 20;
  move.y1 = move.y2 = 50;
  move.width = 2;
  move.arrow = move.dashed = true;
  move.role = "move-arrow";
  s.lines.push_back(move);
  const std::string svg = sceneToSvg(s, SvgOptions{});
  EXPECT_EQ(count(svg, "<polygon"), 1u);
  EXPECT_EQ(count(svg, "stroke-dasharray"), 1u);
  EXPECT_NE(svg.find("<g class=\"move-arrow\""), std::string::npos);
  EXPECT_NE(svg.find("<polygon points=\"20,50 "), std::string::npos);  // the head ends at x2
}

TEST(SvgWriter, BackgroundScaleAndTitle) {
  SvgOptions o;
  o.background = rgb(0xffffff);
  o.scale = 2;
  o.title = "kogge-stone <lesson>";
  const std::string svg = sceneToSvg(smallScene(), o);
  EXPECT_NE(svg.find("width=\"400\" height=\"200\" viewBox=\"0 0 200 100\""), std::string::npos);
  EXPECT_NE(svg.find("<rect class=\"background\" x=\"0\" y=\"0\" width=\"200\" height=\"100\" "
                     "fill=\"#ffffff\"/>"),
            std::string::npos);
  EXPECT_NE(svg.find("<title>kogge-stone &lt;lesson&gt;</title>"), std::string::npos);
}

TEST(SvgWriter, TranslucentColoursUseOpacity) {
  Scene s = smallScene();
  s.rects[0].fill = rgb(0x5aa9ff, 70);
  const std::string svg = sceneToSvg(s, SvgOptions{});
  EXPECT_NE(svg.find("fill=\"#5aa9ff\" fill-opacity=\"0.27\""), std::string::npos);
}

TEST(SvgWriter, HatchingIsAPattern) {
  Scene s = smallScene();
  s.rects[0].hatched = true;
  const std::string svg = sceneToSvg(s, SvgOptions{});
  EXPECT_NE(svg.find("<pattern id=\"hatch0\""), std::string::npos);
  EXPECT_NE(svg.find("fill=\"url(#hatch0)\""), std::string::npos);
}

TEST(SvgWriter, ControlCharactersAreDropped) {
  EXPECT_EQ(xmlEscape(std::string("a\x01"
                                  "b\tc")),
            "ab\tc");
}

// The textbook's worked example: Kogge-Stone on 3 1 7 0 4 1 6 3 ends with its inclusive scan.
TEST(SvgWriter, KoggeStoneLastStepHasTheScanAsText) {
  CaptureRequest rq = emulatorRequest(AlgorithmId::KoggeStone, defaultLessonInput());
  const Trace t = capture(rq).trace;
  const int last = static_cast<int>(t.steps.size()) - 1;
  const std::string svg = sceneToSvg(stepPicture(t, last, PictureStyle{}), SvgOptions{});
  std::regex cell("<text class=\"cell-value\" data-index=\"(\\d+)\"[^>]*>([^<]*)</text>");
  std::vector<std::pair<int, std::string>> values;
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), cell); it != std::sregex_iterator();
       ++it)
    values.push_back({std::stoi((*it)[1]), (*it)[2]});
  std::sort(values.begin(), values.end());
  std::vector<std::string> texts;
  for (const auto& [i, v] : values) texts.push_back(v);
  EXPECT_EQ(texts, (std::vector<std::string>{"3", "4", "11", "11", "15", "16", "22", "25"}));
  EXPECT_NE(svg.find("class=\"check-pass\""), std::string::npos);
}

}  // namespace
}  // namespace scanviz
