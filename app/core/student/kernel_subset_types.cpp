#include "app/core/student/kernel_subset_types.h"

#include <cerrno>
#include <cstdlib>

namespace scanviz::student {

ValueType scalarTypeOf(const std::string& base, int longs, bool isUnsigned) {
  if (base == "float") return ValueType::Float32;
  if (base == "double") return ValueType::Float64;
  if (base == "bool") return ValueType::Bool;
  if (base == "void") return ValueType::Void;
  if (longs > 0) return isUnsigned ? ValueType::UInt64 : ValueType::Int64;  // long is 64 bits
  return isUnsigned ? ValueType::UInt32 : ValueType::Int32;  // char and short count as int
}

ValueType promoted(ValueType t) {
  return t == ValueType::Bool ? ValueType::Int32 : t;
}

namespace {
int rank(ValueType t) {
  return t == ValueType::Int64 || t == ValueType::UInt64 ? 2 : 1;
}
bool isUnsignedType(ValueType t) {
  return t == ValueType::UInt32 || t == ValueType::UInt64;
}
}  // namespace

ValueType commonType(ValueType a, ValueType b) {
  if (a == ValueType::Float64 || b == ValueType::Float64) return ValueType::Float64;
  if (a == ValueType::Float32 || b == ValueType::Float32) return ValueType::Float32;
  a = promoted(a);
  b = promoted(b);
  if (a == b) return a;
  if (isUnsignedType(a) == isUnsignedType(b)) return rank(a) >= rank(b) ? a : b;
  const ValueType u = isUnsignedType(a) ? a : b;
  const ValueType s = isUnsignedType(a) ? b : a;
  // A signed type of higher rank holds every value of the unsigned one (long long, unsigned).
  return rank(u) >= rank(s) ? u : s;
}

int convertExpr(Function& fn, int e, ValueType to) {
  const Expr& in = fn.exprs[static_cast<size_t>(e)];
  if (in.type == to || to == ValueType::Pointer || to == ValueType::Void) return e;
  Expr cast;
  cast.kind = ExprKind::Cast;
  cast.type = to;
  cast.line = in.line;  // an implicit conversion stands where its operand does
  cast.args = {e};
  fn.exprs.push_back(cast);
  return static_cast<int>(fn.exprs.size()) - 1;
}

namespace {

bool characterLiteral(const std::string& text, Expr& out) {
  if (text.size() < 3 || text.front() != '\'' || text.back() != '\'') return false;
  const std::string body = text.substr(1, text.size() - 2);
  static const std::string escapes = "n\nt\tr\r0\0\\\\''\"\"";
  int64_t v = static_cast<unsigned char>(body[0]);
  if (body[0] == '\\') {
    if (body.size() != 2) return false;
    const size_t at = escapes.find(body[1]);
    if (at == std::string::npos || at % 2) return false;
    v = static_cast<unsigned char>(escapes[at + 1]);
  } else if (body.size() != 1) {
    return false;
  }
  out.type = ValueType::Int32;
  out.intValue = v;
  out.floatValue = static_cast<double>(v);
  return true;
}

}  // namespace

bool literal(const std::string& text, Expr& out) {
  out.kind = ExprKind::Constant;
  if (text == "true" || text == "false") {
    out.type = ValueType::Bool;
    out.intValue = text == "true";
    out.floatValue = static_cast<double>(out.intValue);
    return true;
  }
  if (text.front() == '\'') return characterLiteral(text, out);
  const bool hex = text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
  const bool floating = !hex && text.find_first_of(".eE") != std::string::npos;
  if (floating) {
    const bool single = text.back() == 'f' || text.back() == 'F';
    char* end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    if (end != text.c_str() + text.size() - (single ? 1 : 0)) return false;
    out.type = single ? ValueType::Float32 : ValueType::Float64;
    out.floatValue = single ? static_cast<double>(static_cast<float>(v)) : v;
    return true;
  }
  size_t digits = text.find_first_of("uUlL");
  if (digits == std::string::npos) digits = text.size();
  const std::string suffix = text.substr(digits);
  bool isUnsigned = false;
  int longs = 0;
  for (char c : suffix) {
    if (c == 'u' || c == 'U')
      isUnsigned = true;
    else if (c == 'l' || c == 'L')
      ++longs;
    else
      return false;
  }
  errno = 0;
  char* end = nullptr;
  const std::string number = text.substr(0, digits);  // alive while `end` points into it
  const unsigned long long v = std::strtoull(number.c_str(), &end, 0);
  if (errno || *end) return false;
  const bool decimal = !hex && !(digits > 1 && text[0] == '0');
  // The first type that holds the value, as C++ picks it: a decimal literal stays signed unless
  // it says `u`; a hex or octal one may become unsigned on the way.
  const bool fits32 = longs == 0 && v <= (isUnsigned ? 0xFFFFFFFFull : 0x7FFFFFFFull);
  ValueType t;
  if (fits32)
    t = isUnsigned ? ValueType::UInt32 : ValueType::Int32;
  else if (longs == 0 && !isUnsigned && !decimal && v <= 0xFFFFFFFFull)
    t = ValueType::UInt32;
  else
    t = isUnsigned || v > 0x7FFFFFFFFFFFFFFFull ? ValueType::UInt64 : ValueType::Int64;
  out.type = t;
  out.intValue = static_cast<int64_t>(v);
  out.floatValue = static_cast<double>(out.intValue);
  return true;
}

bool foldConstant(const Function& fn, int e, int64_t& value) {
  const Expr& x = fn.exprs[static_cast<size_t>(e)];
  if (x.kind == ExprKind::Constant && !isFloating(x.type)) {
    value = x.intValue;
    return true;
  }
  if (x.kind == ExprKind::Cast && !isFloating(x.type)) return foldConstant(fn, x.args[0], value);
  if (x.kind == ExprKind::Unary && x.op == '-' && foldConstant(fn, x.args[0], value)) {
    value = -value;
    return true;
  }
  int64_t a = 0, b = 0;
  if (x.kind != ExprKind::Binary || !foldConstant(fn, x.args[0], a) ||
      !foldConstant(fn, x.args[1], b))
    return false;
  switch (x.op) {
    case '+':
      value = a + b;
      return true;
    case '-':
      value = a - b;
      return true;
    case '*':
      value = a * b;
      return true;
    case '/':
      if (b == 0) return false;
      value = a / b;
      return true;
    case '%':
      if (b == 0) return false;
      value = a % b;
      return true;
    case kShiftLeft:
      value = a << b;
      return true;
    case kShiftRight:
      value = a >> b;
      return true;
    default:
      return false;
  }
}

}  // namespace scanviz::student
