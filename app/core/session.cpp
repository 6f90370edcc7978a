#include "app/core/session.h"

#include <nlohmann/json.hpp>

#include "app/core/file_util.h"

namespace scanviz {
namespace {

using nlohmann::json;

json parseJson(const std::string& text, const std::string& name) {
  try {
    return json::parse(text);
  } catch (const json::parse_error& e) {
    throw ConfigFormatError("'" + name + "' is not valid JSON (" + jsonErrorText(e) +
                            "); the file may be truncated or not a session");
  }
}

void checkKind(const json& j, const std::string& name) {
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
    if (!j.at("version").is_number_integer())
      throw ConfigFormatError("'" + name + "': version: wrong type");
    const int v = j.at("version").get<int>();
    if (v > kSessionVersion)
      throw ConfigFormatError("'" + name + "' is session version " + std::to_string(v) +
                              "; this scanviz reads version " + std::to_string(kSessionVersion) +
                              " and older");
  }
}

}  // namespace

std::string jsonErrorText(const std::exception& e) {
  std::string s = e.what();
  if (!s.empty() && s[0] == '[') {
    const auto close = s.find("] ");
    if (close != std::string::npos) s = s.substr(close + 2);
  }
  return s;
}

std::string sessionToJson(const Session& s) {
  json j;
  j["kind"] = kSessionKind;
  j["version"] = kSessionVersion;
  j["config"] = captureConfigToJson(s.config);
  j["step"] = s.step;
  j["trace_file"] = s.traceFile;
  return j.dump(2) + "\n";
}

Session sessionFromJson(const std::string& text, const std::string& name) {
  const json j = parseJson(text, name);
  checkKind(j, name);
  Session s;
  if (j.contains("config"))
    s.config = captureConfigFromJson(j.at("config"), "'" + name + "': config");
  try {
    if (j.contains("step")) s.step = j.at("step").get<int>();
    if (j.contains("trace_file")) s.traceFile = j.at("trace_file").get<std::string>();
  } catch (const json::exception&) {
    throw ConfigFormatError("'" + name + "': step or trace_file has the wrong type");
  }
  if (s.step < 0)
    throw ConfigFormatError("'" + name + "': step " + std::to_string(s.step) + " is negative");
  return s;
}

void saveSession(const Session& s, const std::string& path) {
  writeFileAtomically(path, sessionToJson(s));
}

Session loadSession(const std::string& path) {
  std::string text;
  try {
    text = readWholeFile(path);
  } catch (const FileError& e) {
    throw ConfigFormatError(std::string("session: ") + e.what());
  }
  return sessionFromJson(text, path);
}

bool looksLikeSession(const std::string& text) {
  // Sessions are small and say their kind near the top; a trace can be tens of megabytes, so
  // look at the head instead of parsing the whole text twice.
  const std::string head = text.substr(0, 1 << 16);
  return head.find(std::string("\"") + kSessionKind + "\"") != std::string::npos;
}

}  // namespace scanviz
