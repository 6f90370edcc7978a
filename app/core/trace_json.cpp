#include "app/core/trace_json.h"

#include <cmath>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "app/core/file_util.h"
#include "app/core/version.h"

namespace scanviz {
namespace {

using nlohmann::json;

json numbers(const std::vector<double>& v, bool integral) {
  json a = json::array();
  for (double x : v) {
    if (integral)
      a.push_back(static_cast<int64_t>(x));
    else
      a.push_back(static_cast<double>(static_cast<float>(x)));
  }
  return a;
}

// Whole-array rows make a file large (2^20 elements over 24 steps are 25M numbers), so files keep
// them up to this many values in all; a capture always has them.
constexpr long long kWholeValuesInFiles = 1ll << 21;

long long wholeValueCount(const Trace& t) {
  long long total = 0;
  for (const TraceStep& s : t.steps) total += static_cast<long long>(s.wholeBits.size());
  return total;
}

json wholeToJson(const std::vector<uint32_t>& bits, const std::string& dtype) {
  json a = json::array();
  for (uint32_t b : bits) {
    const double v = decodeValueBits(b, dtype);
    if (dtype == "int32")
      a.push_back(static_cast<int64_t>(v));
    else
      a.push_back(v);
  }
  return a;
}

json stepToJson(const TraceStep& s, bool integral) {
  json j;
  j["label"] = s.label;
  j["phase"] = s.phase;
  j["kind"] = s.kind;
  j["param"] = s.param;
  j["block"] = s.block;
  j["level"] = s.level;
  j["array"] = s.array;
  j["offset"] = s.offset;
  j["values"] = numbers(s.values, integral);
  j["active"] = s.active;
  j["edges"] = s.edges;
  j["ops"] = s.ops;
  if (!s.warpClock.empty()) j["warp_clock"] = s.warpClock;
  return j;
}

// Field access with messages that say where in the file the problem is.
struct Reader {
  const json& j;
  std::string where;

  const json& at(const char* key) const {
    if (!j.is_object() || !j.contains(key))
      throw TraceFormatError(where + ": missing field '" + key + "'");
    return j.at(key);
  }
  Reader sub(const char* key) const { return Reader{at(key), where + "." + key}; }
  template <class V>
  V get(const char* key) const {
    try {
      return at(key).get<V>();
    } catch (const json::exception&) {
      throw TraceFormatError(where + "." + key + ": wrong type");
    }
  }
  template <class V>
  V getOr(const char* key, V fallback) const {
    return j.is_object() && j.contains(key) ? get<V>(key) : fallback;
  }
  std::vector<double> numbers(const char* key) const {
    const json& a = at(key);
    if (!a.is_array()) throw TraceFormatError(where + "." + key + ": expected an array of numbers");
    std::vector<double> v;
    v.reserve(a.size());
    for (const auto& x : a) {
      if (!x.is_number())
        throw TraceFormatError(where + "." + key + ": expected an array of numbers");
      v.push_back(x.get<double>());
    }
    return v;
  }
};

// A whole-array row holds n values (a global step) or every block's section, padding included.
std::vector<uint32_t> wholeFromJson(const Reader& r, const TraceMeta& m) {
  if (!r.j.is_object() || !r.j.contains("whole")) return {};
  const std::vector<double> v = r.numbers("whole");
  const auto size = static_cast<long long>(v.size());
  const long long sections = static_cast<long long>(m.blocksTotal) * m.sectionSize;
  if (size != m.n && size != sections)
    throw TraceFormatError(r.where + ".whole: " + std::to_string(v.size()) +
                           " values; a whole-array row has n = " + std::to_string(m.n) +
                           " or blocks x section = " + std::to_string(sections));
  const std::string& dtype = m.dtype;
  std::vector<uint32_t> bits(v.size());
  for (size_t i = 0; i < v.size(); ++i) bits[i] = encodeValueBits(v[i], dtype);
  return bits;
}

TraceStep stepFromJson(const Reader& r) {
  TraceStep s;
  s.label = r.get<std::string>("label");
  s.phase = r.get<std::string>("phase");
  s.kind = r.getOr<int>("kind", 0);
  s.param = r.getOr<int>("param", 0);
  s.block = r.getOr<int>("block", 0);
  s.level = r.getOr<int>("level", 0);
  s.array = r.getOr<std::string>("array", "section");
  s.offset = r.getOr<int>("offset", 0);
  s.values = r.numbers("values");
  s.active = r.getOr<std::vector<int>>("active", {});
  s.edges = r.getOr<std::vector<std::array<int, 2>>>("edges", {});
  s.ops = r.getOr<int64_t>("ops", static_cast<int64_t>(s.edges.size()));
  s.warpClock = r.getOr<std::vector<int64_t>>("warp_clock", {});
  return s;
}

}  // namespace

std::string traceToJson(const Trace& t, bool pretty) {
  const bool integral = t.meta.dtype == "int32";
  json j;
  j["version"] = t.version;
  json m;
  m["algorithm"] = t.meta.algorithm;
  m["n"] = t.meta.n;
  m["block_size"] = t.meta.blockSize;
  m["section_size"] = t.meta.sectionSize;
  m["operator"] = t.meta.op;
  m["dtype"] = t.meta.dtype;
  m["inclusive"] = t.meta.inclusive;
  m["backend"] = t.meta.backend;
  m["device"] = t.meta.device;
  m["time_unit"] = t.meta.timeUnit;
  m["blocks_total"] = t.meta.blocksTotal;
  m["recorded_block"] = t.meta.recordedBlock;
  m["stored_values"] = t.meta.storedValues;
  m["notes"] = t.meta.notes;
  m["scanviz_version"] = scanvizVersion();  // which build wrote the file
  j["input"] = numbers(t.input, integral);
  j["output"] = numbers(t.output, integral);
  const bool keepWhole = wholeValueCount(t) <= kWholeValuesInFiles;
  if (!keepWhole)
    m["notes"].push_back("whole-array rows not saved (more than " +
                         std::to_string(kWholeValuesInFiles) +
                         " values): the heat view of this file shows the recorded block's "
                         "section; capture again to see every element");
  j["meta"] = m;
  json steps = json::array();
  for (const auto& s : t.steps) {
    json js = stepToJson(s, integral);
    if (keepWhole && !s.wholeBits.empty()) js["whole"] = wholeToJson(s.wholeBits, t.meta.dtype);
    steps.push_back(std::move(js));
  }
  j["steps"] = steps;
  json blocks = json::array();
  for (const auto& b : t.blocks) {
    blocks.push_back({{"id", b.id},
                      {"launch_index", b.launchIndex},
                      {"sm", b.sm},
                      {"start_ns", b.startNs},
                      {"wait_ns", b.waitNs},
                      {"end_ns", b.endNs},
                      {"lookback", b.lookback}});
  }
  j["blocks"] = blocks;
  j["counters"] = {{"work", t.counters.work},
                   {"depth", t.counters.depth},
                   {"sequential_work", t.counters.sequentialWork}};
  return j.dump(pretty ? 1 : -1);
}

Trace traceFromJson(const std::string& text) {
  json j;
  try {
    j = json::parse(text);
  } catch (const json::parse_error& e) {
    throw TraceFormatError(std::string("not valid JSON (") + e.what() +
                           "); the file may be truncated");
  }
  Reader root{j, "trace"};
  Trace t;
  t.version = root.get<int>("version");
  if (t.version < 1 || t.version > kTraceVersion)
    throw TraceFormatError("trace version " + std::to_string(t.version) +
                           " is not supported (this build reads versions 1 to " +
                           std::to_string(kTraceVersion) + ")");
  Reader m = root.sub("meta");
  t.meta.algorithm = m.get<std::string>("algorithm");
  t.meta.n = m.get<long long>("n");
  t.meta.blockSize = m.get<int>("block_size");
  t.meta.sectionSize = m.get<int>("section_size");
  t.meta.op = m.get<std::string>("operator");
  t.meta.dtype = m.get<std::string>("dtype");
  t.meta.inclusive = m.get<bool>("inclusive");
  t.meta.backend = m.get<std::string>("backend");
  t.meta.device = m.getOr<std::string>("device", "");
  t.meta.timeUnit = m.getOr<std::string>("time_unit", "ns");
  t.meta.blocksTotal = m.getOr<int>("blocks_total", 1);
  t.meta.recordedBlock = m.getOr<int>("recorded_block", 0);
  t.meta.notes = m.getOr<std::vector<std::string>>("notes", {});
  t.input = root.numbers("input");
  t.output = root.numbers("output");
  t.meta.storedValues = m.getOr<long long>("stored_values", static_cast<long long>(t.input.size()));
  if (t.meta.dtype != "int32" && t.meta.dtype != "float32")
    throw TraceFormatError("trace.meta.dtype: '" + t.meta.dtype + "' is not int32 or float32");
  if (t.output.size() != t.input.size())
    throw TraceFormatError("trace: input has " + std::to_string(t.input.size()) +
                           " values but output has " + std::to_string(t.output.size()));
  const json& steps = root.at("steps");
  if (!steps.is_array()) throw TraceFormatError("trace.steps: expected an array");
  for (size_t i = 0; i < steps.size(); ++i) {
    const Reader step{steps[i], "trace.steps[" + std::to_string(i) + "]"};
    t.steps.push_back(stepFromJson(step));
    t.steps.back().wholeBits = wholeFromJson(step, t.meta);
  }
  const json& blocks = root.at("blocks");
  if (!blocks.is_array()) throw TraceFormatError("trace.blocks: expected an array");
  for (size_t i = 0; i < blocks.size(); ++i) {
    Reader b{blocks[i], "trace.blocks[" + std::to_string(i) + "]"};
    TraceBlock tb;
    tb.id = b.get<int>("id");
    tb.launchIndex = b.getOr<int>("launch_index", tb.id);
    tb.sm = b.getOr<int>("sm", -1);
    tb.startNs = b.get<int64_t>("start_ns");
    tb.waitNs = b.getOr<int64_t>("wait_ns", 0);
    tb.endNs = b.get<int64_t>("end_ns");
    tb.lookback = b.getOr<int>("lookback", 0);
    t.blocks.push_back(tb);
  }
  Reader c = root.sub("counters");
  t.counters.work = c.get<int64_t>("work");
  t.counters.depth = c.get<int64_t>("depth");
  t.counters.sequentialWork = c.get<int64_t>("sequential_work");
  return t;
}

void saveTrace(const Trace& t, const std::string& path) {
  writeFileAtomically(path, traceToJson(t));
}

Trace loadTrace(const std::string& path) {
  const std::string text = readWholeFile(path);
  try {
    return traceFromJson(text);
  } catch (const TraceFormatError& e) {
    throw TraceFormatError(path + ": " + e.what());
  }
}

}  // namespace scanviz
