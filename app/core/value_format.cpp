#include "app/core/value_format.h"

#include <cmath>
#include <cstdio>

namespace scanviz {

std::string formatValue(double v, bool integral) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  char buf[64];
  if (integral) {
    std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(v));
  } else {
    std::snprintf(buf, sizeof buf, "%.6g", v);
  }
  return buf;
}

std::string formatValue(double v, const std::string& dtype) {
  return formatValue(v, dtype != "float32");
}

std::string groupedCount(long long n) {
  std::string digits = std::to_string(n);
  std::string out;
  const int len = static_cast<int>(digits.size());
  for (int i = 0; i < len; ++i) {
    if (i > 0 && digits[static_cast<size_t>(i - 1)] != '-' && (len - i) % 3 == 0) out += ',';
    out += digits[static_cast<size_t>(i)];
  }
  return out;
}

}  // namespace scanviz
