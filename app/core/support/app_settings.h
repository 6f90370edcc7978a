// What the app remembers between runs: theme, palette, UI scale, the panel layout and the recent
// files, kept as JSON in the per-user config folder ($XDG_CONFIG_HOME/scanviz or
// ~/.config/scanviz).
#pragma once

#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/core/algorithms/algorithm_catalog.h"
#include "app/core/support/enum_keys.h"

namespace scanviz {

enum class Theme { Dark, Light };
// Classic: saturated colours; OkabeIto: the Okabe-Ito set, distinguishable with colour blindness.
enum class Palette { Classic, OkabeIto };

inline constexpr EnumKey<Theme> kThemeKeys[] = {{Theme::Dark, "dark"}, {Theme::Light, "light"}};
inline constexpr EnumKey<Palette> kPaletteKeys[] = {{Palette::Classic, "classic"},
                                                    {Palette::OkabeIto, "okabe-ito"}};

constexpr float kMinUiScale = 1.0f;
constexpr float kMaxUiScale = 3.0f;
// The largest P of Brent's bound the counters, --processors and a session take.
constexpr int kMaxProcessors = 1 << 20;

// What the middle of the window shows: the lesson's array view, Compare (algorithms side by side,
// or the GPU-vs-CPU diff), the grid-level block timeline, or Timing (live benchmark, warp clocks,
// Brent's theorem), the structure figure (PMPP Fig. 8.9's hierarchy), or class mode (predict,
// then reveal).
enum class CenterView { Lesson, Compare, Timeline, Timing, Figure, Class };
inline constexpr EnumKey<CenterView> kCenterViewKeys[] = {
    {CenterView::Lesson, "lesson"},     {CenterView::Compare, "compare"},
    {CenterView::Timeline, "timeline"}, {CenterView::Timing, "timing"},
    {CenterView::Figure, "figure"},     {CenterView::Class, "class"}};

// What the code panel shows: the textbook's CUDA of the algorithm (kernels/listings/, PMPP
// chapter 8's conventions), or its kernel as scanviz runs it (kernels/block, kernels/grid: the
// executor form, the source the trace was recorded from). One row each: the key (settings,
// --code-view) and the tab's title.
enum class CodeView { Textbook, Executor };
inline constexpr EnumKey<CodeView> kCodeViewKeys[] = {{CodeView::Textbook, "textbook"},
                                                      {CodeView::Executor, "executor"}};
struct CodeViewTab {
  CodeView view;
  std::string_view title;
};
inline constexpr CodeViewTab kCodeViewTabs[] = {{CodeView::Textbook, "Textbook CUDA"},
                                                {CodeView::Executor, "As scanviz runs it"}};
static_assert(std::size(kCodeViewKeys) == std::size(kCodeViewTabs));

struct PanelLayout {
  bool showControls = true;
  bool showCounters = true;
  bool showExplanation = true;
  bool showCode = true;                    // the kernel source beside the explanation
  CodeView codeView = CodeView::Textbook;  // which of the code panel's tabs is open
  float controlsWidth = 310;               // logical pixels at scale 1
  float countersWidth = 340;
  CenterView centerView = CenterView::Lesson;
  // Compare's algorithms (the ids of `scanviz list`) and how its views move together.
  std::vector<std::string> compareAlgorithms = algorithmKeysWithRole(kRoleCompared);
  std::string compareSync = "step";  // step | time
  std::string timelineLanes = "sm";  // the block timeline's swimlanes: sm | block
};

struct AppSettings {
  Theme theme = Theme::Dark;
  Palette palette = Palette::Classic;
  float uiScale = 1.0f;
  int brentProcessors = 4;  // P of Brent's W/P + D in the counters
  // The counters of a run with padding count the input's elements alone (the padding beside).
  bool countersRealElements = false;
  PanelLayout layout;
  std::string exportFolder;  // where the Export dialog saved last; empty: not chosen yet
  // File > Open recent: traces and sessions opened or saved, absolute paths, most recent first,
  // at most kMaxRecentFiles.
  std::vector<std::string> recentFiles;
};

constexpr size_t kMaxRecentFiles = 8;

// `recent` with `path` (made absolute) first: an older entry for the same file goes and the list
// keeps kMaxRecentFiles entries.
std::vector<std::string> withRecentFile(std::vector<std::string> recent, const std::string& path);

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
// Replaces only the recent-files list in the settings file: the other settings stay as saved
// (not as overridden on this run's command line). Written atomically, like saveSettings.
void saveRecentFiles(const std::vector<std::string>& recent, const std::string& path);

std::string settingsToJson(const AppSettings& s);
// Out-of-range values are clamped; wrong types throw ConfigFormatError.
AppSettings settingsFromJson(const std::string& text, const std::string& name);

}  // namespace scanviz
