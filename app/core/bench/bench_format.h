// The benchmark's words: parsing what the user asks for (sizes such as 2^20, algorithm lists,
// dtypes) and writing what was measured (the table `scanviz bench` prints, JSON, CSV, the summary
// line). Shared by the CLI and the app; parse errors are InputErrors that name the bad item.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "app/core/bench/bench_engine.h"

namespace scanviz {

// "2^10,2^20" or "1024,1048576" or a range of powers of two "2^10..2^16"; mixed is fine. Sorted,
// duplicates removed; every size in kBenchMinSize..kBenchMaxSize.
std::vector<long long> parseBenchSizes(std::string_view text);
// "256" or "32,256,1024": block sizes, each within kBlockSizes (algorithm_catalog.h), ascending.
std::vector<int> parseBlockSizeList(std::string_view text);
// What `--algorithms` names: scans of the catalog, and our other kernels (compaction, radix-split).
struct BenchSubjectChoice {
  std::vector<AlgorithmId> algorithms;
  std::vector<BenchSubjectKind> kernels;
};
// Catalog keys and our other kernels' keys separated by commas ("kogge-stone,compaction"), each
// once in the order typed, or "all".
BenchSubjectChoice parseBenchAlgorithms(std::string_view text);
// "int32", "float32" or "both".
std::vector<DType> parseBenchDTypes(std::string_view text);

// "2^20" for powers of two, the decimal number otherwise.
std::string formatBenchSize(long long n);
// "812 ns", "12.3 us", "4.56 ms", "1.23 s"; "-" for NaN.
std::string formatBenchDuration(double ms);
// "0.83x"; "-" for NaN.
std::string formatBenchRatio(double ratio);
std::string benchCheckName(BenchCheck check);  // "ok", "FAIL", "-"
// The interquartile range over the median, "0.4%"; "-" without samples.
std::string formatBenchSpread(const BenchPoint& point);

// The table: one header, one row per point (an unmeasured point shows its error).
std::string benchTableHeader();
std::string formatBenchTableRow(const BenchPoint& point);
// The lines above the table: device, date, what the columns mean.
std::string benchPreamble(const BenchReport& report);
// The lines below the table: where outputs differed, why a capture was not timed, the notes.
std::string benchTableFooter(const BenchReport& report);
// The preamble, the table with a blank line between sizes, and the footer.
std::string formatBenchTable(const BenchReport& report);
// The last line `scanviz bench` prints: device, points, time, the fastest scan at the largest
// size, whether every output matched the reference.
std::string benchSummaryLine(const BenchReport& report);
// "sm90-pipelined (20 items x 256 threads, 3 buffers, persistent blocks with a look-back warp, at
// least 4 blocks per SM)".
std::string describeLookbackTuning(const LookbackTuning& tuning);

std::string benchReportJson(const BenchReport& report);
std::string benchReportCsv(const BenchReport& report);

}  // namespace scanviz
