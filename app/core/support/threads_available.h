// Whether this build can start threads. The desktop can; the web page cannot (emscripten without
// -pthread, so that any static server serves it without cross-origin isolation), and runs such
// work on the calling thread, which is the browser's main loop.
#pragma once

namespace scanviz {

#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
inline constexpr bool kThreadsAvailable = false;
#else
inline constexpr bool kThreadsAvailable = true;
#endif

}  // namespace scanviz
