// Pieces the domain pictures share: the title, the answer under the picture, rows of value cells
// and labels placed in rows so that they never overlap.
#pragma once

#include <string>
#include <vector>

#include "app/scene/applications/application_scene.h"

namespace scanviz {

// Builders of each application's picture (one file each); y0 is where the picture starts under
// the title. Each returns the y where the picture ends.
using DomainBuilder = float(Scene& s, const ApplicationRun& run, const DomainSceneContext& ctx,
                            float y0);
DomainBuilder buildSandwichScene;
DomainBuilder buildLineOfSightScene;
DomainBuilder buildPolynomialScene;
DomainBuilder buildBackwardScanScene;
DomainBuilder buildCompactionScene;
DomainBuilder buildRadixSortScene;
DomainBuilder buildQuicksortStepScene;
DomainBuilder buildSparseMatrixVectorScene;

// The side margin of every domain picture.
float domainMargin(const DomainSceneContext& ctx);

// Labels along an axis, each with a leader line from its row to its anchor on the axis: each gets
// the first row (0 nearest the axis) where it overlaps no label of that row, no label nearer the
// axis stands on its leader, and it stands on no leader of a label farther out.
struct AxisLabel {
  float left = 0, right = 0;
  float anchor = 0;
};
std::vector<int> labelRows(const std::vector<AxisLabel>& labels, float gap);

// One row of value cells from x at y, cellWidth wide each, their text at the small size.
// The cells' role is `role`, their index the element; values that do not fit are elided, with
// the value in a tooltip.
void addCellRow(Scene& s, const DomainSceneContext& ctx, float x, float y, float cellWidth,
                float cellHeight, const std::vector<std::string>& values, Color fill,
                Color textColor, const std::string& role);

}  // namespace scanviz
