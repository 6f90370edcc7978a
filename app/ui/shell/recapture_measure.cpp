#include "app/ui/shell/recapture_measure.h"

#include <algorithm>
#include <cstdio>

#include "app/core/support/enum_keys.h"

namespace scanviz {
namespace {

bool lengthIsAControl(const ScanOptions& c) {
  return c.source == InputSource::Random || c.source == InputSource::Ones ||
         c.source == InputSource::Ascending;
}

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const size_t h = v.size() / 2;
  return v.size() % 2 ? v[h] : 0.5 * (v[h - 1] + v[h]);
}

std::string format(const char* pattern, auto... values) {
  char line[256];
  std::snprintf(line, sizeof line, pattern, values...);
  return line;
}

}  // namespace

std::string_view recaptureChangeName(RecaptureChange c) {
  static constexpr EnumKey<RecaptureChange> kNames[] = {{RecaptureChange::Operator, "operator"},
                                                        {RecaptureChange::BlockSize, "block size"},
                                                        {RecaptureChange::Length, "N"}};
  return keyOf(kNames, c);
}

std::vector<PlannedRecapture> recapturePlan(const ScanOptions& shown, int blockSize, int count) {
  std::vector<RecaptureChange> kinds = {RecaptureChange::Operator, RecaptureChange::BlockSize};
  if (lengthIsAControl(shown) && shown.n >= 16) kinds.push_back(RecaptureChange::Length);
  const Operator otherOp = shown.op == Operator::Max ? Operator::Min : Operator::Max;
  const Operator firstOp = shown.op == Operator::Max ? Operator::Max : Operator::Add;
  const int otherBlock = blockSize > kMinBlockSize ? blockSize / 2 : blockSize * 2;
  const long long otherN = shown.n - shown.n / 16;

  std::vector<PlannedRecapture> plan;
  ScanOptions c = shown;
  c.op = firstOp;
  c.blockSize = blockSize;
  for (int i = 0; i < count; ++i) {
    const RecaptureChange k = kinds[static_cast<size_t>(i) % kinds.size()];
    switch (k) {
      case RecaptureChange::Operator:
        c.op = c.op == firstOp ? otherOp : firstOp;
        break;
      case RecaptureChange::BlockSize:
        c.blockSize = c.blockSize == blockSize ? otherBlock : blockSize;
        break;
      case RecaptureChange::Length:
        c.n = c.n == shown.n ? otherN : shown.n;
        break;
    }
    plan.push_back({k, c});
  }
  return plan;
}

std::string recaptureReport(const std::vector<RecaptureSample>& samples,
                            const std::optional<RecaptureTiming>& first, const std::string& lesson,
                            const std::string& device) {
  std::string out = "re-capture + redraw, " + lesson + ", on " + device + "\n";
  if (first)
    out += format("first capture (start-up included): %.1f ms, of which capture %.1f ms\n",
                  first->totalMs, first->capture.captureMs);
  // The last column splits the capture: its run on the backend (the rest is checking the input
  // and building the trace).
  out += format("%-10s %9s %5s %4s | %8s | %6s %7s %7s %7s %6s | %6s\n", "change", "N", "block",
                "op", "total ms", "waited", "prepare", "capture", "handoff", "draw", "run");
  for (const RecaptureSample& s : samples) {
    const CaptureWorkTimes& c = s.timing.capture;
    const double handoff = s.timing.takenMs - c.waitedMs - c.prepareMs - c.captureMs;
    out += format("%-10s %9lld %5d %4s | %8.1f | %6.1f %7.1f %7.1f %7.1f %6.1f | %6.1f\n",
                  std::string(recaptureChangeName(s.change)).c_str(), s.n, s.blockSize,
                  s.op.c_str(), s.timing.totalMs, c.waitedMs, c.prepareMs, c.captureMs, handoff,
                  s.timing.totalMs - s.timing.takenMs, c.runMs);
  }
  for (RecaptureChange k :
       {RecaptureChange::Operator, RecaptureChange::BlockSize, RecaptureChange::Length}) {
    std::vector<double> total, capture, run;
    for (const RecaptureSample& s : samples)
      if (s.change == k) {
        total.push_back(s.timing.totalMs);
        capture.push_back(s.timing.capture.captureMs);
        run.push_back(s.timing.capture.runMs);
      }
    if (total.empty()) continue;
    out +=
        format("median over %zu %s changes: total %.1f ms (max %.1f), capture %.1f ms (run %.1f)\n",
               total.size(), std::string(recaptureChangeName(k)).c_str(), median(total),
               *std::max_element(total.begin(), total.end()), median(capture), median(run));
  }
  return out;
}

}  // namespace scanviz
