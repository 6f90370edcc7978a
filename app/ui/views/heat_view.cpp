#include "app/ui/views/heat_view.h"

#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <future>
#include <memory>
#include <optional>
#include <set>
#include <thread>

#include "app/core/layouts/heat_map.h"
#include "app/core/layouts/heat_viewport.h"
#include "app/core/playback/step_writes.h"
#include "app/core/playback/thread_states.h"
#include "app/core/support/threads_available.h"
#include "app/core/trace/block_slice.h"
#include "app/core/trace/value_format.h"
#include "app/scene/array_view_scene.h"
#include "app/scene/heat_view_scene.h"
#include "app/ui/gl/heat_renderer.h"
#include "app/ui/shell/fonts.h"
#include "app/ui/shell/theme.h"
#include "app/ui/widgets/help_marker.h"
#include "app/ui/widgets/scene_renderer.h"
#include "app/ui/widgets/view_style.h"

namespace scanviz {
namespace {

// Elements at least this wide (logical pixels at scale 1) are drawn as cells with their values.
constexpr float kLegibleCellWidth = 40;
// Zooming stops when cells reach about three value-font sizes, the cell view's widest.
constexpr float kWidestCellWidth = 96;
constexpr double kWheelZoom = 1.25;

enum class HeatChoice { Auto, Heat, Cells };

// Grids of more elements than this (rows x columns) are built on a worker thread: whole-array
// rows of 2^20 elements take tens of milliseconds on many cores and seconds on two, and the
// window must keep answering meanwhile. Smaller grids (every lesson) are built at once, so that a
// new trace never shows a "preparing" frame.
constexpr size_t kSynchronousGridElements = size_t{1} << 22;
// How long a frame waits for the worker before it shows "preparing": long enough that a machine
// with the cores for it shows a re-captured 2^20 trace in the frame that took it.
constexpr auto kGridWait = std::chrono::milliseconds(120);

// A grid being built off the UI thread. The worker owns a reference to the trace; a job that is
// no longer wanted (the trace or scale changed) finishes on its own and is dropped.
struct HeatGridJob {
  std::shared_ptr<const Trace> trace;
  HeatGridRequest request;
  HeatGrid grid;
  std::promise<void> finished;
  std::shared_future<void> done = finished.get_future().share();
  bool ready() const { return done.wait_for(std::chrono::seconds(0)) == std::future_status::ready; }
};

}  // namespace

// The heat view of the trace on screen: the user's choices are kept until the trace changes; the
// renderer (shaders, textures) lives as long as the window.
struct HeatViewState {
  std::shared_ptr<const Trace> trace;
  HeatChoice choice = HeatChoice::Auto;
  HeatScale scale = HeatScale::Log;
  HeatColorBy colorBy = HeatColorBy::Values;
  HeatViewport viewport;
  int columns = 1;
  ValueRange range;
  bool uploaded = false;
  HeatScale uploadedScale = HeatScale::Log;
  // The finest pyramid level uploaded: a new trace gets the levels its window needs first, the
  // finer ones when it is zoomed in (HeatGrid::finestLevel).
  int uploadedFinest = 0;
  float cellWidthAtZoom1 = kMinCellWidth;  // measured from the cell scene, to hit a cell width
  bool dragged = false;
  std::optional<HeatViewport> requested;  // --heat-window, for the next trace
  // With whole-array rows, the cells show the block under the window (block_slice.h).
  std::shared_ptr<const Trace> slice;
  int sliceBlock = -1;
  std::shared_ptr<HeatGridJob> job;  // a grid on its way (kSynchronousGridElements)
  std::unique_ptr<HeatRenderer> renderer = std::make_unique<HeatRenderer>();
};

namespace {

// The state follows the trace on screen: a new trace starts with its own defaults.
HeatViewState& followTrace(HeatViewState& s, const AppState& app) {
  if (s.trace != app.shown().trace) {
    s.trace = app.shown().trace;
    s.slice.reset();
    s.sliceBlock = -1;
    s.choice = HeatChoice::Auto;
    s.uploaded = false;
    if (s.trace) {
      s.scale = defaultHeatScale(*s.trace);
      s.range = traceValueRange(*s.trace);
      s.columns = std::max(1, heatColumns(*s.trace));
      s.viewport = fullViewport(s.columns);
      if (s.requested) {
        s.viewport = clampViewport(*s.requested, s.columns, 1);
        s.choice = HeatChoice::Heat;
        s.requested.reset();
      }
    }
  }
  return s;
}

Rgb toRgb(Color c) {
  return {c.r / 255.0f, c.g / 255.0f, c.b / 255.0f};
}

void finishUpload(HeatViewState& s, const HeatGrid& grid) {
  s.renderer->upload(grid);
  s.uploaded = true;
  s.uploadedScale = s.scale;
  s.uploadedFinest = grid.finestLevel;
}

// The grid goes to the GPU once per trace, and again when the scale changes: first the levels
// from one finer than `neededLevel` on (every element is read once for them, but they are a few
// texels a pixel), the whole pyramid once the window needs a finer level than those. A large grid
// is built on a worker (kSynchronousGridElements); `uploaded` stays false until the first one
// arrives, and the coarse levels are drawn while the finer ones are on their way.
void ensureUploaded(HeatViewState& s, int neededLevel) {
  const bool current = s.uploaded && s.uploadedScale == s.scale;
  if (current && s.uploadedFinest <= neededLevel) return;
  if (!current) s.uploaded = false;
  if (!s.renderer->ready()) return;
  const int finest = current ? 0 : std::max(0, neededLevel - 1);
  if (s.job && s.job->trace == s.trace && s.job->request.scale == s.scale &&
      s.job->request.finestLevel <= neededLevel) {
    // A frame of a trace that has nothing on screen yet waits a little: the grid is usually
    // there before a frame would have gone by.
    if (!(s.job->ready() ||
          (!current && s.job->done.wait_for(kGridWait) == std::future_status::ready)))
      return;
    finishUpload(s, s.job->grid);
    s.job.reset();
    return;
  }
  const HeatGridRequest request{
      .trace = s.trace.get(),
      .scale = s.scale,
      .range = s.range,
      .textureWidth = s.renderer->textureWidth(heatGridTexels(*s.trace, finest)),
      .finestLevel = finest};
  const size_t elements = s.trace->steps.size() * static_cast<size_t>(s.columns);
  if (elements <= kSynchronousGridElements || !kThreadsAvailable) {
    s.job.reset();
    finishUpload(s, buildHeatGrid(request));
    return;
  }
  auto job = std::make_shared<HeatGridJob>();
  job->trace = s.trace;
  job->request = request;
  s.job = job;
  std::thread([job] {
    job->grid = buildHeatGrid(job->request);
    job->finished.set_value();
  }).detach();
  if (!current && job->done.wait_for(kGridWait) == std::future_status::ready) {
    finishUpload(s, job->grid);
    s.job.reset();
  }
}

void toolbar(HeatViewState& s) {
  int by = s.colorBy == HeatColorBy::Writes ? 1 : 0;
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Colour");
  ImGui::SameLine();
  ImGui::RadioButton("values", &by, 0);
  ImGui::SameLine();
  ImGui::RadioButton("writes", &by, 1);
  s.colorBy = by ? HeatColorBy::Writes : HeatColorBy::Values;
  ImGui::SameLine(0, ImGui::GetFontSize() * 1.5f);
  bool log = s.scale == HeatScale::Log;
  if (ImGui::Checkbox("log scale", &log)) s.scale = log ? HeatScale::Log : HeatScale::Linear;
  ImGui::SameLine(0, ImGui::GetFontSize() * 1.5f);
  if (ImGui::Button("Whole array")) s.viewport = fullViewport(s.columns);
  ImGui::SameLine();
  if (ImGui::Button("Plain cells (H)")) s.choice = HeatChoice::Cells;
  ImGui::SameLine();
  helpMarker(
      "Every element is one column of colour: dark purple for small values, yellow for large "
      "(viridis, readable in greyscale and with colour-vision deficiencies).\n\nThe strip is the "
      "step on screen; the marks under it are the elements it wrote. Below, every step of the "
      "run is one row, time flowing down: the shape of the writes is the algorithm.\n\nWheel: "
      "zoom at the pointer, down to cells with their values. Drag: pan. Double-click: the "
      "whole array. Click a row: show that step. H: plain cells.");
}

struct CellColumns {
  float x0 = 0;  // where element 0's cell starts
  float width = 0;
  bool ok = false;
};

// The cell view's columns, measured from the centres of its main row of cells.
CellColumns measureCells(const Scene& scene) {
  const SceneRect* a = nullptr;
  const SceneRect* b = nullptr;
  for (const SceneRect& r : scene.rects) {
    if (r.role != "cell" && r.role != "cell-written" && r.role != "cell-padding") continue;
    if (!a || r.index < a->index) a = &r;
    if (!b || r.index > b->index) b = &r;
  }
  CellColumns c;
  if (!a || !b || a->index == b->index) return c;
  const float ca = a->x + 0.5f * a->w, cb = b->x + 0.5f * b->w;
  c.width = (cb - ca) / static_cast<float>(b->index - a->index);
  c.x0 = ca - (static_cast<float>(a->index) + 0.5f) * c.width;
  c.ok = c.width > 0;
  return c;
}

bool fixedRole(const std::string& role) {
  static const std::set<std::string> fixed = {
      "title",         "explanation", "row-label",  "legend",      "legend-swatch",
      "results-title", "check-pass",  "check-fail", "result-pass", "result-fail"};
  return fixed.count(role) > 0;
}

// The cell scene split into what stays put (title, row labels, legend) and what scrolls with the
// window, the latter moved so that element `first` starts at the cells' left edge.
struct CellsPicture {
  Scene fixed;
  Scene moving;
  CellColumns columns;
  float height = 0;
};

CellsPicture splitCells(Scene&& scene, const CellColumns& c, double first) {
  CellsPicture p;
  p.columns = c;
  p.height = scene.height;
  const float dx = -static_cast<float>(first) * c.width;
  for (SceneRect& r : scene.rects) {
    if (!fixedRole(r.role)) r.x += dx;
    (fixedRole(r.role) ? p.fixed : p.moving).rects.push_back(std::move(r));
  }
  for (SceneLine& l : scene.lines) {
    l.x1 += dx;
    l.x2 += dx;
    p.moving.lines.push_back(std::move(l));
  }
  for (SceneText& t : scene.texts) {
    if (!fixedRole(t.role)) {
      t.x += dx;
      t.hoverX += dx;
    }
    (fixedRole(t.role) ? p.fixed : p.moving).texts.push_back(std::move(t));
  }
  return p;
}

// What the cells show: with whole-array rows, the section of the block under the middle of the
// window (and `first` becomes an index into that section); else the trace's recorded section.
const Trace& cellsTrace(HeatViewState& s, double& first) {
  if (!hasWholeArrayRows(*s.trace)) return *s.trace;
  const int block = blockOfElement(*s.trace, std::llround(first + 0.5 * s.viewport.span));
  if (!s.slice || s.sliceBlock != block) {
    s.slice = std::make_shared<const Trace>(blockSlice(*s.trace, block));
    s.sliceBlock = block;
  }
  first -= static_cast<double>(block) * s.trace->meta.sectionSize;
  return *s.slice;
}

// The cell view of the window, at the cell width the zoom asks for.
CellsPicture buildCells(UiContext& ui, HeatViewState& s, float width, float height,
                        float cellWidth) {
  const ArraySceneStyle style = viewSceneStyle(ui);
  double first = s.viewport.first;
  ArraySceneRequest rq;
  rq.trace = &cellsTrace(s, first);
  rq.step = ui.state.playback.step();
  rq.width = width;
  rq.height = height;
  rq.withExplanation = ui.state.presentation;
  const auto build = [&] {
    rq.zoom = std::max(1.0f, cellWidth / s.cellWidthAtZoom1);
    const float left = static_cast<float>(first) * cellWidth;
    rq.visibleLeft = left - width * 0.25f;
    rq.visibleRight = left + width * 1.25f;
    return buildArrayScene(rq, style, ui.palette, fontMeasure(ui.fonts));
  };
  Scene scene = build();
  CellColumns c = measureCells(scene);
  // The cells grow in proportion to the zoom: one measurement fixes a wrong first guess.
  if (c.ok && std::fabs(c.width - cellWidth) > 0.01f * cellWidth) {
    s.cellWidthAtZoom1 = c.width / rq.zoom;
    scene = build();
    c = measureCells(scene);
  }
  return splitCells(std::move(scene), c, first);
}

// What the cell view drew, as one scene for the frame report.
Scene mergedCells(CellsPicture&& p) {
  Scene s = std::move(p.moving);
  s.height = p.height;
  for (SceneRect& r : p.fixed.rects) s.rects.push_back(std::move(r));
  for (SceneText& t : p.fixed.texts) s.texts.push_back(std::move(t));
  return s;
}

HeatRegion toRegion(const HeatRect& r, ImVec2 fb) {
  return {static_cast<int>(std::lround(r.x * fb.x)), static_cast<int>(std::lround(r.y * fb.y)),
          static_cast<int>(std::lround(r.w * fb.x)), static_cast<int>(std::lround(r.h * fb.y))};
}

HeatColors heatColors(const ViewPalette& p) {
  return {toRgb(p.background), toRgb(p.paddingFill), toRgb(p.paddingHatch), toRgb(p.writtenFill),
          toRgb(p.cellFill)};
}

// Renders the regions of the frame and puts the pictures where the scene left room for them.
void drawImages(UiContext& ui, HeatViewState& s, const HeatScene& hs, const HeatViewport& window,
                ImVec2 origin, ImVec2 size) {
  const ImVec2 fb = ImGui::GetIO().DisplayFramebufferScale;
  HeatDraw d;
  d.width = static_cast<int>(std::lround(size.x * fb.x));
  d.height = static_cast<int>(std::lround(size.y * fb.y));
  d.viewport = window;
  d.step = ui.state.playback.step();
  d.colorBy = s.colorBy;
  d.colors = heatColors(ui.palette);
  d.strip = toRegion(hs.strip, fb);
  d.writes = toRegion(hs.writes, fb);
  d.spaceTime = toRegion(hs.spaceTime, fb);
  const unsigned texture = s.renderer->draw(d);
  if (!texture) return;
  ImDrawList& dl = *ImGui::GetWindowDrawList();
  const auto image = [&](const HeatRect& r) {
    if (r.empty()) return;
    // The picture's first row is at the bottom (GL); the uv flip shows it upright.
    const ImVec2 uv0(r.x / size.x, 1 - r.y / size.y);
    const ImVec2 uv1((r.x + r.w) / size.x, 1 - (r.y + r.h) / size.y);
    dl.AddImage(reinterpret_cast<ImTextureID>(static_cast<intptr_t>(texture)),
                ImVec2(origin.x + r.x, origin.y + r.y),
                ImVec2(origin.x + r.x + r.w, origin.y + r.y + r.h), uv0, uv1);
  };
  image(hs.strip);
  image(hs.writes);
  image(hs.spaceTime);
}

// Element e of a step's whole-array row: which block's section it is in, when the row is made of
// sections, its value, and whether the step wrote it.
std::string wholeElementTip(const Trace& t, int row, int e) {
  const TraceStep& st = t.steps[static_cast<size_t>(row)];
  if (e < 0 || e >= static_cast<int>(wholeValidElements(t, st)))
    return "element " + std::to_string(e) + ": past the end of the array";
  const double v = decodeValueBits(st.wholeBits[static_cast<size_t>(e)], t.meta.dtype);
  std::string tip;
  if (isSectionStep(st)) {
    const int width = std::max<int>(1, static_cast<int>(st.values.size()));
    tip = "block " + std::to_string(e / width) + ": XY[" + std::to_string(e % width) + "]";
  } else {
    tip = "Y[" + std::to_string(e) + "]";
  }
  tip += " = " + formatValue(v, t.meta.dtype);
  if (wholeElementWritten(t, row, static_cast<size_t>(e))) tip += "\nwritten in this step";
  return tip;
}

// The element and step under the pointer, with what the trace says about it.
void showTooltip(const HeatViewState& s, const HeatScene& hs, const HeatViewport& window,
                 ImVec2 origin, int step) {
  const ImVec2 m = ImGui::GetIO().MousePos;
  const float x = m.x - origin.x, y = m.y - origin.y;
  int row = -1;
  const HeatRect* r = nullptr;
  for (const HeatRect* c : {&hs.strip, &hs.writes})
    if (c->contains(x, y)) r = c, row = step;
  if (hs.spaceTime.contains(x, y)) {
    r = &hs.spaceTime;
    row = rowAtY(y - r->y, r->h, static_cast<int>(s.trace->steps.size()));
  }
  if (!r || row < 0) return;
  const int e = static_cast<int>(std::floor(elementAtX(window, x - r->x, r->w)));
  const TraceStep& st = s.trace->steps[static_cast<size_t>(row)];
  std::string tip = "step " + std::to_string(row) + ": " + st.label + "\n";
  if (!st.wholeBits.empty()) {
    tip += wholeElementTip(*s.trace, row, e);
  } else if (e < 0 || e >= static_cast<int>(st.values.size())) {
    tip += "element " + std::to_string(e) + ": not in this step's array";
  } else {
    const std::string name = (st.array == "section"  ? "XY["
                              : st.array == "global" ? "Y["
                                                     : "sums[") +
                             std::to_string(st.offset + e) + "]";
    tip += name + " = " + formatValue(st.values[static_cast<size_t>(e)], s.trace->meta.dtype);
    if (e >= validElements(*s.trace, row)) tip += "\npadding: the identity";
    if (writtenElements(*s.trace, row)[static_cast<size_t>(e)]) tip += "\nwritten in this step";
  }
  ImGui::SetTooltip("%s", tip.c_str());
}

void handleInput(UiContext& ui, HeatViewState& s, const HeatScene& hs, const HeatViewport& window,
                 ImVec2 origin, double minSpan) {
  const ImGuiIO& io = ImGui::GetIO();
  const HeatRect& image = hs.spaceTime;
  const double width = image.w;
  if (ImGui::IsItemHovered() && io.MouseWheel != 0) {
    const double anchor = (io.MousePos.x - origin.x - image.x) / std::max(1.0, width);
    const double f = std::pow(kWheelZoom, io.MouseWheel);
    s.viewport = zoomViewport(s.viewport, f, anchor, s.columns, minSpan);
  }
  if (ImGui::IsItemActivated()) s.dragged = false;
  if (ImGui::IsItemActive() && ImGui::IsMouseDragging(ImGuiMouseButton_Left, 3)) {
    s.dragged = true;
    s.viewport =
        panViewport(s.viewport, io.MouseDelta.x, window.span > 0 ? width : 1, s.columns, minSpan);
  }
  if (ImGui::IsItemHovered() && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left))
    s.viewport = fullViewport(s.columns);
  // A click (not a drag) on a row of the space-time image shows that step.
  const float y = io.MousePos.y - origin.y;
  if (ImGui::IsItemDeactivated() && !s.dragged && image.contains(io.MousePos.x - origin.x, y)) {
    const int row = rowAtY(y - image.y, image.h, static_cast<int>(s.trace->steps.size()));
    if (row >= 0) {
      ui.state.playback.pause();
      ui.state.playback.setStep(row);
    }
  }
}

nlohmann::json rectJson(const HeatRect& r, ImVec2 origin, ImVec2 fb) {
  return {(origin.x + r.x) * fb.x, (origin.y + r.y) * fb.y, r.w * fb.x, r.h * fb.y};
}

void report(UiContext& ui, const HeatViewState& s, const HeatScene& hs, bool cells, ImVec2 origin,
            double imageWidth) {
  const ImVec2 fb = ImGui::GetIO().DisplayFramebufferScale;
  ui.report.sceneOriginX = origin.x * fb.x;
  ui.report.sceneOriginY = origin.y * fb.y;
  ui.report.panels["heat"] = {
      {"mode", cells ? "cells" : "heat"},
      {"columns", s.columns},
      {"rows", s.trace->steps.size()},
      {"step", ui.state.playback.step()},
      {"viewport", {s.viewport.first, s.viewport.span}},
      {"level", heatLevelFor(elementsPerPixel(s.viewport, imageWidth), s.renderer->levels())},
      {"finest_level_uploaded", s.renderer->finestLevel()},
      {"range", {s.range.min, s.range.max}},
      {"scale", s.scale == HeatScale::Log ? "log" : "linear"},
      {"color_by", s.colorBy == HeatColorBy::Writes ? "writes" : "values"},
      {"strip", rectJson(hs.strip, origin, fb)},
      {"writes", rectJson(hs.writes, origin, fb)},
      {"space_time", rectJson(hs.spaceTime, origin, fb)},
      {"error", s.renderer->error()},
      {"renders", s.renderer->renders()},
      {"heat_scene", sceneToJson(hs.scene)}};
}

// What one frame of the heat view draws: its scene and images, and the cells when the window is
// zoomed in far enough.
struct HeatFrame {
  HeatScene heat;
  CellsPicture cells;
  bool showsCells = false;
  HeatViewport window;    // of the images: under the cells, as many elements as they show
  double imageWidth = 0;  // the strip's width, which the zoom arithmetic works with
  double minSpan = 1;     // the deepest zoom: cells as wide as the cell view makes them
};

HeatFrame layoutFrame(UiContext& ui, HeatViewState& s, ImVec2 size) {
  HeatFrame f;
  const ArraySceneStyle style = viewSceneStyle(ui);
  const MeasureText measure = fontMeasure(ui.fonts);
  f.imageWidth = heatImageWidth(size.x, style, measure);
  f.minSpan = spanForCellWidth(f.imageWidth, kWidestCellWidth * ui.scale);
  s.viewport = clampViewport(s.viewport, s.columns, f.minSpan);
  f.showsCells = showsCells(s.viewport, f.imageWidth, kLegibleCellWidth * ui.scale);
  HeatSceneRequest rq;
  rq.trace = s.trace.get();
  rq.step = ui.state.playback.step();
  rq.viewport = s.viewport;
  rq.width = size.x;
  rq.height = size.y;
  rq.range = s.range;
  rq.scale = s.scale;
  rq.colorByWrites = s.colorBy == HeatColorBy::Writes;
  if (f.showsCells) {
    const float cellWidth = static_cast<float>(cellWidthPx(s.viewport, f.imageWidth));
    f.cells = buildCells(ui, s, size.x, 0.6f * size.y, cellWidth);
    rq.cellsHeight = std::min(f.cells.height, 0.75f * size.y);
    rq.cellsLabelWidth = f.cells.columns.ok ? f.cells.columns.x0 : 0;
  }
  f.heat = buildHeatScene(rq, style, ui.palette, measure);
  f.window = s.viewport;
  // Below the cells the image keeps their width per element, so that columns line up.
  if (f.showsCells && f.cells.columns.ok)
    f.window.span = f.heat.spaceTime.w / f.cells.columns.width;
  return f;
}

// The finest pyramid level the frame's images read: the widest region's.
int neededLevel(const HeatViewState& s, const HeatFrame& f) {
  const float scale = ImGui::GetIO().DisplayFramebufferScale.x;
  const float widest = std::max({f.heat.strip.w, f.heat.writes.w, f.heat.spaceTime.w}) * scale;
  return heatLevelFor(elementsPerPixel(f.window, std::lround(widest)), heatLevelCount(s.columns));
}

void drawFrame(UiContext& ui, HeatViewState& s, const HeatFrame& f, ImVec2 origin, ImVec2 size) {
  drawImages(ui, s, f.heat, f.window, origin, size);
  ImDrawList& dl = *ImGui::GetWindowDrawList();
  drawScene(dl, f.heat.scene, origin, ui.fonts);
  if (!f.showsCells) return;
  // The cells scroll with the window under their fixed row labels.
  const float left = f.cells.columns.ok ? f.cells.columns.x0 : 0;
  const float bottom = std::min(f.cells.height, 0.75f * size.y);
  dl.PushClipRect(ImVec2(origin.x + left, origin.y), ImVec2(origin.x + size.x, origin.y + bottom),
                  true);
  drawScene(dl, f.cells.moving, origin, ui.fonts);
  dl.PopClipRect();
  drawScene(dl, f.cells.fixed, origin, ui.fonts);
  if (ImGui::IsItemHovered()) showSceneTooltip(f.cells.moving, origin);
}

}  // namespace

HeatView::HeatView() : s_(std::make_unique<HeatViewState>()) {}
HeatView::~HeatView() = default;

bool HeatView::busy() const {
  return s_->job != nullptr && s_->job->trace == s_->trace;
}

bool HeatView::shown(const AppState& state) {
  if (!state.hasTrace()) return false;
  const HeatViewState& s = followTrace(*s_, state);
  if (s.choice != HeatChoice::Auto) return s.choice == HeatChoice::Heat;
  const int step = state.playback.step();
  const auto& steps = state.trace().steps;
  return step >= 0 && step < static_cast<int>(steps.size()) &&
         static_cast<int>(steps[static_cast<size_t>(step)].values.size()) > kCellViewMaxElements;
}

void HeatView::draw(UiContext& ui) {
  HeatViewState& s = followTrace(*s_, ui.state);
  // The cell view may have left the shared window scrolled; this view fits it exactly.
  if (ImGui::GetScrollX() != 0) ImGui::SetScrollX(0);
  if (ImGui::GetScrollY() != 0) ImGui::SetScrollY(0);
  toolbar(s);
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const ImVec2 size(std::max(1.0f, ImGui::GetContentRegionAvail().x),
                    std::max(1.0f, ImGui::GetContentRegionAvail().y - 1));
  HeatFrame frame = layoutFrame(ui, s, size);
  ensureUploaded(s, neededLevel(s, frame));
  if (!s.renderer->error().empty()) {
    ImGui::TextWrapped("%s", s.renderer->error().c_str());
    return;
  }
  if (!s.uploaded) {
    ImGui::TextWrapped("Preparing the heat view: %s elements over %zu steps...",
                       groupedCount(heatColumns(*s.trace)).c_str(), s.trace->steps.size());
    return;
  }
  // One item for the whole canvas: hovering or dragging it is hovering the heat view.
  ImGui::InvisibleButton("heat-canvas", size);
  drawFrame(ui, s, frame, origin, size);
  handleInput(ui, s, frame.heat, frame.window, origin, frame.minSpan);
  if (ImGui::IsItemHovered() && !ImGui::IsItemActive())
    showTooltip(s, frame.heat, frame.window, origin, ui.state.playback.step());
  report(ui, s, frame.heat, frame.showsCells, origin, frame.imageWidth);
  ui.report.arrayScene = frame.showsCells ? mergedCells(std::move(frame.cells)) : frame.heat.scene;
}

void HeatView::applyOptions(const LaunchOptions& options) {
  HeatViewState& s = *s_;
  if (options.heatWindow)
    s.requested = HeatViewport{options.heatWindow->first, options.heatWindow->second};
  if (options.heatWrites) s.colorBy = HeatColorBy::Writes;
}

void HeatView::toggle(const AppState& state) {
  const bool heat = shown(state);
  followTrace(*s_, state).choice = heat ? HeatChoice::Cells : HeatChoice::Heat;
}

}  // namespace scanviz
