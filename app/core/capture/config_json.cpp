#include "app/core/capture/config_json.h"

#include <limits>
#include <type_traits>

#include "app/core/algorithms/scan_options.h"

namespace scanviz {
namespace {

using nlohmann::json;

// Reads one optional field, keeping the default when it is absent.
struct FieldReader {
  const json& j;
  std::string where;

  template <class V>
  void read(const char* key, V& out) const {
    if (!j.contains(key)) return;
    const json& x = j.at(key);
    if constexpr (std::is_integral_v<V> && !std::is_same_v<V, bool>) {
      // get<int> would wrap 2^40 and is undefined for 1e300: take whole numbers that fit.
      if (!x.is_number_integer() ||
          (x.is_number_unsigned()
               ? x.get<uint64_t>() > static_cast<uint64_t>(std::numeric_limits<V>::max())
               : x.get<int64_t>() < static_cast<int64_t>(std::numeric_limits<V>::min()) ||
                     x.get<int64_t>() > static_cast<int64_t>(std::numeric_limits<V>::max())))
        throw ConfigFormatError(
            where + "." + key + ": " + (x.is_number() ? x.dump() : std::string(x.type_name())) +
            " is not a whole number in " + std::to_string(std::numeric_limits<V>::min()) + ".." +
            std::to_string(std::numeric_limits<V>::max()));
      out = x.get<V>();
    } else {
      try {
        out = x.get<V>();
      } catch (const json::exception&) {
        throw ConfigFormatError(where + "." + key + ": wrong type");
      }
      // A NUL would cut a path or a message at that byte (opening "a" for "a\0b"): refuse it.
      if constexpr (std::is_same_v<V, std::string>)
        if (out.find('\0') != std::string::npos)
          throw ConfigFormatError(where + "." + key + ": holds a NUL byte; a session holds text");
    }
  }

  // A name that must be one of a list, parsed by `parse` (returns an optional).
  template <class V, class Parse>
  void readName(const char* key, V& out, Parse parse, const char* known) const {
    std::string name;
    read(key, name);
    if (name.empty()) return;
    auto v = parse(name);
    if (!v) throw ConfigFormatError(where + "." + key + ": '" + name + "' is not one of " + known);
    out = *v;
  }
  // The same for a name of `table` (enum_keys.h), which also gives the list.
  template <class E, std::size_t N>
  void readName(const char* key, E& out, const EnumKey<E> (&table)[N]) const {
    readName(
        key, out, [&](std::string_view s) { return valueOf(table, s); }, keyList(table).c_str());
  }
};

void readEmulator(const json& j, const std::string& where, EmulatorOptions& e) {
  if (!j.is_object()) throw ConfigFormatError(where + ": expected an object");
  const FieldReader r{j, where};
  r.read("resident_blocks", e.residentBlocks);
  r.readName("launch_order", e.order, kLaunchOrderKeys);
  r.read("static_block_ids", e.staticBlockIds);
  bool reverse = e.threadOrder == ThreadOrder::Reverse;
  r.read("reverse_threads", reverse);
  e.threadOrder = reverse ? ThreadOrder::Reverse : ThreadOrder::Forward;
}

void readInput(const json& j, const std::string& where, ScanOptions& c) {
  if (!j.is_object()) throw ConfigFormatError(where + ": expected an object");
  const FieldReader r{j, where};
  r.readName("source", c.source, parseInputSource, "lesson, random, ones, ascending, typed, file");
  r.read("n", c.n);
  r.read("seed", c.seed);
  r.read("values", c.typedValues);
  r.read("file", c.inputFile);
}

}  // namespace

json captureConfigToJson(const ScanOptions& c) {
  json j;
  j["algorithm"] = std::string(algorithmInfo(c.algorithm).key);
  j["input"] = {{"source", std::string(inputSourceKey(c.source))},
                {"n", c.n},
                {"seed", c.seed},
                {"values", c.typedValues},
                {"file", c.inputFile}};
  j["block_size"] = c.blockSize;
  j["coarsening"] = c.coarsening;
  j["operator"] = std::string(operatorName(c.op));
  j["dtype"] = std::string(dtypeName(c.dtype));
  j["exclusive"] = c.exclusive;
  j["backend"] = std::string(backendName(c.backend));
  j["record_block"] = c.recordBlock;
  j["emulator"] = {{"resident_blocks", c.emulator.residentBlocks},
                   {"launch_order", std::string(keyOf(kLaunchOrderKeys, c.emulator.order))},
                   {"static_block_ids", c.emulator.staticBlockIds},
                   {"reverse_threads", c.emulator.threadOrder == ThreadOrder::Reverse}};
  return j;
}

ScanOptions captureConfigFromJson(const json& j, const std::string& where) {
  if (!j.is_object()) throw ConfigFormatError(where + ": expected an object");
  ScanOptions c;
  const FieldReader r{j, where};
  const std::string known = algorithmKeyList();
  // A lambda, not the function's address: em++ 3.1.6 (clang 14, JavaScript exceptions) calls
  // findAlgorithm through a mistyped stub that traps when it is passed as a pointer here.
  r.readName(
      "algorithm", c.algorithm, [](std::string_view key) { return findAlgorithm(key); },
      known.c_str());
  if (j.contains("input")) readInput(j.at("input"), where + ".input", c);
  r.read("block_size", c.blockSize);
  r.read("coarsening", c.coarsening);
  r.readName("operator", c.op, kOperatorKeys);
  r.readName("dtype", c.dtype, kDTypeKeys);
  r.read("exclusive", c.exclusive);
  r.readName("backend", c.backend, kBackendKeys);
  r.read("record_block", c.recordBlock);
  if (j.contains("emulator")) readEmulator(j.at("emulator"), where + ".emulator", c.emulator);
  return c;
}

}  // namespace scanviz
