// Host-side dispatch, checks and texts both single-pass backends share (cpu_single_pass.cpp,
// cuda_single_pass.cu), so that they run the same scheme for a request and reject the same
// requests with the same words.
#pragma once

#include <string>

#include "app/core/backends/backend.h"
#include "app/core/backends/block_dispatch.h"
#include "kernels/grid/single_pass_scheme.h"

namespace scanviz {

struct SinglePassShape {
  int section = 0;      // elements per tile
  long long tiles = 0;  // blocks of the launch (0 for an empty input)
};

// The shape of the request's launch of Scheme. Throws BackendError for a select or split without
// flags, a block size the kernels do not support, or a recorded tile that does not exist.
template <class Scheme>
SinglePassShape checkSinglePassRequest(const RunRequest& rq, long long n) {
  if (SinglePassTraits<Scheme>::kSelects && !flagsFrom(rq, 0) && n > 0)
    throw BackendError(std::string(algorithmOf<Scheme>.key) +
                       " keeps the elements whose flag is 1: give the flags (--flags)");
  if (SinglePassTraits<Scheme>::kClustered && rq.emulator.staticBlockIds)
    throw BackendError(std::string(algorithmOf<Scheme>.key) +
                       " gives each cluster its tiles from an atomic counter; --static-block-ids "
                       "is for single-pass-chained and the look-backs: leave it out");
  const int b = rq.blockSize;
  if (!kBlockSizes.holds(b))
    throw BackendError("block size " + std::to_string(b) + " is not " + kBlockSizes.text());
  SinglePassShape s;
  s.section = Scheme::sectionSize(b);
  s.tiles = (n + s.section - 1) / s.section;
  if (rq.record && n > 0 && rq.recordBlock >= s.tiles)
    throw BackendError("block " + std::to_string(rq.recordBlock) +
                       " does not exist: " + std::to_string(n) + " elements make " +
                       std::to_string(s.tiles) + " tiles of " + std::to_string(s.section) +
                       " (blocks 0.." + std::to_string(s.tiles - 1) + ")");
  return s;
}

// Calls f(std::type_identity<Scheme>{}) with the request's single-pass scheme (from the registry:
// block_dispatch.h); throws BackendError for an algorithm another driver runs.
template <class F>
void withRequestedSinglePassScheme(const RunRequest& rq, F&& f) {
  if (!withSinglePassScheme(rq.algorithm, f))
    throw BackendError("the single-pass driver runs only " + singlePassSchemeKeys());
}

inline std::string singlePassStepsNote(const RunRequest& rq, long long tiles) {
  return "steps shown for tile " + std::to_string(rq.recordBlock) + " of " + std::to_string(tiles) +
         (rq.emulator.staticBlockIds ? " (static tile ids: blockIdx.x)"
                                     : " (tile ids in the order blocks started)");
}

}  // namespace scanviz
