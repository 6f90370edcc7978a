// `scanviz export --deck D --out LECTURE.pdf [--handout]`: one 16:9 vector page a view, the slide
// scene below (cairo, app/export/scene_pdf.h).
// `scanviz export --deck D --out DIR/ --format png|svg [--handout]`: one numbered picture a view,
// 16:9 (1920 x 1080), drawn by the window's own panels in presentation mode offscreen. PNG is the
// window as it shows the view; SVG is the slide scene (slide_scene.h): the view's title over the
// scene the window drew for it. --handout puts the speaker notes under each slide.
// `scanviz export --deck D --format web --out site/`: the lecture as a static site (deck_site.h).
#pragma once

#include <string>

#include "app/ui/shell/command_line.h"

namespace scanviz {

struct DeckExportRequest {
  std::string out;     // a folder (made when missing), or the PDF file
  std::string format;  // "png" | "svg" (a folder of pictures) | "pdf" (one file) | "web"
  std::string page;    // --format web: the web build's folder; empty: found (findWebPage)
  bool handout = false;
  bool quiet = false;
};

// Exit codes as export's: 0 written, 1 a file that cannot be written, 2 bad options or deck.
int exportDeck(const DeckExportRequest& rq, const LaunchOptions& lo);

// The picture of view `index` (1-based) of `count`: "03-kogge-stone.png" style names sort in order.
std::string deckPictureName(int index, int count, const std::string& extension);

}  // namespace scanviz
