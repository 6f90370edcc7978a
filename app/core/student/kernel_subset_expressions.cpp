// The subset's expressions by recursive descent, one precedence level a function: assignment,
// ?:, the binary levels, unary, postfix, casts and primaries (literals, names, calls), with the
// operands' types and implicit conversions as clang gives them (kernel_subset_types.h).
#include "app/core/student/kernel_subset_parser_class.h"

namespace scanviz::student::subset {

int SubsetParser::expression() {
  const int line = peek().line;
  int e = assignment();
  while (accept(",")) {
    const int rhs = assignment();
    Expr c;
    c.kind = ExprKind::Comma;
    c.type = at(rhs).type;
    c.pointee = at(rhs).pointee;
    c.line = line;
    c.args = {e, rhs};
    e = add(c);
  }
  return e;
}

int SubsetParser::assignment() {
  const int line = peek().line;
  const int lhs = conditional();
  static const std::map<std::string, int> ops = {
      {"=", 0},    {"+=", '+'}, {"-=", '-'}, {"*=", '*'},         {"/=", '/'},         {"%=", '%'},
      {"&=", '&'}, {"|=", '|'}, {"^=", '^'}, {"<<=", kShiftLeft}, {">>=", kShiftRight}};
  auto it = peek().kind == TokenKind::Punctuation ? ops.find(peek().text) : ops.end();
  if (it == ops.end()) return lhs;
  const SourceToken& op = take();
  const ExprKind k = at(lhs).kind;
  if (k != ExprKind::Local && k != ExprKind::Index && k != ExprKind::Deref)
    fail(op, "expression is not assignable");
  int rhs = assignment();
  const ValueType lt = at(lhs).type, rt = at(rhs).type;
  if (it->second == 0)
    rhs = convert(rhs, lt);
  else if (it->second == kShiftLeft || it->second == kShiftRight)
    rhs = convert(rhs, promoted(rt));
  else if (lt != ValueType::Pointer)
    rhs = convert(rhs, commonType(lt, rt));
  Expr e;
  e.kind = ExprKind::Assign;
  e.type = lt;
  e.pointee = at(lhs).pointee;
  e.line = line;
  e.op = it->second;
  e.args = {lhs, rhs};
  return add(e);
}

int SubsetParser::conditional() {
  const int line = peek().line;
  int cond = binaryLevel(0);
  if (!accept("?")) return cond;
  cond = convert(cond, ValueType::Bool);
  int a = expression();
  expect(":", "");
  int b = conditional();
  Expr e;
  e.kind = ExprKind::Conditional;
  e.line = line;
  if (at(a).type == ValueType::Pointer || at(b).type == ValueType::Pointer) {
    e.type = ValueType::Pointer;
    e.pointee = at(a).pointee;
  } else {
    e.type = commonType(at(a).type, at(b).type);
    a = convert(a, e.type);
    b = convert(b, e.type);
  }
  e.args = {cond, a, b};
  return add(e);
}

const std::vector<std::vector<std::string>>& SubsetParser::levels() {
  static const std::vector<std::vector<std::string>> table = {
      {"||"},       {"&&"},     {"|"},          {"^"}, {"&"}, {"==", "!="}, {"<", ">", "<=", ">="},
      {"<<", ">>"}, {"+", "-"}, {"*", "/", "%"}};
  return table;
}

int SubsetParser::binaryLevel(size_t level) {
  if (level == levels().size()) return unary();
  const int line = peek().line;
  int lhs = binaryLevel(level + 1);
  while (peek().kind == TokenKind::Punctuation) {
    const std::vector<std::string>& ops = levels()[level];
    if (std::find(ops.begin(), ops.end(), peek().text) == ops.end()) break;
    const std::string op = take().text;
    lhs = binary(op, lhs, binaryLevel(level + 1), line);
  }
  return lhs;
}

// The operands' conversions and the result's type, as C++ gives them.
int SubsetParser::binary(const std::string& op, int l, int r, int line) {
  Expr e;
  e.kind = ExprKind::Binary;
  e.line = line;
  e.op = binaryOperatorCode(op);
  const ValueType lt = at(l).type, rt = at(r).type;
  const bool pointers = lt == ValueType::Pointer || rt == ValueType::Pointer;
  if (op == "&&" || op == "||") {
    l = convert(l, ValueType::Bool);
    r = convert(r, ValueType::Bool);
    e.type = ValueType::Bool;
  } else if (op == "<" || op == ">" || op == "<=" || op == ">=" || op == "==" || op == "!=") {
    if (!pointers) {
      const ValueType c = commonType(lt, rt);
      l = convert(l, c);
      r = convert(r, c);
    }
    e.type = ValueType::Bool;
  } else if (op == "<<" || op == ">>") {
    l = convert(l, promoted(lt));
    r = convert(r, promoted(rt));
    e.type = promoted(lt);
  } else if (pointers) {
    e.type = ValueType::Pointer;
    e.pointee = lt == ValueType::Pointer ? at(l).pointee : at(r).pointee;
  } else {
    e.type = commonType(lt, rt);
    l = convert(l, e.type);
    r = convert(r, e.type);
  }
  e.args = {l, r};
  return add(e);
}

int SubsetParser::unary() {
  const SourceToken& t = peek();
  if (t.kind != TokenKind::Punctuation) return postfix();
  const std::string op = t.text;
  if (op == "&") fail(t, "taking an address (&) is outside the subset: index the array instead");
  if (op != "-" && op != "+" && op != "!" && op != "~" && op != "++" && op != "--" && op != "*")
    return postfix();
  take();
  int operand = unary();
  Expr e;
  e.line = t.line;
  e.prefix = true;
  if (op == "++" || op == "--") {
    e.kind = ExprKind::IncDec;
    e.op = op[0];
    e.type = at(operand).type;
    e.pointee = at(operand).pointee;
  } else if (op == "*") {
    if (at(operand).type != ValueType::Pointer) fail(t, "indirection requires pointer operand");
    e.kind = ExprKind::Deref;
    e.type = at(operand).pointee;
  } else {
    e.kind = ExprKind::Unary;
    e.op = op[0];
    e.type = op == "!" ? ValueType::Bool : promoted(at(operand).type);
    operand = convert(operand, e.type);
  }
  e.args = {operand};
  return add(e);
}

int SubsetParser::postfix() {
  const int line = peek().line;
  int e = primary();
  while (true) {
    if (is("[")) {
      const SourceToken& bracket = take();
      const int index = expression();
      expect("]", "");
      if (at(e).type != ValueType::Pointer)
        fail(bracket, "subscripted value is not an array or pointer");
      Expr x;
      x.kind = ExprKind::Index;
      x.type = at(e).pointee;
      x.line = line;
      x.args = {e, index};
      e = add(x);
    } else if (is("++") || is("--")) {
      Expr x;
      x.kind = ExprKind::IncDec;
      x.op = take().text[0];
      x.type = at(e).type;
      x.pointee = at(e).pointee;
      x.line = line;
      x.args = {e};
      e = add(x);
    } else {
      return e;
    }
  }
}

// A type in a cast: specifiers and at most one '*'.
std::pair<ValueType, ValueType> SubsetParser::castType() {
  const DeclaredType spec = specifiers();
  if (accept("*")) return {ValueType::Pointer, spec.type};
  return {spec.type, ValueType::Void};
}

// An explicit cast holds the conversion itself, as clang's tree does: (float)i is a cast of
// i made float.
int SubsetParser::castTo(int line, std::pair<ValueType, ValueType> type, int operand) {
  operand = convert(operand, type.first);
  Expr e;
  e.kind = ExprKind::Cast;
  e.type = type.first;
  e.pointee = type.second;
  e.line = line;
  e.args = {operand};
  return add(e);
}

int SubsetParser::primary() {
  const SourceToken& t = peek();
  if (t.kind == TokenKind::Number || t.kind == TokenKind::Character || t.text == "true" ||
      t.text == "false") {
    take();
    Expr e;
    if (!literal(t.text, e)) fail(t, "invalid number '" + t.text + "'");
    e.line = t.line;
    return add(e);
  }
  if (accept("(")) {
    if (startsDeclaration()) {
      const auto type = castType();
      expect(")", "");
      return castTo(t.line, type, unary());
    }
    const int e = expression();
    expect(")", "");
    return e;
  }
  if (t.kind != TokenKind::Identifier) fail(t, "expected expression");
  if (t.text == "static_cast") {
    take();
    expect("<", "");
    const auto type = castType();
    expect(">", "");
    expect("(", "");
    const int operand = expression();
    expect(")", "");
    return castTo(t.line, type, operand);
  }
  if (isSpecifier(t.text)) {
    const auto type = castType();
    expect("(", "");
    const int operand = expression();
    expect(")", "");
    return castTo(t.line, type, operand);
  }
  take();
  if (is("(")) return call(t);
  return identifier(t);
}

int SubsetParser::identifier(const SourceToken& name) {
  static const std::map<std::string, Builtin> builtins = {{"threadIdx", Builtin::ThreadIdx},
                                                          {"blockIdx", Builtin::BlockIdx},
                                                          {"blockDim", Builtin::BlockDim},
                                                          {"gridDim", Builtin::GridDim}};
  if (auto it = builtins.find(name.text); it != builtins.end()) {
    if (!accept(".")) fail(name, "use " + name.text + ".x (or .y, .z)");
    const SourceToken& field = take();
    if (field.text.size() != 1 || field.text[0] < 'x' || field.text[0] > 'z')
      fail(field,
           "members of '" + name.text + "' are outside the subset (threadIdx.x, blockDim.x, ...)");
    Expr e;
    e.kind = ExprKind::Builtin;
    e.type = ValueType::UInt32;
    e.slot = static_cast<int>(it->second);
    e.component = field.text[0] - 'x';
    e.line = field.line;
    return add(e);
  }
  if (name.text == "sizeof") fail(name, "sizeof is outside the subset");
  const Binding* b = lookup(name.text);
  if (!b) {
    if (globals_.count(name.text))
      fail(name,
           "'" + name.text + "' is not a variable of this kernel (the subset has no globals)");
    fail(name, "use of undeclared identifier '" + name.text + "'");
  }
  Expr e;
  e.kind = b->kind;
  e.slot = b->slot;
  e.space = b->space;
  e.line = name.line;
  if (b->kind == ExprKind::Array) {
    const auto& list = b->space == Space::Shared ? fn_->sharedArrays : fn_->localArrays;
    e.type = ValueType::Pointer;
    e.pointee = list[static_cast<size_t>(b->slot)].type;
  } else {
    e.type = fn_->slots[static_cast<size_t>(b->slot)].type;
    e.pointee = fn_->slots[static_cast<size_t>(b->slot)].pointee;
  }
  return add(e);
}

// min, max, fminf, fmaxf, abs, fabsf, with C++'s choice among the prelude's overloads.
int SubsetParser::call(const SourceToken& name) {
  if (name.text == "__syncthreads")
    fail(name, "__syncthreads() is a statement of its own, not part of an expression");
  static const std::map<std::string, CallTarget> targets = {
      {"min", CallTarget::Min},   {"max", CallTarget::Max}, {"fminf", CallTarget::Min},
      {"fmaxf", CallTarget::Max}, {"abs", CallTarget::Abs}, {"fabsf", CallTarget::Abs}};
  auto it = targets.find(name.text);
  if (it == targets.end()) {
    if (functions_.count(name.text))
      fail(name,
           "calls to '" + name.text + "' are outside the subset (__syncthreads, min, max, abs)");
    fail(name, "use of undeclared identifier '" + name.text + "'");
  }
  take();  // (
  std::vector<int> args;
  while (!is(")")) {
    args.push_back(assignment());
    if (!accept(",")) break;
  }
  expect(")", "");
  const size_t wanted = it->second == CallTarget::Abs ? 1 : 2;
  if (args.size() != wanted) fail(name, "no matching function for call to '" + name.text + "'");
  ValueType type = ValueType::Float32;
  if (name.text == "abs") {
    type = ValueType::Int32;
  } else if (name.text == "min" || name.text == "max") {
    type = promoted(at(args[0]).type);
    const bool exact =
        type == promoted(at(args[1]).type) &&
        (type == ValueType::Int32 || type == ValueType::UInt32 || type == ValueType::Float32);
    if (!exact) fail(name, "call to '" + name.text + "' is ambiguous");
  }
  Expr e;
  e.kind = ExprKind::Call;
  e.slot = static_cast<int>(it->second);
  e.type = type;
  e.line = name.line;
  for (int a : args) e.args.push_back(convert(a, type));
  return add(e);
}

}  // namespace scanviz::student::subset
