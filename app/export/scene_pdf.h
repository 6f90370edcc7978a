// Scenes as the pages of one PDF, drawn by cairo (scene_painter.h): vector shapes, the text kept
// as text with the embedded DejaVu fonts embedded (subset) in the file, one 16:9 page per scene
// with the scene fitted and centred inside the margin. For decks and lecture handouts.
#pragma once

#include <string>
#include <vector>

#include "app/scene/scene.h"

namespace scanviz {

struct ScenePage {
  Scene scene;
  Color background{255, 255, 255, 255};  // the whole page; alpha 0 leaves it unpainted
};

struct PdfOptions {
  // In PDF points (1/72 inch): 13.33 x 7.5 inches, the 16:9 slide size of presentation programs.
  float pageWidth = 960;
  float pageHeight = 540;
  float margin = 24;  // around the scene, in points
  std::string title;  // the document's title in its metadata; none when empty
};

// Writes one page per scene, atomically (the old file or the whole new one). Throws InputError
// (exit code 2) when there are no pages, a scene has no size, the page is not larger than its
// margins, or `path` cannot be written (a missing folder, ...: checked before drawing), and
// WriteError (exit code 1) when writing fails on the way (disk full).
void writeScenePdf(const std::vector<ScenePage>& pages, const std::string& path,
                   const PdfOptions& options = {});

// Where the scene's top-left corner goes on the page and at what scale (points per logical
// pixel): the largest that fits inside the margins, centred. For tests and for links drawn over a
// page.
struct PageFit {
  double scale = 1;
  double x = 0;
  double y = 0;
};
PageFit fitOnPage(const Scene& scene, const PdfOptions& options);

}  // namespace scanviz
