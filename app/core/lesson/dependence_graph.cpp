#include "app/core/lesson/dependence_graph.h"

#include <algorithm>
#include <map>

#include "app/core/algorithms/step_kinds.h"
#include "app/core/lesson/bank_accesses.h"
#include "app/core/playback/step_writes.h"
#include "app/core/playback/thread_states.h"

namespace scanviz {
namespace {

Operand fromNode(int id) {
  return {Operand::From::Node, id};
}
Operand fromInput(int i) {
  return {Operand::From::Input, i};
}

// What the cells hold after a step that applies no operator: the load puts x_i in cell i (the
// exclusive shift x_(i-1), the identity first); Blelloch's clear puts the identity at the root.
// False for a step whose kind writes what its edges say.
bool storeWithoutOperator(const TraceStep& s, std::vector<Operand>& cells) {
  const StepKindInfo* kind = findStepKind(s.kind);
  const StepWrites writes = kind ? kind->writes : StepWrites::FromEdges;
  if (writes == StepWrites::EveryValidElement) {
    const bool shift = s.kind == static_cast<int>(StepKind::KoggeStoneShift);
    for (size_t i = 0; i < cells.size(); ++i) {
      const int from = shift ? static_cast<int>(i) - 1 : static_cast<int>(i);
      cells[i] = from < 0 ? Operand{} : fromInput(from);
    }
    return true;
  }
  if (writes == StepWrites::LastElement) {
    if (!cells.empty()) cells.back() = Operand{};
    return true;
  }
  return false;
}

void addStep(DependenceGraph& g, int step, const TraceStep& s, std::vector<Operand>& cells) {
  if (storeWithoutOperator(s, cells)) return;
  const std::vector<Operand> before = cells;
  const std::vector<EdgeOwner> owners = edgeOwners(s);
  // A thread reads what it wrote earlier in the step; other threads' writes wait for the barrier.
  std::map<int, std::map<int, int>> ownWrites;  // thread -> cell -> node
  const auto read = [&](int thread, int cell) {
    const auto& own = ownWrites[thread];
    if (const auto it = own.find(cell); it != own.end()) return fromNode(it->second);
    return before[static_cast<size_t>(cell)];
  };
  for (const CellMove& m : stepMoves(s))
    cells[static_cast<size_t>(m.dst)] = before[static_cast<size_t>(m.src)];
  for (size_t j = 0; j < s.edges.size(); ++j) {
    const auto [dst, src] = s.edges[j];
    GraphNode n{.step = step, .element = dst, .source = src, .thread = owners[j].thread};
    n.operands = {read(n.thread, dst), src >= 0 ? read(n.thread, src) : fromInput(dst)};
    for (const Operand& o : n.operands)
      if (o.from == Operand::From::Node)
        n.level = std::max(n.level, g.nodes[static_cast<size_t>(o.index)].level + 1);
    const int id = static_cast<int>(g.nodes.size());
    g.nodes.push_back(std::move(n));
    ownWrites[owners[j].thread][dst] = id;
    cells[static_cast<size_t>(dst)] = fromNode(id);
  }
}

std::vector<int> longestChain(const DependenceGraph& g) {
  if (g.nodes.empty()) return {};
  // The last node of the deepest level: the run's final applications end the picture.
  int at = 0;
  for (int i = 0; i < static_cast<int>(g.nodes.size()); ++i)
    if (g.nodes[static_cast<size_t>(i)].level >= g.nodes[static_cast<size_t>(at)].level) at = i;
  std::vector<int> chain{at};
  while (g.nodes[static_cast<size_t>(at)].level > 1) {
    for (const int p : g.predecessors(at))
      if (g.nodes[static_cast<size_t>(p)].level == g.nodes[static_cast<size_t>(at)].level - 1) {
        at = p;
        break;
      }
    chain.push_back(at);
  }
  std::reverse(chain.begin(), chain.end());
  return chain;
}

}  // namespace

std::vector<int> DependenceGraph::predecessors(int node) const {
  std::vector<int> out;
  for (const Operand& o : nodes[static_cast<size_t>(node)].operands)
    if (o.from == Operand::From::Node && std::find(out.begin(), out.end(), o.index) == out.end())
      out.push_back(o.index);
  return out;
}

std::string dependenceGraphProblem(const Trace& t) {
  if (t.steps.empty()) return "The trace has no steps.";
  const long long cells = std::max<long long>(t.meta.n, t.meta.sectionSize);
  bool oneSection = t.meta.blocksTotal <= 1;
  long long listed = 0, counted = 0;
  for (const TraceStep& s : t.steps) {
    oneSection = oneSection && isSectionStep(s) && s.level == 0;
    listed += static_cast<long long>(s.edges.size());
    counted += s.ops;
  }
  if (!oneSection)
    return "The dependence graph is drawn for one block's scan (a section of up to " +
           std::to_string(kMaxGraphElements) +
           " elements); this run has several blocks: the structure figure (G) shows it.";
  if (cells > kMaxGraphElements)
    return "The dependence graph draws a column an element, for sections of up to " +
           std::to_string(kMaxGraphElements) + " elements; this one has " + std::to_string(cells) +
           ": choose a smaller N.";
  if (listed != counted)
    return "The trace counts " + std::to_string(counted) + " operator applications but lists " +
           std::to_string(listed) + ", so its graph cannot be drawn.";
  return {};
}

DependenceGraph dependenceGraph(const Trace& t) {
  DependenceGraph g;
  const size_t cells = t.steps.empty() ? 0 : t.steps.front().values.size();
  std::vector<Operand> held(cells);
  for (size_t i = 0; i < cells; ++i) held[i] = fromInput(static_cast<int>(i));
  for (size_t k = 0; k < t.steps.size(); ++k) addStep(g, static_cast<int>(k), t.steps[k], held);
  for (const GraphNode& n : g.nodes) g.depth = std::max(g.depth, n.level);
  g.nodesPerLevel.assign(static_cast<size_t>(g.depth), 0);
  for (const GraphNode& n : g.nodes) ++g.nodesPerLevel[static_cast<size_t>(n.level - 1)];
  g.criticalPath = longestChain(g);
  return g;
}

BrentSchedule brentSchedule(const DependenceGraph& g, int processors) {
  BrentSchedule b;
  b.processors = std::max(1, processors);
  b.bound = static_cast<double>(g.work()) / b.processors + g.depth;
  b.unitOf.assign(g.nodes.size(), -1);
  for (int level = 1; level <= g.depth; ++level) {
    std::vector<int> ready;
    for (int i = 0; i < static_cast<int>(g.nodes.size()); ++i)
      if (g.nodes[static_cast<size_t>(i)].level == level) ready.push_back(i);
    for (size_t first = 0; first < ready.size(); first += static_cast<size_t>(b.processors)) {
      const size_t last = std::min(ready.size(), first + static_cast<size_t>(b.processors));
      for (size_t i = first; i < last; ++i) b.unitOf[static_cast<size_t>(ready[i])] = b.time();
      b.units.emplace_back(ready.begin() + static_cast<std::ptrdiff_t>(first),
                           ready.begin() + static_cast<std::ptrdiff_t>(last));
    }
  }
  return b;
}

}  // namespace scanviz
