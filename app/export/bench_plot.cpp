#include "app/export/bench_plot.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <tuple>

#include "app/core/algorithms/scan_options.h"
#include "app/core/bench/bench_engine.h"
#include "app/core/capture/capture.h"
#include "app/core/layouts/timing_history.h"

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

// The subject a result's key names; a key this build does not know (a newer report's) is drawn as
// a scan of its own.
BenchSubject subjectOf(const std::string& key) {
  return findBenchSubject(key).value_or(BenchSubject{});
}

// The words for what a drawn subject does, in the title and on the axis; the copy, the limit of
// them all, names none.
struct WorkWords {
  BenchWork work;
  const char* name;  // on the axis; the title names a scan by the report's operation
};

constexpr WorkWords kWorkWords[] = {
    {BenchWork::Scan, "scan"},
    {BenchWork::SegmentedScan, "segmented scan"},
    {BenchWork::Compaction, "compaction"},
    {BenchWork::Split, "radix split"},
};

bool isLimit(const BenchSubject& s) {
  return s.kind == BenchSubjectKind::DeviceCopy || s.kind == BenchSubjectKind::HostCopy;
}

struct DrawnWork {
  const WorkWords* words;
  double bytes;  // per element, as the report's results say (benchBytesPerElement where none do)
};

// The works drawn, in kWorkWords' order.
std::vector<DrawnWork> drawnWorks(const json& report, DType dtype, const std::string& dtypeName,
                                  const std::vector<std::string>& keys) {
  std::vector<DrawnWork> out;
  for (const WorkWords& w : kWorkWords) {
    bool drawn = false;
    double bytes = plot::kNaN;
    for (const std::string& key : keys) {
      const BenchSubject s = subjectOf(key);
      if (isLimit(s) || s.work() != w.work) continue;
      drawn = true;
      for (const json& r : report["results"])
        if (std::isnan(bytes) && text(r, "subject") == key && text(r, "dtype") == dtypeName &&
            r.contains("bytes_per_element") && r["bytes_per_element"].is_number())
          bytes = r["bytes_per_element"].get<double>();
    }
    if (drawn) out.push_back({&w, std::isnan(bytes) ? benchBytesPerElement(w.work, dtype) : bytes});
  }
  return out;
}

bool drawn(const std::vector<DrawnWork>& works, BenchWork work) {
  return std::any_of(works.begin(), works.end(),
                     [work](const DrawnWork& w) { return w.words->work == work; });
}

double flagDensity(const json& report) {
  const json& config = report.contains("config") ? report["config"] : json();
  return config.is_object() && config.contains("select_flag_density") &&
                 config["select_flag_density"].is_number()
             ? config["select_flag_density"].get<double>()
             : kSelectFlagDensity;
}

// What the lines do, after the dtype: "inclusive add", "segmented inclusive add", "inclusive add,
// plain and segmented", "compaction and radix split (50% flagged)"; beside the compaction or split
// the scans are "scans", so that the title and the device fit one line of the picture.
std::string workTitle(const json& report, const std::vector<DrawnWork>& works) {
  const std::string op = text(report, "operation").empty() ? "scan" : text(report, "operation");
  const bool plain = drawn(works, BenchWork::Scan),
             segmented = drawn(works, BenchWork::SegmentedScan);
  const bool compaction = drawn(works, BenchWork::Compaction),
             split = drawn(works, BenchWork::Split);
  const bool scans = plain || segmented, flagged = compaction || split;
  std::string title;
  if (scans && flagged)
    title = "scans, ";
  else if (plain && segmented)
    title = op + ", plain and segmented";
  else if (segmented)
    title = "segmented " + op;
  else if (plain)
    title = op;
  if (compaction && split)
    title += scans ? "compaction and split" : "compaction and radix split";
  else if (compaction)
    title += "compaction";
  else if (split)
    title += "radix split";
  if (flagged)
    title += " (" + std::to_string(static_cast<int>(std::lround(flagDensity(report) * 100))) +
             "% flagged)";
  return title;
}

std::string number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

// A scan-only plot says what every scan moves; beside other works each says what it reads (the
// value, and a flag byte but for a scan) and writes: "compaction 5 + 2".
std::string workAxis(const std::vector<DrawnWork>& works, DType dtype) {
  if (works.empty() || (works.size() == 1 && works[0].words->work == BenchWork::Scan))
    return "GB/s (each element read and written once)";
  const double value = benchBytesPerElement(BenchWork::Scan, dtype) / 2;
  const double flag = benchBytesPerElement(BenchWork::Split, dtype) - 2 * value;
  std::string label = "GB/s, bytes per element read + written: ";
  for (size_t i = 0; i < works.size(); ++i) {
    const double read = value + (works[i].words->work == BenchWork::Scan ? 0 : flag);
    label += (i ? ", " : "") + std::string(works[i].words->name) + " " + number(read) + " + " +
             number(works[i].bytes - read);
  }
  // Room for the sizes while the line fits the picture.
  if (works.size() <= 2) label += " (value " + number(value) + " B, flag " + number(flag) + " B)";
  return label;
}

}  // namespace

void drawAsSubject(plot::Series& series, const SubjectLook& look) {
  series.color = plot::seriesColor(look.slot);
  series.marker = plot::seriesMarker(look.slot);
  if (look.cubBesideOurs) series.marker = plot::hollowOf(series.marker);
  series.dashed = look.cubBesideOurs;
}

plot::PlotSpec benchThroughputPlot(const json& report, const BenchPlotRequest& rq) {
  if (!report.is_object() || !report.contains("results") || !report["results"].is_array())
    throw InputError("not a benchmark report of `scanviz bench --json` (no \"results\")");
  plot::PlotSpec spec;
  spec.xScale = plot::AxisScale::Log2;
  spec.yScale = plot::AxisScale::Log10;
  spec.xLabel = "N (elements)";
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
  const DType dtype = parseDType(rq.dtype).value_or(DType::Int32);
  const std::vector<DrawnWork> works = drawnWorks(report, dtype, rq.dtype, seen);
  const std::string drawn = workTitle(report, works);
  spec.title = "Throughput, " + rq.dtype + (drawn.empty() ? "" : " " + drawn);
  const std::string where = provenance(report);
  if (!where.empty()) spec.title += "  \xC2\xB7  " + where;
  spec.yLabel = workAxis(works, dtype);
  // One of our kernels and its CUB counterpart in one hue, ours solid and CUB's dashed.
  std::vector<BenchSubject> subjects;
  for (const std::string& key : seen) subjects.push_back(subjectOf(key));
  const std::vector<SubjectLook> looks = pairedSubjectLooks(subjects);
  for (size_t i = 0; i < spec.series.size(); ++i) drawAsSubject(spec.series[i], looks[i]);
  return spec;
}

}  // namespace scanviz
