// Every command declared once: its menu entry, its shortcut and its action together, so the
// menus, the keyboard and the help list can never disagree.
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace scanviz {

struct Command {
  std::string id;         // "play", "save-session", ...
  std::string label;      // the menu entry
  std::string shortcut;   // as the menu shows it: "Ctrl+S", "Space"
  std::vector<int> keys;  // GLFW key codes that run it
  bool ctrl = false;
  std::function<void()> run;
  std::function<bool()> enabled;  // empty: always
};

class CommandTable {
 public:
  void add(Command c) { commands_.push_back(std::move(c)); }
  const Command* find(const std::string& id) const;
  const std::vector<Command>& all() const { return commands_; }
  void run(const std::string& id) const;
  // Runs the commands whose key was pressed this frame: of the commands bound to one key, the
  // first that is enabled (a deck being given takes PageDown, digits and B before the rest).
  // Skipped while a text field has the keyboard (typing "1" into the input must not jump to
  // phase 1).
  void handleKeys() const;
  // The same for one key press (--keys); false when no enabled command has that key.
  bool press(int key, bool ctrl) const;
  // A menu item for the command (label, shortcut, enabled state).
  void menuItem(const std::string& id, bool selected = false) const;

 private:
  std::vector<Command> commands_;
};

}  // namespace scanviz
