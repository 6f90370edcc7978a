// Recursive descent over the subset's grammar; the expressions' types and implicit conversions as
// clang gives them (kernel_subset_types.h), the statements flattened with jumps exactly as
// kernel_parser.cpp flattens clang's tree, so that both parsers make the same program.
#include "app/core/student/kernel_subset_parser.h"

#include <algorithm>
#include <map>
#include <set>

#include "app/core/student/kernel_lexer.h"
#include "app/core/student/kernel_subset_types.h"

namespace scanviz::student {
namespace {

struct Binding {
  ExprKind kind;
  int slot;
  Space space;
};

struct DeclaredType {
  ValueType type = ValueType::Int32;
  bool shared = false;
};

class Parser {
 public:
  Parser(const std::string& file, std::vector<SourceToken> tokens)
      : file_(file), t_(std::move(tokens)) {}

  Program run() {
    Program program;
    program.file = file_;
    while (peek().kind != TokenKind::End) {
      if (peek().text == "__global__") {
        Function fn;
        if (kernel(fn)) program.kernels.push_back(std::move(fn));
      } else {
        skipTopLevel();
      }
    }
    if (program.kernels.empty())
      throw KernelSourceError(file_ + ": no __global__ kernel with a body was found");
    return program;
  }

 private:
  // -- tokens -------------------------------------------------------------------------------

  const SourceToken& peek(size_t k = 0) const { return t_[std::min(at_ + k, t_.size() - 1)]; }
  const SourceToken& take() {
    const SourceToken& t = t_[at_];
    if (at_ + 1 < t_.size()) ++at_;
    return t;
  }
  bool is(const char* text, size_t k = 0) const {
    return peek(k).kind == TokenKind::Punctuation || peek(k).kind == TokenKind::Identifier
               ? peek(k).text == text
               : false;
  }
  bool accept(const char* text) {
    if (!is(text)) return false;
    take();
    return true;
  }

  [[noreturn]] void failAt(int line, int column, const std::string& what) const {
    KernelSourceError e(file_ + ":" + std::to_string(line) + ":" + std::to_string(column) + ": " +
                        what);
    e.line = line;
    throw e;
  }
  [[noreturn]] void fail(const SourceToken& t, const std::string& what) const {
    failAt(t.line, t.column, what);
  }
  // Where a missing token belongs: just after the one before it, as clang reports it.
  [[noreturn]] void failAfterPrevious(const std::string& what) const {
    const SourceToken& p = t_[at_ ? at_ - 1 : 0];
    failAt(p.line, p.column + static_cast<int>(p.text.size()), what);
  }
  void expect(const char* text, const std::string& what) {
    if (!accept(text)) failAfterPrevious("expected '" + std::string(text) + "'" + what);
  }

  // A top-level item that is not a kernel: a __device__ function (which the subset cannot call)
  // or a global declaration (which it cannot use); its name is kept for the messages.
  void skipTopLevel() {
    std::string last;
    bool named = false;
    int depth = 0;
    while (peek().kind != TokenKind::End) {
      const SourceToken& t = take();
      if (t.kind == TokenKind::Identifier && depth == 0 && !named) last = t.text;
      if (depth == 0 && (t.text == "(" || t.text == "=" || t.text == "[")) {
        if (!named && t.text == "(") functions_.insert(last);
        if (!named && t.text != "(") globals_.insert(last);
        named = true;
      }
      if (t.text == "(" || t.text == "{" || t.text == "[") ++depth;
      if (t.text == ")" || t.text == "]") --depth;
      if (t.text == "}" && --depth == 0 && functions_.count(last)) return;
      if (t.text == ";" && depth == 0) {
        if (!named) globals_.insert(last);
        return;
      }
    }
  }

  // -- types --------------------------------------------------------------------------------

  static bool isSpecifier(const std::string& s) {
    static const std::set<std::string> words = {
        "const",  "volatile",   "unsigned",   "signed",       "int",     "long",
        "short",  "char",       "float",      "double",       "bool",    "void",
        "static", "__shared__", "__device__", "__restrict__", "register"};
    return words.count(s) > 0;
  }
  bool startsDeclaration() const {
    return peek().kind == TokenKind::Identifier && isSpecifier(peek().text);
  }

  DeclaredType specifiers() {
    const SourceToken& first = peek();
    int longs = 0;
    bool isUnsigned = false, any = false;
    std::string base;
    DeclaredType d;
    while (peek().kind == TokenKind::Identifier && isSpecifier(peek().text)) {
      const std::string w = take().text;
      if (w == "__shared__") d.shared = true;
      if (w == "unsigned") isUnsigned = any = true;
      if (w == "signed") any = true;
      if (w == "long") ++longs, any = true;
      if (w == "int" || w == "short" || w == "char" || w == "float" || w == "double" ||
          w == "bool" || w == "void") {
        base = w;
        any = true;
      }
    }
    if (!any) fail(first, "unknown type name '" + first.text + "'");
    d.type = scalarTypeOf(base, longs, isUnsigned);
    return d;
  }

  // '*' qualifiers, the name, and an array's constant length.
  struct Declarator {
    SourceToken name;
    ValueType type = ValueType::Int32;
    ValueType pointee = ValueType::Void;
    int64_t length = -1;  // >= 0: an array
  };

  Declarator declarator(const DeclaredType& spec) {
    Declarator d;
    d.type = spec.type;
    int stars = 0;
    while (accept("*")) {
      ++stars;
      while (accept("const") || accept("__restrict__") || accept("volatile")) {
      }
    }
    if (stars > 1) fail(peek(), "a pointer to a pointer: the subset has one level of pointers");
    if (stars == 1) {
      d.pointee = spec.type;
      d.type = ValueType::Pointer;
    }
    if (peek().kind != TokenKind::Identifier) failAfterPrevious("expected an identifier");
    d.name = take();
    if (accept("[")) {
      d.length = constantValue(d.name);
      expect("]", "");
      if (is("[")) fail(peek(), "arrays of arrays are outside the subset");
    }
    return d;
  }

  // An array's length: an integer constant of literals, macros and + - * / % << >>.
  int64_t constantValue(const SourceToken& where) {
    const int e = conditional();  // its nodes stay unreferenced in the function's list
    int64_t value = 0;
    if (!foldConstant(*fn_, e, value))
      fail(where, "an array's length must be a constant such as SECTION_SIZE");
    return value;
  }

  // -- kernels ------------------------------------------------------------------------------

  bool kernel(Function& fn) {
    fn_ = &fn;
    scopes_.assign(1, {});
    take();  // __global__
    const DeclaredType ret = specifiers();
    if (ret.type != ValueType::Void) fail(peek(), "a __global__ function must return void");
    if (peek().kind != TokenKind::Identifier) failAfterPrevious("expected an identifier");
    const SourceToken& name = take();
    fn.name = name.text;
    fn.line = name.line;
    expect("(", "");
    if (!(is("void") && is(")", 1))) {
      while (!is(")")) {
        const Declarator d = declarator(specifiers());
        addSlot(d);
        ++fn.parameters;
        if (!accept(",")) break;
      }
    } else {
      take();
    }
    if (!is(")")) failAfterPrevious("expected ')'");
    fn.parametersEnd = take().offset;
    if (accept(";")) return false;  // a declaration: no body to run
    if (!is("{")) failAfterPrevious("expected '{'");
    fn.bodyBegin = peek().offset + 1;
    statement();
    emit({InstrKind::Return, -1, -1, -1, lastLine_});
    return true;
  }

  int addSlot(const Declarator& d) {
    fn_->slots.push_back({d.name.text, d.type, d.pointee, d.name.line});
    const int slot = static_cast<int>(fn_->slots.size()) - 1;
    scopes_.back()[d.name.text] = Binding{ExprKind::Local, slot, Space::None};
    return slot;
  }

  int emit(Instr i) {
    lastLine_ = i.line;
    fn_->code.push_back(i);
    return static_cast<int>(fn_->code.size()) - 1;
  }
  int here() const { return static_cast<int>(fn_->code.size()); }

  // -- statements ---------------------------------------------------------------------------

  struct Loop {
    std::vector<int> breaks;
    std::vector<int> continues;
  };

  void statement() {
    const SourceToken& t = peek();
    if (t.kind == TokenKind::End) failAfterPrevious("expected '}'");
    const std::string& w = t.text;
    if (w == "{") {
      take();
      scopes_.emplace_back();
      while (!is("}")) statement();
      take();
      scopes_.pop_back();
    } else if (w == ";") {
      take();
    } else if (w == "if") {
      ifStatement();
    } else if (w == "for") {
      forStatement();
    } else if (w == "while") {
      whileStatement();
    } else if (w == "do") {
      doStatement();
    } else if (w == "return") {
      take();
      if (!is(";")) fail(t, "a kernel returns nothing: write `return;`");
      take();
      emit({InstrKind::Return, -1, -1, -1, t.line});
    } else if (w == "break" || w == "continue") {
      take();
      expect(";", " after " + w);
      if (loops_.empty()) fail(t, "break or continue outside a loop");
      const int jump = emit({InstrKind::Jump, -1, -1, -1, t.line});
      (w == "break" ? loops_.back().breaks : loops_.back().continues).push_back(jump);
    } else if (w == "__syncthreads" && is("(", 1)) {
      barrier();
    } else if (startsDeclaration()) {
      declaration();
    } else {
      const int e = expression();
      expect(";", " after expression");
      emit({InstrKind::Eval, e, -1, -1, fn_->exprs[static_cast<size_t>(e)].line});
    }
  }

  void barrier() {
    const SourceToken& name = take();
    expect("(", "");
    if (!is(")")) fail(peek(), "__syncthreads() takes no arguments");
    const unsigned end = take().end;
    if (!accept(";"))
      fail(name, "__syncthreads() is a statement of its own, not part of an expression");
    fn_->barriers.push_back({name.offset, end});
    emit({InstrKind::Barrier, -1, -1, -1, name.line});
  }

  void declaration() {
    const DeclaredType spec = specifiers();
    do {
      const Declarator d = declarator(spec);
      if (d.length >= 0) {
        if (is("="))
          fail(d.name,
               "array initialisers are outside the subset: assign the elements "
               "in a loop");
        ArrayDecl a{d.name.text, d.type == ValueType::Pointer ? ValueType::Pointer : spec.type,
                    d.length, spec.shared ? Space::Shared : Space::Local, d.name.line};
        if (a.type == ValueType::Pointer) fail(d.name, "arrays of arrays are outside the subset");
        auto& list = spec.shared ? fn_->sharedArrays : fn_->localArrays;
        list.push_back(a);
        scopes_.back()[a.name] =
            Binding{ExprKind::Array, static_cast<int>(list.size()) - 1, a.space};
        continue;
      }
      if (spec.shared)
        fail(d.name, "a __shared__ scalar is outside the subset: declare an array of one");
      int init = -1;
      if (accept("=")) init = convert(assignment(), d.type);
      const int slot = addSlot(d);
      emit({InstrKind::Declare, init, slot, -1, d.name.line});
    } while (accept(","));
    expect(";", " after declaration");
  }

  // The condition of an if, a loop or ?:, made bool as C++ makes it.
  int condition() { return convert(expression(), ValueType::Bool); }

  void ifStatement() {
    const SourceToken& kw = take();
    expect("(", " after 'if'");
    const int cond = condition();
    expect(")", "");
    const int skip = emit({InstrKind::JumpIfFalse, cond, -1, -1, kw.line});
    statement();
    if (is("else")) {
      take();
      const int over = emit({InstrKind::Jump, -1, -1, -1, peek().line});
      fn_->code[static_cast<size_t>(skip)].target = here();
      statement();
      fn_->code[static_cast<size_t>(over)].target = here();
    } else {
      fn_->code[static_cast<size_t>(skip)].target = here();
    }
  }

  void forStatement() {
    const SourceToken& kw = take();
    expect("(", " after 'for'");
    scopes_.emplace_back();
    if (!accept(";")) statement();  // a declaration or an expression, with its ';'
    const int top = here();
    int exit = -1;
    if (!is(";")) {
      const int cond = condition();
      exit =
          emit({InstrKind::JumpIfFalse, cond, -1, -1, fn_->exprs[static_cast<size_t>(cond)].line});
    }
    expect(";", " in 'for'");
    int inc = -1;
    if (!is(")")) inc = expression();
    expect(")", "");
    loops_.push_back({});
    statement();
    const int next = here();
    if (inc >= 0) emit({InstrKind::Eval, inc, -1, -1, fn_->exprs[static_cast<size_t>(inc)].line});
    emit({InstrKind::Jump, -1, -1, top, kw.line});
    closeLoop(exit, next);
    scopes_.pop_back();
  }

  void whileStatement() {
    const SourceToken& kw = take();
    expect("(", " after 'while'");
    const int top = here();
    const int cond = condition();
    expect(")", "");
    const int exit = emit({InstrKind::JumpIfFalse, cond, -1, -1, kw.line});
    loops_.push_back({});
    statement();
    emit({InstrKind::Jump, -1, -1, top, kw.line});
    closeLoop(exit, top);
  }

  void doStatement() {
    const SourceToken& kw = take();
    const int top = here();
    loops_.push_back({});
    statement();
    const int next = here();
    if (!accept("while")) failAfterPrevious("expected 'while' in do/while loop");
    expect("(", " after 'while'");
    const int cond = condition();
    expect(")", "");
    expect(";", " after do/while statement");
    const int exit =
        emit({InstrKind::JumpIfFalse, cond, -1, -1, fn_->exprs[static_cast<size_t>(cond)].line});
    emit({InstrKind::Jump, -1, -1, top, kw.line});
    closeLoop(exit, next);
  }

  void closeLoop(int exitJump, int continueTarget) {
    Loop loop = loops_.back();
    loops_.pop_back();
    if (exitJump >= 0) fn_->code[static_cast<size_t>(exitJump)].target = here();
    for (int b : loop.breaks) fn_->code[static_cast<size_t>(b)].target = here();
    for (int k : loop.continues) fn_->code[static_cast<size_t>(k)].target = continueTarget;
  }

  // -- expressions ------------------------------------------------------------------------
  // An expression's line is where it begins, as libclang reports an expression's location.

  int expression() {
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

  int assignment() {
    const int line = peek().line;
    const int lhs = conditional();
    static const std::map<std::string, int> ops = {
        {"=", 0},    {"+=", '+'},         {"-=", '-'},         {"*=", '*'},
        {"/=", '/'}, {"%=", '%'},         {"&=", '&'},         {"|=", '|'},
        {"^=", '^'}, {"<<=", kShiftLeft}, {">>=", kShiftRight}};
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

  int conditional() {
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

  static const std::vector<std::vector<std::string>>& levels() {
    static const std::vector<std::vector<std::string>> table = {{"||"},
                                                                {"&&"},
                                                                {"|"},
                                                                {"^"},
                                                                {"&"},
                                                                {"==", "!="},
                                                                {"<", ">", "<=", ">="},
                                                                {"<<", ">>"},
                                                                {"+", "-"},
                                                                {"*", "/", "%"}};
    return table;
  }

  int binaryLevel(size_t level) {
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
  int binary(const std::string& op, int l, int r, int line) {
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

  int unary() {
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

  int postfix() {
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
  std::pair<ValueType, ValueType> castType() {
    const DeclaredType spec = specifiers();
    if (accept("*")) return {ValueType::Pointer, spec.type};
    return {spec.type, ValueType::Void};
  }

  // An explicit cast holds the conversion itself, as clang's tree does: (float)i is a cast of
  // i made float.
  int castTo(int line, std::pair<ValueType, ValueType> type, int operand) {
    operand = convert(operand, type.first);
    Expr e;
    e.kind = ExprKind::Cast;
    e.type = type.first;
    e.pointee = type.second;
    e.line = line;
    e.args = {operand};
    return add(e);
  }

  int primary() {
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

  int identifier(const SourceToken& name) {
    static const std::map<std::string, Builtin> builtins = {{"threadIdx", Builtin::ThreadIdx},
                                                            {"blockIdx", Builtin::BlockIdx},
                                                            {"blockDim", Builtin::BlockDim},
                                                            {"gridDim", Builtin::GridDim}};
    if (auto it = builtins.find(name.text); it != builtins.end()) {
      if (!accept(".")) fail(name, "use " + name.text + ".x (or .y, .z)");
      const SourceToken& field = take();
      if (field.text.size() != 1 || field.text[0] < 'x' || field.text[0] > 'z')
        fail(field, "members of '" + name.text +
                        "' are outside the subset (threadIdx.x, blockDim.x, ...)");
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
  int call(const SourceToken& name) {
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

  int convert(int e, ValueType to) { return convertExpr(*fn_, e, to); }
  int add(Expr e) {
    fn_->exprs.push_back(std::move(e));
    return static_cast<int>(fn_->exprs.size()) - 1;
  }
  const Expr& at(int e) const { return fn_->exprs[static_cast<size_t>(e)]; }
  const Binding* lookup(const std::string& name) const {
    for (auto s = scopes_.rbegin(); s != scopes_.rend(); ++s)
      if (auto it = s->find(name); it != s->end()) return &it->second;
    return nullptr;
  }

  std::string file_;
  std::vector<SourceToken> t_;
  size_t at_ = 0;
  Function* fn_ = nullptr;
  std::vector<std::map<std::string, Binding>> scopes_;
  std::vector<Loop> loops_;
  std::set<std::string> functions_, globals_;
  int lastLine_ = 0;
};

}  // namespace

Program parseKernelSubset(const std::string& name, const std::string& source,
                          const ParseSettings& settings) {
  const std::string file = name.empty() ? "kernel.cu" : name;
  Program program = Parser(file, lexKernelSource(file, source, settings).tokens).run();
  program.sourceLines = splitSourceLines(source);
  return program;
}

}  // namespace scanviz::student
