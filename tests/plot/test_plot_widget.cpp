// The plot widget drawn headless: an ImGui context with the window's fonts in a built atlas and no
// window or GL. After Render() the draw lists are inspected: vertices of each series' colour, text
// decoded back from the glyph quads (every glyph's UV rectangle in the atlas is unique), bar
// rectangles, and the tooltip that hovering a point opens.
#include <gtest/gtest.h>
#include <imgui.h>

#include <cmath>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "app/ui/widgets/plot_widget.h"
#include "tests/common/headless_imgui.h"

namespace scanviz::plot {
namespace {

// One frame's drawing, decoded.
struct DrawnFrame {
  std::vector<std::string> texts;  // runs of glyphs on one baseline, spaces restored
  std::map<ImU32, int> verticesByColor;
  std::map<ImU32, int> solidQuadsByColor;  // 4-vertex rectangles of one colour (bars, swatches)

  bool hasText(const std::string& s) const {
    for (const std::string& t : texts)
      if (t.find(s) != std::string::npos) return true;
    return false;
  }
  // Every decoded run, for failure messages.
  std::string all() const {
    std::string s;
    for (const std::string& t : texts) s += "[" + t + "] ";
    return s;
  }
  int vertices(ImU32 color) const {
    const auto it = verticesByColor.find(color);
    return it == verticesByColor.end() ? 0 : it->second;
  }
  int quads(ImU32 color) const {
    const auto it = solidQuadsByColor.find(color);
    return it == solidQuadsByColor.end() ? 0 : it->second;
  }
};

class PlotWidgetTest : public ::testing::Test {
 protected:
  void SetUp() override {
    IMGUI_CHECKVERSION();
    fonts_ = startHeadlessImGui(ImVec2(1280, 800));
    ctx_ = ImGui::GetCurrentContext();
    // The plot's text is the body size: the body font, and its bold face for the title.
    for (ImFont* font : {fonts_.body, fonts_.bodyBold})
      for (ImWchar c = 33; c < 127; ++c) {
        const ImFontGlyph* g = font->FindGlyphNoFallback(c);
        if (g && g->Visible)
          glyphs_[{g->U0, g->V0, g->U1, g->V1}] = {static_cast<char>(c), g->X0, g->Y0, g->AdvanceX,
                                                   font->FindGlyph(' ')->AdvanceX};
      }
  }
  void TearDown() override { ImGui::DestroyContext(ctx_); }

  // One frame with the plot alone in a borderless window at (10, 10).
  PlotResult frame(const PlotSpec& spec, ImVec2 mouse = ImVec2(-1, -1)) {
    ImGui::GetIO().MousePos = mouse;
    ImGui::NewFrame();
    ImGui::PushFont(fonts_.body);
    ImGui::SetNextWindowPos(ImVec2(10, 10));
    ImGui::SetNextWindowSize(ImVec2(900, 600));
    ImGui::Begin(
        "plot test", nullptr,
        ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings);
    const PlotResult r = PlotWidget("##plot", spec, fonts_);
    ImGui::End();
    ImGui::PopFont();
    ImGui::Render();
    return r;
  }

  DrawnFrame decode() const {
    DrawnFrame out;
    const ImDrawData* data = ImGui::GetDrawData();
    for (int l = 0; l < data->CmdListsCount; ++l) {
      const ImVector<ImDrawVert>& v = data->CmdLists[l]->VtxBuffer;
      for (const ImDrawVert& x : v) ++out.verticesByColor[x.col];
      std::string run;
      float nextPen = 0, lastTop = -1e9f;
      const auto endRun = [&] {
        if (!run.empty()) out.texts.push_back(run);
        run.clear();
      };
      for (int i = 0; i + 3 < v.Size;) {
        const ImDrawVert* q = &v[i];
        const auto g = glyphs_.find({q[0].uv.x, q[0].uv.y, q[2].uv.x, q[2].uv.y});
        if (g != glyphs_.end() && q[1].uv.x == q[2].uv.x && q[1].uv.y == q[0].uv.y) {
          // The pen position this glyph was drawn from, and how far it is from where the previous
          // glyph left the pen: zero inside a word, whole spaces between words.
          const float pen = q[0].pos.x - g->second.x0, top = q[0].pos.y - g->second.y0;
          const float gap = (pen - nextPen) / g->second.spaceAdvance;
          if (std::fabs(top - lastTop) > 0.5f || gap < -0.1f || gap > 2.1f) {
            endRun();
          } else {
            for (float s = 0.9f; s <= gap; s += 1) run += ' ';
          }
          run += g->second.c;
          nextPen = pen + g->second.advance;
          lastTop = top;
          i += 4;
          continue;
        }
        // A solid axis-aligned rectangle: four vertices of one colour, two distinct x and y.
        const bool sameColor = q[0].col == q[1].col && q[1].col == q[2].col && q[2].col == q[3].col;
        if (sameColor && q[0].pos.y == q[1].pos.y && q[1].pos.x == q[2].pos.x &&
            q[2].pos.y == q[3].pos.y && q[3].pos.x == q[0].pos.x && q[0].pos.x != q[1].pos.x &&
            q[0].pos.y != q[2].pos.y) {
          ++out.solidQuadsByColor[q[0].col];
          i += 4;
          continue;
        }
        ++i;
      }
      endRun();
    }
    return out;
  }

  ImGuiContext* ctx_ = nullptr;
  struct Glyph {
    char c;
    float x0;            // left edge of the quad relative to the pen
    float y0;            // top edge of the quad relative to the line
    float advance;       // pen movement after the glyph
    float spaceAdvance;  // a space of the glyph's font
  };
  FontSet fonts_;
  std::map<std::tuple<float, float, float, float>, Glyph> glyphs_;
};

PlotSpec timingSpec() {
  PlotSpec spec;
  spec.title = "time vs N";
  spec.xLabel = "N";
  spec.yLabel = "GB/s";
  spec.xScale = AxisScale::Log2;
  spec.yScale = AxisScale::Log10;
  const std::vector<double> sizes = {1 << 10, 1 << 16, 1 << 20, 1 << 24};
  spec.series.push_back({"kogge-stone", sizes, {0.5, 20, 300, 900}, packColor(200, 10, 10)});
  spec.series.push_back({"brent-kung", sizes, {0.4, 25, 350, 1200}, packColor(10, 200, 10)});
  spec.series.push_back(
      {"decoupled-lookback", sizes, {0.8, 40, 700, 2400}, packColor(10, 10, 200)});
  spec.references.push_back({"copy", 3000, packColor(250, 250, 250)});
  spec.references.push_back({"CUB", 2500, packColor(250, 120, 250)});
  spec.size = {800, 420};
  return spec;
}

TEST_F(PlotWidgetTest, DrawsEverySeriesInItsColourWithLegendAndTickLabels) {
  const PlotSpec spec = timingSpec();
  frame(spec);
  const DrawnFrame f = decode();
  for (const Series& s : spec.series) {
    // A polyline of 4 points plus 4 markers, anti-aliased: many vertices of the series' colour.
    EXPECT_GT(f.vertices(s.color), 20) << s.name;
    EXPECT_TRUE(f.hasText(s.name)) << s.name << " missing from the legend: " << f.all();
  }
  for (const ReferenceLine& r : spec.references) {
    EXPECT_GT(f.vertices(r.color), 0) << r.label;
    EXPECT_TRUE(f.hasText(r.label)) << r.label;
  }
  // Log2 x axis from 2^10 to 2^24: power-of-two labels. Log10 y axis from 0.1 to 10k: decades.
  EXPECT_TRUE(f.hasText("2^16")) << f.all();
  EXPECT_TRUE(f.hasText("2^24"));
  EXPECT_TRUE(f.hasText("10k"));
  EXPECT_TRUE(f.hasText("0.1")) << f.all();
  EXPECT_TRUE(f.hasText("time vs N"));
  EXPECT_TRUE(f.hasText("GB/s"));
}

TEST_F(PlotWidgetTest, AnEmptySeriesDrawsNothingAndNoDataSaysSo) {
  PlotSpec spec;
  spec.series.push_back({"empty", {}, {}, packColor(1, 2, 3)});
  spec.size = {400, 300};
  frame(spec);
  const DrawnFrame f = decode();
  EXPECT_TRUE(f.hasText("no data yet"));
  // Only the legend swatch (a line and a dot) carries the colour: no polyline, no markers.
  PlotSpec withData = spec;
  withData.series.push_back({"data", {1, 2, 3}, {1, 4, 9}, packColor(4, 5, 6)});
  frame(withData);
  const DrawnFrame g = decode();
  EXPECT_FALSE(g.hasText("no data yet"));
  EXPECT_EQ(f.vertices(packColor(1, 2, 3)), g.vertices(packColor(1, 2, 3)));
  EXPECT_GT(g.vertices(packColor(4, 5, 6)), f.vertices(packColor(1, 2, 3)));
}

TEST_F(PlotWidgetTest, ValuesALogScaleCannotShowBreakTheLineInsteadOfCrashing) {
  PlotSpec spec;
  spec.yScale = AxisScale::Log10;
  spec.series.push_back(
      {"gaps", {1, 2, 3, 4, 5, 6}, {1, 10, 0, -5, NAN, 100}, packColor(9, 99, 199)});
  spec.size = {500, 300};
  frame(spec);
  const DrawnFrame f = decode();
  EXPECT_GT(f.vertices(packColor(9, 99, 199)), 0);
  EXPECT_TRUE(f.hasText("100"));
}

TEST_F(PlotWidgetTest, BarModeDrawsOneRectanglePerCategoryAndSeries) {
  PlotSpec spec;
  spec.mode = PlotMode::Bars;
  spec.title = "GB/s at 2^24";
  spec.categories = {"copy", "cub", "kogge-stone", "decoupled-lookback"};
  spec.series.push_back({"int32", {}, {3000, 2400, 400, 2000}, packColor(30, 60, 90)});
  spec.series.push_back({"float32", {}, {3000, 2390, 390, NAN}, packColor(90, 60, 30)});
  spec.references.push_back({"copy", 3000, packColor(220, 220, 220)});
  spec.size = {800, 400};
  frame(spec);
  const DrawnFrame f = decode();
  // 4 int32 bars + its legend swatch; 3 float32 bars (NaN: none) + swatch.
  EXPECT_EQ(f.quads(packColor(30, 60, 90)), 5);
  EXPECT_EQ(f.quads(packColor(90, 60, 30)), 4);
  for (const std::string& c : spec.categories) EXPECT_TRUE(f.hasText(c)) << c << ": " << f.all();
  EXPECT_TRUE(f.hasText("int32"));
  EXPECT_TRUE(f.hasText("3000") || f.hasText("3k")) << "linear y ticks up to 3000: " << f.all();
}

TEST_F(PlotWidgetTest, HoveringNearAPointReportsItAndShowsItsExactValues) {
  PlotSpec spec = timingSpec();
  spec.formatY = [](double v) { return formatExactValue(v) + " GB/s"; };
  const PlotResult first = frame(spec);
  ASSERT_GT(first.plotArea.width(), 100);
  // brent-kung at 2^20 = 350 GB/s, a few pixels off its marker.
  const ImVec2 target(static_cast<float>(first.x.toPixel(1 << 20)) + 3,
                      static_cast<float>(first.y.toPixel(350)) - 2);
  frame(spec, target);  // the window becomes hovered in this frame
  const PlotResult r = frame(spec, target);
  ASSERT_TRUE(r.hover.active);
  EXPECT_EQ(r.hover.series, 1);
  EXPECT_EQ(r.hover.index, 2);
  EXPECT_DOUBLE_EQ(r.hover.x, 1 << 20);
  EXPECT_DOUBLE_EQ(r.hover.y, 350);
  const DrawnFrame f = decode();
  EXPECT_TRUE(f.hasText("1048576 (2^20)"));
  EXPECT_TRUE(f.hasText("350 GB/s"));

  // Far from every point: no hover, no tooltip.
  const ImVec2 away(static_cast<float>(first.plotArea.x0) + 5,
                    static_cast<float>(first.plotArea.y0) + 5);
  frame(spec, away);
  const PlotResult none = frame(spec, away);
  EXPECT_FALSE(none.hover.active);
  EXPECT_FALSE(decode().hasText("350 GB/s"));
}

TEST_F(PlotWidgetTest, HoveringABarReportsItsCategoryAndValue) {
  PlotSpec spec;
  spec.mode = PlotMode::Bars;
  spec.categories = {"copy", "cub", "hierarchical"};
  spec.series.push_back({"int32", {}, {3000, 2400, 900}, packColor(30, 60, 90)});
  spec.size = {600, 300};
  const PlotResult first = frame(spec);
  const Rect slot = barSlot(2, 0, 3, 1, first.plotArea.x0, first.plotArea.x1);
  const ImVec2 target(static_cast<float>((slot.x0 + slot.x1) / 2),
                      static_cast<float>(first.plotArea.y1) - 3);
  frame(spec, target);
  const PlotResult r = frame(spec, target);
  ASSERT_TRUE(r.hover.active);
  EXPECT_EQ(r.hover.index, 2);
  EXPECT_DOUBLE_EQ(r.hover.y, 900);
  EXPECT_TRUE(decode().hasText("y: 900"));
}

TEST_F(PlotWidgetTest, AxisMapsOfTheResultPlaceDataInsideThePlotArea) {
  const PlotResult r = frame(timingSpec());
  EXPECT_NEAR(r.x.toPixel(1 << 10), r.plotArea.x0, 1e-6);
  EXPECT_NEAR(r.x.toPixel(1 << 24), r.plotArea.x1, 1e-6);
  // The y axis grows upwards: larger values have smaller pixel rows.
  EXPECT_LT(r.y.toPixel(1000), r.y.toPixel(10));
  EXPECT_GE(r.y.toPixel(2400), r.plotArea.y0);
  EXPECT_LE(r.y.toPixel(0.4), r.plotArea.y1);
}

}  // namespace
}  // namespace scanviz::plot
