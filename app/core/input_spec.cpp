#include "app/core/input_spec.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <random>

#include "app/core/capture.h"

namespace scanviz {

std::vector<double> parseValues(const std::string& text) {
  std::vector<double> v;
  size_t i = 0;
  const auto isSep = [](char c) {
    return c == ',' || c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ';';
  };
  while (i < text.size()) {
    while (i < text.size() && isSep(text[i])) ++i;
    if (i >= text.size()) break;
    size_t j = i;
    while (j < text.size() && !isSep(text[j])) ++j;
    const std::string token = text.substr(i, j - i);
    char* end = nullptr;
    errno = 0;
    const double x = std::strtod(token.c_str(), &end);
    if (end != token.c_str() + token.size() || token.empty())
      throw InputError("'" + token + "' (value " + std::to_string(v.size() + 1) +
                       ") is not a number; separate numbers with commas or spaces");
    if (errno == ERANGE && std::isinf(x))
      throw InputError("'" + token + "' (value " + std::to_string(v.size() + 1) +
                       ") is out of range");
    v.push_back(x);
    i = j;
  }
  if (v.empty())
    throw InputError("the input holds no values; type numbers such as 3,1,7,0,4,1,6,3");
  return v;
}

std::vector<double> generateInput(InputPattern p, long long n, unsigned seed, DType dtype,
                                  Operator op) {
  std::vector<double> v(static_cast<size_t>(std::max(0ll, n)));
  if (p == InputPattern::Ones) {
    std::fill(v.begin(), v.end(), 1.0);
    return v;
  }
  if (p == InputPattern::Ascending) {
    for (size_t i = 0; i < v.size(); ++i)
      v[i] = op == Operator::Mul ? 1.0 + (i % 2) : static_cast<double>(i % 1000);
    if (op == Operator::Mul && dtype == DType::Int32)
      for (size_t i = 30; i < v.size(); ++i) v[i] = 1.0;  // 2^15 stays inside int32
    return v;
  }
  std::mt19937 rng(seed);
  if (dtype == DType::Int32) {
    if (op == Operator::Mul) {
      for (auto& x : v) x = (rng() % 2) ? 1.0 : -1.0;
    } else if (op == Operator::Add) {
      const long long hi = std::max(1ll, std::min(9ll, 2147483647ll / std::max(1ll, n)));
      for (auto& x : v) x = static_cast<double>(rng() % (hi + 1));
    } else {
      for (auto& x : v) x = static_cast<double>(static_cast<int>(rng() % 2001) - 1000);
    }
  } else {
    for (auto& x : v) {
      const double u = static_cast<double>(rng() % 10000) / 100.0;  // 0.00 .. 99.99
      x = op == Operator::Mul   ? 1.0 + (u - 50.0) / 5000.0
          : op == Operator::Add ? u / 10.0
                                : u - 50.0;
    }
  }
  return v;
}

const std::vector<double>& defaultLessonInput() {
  static const std::vector<double> kLesson = {3, 1, 7, 0, 4, 1, 6, 3};
  return kLesson;
}

}  // namespace scanviz
