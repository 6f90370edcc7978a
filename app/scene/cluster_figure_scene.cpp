#include "app/scene/cluster_figure_scene.h"

#include <algorithm>
#include <vector>

#include "app/core/algorithms/step_kinds.h"
#include "app/core/lesson/result_check.h"
#include "app/core/trace/value_format.h"
#include "app/scene/figure_parts.h"
#include "app/scene/scene_text.h"

namespace scanviz {
namespace {

// The steps the rows come from, found by their kinds: the tiles scanned (the level-0 step before
// the gather), the cluster's totals scanned (the last level-1 step) and the prefix added.
struct ClusterFigureSteps {
  int scanned = -1;
  int totals = -1;
  int added = -1;
  int clusterBlocks = 0;  // the gather's values: one total per block of a cluster
  bool found() const { return scanned >= 0 && totals > scanned && added > totals; }
};

ClusterFigureSteps clusterFigureSteps(const Trace& t) {
  ClusterFigureSteps c;
  for (int k = 0; k < static_cast<int>(t.steps.size()); ++k) {
    const TraceStep& s = t.steps[static_cast<size_t>(k)];
    const StepKindInfo* kind = findStepKind(s.kind);
    if (kind && kind->clusterTotals) {
      if (c.totals < 0) {
        c.scanned = k - 1;
        c.clusterBlocks = static_cast<int>(s.values.size());
      }
      c.totals = k;
    } else if (s.kind == static_cast<int>(StepKind::TilePrefix) && c.totals >= 0) {
      c.added = k;
    }
  }
  if (!c.found() || c.clusterBlocks < 1 || !hasWholeArrayRows(t)) return {};
  if (t.steps[static_cast<size_t>(c.scanned)].wholeBits.empty() ||
      t.steps[static_cast<size_t>(c.added)].wholeBits.empty())
    return {};
  return c;
}

class ClusterFigureBuilder : BlockFigureBuilder {
 public:
  using BlockFigureBuilder::BlockFigureBuilder;

  Scene build() {
    steps_ = clusterFigureSteps(t_);
    C_ = steps_.clusterBlocks;
    section_ = std::max(1, t_.meta.sectionSize);
    n_ = static_cast<int>(t_.meta.n);
    blocks_ = (n_ + section_ - 1) / section_;
    clusters_ = (blocks_ + C_ - 1) / C_;
    makeRows();
    layout();
    float y = addFigureTitle(scene_, t_, "Thread-block clusters: Fig. 8.9 one level up", subtitle(),
                             pad(), pad(), rq_.width - 2 * pad(), style_, pal_, measure_);
    y = addTileNumbers(y + 0.4f * style_.labelSize);
    for (size_t r = 0; r < rows_.size(); ++r) {
      if (r > 0) y = addBand(r, y);
      rows_[r].y = y;
      y = addRow(rows_[r]);
    }
    fitWidth(cellX(blocks_));
    y = addClusterBrackets(y + 0.3f * style_.labelSize);
    return finish(addLegend(y + 0.6f * style_.labelSize));
  }

 private:
  int lastTileOf(int cluster) const { return std::min(blocks_, (cluster + 1) * C_) - 1; }

  // The blocks' numbers over the columns ("block" in the labels' column), at the back row's
  // size at least.
  float addTileNumbers(float y) {
    const float size = std::max(style_.smallSize, style_.minTextSize);
    addSceneText(scene_, pad(), y, "block", pal_.textDim, size, false, TextAlign::Left,
                 "block-number-label");
    for (int b = 0; b < blocks_; ++b)
      addSceneText(scene_, centre(b), y, std::to_string(b), pal_.textDim, size, false,
                   TextAlign::Center, "block-number", b);
    return y + 1.4f * size;
  }

  std::string subtitle() const {
    return "N = " + std::to_string(n_) + ", " + std::to_string(blocks_) + " blocks of " +
           std::to_string(section_) + " in " + std::to_string(clusters_) + " cluster" +
           (clusters_ == 1 ? "" : "s") + " of " + std::to_string(C_) +
           "; a column is a block's tile  \xC2\xB7  step " + std::to_string(shownStep_) + " of " +
           std::to_string(t_.steps.size() - 1);
  }

  // Each tile's total scanned within its cluster, in the kernel's order: a Kogge-Stone scan of
  // the cluster's C totals, the slots past the last tile the identity.
  std::vector<double> clusterScannedTotals(const std::vector<double>& scanned) const {
    const double identity = identityValue(t_.meta.op, t_.meta.dtype);
    std::vector<double> out;
    for (int k = 0; k < clusters_; ++k) {
      std::vector<double> sums(static_cast<size_t>(C_), identity);
      for (int r = 0; r < C_ && k * C_ + r < blocks_; ++r)
        sums[static_cast<size_t>(r)] = scanned[static_cast<size_t>(lastOfBlock(k * C_ + r))];
      for (int stride = 1; stride < C_; stride *= 2) {
        const std::vector<double> left = sums;
        for (int r = stride; r < C_; ++r)
          sums[static_cast<size_t>(r)] =
              combineValues(t_.meta.op, t_.meta.dtype, left[static_cast<size_t>(r - stride)],
                            sums[static_cast<size_t>(r)]);
      }
      for (int r = 0; r < C_ && k * C_ + r < blocks_; ++r)
        out.push_back(sums[static_cast<size_t>(r)]);
    }
    return out;
  }

  // One column a tile: the tiles play the part the elements play in Fig. 8.9.
  void makeRows() {
    std::vector<int> tiles, clusterLasts;
    for (int b = 0; b < blocks_; ++b) tiles.push_back(b);
    for (int k = 0; k < clusters_; ++k) clusterLasts.push_back(lastTileOf(k));
    const std::vector<double> scanned = wholeValues(steps_.scanned, n_);
    const std::vector<double> result = wholeValues(steps_.added, n_);
    std::vector<double> totals, running, prefix;
    for (int b = 0; b < blocks_; ++b) {
      totals.push_back(scanned[static_cast<size_t>(lastOfBlock(b))]);
      prefix.push_back(b == 0 ? identityValue(t_.meta.op, t_.meta.dtype)
                              : result[static_cast<size_t>(lastOfBlock(b - 1))]);
    }
    for (int b : clusterLasts) running.push_back(result[static_cast<size_t>(lastOfBlock(b))]);
    rows_.push_back({"each block's tile total",
                     "tile-total",
                     steps_.scanned,
                     totals,
                     {},
                     tiles,
                     pal_.cellFill});
    rows_.push_back({"scanned in its cluster, through DSMEM",
                     "totals",
                     steps_.totals,
                     clusterScannedTotals(scanned),
                     {},
                     tiles,
                     pal_.writtenFill});
    rows_.push_back({"running total of each cluster (look-back)",
                     "running",
                     steps_.added,
                     running,
                     {},
                     clusterLasts,
                     pal_.writtenFill});
    rows_.push_back({"each tile's prefix, added into it",
                     "prefix",
                     steps_.added,
                     prefix,
                     {},
                     tiles,
                     pal_.cellFill});
  }

  void layout() {
    std::vector<std::string> labels, texts;
    for (const FigureRow& r : rows_) {
      labels.push_back(r.label);
      for (double v : r.values) texts.push_back(formatCellValue(v, t_.meta.op, t_.meta.dtype));
    }
    labelWidth_ = figureLabelColumn(labels, rq_.width, style_.labelSize, measure_);
    x0_ = pad() + labelWidth_ + pad();
    const FigureCells cells =
        figureCells(texts, blocks_, rq_.width - x0_ - pad(), style_, measure_);
    cw_ = cells.columnWidth;
    valueSize_ = cells.valueSize;
    cellH_ = cells.cellH;
  }

  float addRow(const FigureRow& r) {
    const bool shown = reached(r.step);
    addFigureRowLabel(scene_, r.label, pad(), r.y + 0.5f * cellH_, labelWidth_, style_.labelSize,
                      false, shown ? pal_.text : pal_.textDim, measure_);
    for (size_t i = 0; i < r.columns.size() && i < r.values.size(); ++i) {
      FigureCell c;
      c.centreX = centre(r.columns[i]);
      c.y = r.y;
      c.width = cw_;
      c.height = cellH_;
      c.text = formatCellValue(r.values[i], t_.meta.op, t_.meta.dtype);
      c.tooltip =
          r.label + " [" + std::to_string(i) + "] = " + formatValue(r.values[i], t_.meta.dtype);
      c.fill = r.fill;
      c.ink = r.role == "totals" || r.role == "running" ? pal_.writtenText : pal_.text;
      c.reached = shown;
      c.role = r.role;
      c.index = static_cast<int>(i);
      addFigureCell(scene_, c, valueSize_, pal_, measure_);
    }
    return r.y + cellH_;
  }

  float arrowWidth() const { return std::clamp(0.12f * style_.labelSize, 1.0f, 0.25f * cw_); }

  void arrow(float x1, float y1, float x2, float y2, Color c, float width, const char* role,
             int index) {
    addSceneArrow(scene_, x1, y1, x2, y2, c, width, role, index);
  }

  // The band above row r and its arrows, drawn once the row's step is reached.
  float addBand(size_t r, float y) {
    const float band = std::max(2.6f * style_.labelSize, 1.4f * cellH_);
    const float top = y + 0.15f * style_.labelSize, bottom = y + band - 0.15f * style_.labelSize;
    const FigureRow& to = rows_[r];
    if (!reached(to.step)) return y + band;
    const float w = arrowWidth();
    if (to.role == "totals") {
      // Block b of a cluster reads the totals of blocks 0..b from their shared memory.
      for (int b = 0; b < blocks_; ++b)
        for (int from = b / C_ * C_; from <= b; ++from)
          arrow(centre(from), top, centre(b), bottom, from == b ? pal_.ownArrow : pal_.arrow,
                from == b ? 0.6f * w : w, "dsmem-arrow", b);
    } else if (to.role == "running") {
      for (int k = 0; k < clusters_; ++k)
        arrow(centre(lastTileOf(k)), top, centre(lastTileOf(k)), bottom, pal_.ownArrow, 0.6f * w,
              "cluster-total-arrow", k);
      addLookbackArrows(bottom + 0.15f * style_.labelSize + 0.5f * cellH_);
    } else if (to.role == "prefix") {
      addPrefixArrows(top, bottom);
    }
    return y + band;
  }

  // The running total of cluster k - 1 handed to cluster k: what its last block's look-back
  // reads from global memory.
  void addLookbackArrows(float y) {
    const float half = 0.5f * kCellBox * cw_;
    for (int k = 1; k < clusters_; ++k) {
      const float x1 = centre(lastTileOf(k - 1)) + half, x2 = centre(lastTileOf(k)) - half;
      arrow(x1, y, x2, y, pal_.arrow, 1.4f * arrowWidth(), "lookback-arrow", k);
      const std::string what = "look-back";
      if (measure_(what, style_.smallSize, false) < 0.9f * (x2 - x1))
        addSceneText(scene_, 0.5f * (x1 + x2), y - 1.3f * style_.smallSize, what, pal_.textDim,
                     style_.smallSize, false, TextAlign::Center, "lookback-label", k);
    }
  }

  // Tile b's prefix: the earlier clusters' running total (the row above) combined with the
  // total before it scanned in its own cluster (two rows above), where it has them.
  void addPrefixArrows(float top, float bottom) {
    const float w = arrowWidth();
    const float totalsBottom = rows_[1].y + cellH_;
    for (int b = 1; b < blocks_; ++b) {
      const int k = b / C_;
      if (k > 0)
        arrow(centre(lastTileOf(k - 1)), top, centre(b), bottom, pal_.arrow, w,
              "cluster-prefix-arrow", b);
      // Dashed: a value of this block's own shared memory (sums[r - 1]), not a neighbour's.
      if (b % C_ > 0)
        addSceneArrow(scene_, centre(b - 1), totalsBottom, centre(b), bottom, pal_.sourceStroke, w,
                      "in-cluster-prefix-arrow", b)
            .dashed = true;
    }
  }

  float addClusterBrackets(float y) {
    const float line = std::max(1.0f, 0.1f * style_.labelSize);
    for (int k = 0; k < clusters_; ++k) {
      const float left = cellX(k * C_) + 0.1f * cw_, right = cellX(lastTileOf(k) + 1) - 0.1f * cw_;
      addSceneLine(scene_, left, y, right, y, pal_.warpLine, line, "cluster-bracket", k);
      const std::string label = "cluster " + std::to_string(k);
      if (measure_(label, style_.smallSize, false) < right - left)
        addSceneText(scene_, 0.5f * (left + right), y + 0.25f * style_.smallSize, label,
                     pal_.textDim, style_.smallSize, false, TextAlign::Center, "cluster-label", k);
      if (k > 0)
        addSceneLine(scene_, cellX(k * C_), rows_.front().y - 0.2f * style_.labelSize,
                     cellX(k * C_), y, pal_.blockLine, 1.5f * line, "cluster-boundary", k)
            .dashed = true;
    }
    return y + 1.5f * style_.smallSize;
  }

  float addLegend(float y) {
    LegendRows rows = legendRows(y);
    const float w = arrowWidth();
    addLegendArrow(rows, pal_.arrow, w, false,
                   "a tile total read from a neighbour's shared memory (DSMEM); the earlier "
                   "clusters' total into a tile's prefix");
    addLegendArrow(rows, pal_.arrow, 1.4f * w, false,
                   "a cluster's running total read by the next cluster's look-back (global "
                   "memory)");
    addLegendArrow(rows, pal_.sourceStroke, w, true,
                   "the totals before a tile in its own cluster (already in its shared memory), "
                   "into its prefix");
    addLegendArrow(rows, pal_.ownArrow, 0.6f * w, false, "the same total, one row on");
    return rows.bottom();
  }

  ClusterFigureSteps steps_;
  std::vector<FigureRow> rows_;
  int C_ = 1, clusters_ = 0;
  float labelWidth_ = 0;
};

}  // namespace

bool isClusterScan(const Trace& t) {
  return clusterFigureSteps(t).found();
}

Scene buildClusterFigureScene(const FigureRequest& rq, const ArraySceneStyle& style,
                              const ViewPalette& palette, const MeasureText& measure) {
  return ClusterFigureBuilder(rq, style, palette, measure).build();
}

}  // namespace scanviz
