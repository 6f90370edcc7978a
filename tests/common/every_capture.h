// Every algorithm, "spot the bug" lesson and select kernel of `scanviz list`, and the requests the
// property tests run each through: several N, block sizes, inclusive and exclusive, segmented ones
// (and the select kernels) with several head-flag patterns. Written once for the step rule
// (tests/unit/test_step_rule.cpp) and the arrows the array view draws
// (tests/ui/test_arrows_drawn.cpp).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "app/core/algorithms/algorithm_catalog.h"
#include "kernels/launch/backend_error.h"
#include "kernels/lessons/flaw_lesson.h"
#include "tests/common/captures.h"

namespace scanviz {

// Names a test parameter by its key (gtest prints a descriptor's bytes otherwise).
inline void PrintTo(const AlgorithmInfo& info, std::ostream* os) {
  *os << info.key;
}

// A parameterized test's name for an algorithm: its key, '-' made '_'.
inline std::string algorithmTestName(const ::testing::TestParamInfo<AlgorithmInfo>& p) {
  std::string name(p.param.key);
  std::replace(name.begin(), name.end(), '-', '_');
  return name;
}

inline std::vector<AlgorithmInfo> everyCapturableAlgorithm() {
  std::vector<AlgorithmInfo> all = allAlgorithms();
  for (const auto* list : {&flawedAlgorithms(), &selectAlgorithms()})
    all.insert(all.end(), list->begin(), list->end());
  return all;
}

inline std::vector<double> rampInput(int n) {
  std::vector<double> v(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) v[static_cast<size_t>(i)] = (i * 7 + 3) % 10;
  return v;
}

// Head flags: one segment, a head every 3 elements, every element a head, a pseudo-random
// pattern.
inline std::vector<std::vector<uint8_t>> flagPatterns(int n) {
  std::vector<std::vector<uint8_t>> out;
  for (int every : {0, 3, 1, -1}) {
    std::vector<uint8_t> f(static_cast<size_t>(n), 0);
    for (int i = 0; i < n; ++i) {
      const bool head = every > 0 ? i % every == 0 : every < 0 && (i * 37 + 11) % 5 == 0;
      f[static_cast<size_t>(i)] = head ? 1 : 0;
    }
    f[0] = 1;
    out.push_back(std::move(f));
  }
  return out;
}

// Calls `check(trace, what)` for each emulator capture of `info` at every N of `sizes`, every block
// size of `blocks`, inclusive and exclusive (and every flag pattern where it takes flags); returns
// how many captures it made. Requests the algorithm cannot take are skipped, and so is a lesson
// whose flawed run deadlocks (it reports that instead of a trace).
inline int forEachCapture(const AlgorithmInfo& info, const std::vector<int>& sizes,
                          const std::vector<int>& blocks,
                          const std::function<void(const Trace&, const std::string&)>& check) {
  int traces = 0;
  const auto run = [&](const CaptureRequest& rq, const std::string& what) {
    Trace t;
    try {
      t = capture(rq).trace;
    } catch (const InputError&) {
      return;
    } catch (const BackendError&) {
      return;
    }
    ++traces;
    check(t, what);
  };
  for (int n : sizes) {
    for (int block : blocks) {
      for (bool exclusive : {false, true}) {
        CaptureRequest rq = emulatorRequest(info.id, rampInput(n), Operator::Add, exclusive);
        rq.blockSize = block;
        if (info.lesson) rq.emulator.threadOrder = info.lesson->setup.threadOrder;
        const std::string what = std::string(info.key) + " n=" + std::to_string(n) +
                                 " block=" + std::to_string(block) +
                                 (exclusive ? " exclusive" : " inclusive");
        const bool flags = info.segmented || algorithmProduct(info.id) != AlgorithmProduct::Scan;
        if (!flags) {
          run(rq, what);
          continue;
        }
        int pattern = 0;
        for (std::vector<uint8_t>& f : flagPatterns(n)) {
          rq.rows.flags = std::move(f);
          run(rq, what + " flags#" + std::to_string(pattern++));
        }
      }
    }
  }
  return traces;
}

}  // namespace scanviz
