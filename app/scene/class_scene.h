// Class mode's picture for the projector: the question large, the countdown, the score, the answer
// given so far and the lesson's picture. Before the reveal the picture is the step before the
// question's step and nothing of the answer is drawn; after it, the question's step itself (its
// operator applications as arrows), the answer and right or wrong. Plain data like every scene:
// the window draws it, tests read it.
#pragma once

#include "app/core/lesson/quiz_session.h"
#include "app/core/trace/trace.h"
#include "app/scene/array_view_scene.h"
#include "app/scene/palette.h"
#include "app/scene/scene.h"

namespace scanviz {

struct ClassSceneRequest {
  const Trace* trace = nullptr;
  const QuizSession* session = nullptr;  // not empty
  float width = 1200;
  float height = 800;
  // Seconds since the reveal: the answer's highlight grows in over the first kRevealSeconds
  // (the animation); a large value shows its final state.
  double sinceReveal = 1e9;
};

constexpr double kRevealSeconds = 0.8;

// The step the picture shows: the question's step once revealed, the one before it until then.
int classPictureStep(const QuizSession& session);

Scene buildClassScene(const ClassSceneRequest& rq, const ArraySceneStyle& style,
                      const ViewPalette& palette, const MeasureText& measure);

// The index a click at (x, y) of the scene gives the current question: a thread's button for
// "which threads", a cell of the picture for "which elements are visible", -1 where the question
// is not answered by clicking or nothing clickable is there.
int clickedIndex(const Scene& scene, const QuizQuestion& q, float x, float y);

}  // namespace scanviz
