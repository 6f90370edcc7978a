#include "app/ui/export/bench_plot.h"

#include <algorithm>
#include <tuple>

#include "app/core/capture/capture.h"

namespace scanviz {
namespace {

using nlohmann::json;

std::string text(const json& j, const char* key) {
  return j.contains(key) && j[key].is_string() ? j[key].get<std::string>() : std::string();
}

// "NVIDIA H200, 2026-11-22": what and when, as docs/ results name them.
std::string provenance(const json& report) {
  std::string s = text(report, "device");
  const std::string date = text(report, "date").substr(0, 10);
  if (!date.empty()) s += (s.empty() ? "" : ", ") + date;
  return s;
}

bool wanted(const BenchPlotRequest& rq, const std::string& subject) {
  return rq.subjects.empty() ||
         std::find(rq.subjects.begin(), rq.subjects.end(), subject) != rq.subjects.end();
}

// A result's spread in GB/s: its fastest and slowest sample and its quartiles (GB/s is inversely
// proportional to the time), NaN where the report has none (reports before the spread was kept).
void addSpread(plot::Series& s, const json& r) {
  const auto ms = [&r](const char* key) {
    return r.contains(key) && r[key].is_number() ? r[key].get<double>() : plot::kNaN;
  };
  const double median = ms("median_ms"), gbs = r["gb_per_s"].get<double>();
  const auto rate = [&](double t) { return t > 0 && median > 0 ? gbs * median / t : plot::kNaN; };
  s.low.push_back(rate(ms("max_ms")));
  s.high.push_back(rate(ms("min_ms")));
  s.boxLow.push_back(rate(ms("q3_ms")));
  s.boxHigh.push_back(rate(ms("q1_ms")));
}

// Whether the result moves other bytes than a scan's 2 x 4 per element (a segmented scan's flags,
// a compaction's or split's): its report says so in bytes_per_element (older reports have none).
bool movesOtherBytesThanAScan(const json& r) {
  return r.contains("bytes_per_element") && r["bytes_per_element"].is_number() &&
         r["bytes_per_element"].get<double>() != 8.0;
}

}  // namespace

plot::PlotSpec benchThroughputPlot(const json& report, const BenchPlotRequest& rq) {
  if (!report.is_object() || !report.contains("results") || !report["results"].is_array())
    throw InputError("not a benchmark report of `scanviz bench --json` (no \"results\")");
  plot::PlotSpec spec;
  spec.xScale = plot::AxisScale::Log2;
  spec.yScale = plot::AxisScale::Log10;
  spec.xLabel = "N (elements)";
  spec.yLabel = "GB/s (each element read and written once)";
  const std::string operation = text(report, "operation");
  spec.title = "Throughput, " + rq.dtype + (operation.empty() ? "" : " " + operation);
  const std::string where = provenance(report);
  if (!where.empty()) spec.title += "  \xC2\xB7  " + where;
  std::vector<std::string> seen;
  for (const json& r : report["results"]) {
    const std::string subject = text(r, "subject");
    if (text(r, "dtype") != rq.dtype || !wanted(rq, subject)) continue;
    if (!r.contains("gb_per_s") || !r["gb_per_s"].is_number() || !r.contains("n")) continue;
    auto it = std::find(seen.begin(), seen.end(), subject);
    if (it == seen.end()) {
      seen.push_back(subject);
      spec.series.push_back({text(r, "label").empty() ? subject : text(r, "label"), {}, {}});
      it = seen.end() - 1;
    }
    plot::Series& s = spec.series[static_cast<size_t>(it - seen.begin())];
    s.x.push_back(r["n"].get<double>());
    s.y.push_back(r["gb_per_s"].get<double>());
    addSpread(s, r);
    if (movesOtherBytesThanAScan(r))
      spec.yLabel = "GB/s (the bytes each must move; a scan: each element read and written once)";
  }
  // Reports list points by size within each subject, but nothing promises it: lines join in N.
  for (plot::Series& s : spec.series) {
    std::vector<size_t> order(s.x.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::sort(order.begin(), order.end(), [&s](size_t a, size_t b) { return s.x[a] < s.x[b]; });
    const auto reorder = [&order](std::vector<double>& v) {
      std::vector<double> sorted;
      for (size_t i : order) sorted.push_back(v[i]);
      v = std::move(sorted);
    };
    for (std::vector<double>* v : {&s.x, &s.y, &s.low, &s.high, &s.boxLow, &s.boxHigh}) reorder(*v);
  }
  for (const std::string& subject : rq.subjects)
    if (std::find(seen.begin(), seen.end(), subject) == seen.end())
      throw InputError("the report has no " + rq.dtype + " points for '" + subject + "'");
  if (spec.series.empty()) throw InputError("the report has no " + rq.dtype + " points");
  return spec;
}

}  // namespace scanviz
