#include "app/scene/figure_kinds.h"

#include <array>

#include "app/scene/bank_conflict_scene.h"
#include "app/scene/dependence_graph_scene.h"

namespace scanviz {
namespace {

constexpr std::array<FigureKindInfo, kFigureKindCount> kFigureKinds{{
    {FigureKind::Structure, "Structure figure", figureProblem, buildFigureScene},
    {FigureKind::BankConflicts, "Bank conflicts", bankFigureProblem, buildBankConflictScene},
    {FigureKind::DependenceGraph, "Dependence graph (work, depth, Brent)", graphFigureProblem,
     buildDependenceGraphScene, /*usesProcessors=*/true},
}};

constexpr bool rowsInOrder() {
  for (int i = 0; i < kFigureKindCount; ++i)
    if (kFigureKinds[static_cast<size_t>(i)].kind != static_cast<FigureKind>(i)) return false;
  return true;
}
static_assert(rowsInOrder(), "one row per FigureKind, in the enum's order");

}  // namespace

const FigureKindInfo& figureKindInfo(FigureKind kind) {
  return kFigureKinds[static_cast<size_t>(kind)];
}

}  // namespace scanviz
