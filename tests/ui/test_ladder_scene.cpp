// The latency ladder's figure (app/scene/ladder_scene.h): bars that grow with the time on one
// log axis, the rungs not measured saying why, and presented at 1920 x 1080 the whole ladder on
// the screen with no text below the back row's 28 px.
#include <gtest/gtest.h>

#include "app/core/bench/ladder.h"
#include "app/scene/ladder_scene.h"
#include "app/scene/scene_text.h"
#include "tests/common/sample_ladder.h"

namespace scanviz {
namespace {

TEST(LadderScene, BarsGrowWithTheTimeAndTheRestSayWhyNot) {
  const LadderReport r = sampleLadder();
  LadderSceneRequest rq;
  rq.report = &r;
  rq.source = "recorded";
  rq.width = 1800;
  ArraySceneStyle style;
  const Scene s =
      buildLadderScene(rq, style, viewPalette(Theme::Dark, Palette::Classic), approximateTextWidth);
  const auto bars = s.rectsWithRole("ladder-bar");
  ASSERT_EQ(bars.size(), 4u);
  for (size_t i = 1; i < bars.size(); ++i) EXPECT_GT(bars[i]->w, bars[i - 1]->w);
  EXPECT_EQ(s.rectsWithRole("ladder-unmeasured").size(), 2u);
  const auto whyNot = s.textsWithRole("ladder-why-not");
  ASSERT_EQ(whyNot.size(), 2u);
  EXPECT_NE(whyNot[0]->text.find("one GPU"), std::string::npos);
  const auto times = s.textsWithRole("ladder-time");
  ASSERT_EQ(times.size(), 4u);
  EXPECT_EQ(times[3]->text.substr(0, 6), "852 ns");
  EXPECT_EQ(s.textsWithRole("ladder-rung").size(), kLadderRungs.size());
}

TEST(LadderScene, PresentedItFitsTheScreenAtTheBackRowsSize) {
  const LadderReport r = sampleLadder();
  LadderSceneRequest rq;
  rq.report = &r;
  rq.source = "recorded";
  rq.width = 1850;
  rq.height = 850;  // the view under the tabs at 1920 x 1080
  ArraySceneStyle style;
  style.valueSize = 32 * 1.867f * 1.35f;
  style.labelSize = 18 * 1.867f * 1.2f;
  style.smallSize = 15 * 1.867f * 1.15f;
  style.titleSize = 24 * 1.867f * 1.3f;
  style.minTextSize = 28;
  const Scene s = buildLadderScene(rq, style.scaled(1), viewPalette(Theme::Dark, Palette::Classic),
                                   approximateTextWidth);
  EXPECT_LE(s.height, rq.height + 0.5f);
  for (const SceneText& t : s.texts) EXPECT_GE(t.size, 28.0f) << t.role << " " << t.text;
}

}  // namespace
}  // namespace scanviz
