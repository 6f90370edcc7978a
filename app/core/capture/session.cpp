#include "app/core/capture/session.h"

#include "app/core/capture/session_json.h"

#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "app/core/algorithms/algorithm_catalog.h"
#include "app/core/support/app_settings.h"
#include "app/core/support/file_util.h"
#include "app/core/support/output_file.h"
#include "app/core/support/version.h"

namespace scanviz {
namespace {

using nlohmann::json;

// Typed values are for a lesson's handful of cells; a file holds more.
constexpr size_t kMaxTypedValuesBytes = 1 << 20;

void checkSessionKind(const json& j, const std::string& name) {
  if (!j.is_object())
    throw ConfigFormatError("'" + name + "' is not a session file (no JSON object)");
  if (!j.contains("kind")) {
    if (j.contains("steps") && j.contains("meta"))
      throw ConfigFormatError("'" + name + "' is a trace file, not a session; open it as a trace");
    throw ConfigFormatError("'" + name + "' is not a session file (missing field 'kind')");
  }
  if (!j.at("kind").is_string() || j.at("kind").get<std::string>() != kSessionKind)
    throw ConfigFormatError("'" + name + "' is not a session file (kind is not \"" +
                            std::string(kSessionKind) + "\")");
  if (j.contains("version")) {
    const json& version = j.at("version");
    if (!version.is_number_integer())
      throw ConfigFormatError("'" + name + "': version: wrong type");
    // Read wide: an int would wrap 4294967297 to 1 and accept it.
    const bool huge = version.is_number_unsigned() &&
                      version.get<std::uint64_t>() > static_cast<std::uint64_t>(INT64_MAX);
    const std::int64_t v = huge ? INT64_MAX : version.get<std::int64_t>();
    if (v > kSessionVersion)
      throw ConfigFormatError("'" + name + "' is session version " + version.dump() +
                              "; this scanviz reads version " + std::to_string(kSessionVersion) +
                              " and older");
    if (v < 1)
      throw ConfigFormatError("'" + name + "': version: " + version.dump() +
                              " is not a session version (1.." + std::to_string(kSessionVersion) +
                              ")");
  }
}

void checkRange(const std::string& field, long long v, long long lo, long long hi) {
  if (v < lo || v > hi)
    throw ConfigFormatError(field + ": " + std::to_string(v) + " is outside the valid range " +
                            std::to_string(lo) + ".." + std::to_string(hi));
}

// The fields a session can hold out of range after parsing; the values themselves (typed or in a
// file) are checked when the capture runs, with the same messages as on the command line.
void validateSessionConfig(const ScanOptions& c, const std::string& where) {
  const CaptureLimits limits;
  if (c.source == InputSource::Random || c.source == InputSource::Ones ||
      c.source == InputSource::Ascending)
    checkRange(where + ".input.n", c.n, 1, limits.maxElements);
  if (c.blockSize != 0 && !kBlockSizes.holds(c.blockSize))
    throw ConfigFormatError(where + ".block_size: " + std::to_string(c.blockSize) +
                            " is not 0 (the lesson default) or " + kBlockSizes.text());
  if (!kCoarsenings.holds(c.coarsening))
    throw ConfigFormatError(where + ".coarsening: " + std::to_string(c.coarsening) + " is not " +
                            kCoarsenings.text());
  checkRange(where + ".record_block", c.recordBlock, 0, 1 << 30);
  checkRange(where + ".emulator.resident_blocks", c.emulator.residentBlocks, 1, 1 << 16);
  if (c.typedValues.size() > kMaxTypedValuesBytes)
    throw ConfigFormatError(where + ".input.values: " + std::to_string(c.typedValues.size()) +
                            " characters; a session holds at most " +
                            std::to_string(kMaxTypedValuesBytes) + " (use an input file for more)");
}

// The counters' settings a session keeps: {"processors": P, "real_elements": bool}.
void readCounters(const json& c, const std::string& where, Session& s) {
  if (!c.is_object()) throw ConfigFormatError(where + ": wrong type (expected an object)");
  if (c.contains("processors")) {
    if (!c.at("processors").is_number_integer())
      throw ConfigFormatError(where + ".processors: wrong type (expected a whole number)");
    const long long p = c.at("processors").get<long long>();
    checkRange(where + ".processors", p, 1, kMaxProcessors);
    s.processors = static_cast<int>(p);
  }
  if (c.contains("real_elements")) {
    if (!c.at("real_elements").is_boolean())
      throw ConfigFormatError(where + ".real_elements: wrong type (expected true or false)");
    s.realElements = c.at("real_elements").get<bool>();
  }
}

namespace fs = std::filesystem;

// The folder a session's relative paths start from: its own ("." for standard input).
fs::path sessionFolder(const std::string& sessionPath) {
  if (sessionPath == "-") return ".";
  const fs::path folder = fs::path(sessionPath).parent_path();
  return folder.empty() ? fs::path(".") : folder;
}

// `path` as seen from `folder` when both are on one root, else absolute: what a session stores,
// so that a folder of lessons can be moved or copied whole.
std::string relativeTo(const std::string& path, const fs::path& folder) {
  std::error_code ec;
  const fs::path target = fs::absolute(path, ec).lexically_normal();
  const fs::path base = fs::absolute(folder, ec).lexically_normal();
  if (ec) return path;
  const fs::path rel = target.lexically_relative(base);
  return rel.empty() ? target.string() : rel.string();
}

// A session names files that it does not hold; one that is a FIFO would hang the reader.
void refuseNonRegular(const std::string& path, const std::string& field) {
  if (const std::string problem = nonRegularFileProblem(path); !problem.empty())
    throw ConfigFormatError(field + ": " + problem);
}

}  // namespace

std::string resolveSessionPath(const std::string& stored, const std::string& sessionPath) {
  if (stored.empty() || stored == "-") return stored;
  if (fs::path(stored).is_absolute()) return fs::path(stored).lexically_normal().string();
  const fs::path beside = (sessionFolder(sessionPath) / stored).lexically_normal();
  std::error_code ec;
  if (fs::exists(beside, ec)) return beside.string();
  // Older sessions stored the path as it was typed, from the working directory of the day.
  if (fs::exists(stored, ec)) return fs::absolute(stored, ec).lexically_normal().string();
  return beside.string();
}

std::string jsonErrorText(const std::exception& e) {
  std::string s = e.what();
  if (!s.empty() && s[0] == '[') {
    const auto close = s.find("] ");
    if (close != std::string::npos) s = s.substr(close + 2);
  }
  return s;
}

json parseJsonText(const std::string& text, const std::string& name, const std::string& what) {
  try {
    return json::parse(text);
  } catch (const json::parse_error& e) {
    throw ConfigFormatError("'" + name + "' is not valid JSON (" + jsonErrorText(e) +
                            "); the file may be truncated or not a " + what);
  }
}

std::string sessionToJson(const Session& s) {
  json j;
  j["kind"] = kSessionKind;
  j["version"] = kSessionVersion;
  j["scanviz_version"] = scanvizVersion();  // which build wrote the file, as traces say
  j.update(sessionFieldsToJson(s));
  return j.dump(2) + "\n";
}

json sessionFieldsToJson(const Session& s) {
  json j;
  j["config"] = captureConfigToJson(s.config);
  j["step"] = s.step;
  j["trace_file"] = s.traceFile;
  if (s.processors) j["counters"]["processors"] = *s.processors;
  if (s.realElements) j["counters"]["real_elements"] = *s.realElements;
  return j;
}

Session sessionFromJson(const std::string& text, const std::string& name) {
  const json j = parseJsonText(text, name, "session");
  checkSessionKind(j, name);
  return sessionFromFields(j, name);
}

Session sessionFromFields(const json& j, const std::string& name) {
  Session s;
  if (j.contains("config"))
    s.config = captureConfigFromJson(j.at("config"), "'" + name + "': config");
  if (j.contains("step")) {
    const json& step = j.at("step");
    if (!step.is_number_integer())
      throw ConfigFormatError("'" + name + "': step: wrong type (expected a whole number)");
    if (!step.is_number_unsigned() && step.get<int64_t>() < 0)
      throw ConfigFormatError("'" + name + "': step " + step.dump() + " is negative");
    if (step.is_number_unsigned() ? step.get<uint64_t>() > INT32_MAX
                                  : step.get<int64_t>() > INT32_MAX)
      throw ConfigFormatError("'" + name + "': step " + step.dump() +
                              " is outside the valid range 0.." + std::to_string(INT32_MAX));
    s.step = step.get<int>();
  }
  if (j.contains("trace_file")) {
    if (!j.at("trace_file").is_string())
      throw ConfigFormatError("'" + name + "': trace_file: wrong type (expected a path)");
    s.traceFile = j.at("trace_file").get<std::string>();
    // Opened as a C string, "a\0b" would open "a": refuse it.
    if (s.traceFile.find('\0') != std::string::npos)
      throw ConfigFormatError("'" + name + "': trace_file: the path holds a NUL byte");
  }
  if (j.contains("counters")) readCounters(j.at("counters"), "'" + name + "': counters", s);
  validateSessionConfig(s.config, "'" + name + "': config");
  return s;
}

void saveSession(const Session& s, const std::string& path) {
  Session stored = s;
  if (!stored.traceFile.empty() && stored.traceFile != "-" && !isStandardOutput(path))
    stored.traceFile = relativeTo(stored.traceFile, sessionFolder(path));
  writeFileAtomically(path, sessionToJson(stored));
}

Session loadSession(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw ConfigFormatError("session: '" + path + "' is a directory, not a session file");
  const auto size = std::filesystem::file_size(path, ec);
  if (!ec && size > kMaxSessionFileBytes)
    throw ConfigFormatError("session: '" + path + "' is " + std::to_string(size) +
                            " bytes; session files are read up to " +
                            std::to_string(kMaxSessionFileBytes) + " bytes");
  std::string text;
  try {
    text = readFileUpTo(path, kMaxSessionFileBytes, "session files");
  } catch (const FileError& e) {
    throw ConfigFormatError(std::string("session: ") + e.what());
  }
  const std::string name = path == "-" ? std::string("standard input") : path;
  Session s = sessionFromJson(text, name);
  s.traceFile = resolveSessionPath(s.traceFile, path);
  if (!s.traceFile.empty()) refuseNonRegular(s.traceFile, "'" + name + "': trace_file");
  if (s.config.source == InputSource::File && !s.config.inputFile.empty())
    refuseNonRegular(s.config.inputFile, "'" + name + "': config.input.file");
  return s;
}

bool fileLooksLikeSession(const std::string& path) {
  return looksLikeSession(readFileHead(path, 1 << 16));
}

bool looksLikeSession(const std::string& text) {
  // Sessions are small and say their kind near the top; a trace can be tens of megabytes, so
  // look at the head instead of parsing the whole text twice.
  const std::string head = text.substr(0, 1 << 16);
  return head.find(std::string("\"") + kSessionKind + "\"") != std::string::npos;
}

}  // namespace scanviz
