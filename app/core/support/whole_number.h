// A number a person typed (an option's value, a quiz answer), read the one way every parser
// reads it, so that each only says in its own words what it expected.
#pragma once

#include <cerrno>
#include <cstdlib>
#include <optional>
#include <string>

namespace scanviz {

// The whole of `text` as a number in strtod's syntax; none when it is empty, holds anything after
// the number, or lies beyond a double's range.
inline std::optional<double> parseWholeNumber(const std::string& text) {
  char* end = nullptr;
  errno = 0;
  const double v = std::strtod(text.c_str(), &end);
  if (text.empty() || *end != '\0' || errno == ERANGE) return std::nullopt;
  return v;
}

}  // namespace scanviz
