// The spot-the-bug lessons as their tests look them up: by id from the catalog.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

#include "app/core/lesson/lessons.h"

namespace scanviz {

// Throws, naming the id, where the catalog has no such lesson: the test fails there.
inline const Lesson& catalogLesson(std::string_view id) {
  const Lesson* l = findLesson(id);
  if (!l) throw std::logic_error("no lesson " + std::string(id));
  return *l;
}

}  // namespace scanviz
