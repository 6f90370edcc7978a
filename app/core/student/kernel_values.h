// The emulator's values: a number of one of the subset's types, or a pointer into a buffer, with
// where it came from (the recorded array's cells it was computed from and how many operator
// applications joined them) so that a write becomes the trace's arrows. Conversions and operators
// follow C++ on CUDA: unsigned arithmetic wraps, float is rounded to float after every operation.
#pragma once

#include <cstdint>
#include <vector>

#include "app/core/student/kernel_program.h"

namespace scanviz::student {

struct Provenance {
  std::vector<int64_t> cells;  // of the recorded array, ascending
  bool data = false;           // read from memory (not an index, a counter or a constant)
  int operations = 0;
};

struct Value {
  ValueType type = ValueType::Int32;
  int64_t i = 0;  // integral types and bool
  double f = 0;   // floating types
  // pointers
  Space space = Space::None;
  int buffer = -1;
  int64_t index = 0;
  ValueType pointee = ValueType::Void;
  Provenance from;

  double number() const { return isFloating(type) ? f : static_cast<double>(i); }
  bool truth() const { return isFloating(type) ? f != 0 : i != 0; }
};

Value makeNumber(ValueType t, double v);
Value makeInteger(ValueType t, int64_t v);
Value convert(const Value& v, ValueType to);

// An element of a buffer of type t holding raw double storage, and back.
double storeAs(ValueType t, const Value& v);
Value loadAs(ValueType t, double stored);

// a op b, both already of the result's type (clang inserts the usual conversions); comparisons
// and logic give bool. Pointer + integer moves the pointer.
Value applyBinary(int op, const Value& a, const Value& b, ValueType resultType);
Value applyUnary(int op, const Value& a);
Value applyCall(CallTarget f, const std::vector<Value>& args, ValueType resultType);

// The provenance of a value computed from a and b: cells joined; an operator application when
// both are data.
Provenance joined(const Provenance& a, const Provenance& b, bool countsAsOperation);

}  // namespace scanviz::student
