// The sandwich, to scale: each person's piece between two cuts, labelled inside when it fits and
// above with a leader line when it does not; the cut positions (the inclusive sum) under it; a
// request of 0 inches marked at its cut; the inches nobody asked for hatched at the end.
#include <algorithm>
#include <cmath>
#include <string>

#include "app/core/applications/application_scan.h"
#include "app/scene/applications/domain_scene_parts.h"
#include "app/scene/scene_text.h"

namespace scanviz {
namespace {

struct Label {
  float x = 0;  // centre
  std::string text;
  Color color;
  float anchorX = 0;  // where its leader line points on the bar
};

// Labels in rows above (or below) the bar, each row clear of the others; returns the rows used.
int placeLabels(Scene& s, const DomainSceneContext& ctx, const std::vector<Label>& labels,
                float barEdge, bool above, const std::string& role) {
  const float size = ctx.style.smallSize;
  const float rowHeight = size * 1.3f;
  std::vector<AxisLabel> spans;
  for (const Label& l : labels) {
    const float w = ctx.measure(l.text, size, false);
    spans.push_back({l.x - w / 2, l.x + w / 2, l.anchorX});
  }
  const std::vector<int> rows = labelRows(spans, size * 0.5f);
  int used = 0;
  for (size_t i = 0; i < labels.size(); ++i) {
    used = std::max(used, rows[i] + 1);
    const float offset = static_cast<float>(rows[i]) * rowHeight + size * 0.4f;
    const float y = above ? barEdge - offset - size : barEdge + offset;
    addSceneText(s, labels[i].x, y, labels[i].text, labels[i].color, size, false, TextAlign::Center,
                 role, static_cast<int>(i));
    if (rows[i] > 0 || labels[i].anchorX != labels[i].x) {
      SceneLine leader;
      leader.x1 = labels[i].x;
      leader.y1 = above ? y + size : y;
      leader.x2 = labels[i].anchorX;
      leader.y2 = barEdge;
      leader.color = ctx.palette.textDim;
      leader.role = role + "-leader";
      leader.index = static_cast<int>(i);
      s.lines.push_back(leader);
    }
  }
  return used;
}

}  // namespace

float buildSandwichScene(Scene& s, const ApplicationRun& run, const DomainSceneContext& ctx,
                         float y0) {
  const ViewPalette& p = ctx.palette;
  const std::vector<double>& requests = run.input.values;
  const std::vector<double>& cuts = run.result;
  const double length = run.input.parameters[0];
  const float left = domainMargin(ctx), right = ctx.width - left;
  const auto xAt = [&](double inches) {
    return left + static_cast<float>(inches / length) * (right - left);
  };
  const float size = ctx.style.smallSize;

  // The labels of the pieces: inside the bar where they fit, else above it.
  std::vector<Label> outside;
  std::vector<std::pair<size_t, std::string>> inside;
  for (size_t i = 0; i < requests.size(); ++i) {
    const double from = i == 0 ? 0 : cuts[i - 1];
    const std::string text = "P" + std::to_string(i + 1) + ": " + formatNumber(requests[i]);
    const float x0 = xAt(from), x1 = xAt(cuts[i]);
    if (requests[i] == 0) continue;  // no piece: named at its cut, under the bar
    if (ctx.measure(text, size, false) + size * 0.4f <= x1 - x0)
      inside.emplace_back(i, text);
    else
      outside.push_back({(x0 + x1) / 2, text, p.text, (x0 + x1) / 2});
  }
  const double used = cuts.empty() ? 0 : cuts.back();
  const std::string leftoverText = formatNumber(length - used) + " in left over";
  const bool leftoverInside = ctx.measure(leftoverText, size, true) + size <= right - xAt(used);
  if (used < length && !leftoverInside)
    outside.push_back({(xAt(used) + right) / 2, leftoverText, p.text, (xAt(used) + right) / 2});
  // A first pass finds how many rows the labels above need, so that the bar sits under them.
  Scene probe;
  const int rowsAbove = outside.empty() ? 0 : placeLabels(probe, ctx, outside, 0, true, "probe");
  const float barTop = y0 + static_cast<float>(rowsAbove) * size * 1.3f + size * 0.6f;
  const float barHeight = ctx.style.valueSize * 1.4f;
  placeLabels(s, ctx, outside, barTop, true, "piece-label");

  for (size_t i = 0; i < requests.size(); ++i) {
    SceneRect r;
    r.x = xAt(i == 0 ? 0 : cuts[i - 1]);
    r.w = xAt(cuts[i]) - r.x;
    r.y = barTop;
    r.h = barHeight;
    r.fill = i % 2 == 0 ? p.writtenFill : p.beforeFill;
    r.stroke = p.cellStroke;
    r.strokeWidth = 1;
    r.role = "piece";
    r.index = static_cast<int>(i);
    s.rects.push_back(r);
  }
  for (const auto& [i, text] : inside) {
    const float x = xAt(i == 0 ? 0 : cuts[i - 1]) / 2 + xAt(cuts[i]) / 2;
    addSceneText(s, x, barTop + (barHeight - size) / 2, text,
                 i % 2 == 0 ? p.writtenText : p.beforeText, size, false, TextAlign::Center,
                 "piece-label-inside", static_cast<int>(i));
  }
  if (used < length) {
    SceneRect rest;
    rest.x = xAt(used);
    rest.w = right - rest.x;
    rest.y = barTop;
    rest.h = barHeight;
    rest.fill = p.paddingFill;
    rest.stroke = p.paddingHatch;
    rest.strokeWidth = 1;
    rest.hatched = true;
    rest.role = "leftover";
    s.rects.push_back(rest);
    if (leftoverInside)
      addSceneText(s, rest.x + rest.w / 2, barTop + (barHeight - size) / 2, leftoverText, p.text,
                   size, true, TextAlign::Center, "leftover-label");
  }
  // The cuts: a line across the bar at every running sum; cuts at one place drawn once, with
  // the people who asked for 0 inches named at theirs (two cuts, no piece between them).
  std::vector<Label> positions = {{left, "0", p.textDim, left}};
  for (size_t i = 0; i < cuts.size(); ++i) {
    if (requests[i] == 0) {
      Label& at = positions.back();
      const std::string person = "P" + std::to_string(i + 1);
      at.text += at.color == p.fail ? ", " + person : " (" + person;
      at.color = p.fail;
      continue;
    }
    const float x = xAt(cuts[i]);
    SceneLine cut;
    cut.x1 = cut.x2 = x;
    cut.y1 = barTop - size * 0.3f;
    cut.y2 = barTop + barHeight + size * 0.3f;
    cut.color = p.text;
    cut.width = 2.5f;
    cut.role = "cut";
    cut.index = static_cast<int>(i);
    s.lines.push_back(cut);
    positions.push_back({x, formatNumber(cuts[i]), p.text, x});
  }
  for (Label& l : positions)
    if (l.color == p.fail) l.text += ": 0 in, no piece)";
  if (used < length) positions.push_back({right, formatNumber(length), p.textDim, right});
  const int rowsBelow =
      placeLabels(s, ctx, positions, barTop + barHeight + size * 0.3f, false, "cut-position");
  float y =
      barTop + barHeight + size * 0.3f + static_cast<float>(rowsBelow) * size * 1.3f + size * 0.6f;
  addSceneText(
      s, left, y,
      "cut positions (inches) = inclusive sum of the requests " + joinNumbers(requests, 16),
      p.textDim, size, false, TextAlign::Left, "caption");
  return y + size * 1.3f;
}

}  // namespace scanviz
