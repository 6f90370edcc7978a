#include "app/core/support/app_settings.h"

#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "app/core/capture/config_json.h"
#include "app/core/capture/session.h"
#include "app/core/support/file_util.h"

namespace scanviz {
namespace {

using nlohmann::json;

template <class V>
void readField(const json& j, const char* key, V& out, const std::string& where) {
  if (!j.contains(key)) return;
  try {
    out = j.at(key).get<V>();
  } catch (const json::exception&) {
    throw ConfigFormatError(where + "." + key + ": wrong type");
  }
}

// A field that holds one of `table`'s keys; a key the table does not have is refused by name.
template <class E, size_t N>
void readKeyField(const json& j, const char* key, const EnumKey<E> (&table)[N], E& out,
                  const std::string& where) {
  std::string text(keyOf(table, out));
  readField(j, key, text, where);
  const std::optional<E> value = valueOf(table, text);
  if (!value)
    throw ConfigFormatError(where + "." + key + ": '" + text + "' is not one of " + keyList(table));
  out = *value;
}

void readLayout(const json& j, PanelLayout& l, const std::string& where) {
  if (!j.is_object()) throw ConfigFormatError(where + ": expected an object");
  readField(j, "show_controls", l.showControls, where);
  readField(j, "show_counters", l.showCounters, where);
  readField(j, "show_explanation", l.showExplanation, where);
  readField(j, "show_code", l.showCode, where);
  readField(j, "controls_width", l.controlsWidth, where);
  readField(j, "counters_width", l.countersWidth, where);
  readKeyField(j, "center_view", kCenterViewKeys, l.centerView, where);
  // Class mode is the lecturer's to open (the view's key or --class): a window that was closed in
  // it starts in the lesson, so that no question greets the next start on its own.
  if (l.centerView == CenterView::Class) l.centerView = CenterView::Lesson;
  readField(j, "compare_algorithms", l.compareAlgorithms, where);
  readField(j, "compare_sync", l.compareSync, where);
  readField(j, "timeline_lanes", l.timelineLanes, where);
  readKeyField(j, "code_view", kCodeViewKeys, l.codeView, where);
  l.controlsWidth = std::clamp(l.controlsWidth, 200.0f, 1200.0f);
  l.countersWidth = std::clamp(l.countersWidth, 200.0f, 1200.0f);
}

// Empty entries and repeats go (the first one stays), and at most kMaxRecentFiles are kept: a
// hand-edited file cannot make the menu long.
std::vector<std::string> cleanRecentList(const std::vector<std::string>& list) {
  std::vector<std::string> out;
  for (const auto& path : list) {
    if (path.empty() || std::find(out.begin(), out.end(), path) != out.end()) continue;
    if (out.size() == kMaxRecentFiles) break;
    out.push_back(path);
  }
  return out;
}

}  // namespace

std::vector<std::string> withRecentFile(std::vector<std::string> recent, const std::string& path) {
  std::error_code ec;
  const std::filesystem::path absolute = std::filesystem::absolute(path, ec);
  recent.insert(recent.begin(), ec ? path : absolute.lexically_normal().string());
  return cleanRecentList(recent);
}

std::string configDirectory() {
  return userFolder("XDG_CONFIG_HOME", ".config");
}

std::string settingsPath() {
  const std::string dir = configDirectory();
  return dir.empty() ? std::string() : dir + "/settings.json";
}

std::string settingsToJson(const AppSettings& s) {
  json j;
  j["theme"] = std::string(keyOf(kThemeKeys, s.theme));
  j["palette"] = std::string(keyOf(kPaletteKeys, s.palette));
  j["ui_scale"] = s.uiScale;
  j["brent_processors"] = s.brentProcessors;
  j["counters_real_elements"] = s.countersRealElements;
  j["export_folder"] = s.exportFolder;
  j["recent_files"] = s.recentFiles;
  j["layout"] = {{"show_controls", s.layout.showControls},
                 {"show_counters", s.layout.showCounters},
                 {"show_explanation", s.layout.showExplanation},
                 {"show_code", s.layout.showCode},
                 {"controls_width", s.layout.controlsWidth},
                 {"counters_width", s.layout.countersWidth},
                 {"center_view", std::string(keyOf(kCenterViewKeys, s.layout.centerView))},
                 {"compare_algorithms", s.layout.compareAlgorithms},
                 {"compare_sync", s.layout.compareSync},
                 {"timeline_lanes", s.layout.timelineLanes},
                 {"code_view", std::string(keyOf(kCodeViewKeys, s.layout.codeView))}};
  return j.dump(2) + "\n";
}

AppSettings settingsFromJson(const std::string& text, const std::string& name) {
  json j;
  try {
    j = json::parse(text);
  } catch (const json::parse_error& e) {
    throw ConfigFormatError("'" + name + "' is not valid JSON (" + jsonErrorText(e) + ")");
  }
  if (!j.is_object()) throw ConfigFormatError("'" + name + "': expected a JSON object");
  AppSettings s;
  std::string theme(keyOf(kThemeKeys, s.theme)), palette(keyOf(kPaletteKeys, s.palette));
  readField(j, "theme", theme, name);
  readField(j, "palette", palette, name);
  readField(j, "ui_scale", s.uiScale, name);
  readField(j, "brent_processors", s.brentProcessors, name);
  readField(j, "counters_real_elements", s.countersRealElements, name);
  readField(j, "export_folder", s.exportFolder, name);
  readField(j, "recent_files", s.recentFiles, name);
  s.recentFiles = cleanRecentList(s.recentFiles);
  if (j.contains("layout")) readLayout(j.at("layout"), s.layout, name + ".layout");
  const auto t = valueOf(kThemeKeys, theme);
  if (!t) throw ConfigFormatError("'" + name + "': theme '" + theme + "' is not dark or light");
  const auto p = valueOf(kPaletteKeys, palette);
  if (!p)
    throw ConfigFormatError("'" + name + "': palette '" + palette +
                            "' is not classic or okabe-ito");
  s.theme = *t;
  s.palette = *p;
  s.uiScale = std::clamp(s.uiScale, kMinUiScale, kMaxUiScale);
  s.brentProcessors = std::clamp(s.brentProcessors, 1, kMaxProcessors);
  return s;
}

LoadedSettings loadSettings(const std::string& path) {
  LoadedSettings out;
  if (path.empty() || !std::filesystem::exists(path)) return out;
  try {
    out.settings = settingsFromJson(readWholeFile(path), path);
  } catch (const std::exception& e) {
    out.warning = std::string("settings ignored, defaults used: ") + e.what();
  }
  return out;
}

void saveSettings(const AppSettings& s, const std::string& path) {
  if (path.empty()) throw FileError("no config folder: neither XDG_CONFIG_HOME nor HOME is set");
  std::error_code ec;
  std::filesystem::create_directories(std::filesystem::path(path).parent_path(), ec);
  if (ec) throw FileError("cannot create the config folder for '" + path + "': " + ec.message());
  writeFileAtomically(path, settingsToJson(s));
}

void saveRecentFiles(const std::vector<std::string>& recent, const std::string& path) {
  AppSettings saved = loadSettings(path).settings;
  saved.recentFiles = cleanRecentList(recent);
  saveSettings(saved, path);
}

}  // namespace scanviz
