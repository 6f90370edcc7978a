// Splits [0, count) into contiguous chunks run on up to the machine's cores, for loops over large
// arrays whose iterations are independent (the heat view's rows of 2^20 elements, which the window
// rebuilds after every re-capture). Small counts run on the calling thread.
#pragma once

#include <algorithm>
#include <cstddef>
#include <thread>
#include <vector>

#include "app/core/support/threads_available.h"

namespace scanviz {

// body(begin, end) for every chunk; returns when all are done. `minChunk`: iterations below which
// a thread is not worth starting.
template <class Body>
void forEachChunk(size_t count, size_t minChunk, Body body) {
  const size_t cores = kThreadsAvailable ? std::max(1u, std::thread::hardware_concurrency()) : 1;
  const size_t chunks = std::clamp<size_t>(count / std::max<size_t>(1, minChunk), 1, cores);
  if (chunks <= 1) {
    body(size_t{0}, count);
    return;
  }
  std::vector<std::thread> threads;
  threads.reserve(chunks - 1);
  const size_t step = (count + chunks - 1) / chunks;
  for (size_t begin = step; begin < count; begin += step)
    threads.emplace_back([&body, begin, end = std::min(count, begin + step)] { body(begin, end); });
  body(0, std::min(count, step));
  for (std::thread& t : threads) t.join();
}

}  // namespace scanviz
