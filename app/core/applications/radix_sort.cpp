// Radix sort by split (Blelloch, "Prefix sums and their applications"): one pass per bit, least
// significant first. In pass b each key's flag says its bit b is 0; the exclusive sum of the
// flags is, for a 0-key, its destination (the 0-keys before it), and a 1-key goes after all
// 0-keys: zeros + (i - zerosBefore_i). Each pass is stable, so after the last bit the keys are
// sorted. Each pass is one fused split kernel (kernels/grid/select_lookback.h: the 0-keys'
// exclusive count by decoupled look-back, and the scatter it drives); its trace carries every
// key's count, from which the picture draws the moves. Work O(B n) for B bits, depth B times the
// tile's log plus the look-back.
#include "app/core/applications/radix_sort.h"

#include <algorithm>
#include <cmath>

#include "app/core/applications/application_list.h"
#include "app/core/applications/application_scan.h"
#include "app/core/capture/capture.h"

namespace scanviz {
namespace {

constexpr double kLargestKey = 65535;  // 16 bits: at most 16 passes, each one scan to show

int bitsOf(const std::vector<double>& keys) {
  const double largest = *std::max_element(keys.begin(), keys.end());
  int bits = 1;
  while (bits < 16 && std::ldexp(1.0, bits) <= largest) ++bits;
  return bits;
}

std::vector<uint8_t> zeroFlags(const std::vector<double>& keys, int bit) {
  std::vector<uint8_t> flags(keys.size());
  for (size_t i = 0; i < keys.size(); ++i)
    flags[i] = ((static_cast<long long>(keys[i]) >> bit) & 1) == 0 ? 1 : 0;
  return flags;
}

// The destinations of one split from the 0-flags and their exclusive count (the split kernel's
// write addresses): a 0-key at the count, a 1-key after all 0-keys at zeros + (i - count).
std::vector<double> destinations(const std::vector<uint8_t>& flags,
                                 const std::vector<int32_t>& zerosBefore) {
  const double zeros = zerosBefore.back() + flags.back();
  std::vector<double> dest(flags.size());
  for (size_t i = 0; i < flags.size(); ++i)
    dest[i] = flags[i] != 0 ? zerosBefore[i] : zeros + static_cast<double>(i) - zerosBefore[i];
  return dest;
}

std::vector<double> moved(const std::vector<double>& keys, const std::vector<double>& dest) {
  std::vector<double> out(keys.size());
  for (size_t i = 0; i < keys.size(); ++i) out[static_cast<size_t>(dest[i])] = keys[i];
  return out;
}

void checkKeys(const ApplicationInput& in) {
  for (size_t i = 0; i < in.values.size(); ++i) {
    const double k = in.values[i];
    if (k < 0 || k > kLargestKey || k != std::floor(k))
      throw InputError("key " + formatNumber(k) + " at index " + std::to_string(i) +
                       " is not a whole number from 0 to 65535; radix sort by split takes "
                       "non-negative integer keys of up to 16 bits");
  }
}

ApplicationRun runRadixSort(const ApplicationInput& in, const ApplicationOptions& options) {
  checkKeys(in);
  if (options.dtype == DType::Float32)
    throw InputError("radix sort scans 0/1 flags: it runs in int32; leave out --dtype");
  ApplicationRun run;
  std::vector<double> keys = in.values;
  const int bits = bitsOf(keys);
  for (int b = 0; b < bits; ++b) {
    run.scans.push_back(
        runApplicationSelect({"pass " + std::to_string(b + 1) + " of " + std::to_string(bits) +
                                  " (bit " + std::to_string(b) +
                                  "): one split, the exclusive count of the 0-flags places the "
                                  "0-keys, the 1-keys follow them",
                              keys, zeroFlags(keys, b), /*split=*/true},
                             options));
    keys = run.scans.back().trace.output;  // the kernel's split: whole keys, exact
  }
  run.result = keys;
  run.answer = "Sorted in " + std::to_string(bits) + (bits == 1 ? " pass" : " passes") +
               " (one split per bit, least significant first): " + joinNumbers(keys) +
               "\nEach pass keeps the order of equal bits (a stable split), so the last one "
               "leaves every key in place.";
  return run;
}

std::vector<double> sequentialSort(const ApplicationInput& in) {
  std::vector<double> keys = in.values;
  std::stable_sort(keys.begin(), keys.end());
  return keys;
}

}  // namespace

std::vector<RadixPass> radixPasses(const ApplicationRun& run) {
  std::vector<RadixPass> passes;
  std::vector<double> keys = run.input.values;
  for (size_t b = 0; b < run.scans.size(); ++b) {
    const Trace& t = run.scans[b].trace;
    RadixPass p{static_cast<int>(b), keys, destinations(t.rows.flags, t.rows.second)};
    keys = moved(keys, p.destination);
    passes.push_back(std::move(p));
  }
  return passes;
}

ApplicationInfo radixSortApplication() {
  return {
      ApplicationId::RadixSort,
      "radix-sort",
      "Radix sort by split",
      "Blelloch, \"Prefix sums and their applications\" (split radix sort); seed 001's "
      "importance table (sorting)",
      "sort integer keys one bit at a time: each pass an exclusive scan of the 0-flags gives "
      "every key its place",
      "Sort the keys one bit at a time, least significant first. In each pass a key whose bit is "
      "0 moves to the number of 0-keys before it (the exclusive sum of the 0-flags); a key whose "
      "bit is 1 goes after all 0-keys, at zeros + (i - 0-keys before i). Each split keeps the "
      "order of keys with the same bit, so after the last bit the keys are sorted: B scans for "
      "B-bit keys.",
      "the keys, whole numbers from 0 to 65535",
      "3 1 7 0 4 1 6 3",
      {},
      /*flagsMeaning=*/"",
      runRadixSort,
      sequentialSort,
  };
}

}  // namespace scanviz
