// What the scene tests read from a scene, in drawing order: the texts of one role, the lines of
// one role.
#pragma once

#include <string>
#include <vector>

#include "app/scene/scene.h"

namespace scanviz {

inline std::vector<std::string> textsOf(const Scene& s, const std::string& role) {
  std::vector<std::string> out;
  for (const SceneText* t : s.textsWithRole(role)) out.push_back(t->text);
  return out;
}

inline std::vector<const SceneLine*> linesWithRole(const Scene& s, const std::string& role) {
  std::vector<const SceneLine*> out;
  for (const SceneLine& l : s.lines)
    if (l.role == role) out.push_back(&l);
  return out;
}

}  // namespace scanviz
