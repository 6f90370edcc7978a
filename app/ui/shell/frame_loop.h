// Who drives the window's frames, the platform seam of the frame loop. The desktop loops until
// `frame` returns false, calls `finished` and returns its status. The page (frame_loop_web.cpp)
// hands `frame` to the browser's animation loop and never returns: the browser must get control
// back between frames to show them; `finished`'s status then goes to the page's script. So the
// objects that `frame` uses must not live in the caller's stack frame.
#pragma once

#include <functional>

namespace scanviz {

using FrameStep = std::function<bool()>;  // draws one frame; false: that was the last one
using FramesFinished = std::function<int()>;

int runFrameLoop(FrameStep frame, FramesFinished finished);

}  // namespace scanviz
