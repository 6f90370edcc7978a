#include "app/scene/applications/application_scene.h"

#include <algorithm>
#include <sstream>

#include "app/scene/applications/domain_scene_parts.h"
#include "app/scene/scene_text.h"

namespace scanviz {
namespace {

// Indexed by ApplicationId: a missing builder is a compile error.
constexpr DomainBuilder* kBuilders[] = {buildSandwichScene,      buildLineOfSightScene,
                                        buildPolynomialScene,    buildBackwardScanScene,
                                        buildCompactionScene,    buildRadixSortScene,
                                        buildQuicksortStepScene, buildSparseMatrixVectorScene};
static_assert(std::size(kBuilders) == static_cast<size_t>(ApplicationId::Count),
              "every application needs a domain picture");

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

}  // namespace

float domainMargin(const DomainSceneContext& ctx) {
  return ctx.style.labelSize;
}

std::vector<int> labelRows(const std::vector<AxisLabel>& labels, float gap) {
  std::vector<int> rows;
  const auto fits = [&](const AxisLabel& l, int row, bool leaders) {
    for (size_t j = 0; j < rows.size(); ++j) {
      const AxisLabel& o = labels[j];
      if (rows[j] == row && o.left < l.right + gap && l.left < o.right + gap) return false;
      if (!leaders) continue;
      if (rows[j] < row && o.left - gap < l.anchor && l.anchor < o.right + gap) return false;
      if (rows[j] > row && l.left - gap < o.anchor && o.anchor < l.right + gap) return false;
    }
    return true;
  };
  const int tries = static_cast<int>(labels.size()) + 1;
  for (const AxisLabel& l : labels) {
    // A label nearer the axis may stand on this anchor in every row: then only the labels of
    // one row are kept apart, and a leader may cross a label.
    int row = 0;
    while (row < tries && !fits(l, row, true)) ++row;
    if (row == tries)
      for (row = 0; !fits(l, row, false);) ++row;
    rows.push_back(row);
  }
  return rows;
}

void addCellRow(Scene& s, const DomainSceneContext& ctx, float x, float y, float cellWidth,
                float cellHeight, const std::vector<std::string>& values, Color fill,
                Color textColor, const std::string& role) {
  const float size = std::min(ctx.style.smallSize, cellHeight * 0.6f);
  for (size_t i = 0; i < values.size(); ++i) {
    SceneRect r;
    r.x = x + static_cast<float>(i) * cellWidth;
    r.y = y;
    r.w = cellWidth;
    r.h = cellHeight;
    r.fill = fill;
    r.stroke = ctx.palette.cellStroke;
    r.strokeWidth = 1;
    r.role = role;
    r.index = static_cast<int>(i);
    s.rects.push_back(r);
    const std::string shown = fitCellText(values[i], cellWidth, size, false, ctx.measure);
    SceneText& t =
        addSceneText(s, r.x + cellWidth / 2, y + (cellHeight - size) / 2, shown, textColor, size,
                     false, TextAlign::Center, role + "-value", static_cast<int>(i));
    if (shown != values[i]) {
      t.tooltip = values[i];
      t.hoverX = r.x, t.hoverY = r.y, t.hoverW = r.w, t.hoverH = r.h;
    }
  }
}

Scene buildApplicationScene(const ApplicationRun& run, const DomainSceneContext& ctx) {
  Scene s;
  s.width = ctx.width;
  const ApplicationInfo& info = applicationInfo(run.id);
  const float margin = domainMargin(ctx);
  const float title = ctx.style.titleSize;
  addSceneText(s, margin, margin * 0.5f, std::string(info.title), ctx.palette.text, title, true,
               TextAlign::Left, "title");
  float y = kBuilders[static_cast<size_t>(run.id)](s, run, ctx, margin * 0.5f + title * 1.6f);
  // The answer in words, wrapped to the width.
  y += ctx.style.labelSize * 0.8f;
  for (const std::string& line : lines(run.answer))
    for (const std::string& part :
         wrapWords(line, ctx.width - 2 * margin, ctx.style.labelSize, false, ctx.measure)) {
      addSceneText(s, margin, y, part, ctx.palette.text, ctx.style.labelSize, false,
                   TextAlign::Left, "answer");
      y += ctx.style.labelSize * 1.35f;
    }
  s.height = y + margin * 0.5f;
  return s;
}

}  // namespace scanviz
