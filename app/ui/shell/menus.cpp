// The menu bar: every entry is a command of the command table (same label and shortcut as the
// keyboard), plus the settings that are choices rather than actions (theme, palette, scale).
#include <imgui.h>

#include <filesystem>
#include <initializer_list>
#include <utility>

#include "app/core/capture/sample_traces.h"
#include "app/ui/shell/commands.h"
#include "app/ui/shell/recent_menu.h"
#include "app/ui/shell/view_registry.h"
#include "app/ui/shell/view_states.h"
#include "app/ui/views/center_view.h"
#include "app/ui/views/panels.h"

namespace scanviz {
namespace {

void fileMenu(UiContext& ui) {
  openMenuForScript(ui, "File");
  if (!ImGui::BeginMenu("File")) return;
  ui.commands.menuItem("open");
  recentFilesMenu(ui);
  if (ImGui::BeginMenu("Open sample trace")) {
    const std::vector<std::string> samples = sampleTraces();
    if (samples.empty()) ImGui::TextDisabled("no assets/traces folder found");
    for (const auto& path : samples)
      if (ImGui::MenuItem(std::filesystem::path(path).filename().string().c_str()))
        ui.state.openFile(path);
    ImGui::EndMenu();
  }
  ui.commands.menuItem("save-session");
  ui.commands.menuItem("export");
  if (ui.commands.find("kernel-editor")) ui.commands.menuItem("kernel-editor");
  ImGui::Separator();
  ui.commands.menuItem("quit");
  ImGui::EndMenu();
}

void playbackMenu(UiContext& ui) {
  // Spot the bug has no playback of its own to drive (center_view.h).
  if (!ImGui::BeginMenu("Playback", !spotTheBugShown(ui.state))) return;
  for (const char* id : {"play", "forward", "back", "first", "last", "faster", "slower"}) {
    // While Compare is shown its own commands move all of its views.
    const std::string own = std::string("compare-") + id;
    ui.commands.menuItem(compareShown(ui.state) && ui.commands.find(own) ? own : id);
  }
  if (ImGui::BeginMenu("Jump to phase", !ui.state.playback.markers().empty())) {
    const auto& markers = ui.state.playback.markers();
    for (size_t i = 0; i < markers.size(); ++i) {
      const std::string key = i < 9 ? std::to_string(i + 1) : std::string();
      const std::string label =
          markers[i].phase + " (step " + std::to_string(markers[i].firstStep) + ")";
      if (ImGui::MenuItem(label.c_str(), key.empty() ? nullptr : key.c_str()))
        ui.state.playback.jumpToPhase(static_cast<int>(i) + 1);
    }
    ImGui::EndMenu();
  }
  ImGui::EndMenu();
}

// A submenu of a setting's values, the current one checked; true when one was picked.
template <class E>
bool choiceMenu(const char* title, E& value,
                std::initializer_list<std::pair<E, const char*>> choices) {
  bool picked = false;
  if (ImGui::BeginMenu(title)) {
    for (const auto& [choice, label] : choices)
      if (ImGui::MenuItem(label, nullptr, value == choice)) value = choice, picked = true;
    ImGui::EndMenu();
  }
  return picked;
}

void appearanceItems(UiContext& ui) {
  AppSettings s = ui.state.settings();
  bool changed = false;
  changed |=
      choiceMenu("Theme", s.theme, {{Theme::Dark, "Dark"}, {Theme::Light, "Light (projector)"}});
  changed |= choiceMenu(
      "Palette", s.palette,
      {{Palette::Classic, "Classic"}, {Palette::OkabeIto, "Colour-blind safe (Okabe-Ito)"}});
  // The fonts are rebuilt when the slider is released, not on every pixel of the drag.
  float& pendingScale = ui.views.pendingUiScale;
  if (pendingScale == 0) pendingScale = s.uiScale;
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 9);
  ImGui::SliderFloat("UI scale", &pendingScale, kMinUiScale, kMaxUiScale, "%.2fx");
  if (ImGui::IsItemDeactivatedAfterEdit()) {
    s.uiScale = pendingScale;
    changed = true;
  }
  if (!ImGui::IsItemActive()) pendingScale = s.uiScale;
  if (changed) ui.state.updateSettings(s);
}

void panelItems(UiContext& ui) {
  AppSettings s = ui.state.settings();
  bool changed = false;
  changed |= ImGui::MenuItem("Controls panel", nullptr, &s.layout.showControls);
  changed |= ImGui::MenuItem("Counters panel", nullptr, &s.layout.showCounters);
  changed |= ImGui::MenuItem("Explanation panel", nullptr, &s.layout.showExplanation);
  changed |=
      ImGui::MenuItem("Kernel source", nullptr, &s.layout.showCode, s.layout.showExplanation);
  if (ImGui::MenuItem("Restore default layout")) {
    s.layout = PanelLayout{};
    changed = true;
  }
  if (changed) ui.state.updateSettings(s);
}

void viewMenu(UiContext& ui) {
  if (!ImGui::BeginMenu("View")) return;
  ui.commands.menuItem("presentation", ui.state.presentation);
  ui.commands.menuItem("symbolic-values", ui.state.symbolic);
  ui.commands.menuItem("fullscreen");
  ImGui::Separator();
  viewMenuItems(ui);
  ImGui::Separator();
  appearanceItems(ui);
  ImGui::Separator();
  panelItems(ui);
  ImGui::EndMenu();
}

// The deck's commands (deck_controller.h): prepare it, save it, give it.
void deckMenu(UiContext& ui) {
  if (!ImGui::BeginMenu("Deck")) return;
  for (const char* id : {"deck-add", "deck-panel", "deck-save", "deck-next", "deck-back",
                         "deck-blank", "deck-presenter"})
    ui.commands.menuItem(id);
  ImGui::EndMenu();
}

}  // namespace

void drawMainMenu(UiContext& ui) {
  if (!ImGui::BeginMainMenuBar()) return;
  fileMenu(ui);
  playbackMenu(ui);
  viewMenu(ui);
  deckMenu(ui);
  drawSpotTheBugMenu(ui);
  if (ImGui::BeginMenu("Help")) {
    ui.commands.menuItem("shortcuts");
    ImGui::EndMenu();
  }
  ImGui::EndMainMenuBar();
}

void drawShortcutsWindow(UiContext& ui, bool* open) {
  if (!*open) return;
  ImGui::SetNextWindowSize(ImVec2(520 * ui.scale, 0), ImGuiCond_Appearing);
  if (ImGui::Begin("Keyboard shortcuts", open, ImGuiWindowFlags_NoCollapse)) {
    if (ImGui::BeginTable("keys", 2, ImGuiTableFlags_RowBg)) {
      for (const Command& c : ui.commands.all()) {
        if (c.shortcut.empty() || c.label.empty()) continue;
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(c.shortcut.c_str());
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(c.label.c_str());
      }
      const char* const extra[][2] = {
          {"1 .. 9", "Jump to phase 1 .. 9 (load, up-sweep, ...)"},
          {"Giving a deck", "PageDown / Right / Space: next step, then next view; B blank"},
          {"Number, Enter", "Giving a deck: go to that view"},
          {"Ctrl + wheel", "Zoom the array view (long arrays); it then scrolls"},
          {"Double-click", "Back to the whole array"},
          {"Wheel / drag", "Heat view (long arrays): zoom at the pointer, down to cells / pan"},
      };
      for (const auto& [keys, what] : extra) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(keys);
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(what);
      }
      ImGui::EndTable();
    }
  }
  ImGui::End();
}

}  // namespace scanviz
