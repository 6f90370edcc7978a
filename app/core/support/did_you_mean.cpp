#include "app/core/support/did_you_mean.h"

#include <algorithm>
#include <cctype>

namespace scanviz {
namespace {

char lower(char c) {
  return static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
}

// Damerau-Levenshtein distance (optimal string alignment), case ignored.
size_t editDistance(std::string_view a, std::string_view b) {
  std::vector<std::vector<size_t>> d(a.size() + 1, std::vector<size_t>(b.size() + 1));
  for (size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (size_t i = 1; i <= a.size(); ++i)
    for (size_t j = 1; j <= b.size(); ++j) {
      const size_t change = lower(a[i - 1]) == lower(b[j - 1]) ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + change});
      if (i > 1 && j > 1 && lower(a[i - 1]) == lower(b[j - 2]) &&
          lower(a[i - 2]) == lower(b[j - 1]))
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.size()][b.size()];
}

bool startsWith(std::string_view name, std::string_view typed) {
  if (typed.size() < 3 || typed.size() > name.size()) return false;
  for (size_t i = 0; i < typed.size(); ++i)
    if (lower(name[i]) != lower(typed[i])) return false;
  return true;
}

}  // namespace

std::string closestName(std::string_view typed, const std::vector<std::string>& known) {
  if (typed.empty()) return "";
  const size_t allowed = typed.size() <= 4 ? 1 : typed.size() / 3;
  std::string best;
  size_t bestDistance = allowed + 1;
  for (const std::string& name : known) {
    const size_t d = startsWith(name, typed) ? 1 : editDistance(typed, name);
    if (d < bestDistance) {
      best = name;
      bestDistance = d;
    }
  }
  return best;
}

std::string didYouMean(std::string_view typed, const std::vector<std::string>& known,
                       std::string_view prefix) {
  const std::string name = closestName(typed, known);
  if (name.empty()) return "";
  return " (did you mean '" + std::string(prefix) + name + "'?)";
}

}  // namespace scanviz
