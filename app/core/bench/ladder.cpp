#include "app/core/bench/ladder.h"

#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>

#include "app/core/capture/capture.h"
#include "app/core/support/file_util.h"

namespace scanviz {
namespace {

constexpr int kLadderReportVersion = 1;
constexpr long long kMaxLadderReportBytes = 1 << 20;  // a few hundred bytes a rung

const LadderRungInfo* rungByKey(const std::string& key) {
  for (const LadderRungInfo& r : kLadderRungs)
    if (r.key == key) return &r;
  return nullptr;
}

}  // namespace

const LadderRungInfo& ladderRungInfo(LadderRungId id) {
  return kLadderRungs[static_cast<size_t>(id)];
}

static_assert(
    [] {
      for (size_t i = 0; i < kLadderRungs.size(); ++i)
        if (static_cast<size_t>(kLadderRungs[i].id) != i) return false;
      return true;
    }(),
    "one row per LadderRungId, in the enum's order");

std::string formatLadderTime(double ns) {
  char text[32];
  if (ns < 1000)
    std::snprintf(text, sizeof text, "%.0f ns", ns);
  else if (ns < 1e6)
    std::snprintf(text, sizeof text, "%.3g us", ns / 1000);
  else
    std::snprintf(text, sizeof text, "%.3g ms", ns / 1e6);
  return text;
}

std::string formatLadderTable(const LadderReport& report) {
  std::string out = "latency ladder on " + report.device + " (driver " + report.driverVersion +
                    ", " + std::to_string(report.gpus) + " GPU" + (report.gpus == 1 ? "" : "s") +
                    ", " + report.date + ")\n\n";
  char line[256];
  std::snprintf(line, sizeof line, "%-36s %-36s %10s  %s\n", "hand-off", "joins", "time", "per");
  out += line;
  for (const LadderRung& r : report.rungs) {
    const LadderRungInfo& info = ladderRungInfo(r.id);
    std::snprintf(
        line, sizeof line, "%-36s %-36s %10s  %s\n", std::string(info.name).c_str(),
        std::string(info.joins).c_str(), r.measured() ? formatLadderTime(r.ns).c_str() : "-",
        r.measured() ? std::string(info.unit).c_str() : ("not measured: " + r.notMeasured).c_str());
    out += line;
  }
  return out;
}

std::string ladderReportJson(const LadderReport& report) {
  nlohmann::json rungs = nlohmann::json::array();
  for (const LadderRung& r : report.rungs) {
    nlohmann::json j = {{"rung", std::string(ladderRungInfo(r.id).key)},
                        {"unit", std::string(ladderRungInfo(r.id).unit)}};
    if (r.measured()) {
      j["ns"] = r.ns;
      if (!r.where.empty()) j["where"] = r.where;
    } else {
      j["not_measured"] = r.notMeasured;
    }
    rungs.push_back(std::move(j));
  }
  return nlohmann::json({{"kind", "scanviz-ladder"},
                         {"version", kLadderReportVersion},
                         {"device", report.device},
                         {"driver", report.driverVersion},
                         {"date", report.date},
                         {"gpus", report.gpus},
                         {"rungs", rungs}})
             .dump(2) +
         "\n";
}

LadderReport parseLadderReport(const std::string& text, const std::string& name) {
  const auto bad = [&name](const std::string& why) {
    return InputError("latency ladder '" + name + "': " + why);
  };
  const nlohmann::json j = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded() || !j.is_object())
    throw bad("not JSON (give a file `bench --ladder --json` wrote)");
  if (j.value("kind", "") != "scanviz-ladder")
    throw bad("its \"kind\" is not \"scanviz-ladder\" (give a file `bench --ladder --json` wrote)");
  if (!j.contains("version") || !j["version"].is_number_integer() ||
      j["version"].get<int>() > kLadderReportVersion)
    throw bad("version " + (j.contains("version") ? j["version"].dump() : std::string("missing")) +
              ", this scanviz reads version " + std::to_string(kLadderReportVersion));
  LadderReport r;
  for (const char* field : {"device", "driver", "date"}) {
    if (!j.contains(field) || !j[field].is_string())
      throw bad(std::string("\"") + field + "\" is missing or not a string");
  }
  r.device = j["device"];
  r.driverVersion = j["driver"];
  r.date = j["date"];
  if (!j.contains("gpus") || !j["gpus"].is_number_integer() || j["gpus"].get<int>() < 0)
    throw bad("\"gpus\" is missing or not a count");
  r.gpus = j["gpus"];
  if (!j.contains("rungs") || !j["rungs"].is_array())
    throw bad("\"rungs\" is missing or not a list");
  for (const nlohmann::json& e : j["rungs"]) {
    const std::string key = e.is_object() ? e.value("rung", "") : "";
    const LadderRungInfo* info = rungByKey(key);
    if (!info) throw bad("rung '" + key + "' is not one of scanviz's (bench --help lists them)");
    LadderRung rung;
    rung.id = info->id;
    if (e.contains("ns")) {
      if (!e["ns"].is_number() || !std::isfinite(e["ns"].get<double>()) ||
          e["ns"].get<double>() <= 0)
        throw bad("rung '" + key + "': \"ns\" must be a positive time");
      rung.ns = e["ns"];
      rung.where = e.value("where", "");
    } else {
      rung.notMeasured = e.value("not_measured", "");
      if (rung.notMeasured.empty())
        throw bad("rung '" + key + "' has neither \"ns\" nor \"not_measured\"");
    }
    r.rungs.push_back(std::move(rung));
  }
  return r;
}

LadderReport loadLadderReport(const std::string& path) {
  std::string text;
  try {
    text = readFileUpTo(path, kMaxLadderReportBytes, "latency ladders");
  } catch (const FileError& e) {
    throw InputError(e.what());
  }
  return parseLadderReport(text, path);
}

}  // namespace scanviz
