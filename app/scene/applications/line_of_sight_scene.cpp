// The terrain profile seen from the side: a column per grid point at its distance from the
// viewpoint X, the eye at X's height, a ray from the eye to every point (solid to the visible
// ones, dashed to the hidden ones), the points coloured; under it the scan as a table: each
// point's angle, the largest angle before it (the exclusive max-scan) and the verdict.
#include <algorithm>
#include <cmath>
#include <string>

#include "app/core/applications/application_scan.h"
#include "app/core/trace/value_format.h"
#include "app/scene/applications/domain_scene_parts.h"
#include "app/scene/scene_text.h"

namespace scanviz {
namespace {

constexpr size_t kMaxRays = 96;          // more rays than this are a grey blur: visible ones only
constexpr size_t kMaxTableColumns = 24;  // the table's cells stay legible up to this many points

std::string angleText(double a) {
  if (std::isinf(a)) return a < 0 ? "-∞" : "∞";
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.1f°", a);
  return buffer;
}

}  // namespace

float buildLineOfSightScene(Scene& s, const ApplicationRun& run, const DomainSceneContext& ctx,
                            float y0) {
  const ViewPalette& p = ctx.palette;
  const float margin = domainMargin(ctx);
  const std::vector<double>& heights = run.input.values;
  const double eye = run.input.parameters[0];
  const Trace& scan = run.scans[0].trace;  // input: the angles; output: the largest before each
  const size_t n = heights.size();
  const float size = ctx.style.smallSize;

  double low = std::min(0.0, eye), high = eye;
  for (double h : heights) low = std::min(low, h), high = std::max(high, h);
  if (high - low < 1e-9) high = low + 1;
  const float plotTop = y0 + size * 0.5f, plotHeight = ctx.style.valueSize * 4.5f;
  const float plotBottom = plotTop + plotHeight;
  const float left = margin + ctx.measure("X", size, true) + size, right = ctx.width - margin;
  const float step = (right - left) / static_cast<float>(n + 1);
  const auto xAt = [&](size_t distance) {
    return left + (static_cast<float>(distance) + 0.5f) * step;
  };
  const auto yAt = [&](double h) {
    return plotBottom - static_cast<float>((h - low) / (high - low)) * plotHeight;
  };

  // Ground line and the viewpoint.
  s.lines.push_back(
      {left - size * 0.5f, yAt(low), right, yAt(low), p.cellStroke, 1, false, false, "ground", -1});
  const float eyeX = xAt(0), eyeY = yAt(eye);
  s.lines.push_back({eyeX, yAt(low), eyeX, eyeY, p.textDim, 1.5f, false, true, "viewer-post", -1});
  for (size_t i = 0; i < n; ++i) {
    SceneRect col;
    col.x = xAt(i + 1) - step * 0.4f;
    col.w = step * 0.8f;
    const float top = yAt(heights[i]), base = yAt(low);
    col.y = std::min(top, base);
    col.h = std::max(std::fabs(base - top), 1.0f);
    col.fill = p.cellFill;
    col.stroke = p.cellStroke;
    col.strokeWidth = 1;
    col.role = "terrain";
    col.index = static_cast<int>(i);
    s.rects.push_back(col);
  }
  // The rays, under the points so that the points stay readable.
  for (size_t i = 0; i < n; ++i) {
    const bool visible = run.result[i] != 0;
    if (!visible && n > kMaxRays) continue;
    SceneLine ray{eyeX,
                  eyeY,
                  xAt(i + 1),
                  yAt(heights[i]),
                  visible ? p.pass : p.textDim,
                  visible ? 2.0f : 1.0f,
                  false,
                  !visible,
                  visible ? "ray-visible" : "ray-hidden",
                  static_cast<int>(i)};
    s.lines.push_back(ray);
  }
  const float dot = std::clamp(step * 0.35f, 4.0f, size * 0.7f);
  for (size_t i = 0; i < n; ++i) {
    const bool visible = run.result[i] != 0;
    SceneRect pt;
    pt.x = xAt(i + 1) - dot / 2;
    pt.y = yAt(heights[i]) - dot / 2;
    pt.w = pt.h = dot;
    pt.rounding = dot / 2;
    pt.fill = visible ? p.pass : p.fail;
    pt.stroke = p.background;
    pt.strokeWidth = 1;
    pt.role = visible ? "point-visible" : "point-hidden";
    pt.index = static_cast<int>(i);
    s.rects.push_back(pt);
  }
  SceneRect eyeMark;
  eyeMark.x = eyeX - dot * 0.7f;
  eyeMark.y = eyeY - dot * 0.7f;
  eyeMark.w = eyeMark.h = dot * 1.4f;
  eyeMark.rounding = dot * 0.7f;
  eyeMark.fill = p.accent;
  eyeMark.role = "viewer";
  s.rects.push_back(eyeMark);
  addSceneText(s, eyeX - dot, eyeY - size * 0.5f, "X", p.text, size, true, TextAlign::Right,
               "viewer-label");

  float y = plotBottom + size * 0.6f;
  // Legend.
  const std::string legend =
      "green: visible (its angle is larger than every angle before it); "
      "red: hidden; X: the viewpoint, height " +
      formatNumber(eye);
  for (const std::string& line : wrapWords(legend, right - left, size, false, ctx.measure)) {
    addSceneText(s, left, y, line, p.textDim, size, false, TextAlign::Left, "legend");
    y += size * 1.3f;
  }
  y += size * 0.3f;
  if (n > kMaxTableColumns) {
    addSceneText(s, left, y,
                 "(the table of angles shows up to " + std::to_string(kMaxTableColumns) +
                     " points; the scan steps show them all)",
                 p.textDim, size, false, TextAlign::Left, "table-omitted");
    return y + size * 1.3f;
  }
  // The scan as a table under the columns it belongs to.
  const float rowHeight = size * 1.7f;
  const float labelX = margin;
  const std::vector<std::string> names = {"distance", "angle a_i", "max before i", "visible"};
  std::vector<std::vector<std::string>> rows(4);
  for (size_t i = 0; i < n; ++i) {
    rows[0].push_back(std::to_string(i + 1));
    rows[1].push_back(angleText(scan.input[i]));
    rows[2].push_back(angleText(scan.output[i]));
    rows[3].push_back(run.result[i] != 0 ? "yes" : "no");
  }
  const float tableLeft = std::max(xAt(1) - step * 0.5f, labelX);
  const float nameWidth = ctx.measure("max before i", size, false) + size * 0.5f;
  const float cellsLeft = std::max(tableLeft, labelX + nameWidth);
  const float cellWidth = std::min(step, (right - cellsLeft) / static_cast<float>(n));
  for (size_t r = 0; r < rows.size(); ++r) {
    addSceneText(s, cellsLeft - size * 0.4f, y + (rowHeight - size) / 2, names[r], p.textDim, size,
                 false, TextAlign::Right, "table-row-name", static_cast<int>(r));
    const Color fill = r == 2 ? p.writtenFill : p.cellFill;
    const Color text = r == 2 ? p.writtenText : p.text;
    addCellRow(s, ctx, cellsLeft, y, cellWidth, rowHeight, rows[r], fill, text,
               r == 2 ? "table-max-before" : "table-cell");
    y += rowHeight;
  }
  // Colour the verdicts.
  for (SceneText& t : s.texts)
    if (t.role == "table-cell-value" && (t.text == "yes" || t.text == "no"))
      t.color = t.text == "yes" ? p.pass : p.fail;
  return y + size * 0.4f;
}

}  // namespace scanviz
