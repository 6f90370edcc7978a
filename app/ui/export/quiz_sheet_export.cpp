#include "app/ui/export/quiz_sheet_export.h"

#include <memory>

#include "app/core/support/output_file.h"
#include "app/scene/quiz_sheet_scene.h"
#include "app/ui/export/hidden_gl_context.h"
#include "app/ui/export/offscreen_imgui.h"
#include "app/ui/export/picture.h"
#include "app/ui/export/scene_raster.h"
#include "app/ui/export/svg_writer.h"
#include "app/ui/shell/frame_output.h"

namespace scanviz {
namespace {

// Paper: the light theme on white.
const ViewPalette& paperPalette() {
  static const ViewPalette p = viewPalette(Theme::Light, Palette::Classic);
  return p;
}

Scene sheetScene(const Trace& trace, const std::vector<QuizQuestion>& questions, unsigned seed,
                 bool answers) {
  QuizSheetRequest rq;
  rq.trace = &trace;
  rq.questions = questions;
  rq.seed = seed;
  rq.answers = answers;
  return buildQuizSheet(rq, pictureTextStyle(), paperPalette(), pictureMeasure());
}

bool isSvg(const std::string& path) {
  return path.size() >= 4 && path.compare(path.size() - 4, 4, ".svg") == 0;
}

}  // namespace

void writeQuizSheet(const Trace& trace, const std::vector<QuizQuestion>& questions, unsigned seed,
                    const QuizSheetFiles& files) {
  const Scene scenes[2] = {sheetScene(trace, questions, seed, false),
                           sheetScene(trace, questions, seed, true)};
  const std::string paths[2] = {files.sheet, files.key};
  const Color white{255, 255, 255, 255};
  std::unique_ptr<OutputFile> out[2];
  if (isSvg(files.sheet)) {
    for (int i = 0; i < 2; ++i) {
      SvgOptions svg;
      svg.background = white;
      svg.title = i == 0 ? "scanviz quiz" : "scanviz quiz: answer key";
      out[i] = std::make_unique<OutputFile>(paths[i]);
      out[i]->write(sceneToSvg(scenes[i], svg));
      out[i]->finish();
    }
  } else {
    HiddenGlContext gl;
    OffscreenImGui target;
    SceneRaster raster(target);
    const auto scale = static_cast<float>(files.scale);
    for (int i = 0; i < 2; ++i) {
      const PixelImage image =
          raster.render(scenes[i], scale, scenes[i].width, scenes[i].height, white);
      out[i] = std::make_unique<OutputFile>(paths[i]);
      encodePng(image, *out[i]);
      out[i]->finish();
    }
  }
  // Both finished: replace the targets together (a failure before this leaves neither).
  for (auto& o : out) o->commit();
}

}  // namespace scanviz
