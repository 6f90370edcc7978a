// What the app remembers between runs: theme, palette, UI scale and the panel layout, kept as JSON
// in the per-user config folder ($XDG_CONFIG_HOME/scanviz or ~/.config/scanviz).
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace scanviz {

enum class Theme { Dark, Light };
// Classic: saturated colours; OkabeIto: the Okabe-Ito set, distinguishable with colour blindness.
enum class Palette { Classic, OkabeIto };

std::string_view themeKey(Theme t);  // "dark" | "light"
std::optional<Theme> parseTheme(std::string_view s);
std::string_view paletteKey(Palette p);  // "classic" | "okabe-ito"
std::optional<Palette> parsePalette(std::string_view s);

constexpr float kMinUiScale = 1.0f;
constexpr float kMaxUiScale = 3.0f;

struct PanelLayout {
  bool showControls = true;
  bool showCounters = true;
  bool showExplanation = true;
  bool showCode = true;       // the kernel source beside the explanation
  float controlsWidth = 310;  // logical pixels at scale 1
  float countersWidth = 340;
};

struct AppSettings {
  Theme theme = Theme::Dark;
  Palette palette = Palette::Classic;
  float uiScale = 1.0f;
  int brentProcessors = 4;  // P of Brent's W/P + D in the counters
  PanelLayout layout;
};

// Empty when neither XDG_CONFIG_HOME nor HOME is set.
std::string configDirectory();
// configDirectory()/settings.json, or "" when there is no config folder.
std::string settingsPath();

struct LoadedSettings {
  AppSettings settings;
  std::string warning;  // why the file was not used; empty when it was, or did not exist
};

// A missing file gives the defaults quietly; a corrupt one gives the defaults and a warning.
LoadedSettings loadSettings(const std::string& path);
// Creates the folder when needed. Throws FileError.
void saveSettings(const AppSettings& s, const std::string& path);

std::string settingsToJson(const AppSettings& s);
// Out-of-range values are clamped; wrong types throw ConfigFormatError.
AppSettings settingsFromJson(const std::string& text, const std::string& name);

}  // namespace scanviz
