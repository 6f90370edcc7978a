#include "app/ui/export/deck_export.h"

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <functional>
#include <iomanip>
#include <iostream>

#include "app/core/capture/capture.h"
#include "app/core/support/file_util.h"
#include "app/core/support/output_file.h"
#include "app/core/support/terminal_progress.h"
#include "app/export/deck_site.h"
#include "app/export/svg_writer.h"
#include "app/scene/scene_geometry.h"
#include "app/scene/slide_scene.h"
#include "app/ui/export/hidden_gl_context.h"
#include "app/ui/export/offscreen_imgui.h"
#include "app/ui/export/scene_raster.h"
#include "app/ui/export/window_picture.h"
#if SCANVIZ_WITH_CAIRO
#include "app/export/scene_pdf.h"
#endif
#include "app/ui/shell/commands.h"
#include "app/ui/shell/deck_views.h"
#include "app/ui/shell/file_dialog.h"
#include "app/ui/shell/frame_output.h"
#include "app/ui/views/panels.h"
#include "app/ui/widgets/view_style.h"

namespace scanviz {
namespace {

namespace fs = std::filesystem;

constexpr int kSlideWidth = 1920;
constexpr int kSlideHeight = 1080;

// One view drawn offscreen as the window draws it, and what it drew.
struct DrawnView {
  PixelImage window;
  Scene content;  // the centre view's scene; empty when it drew widgets only
  std::string explanation;
  Theme theme = Theme::Dark;
  Palette palette = Palette::Classic;
};

// The scene the window drew for the view in the middle (frame report), the application's picture
// above its scan, of the timing view its tab's, each cut to what the window showed of it: a
// slide is the projected view, not a view shrunk until every scrolled-away part fits.
// The views of text, tables and plots (an erratum, the timing tabs) begin at their left edge, as
// the window's padding keeps them off its border: on a slide, which has no border of its own,
// they get that room on both sides.
Scene withSideRoom(Scene s) {
  constexpr float kSide = 16;  // the window's padding at the presentation scale
  translateScene(s, kSide, 0);
  s.width += 2 * kSide;
  return s;
}

Scene centreScene(const FrameReport& report, const AppState& state) {
  const auto scene = [&report](const std::string& name, const Scene& whole) {
    const auto shown = report.shownParts.find(name);
    return shown == report.shownParts.end() ? whole : croppedScene(whole, shown->second);
  };
  const auto panel = [&report, &scene](const char* name) {
    const auto it = report.panelScenes.find(name);
    return it == report.panelScenes.end() ? Scene{} : scene(name, it->second);
  };
  switch (state.settings().layout.centerView) {
    case CenterView::Lesson: {
      Scene out = state.shown().application ? panel("application") : Scene{};
      const Scene array = scene("array", report.arrayScene);
      const float top = out.height;
      appendScene(out, array, 0, top);
      out.width = std::max(out.width, array.width);
      out.height = top + array.height;
      return out;
    }
    case CenterView::Compare:
      if (state.spotTheBug.erratum()) return withSideRoom(panel("spot_the_bug"));
      return state.spotTheBug.active() ? panel("spot_the_bug") : panel("compare");
    case CenterView::Timeline:
      return panel("timeline");
    case CenterView::Figure:
      return panel("figure");
    case CenterView::Class:
      return panel("class_mode");
    case CenterView::Timing:
      switch (state.timing.tab) {
        case TimingTab::Benchmark:
          return withSideRoom(panel("timing"));
        case TimingTab::WarpClock:
          return withSideRoom(panel("warp_clock"));
        case TimingTab::Brent:
          return withSideRoom(panel("brent"));
        case TimingTab::Ladder:
          return panel("ladder");
      }
      return {};
  }
  return {};
}

DrawnView drawView(const DeckView& v, const std::string& deckPath, int index,
                   OffscreenImGui& target) {
  AppSettings look;
  look.theme = v.theme ? valueOf(kThemeKeys, *v.theme).value_or(Theme::Dark) : Theme::Dark;
  look.uiScale = v.scale.value_or(1.0f);
  AppState state(look, /*settingsFile=*/"");
  state.presentation = true;
  ViewStates views;
  showDeckView(state, views, v, deckPath);
  state.waitForCapture();
  state.poll();
  const std::string where = "view " + std::to_string(index) + " (" + deckViewLabel(v) + ")";
  if (state.banner().error && !state.banner().text.empty())
    throw InputError(where + ": " + state.banner().text);
  if (!state.hasTrace()) throw InputError(where + ": no lesson was loaded");
  finishShowingDeckView(state, views, v);
  FrameReport report;
  FileDialog files;
  CommandTable commands;
  const WindowPainter painter = [&](const FontSet& fonts, const ViewPalette& palette, float scale) {
    // Compare's lanes are captured in the background: each frame draws them once they are in.
    state.compare.waitIdle();
    UiContext ui{state, fonts, palette, scale, report, files, commands, views, /*animate=*/false};
    drawMainLayout(ui);
  };
  WindowPictureSpec spec;
  spec.width = kSlideWidth;
  spec.height = kSlideHeight;
  spec.uiScale = presentationUiScale(look.uiScale, kSlideHeight);  // as the window presents it
  spec.theme = look.theme;
  spec.palette = look.palette;
  const int tiles = beginWindowPicture(target, spec, painter);
  DrawnView out;
  const Color background = viewPalette(look.theme, look.palette).background;
  for (int i = 0; i < tiles; ++i) target.renderTile(i, background, out.window);
  out.content = centreScene(report, state);
  out.explanation = report.explanation;
  out.theme = look.theme;
  out.palette = look.palette;
  return out;
}

SlideSpec slideOf(const DeckView& v, const DrawnView& drawn, bool handout) {
  SlideSpec spec;
  spec.title = v.title.empty() ? deckViewLabel(v) : v.title;
  if (handout) spec.notes = notesAsPlainLines(v.notes);
  if (drawn.content.width <= 0 || drawn.content.height <= 0) {
    spec.fallback = {
        "This view is drawn by the window's widgets (a table or a plot); the PNG "
        "export (--format png) pictures it whole."};
    if (!drawn.explanation.empty()) spec.fallback.push_back(drawn.explanation);
  }
  return spec;
}

// The window's picture with the notes band drawn under it (a handout page).
PixelImage withNotesBelow(PixelImage window, const SlideSpec& spec, const ViewPalette& palette,
                          OffscreenImGui& target) {
  SlideSpec notesOnly = spec;
  notesOnly.title.clear();
  notesOnly.fallback.clear();
  Scene band = slideScene(Scene{}, notesOnly, palette);
  // Only the band: move it up to the top of its own picture.
  band.height -= static_cast<float>(kSlideHeight);
  translateScene(band, 0, -static_cast<float>(kSlideHeight));
  SceneRaster raster(target);
  const PixelImage notes = raster.render(band, 1, band.width, band.height, palette.background);
  window.rgba.insert(window.rgba.end(), notes.rgba.begin(), notes.rgba.end());
  window.height += notes.height;
  return window;
}

void writeView(const DeckView& v, const DrawnView& drawn, const DeckExportRequest& rq,
               const std::string& path, OffscreenImGui& target) {
  const SlideSpec spec = slideOf(v, drawn, rq.handout);
  const ViewPalette palette = viewPalette(drawn.theme, drawn.palette);
  if (rq.format == "svg") {
    SvgOptions svg;
    svg.background = palette.background;
    svg.title = spec.title;
    writeFileAtomically(path, sceneToSvg(slideScene(drawn.content, spec, palette), svg));
    return;
  }
  writePng(rq.handout ? withNotesBelow(drawn.window, spec, palette, target) : drawn.window, path);
}

using EachDrawnView =
    std::function<void(int index, const DeckView&, const DrawnView&, OffscreenImGui&)>;

// Every view of the deck drawn offscreen in turn, in one hidden GL context, with a progress line,
// and given to `each` with its 0-based index and the target it was drawn in. What drawing or
// `each` throws reaches the caller, the progress line erased.
void drawEveryView(const Deck& deck, const DeckExportRequest& rq, const LaunchOptions& lo,
                   const EachDrawnView& each) {
  const int count = static_cast<int>(deck.views.size());
  TerminalProgress progress(progressWanted(rq.quiet));
  HiddenGlContext gl;
  OffscreenImGui target;
  for (int i = 0; i < count; ++i) {
    const DeckView& v = deck.views[static_cast<size_t>(i)];
    progress.show(i, count, "slides");
    each(i, v, drawView(v, lo.deckFile, i + 1, target), target);
  }
}

// A deck export that failed: the message on stderr; 1 where a file could not be written, else 2.
int deckExportFailed(const std::exception& e) {
  std::cerr << "scanviz export: " << e.what() << "\n";
  return dynamic_cast<const WriteError*>(&e) ? 1 : 2;
}

}  // namespace

std::string deckPictureName(int index, int count, const std::string& extension) {
  const size_t digits = std::max<size_t>(2, std::to_string(count).size());
  std::string number = std::to_string(index);
  number.insert(0, digits - std::min(digits, number.size()), '0');
  return number + "." + extension;
}

#if SCANVIZ_WITH_CAIRO
// --out LECTURE.pdf: every view's slide scene (the SVG's) as one 16:9 vector page, in one file
// written at the end, so that a failure leaves the old file or none.
int exportDeckPdf(const Deck& deck, const DeckExportRequest& rq, const LaunchOptions& lo) {
  if (const std::string why = outputProblem(rq.out); !why.empty()) {
    std::cerr << "scanviz export: " << why << "\n";
    return 2;
  }
  const int count = static_cast<int>(deck.views.size());
  std::vector<ScenePage> pages;
  try {
    drawEveryView(
        deck, rq, lo, [&](int, const DeckView& v, const DrawnView& drawn, OffscreenImGui&) {
          const ViewPalette palette = viewPalette(drawn.theme, drawn.palette);
          pages.push_back({slideScene(drawn.content, slideOf(v, drawn, rq.handout), palette),
                           palette.background});
        });
    PdfOptions pdf;
    pdf.title = deck.title;
    pdf.margin = 0;  // a slide has its margins: the page is the slide, as on the projector
    writeScenePdf(pages, rq.out, pdf);
  } catch (const std::exception& e) {
    return deckExportFailed(e);
  }
  std::cout << "wrote " << rq.out << " (" << count << " pages of 16:9, vector"
            << (rq.handout ? ", with the notes" : "") << ")\n";
  return 0;
}
#endif

static int exportDeckSite(const Deck& deck, const DeckExportRequest& rq, const LaunchOptions& lo) {
  const std::string page = findWebPage(rq.page);
  if (page.empty()) {
    std::cerr << "scanviz export: "
              << (rq.page.empty() ? std::string("no web build found beside scanviz")
                                  : "'" + rq.page + "' does not hold the web build")
              << " (scanviz.html, scanviz.js, scanviz.wasm): build it with ./tools/dev.sh web, "
                 "or give --page DIR\n";
    return 2;
  }
  try {
    const SiteWritten w = writeDeckSite(deck, lo.deckFile, page, rq.out);
    std::cout << "wrote " << w.folder << " (" << w.files.size() << " files, " << std::fixed
              << std::setprecision(1) << static_cast<double>(w.bytes) / 1e6
              << " MB): serve it with `python3 -m http.server --directory " << w.folder
              << "` and open http://localhost:8000/\n";
    return 0;
  } catch (const std::exception& e) {
    return deckExportFailed(e);
  }
}

int exportDeck(const DeckExportRequest& rq, const LaunchOptions& lo) {
  Deck deck;
  try {
    deck = loadDeck(lo.deckFile);
  } catch (const std::exception& e) {
    std::cerr << "scanviz export: " << e.what() << "\n";
    return 2;
  }
  if (const std::string problem = deckProblem(deck, lo.deckFile); !problem.empty()) {
    std::cerr << "scanviz export: " << problem << "\n";
    return 2;
  }
  if (rq.format == "web") return exportDeckSite(deck, rq, lo);
  if (rq.format == "pdf") {
#if SCANVIZ_WITH_CAIRO
    return exportDeckPdf(deck, rq, lo);
#else
    std::cerr << "scanviz export: this build has no PDF writer (it was built without cairo, "
                 "libcairo2-dev): give --format png or svg and --out DIR/\n";
    return 2;
#endif
  }
  std::error_code ec;
  fs::create_directories(rq.out, ec);
  if (const std::string why = folderProblem(rq.out); !why.empty()) {
    std::cerr << "scanviz export: cannot write the slides in '" << rq.out << "': " << why << "\n";
    return 2;
  }
  const int count = static_cast<int>(deck.views.size());
  std::vector<std::string> written;
  try {
    drawEveryView(deck, rq, lo,
                  [&](int i, const DeckView& v, const DrawnView& drawn, OffscreenImGui& target) {
                    const std::string path =
                        (fs::path(rq.out) / deckPictureName(i + 1, count, rq.format)).string();
                    writeView(v, drawn, rq, path, target);
                    written.push_back(path);
                  });
  } catch (const std::exception& e) {
    // No partial deck: the slides of this run go, so that a folder never mixes two runs.
    for (const std::string& p : written) fs::remove(p, ec);
    return deckExportFailed(e);
  }
  std::cout << "wrote " << count << " slides to " << rq.out << " (" << rq.format
            << (rq.handout ? ", with the notes" : "") << ")\n";
  return 0;
}

}  // namespace scanviz
