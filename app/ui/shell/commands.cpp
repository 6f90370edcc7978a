#include "app/ui/shell/commands.h"

#include <imgui.h>

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
  for (const auto& c : commands_) {
    if (c.ctrl != io.KeyCtrl) continue;
    for (int key : c.keys) {
      if (ImGui::IsKeyPressed(key, /*repeat=*/!c.ctrl)) {
        if (!c.enabled || c.enabled()) c.run();
        break;
      }
    }
  }
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
