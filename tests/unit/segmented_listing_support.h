// What the host tests of the segmented algorithms' textbook listings share
// (test_segmented_listings.cpp: the block listings; test_algorithm_listings.cpp: the look-back,
// which shares decoupled_lookback.cuh's code, defined once in the binary): the segment heads they
// try, the input, and the two results a listing must give, scanviz's own emulator capture of the
// same algorithm and the sequential segmented scan.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "app/core/algorithms/algorithm_catalog.h"
#include "app/core/algorithms/reference_scan.h"
#include "app/core/capture/capture.h"
#include "app/core/capture/input_spec.h"
#include "tests/unit/listing_runner.h"

namespace scanviz::segmented_listings {

enum class Heads { Dense, Sparse, None, Every };

inline std::vector<uint8_t> headsOf(Heads h, size_t n, int section, unsigned seed) {
  std::vector<uint8_t> f;
  switch (h) {
    case Heads::Dense:
      return randomHeadFlags(n, seed, 5);
    case Heads::Sparse:  // a head every three sections or so, and none at element 0
      f = randomHeadFlags(n, seed, 3 * section);
      f[0] = 0;
      return f;
    case Heads::None:  // one segment: the plain scan
      return std::vector<uint8_t>(n, 0);
    case Heads::Every:
      return std::vector<uint8_t>(n, 1);
  }
  return f;
}

inline const char* nameOf(Heads h) {
  switch (h) {
    case Heads::Dense:
      return "dense heads";
    case Heads::Sparse:
      return "sparse heads";
    case Heads::None:
      return "no head";
    case Heads::Every:
      return "every element a head";
  }
  return "";
}

// What one block size and length run: dense and sparse heads, each inclusive and exclusive; with
// `allHeads` (one length a block size) also no head and every element a head; a long input only
// dense heads inclusive and sparse ones exclusive.
struct Case {
  Heads heads;
  bool exclusive;
};

inline std::vector<Case> casesFor(bool allHeads, bool longInput) {
  if (longInput) return {{Heads::Dense, false}, {Heads::Sparse, true}};
  std::vector<Case> c = {
      {Heads::Dense, false}, {Heads::Dense, true}, {Heads::Sparse, false}, {Heads::Sparse, true}};
  if (allHeads)
    c.insert(
        c.end(),
        {{Heads::None, false}, {Heads::None, true}, {Heads::Every, false}, {Heads::Every, true}});
  return c;
}

// A length at which a run takes long (many blocks or tiles).
constexpr size_t kLongInput = 65537;  // a prime, 2^16 + 1

// What scanviz itself gives: the algorithm's capture on the emulator, its whole output.
inline std::vector<int> emulatorOutput(std::string_view key, const std::vector<int>& x,
                                       const std::vector<uint8_t>& flags, int block,
                                       bool exclusive) {
  CaptureRequest rq;
  rq.algorithm = *findAlgorithm(key);
  rq.backend = BackendChoice::Cpu;
  rq.input.assign(x.begin(), x.end());
  rq.rows.flags = flags;
  rq.blockSize = block;
  rq.exclusive = exclusive;
  rq.limits.maxStoredValues = 1 << 20;
  const Trace t = capture(rq).trace;
  return std::vector<int>(t.output.begin(), t.output.end());
}

inline std::vector<int> segmentedReference(const std::vector<int>& x,
                                           const std::vector<uint8_t>& flags, bool exclusive) {
  const std::vector<double> y =
      referenceScan(std::vector<double>(x.begin(), x.end()), Operator::Add, exclusive, &flags);
  return std::vector<int>(y.begin(), y.end());
}

inline std::vector<int> inputOf(size_t n, unsigned seed) {
  const std::vector<double> v = generateInput(InputPattern::Random, static_cast<long long>(n), seed,
                                              DType::Int32, Operator::Add);
  return std::vector<int>(v.begin(), v.end());
}

// The listing's result against the emulator's and the sequential one.
inline void expectScanviz(std::string_view key, const std::vector<int>& y,
                          const std::vector<int>& x, const std::vector<uint8_t>& flags,
                          unsigned block, bool exclusive, const std::string& what) {
  EXPECT_EQ(testing::firstDifference(
                y, emulatorOutput(key, x, flags, static_cast<int>(block), exclusive)),
            -1)
      << what;
  EXPECT_EQ(testing::firstDifference(y, segmentedReference(x, flags, exclusive)), -1) << what;
}

inline std::string describe(std::string_view key, unsigned block, size_t n, Heads h,
                            bool exclusive) {
  return std::string(key) + ", block " + std::to_string(block) + ", n " + std::to_string(n) + ", " +
         nameOf(h) + (exclusive ? ", exclusive" : ", inclusive");
}

}  // namespace scanviz::segmented_listings
