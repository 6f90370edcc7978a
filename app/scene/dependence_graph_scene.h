// Work and depth as a picture (seed 001; PMPP 8.3-8.4's work efficiency; Brent's theorem): a
// one-block run drawn as its dependence graph (dependence_graph.h), a node per operator
// application in its element's column and its step's row, an arrow from each operand's
// producer, the inputs on top, one longest chain (the critical path, D nodes) lit. Beside it,
// Brent's schedule of the graph on P processors: the time units in columns, each level's nodes P
// at a time, and T_P against the bound W/P + D. Each node shows the time unit it runs in, so the
// schedule changes the graph as P moves. Nodes of steps not yet reached are drawn empty, those of
// the shown step highlighted. GUI-free, like every scene.
#pragma once

#include <string>

#include "app/core/trace/trace.h"
#include "app/scene/figure_scene.h"

namespace scanviz {

// Why this trace has no dependence graph figure (dependenceGraphProblem); empty when it has one.
std::string graphFigureProblem(const Trace& t);

// The graph of rq.trace up to rq.step (-1: the whole run), scheduled on rq.processors.
Scene buildDependenceGraphScene(const FigureRequest& rq, const ArraySceneStyle& style,
                                const ViewPalette& palette, const MeasureText& measure);

}  // namespace scanviz
