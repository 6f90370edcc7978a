#include "app/ui/shell/frame_loop.h"

namespace scanviz {

int runFrameLoop(FrameStep frame, FramesFinished finished) {
  while (frame()) {
  }
  return finished();
}

}  // namespace scanviz
