// Host-side checks and texts both single-pass backends share (cpu_single_pass.cpp,
// cuda_single_pass.cu), so that they reject the same requests with the same words.
#pragma once

#include <string>

#include "app/core/backends/backend.h"
#include "kernels/grid/decoupled_lookback.h"
#include "kernels/grid/select_lookback.h"
#include "kernels/grid/single_pass_chained.h"

namespace scanviz {

struct SinglePassShape {
  bool chained = true;     // single-pass-chained; otherwise a decoupled look-back
  bool segmented = false;  // segmented-lookback (head flags from the request's rows)
  AlgorithmProduct product = AlgorithmProduct::Scan;  // select-/split-lookback: keep-flags
  int section = 0;                                    // elements per tile
  long long tiles = 0;                                // blocks of the launch (0 for an empty input)
};

// Throws BackendError for an algorithm that is not single-pass, a block size the kernels do not
// support, or a recorded tile that does not exist.
inline SinglePassShape checkSinglePassRequest(const RunRequest& rq, long long n) {
  SinglePassShape s;
  s.chained = rq.algorithm == AlgorithmId::SinglePassChained;
  s.segmented = rq.algorithm == AlgorithmId::SegmentedLookback;
  s.product = algorithmProduct(rq.algorithm);
  const bool selects = s.product != AlgorithmProduct::Scan;
  if (!s.chained && !s.segmented && !selects && rq.algorithm != AlgorithmId::DecoupledLookback)
    throw BackendError(
        "the single-pass driver runs only single-pass-chained, decoupled-lookback, "
        "segmented-lookback, select-lookback and split-lookback");
  if (selects && !flagsFrom(rq, 0) && n > 0)
    throw BackendError(std::string(algorithmInfo(rq.algorithm).key) +
                       " keeps the elements whose flag is 1: give the flags (--flags)");
  const int b = rq.blockSize;
  if (b < kMinBlockSize || b > kMaxBlockSize || (b & (b - 1)) != 0)
    throw BackendError("block size " + std::to_string(b) +
                       " is not a power of two between 2 and 1024");
  s.section = s.chained ? SinglePassChained::sectionSize(b)
              : selects ? SelectLookback::sectionSize(b)
                        : DecoupledLookback::sectionSize(b);
  s.tiles = (n + s.section - 1) / s.section;
  if (rq.record && n > 0 && rq.recordBlock >= s.tiles)
    throw BackendError("block " + std::to_string(rq.recordBlock) +
                       " does not exist: " + std::to_string(n) + " elements make " +
                       std::to_string(s.tiles) + " tiles of " + std::to_string(s.section) +
                       " (blocks 0.." + std::to_string(s.tiles - 1) + ")");
  return s;
}

inline std::string singlePassStepsNote(const RunRequest& rq, long long tiles) {
  return "steps shown for tile " + std::to_string(rq.recordBlock) + " of " + std::to_string(tiles) +
         (rq.emulator.staticBlockIds ? " (static tile ids: blockIdx.x)"
                                     : " (tile ids in the order blocks started)");
}

}  // namespace scanviz
