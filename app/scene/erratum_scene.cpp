// An erratum laid out once as a scene, for the window and the deck's slides alike (they used to
// differ).
#include "app/scene/erratum_scene.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/scene/scene_geometry.h"
#include "app/scene/scene_text.h"
#include "app/scene/table_scene.h"

namespace scanviz {
namespace {

constexpr float kLineHeight = 1.25f;

struct Sizes {
  float title, text;
};

class ErratumLayout {
 public:
  ErratumLayout(const ErratumSceneRequest& rq, Sizes sizes, const ViewPalette& palette,
                const MeasureText& measure)
      : rq_(rq), e_(*rq.erratum), size_(sizes), palette_(palette), measure_(measure) {}

  Scene build() {
    s_.width = rq_.width;
    y_ = addWrappedText(s_, "Erratum: " + std::string(e_.title), 0, 0, rq_.width, size_.title, true,
                        palette_.text, "erratum-title", kLineHeight, measure_);
    y_ += 0.5f * size_.text;
    columns();
    y_ = text("Why: " + std::string(e_.why), y_ + 0.6f * size_.text, "erratum-why");
    y_ += 0.5f * size_.text;
    rule(0, y_, rq_.width, y_);
    y_ += 0.6f * size_.text;
    evidence();
    s_.height = y_;
    return std::move(s_);
  }

 private:
  float text(const std::string& t, float y, const std::string& role, float x = 0, float width = -1,
             bool bold = false, Color color = Color{0, 0, 0, 0}) {
    if (color.a == 0) color = palette_.text;
    return addWrappedText(s_, t, x, y, width < 0 ? rq_.width : width, size_.text, bold, color, role,
                          kLineHeight, measure_);
  }

  void rule(float x1, float y1, float x2, float y2) {
    addSceneLine(s_, x1, y1, x2, y2, palette_.textDim, std::max(1.0f, size_.text / 16),
                 "erratum-rule");
  }

  // The seed's words on the left, what they should read on the right.
  void columns() {
    const float gap = 1.5f * size_.text, half = (rq_.width - gap) / 2, right = half + gap;
    const float top = y_;
    const float heads = std::max(
        text("The seed (" + std::string(e_.seed) + ")", top, "erratum-column-head", 0, half, true),
        text("Should read", top, "erratum-column-head", right, half, true));
    rule(0, heads + 0.15f * size_.text, rq_.width, heads + 0.15f * size_.text);
    const float body = heads + 0.4f * size_.text;
    y_ = std::max(text(std::string(e_.seedText), body, "erratum-seed-text", 0, half),
                  text(std::string(e_.correction), body, "erratum-correction", right, half));
    rule(half + gap / 2, top, half + gap / 2, y_);
  }

  void evidence() {
    if (const ErratumEvidence* ev = rq_.evidence) {
      y_ = text("scanviz's run: " + ev->ran, y_, "erratum-ran");
      y_ = text("It shows: " + ev->shows, y_ + 0.3f * size_.text, "erratum-shows");
      if (!std::isnan(ev->measured)) numbers(*ev);
    } else if (!rq_.evidenceError.empty()) {
      y_ = text(rq_.evidenceError, y_, "erratum-error", 0, -1, false, palette_.fail);
    } else {
      y_ = text("No run: " + std::string(e_.noRun), y_, "erratum-no-run");
    }
  }

  void numbers(const ErratumEvidence& ev) {
    TableSpec t;
    t.header = {"the seed's figure", "the correct figure", "scanviz counted"};
    t.rows = {
        {{erratumNumber(ev.seedValue)}, {erratumNumber(ev.correct)}, {erratumNumber(ev.measured)}}};
    t.align = {TextAlign::Center, TextAlign::Center, TextAlign::Center};
    t.textSize = size_.text;
    t.minTextSize = rq_.minTextSize;
    t.role = "erratum-numbers";
    const Scene table = buildTableScene(t, palette_, measure_);
    y_ += 0.5f * size_.text;
    appendScene(s_, table, 0, y_);
    y_ += table.height;
  }

  const ErratumSceneRequest& rq_;
  const Erratum& e_;
  Sizes size_;
  const ViewPalette& palette_;
  const MeasureText& measure_;
  Scene s_;
  float y_ = 0;
};

}  // namespace

std::string erratumNumber(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

Scene buildErratumScene(const ErratumSceneRequest& rq, const ViewPalette& palette,
                        const MeasureText& measure) {
  if (!rq.erratum) return {};
  // The sizes asked for where the text fits the room; smaller steps until it does, or until the
  // smallest size allowed (then the view scrolls).
  for (float f = 1;; f *= 0.92f) {
    const Sizes sizes{std::max(rq.minTextSize, rq.titleSize * f),
                      std::max(rq.minTextSize, rq.textSize * f)};
    Scene s = ErratumLayout(rq, sizes, palette, measure).build();
    if (rq.height <= 0 || s.height <= rq.height || sizes.text <= rq.minTextSize || f < 0.3f)
      return s;
  }
}

}  // namespace scanviz
