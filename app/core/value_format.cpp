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

}  // namespace scanviz
