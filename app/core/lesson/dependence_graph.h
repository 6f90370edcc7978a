// Work and depth as a graph (seed 001, PMPP 8.3's "work efficiency"): a one-block run as the
// directed acyclic graph of its operator applications, and Brent's schedule of that graph on P
// processors. GUI-free; app/scene/dependence_graph_scene.h draws it.
//
// A node per operator application (a trace edge (dst, src) of a step), so the nodes are the work
// W. Each application reads two operands, the cells dst and src (src -1: the thread's own input
// x_dst); an operand's value comes from the application that last wrote that cell, from an input
// x_i (the load), or is the identity (Blelloch's cleared root, the exclusive shift's first cell),
// and Blelloch's swap moves a value to another cell without an application. Threads of one step
// read what the earlier steps left (a barrier separates them); a thread that applies the operator
// several times in a step (a coarsened scan's subsection) reads its own earlier results.
//
// A node's level is the longest chain of applications ending in it (1: it reads inputs only), and
// the depth D is the largest level: the critical path. It can be shorter than the run's barrier
// steps (analysis.h's depth counts every step that applies the operator; in Brent-Kung's and
// Blelloch's down-sweeps some elements wait at barriers for work they do not depend on).
// Brent's theorem packs the graph level by level: level l's w_l nodes take ceil(w_l / P) time
// units on P processors, and the sum T_P is at most W/P + D.
#pragma once

#include <string>
#include <vector>

#include "app/core/trace/trace.h"

namespace scanviz {

// The graph is built for one block's run of up to this many elements (the figure draws a column
// an element).
constexpr long long kMaxGraphElements = 32;

// Where an operand's value comes from.
struct Operand {
  enum class From { Node, Input, Identity };
  From from = From::Identity;
  int index = -1;  // the node (Node) or the input element (Input)
  bool operator==(const Operand&) const = default;
};

struct GraphNode {
  int step = 0;     // the trace step that applied it
  int element = 0;  // the cell it wrote (the edge's dst)
  int source = -1;  // the edge's src: the other operand's cell, -1 for the thread's own input
  int thread = 0;
  std::vector<Operand> operands;  // the dst cell's old value, then the other operand
  int level = 1;                  // the longest chain of applications ending here
};

struct DependenceGraph {
  std::vector<GraphNode> nodes;    // in trace order: step by step, each step's edges in order
  int depth = 0;                   // D: the largest level (0 without nodes)
  std::vector<int> criticalPath;   // node ids of one longest chain, first application first
  std::vector<int> nodesPerLevel;  // w_1 .. w_D at [0] .. [D-1]
  long long work() const { return static_cast<long long>(nodes.size()); }
  std::vector<int> predecessors(int node) const;  // the operands' nodes, without repeats
};

// Why this trace has no dependence graph (a grid-level run, too many elements, a step that
// counts applications it does not list); empty when it has one.
std::string dependenceGraphProblem(const Trace& t);

// The graph of the whole run; the trace has no dependenceGraphProblem.
DependenceGraph dependenceGraph(const Trace& t);

// Brent's schedule of the graph on P processors: each level's nodes, P at a time.
struct BrentSchedule {
  int processors = 1;
  std::vector<std::vector<int>> units;  // per time unit, the nodes run in it (at most P)
  int time() const { return static_cast<int>(units.size()); }  // T_P
  double bound = 0;                                            // W/P + D
  std::vector<int> unitOf;  // per node, the time unit that runs it
};
BrentSchedule brentSchedule(const DependenceGraph& g, int processors);

}  // namespace scanviz
