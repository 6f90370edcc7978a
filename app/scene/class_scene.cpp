#include "app/scene/class_scene.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "app/core/trace/value_format.h"
#include "app/scene/scene_geometry.h"
#include "app/scene/scene_text.h"
#include "app/scene/step_scene.h"

namespace scanviz {

int classPictureStep(const QuizSession& session) {
  const int step = session.question().step;
  return session.phase() == QuizPhase::Revealed ? step : step - 1;
}

namespace {

constexpr const char* kCountdownHint = "S: start the countdown";

// The threads a picker offers: one button each, up to a row's worth; more are typed.
constexpr int kMostPickedThreads = 64;

// The roles whose index answers a question by clicking, or none.
bool answersByClick(const QuizQuestion& q, const std::string& role) {
  if (q.kind == QuestionKind::Visible) return role == "cell" || role == "cell-written";
  return q.kind == QuestionKind::ActiveThreads && role == "class-thread";
}

class ClassSceneBuilder : SceneLook {
 public:
  ClassSceneBuilder(const ClassSceneRequest& rq, const ArraySceneStyle& style,
                    const ViewPalette& pal, const MeasureText& measure)
      : SceneLook(style, pal, measure), rq_(rq), s_(*rq.session), q_(s_.question()) {}

  Scene build() {
    scene_.width = rq_.width;
    const float margin = 0.6f * style_.labelSize;
    float y = margin;
    y = header(margin, y);
    y = questionText(margin, y);
    y = answerRow(margin, y);
    y = threadPicker(margin, y);
    picture(margin, y + 0.5f * style_.labelSize);
    return std::move(scene_);
  }

 private:
  float questionSize() const { return 1.5f * style_.titleSize; }

  float header(float x, float y) {
    const Trace& t = *rq_.trace;
    const std::string where = "Question " + std::to_string(s_.index() + 1) + " of " +
                              std::to_string(s_.count()) + "  \xC2\xB7  " + t.meta.algorithm +
                              ", N = " + std::to_string(t.meta.n);
    addSceneText(scene_, x, y, where, pal_.textDim, style_.labelSize, false, TextAlign::Left,
                 "class-progress");
    const std::string score =
        "Score " + std::to_string(s_.score()) + " / " + std::to_string(s_.revealed());
    addSceneText(scene_, rq_.width - x, y, score, pal_.text, style_.titleSize, true,
                 TextAlign::Right, "class-score");
    return y + 1.6f * style_.titleSize;
  }

  // The question, wrapped beside the countdown: its column as wide as the hint it shows while
  // asking (at the back row's text size the hint is wider than the seconds), so they never meet.
  float questionText(float x, float y) {
    const float hint =
        s_.phase() == QuizPhase::Asking ? measure_(kCountdownHint, style_.labelSize, false) : 0;
    const float countdownWidth = std::max(4.0f * questionSize(), hint + style_.labelSize);
    countdown(rq_.width - x, y);
    return addWrappedText(scene_, q_.text, x, y, rq_.width - 2 * x - countdownWidth, questionSize(),
                          true, pal_.text, "class-question", 1.25f, measure_) +
           0.4f * style_.labelSize;
  }

  void countdown(float right, float y) {
    switch (s_.phase()) {
      case QuizPhase::Asking:
        addSceneText(scene_, right, y + 0.3f * questionSize(), kCountdownHint, pal_.textDim,
                     style_.labelSize, false, TextAlign::Right, "class-countdown");
        break;
      case QuizPhase::CountingDown: {
        const int secs = static_cast<int>(std::ceil(s_.secondsLeft()));
        const Color c = secs <= 5 ? pal_.fail : pal_.accent;
        addSceneText(scene_, right, y - 0.2f * questionSize(), std::to_string(secs), c,
                     2.2f * questionSize(), true, TextAlign::Right, "class-countdown");
        break;
      }
      case QuizPhase::Revealed:
        break;
    }
  }

  // What the class answered, and after the reveal the answer and whether it was right.
  float answerRow(float x, float y) {
    const float size = style_.titleSize;
    const std::string given = s_.typed().empty() ? "(none yet)" : s_.typed();
    addSceneText(scene_, x, y, "Your answer: " + given, pal_.text, size, false, TextAlign::Left,
                 "class-given");
    if (s_.phase() != QuizPhase::Revealed) return y + 1.5f * size;
    // The answer grows to its full size over the first kRevealSeconds (the reveal's animation).
    const double grow = std::clamp(rq_.sinceReveal / kRevealSeconds, 0.0, 1.0);
    const float full = questionSize();
    const float big = full * static_cast<float>(0.6 + 0.4 * grow);
    const float right = rq_.width - x;
    const std::string answer = "The answer: " + answerText(q_, rq_.trace->meta.dtype);
    addSceneText(scene_, right, y, answer, pal_.text, big, true, TextAlign::Right, "class-answer");
    const float under = y + 1.25f * full;
    addSceneText(scene_, right, under, s_.right() ? "Right!" : "Not this time",
                 s_.right() ? pal_.pass : pal_.fail, size, true, TextAlign::Right, "class-verdict");
    return under + 1.5f * size;
  }

  // "Which threads": a button per thread of the block to click. Before the reveal the chosen ones
  // are filled; after it the answer's are green, a wrong choice red.
  float threadPicker(float x, float y) {
    const int threads = rq_.trace->meta.blockSize;
    if (q_.kind != QuestionKind::ActiveThreads || threads > kMostPickedThreads) return y;
    const std::vector<double> given = s_.given();
    const auto has = [](const std::vector<double>& v, int t) {
      return std::find(v.begin(), v.end(), static_cast<double>(t)) != v.end();
    };
    const bool revealed = s_.phase() == QuizPhase::Revealed;
    addSceneText(scene_, x, y + 0.3f * style_.labelSize, "Threads:", pal_.textDim, style_.labelSize,
                 false, TextAlign::Left, "row-label");
    const float left = x + measure_("Threads: ", style_.labelSize, false);
    const float d = std::min(2.4f * style_.labelSize, (rq_.width - left - x) / threads);
    for (int t = 0; t < threads; ++t) {
      const bool chosen = has(given, t), answer = has(q_.answer, t);
      SceneRect& r = addSceneRect(scene_, left + t * d + 0.05f * d, y, 0.9f * d, 0.9f * d,
                                  Color{0, 0, 0, 0}, "class-thread", t);
      r.rounding = 0.45f * d;
      r.stroke = revealed && answer ? pal_.pass : pal_.textDim;
      r.strokeWidth = std::max(1.5f, 0.08f * d);
      if (chosen) r.fill = !revealed ? pal_.accent : answer ? pal_.pass : pal_.fail;
      addSceneText(scene_, left + (t + 0.5f) * d, y + 0.2f * d, std::to_string(t),
                   chosen ? pal_.background : pal_.text, 0.45f * d, false, TextAlign::Center,
                   "class-thread-id", t);
    }
    return y + 1.2f * d;
  }

  void picture(float x, float y) {
    ArraySceneRequest a;
    a.trace = rq_.trace;
    a.step = std::clamp(classPictureStep(s_), 0, static_cast<int>(rq_.trace->steps.size()) - 1);
    a.width = rq_.width - 2 * x;
    a.height = std::max(120.0f, rq_.height - y - x);
    const Scene part = buildArrayScene(a, style_, pal_, measure_);
    const size_t firstRect = scene_.rects.size();
    appendScene(scene_, part, x, y);
    if (q_.kind == QuestionKind::CellValue) markAskedCell(firstRect);
    if (q_.kind == QuestionKind::Visible) markChosenCells(firstRect);
    scene_.height = std::max(y + part.height + x, rq_.height);
  }

  // "Which are visible": the cells clicked are outlined; after the reveal the answer's in green,
  // a wrong choice in red.
  void markChosenCells(size_t firstRect) {
    const std::vector<double> given = s_.given();
    const bool revealed = s_.phase() == QuizPhase::Revealed;
    const auto has = [](const std::vector<double>& v, int i) {
      return std::find(v.begin(), v.end(), static_cast<double>(i)) != v.end();
    };
    const size_t end = scene_.rects.size();
    for (size_t i = firstRect; i < end; ++i) {
      const SceneRect c = scene_.rects[i];
      if (c.role != "cell" && c.role != "cell-written") continue;
      const bool chosen = has(given, c.index), answer = has(q_.answer, c.index);
      if (!chosen && !(revealed && answer)) continue;
      outline(c, !revealed ? pal_.accent : answer ? pal_.pass : pal_.fail, "class-chosen");
    }
  }

  void outline(const SceneRect& c, Color color, const char* role) {
    const float pad = 0.08f * c.h;
    SceneRect mark;
    mark.x = c.x - pad;
    mark.y = c.y - pad;
    mark.w = c.w + 2 * pad;
    mark.h = c.h + 2 * pad;
    mark.stroke = color;
    mark.strokeWidth = std::max(2.0f, 0.07f * c.h);
    mark.role = role;
    mark.index = c.index;
    scene_.rects.push_back(mark);
  }

  // The cell asked about, outlined in its own colour (not the operand's) in the picture's main
  // row.
  void markAskedCell(size_t firstRect) {
    for (size_t i = firstRect; i < scene_.rects.size(); ++i) {
      const SceneRect& c = scene_.rects[i];
      if (c.index != q_.cell || (c.role != "cell" && c.role != "cell-written")) continue;
      outline(SceneRect(c), pal_.askedStroke, "class-asked");
      return;
    }
  }

  const ClassSceneRequest& rq_;
  const QuizSession& s_;
  const QuizQuestion& q_;
  Scene scene_;
};

bool inside(float x, float y, float left, float top, float w, float h) {
  return x >= left && x <= left + w && y >= top && y <= top + h;
}

}  // namespace

Scene buildClassScene(const ClassSceneRequest& rq, const ArraySceneStyle& style,
                      const ViewPalette& palette, const MeasureText& measure) {
  return ClassSceneBuilder(rq, style, palette, measure).build();
}

int clickedIndex(const Scene& scene, const QuizQuestion& q, float x, float y) {
  for (const SceneRect& r : scene.rects)
    if (r.index >= 0 && answersByClick(q, r.role) && inside(x, y, r.x, r.y, r.w, r.h))
      return r.index;
  for (const SceneText& t : scene.texts) {
    if (t.index < 0 || !answersByClick(q, t.role)) continue;
    const float half = 0.5f * std::max(t.size, approximateTextWidth(t.text, t.size, t.bold));
    if (inside(x, y, t.x - half, t.y, 2 * half, t.size)) return t.index;
  }
  return -1;
}

}  // namespace scanviz
