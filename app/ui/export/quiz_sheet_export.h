// `scanviz quiz --out` in the window's build: the quiz sheet (app/export/quiz_sheet_export.h)
// drawn by the window's offscreen renderer in a hidden GL context, made only for PNGs.
#pragma once

#include <vector>

#include "app/core/lesson/quiz.h"

namespace scanviz {

void writeQuizSheet(const Trace& trace, const std::vector<QuizQuestion>& questions, unsigned seed,
                    const QuizSheetFiles& files);

}  // namespace scanviz
