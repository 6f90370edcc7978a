#include <emscripten.h>

#include <memory>
#include <utility>

#include "app/ui/shell/frame_loop.h"

namespace scanviz {
namespace {

struct Loop {
  FrameStep frame;
  FramesFinished finished;
  bool drawn = false;
};

// The browser calls this once per display refresh. The page's script (app/ui/web/shell.html)
// hears of the first frame (the page is ready) and of the last one (how a scripted run ended).
void step(void* arg) {
  auto* loop = static_cast<Loop*>(arg);
  const bool more = loop->frame();
  if (!loop->drawn) {
    loop->drawn = true;
    EM_ASM({
      if (Module['scanvizFirstFrame']) Module['scanvizFirstFrame']();
    });
  }
  if (more) return;
  emscripten_cancel_main_loop();
  const int status = loop->finished();
  EM_ASM(
      {
        if (Module['scanvizFinished']) Module['scanvizFinished']($0);
      },
      status);
}

}  // namespace

int runFrameLoop(FrameStep frame, FramesFinished finished) {
  // Lives as long as the page. simulate_infinite_loop leaves main by a JavaScript exception, and
  // the exception-handling wrappers on the way reset the stack pointer: what `frame` uses must be
  // on the heap (app_main.cpp), not in the callers' frames.
  static Loop loop;
  loop = Loop{std::move(frame), std::move(finished)};
  emscripten_set_main_loop_arg(step, &loop, 0, /*simulate_infinite_loop=*/1);
  return 0;  // not reached
}

}  // namespace scanviz
