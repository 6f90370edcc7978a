#include "app/core/step_labels.h"

namespace scanviz {

std::string stepLabel(StepCode c) {
  const std::string p = std::to_string(c.param);
  switch (c.kind) {
    case StepKind::Load:
      return "load";
    case StepKind::KoggeStone:
      return "stride " + p;
    case StepKind::KoggeStoneShift:
      return "shift right by one";
    case StepKind::HillisSteele:
      return "stride " + p + " (swap buffers)";
    case StepKind::UpSweep:
      return "up-sweep stride " + p;
    case StepKind::DownSweep:
      return "down-sweep stride " + p;
    case StepKind::ClearLast:
      return "clear last element";
    case StepKind::BlellochDown:
      return "down-sweep stride " + p + " (swap and add)";
    case StepKind::ToInclusive:
      return "add own input (exclusive to inclusive)";
    case StepKind::ThreadScan:
      return "phase 1: each thread scans its subsection";
    case StepKind::SubsectionScan:
      return "phase 2: scan subsection totals, stride " + p;
    case StepKind::AddSubsection:
      return "phase 3: add preceding subsection total";
    case StepKind::WarpShuffle:
      return "warp shuffle delta " + p;
    case StepKind::WarpTotals:
      return "scan warp totals, delta " + p;
    case StepKind::AddWarpPrefix:
      return "add preceding warps' total";
    case StepKind::SequentialStep:
      return "element " + p;
    case StepKind::SectionsScanned:
      return "every section scanned";
    case StepKind::AddBlockSums:
      return "add scanned block sums";
    case StepKind::TilePrefix:
      return "add tile prefix";
    case StepKind::Count:
      break;
  }
  return "step";
}

std::string stepPhase(StepCode c) {
  switch (c.kind) {
    case StepKind::Load:
      return "load";
    case StepKind::KoggeStone:
    case StepKind::HillisSteele:
      return "scan";
    case StepKind::KoggeStoneShift:
      return "shift";
    case StepKind::UpSweep:
      return "up-sweep";
    case StepKind::DownSweep:
    case StepKind::BlellochDown:
      return "down-sweep";
    case StepKind::ClearLast:
      return "clear";
    case StepKind::ToInclusive:
      return "to-inclusive";
    case StepKind::ThreadScan:
      return "phase 1";
    case StepKind::SubsectionScan:
      return "phase 2";
    case StepKind::AddSubsection:
      return "phase 3";
    case StepKind::WarpShuffle:
      return "warp scan";
    case StepKind::WarpTotals:
      return "warp totals";
    case StepKind::AddWarpPrefix:
      return "add warp prefix";
    case StepKind::SequentialStep:
      return "sequential";
    case StepKind::SectionsScanned:
      return "scan sections";
    case StepKind::AddBlockSums:
      return "add block sums";
    case StepKind::TilePrefix:
      return "tile prefix";
    case StepKind::Count:
      break;
  }
  return "step";
}

}  // namespace scanviz
