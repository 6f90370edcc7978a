#include "app/ui/shell/key_names.h"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include <utility>

namespace scanviz {
namespace {

constexpr std::pair<const char*, int> kNamedKeys[] = {
    {"PageDown", GLFW_KEY_PAGE_DOWN}, {"PageUp", GLFW_KEY_PAGE_UP}, {"Right", GLFW_KEY_RIGHT},
    {"Left", GLFW_KEY_LEFT},          {"Up", GLFW_KEY_UP},          {"Down", GLFW_KEY_DOWN},
    {"Space", GLFW_KEY_SPACE},        {"Enter", GLFW_KEY_ENTER},    {"Esc", GLFW_KEY_ESCAPE},
    {"Home", GLFW_KEY_HOME},          {"End", GLFW_KEY_END},        {"F1", GLFW_KEY_F1},
    {"Delete", GLFW_KEY_DELETE}};

}  // namespace

std::optional<KeyPress> parseKeyName(const std::string& name) {
  KeyPress k;
  std::string rest = name;
  if (rest.rfind("Ctrl+", 0) == 0) {
    k.ctrl = true;
    rest = rest.substr(5);
  }
  if (rest.size() == 1 && rest[0] >= 'A' && rest[0] <= 'Z') {
    k.key = GLFW_KEY_A + (rest[0] - 'A');
    return k;
  }
  if (rest.size() == 1 && rest[0] >= '0' && rest[0] <= '9') {
    k.key = GLFW_KEY_0 + (rest[0] - '0');
    return k;
  }
  for (const auto& [n, code] : kNamedKeys)
    if (rest == n) {
      k.key = code;
      return k;
    }
  return std::nullopt;
}

std::string keyNameHelp() {
  std::string s = "A-Z, 0-9";
  for (const auto& [n, code] : kNamedKeys) s += std::string(", ") + n;
  return s + ", each optionally after Ctrl+";
}

}  // namespace scanviz
