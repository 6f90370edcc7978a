#include "app/core/bench/bench_report_file.h"

#include <cmath>
#include <cstdint>

#include "app/core/capture/capture.h"
#include "app/core/capture/session.h"
#include "app/core/support/file_util.h"

namespace scanviz {
namespace {

using nlohmann::json;

// The fields of a result that are times (ms) or rates: null where not measured, else 0 or more.
constexpr const char* kNonNegativeFields[] = {
    "median_ms",      "min_ms",   "max_ms",     "q1_ms",         "q3_ms",
    "elements_per_s", "gb_per_s", "capture_ms", "plain_host_ms", "x_copy",
    "x_cub",          "samples",  "block_size", "launches",      "calls_per_sample"};

void checkVersion(const json& report, const std::string& name) {
  if (!report.contains("version")) return;  // every report so far says 1; none is older
  const json& v = report.at("version");
  if (!v.is_number_integer())
    throw InputError(name + ": version: wrong type (expected a whole number)");
  // Read wide: an int would wrap 4294967297 to 1.
  const bool huge = v.is_number_unsigned() && v.get<std::uint64_t>() > INT64_MAX;
  const std::int64_t version = huge ? INT64_MAX : v.get<std::int64_t>();
  if (version > kBenchReportVersion)
    throw InputError(name + " is bench report version " + v.dump() +
                     "; this scanviz reads version " + std::to_string(kBenchReportVersion) +
                     " and older (a newer scanviz wrote it)");
  if (version < 1)
    throw InputError(name + ": version: " + v.dump() + " is not a bench report version (1.." +
                     std::to_string(kBenchReportVersion) + ")");
}

void checkResult(const json& r, const std::string& where) {
  if (!r.is_object()) throw InputError(where + ": wrong type (expected an object)");
  for (const char* field : kNonNegativeFields) {
    if (!r.contains(field) || r.at(field).is_null()) continue;
    const json& v = r.at(field);
    if (!v.is_number())
      throw InputError(where + "." + field + ": wrong type (expected a number or null)");
    const double x = v.get<double>();
    if (!std::isfinite(x) || x < 0)
      throw InputError(where + "." + field + ": " + v.dump() +
                       " cannot be: times, rates and counts are 0 or more");
  }
  if (r.contains("n")) {
    const json& n = r.at("n");
    if (!n.is_number_integer() || (!n.is_number_unsigned() && n.get<std::int64_t>() < 1))
      throw InputError(where + ".n: " + n.dump() + " is not a size (a whole number, 1 or more)");
  }
}

}  // namespace

void checkBenchReport(const json& report, const std::string& name) {
  if (!report.is_object() || !report.contains("results") || !report.at("results").is_array())
    throw InputError(name +
                     " is not a benchmark report of `scanviz bench --json` (no \"results\")");
  checkVersion(report, name);
  const json& results = report.at("results");
  for (size_t i = 0; i < results.size(); ++i)
    checkResult(results[i], name + ": results[" + std::to_string(i) + "]");
}

json loadBenchReport(const std::string& path) {
  const std::string name = path == "-" ? std::string("standard input") : "'" + path + "'";
  std::string text;
  try {
    text = readFileUpTo(path, kMaxBenchReportBytes, "bench reports");
  } catch (const FileError& e) {
    throw InputError(e.what());
  }
  json report;
  try {
    report = json::parse(text);
  } catch (const json::exception& e) {
    throw InputError(name + " is not JSON: " + jsonErrorText(e));
  }
  checkBenchReport(report, name);
  return report;
}

}  // namespace scanviz
