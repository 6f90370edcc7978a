#include "app/core/student/kernel_values.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

namespace scanviz::student {

bool isFloating(ValueType t) {
  return t == ValueType::Float32 || t == ValueType::Float64;
}
bool isIntegral(ValueType t) {
  return t == ValueType::Bool || t == ValueType::Int32 || t == ValueType::UInt32 ||
         t == ValueType::Int64 || t == ValueType::UInt64;
}

int binaryOperatorCode(const std::string& spelling) {
  static const std::map<std::string, int> codes = {{"+", '+'},          {"-", '-'},
                                                   {"*", '*'},          {"/", '/'},
                                                   {"%", '%'},          {"<<", kShiftLeft},
                                                   {">>", kShiftRight}, {"&", '&'},
                                                   {"|", '|'},          {"^", '^'},
                                                   {"<", '<'},          {">", '>'},
                                                   {"<=", kLessEqual},  {">=", kGreaterEqual},
                                                   {"==", kEqual},      {"!=", kNotEqual},
                                                   {"&&", kLogicalAnd}, {"||", kLogicalOr},
                                                   {",", ','}};
  auto it = codes.find(spelling);
  return it == codes.end() ? 0 : it->second;
}

const char* valueTypeName(ValueType t) {
  switch (t) {
    case ValueType::Bool:
      return "bool";
    case ValueType::Int32:
      return "int";
    case ValueType::UInt32:
      return "unsigned int";
    case ValueType::Int64:
      return "long long";
    case ValueType::UInt64:
      return "unsigned long long";
    case ValueType::Float32:
      return "float";
    case ValueType::Float64:
      return "double";
    case ValueType::Pointer:
      return "pointer";
    case ValueType::Void:
      return "void";
  }
  return "?";
}

namespace {

int64_t wrap(ValueType t, int64_t v) {
  switch (t) {
    case ValueType::Bool:
      return v != 0;
    case ValueType::Int32:
      return static_cast<int32_t>(static_cast<uint32_t>(v));
    case ValueType::UInt32:
      return static_cast<uint32_t>(v);
    default:
      return v;
  }
}

// A float converted to an integer type: truncation, saturated where C++ leaves it undefined
// (CUDA's conversion instructions saturate too).
int64_t truncated(ValueType t, double f) {
  if (std::isnan(f)) return 0;
  double lo = t == ValueType::UInt32 || t == ValueType::UInt64 ? 0.0
              : t == ValueType::Int32                          ? -2147483648.0
                                                               : -9.2e18;
  double hi = t == ValueType::Int32 ? 2147483647.0 : t == ValueType::UInt32 ? 4294967295.0 : 9.2e18;
  return static_cast<int64_t>(std::clamp(std::trunc(f), lo, hi));
}

double rounded(ValueType t, double f) {
  return t == ValueType::Float32 ? static_cast<double>(static_cast<float>(f)) : f;
}

bool isUnsigned(ValueType t) {
  return t == ValueType::UInt32 || t == ValueType::UInt64;
}

}  // namespace

Value makeNumber(ValueType t, double v) {
  Value out;
  out.type = t;
  if (isFloating(t))
    out.f = rounded(t, v);
  else
    out.i = t == ValueType::Bool ? (v != 0) : truncated(t, v);
  return out;
}

Value makeInteger(ValueType t, int64_t v) {
  Value out;
  out.type = t;
  if (isFloating(t))
    out.f = rounded(t, static_cast<double>(v));
  else
    out.i = wrap(t, v);
  return out;
}

Value convert(const Value& v, ValueType to) {
  if (v.type == to || to == ValueType::Pointer || to == ValueType::Void) return v;
  Value out = isFloating(v.type) ? makeNumber(to, v.f) : makeInteger(to, v.i);
  if (to == ValueType::Bool) out.i = v.truth();
  out.from = v.from;
  return out;
}

double storeAs(ValueType t, const Value& v) {
  return convert(v, t).number();
}

Value loadAs(ValueType t, double stored) {
  return makeNumber(t, stored);
}

Provenance joined(const Provenance& a, const Provenance& b, bool countsAsOperation) {
  Provenance out;
  std::set_union(a.cells.begin(), a.cells.end(), b.cells.begin(), b.cells.end(),
                 std::back_inserter(out.cells));
  out.data = a.data || b.data;
  out.operations = a.operations + b.operations + (countsAsOperation && a.data && b.data ? 1 : 0);
  return out;
}

namespace {

bool compare(int op, double x, double y) {
  switch (op) {
    case '<':
      return x < y;
    case '>':
      return x > y;
    case kLessEqual:
      return x <= y;
    case kGreaterEqual:
      return x >= y;
    case kEqual:
      return x == y;
    default:
      return x != y;
  }
}

bool compareIntegers(int op, const Value& a, const Value& b) {
  if (isUnsigned(a.type)) {
    uint64_t x = static_cast<uint64_t>(a.i), y = static_cast<uint64_t>(b.i);
    return compare(op, x < y ? -1.0 : x > y ? 1.0 : 0.0, 0.0);
  }
  return compare(op, a.i < b.i ? -1.0 : a.i > b.i ? 1.0 : 0.0, 0.0);
}

int64_t integerOp(int op, ValueType t, int64_t x, int64_t y) {
  uint64_t ux = static_cast<uint64_t>(x), uy = static_cast<uint64_t>(y);
  switch (op) {
    case '+':
      return static_cast<int64_t>(ux + uy);
    case '-':
      return static_cast<int64_t>(ux - uy);
    case '*':
      return static_cast<int64_t>(ux * uy);
    case '/':
    case '%': {
      if (y == 0) return -1;  // the GPU gives all ones; no trap
      if (isUnsigned(t)) return static_cast<int64_t>(op == '/' ? ux / uy : ux % uy);
      return op == '/' ? x / y : x % y;
    }
    case kShiftLeft:
      return static_cast<int64_t>(ux << (uy & 63));
    case kShiftRight:
      if (t == ValueType::UInt32)
        return static_cast<int64_t>(static_cast<uint32_t>(ux) >> (uy & 31));
      return isUnsigned(t) ? static_cast<int64_t>(ux >> (uy & 63)) : x >> (uy & 63);
    case '&':
      return x & y;
    case '|':
      return x | y;
    default:
      return x ^ y;
  }
}

}  // namespace

Value applyBinary(int op, const Value& a, const Value& b, ValueType resultType) {
  bool arithmetic =
      op == '+' || op == '-' || op == '*' || op == '/' || op == '&' || op == '|' || op == '^';
  Provenance from = joined(a.from, b.from, arithmetic);
  if (a.type == ValueType::Pointer || b.type == ValueType::Pointer) {
    const Value& p = a.type == ValueType::Pointer ? a : b;
    const Value& n = a.type == ValueType::Pointer ? b : a;
    Value out = p;
    out.index = op == '-' ? p.index - n.i : p.index + n.i;
    return out;
  }
  Value out;
  if (op == kLogicalAnd || op == kLogicalOr) {
    out = makeInteger(ValueType::Bool,
                      op == kLogicalAnd ? a.truth() && b.truth() : a.truth() || b.truth());
  } else if (op == '<' || op == '>' || op == kLessEqual || op == kGreaterEqual || op == kEqual ||
             op == kNotEqual) {
    bool r = isFloating(a.type) ? compare(op, a.f, b.f) : compareIntegers(op, a, b);
    out = makeInteger(ValueType::Bool, r);
  } else if (isFloating(resultType)) {
    double x = a.number(), y = b.number();
    double r = op == '+'   ? x + y
               : op == '-' ? x - y
               : op == '*' ? x * y
               : op == '/' ? x / y
                           : std::fmod(x, y);
    out = makeNumber(resultType, r);
  } else {
    out = makeInteger(resultType, integerOp(op, a.type, a.i, b.i));
  }
  out.from = from;
  return out;
}

Value applyUnary(int op, const Value& a) {
  Value out = a;
  switch (op) {
    case '-':
      out = isFloating(a.type) ? makeNumber(a.type, -a.f) : makeInteger(a.type, -a.i);
      break;
    case '!':
      out = makeInteger(ValueType::Bool, !a.truth());
      break;
    case '~':
      out = makeInteger(a.type, ~a.i);
      break;
    default:
      break;
  }
  out.from = a.from;
  return out;
}

Value applyCall(CallTarget f, const std::vector<Value>& args, ValueType resultType) {
  if (f == CallTarget::Abs) {
    Value out = makeNumber(resultType, std::fabs(args.at(0).number()));
    out.from = args[0].from;
    return out;
  }
  const Value& a = args.at(0);
  const Value& b = args.at(1);
  bool less = isFloating(a.type) ? a.f < b.f : compareIntegers('<', a, b);
  Value out = (f == CallTarget::Min) == less ? a : b;
  out = convert(out, resultType);
  out.from = joined(a.from, b.from, true);
  return out;
}

}  // namespace scanviz::student
