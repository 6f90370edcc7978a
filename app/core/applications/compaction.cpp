// Stream compaction, "where do I start writing my data?" (seed 001, Applications): keep the
// elements whose predicate holds, packed to the front, in their order. One thread per element
// sets a flag (1: keep); the exclusive sum of the flags is every kept element's write address
// (how many kept elements come before it), and each thread writes its element there (a scatter).
// Runs as one fused select pass (kernels/grid/select_lookback.h): each tile counts its flags,
// looks back for the count of the tiles before it and scatters; its trace carries every
// element's address. Work O(n), depth log of the tile plus the look-back.
#include "app/core/applications/application_list.h"
#include "app/core/applications/application_scan.h"
#include "app/core/capture/capture.h"

namespace scanviz {
namespace {

constexpr int kGreaterThan = 0;  // parameter index

// --flags as given, else the predicate "value > T".
std::vector<double> keepFlags(const ApplicationInput& in) {
  std::vector<double> flags(in.values.size());
  for (size_t i = 0; i < flags.size(); ++i)
    flags[i] =
        in.flags.empty() ? (in.values[i] > in.parameters[kGreaterThan] ? 1 : 0) : in.flags[i];
  return flags;
}

// The kept values where the kernel wrote them: it moved them as int32 or float32 (and the
// capture checked that move against the sequential select); the answer keeps the input's own
// numbers, placed at the kernel's addresses, so that a fraction is not rounded to float32.
std::vector<double> placedAtAddresses(const std::vector<double>& values,
                                      const std::vector<uint8_t>& flags,
                                      const std::vector<int32_t>& address) {
  const size_t kept = values.empty() ? 0 : static_cast<size_t>(address.back() + flags.back());
  std::vector<double> out(kept);
  for (size_t i = 0; i < values.size(); ++i)
    if (flags[i] != 0) out[static_cast<size_t>(address[i])] = values[i];
  return out;
}

ApplicationRun runCompaction(const ApplicationInput& in, const ApplicationOptions& options) {
  const std::vector<double> keep = keepFlags(in);
  if (options.dtype == DType::Float32)
    throw InputError(
        "the write addresses are counts: compaction counts its flags in int32 and moves its "
        "values as they are; leave out --dtype");
  const std::vector<uint8_t> flags(keep.begin(), keep.end());
  ApplicationRun run;
  run.scans.push_back(runApplicationSelect(
      {"one fused select pass: the exclusive count of the keep-flags is each kept value's write "
       "address, and the value is written there",
       in.values, flags, /*split=*/false},
      options));
  const std::vector<int32_t>& address = run.scans[0].trace.rows.second;
  run.result = placedAtAddresses(in.values, flags, address);
  std::string kept;
  for (size_t i = 0; i < flags.size(); ++i)
    if (flags[i] != 0)
      kept += (kept.empty() ? "" : ", ") + formatNumber(in.values[i]) + " -> " +
              formatNumber(address[i]);
  run.answer = "Kept " + std::to_string(run.result.size()) + " of " +
               std::to_string(in.values.size()) + ": " +
               (run.result.empty() ? std::string("none") : joinNumbers(run.result)) +
               "\nEach kept element writes at the exclusive sum of the flags before it (value -> "
               "address): " +
               (kept.empty() ? std::string("none") : kept);
  return run;
}

std::vector<double> sequentialCompaction(const ApplicationInput& in) {
  const std::vector<double> flags = keepFlags(in);
  std::vector<double> out;
  for (size_t i = 0; i < in.values.size(); ++i)
    if (flags[i] != 0) out.push_back(in.values[i]);
  return out;
}

}  // namespace

ApplicationInfo compactionApplication() {
  return {
      ApplicationId::Compaction,
      "compaction",
      "Stream compaction",
      "seed 001 (Zachmann's slides), \"Applications: where do I start writing my data?\"",
      "keep the elements a predicate selects, packed: the exclusive sum of the flags is where "
      "each one writes",
      "Each thread decides whether its element stays (a flag, 1 or 0). Where does a kept element "
      "write, when all write at once? At the number of kept elements before it: the exclusive "
      "sum of the flags. One scan gives every write address, then each thread writes its element "
      "there (a scatter) and the kept elements stand packed, in their order; the last address "
      "plus the last flag is how many were kept.",
      "the values to compact",
      "3 1 7 0 4 1 6 3",
      {{"greater-than", "T", 2,
        "Keep the values greater than T when --flags is not given (compaction)."}},
      "1: keep the element, 0: drop it (default: the value is greater than --greater-than)",
      runCompaction,
      sequentialCompaction,
  };
}

}  // namespace scanviz
