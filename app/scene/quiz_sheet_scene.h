// The printable quiz sheet: a lesson's questions with blanks to fill in, grouped under a picture of
// the step each group is asked before, and the same sheet as its answer key. One builder for both
// and for every format (scanviz quiz --out writes SVG or PNG of this scene). No GUI here.
#pragma once

#include <vector>

#include "app/core/lesson/quiz.h"
#include "app/core/trace/trace.h"
#include "app/scene/array_view_scene.h"
#include "app/scene/palette.h"
#include "app/scene/scene.h"

namespace scanviz {

struct QuizSheetRequest {
  const Trace* trace = nullptr;
  std::vector<QuizQuestion> questions;  // in step order, as makeQuiz gives them
  unsigned seed = 1;                    // named in the title, so the sheet can be made again
  bool answers = false;                 // the answer key: the answers in place of the blanks
  float width = 1100;
};

Scene buildQuizSheet(const QuizSheetRequest& rq, const ArraySceneStyle& style,
                     const ViewPalette& palette, const MeasureText& measure);

}  // namespace scanviz
