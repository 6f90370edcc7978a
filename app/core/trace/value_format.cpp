#include "app/core/trace/value_format.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
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

bool isIdentitySymbol(double v, const std::string& op, const std::string& dtype) {
  const bool integral = dtype != "float32";
  if (op == "max") return integral ? v == static_cast<double>(INT32_MIN) : std::isinf(v) && v < 0;
  if (op == "min") return integral ? v == static_cast<double>(INT32_MAX) : std::isinf(v) && v > 0;
  return false;
}

std::string formatCellValue(double v, const std::string& op, const std::string& dtype) {
  if (isIdentitySymbol(v, op, dtype)) return op == "max" ? "-\xE2\x88\x9E" : "+\xE2\x88\x9E";
  return formatValue(v, dtype);
}

std::string scanDescription(const std::string& op, bool inclusive, const std::string& dtype) {
  const std::string what = op == "add"   ? "sum scan (+)"
                           : op == "mul" ? "product scan (\xC3\x97)"
                                         : op + " scan";
  return std::string(inclusive ? "inclusive " : "exclusive ") + what + ", " + dtype;
}

std::string formatQuantity(double v) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  const double a = std::fabs(v);
  // Past 2^62 no count of ours goes; a whole number there is still printed whole.
  if (a < 4.6e18 && std::fabs(v - std::round(v)) < 1e-9 * std::max(1.0, a))
    return groupedCount(std::llround(v));
  char buf[64];
  if (a >= 10) {
    // One decimal, the whole part grouped: "1,234.5", "74.0".
    const double tenths = std::round(a * 10);
    const double whole = std::floor(tenths / 10);
    const int decimal = static_cast<int>(tenths - 10 * whole);
    if (whole >= 4.6e18) {
      std::snprintf(buf, sizeof buf, "%.0f", v);
      return buf;
    }
    return (v < 0 ? "-" : "") + groupedCount(static_cast<long long>(whole)) + "." +
           std::to_string(decimal);
  }
  std::snprintf(buf, sizeof buf, a >= 1 ? "%.2f" : a >= 1e-4 ? "%.3g" : "%.2e", v);
  return buf;
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
