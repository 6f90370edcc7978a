// Blelloch and Brent-Kung drawn on their tree (seed 003's up-sweep and down-sweep tables, PMPP
// Figs. 8.4-8.6 as a tree): a binary tree whose leaves are the section's elements, a node of
// level l over 2^l of them, its value in the working array at the last element of its range. The
// up-sweep (reduction tree) goes from the leaves down to the root, each node the combination of
// its two children; the down-sweep goes from the root back to the leaves, an hourglass read top
// to bottom as the steps go. Every row is a recorded step and every node's value is the trace's
// value at its element in that step; the arrows are the step's recorded operator applications
// (and Blelloch's moves) mapped onto the nodes they join. The nodes the current step writes are
// highlighted; later rows are drawn empty until reached. GUI-free, like every scene.
#pragma once

#include <string>
#include <vector>

#include "app/core/trace/trace.h"
#include "app/scene/figure_scene.h"

namespace scanviz {

// The tree is drawn for sections of up to this many elements: 64 leaves leave no room to read.
constexpr int kMaxTreeLeaves = 32;

// True when the trace is a one-block Blelloch or Brent-Kung run (its step kinds say so).
bool isTreeScan(const Trace& t);
// Why this tree scan has no tree figure (section too large); empty when it has one.
std::string treeFigureProblem(const Trace& t);

// One row of the tree: the nodes of one level after one step.
struct TreeRow {
  enum class Half { Up, Down };
  Half half = Half::Up;
  int level = 0;        // the nodes' level: 2^level elements under each
  int step = 0;         // the step whose values the nodes show
  bool written = true;  // the step writes this row's nodes (a row that only repeats is not)
  std::string label;    // the step's label ("up-sweep stride 2")
};
// The rows of the tree figure of a tree scan, top to bottom.
std::vector<TreeRow> treeRows(const Trace& t);
// The element of the working array that holds node m of a level: the last of its range.
inline int treeNodeElement(int level, int m) {
  return ((m + 1) << level) - 1;
}

// buildFigureScene's figure for a tree scan; it has checked figureProblem, which includes
// treeFigureProblem.
Scene buildTreeFigureScene(const FigureRequest& rq, const ArraySceneStyle& style,
                           const ViewPalette& palette, const MeasureText& measure);

}  // namespace scanviz
