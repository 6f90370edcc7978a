// The figures of a whole run, declared once: the structure figure (figure_scene.h), the bank
// conflicts of a step (bank_conflict_scene.h) and the dependence graph with Brent's schedule
// (dependence_graph_scene.h). Each row says what the figure is called, why a trace has none, and
// what builds it; the window's figure view and the export's figure panels
// (app/export/export_options.h) read this table. GUI-free.
#pragma once

#include <string>
#include <string_view>

#include "app/core/trace/trace.h"
#include "app/scene/figure_scene.h"

namespace scanviz {

enum class FigureKind { Structure, BankConflicts, DependenceGraph, Count };

struct FigureKindInfo {
  FigureKind kind = FigureKind::Count;  // a row left out keeps this default: a compile error
  std::string_view name;                // the View menu's entry and the figure view's choice
  std::string (*problem)(const Trace&) = nullptr;  // why a trace has no such figure; empty: it has
  Scene (*build)(const FigureRequest&, const ArraySceneStyle&, const ViewPalette&,
                 const MeasureText&) = nullptr;
  bool usesProcessors = false;  // drawn for rq.processors (the P control beside it)
};

const FigureKindInfo& figureKindInfo(FigureKind kind);
inline constexpr int kFigureKindCount = static_cast<int>(FigureKind::Count);

}  // namespace scanviz
