#include "app/ui/shell/commands.h"

#include <imgui.h>

#include <algorithm>

namespace scanviz {

const Command* CommandTable::find(const std::string& id) const {
  for (const auto& c : commands_)
    if (c.id == id) return &c;
  return nullptr;
}

void CommandTable::run(const std::string& id) const {
  const Command* c = find(id);
  if (c && (!c->enabled || c->enabled())) c->run();
}

void CommandTable::handleKeys() const {
  const ImGuiIO& io = ImGui::GetIO();
  if (io.WantTextInput) return;
  std::vector<int> pressed;
  for (const auto& c : commands_) {
    if (c.ctrl != io.KeyCtrl) continue;
    for (int key : c.keys)
      if (ImGui::IsKeyPressed(key, /*repeat=*/!c.ctrl) &&
          std::find(pressed.begin(), pressed.end(), key) == pressed.end())
        pressed.push_back(key);
  }
  for (int key : pressed) press(key, io.KeyCtrl);
}

bool CommandTable::press(int key, bool ctrl) const {
  for (const auto& c : commands_) {
    if (c.ctrl != ctrl || std::find(c.keys.begin(), c.keys.end(), key) == c.keys.end()) continue;
    if (c.enabled && !c.enabled()) continue;
    c.run();
    return true;
  }
  return false;
}

void CommandTable::menuItem(const std::string& id, bool selected) const {
  const Command* c = find(id);
  if (!c) return;
  const bool enabled = !c->enabled || c->enabled();
  if (ImGui::MenuItem(c->label.c_str(), c->shortcut.empty() ? nullptr : c->shortcut.c_str(),
                      selected, enabled))
    c->run();
}

}  // namespace scanviz
