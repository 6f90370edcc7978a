// What the window's views keep from frame to frame, in one object: the App owns it (one per
// window) and hands it to every panel as UiContext::views. No view keeps state in a
// function-static variable, so a test can draw a view with state of its own, beside the window's.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "app/core/backends/deadlock_report.h"
#include "app/core/lesson/race_roulette.h"
#include "app/core/trace/trace.h"
#include "app/scene/figure_kinds.h"
#include "app/ui/views/class_mode.h"
#include "app/ui/views/heat_view.h"
#include "app/ui/views/timeline_panel.h"

namespace scanviz {

// The array view's natural height for the last step, width and sizes it was asked about: the
// layout asks every frame, the answer changes only with them.
struct ArrayHeightCache {
  struct Key {
    std::shared_ptr<const Trace> trace;  // held, so that a new trace never reuses the address
    int step = -1;
    float width = 0, scale = 0;
    bool presentation = false;
    bool symbolic = false;
    bool operator==(const Key&) const = default;
  };
  Key key;
  float height = 0;
};

// The structure figure's deadlock (deadlock_scene.h), found again from the controls'
// configuration when the banner reports one; kept until the banner changes.
struct DeadlockFigureCache {
  std::string bannerText;
  std::optional<DeadlockReport> report;
};

// The race roulette the structure figure shows for the one-barrier lesson (roulette_scene.h): a
// few hundred runs at three block sizes, run again only when the lesson's block size changes.
struct RouletteFigureCache {
  int blockSize = 0;  // 0: not run yet
  size_t shown = 0;
  std::vector<RouletteResult> sizes;
};

struct ViewStates {
  HeatView heat;
  TimelinePanelState timeline;
  ArrayHeightCache arrayHeight;
  DeadlockFigureCache deadlock;
  RouletteFigureCache roulette;
  bool chainFlags =
      false;  // a chained run's figure shows its flags and fences (chain_flags_scene.h)
  ClassModeState classMode;
  // Which figure the figure view shows (View > Structure figure, Bank conflicts, Dependence graph).
  FigureKind figure = FigureKind::Structure;
  int figureFollowedStep = -1;  // the step whose written rows the figure last scrolled to
  // The View menu's UI-scale slider while it is dragged: the fonts are rebuilt on release.
  float pendingUiScale = 0;
  // --show-recent: File > Open recent opens by itself (pictures of the menu).
  bool showRecentMenu = false;
};

}  // namespace scanviz
