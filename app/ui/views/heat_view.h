// The array view for long arrays: above what fits as cells, the step is drawn by the GLSL heat
// renderer as a strip of colour with its writes marked, over a space-time image of the whole run
// (x = element, y = step). The wheel zooms about the pointer and dragging pans, down to the point
// where elements are as wide as legible cells; there the cell view takes over the same window,
// with the space-time image still below it. H switches between this view and the plain cells.
#pragma once

#include <memory>

#include "app/core/support/non_copyable.h"
#include "app/ui/shell/app_state.h"
#include "app/ui/shell/command_line.h"
#include "app/ui/shell/commands.h"
#include "app/ui/shell/ui_context.h"

namespace scanviz {

// Steps longer than this open in the heat view; a full CUDA block (the largest section a lesson
// steps through cell by cell) still gets cells.
inline constexpr int kCellViewMaxElements = 1024;

struct HeatViewState;

// The heat view of one window: the user's choices (heat or cells, scale, colours, the window on
// the elements) for the trace on screen, its grid and its GL renderer. Owned by the window's
// ViewStates (view_states.h); nothing of it is global.
class HeatView : NonCopyable {
 public:
  HeatView();
  ~HeatView();

  // True when the heat view draws the step on screen instead of the cell view: automatically for
  // long steps, or as H chose for the lesson on screen.
  bool shown(const AppState& state);

  // True while the grid is being built on a worker for the trace on screen: frames must keep
  // coming (to upload it when it arrives), and scripted screenshots wait for it.
  bool busy() const;

  // Draws into the current window (the array view's child) and fills the frame report: the
  // scene of what it drew and panels["heat"].
  void draw(UiContext& ui);

  // --heat-window FIRST,COUNT: the next lesson to arrive opens in the heat view on those
  // elements (as cells when they are few enough to be legible); --heat-color writes: its
  // space-time image colours the writes.
  void applyOptions(const LaunchOptions& options);

  // heat-view (H, view_registry.h): the heat view and the cells, for the lesson on screen.
  void toggle(const AppState& state);

 private:
  std::unique_ptr<HeatViewState> s_;
};

}  // namespace scanviz
