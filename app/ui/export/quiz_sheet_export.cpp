#include "app/ui/export/quiz_sheet_export.h"

#include <memory>

#include "app/export/quiz_sheet_export.h"
#include "app/ui/export/hidden_gl_context.h"
#include "app/ui/export/window_picture.h"

namespace scanviz {

void writeQuizSheet(const Trace& trace, const std::vector<QuizQuestion>& questions, unsigned seed,
                    const QuizSheetFiles& files) {
  std::unique_ptr<HiddenGlContext> gl;  // outlives the canvas, which is gone when the call returns
  writeQuizSheetOn(trace, questions, seed, files, [&] {
    if (!gl) gl = std::make_unique<HiddenGlContext>();
    return std::make_shared<WindowCanvas>();
  });
}

}  // namespace scanviz
