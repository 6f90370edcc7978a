// The texts of one role in a scene, in drawing order: what most scene tests assert on.
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

}  // namespace scanviz
