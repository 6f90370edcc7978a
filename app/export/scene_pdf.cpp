#include "app/export/scene_pdf.h"

#include <cairo-pdf.h>
#include <cairo.h>

#include <algorithm>

#include "app/core/capture/capture.h"
#include "app/core/support/output_file.h"
#include "app/export/scene_painter.h"

namespace scanviz {
namespace {

// cairo hands the document over in pieces; they go straight into the temporary file. A failed
// write is remembered (cairo only sees "write error") and thrown once cairo has let go.
struct PdfStream {
  OutputFile* out;
  std::string error;
};

cairo_status_t writeChunk(void* closure, const unsigned char* data, unsigned int length) {
  auto* s = static_cast<PdfStream*>(closure);
  try {
    s->out->write(data, length);
  } catch (const std::exception& e) {
    s->error = e.what();
    return CAIRO_STATUS_WRITE_ERROR;
  }
  return CAIRO_STATUS_SUCCESS;
}

void checkPages(const std::vector<ScenePage>& pages, const PdfOptions& options) {
  if (pages.empty()) throw InputError("a PDF needs at least one page: there is no scene to draw");
  if (options.pageWidth <= 2 * options.margin || options.pageHeight <= 2 * options.margin)
    throw InputError("the PDF page is not larger than its margins");
  for (size_t i = 0; i < pages.size(); ++i)
    if (!(pages[i].scene.width > 0) || !(pages[i].scene.height > 0))
      throw InputError("page " + std::to_string(i + 1) + " of the PDF has an empty picture");
}

void paintPage(cairo_t* cr, const ScenePage& page, const PdfOptions& options) {
  if (page.background.a > 0) {
    const Color c = page.background;
    cairo_set_source_rgba(cr, c.r / 255.0, c.g / 255.0, c.b / 255.0, c.a / 255.0);
    cairo_paint(cr);
  }
  const PageFit fit = fitOnPage(page.scene, options);
  cairo_save(cr);
  cairo_translate(cr, fit.x, fit.y);
  cairo_scale(cr, fit.scale, fit.scale);
  paintScene(cr, page.scene);
  cairo_restore(cr);
  cairo_show_page(cr);
}

}  // namespace

PageFit fitOnPage(const Scene& scene, const PdfOptions& options) {
  const double w = options.pageWidth - 2.0 * options.margin;
  const double h = options.pageHeight - 2.0 * options.margin;
  PageFit fit;
  fit.scale = std::min(w / scene.width, h / scene.height);
  fit.x = (options.pageWidth - scene.width * fit.scale) / 2;
  fit.y = (options.pageHeight - scene.height * fit.scale) / 2;
  return fit;
}

void writeScenePdf(const std::vector<ScenePage>& pages, const std::string& path,
                   const PdfOptions& options) {
  checkPages(pages, options);
  if (const std::string problem = outputProblem(path); !problem.empty()) throw InputError(problem);
  OutputFile out(path);
  PdfStream stream{&out, {}};
  cairo_surface_t* surface = cairo_pdf_surface_create_for_stream(
      writeChunk, &stream, options.pageWidth, options.pageHeight);
  if (!options.title.empty())
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, options.title.c_str());
  cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "scanviz");
  cairo_t* cr = cairo_create(surface);
  for (const ScenePage& page : pages) paintPage(cr, page, options);
  cairo_destroy(cr);
  cairo_surface_finish(surface);
  const cairo_status_t status = cairo_surface_status(surface);
  cairo_surface_destroy(surface);
  if (!stream.error.empty()) throw WriteError(stream.error);
  if (status != CAIRO_STATUS_SUCCESS)
    throw WriteError("cannot write '" + path + "': cairo says " + cairo_status_to_string(status));
  out.commit();
}

}  // namespace scanviz
