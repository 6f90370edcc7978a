// `scanviz quiz --out sheet.svg|png`: the quiz sheet and its answer key
// (app/scene/quiz_sheet_scene) drawn in the light theme for paper and written as SVG, or as PNG
// drawn on an export canvas (the window's offscreen renderer, or cairo). Both files are written
// all or nothing.
#pragma once

#include <functional>
#include <memory>
#include <vector>

#include "app/core/lesson/quiz.h"
#include "app/export/export_canvas.h"

namespace scanviz {

// `canvas` is asked for only when PNGs are drawn (an SVG needs no GL context and no cairo).
void writeQuizSheetOn(const Trace& trace, const std::vector<QuizQuestion>& questions, unsigned seed,
                      const QuizSheetFiles& files,
                      const std::function<std::shared_ptr<ExportCanvas>()>& canvas);

}  // namespace scanviz
