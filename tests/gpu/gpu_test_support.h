// What the GPU tests share, written once: the skip where no CUDA device answers, and the seeded
// random inputs of the select and split tests (values in [-amplitude, amplitude], keep-flags).
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

#include "app/core/backends/cuda_backend.h"

// A macro, not a function: GTEST_SKIP() returns from the test body that calls it.
#define REQUIRE_GPU()                                                                    \
  do {                                                                                   \
    if (!scanviz::cudaStatus().available) GTEST_SKIP() << scanviz::cudaStatus().message; \
  } while (0)

namespace scanviz {

enum class FlagPattern { Random, All, None, Sparse };

// Random flags are 0 or 1 with even odds; Sparse sets about one in 97. All and None draw nothing.
inline std::vector<uint8_t> flagsOf(size_t n, FlagPattern p, unsigned seed) {
  std::mt19937 rng(seed);
  std::vector<uint8_t> f(n);
  for (auto& x : f)
    x = p == FlagPattern::All      ? 1
        : p == FlagPattern::None   ? 0
        : p == FlagPattern::Sparse ? (rng() % 97 == 0 ? 1 : 0)
                                   : static_cast<uint8_t>(rng() % 2);
  return f;
}

// Whole numbers, uniform in [-amplitude, amplitude].
template <class T>
std::vector<T> valuesOf(size_t n, unsigned seed, int amplitude) {
  std::mt19937 rng(seed);
  const auto span = static_cast<std::mt19937::result_type>(2 * amplitude + 1);
  std::vector<T> v(n);
  for (auto& x : v) x = static_cast<T>(static_cast<int>(rng() % span) - amplitude);
  return v;
}

}  // namespace scanviz
