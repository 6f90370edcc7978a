#include "app/core/trace/trace_json.h"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <limits>
#include <nlohmann/json.hpp>
#include <sstream>

#include "app/core/capture/session.h"
#include "app/core/support/file_util.h"
#include "app/core/support/version.h"
#include "app/core/trace/trace_validation.h"

namespace scanviz {

void failTraceField(const std::string& field, const std::string& problem) {
  throw TraceFormatError(field + ": " + problem);
}
namespace {

using nlohmann::json;

// JSON has no infinity or NaN: a float32 scan that overflowed (3e38 + 3e38) stores them as the
// strings "inf", "-inf" and "nan" (docs/trace-format.md), which read back to the same values.
json valueToJson(double x, bool integral) {
  if (std::isnan(x)) return "nan";
  if (std::isinf(x)) return x > 0 ? "inf" : "-inf";
  if (integral && std::fabs(x) < 0x1p62) return static_cast<int64_t>(x);
  const auto f = static_cast<float>(x);
  if (std::isinf(f)) return f > 0 ? "inf" : "-inf";
  return static_cast<double>(f);
}

json numbers(const std::vector<double>& v, bool integral) {
  json a = json::array();
  for (double x : v) a.push_back(valueToJson(x, integral));
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
  for (uint32_t b : bits) a.push_back(valueToJson(decodeValueBits(b, dtype), dtype == "int32"));
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
  if (!s.moves.empty()) j["moves"] = s.moves;
  if (!s.edgeThreads.empty()) j["edge_threads"] = s.edgeThreads;
  if (!s.moveThreads.empty()) j["move_threads"] = s.moveThreads;
  j["ops"] = s.ops;
  if (!s.warpClock.empty()) j["warp_clock"] = s.warpClock;
  if (!s.flags.empty()) j["flags"] = s.flags;
  if (!s.second.empty()) j["second"] = s.second;
  return j;
}

// A number of the file, or one of the strings valueToJson writes for non-finite values.
bool valueFromJson(const json& x, double& out) {
  if (x.is_number()) {
    out = x.get<double>();
    return true;
  }
  if (!x.is_string()) return false;
  const auto& text = x.get_ref<const std::string&>();
  if (text == "inf" || text == "-inf") {
    out = text[0] == '-' ? -INFINITY : INFINITY;
    return true;
  }
  if (text == "nan") {
    out = std::nan("");
    return true;
  }
  return false;
}

// An integer that must fit I: 2^40 + 2 read as an int would silently become 2.
template <class I>
I integerFromDouble(double d, const std::string& field) {
  constexpr auto lo = std::numeric_limits<I>::min();
  constexpr auto hi = std::numeric_limits<I>::max();
  if (!std::isfinite(d) || d != std::floor(d)) failTraceField(field, "expected a whole number");
  if (!(d >= static_cast<double>(lo) && d <= static_cast<double>(hi)))
    failTraceField(field, "a number outside " + std::to_string(lo) + ".." + std::to_string(hi));
  return static_cast<I>(d);
}

template <class I>
I integerFromJson(const json& x, const std::string& field) {
  constexpr auto lo = std::numeric_limits<I>::min();
  constexpr auto hi = std::numeric_limits<I>::max();
  const std::string range = " is outside " + std::to_string(lo) + ".." + std::to_string(hi);
  if (x.is_number_unsigned()) {
    const auto v = x.get<uint64_t>();
    if (v > static_cast<uint64_t>(hi)) failTraceField(field, std::to_string(v) + range);
    return static_cast<I>(v);
  }
  if (x.is_number_integer()) {
    const auto v = x.get<int64_t>();
    if (v < static_cast<int64_t>(lo) || v > static_cast<int64_t>(hi))
      failTraceField(field, std::to_string(v) + range);
    return static_cast<I>(v);
  }
  if (x.is_number_float()) return integerFromDouble<I>(x.get<double>(), field);
  failTraceField(field, "wrong type (expected a whole number)");
}

// ---- Reading with bounded memory ---------------------------------------------------------------
// nlohmann's DOM spends 16 bytes and more on every number, and its destructor allocates a stack
// as large as an array to free it (under memory pressure that aborts). The builder below makes
// the same document except that an array of numbers, or of [a, b] pairs of numbers, is kept as one
// binary value holding doubles: 8 bytes a number, freed without allocating.

enum PackedKind : std::uint8_t { kPackedNumbers = 1, kPackedPairs = 2 };

constexpr int64_t kExactInteger = 1ll << 53;  // larger integers stay in the DOM, exact
constexpr size_t kMaxDomArray = 1 << 16;      // elements of an array of anything else
constexpr size_t kMaxDepth = 32;

json packedValue(const std::vector<double>& v, PackedKind kind) {
  std::vector<std::uint8_t> bytes(v.size() * sizeof(double));
  if (!v.empty()) std::memcpy(bytes.data(), v.data(), bytes.size());
  return json::binary(std::move(bytes), kind);
}

std::vector<double> unpacked(const json& x) {
  const json::binary_t& b = x.get_binary();
  std::vector<double> v(b.size() / sizeof(double));
  if (!v.empty()) std::memcpy(v.data(), b.data(), v.size() * sizeof(double));
  return v;
}

bool isPacked(const json& x, PackedKind kind) {
  return x.is_binary() && x.get_binary().has_subtype() && x.get_binary().subtype() == kind;
}

bool isEmptyPacked(const json& x) {
  return x.is_binary() && x.get_binary().empty();
}

json numberToJson(double d) {
  if (std::isnan(d)) return "nan";
  if (std::isinf(d)) return d > 0 ? "inf" : "-inf";
  if (d == std::floor(d) && std::fabs(d) <= static_cast<double>(kExactInteger))
    return static_cast<int64_t>(d);
  return d;
}

class PackingBuilder {
 public:
  explicit PackingBuilder(json& root) : root_(root) {}

  bool null() { return value(nullptr); }
  bool boolean(bool b) { return value(b); }
  bool number_integer(json::number_integer_t v) {
    return v >= -kExactInteger && v <= kExactInteger ? number(static_cast<double>(v)) : value(v);
  }
  bool number_unsigned(json::number_unsigned_t v) {
    return v <= static_cast<uint64_t>(kExactInteger) ? number(static_cast<double>(v)) : value(v);
  }
  bool number_float(json::number_float_t v, const std::string& /*text*/) { return number(v); }
  bool string(std::string& s) {
    // The non-finite values of float32 traces belong in a packed array (docs/trace-format.md).
    if (!frames_.empty() && frames_.back().kind == Frame::Numbers &&
        (s == "inf" || s == "-inf" || s == "nan"))
      return number(s == "nan" ? std::nan("") : s[0] == '-' ? -INFINITY : INFINITY);
    return value(std::move(s));
  }
  bool binary(json::binary_t& /*b*/) { return value(nullptr); }  // JSON text has none
  bool start_object(std::size_t /*size*/) {
    open(Frame::Object);
    return true;
  }
  bool key(std::string& k) {
    frames_.back().key = std::move(k);
    return true;
  }
  bool end_object() { return close(); }
  bool start_array(std::size_t /*size*/) {
    if (!frames_.empty()) {
      Frame& parent = frames_.back();
      if (parent.kind == Frame::Numbers && parent.packed.empty())
        parent.kind = Frame::Pairs;  // "[[": perhaps edges
      else if (parent.kind == Frame::Numbers)
        demote(parent);
    }
    open(Frame::Numbers);
    return true;
  }
  bool end_array() { return close(); }
  bool parse_error(std::size_t /*position*/, const std::string& /*token*/,
                   const nlohmann::detail::exception& e) {
    throw TraceFormatError("not valid JSON (" + jsonErrorText(e) + "); the file may be truncated");
  }

 private:
  struct Frame {
    enum Kind { Object, Array, Numbers, Pairs } kind;
    json dom;
    std::vector<double> packed;  // Numbers; Pairs flattened
    std::string key;             // Object: the key of the value being read
  };

  void open(Frame::Kind kind) {
    if (frames_.size() >= kMaxDepth)
      throw TraceFormatError("the JSON is nested deeper than " + std::to_string(kMaxDepth) +
                             " levels; a trace has 4");
    Frame f{kind, kind == Frame::Object ? json::object() : json(), {}, {}};
    frames_.push_back(std::move(f));
  }

  // A packed frame that meets something other than numbers becomes an ordinary array.
  void demote(Frame& f) {
    json a = json::array();
    if (f.kind == Frame::Pairs) {
      for (size_t i = 0; i + 1 < f.packed.size(); i += 2)
        add(a, json::array({numberToJson(f.packed[i]), numberToJson(f.packed[i + 1])}));
    } else {
      for (double d : f.packed) add(a, numberToJson(d));
    }
    f.kind = Frame::Array;
    f.dom = std::move(a);
    std::vector<double>().swap(f.packed);
  }

  static void add(json& array, json v) {
    if (array.size() >= kMaxDomArray)
      throw TraceFormatError("an array holds more than " + std::to_string(kMaxDomArray) +
                             " elements that are not numbers; no trace field does");
    array.push_back(std::move(v));
  }

  bool number(double d) {
    if (!frames_.empty() && frames_.back().kind == Frame::Numbers) {
      frames_.back().packed.push_back(d);
      return true;
    }
    return value(numberToJson(d));
  }

  bool value(json v) {
    if (frames_.empty()) {
      root_ = std::move(v);
      return true;
    }
    Frame& parent = frames_.back();
    if (parent.kind == Frame::Numbers || parent.kind == Frame::Pairs) demote(parent);
    if (parent.kind == Frame::Object) {
      parent.dom[parent.key] = std::move(v);
    } else {
      add(parent.dom, std::move(v));
    }
    return true;
  }

  bool close() {
    Frame f = std::move(frames_.back());
    frames_.pop_back();
    if (!frames_.empty() && frames_.back().kind == Frame::Pairs) {
      Frame& parent = frames_.back();
      if (f.kind == Frame::Numbers && f.packed.size() == 2) {
        parent.packed.insert(parent.packed.end(), f.packed.begin(), f.packed.end());
        return true;
      }
      demote(parent);
    }
    if (f.kind == Frame::Numbers) return value(packedValue(f.packed, kPackedNumbers));
    if (f.kind == Frame::Pairs) return value(packedValue(f.packed, kPackedPairs));
    return value(std::move(f.dom));
  }

  json& root_;
  std::vector<Frame> frames_;
};

// Field access with messages that say where in the file the problem is.
struct Reader {
  const json& j;
  std::string where;

  const json& at(const char* key) const {
    if (!j.is_object()) failTraceField(where, "expected an object");
    const auto it = j.find(key);
    if (it == j.end()) throw TraceFormatError(where + ": missing field '" + key + "'");
    return *it;
  }
  bool has(const char* key) const { return j.is_object() && j.contains(key); }
  std::string field(const char* key) const { return where + "." + key; }
  Reader sub(const char* key) const { return Reader{at(key), field(key)}; }

  template <class V>
  V get(const char* key) const {
    const json& x = at(key);
    if constexpr (std::is_integral_v<V> && !std::is_same_v<V, bool>) {
      return integerFromJson<V>(x, field(key));
    } else {
      try {
        return x.get<V>();
      } catch (const json::exception&) {
        failTraceField(field(key), "wrong type");
      }
    }
  }
  template <class V>
  V getOr(const char* key, V fallback) const {
    return has(key) ? get<V>(key) : fallback;
  }
  // An array of objects or strings ([] reads as an empty packed array).
  const json& array(const char* key) const {
    static const json kEmpty = json::array();
    const json& a = at(key);
    if (isEmptyPacked(a)) return kEmpty;
    if (!a.is_array()) failTraceField(field(key), "expected an array of objects or strings");
    return a;
  }
  std::vector<double> numbers(const char* key) const {
    const json& a = at(key);
    if (isPacked(a, kPackedNumbers) || isEmptyPacked(a)) return unpacked(a);
    if (!a.is_array()) failTraceField(field(key), "expected an array of numbers");
    std::vector<double> v(a.size());
    for (size_t i = 0; i < a.size(); ++i)
      if (!valueFromJson(a[i], v[i]))
        failTraceField(field(key) + "[" + std::to_string(i) + "]",
                       "expected a number (or \"inf\", \"-inf\", \"nan\")");
    return v;
  }
  template <class I>
  std::vector<I> integers(const char* key) const {
    if (!has(key)) return {};
    if (isPacked(at(key), kPackedNumbers) || isEmptyPacked(at(key))) {
      const std::vector<double> d = unpacked(at(key));
      std::vector<I> v(d.size());
      for (size_t i = 0; i < d.size(); ++i)
        v[i] = integerFromDouble<I>(d[i], field(key) + "[" + std::to_string(i) + "]");
      return v;
    }
    const json& a = array(key);
    std::vector<I> v(a.size());
    for (size_t i = 0; i < a.size(); ++i)
      v[i] = integerFromJson<I>(a[i], field(key) + "[" + std::to_string(i) + "]");
    return v;
  }
  std::vector<std::array<int, 2>> pairs(const char* key) const {
    if (!has(key)) return {};
    if (isPacked(at(key), kPackedPairs)) {
      const std::vector<double> d = unpacked(at(key));
      std::vector<std::array<int, 2>> v(d.size() / 2);
      for (size_t i = 0; i < v.size(); ++i) {
        const std::string f = field(key) + "[" + std::to_string(i) + "]";
        v[i] = {integerFromDouble<int>(d[2 * i], f + "[0]"),
                integerFromDouble<int>(d[2 * i + 1], f + "[1]")};
      }
      return v;
    }
    if (isPacked(at(key), kPackedNumbers) && !isEmptyPacked(at(key)))
      failTraceField(field(key) + "[0]", "expected a pair [dst, src]");
    const json& a = array(key);
    std::vector<std::array<int, 2>> v(a.size());
    for (size_t i = 0; i < a.size(); ++i) {
      const std::string f = field(key) + "[" + std::to_string(i) + "]";
      if (!a[i].is_array() || a[i].size() != 2) failTraceField(f, "expected a pair [dst, src]");
      v[i] = {integerFromJson<int>(a[i][0], f + "[0]"), integerFromJson<int>(a[i][1], f + "[1]")};
    }
    return v;
  }
  std::vector<std::string> strings(const char* key) const {
    if (!has(key)) return {};
    if (!isEmptyPacked(at(key)) && at(key).is_binary())
      failTraceField(field(key) + "[0]", "expected a string");
    const json& a = array(key);
    std::vector<std::string> v(a.size());
    for (size_t i = 0; i < a.size(); ++i) {
      if (!a[i].is_string())
        failTraceField(field(key) + "[" + std::to_string(i) + "]", "expected a string");
      v[i] = a[i].get<std::string>();
    }
    return v;
  }
};

// A whole-array row holds n values (a global step) or every block's section, padding included.
std::vector<uint32_t> wholeFromJson(const Reader& r, const TraceMeta& m) {
  if (!r.has("whole")) return {};
  const std::vector<double> v = r.numbers("whole");
  const auto size = static_cast<long long>(v.size());
  const long long sections = static_cast<long long>(m.blocksTotal) * m.sectionSize;
  if (size != m.n && size != sections)
    throw TraceFormatError(r.where + ".whole: " + std::to_string(v.size()) +
                           " values; a whole-array row has n = " + std::to_string(m.n) +
                           " or blocks x section = " + std::to_string(sections));
  const std::string& dtype = m.dtype;
  std::vector<uint32_t> bits(v.size());
  for (size_t i = 0; i < v.size(); ++i) {
    const double x = v[i];
    if (dtype == "int32" && !(x == std::floor(x) && x >= INT32_MIN && x <= INT32_MAX))
      failTraceField(r.field("whole") + "[" + std::to_string(i) + "]", "is not an int32 value");
    bits[i] = encodeValueBits(x, dtype);
  }
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
  s.active = r.integers<int>("active");
  s.edges = r.pairs("edges");
  s.moves = r.pairs("moves");
  s.edgeThreads = r.integers<int>("edge_threads");
  s.moveThreads = r.integers<int>("move_threads");
  s.ops = r.getOr<int64_t>("ops", static_cast<int64_t>(s.edges.size()));
  s.warpClock = r.integers<int64_t>("warp_clock");
  s.flags = r.integers<uint8_t>("flags");
  s.second = r.integers<int32_t>("second");
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
  if (!t.rows.second.empty()) m["second_name"] = t.rows.secondName;
  m["notes"] = t.meta.notes;
  m["scanviz_version"] = scanvizVersion();  // which build wrote the file
  j["input"] = numbers(t.input, integral);
  j["output"] = numbers(t.output, integral);
  if (!t.rows.flags.empty()) j["flags"] = t.rows.flags;
  if (!t.rows.second.empty()) j["second"] = t.rows.second;
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
  return j.dump(pretty ? 1 : -1, ' ', false, json::error_handler_t::replace);
}

namespace {

// Reads the parsed document into a Trace, releasing each part of the document once it is
// converted, so that the document and the Trace are not both held whole.
Trace traceFromDocument(json& j) {
  Reader root{j, "trace"};
  Trace t;
  t.version = root.get<int>("version");
  if (t.version < 1 || t.version > kTraceVersion)
    throw TraceFormatError("trace.version: version " + std::to_string(t.version) +
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
  t.meta.notes = m.strings("notes");
  t.input = root.numbers("input");
  t.output = root.numbers("output");
  t.rows.flags = root.integers<uint8_t>("flags");
  t.rows.second = root.integers<int32_t>("second");
  t.rows.secondName = m.getOr<std::string>("second_name", "");
  t.meta.storedValues = m.getOr<long long>("stored_values", static_cast<long long>(t.input.size()));
  if (t.meta.dtype != "int32" && t.meta.dtype != "float32")
    throw TraceFormatError("trace.meta.dtype: '" + t.meta.dtype + "' is not int32 or float32");
  root.at("steps");
  json& steps = j["steps"];
  if (isEmptyPacked(steps)) steps = json::array();
  if (!steps.is_array()) throw TraceFormatError("trace.steps: expected an array of objects");
  if (steps.size() > static_cast<size_t>(TraceLimits{}.maxSteps))
    throw TraceFormatError("trace.steps: " + std::to_string(steps.size()) +
                           " steps; the limit is " + std::to_string(TraceLimits{}.maxSteps));
  t.steps.reserve(steps.size());
  for (size_t i = 0; i < steps.size(); ++i) {
    const Reader step{steps[i], "trace.steps[" + std::to_string(i) + "]"};
    t.steps.push_back(stepFromJson(step));
    t.steps.back().wholeBits = wholeFromJson(step, t.meta);
    steps[i] = nullptr;
  }
  const json& blocks = root.array("blocks");
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
  validateTrace(t);
  return t;
}

template <class Source>
Trace parseTrace(Source&& source) {
  json j;
  PackingBuilder builder(j);
  json::sax_parse(std::forward<Source>(source), &builder);
  if (!j.is_object()) throw TraceFormatError("trace: expected a JSON object");
  return traceFromDocument(j);
}

std::string mib(double bytes) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.0f MiB", std::ceil(bytes / (1 << 20)));
  return buf;
}

}  // namespace

Trace traceFromJson(const std::string& text) {
  return parseTrace(text);
}

void saveTrace(const Trace& t, const std::string& path) {
  writeFileAtomically(path, traceToJson(t));
}

namespace {

const std::string& tooLargeNote() {
  static const std::string note =
      "; trace files are read up to " + mib(kMaxTraceFileBytes) + " (see docs/trace-format.md)";
  return note;
}

// A pipe, a device or standard input has no size to check first: read at most the limit
// (/dev/zero ends).
Trace readTraceStream(std::istream& in) {
  std::string text;
  std::vector<char> buffer(1 << 16);
  while (in.read(buffer.data(), static_cast<std::streamsize>(buffer.size())) || in.gcount() > 0) {
    text.append(buffer.data(), static_cast<size_t>(in.gcount()));
    if (text.size() > static_cast<size_t>(kMaxTraceFileBytes))
      throw TraceFormatError("it holds more than " + mib(kMaxTraceFileBytes) + tooLargeNote());
  }
  return parseTrace(text);
}

Trace readTraceFile(const std::string& path, uintmax_t& size) {
  if (path ==
      "-") {  // standard input, as in `scanviz capture ... --out - | scanviz export --trace -`
    try {
      return readTraceStream(std::cin);
    } catch (const TraceFormatError& e) {
      throw TraceFormatError(std::string("standard input: ") + e.what());
    }
  }
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  if (ec) throw FileError("cannot open '" + path + "': " + ec.message());
  if (std::filesystem::is_directory(status))
    throw FileError("cannot open '" + path + "': it is a directory, not a trace file");
  const bool regular = std::filesystem::is_regular_file(status);
  size = regular ? std::filesystem::file_size(path, ec) : 0;
  if (regular && !ec && size > static_cast<uintmax_t>(kMaxTraceFileBytes))
    throw TraceFormatError("'" + path + "' is " + mib(static_cast<double>(size)) + tooLargeNote());
  std::ifstream in(path, std::ios::binary);
  if (!in) throw FileError("cannot open '" + path + "': " + std::strerror(errno));
  try {
    return regular ? parseTrace(in) : readTraceStream(in);
  } catch (const TraceFormatError& e) {
    throw TraceFormatError(path + ": " + e.what());
  }
}

}  // namespace

Trace loadTrace(const std::string& path) {
  uintmax_t size = 0;
  try {
    return readTraceFile(path, size);
  } catch (const std::bad_alloc&) {
    // The partly built document is freed by now, so the message has room.
    throw TraceFormatError(path + ": not enough memory to read it: a trace of " +
                           mib(static_cast<double>(size)) + " needs about " +
                           mib(static_cast<double>(size) * kReadBytesPerFileByte) +
                           " while it is read");
  }
}

}  // namespace scanviz
