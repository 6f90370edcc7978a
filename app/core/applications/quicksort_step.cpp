// One quicksort partition step with segmented scans (seed 001, "Segmented Scan ... forms the
// basis for Quicksort"; Blelloch, "Prefix sums and their applications", 1.5). The keys stand in
// segments, each still to be sorted; every segment's first key is its pivot. One step splits
// every segment at once into the keys less than its pivot, the pivot alone (at its final place)
// and the other keys, each part keeping its order:
//   scan 1, segmented inclusive sum of the pivots (0 elsewhere): every key learns its pivot;
//   map,    left_i = key_i < pivot_i;
//   scan 2, segmented exclusive sum of the right-flags (1 - left): the right-keys before i;
//   scan 3, segmented inclusive sum of the left-flags run backwards (the same kernel on the
//           reversed view, whose segments start at the old ends): the left-keys from i on;
//   map,    a left key moves left past the right-keys before it, i - rightBefore_i, a right key
//           moves right past the left-keys after it, i + leftAfter_i (a scatter);
//   map,    the pivot's thread flags its new place and the one after: three segments.
// Three scans of work n - 1 and depth log n each, whatever the number of segments.
#include "app/core/applications/quicksort_step.h"

#include <cmath>

#include "app/core/applications/application_list.h"
#include "app/core/applications/application_scan.h"
#include "app/core/capture/capture.h"

namespace scanviz {
namespace {

// --flags as given (element 0 always starts a segment), else one segment: a first step.
std::vector<uint8_t> segmentHeads(const ApplicationInput& in) {
  std::vector<uint8_t> heads = in.flags;
  heads.resize(in.values.size(), 0);
  heads[0] = 1;
  return heads;
}

std::vector<double> headKeys(const std::vector<double>& keys, const std::vector<uint8_t>& heads) {
  std::vector<double> out(keys.size());
  for (size_t i = 0; i < keys.size(); ++i) out[i] = heads[i] ? keys[i] : 0;
  return out;
}

std::vector<double> sideFlags(const std::vector<double>& keys, const std::vector<double>& pivots,
                              bool left) {
  std::vector<double> out(keys.size());
  for (size_t i = 0; i < keys.size(); ++i) out[i] = (keys[i] < pivots[i]) == left ? 1 : 0;
  return out;
}

// Moves the keys to their destinations and marks the new segments: where an old one started,
// where its pivot lands and right after it (a head twice is still one head).
void scatter(PartitionStep& p) {
  const size_t n = p.keys.size();
  p.sorted.assign(n, 0);
  p.newHeads.assign(n, 0);
  for (size_t i = 0; i < n; ++i) {
    const auto to = static_cast<size_t>(p.destination[i]);
    p.sorted[to] = p.keys[i];
    if (!p.heads[i]) continue;
    p.newHeads[i] = 1;
    p.newHeads[to] = 1;
    if (to + 1 < n) p.newHeads[to + 1] = 1;
  }
}

// Only the pivots are scanned as values (the other keys become flags), so the capture's check
// never sees a NaN key elsewhere: refuse every key the scans would, in the same words.
void checkKeys(const std::vector<double>& keys) {
  for (size_t i = 0; i < keys.size(); ++i) {
    const std::string at = " at index " + std::to_string(i);
    if (std::isnan(keys[i]))
      throw InputError("value" + at +
                       " is NaN: a NaN key has no order, so no pivot can place it; " + "remove it");
    if (std::isinf(keys[i])) throw InputError("value" + at + " is infinite; use finite values");
  }
}

ApplicationRun runQuicksortStep(const ApplicationInput& in, const ApplicationOptions& options) {
  checkKeys(in.values);
  const std::vector<uint8_t> heads = segmentHeads(in);
  ApplicationRun run;
  run.scans.push_back(runApplicationScan(
      {"every key's pivot (its segment's first key): the segmented inclusive sum of the pivots, "
       "0 elsewhere",
       headKeys(in.values, heads), Operator::Add, false, applicationDType(options, {&in.values}),
       heads},
      options));
  const std::vector<double> pivots = run.scans[0].trace.output;  // a copy: scans grows
  run.scans.push_back(runApplicationScan(
      {"the right-keys (not less than the pivot) before each key in its segment: the segmented "
       "exclusive sum of the right-flags",
       sideFlags(in.values, pivots, false), Operator::Add, true, DType::Int32, heads},
      options));
  run.scans.push_back(runApplicationScan(
      {"the left-keys (less than the pivot) from each key on in its segment: the segmented "
       "inclusive sum of the left-flags on the reversed view (a backward scan)",
       reversed(sideFlags(in.values, pivots, true)), Operator::Add, false, DType::Int32,
       reversed(segmentEnds(heads))},
      options));
  run.input = in;
  const PartitionStep step = partitionStep(run);
  run.result = step.sorted;
  std::string pivotList;
  for (size_t i = 0; i < heads.size(); ++i)
    if (heads[i]) pivotList += (pivotList.empty() ? "" : " ") + formatNumber(in.values[i]);
  size_t segments = 0;
  for (uint8_t h : step.newHeads) segments += h;
  run.answer = "Pivots (each segment's first key): " + pivotList +
               "\nAfter one step: " + joinSegments(step.sorted, step.newHeads) + " (" +
               std::to_string(segments) + (segments == 1 ? " segment" : " segments") +
               "; every pivot stands alone at its final place)\nA key less than its pivot moves "
               "left past the right-keys before it, any other key right past the left-keys "
               "after it.";
  return run;
}

// Each segment split sequentially: the keys less than its first key, then the others, in order.
std::vector<double> sequentialPartition(const ApplicationInput& in) {
  const std::vector<uint8_t> heads = segmentHeads(in);
  std::vector<double> out;
  for (size_t start = 0; start < heads.size();) {
    size_t end = start + 1;
    while (end < heads.size() && !heads[end]) ++end;
    const double pivot = in.values[start];
    for (bool left : {true, false})
      for (size_t i = start; i < end; ++i)
        if ((in.values[i] < pivot) == left) out.push_back(in.values[i]);
    start = end;
  }
  return out;
}

}  // namespace

PartitionStep partitionStep(const ApplicationRun& run) {
  PartitionStep p;
  p.keys = run.input.values;
  p.heads = segmentHeads(run.input);
  p.pivots = run.scans[0].trace.output;
  const std::vector<double> left = sideFlags(p.keys, p.pivots, true);
  p.rightBefore = run.scans[1].trace.output;
  p.leftAfter = reversed(run.scans[2].trace.output);
  for (size_t i = 0; i < p.keys.size(); ++i) {
    p.left.push_back(left[i] != 0);
    const auto at = static_cast<double>(i);
    p.destination.push_back(left[i] != 0 ? at - p.rightBefore[i] : at + p.leftAfter[i]);
  }
  scatter(p);
  return p;
}

std::string joinSegments(const std::vector<double>& values, const std::vector<uint8_t>& heads,
                         size_t maxShown) {
  std::string out;
  for (size_t i = 0; i < values.size() && i < maxShown; ++i)
    out += (i == 0 ? "" : heads[i] ? " | " : " ") + formatNumber(values[i]);
  if (values.size() > maxShown) out += " ... (" + std::to_string(values.size()) + " in all)";
  return out;
}

ApplicationInfo quicksortStepApplication() {
  return {
      ApplicationId::QuicksortStep,
      "quicksort-step",
      "Quicksort partition step",
      "seed 001 (Zachmann's slides), \"Variation: Segmented Scan\" (the basis of Quicksort); "
      "Blelloch, \"Prefix sums and their applications\"",
      "one partition step of every segment at once: segmented scans give each key its pivot and "
      "its place",
      "Quicksort in parallel keeps the keys in one array cut into segments, each still to be "
      "sorted, and partitions all segments at once. Each segment's first key is its pivot; a "
      "segmented sum of the pivots (0 elsewhere) copies it to every key of the segment. A key "
      "less than its pivot goes left, the others go right. A left key moves left past the "
      "right-keys before it (a segmented exclusive sum of the right-flags); a right key moves "
      "right past the left-keys after it (a segmented sum of the left-flags run backwards). "
      "Every part keeps its order, the pivot lands between them and becomes a segment of its "
      "own: the step leaves up to three segments where there was one.",
      "the keys to sort",
      "6 2 9 4 6 1 8 3 5 1 7 2",
      {},
      "1: the key starts a segment (its pivot); the first key always does (default: one "
      "segment)",
      runQuicksortStep,
      sequentialPartition,
      "1 0 0 0 0 0 0 1 0 0 0 0",
      {},
      /*flagsAreSegmentHeads=*/true,
  };
}

}  // namespace scanviz
