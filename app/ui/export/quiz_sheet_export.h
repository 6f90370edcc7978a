// `scanviz quiz --out sheet.svg|png`: the quiz sheet and its answer key
// (app/scene/quiz_sheet_scene) drawn in the light theme for paper and written as SVG, or as PNG
// through the offscreen renderer. Both files are written all or nothing.
#pragma once

#include <vector>

#include "app/core/lesson/quiz.h"

namespace scanviz {

void writeQuizSheet(const Trace& trace, const std::vector<QuizQuestion>& questions, unsigned seed,
                    const QuizSheetFiles& files);

}  // namespace scanviz
