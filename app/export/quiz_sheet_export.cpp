#include "app/export/quiz_sheet_export.h"

#include <memory>

#include "app/core/capture/capture.h"
#include "app/core/support/output_file.h"
#include "app/export/picture.h"
#include "app/export/png_writer.h"
#include "app/export/svg_writer.h"
#include "app/scene/quiz_sheet_scene.h"

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

void writeQuizSheetOn(const Trace& trace, const std::vector<QuizQuestion>& questions, unsigned seed,
                      const QuizSheetFiles& files,
                      const std::function<std::shared_ptr<ExportCanvas>()>& canvas) {
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
    const std::shared_ptr<ExportCanvas> target = canvas();
    if (!target)
      throw InputError(
          "this build draws no pixels (it has neither the window nor cairo): write "
          "the quiz sheet as SVG");
    SceneRasterizer& raster = target->raster();
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
