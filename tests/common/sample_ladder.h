// A latency ladder as one H200 measured it (2026-12-02, docs/gpu-results.md), for the tests of its
// model and its figure: four rungs timed, the two a lone GPU cannot time saying why.
#pragma once

#include "app/core/bench/ladder.h"

namespace scanviz {

inline LadderReport sampleLadder() {
  LadderReport r;
  r.device = "NVIDIA H200";
  r.driverVersion = "13.0";
  r.date = "2026-12-02T16:00:23Z";
  r.gpus = 1;
  const double ns[] = {8.4, 163.5, 339.4, 851.7};
  for (const LadderRungInfo& info : kLadderRungs) {
    LadderRung rung;
    rung.id = info.id;
    if (static_cast<size_t>(info.id) < 4)
      rung.ns = ns[static_cast<size_t>(info.id)];
    else
      rung.notMeasured = "this machine has one GPU";
    r.rungs.push_back(rung);
  }
  return r;
}

}  // namespace scanviz
