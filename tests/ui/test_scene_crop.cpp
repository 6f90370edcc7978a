// A slide of a scrolled view shows what the window showed: croppedScene keeps the part of a scene
// inside the shown box, cut at its edges, and the slide puts a view laid out for the window's
// width on the page at its size, its 28 px texts still 28 px.
#include <gtest/gtest.h>

#include "app/scene/scene_geometry.h"
#include "app/scene/scene_text.h"
#include "app/scene/slide_scene.h"

namespace scanviz {
namespace {

Scene tallScene() {
  Scene s;
  s.width = 400;
  s.height = 2000;
  addSceneRect(s, 10, 50, 100, 100, rgb(0xff0000), "above");     // wholly above the box
  addSceneRect(s, 10, 950, 100, 100, rgb(0x00ff00), "across");   // cut by the box's top
  addSceneRect(s, 10, 1200, 100, 100, rgb(0x0000ff), "inside");  // wholly inside
  addSceneArrow(s, 50, 900, 50, 1100, rgb(0), 2, "into");        // from above into the box
  addSceneArrow(s, 50, 1300, 50, 1900, rgb(0), 2, "out-of");     // from inside out below it
  addSceneText(s, 20, 990, "cut", rgb(0), 28, false, TextAlign::Left, "half-shown");
  addSceneText(s, 20, 1010, "kept", rgb(0), 28, false, TextAlign::Left, "shown");
  return s;
}

TEST(CroppedScene, KeepsWhatTheBoxShowsMovedToItsCorner) {
  const Scene c = croppedScene(tallScene(), SceneBox{0, 1000, 400, 1600});
  EXPECT_EQ(c.width, 400);
  EXPECT_EQ(c.height, 600);
  ASSERT_TRUE(c.rectsWithRole("above").empty());
  ASSERT_EQ(c.rectsWithRole("across").size(), 1u);
  EXPECT_FLOAT_EQ(c.rectsWithRole("across")[0]->y, 0);
  EXPECT_FLOAT_EQ(c.rectsWithRole("across")[0]->h, 50);
  ASSERT_EQ(c.rectsWithRole("inside").size(), 1u);
  EXPECT_FLOAT_EQ(c.rectsWithRole("inside")[0]->y, 200);
  ASSERT_EQ(c.lines.size(), 2u);
  // The arrow into the box keeps its head; the one leaving it is cut at the bottom, headless.
  EXPECT_TRUE(c.lines[0].arrow);
  EXPECT_FLOAT_EQ(c.lines[0].y1, 0);
  EXPECT_FLOAT_EQ(c.lines[0].y2, 100);
  EXPECT_FALSE(c.lines[1].arrow);
  EXPECT_FLOAT_EQ(c.lines[1].y2, 600);
  ASSERT_EQ(c.texts.size(), 1u);
  EXPECT_EQ(c.texts[0].text, "kept");
  EXPECT_FLOAT_EQ(c.texts[0].y, 10);
}

TEST(CroppedScene, AnEmptyBoxShowsNothing) {
  const Scene c = croppedScene(tallScene(), SceneBox{});
  EXPECT_TRUE(c.rects.empty() && c.lines.empty() && c.texts.empty());
}

TEST(SlideScene, AViewOfTheWindowsSizeKeepsItsTextSize) {
  // The window's view at 1920 x 1080 in presentation mode: the whole width, under the playback
  // and status bars' height; its smallest text at the back row's 28 px.
  Scene view;
  view.width = 1920;
  view.height = 930;
  addSceneText(view, 100, 100, "3", rgb(0), 28, false, TextAlign::Left, "index");
  SlideSpec spec;
  spec.title = "8.2 Kogge-Stone";
  const Scene slide = slideScene(view, spec, viewPalette(Theme::Light, Palette::Classic));
  const auto index = slide.textsWithRole("index");
  ASSERT_EQ(index.size(), 1u);
  EXPECT_GE(index[0]->size, 28.0f);
}

}  // namespace
}  // namespace scanviz
