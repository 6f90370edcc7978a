#include "app/scene/dependence_graph_scene.h"

#include <algorithm>

#include "app/core/lesson/analysis.h"
#include "app/core/lesson/dependence_graph.h"
#include "app/core/trace/value_format.h"
#include "app/scene/figure_parts.h"
#include "app/scene/scene_text.h"
#include "app/scene/slide_sizes.h"

namespace scanviz {
namespace {

// A node's (and an input box's) side over the text it holds.
constexpr float kNodeOverText = 1.6f;

class GraphFigureBuilder : protected FigureBuilderBase {
 public:
  using FigureBuilderBase::FigureBuilderBase;

  Scene build() {
    sz_ = slideSizes(rq_.width, rq_.height, style_);
    g_ = dependenceGraph(t_);
    brent_ = brentSchedule(g_, rq_.processors);
    for (int id : g_.criticalPath) onPath_.push_back(id);
    const float top =
        addFigureTitle(scene_, t_, "Work and depth", subtitle(), sz_.margin, sz_.margin,
                       rq_.width - 2 * sz_.margin, sz_.text, pal_, measure_) +
        0.6f * sz_.text.labelSize;
    const float inner = rq_.width - 2 * sz_.margin;
    graphRight_ = sz_.margin + 0.55f * inner;
    const float graphBottom = addGraph(top);
    const float scheduleBottom = addSchedule(graphRight_ + sz_.text.labelSize, top);
    const float y = addLegend(std::max(graphBottom, scheduleBottom) + 0.5f * sz_.text.labelSize);
    fitWidth(rq_.width - pad());
    // A slide: the whole height it was given, however little the graph needs.
    return finish(std::max(y + sz_.margin, sz_.height) - pad());
  }

 private:
  std::string subtitle() const {
    return "A node is one application of the operator, an arrow brings it an operand, the "
           "longest chain is lit; Brent runs each level P at a time.";
  }

  bool reached(const GraphNode& n) const { return n.step <= shownStep_; }
  bool critical(int id) const {
    return std::find(onPath_.begin(), onPath_.end(), id) != onPath_.end();
  }

  // ---- the graph: the inputs in a row, then a row a step, a column an element ----------------
  // Rows are the steps that apply the operator, not the levels: an application that reads the
  // identity (Blelloch's cleared root and what its swap moves) can sit at the level of an earlier
  // one in its column, and a row a step keeps every node apart and the barriers visible.
  float addGraph(float top) {
    const int cells = static_cast<int>(t_.steps.front().values.size());
    rowOfStep_.assign(t_.steps.size(), 0);
    std::vector<int> steps;  // the steps that apply the operator, in order (nodes come in order)
    for (const GraphNode& n : g_.nodes)
      if (steps.empty() || steps.back() != n.step) steps.push_back(n.step);
    for (size_t r = 0; r < steps.size(); ++r)
      rowOfStep_[static_cast<size_t>(steps[r])] = static_cast<int>(r) + 1;
    const float legendH = 3.5f * sz_.text.smallSize + sz_.margin;
    // A node holds its time unit, and an input box its name, at the small size or more (the back
    // row's 28 px on a projected screen): rows never get too low for such a node.
    const float smallestNode = kNodeOverText * sz_.text.smallSize;
    rowH_ = std::clamp((sz_.height - top - legendH) / static_cast<float>(steps.size() + 1),
                       std::max(1.2f * sz_.text.labelSize, smallestNode / 0.6f),
                       5.0f * sz_.text.labelSize);
    // The steps' own labels (without their parenthesised notes) where they fit a row in at most
    // three lines, else the steps' numbers.
    const float column = 0.22f * (graphRight_ - sz_.margin);
    const int lines = std::min(3, static_cast<int>(rowH_ / (1.25f * sz_.text.smallSize)));
    std::vector<std::string> labels{"inputs"};
    for (int k : steps) {
      std::string label = t_.steps[static_cast<size_t>(k)].label;
      label = label.substr(0, label.find(" ("));
      const size_t need = wrapWords(label, column, sz_.text.smallSize, true, measure_).size();
      labels.push_back(static_cast<int>(need) <= lines ? label : "step " + std::to_string(k));
    }
    const float labelW = figureLabelColumn(labels, 5 * column, sz_.text.smallSize, measure_) +
                         0.5f * sz_.text.labelSize;
    left_ = sz_.margin + labelW;
    colW_ = (graphRight_ - left_) / static_cast<float>(std::max(1, cells));
    node_ =
        std::max(smallestNode, std::min({0.78f * colW_, 0.6f * rowH_, 2.0f * sz_.text.labelSize}));
    top_ = top;
    for (size_t r = 0; r < labels.size(); ++r)
      addFigureRowLabel(scene_, labels[r], sz_.margin, rowY(static_cast<int>(r)),
                        labelW - 0.4f * sz_.text.labelSize, sz_.text.smallSize, false, pal_.textDim,
                        measure_, static_cast<int>(r));
    for (int i = 0; i < cells; ++i) addInput(i);
    for (int id = 0; id < static_cast<int>(g_.nodes.size()); ++id) addArrows(id);
    for (int id = 0; id < static_cast<int>(g_.nodes.size()); ++id) addNode(id);
    return top_ + static_cast<float>(labels.size()) * rowH_;
  }

  float columnX(int element) const { return left_ + (static_cast<float>(element) + 0.5f) * colW_; }
  float rowY(int row) const { return top_ + (static_cast<float>(row) + 0.5f) * rowH_; }
  float nodeY(int id) const {
    return rowY(rowOfStep_[static_cast<size_t>(g_.nodes[static_cast<size_t>(id)].step)]);
  }

  void addInput(int i) {
    const float w = std::min(0.9f * colW_, 2.4f * sz_.text.labelSize), h = node_;
    SceneRect& r = addSceneRect(scene_, columnX(i) - 0.5f * w, rowY(0) - 0.5f * h, w, h,
                                pal_.beforeFill, "graph-input", i);
    r.stroke = pal_.cellStroke;
    r.strokeWidth = 1;
    r.rounding = 0.15f * h;
    const std::string text = "x" + std::to_string(i);
    const float size =
        std::max(sz_.text.smallSize, std::min(sz_.text.labelSize, h / kNodeOverText));
    if (measure_(text, size, false) < 0.95f * w)
      addSceneText(scene_, columnX(i), rowY(0) - 0.5f * size, text, pal_.beforeText, size, false,
                   TextAlign::Center, "graph-input-label", i);
  }

  void addArrows(int id) {
    const GraphNode& n = g_.nodes[static_cast<size_t>(id)];
    const float x2 = columnX(n.element), y2 = nodeY(id) - 0.5f * node_;
    for (const Operand& o : n.operands) {
      if (o.from == Operand::From::Identity) continue;
      const bool fromNode = o.from == Operand::From::Node;
      const int column = fromNode ? g_.nodes[static_cast<size_t>(o.index)].element : o.index;
      const bool lit = fromNode && critical(id) && critical(o.index);
      const float y1 = fromNode ? nodeY(o.index) + 0.5f * node_ : rowY(0) + 0.4f * node_;
      SceneLine& line = addSceneArrow(scene_, columnX(column), y1, x2, y2,
                                      lit          ? pal_.accent
                                      : reached(n) ? pal_.arrow
                                                   : pal_.textDim,
                                      (lit ? 0.16f : 0.06f) * sz_.text.smallSize,
                                      lit ? "graph-critical" : "graph-edge", id);
      line.dashed = !reached(n);
    }
  }

  void addNode(int id) {
    const GraphNode& n = g_.nodes[static_cast<size_t>(id)];
    const bool now = n.step == shownStep_;
    const Color fill = !reached(n) ? Color{0, 0, 0, 0} : now ? pal_.writtenFill : pal_.cellFill;
    SceneRect& r =
        addSceneRect(scene_, columnX(n.element) - 0.5f * node_, nodeY(id) - 0.5f * node_, node_,
                     node_, fill, reached(n) ? "graph-node" : "graph-node-pending", id);
    r.rounding = 0.5f * node_;
    r.stroke = critical(id) ? pal_.accent : reached(n) ? pal_.cellStroke : pal_.textDim;
    r.strokeWidth = critical(id) ? 0.14f * sz_.text.smallSize : 1.5f;
    if (!reached(n)) return;
    // The time unit Brent's schedule runs it in: the graph and the schedule read together.
    const std::string text = std::to_string(brent_.unitOf[static_cast<size_t>(id)] + 1);
    const float size =
        std::max(sz_.text.smallSize, std::min(sz_.text.labelSize, node_ / kNodeOverText));
    SceneText& label = addSceneText(scene_, columnX(n.element), nodeY(id) - 0.5f * size, text,
                                    now ? pal_.writtenText : pal_.text, size, true,
                                    TextAlign::Center, "graph-node-unit", id);
    label.tooltip = "step " + std::to_string(n.step) + " (" +
                    t_.steps[static_cast<size_t>(n.step)].label + "), thread " +
                    std::to_string(n.thread) + ": XY[" + std::to_string(n.element) + "] " +
                    (n.source >= 0 ? "combined with XY[" + std::to_string(n.source) + "]"
                                   : "combined with x" + std::to_string(n.element)) +
                    "; level " + std::to_string(n.level) + ", time unit " + text;
    label.hoverX = r.x;
    label.hoverY = r.y;
    label.hoverW = r.w;
    label.hoverH = r.h;
  }

  // ---- Brent's schedule: time units in columns, processors in rows ------------------------------
  float addSchedule(float x, float top) {
    const float right = rq_.width - sz_.margin;
    const float size = sz_.text.labelSize;
    int widest = 1;
    for (int w : g_.nodesPerLevel) widest = std::max(widest, w);
    const int rows = std::min(brent_.processors, widest);  // processors that ever get work
    float y = addSentences(x, top, right, size);
    const float labelW =
        measure_("P" + std::to_string(rows), sz_.text.smallSize, false) + 0.4f * size;
    const float slotW = std::min(
        2.2f * size, (right - x - labelW) / static_cast<float>(std::max(1, brent_.time())));
    const float slotH = std::clamp(slotW, 0.5f * size, 1.4f * size);
    y = addLevelBrackets(x + labelW, y + 0.4f * size, slotW);
    for (int p = 0; p < rows; ++p)
      addSceneText(scene_, x,
                   y + (static_cast<float>(p) + 0.5f) * slotH - 0.5f * sz_.text.smallSize,
                   "P" + std::to_string(p + 1), pal_.textDim, sz_.text.smallSize, false,
                   TextAlign::Left, "schedule-processor", p);
    for (int u = 0; u < brent_.time(); ++u) {
      const auto& unit = brent_.units[static_cast<size_t>(u)];
      for (size_t p = 0; p < unit.size(); ++p)
        addSlot(unit[p], x + labelW + static_cast<float>(u) * slotW,
                y + static_cast<float>(p) * slotH, slotW, slotH);
    }
    y += static_cast<float>(rows) * slotH + 0.3f * size;
    addSceneText(scene_, x + labelW, y, "time unit 1 to " + std::to_string(brent_.time()),
                 pal_.textDim, sz_.text.smallSize, false, TextAlign::Left, "schedule-axis");
    y += 1.4f * sz_.text.smallSize;
    if (brent_.processors > rows)
      y = addWrappedText(scene_,
                         "At most " + std::to_string(widest) +
                             " applications are ever ready "
                             "together: the other " +
                             std::to_string(brent_.processors - rows) + " processors idle.",
                         x, y, right - x, sz_.text.smallSize, false, pal_.textDim, "schedule-idle",
                         1.3f, measure_);
    return y;
  }

  // W, D and Brent's bound, the lines the figure exists for.
  float addSentences(float x, float y, float right, float size) {
    const auto line = [&](const std::string& text, const std::string& role, Color color) {
      y = addWrappedText(scene_, text, x, y, right - x, size, true, color, role, 1.3f, measure_);
    };
    line("W = " + std::to_string(g_.work()) + " applications (nodes)", "graph-work", pal_.text);
    line("D = " + std::to_string(g_.depth) + " (the lit chain)", "graph-depth", pal_.accent);
    const RunCounts c = countRun(t_);
    if (c.depth != g_.depth)
      y = addWrappedText(scene_,
                         "The run's barrier steps count " + std::to_string(c.depth) +
                             ": some applications wait at a barrier for work they do not need.",
                         x, y, right - x, sz_.text.smallSize, false, pal_.textDim, "graph-barriers",
                         1.3f, measure_);
    y += 0.3f * size;
    line("P = " + std::to_string(brent_.processors) + ":  T_P = " + std::to_string(brent_.time()),
         "brent-time", pal_.text);
    line("\xE2\x89\xA4 W/P + D = " + std::to_string(g_.work()) + "/" +
             std::to_string(brent_.processors) + " + " + std::to_string(g_.depth) + " = " +
             formatQuantity(brent_.bound),
         "brent-bound", pal_.pass);
    return y;
  }

  // Which time units run which level: Brent's proof, ceil(w_l / P) units for level l.
  float addLevelBrackets(float x, float y, float slotW) {
    const float size = sz_.text.smallSize;
    int unit = 0;
    for (int l = 1; l <= g_.depth; ++l) {
      const int w = g_.nodesPerLevel[static_cast<size_t>(l - 1)];
      const int units = (w + brent_.processors - 1) / brent_.processors;
      const float x0 = x + static_cast<float>(unit) * slotW,
                  x1 = x0 + static_cast<float>(units) * slotW;
      addSceneLine(scene_, x0 + 2, y + 1.3f * size, x1 - 2, y + 1.3f * size, pal_.textDim, 2,
                   "schedule-level", l);
      const std::string label = measure_("level " + std::to_string(l), size, false) < x1 - x0
                                    ? "level " + std::to_string(l)
                                    : std::to_string(l);
      if (measure_(label, size, false) < x1 - x0 + 0.2f * slotW)
        addSceneText(scene_, 0.5f * (x0 + x1), y, label, pal_.textDim, size, false,
                     TextAlign::Center, "schedule-level-label", l);
      unit += units;
    }
    return y + 1.6f * size;
  }

  void addSlot(int id, float x, float y, float w, float h) {
    const GraphNode& n = g_.nodes[static_cast<size_t>(id)];
    const bool odd = n.level % 2 == 1;
    SceneRect& r = addSceneRect(scene_, x + 0.06f * w, y + 0.06f * h, 0.88f * w, 0.88f * h,
                                odd ? pal_.cellFill : pal_.beforeFill, "schedule-slot", id);
    r.stroke = critical(id) ? pal_.accent : pal_.cellStroke;
    r.strokeWidth = critical(id) ? 0.12f * sz_.text.smallSize : 1;
    const std::string text = std::to_string(n.element);
    const float size = std::min(sz_.text.smallSize, 0.55f * h);
    if (size >= 11 && measure_(text, size, false) < 0.8f * w)
      addSceneText(scene_, x + 0.5f * w, y + 0.5f * (h - size), text,
                   odd ? pal_.text : pal_.beforeText, size, false, TextAlign::Center,
                   "schedule-element", id);
  }

  float addLegend(float y) {
    LegendRows rows(&scene_, measure_, sz_.margin, rq_.width - sz_.margin, y, sz_.text.smallSize,
                    1.5f, pal_.text);
    const LegendRows::Place at = rows.add(rows.swatchSide(), "applied in the shown step");
    addSceneRect(scene_, at.x, at.y, rows.swatchSide(), rows.swatchSide(), pal_.writtenFill,
                 "legend-swatch")
        .rounding = 0.5f * rows.swatchSide();
    const LegendRows::Place path = rows.add(2 * rows.swatchSide(), "the critical path");
    addSceneArrow(scene_, path.x, path.y + 0.5f * rows.swatchSide(), path.x + 2 * rows.swatchSide(),
                  path.y + 0.5f * rows.swatchSide(), pal_.accent, 0.16f * sz_.text.smallSize,
                  "legend-arrow");
    rows.add(0, "number in a node: its time unit; in a slot: the element it writes");
    return rows.bottom();
  }

  SlideSizes sz_;
  DependenceGraph g_;
  BrentSchedule brent_;
  std::vector<int> onPath_;
  std::vector<int> rowOfStep_;  // per step, its row of nodes (0: none; the inputs are row 0)
  float graphRight_ = 0, left_ = 0, top_ = 0, colW_ = 0, rowH_ = 0, node_ = 0;
};

}  // namespace

std::string graphFigureProblem(const Trace& t) {
  return dependenceGraphProblem(t);
}

Scene buildDependenceGraphScene(const FigureRequest& rq, const ArraySceneStyle& style,
                                const ViewPalette& palette, const MeasureText& measure) {
  if (!rq.trace || !graphFigureProblem(*rq.trace).empty()) return {};
  return GraphFigureBuilder(rq, style, palette, measure).build();
}

}  // namespace scanviz
