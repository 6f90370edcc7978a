// The types of the subset as C++ gives them, for scanviz's own parser (kernel_subset_parser.h):
// what a list of specifiers names, the type of a literal, integer promotion, the usual arithmetic
// conversions, and the implicit conversions clang makes explicit in its tree, so that both
// parsers make the same program.
#pragma once

#include <cstdint>
#include <string>

#include "app/core/student/kernel_program.h"

namespace scanviz::student {

// `base`: "int", "float", ... or empty (`unsigned`, `long` alone); `longs`: how many `long`.
ValueType scalarTypeOf(const std::string& base, int longs, bool isUnsigned);

// bool (and char, short: int already here) become int before arithmetic.
ValueType promoted(ValueType t);

// The type both operands of an arithmetic or comparison operator are converted to.
ValueType commonType(ValueType a, ValueType b);

// An implicit conversion of expression `e` to `to`: a Cast where the types differ, `e` itself
// where they agree (or `to` is a pointer: an array's decay is no conversion here).
int convertExpr(Function& fn, int e, ValueType to);

// A literal's value and type: 7 int, 7u unsigned int, 7ll long long, 1.5f float, 1.5 double,
// 'a' char (int), true bool. False when the text is no number.
bool literal(const std::string& text, Expr& out);

// The value of an integer constant expression of literals and arithmetic (an array's length).
bool foldConstant(const Function& fn, int e, int64_t& value);

}  // namespace scanviz::student
