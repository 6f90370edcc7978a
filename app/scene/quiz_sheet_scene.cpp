#include "app/scene/quiz_sheet_scene.h"

#include <string>

#include "app/core/trace/value_format.h"
#include "app/scene/scene_geometry.h"
#include "app/scene/scene_text.h"
#include "app/scene/step_scene.h"

namespace scanviz {
namespace {

class QuizSheetBuilder : SceneLook {
 public:
  QuizSheetBuilder(const QuizSheetRequest& rq, const ArraySceneStyle& style, const ViewPalette& pal,
                   const MeasureText& measure)
      : SceneLook(style, pal, measure), rq_(rq), t_(*rq.trace) {}

  Scene build() {
    scene_.width = rq_.width;
    float y = title(margin());
    int number = 1;
    for (size_t i = 0; i < rq_.questions.size();) {
      const int step = rq_.questions[i].step;
      y = picture(step, y);
      for (; i < rq_.questions.size() && rq_.questions[i].step == step; ++i)
        y = question(rq_.questions[i], number++, y);
      y += 0.8f * style_.labelSize;
    }
    scene_.height = y + margin();
    return std::move(scene_);
  }

 private:
  float margin() const { return style_.labelSize; }
  float textWidth() const { return rq_.width - 2 * margin(); }

  float title(float y) {
    const std::string what = rq_.answers ? "Answer key: " : "Predict, then check: ";
    y = addWrappedText(scene_, what + t_.meta.algorithm + ", N = " + std::to_string(t_.meta.n),
                       margin(), y, textWidth(), style_.titleSize, true, pal_.text, "sheet-title",
                       1.3f, measure_);
    std::string input;
    for (const double v : t_.input)
      input += (input.empty() ? "" : " ") + formatValue(v, t_.meta.dtype);
    const std::string about = scanDescription(t_.meta.op, t_.meta.inclusive, t_.meta.dtype) +
                              " of " + input + "  (quiz seed " + std::to_string(rq_.seed) + ")";
    y = addWrappedText(scene_, about, margin(), y, textWidth(), style_.labelSize, false,
                       pal_.textDim, "sheet-about", 1.3f, measure_);
    return y + 0.6f * style_.labelSize;
  }

  // What the class sees before the questions on `step`: the array after step - 1.
  float picture(int step, float y) {
    const TraceStep& before = t_.steps[static_cast<size_t>(step - 1)];
    const std::string heading = "After step " + std::to_string(step - 1) + " (" + before.label +
                                "), before step " + std::to_string(step) + " (" +
                                t_.steps[static_cast<size_t>(step)].label + "):";
    y = addWrappedText(scene_, heading, margin(), y, textWidth(), style_.labelSize, true, pal_.text,
                       "sheet-step", 1.3f, measure_);
    ArraySceneRequest a;
    a.trace = &t_;
    a.step = step - 1;
    a.width = textWidth();
    a.compact = true;
    const Scene part = buildArrayScene(a, style_, pal_, measure_);
    appendScene(scene_, part, margin(), y);
    return y + part.height + 0.4f * style_.labelSize;
  }

  float question(const QuizQuestion& q, int number, float y) {
    const float indent = margin() + 2.2f * style_.labelSize;
    addSceneText(scene_, margin(), y, std::to_string(number) + ".", pal_.text, style_.labelSize,
                 true, TextAlign::Left, "sheet-number", number);
    y = addWrappedText(scene_, q.text, indent, y, rq_.width - indent - margin(), style_.labelSize,
                       false, pal_.text, "sheet-question", 1.3f, measure_);
    const float lineY = y + 1.1f * style_.labelSize;
    addSceneText(scene_, indent, y, "Answer:", pal_.textDim, style_.labelSize, false,
                 TextAlign::Left, "sheet-answer-label", number);
    const float blankX = indent + measure_("Answer: ", style_.labelSize, false);
    if (rq_.answers) {
      addSceneText(scene_, blankX, y, answerText(q, t_.meta.dtype), pal_.pass, style_.labelSize,
                   true, TextAlign::Left, "sheet-answer", number);
    } else {
      SceneLine blank;
      blank.x1 = blankX;
      blank.x2 = blankX + 14 * style_.labelSize;
      blank.y1 = blank.y2 = lineY;
      blank.color = pal_.textDim;
      blank.role = "sheet-blank";
      blank.index = number;
      scene_.lines.push_back(blank);
    }
    return lineY + 0.9f * style_.labelSize;
  }

  const QuizSheetRequest& rq_;
  const Trace& t_;
  Scene scene_;
};

}  // namespace

Scene buildQuizSheet(const QuizSheetRequest& rq, const ArraySceneStyle& style,
                     const ViewPalette& palette, const MeasureText& measure) {
  return QuizSheetBuilder(rq, style, palette, measure).build();
}

}  // namespace scanviz
