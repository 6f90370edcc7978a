// Keys by name, as --keys and the shortcut help write them ("A", "PageDown", "Ctrl+D"), so that a
// script presses the keys a lecturer presses (deck_commands.cpp, App::frame).
#pragma once

#include <optional>
#include <string>

namespace scanviz {

struct KeyPress {
  int key = 0;  // GLFW key code
  bool ctrl = false;
};

std::optional<KeyPress> parseKeyName(const std::string& name);
// The names --keys takes, for its message.
std::string keyNameHelp();

}  // namespace scanviz
