#include "app/export/export_canvas.h"

#include <stdexcept>

#include "app/core/capture/capture.h"

namespace scanviz {

int ExportCanvas::beginWindow(const WindowPictureSpec& /*spec*/) {
  throw std::logic_error("the whole window can only be exported where its panels can be drawn");
}

void ExportCanvas::renderWindowTile(int /*index*/, Color /*background*/, PixelImage& /*image*/) {
  throw std::logic_error("the whole window can only be exported where its panels can be drawn");
}

void ExportCanvas::writePdf(const std::vector<ScenePage>& /*pages*/, const std::string& /*path*/,
                            const PdfOptions& /*options*/) {
  throw InputError(
      "this build writes no PDF: it was built without cairo (install libcairo2-dev and build "
      "again), or export SVG");
}

}  // namespace scanviz
