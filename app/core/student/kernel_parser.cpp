// libclang's cursors to the emulator's program. Clang resolves names, types and the implicit
// conversions (an `unsigned` compared with an `int`, a float stored into an int); this file only
// walks the tree it gives and refuses, with the line, what the subset does not run.
#include "app/core/student/kernel_parser.h"

#include <clang-c/Index.h>

#include <algorithm>
#include <map>
#include <memory>
#include <optional>

#include "app/core/student/kernel_lexer.h"

namespace scanviz::student {
namespace {

std::string text(CXString s) {
  std::string out = clang_getCString(s) ? clang_getCString(s) : "";
  clang_disposeString(s);
  return out;
}

std::vector<CXCursor> children(CXCursor c) {
  std::vector<CXCursor> out;
  clang_visitChildren(
      c,
      [](CXCursor child, CXCursor, CXClientData data) {
        static_cast<std::vector<CXCursor>*>(data)->push_back(child);
        return CXChildVisit_Continue;
      },
      &out);
  return out;
}

// Where the student typed it: a macro such as SECTION_SIZE counts where it is used.
int lineOf(CXCursor c) {
  unsigned line = 0;
  clang_getExpansionLocation(clang_getCursorLocation(c), nullptr, &line, nullptr, nullptr);
  return static_cast<int>(line);
}

unsigned offsetOf(CXSourceLocation loc) {
  unsigned offset = 0;
  clang_getExpansionLocation(loc, nullptr, nullptr, nullptr, &offset);
  return offset;
}

struct CursorKey {
  unsigned hash;
  CXCursor cursor;
  bool operator<(const CursorKey& o) const { return hash < o.hash; }
};

// The tokens of a cursor's extent with their offsets: operators' spellings, which libclang 14's
// C interface does not report otherwise, and the parts of a `for` header.
struct Token {
  std::string spelling;
  unsigned offset;
  bool punctuation;
};

class FunctionBuilder {
 public:
  FunctionBuilder(CXTranslationUnit tu, const std::string& file, Function& fn)
      : tu_(tu), file_(file), fn_(fn) {}

  void build(CXCursor decl) {
    fn_.name = text(clang_getCursorSpelling(decl));
    fn_.line = lineOf(decl);
    std::optional<CXCursor> body;
    for (CXCursor c : children(decl)) {
      CXCursorKind k = clang_getCursorKind(c);
      if (k == CXCursor_ParmDecl) {
        addSlot(c);
        ++fn_.parameters;
      } else if (k == CXCursor_CompoundStmt) {
        body = c;
      }
    }
    if (!body) fail(decl, "the kernel has no body");
    locateSignature(decl, *body);
    statement(*body);
    emit({InstrKind::Return, -1, -1, -1, lastLine_});
  }

 private:
  // The parameter list's closing parenthesis and the body's opening brace, where the GPU path adds
  // its parameters and its counter.
  void locateSignature(CXCursor decl, CXCursor body) {
    const unsigned bodyAt = startOf(body);
    int depth = 0;
    for (const Token& t : tokens(decl)) {
      if (t.offset >= bodyAt) break;
      if (t.spelling == "(") ++depth;
      if (t.spelling == ")" && --depth == 0) fn_.parametersEnd = t.offset;
    }
    fn_.bodyBegin = bodyAt + 1;
  }

  [[noreturn]] void fail(CXCursor c, const std::string& what) {
    KernelSourceError e(file_ + ":" + std::to_string(lineOf(c)) + ": " + what);
    e.line = lineOf(c);
    throw e;
  }

  ValueType scalarType(CXCursor where, CXType t) {
    switch (clang_getCanonicalType(t).kind) {
      case CXType_Bool:
        return ValueType::Bool;
      case CXType_Char_S:
      case CXType_SChar:
      case CXType_Short:
      case CXType_Int:
        return ValueType::Int32;
      case CXType_Char_U:
      case CXType_UChar:
      case CXType_UShort:
      case CXType_UInt:
        return ValueType::UInt32;
      case CXType_Long:
      case CXType_LongLong:
        return ValueType::Int64;
      case CXType_ULong:
      case CXType_ULongLong:
        return ValueType::UInt64;
      case CXType_Float:
        return ValueType::Float32;
      case CXType_Double:
        return ValueType::Float64;
      case CXType_Pointer:
      case CXType_ConstantArray:
      case CXType_IncompleteArray:
        return ValueType::Pointer;
      case CXType_Void:
        return ValueType::Void;
      default:
        fail(where, "the type '" + text(clang_getTypeSpelling(t)) +
                        "' is outside the subset (int, unsigned int, long long, float, double, "
                        "bool and pointers to them)");
    }
  }

  ValueType pointeeType(CXCursor where, CXType t) {
    CXType c = clang_getCanonicalType(t);
    if (c.kind == CXType_Pointer) return scalarType(where, clang_getPointeeType(c));
    if (c.kind == CXType_ConstantArray || c.kind == CXType_IncompleteArray)
      return scalarType(where, clang_getArrayElementType(c));
    return ValueType::Void;
  }

  int addSlot(CXCursor decl) {
    CXType t = clang_getCursorType(decl);
    Variable v{text(clang_getCursorSpelling(decl)), scalarType(decl, t), pointeeType(decl, t),
               lineOf(decl)};
    if (v.type == ValueType::Pointer && v.pointee == ValueType::Pointer)
      fail(decl, "'" + v.name + "' points to a pointer: the subset has one level of pointers");
    fn_.slots.push_back(v);
    int slot = static_cast<int>(fn_.slots.size()) - 1;
    names_.emplace(CursorKey{clang_hashCursor(decl), decl},
                   Binding{ExprKind::Local, slot, Space::None});
    return slot;
  }

  struct Binding {
    ExprKind kind;
    int slot;
    Space space;
  };

  const Binding* binding(CXCursor decl) {
    auto [first, last] = names_.equal_range(CursorKey{clang_hashCursor(decl), decl});
    for (auto it = first; it != last; ++it)
      if (clang_equalCursors(it->first.cursor, decl)) return &it->second;
    return nullptr;
  }

  int emit(Instr i) {
    lastLine_ = i.line;
    fn_.code.push_back(i);
    return static_cast<int>(fn_.code.size()) - 1;
  }
  int here() const { return static_cast<int>(fn_.code.size()); }

  int addExpr(Expr e) {
    fn_.exprs.push_back(std::move(e));
    return static_cast<int>(fn_.exprs.size()) - 1;
  }

  // The cursor's extent in the student's file: an extent that starts or ends inside a macro
  // (SECTION_SIZE) is moved to where the macro is used, so that its tokens can be read.
  CXSourceRange fileRange(CXCursor c) {
    CXSourceRange r = clang_getCursorExtent(c);
    CXFile file = nullptr;
    unsigned from = 0, to = 0;
    clang_getExpansionLocation(clang_getRangeStart(r), &file, nullptr, nullptr, &from);
    clang_getExpansionLocation(clang_getRangeEnd(r), nullptr, nullptr, nullptr, &to);
    return clang_getRange(clang_getLocationForOffset(tu_, file, from),
                          clang_getLocationForOffset(tu_, file, std::max(from, to)));
  }

  std::vector<Token> tokens(CXCursor c) {
    CXToken* toks = nullptr;
    unsigned count = 0;
    clang_tokenize(tu_, fileRange(c), &toks, &count);
    std::vector<Token> out;
    for (unsigned i = 0; i < count; ++i)
      out.push_back({text(clang_getTokenSpelling(tu_, toks[i])),
                     offsetOf(clang_getTokenLocation(tu_, toks[i])),
                     clang_getTokenKind(toks[i]) == CXToken_Punctuation});
    clang_disposeTokens(tu_, toks, count);
    return out;
  }

  // The operator between a binary expression's operands: the first punctuation from where the
  // left operand ends (a macro operand's end may be its start, so names and closing brackets
  // are passed over).
  std::string tokenFrom(CXCursor c, unsigned offset) {
    for (const Token& t : tokens(c))
      if (t.offset >= offset && t.punctuation && t.spelling != ")" && t.spelling != "]")
        return t.spelling;
    return "";
  }

  static unsigned endOf(CXCursor c) {
    return offsetOf(clang_getRangeEnd(clang_getCursorExtent(c)));
  }
  static unsigned startOf(CXCursor c) {
    return offsetOf(clang_getRangeStart(clang_getCursorExtent(c)));
  }

  int operatorCode(CXCursor where, const std::string& s) {
    const int code = binaryOperatorCode(s);
    if (code == 0) fail(where, "the operator '" + s + "' is outside the subset");
    return code;
  }

  // -- statements ---------------------------------------------------------------------------

  struct Loop {
    std::vector<int> breaks;
    std::vector<int> continues;
  };

  void statement(CXCursor c) {
    int line = lineOf(c);
    switch (clang_getCursorKind(c)) {
      case CXCursor_CompoundStmt:
        for (CXCursor s : children(c)) statement(s);
        return;
      case CXCursor_DeclStmt:
        for (CXCursor d : children(c)) declaration(d);
        return;
      case CXCursor_NullStmt:
        return;
      case CXCursor_UnexposedStmt: {
        // `#pragma unroll` before a loop: an attributed statement; the loop runs as written.
        std::vector<CXCursor> inner;
        for (CXCursor s : children(c))
          if (clang_isStatement(clang_getCursorKind(s)) ||
              clang_isExpression(clang_getCursorKind(s)))
            inner.push_back(s);
        if (inner.size() == 1) return statement(inner.front());
        break;
      }
      case CXCursor_IfStmt:
        return ifStatement(c);
      case CXCursor_ForStmt:
        return forStatement(c);
      case CXCursor_WhileStmt:
        return whileStatement(c);
      case CXCursor_DoStmt:
        return doStatement(c);
      case CXCursor_ReturnStmt:
        if (!children(c).empty()) fail(c, "a kernel returns nothing: write `return;`");
        emit({InstrKind::Return, -1, -1, -1, line});
        return;
      case CXCursor_BreakStmt:
      case CXCursor_ContinueStmt: {
        if (loops_.empty()) fail(c, "break or continue outside a loop");
        int jump = emit({InstrKind::Jump, -1, -1, -1, line});
        auto& list = clang_getCursorKind(c) == CXCursor_BreakStmt ? loops_.back().breaks
                                                                  : loops_.back().continues;
        list.push_back(jump);
        return;
      }
      case CXCursor_CallExpr:
        if (text(clang_getCursorSpelling(c)) == "__syncthreads") {
          CXSourceRange r = fileRange(c);
          fn_.barriers.push_back(
              {offsetOf(clang_getRangeStart(r)), offsetOf(clang_getRangeEnd(r))});
          emit({InstrKind::Barrier, -1, -1, -1, line});
          return;
        }
        break;
      default:
        break;
    }
    if (!clang_isExpression(clang_getCursorKind(c)))
      fail(c, "'" + text(clang_getCursorKindSpelling(clang_getCursorKind(c))) +
                  "' is outside the subset scanviz runs (docs/student-kernels.md)");
    emit({InstrKind::Eval, expression(c), -1, -1, line});
  }

  void declaration(CXCursor d) {
    if (clang_getCursorKind(d) != CXCursor_VarDecl) fail(d, "only variables may be declared here");
    CXType t = clang_getCanonicalType(clang_getCursorType(d));
    std::vector<CXCursor> parts = children(d);
    bool shared = false;
    for (CXCursor p : parts) shared |= clang_getCursorKind(p) == CXCursor_CUDASharedAttr;
    std::string name = text(clang_getCursorSpelling(d));
    if (t.kind == CXType_ConstantArray) {
      for (CXCursor p : parts)
        if (clang_getCursorKind(p) == CXCursor_InitListExpr)
          fail(d, "array initialisers are outside the subset: assign the elements in a loop");
      ArrayDecl a{name, scalarType(d, clang_getArrayElementType(t)), clang_getArraySize(t),
                  shared ? Space::Shared : Space::Local, lineOf(d)};
      if (a.type == ValueType::Pointer) fail(d, "arrays of arrays are outside the subset");
      auto& list = shared ? fn_.sharedArrays : fn_.localArrays;
      list.push_back(a);
      names_.emplace(CursorKey{clang_hashCursor(d), d},
                     Binding{ExprKind::Array, static_cast<int>(list.size()) - 1, a.space});
      return;
    }
    if (shared) fail(d, "a __shared__ scalar is outside the subset: declare an array of one");
    if (t.kind == CXType_IncompleteArray)
      fail(d, "extern __shared__ arrays are outside the subset");
    int init = -1;
    for (CXCursor p : parts)
      if (clang_isExpression(clang_getCursorKind(p))) init = expression(p);
    int slot = addSlot(d);
    emit({InstrKind::Declare, init, slot, -1, lineOf(d)});
  }

  void ifStatement(CXCursor c) {
    std::vector<CXCursor> parts = children(c);
    if (parts.size() < 2) fail(c, "an if without a body");
    int cond = expression(parts[0]);
    int skip = emit({InstrKind::JumpIfFalse, cond, -1, -1, lineOf(c)});
    statement(parts[1]);
    if (parts.size() > 2) {
      int over = emit({InstrKind::Jump, -1, -1, -1, lineOf(parts[2])});
      fn_.code[skip].target = here();
      statement(parts[2]);
      fn_.code[over].target = here();
    } else {
      fn_.code[skip].target = here();
    }
  }

  // libclang lists only the parts of a `for` header that are there: the two semicolons of the
  // header tell which is which.
  void forStatement(CXCursor c) {
    std::vector<unsigned> semicolons;
    int depth = 0;
    unsigned close = 0;
    for (const Token& t : tokens(c)) {
      if (t.spelling == "(" && ++depth) continue;
      if (t.spelling == ")" && --depth == 0) {
        close = t.offset;
        break;
      }
      if (t.spelling == ";" && depth == 1) semicolons.push_back(t.offset);
    }
    if (semicolons.size() != 2) fail(c, "this for header is outside the subset");
    std::optional<CXCursor> init, cond, inc, body;
    for (CXCursor p : children(c)) {
      unsigned at = startOf(p);
      if (at < semicolons[0])
        init = p;
      else if (at < semicolons[1])
        cond = p;
      else if (at < close)
        inc = p;
      else
        body = p;
    }
    if (init) statement(*init);
    int top = here();
    int exit = -1;
    if (cond) exit = emit({InstrKind::JumpIfFalse, expression(*cond), -1, -1, lineOf(*cond)});
    loops_.push_back({});
    if (body) statement(*body);
    int next = here();
    if (inc) emit({InstrKind::Eval, expression(*inc), -1, -1, lineOf(*inc)});
    emit({InstrKind::Jump, -1, -1, top, lineOf(c)});
    closeLoop(exit, next);
  }

  void whileStatement(CXCursor c) {
    std::vector<CXCursor> parts = children(c);
    int top = here();
    int exit = emit({InstrKind::JumpIfFalse, expression(parts.at(0)), -1, -1, lineOf(c)});
    loops_.push_back({});
    if (parts.size() > 1) statement(parts[1]);
    emit({InstrKind::Jump, -1, -1, top, lineOf(c)});
    closeLoop(exit, top);
  }

  void doStatement(CXCursor c) {
    std::vector<CXCursor> parts = children(c);
    int top = here();
    loops_.push_back({});
    statement(parts.at(0));
    int next = here();
    int exit = emit({InstrKind::JumpIfFalse, expression(parts.at(1)), -1, -1, lineOf(parts[1])});
    emit({InstrKind::Jump, -1, -1, top, lineOf(c)});
    closeLoop(exit, next);
  }

  void closeLoop(int exitJump, int continueTarget) {
    Loop loop = loops_.back();
    loops_.pop_back();
    if (exitJump >= 0) fn_.code[exitJump].target = here();
    for (int b : loop.breaks) fn_.code[b].target = here();
    for (int k : loop.continues) fn_.code[k].target = continueTarget;
  }

  // -- expressions --------------------------------------------------------------------------

  Expr typed(CXCursor c, ExprKind kind) {
    Expr e;
    e.kind = kind;
    e.line = lineOf(c);
    CXType t = clang_getCursorType(c);
    e.type = scalarType(c, t);
    e.pointee = pointeeType(c, t);
    return e;
  }

  int expression(CXCursor c) {
    CXCursorKind kind = clang_getCursorKind(c);
    std::vector<CXCursor> parts = children(c);
    switch (kind) {
      case CXCursor_IntegerLiteral:
      case CXCursor_FloatingLiteral:
      case CXCursor_CXXBoolLiteralExpr:
      case CXCursor_CharacterLiteral:
        return constant(c);
      case CXCursor_ParenExpr:
        return expression(parts.at(0));
      case CXCursor_UnexposedExpr:
        return implicit(c, parts);
      case CXCursor_DeclRefExpr:
        return reference(c);
      case CXCursor_MemberRefExpr:
        return member(c, parts);
      case CXCursor_ArraySubscriptExpr: {
        Expr e = typed(c, ExprKind::Index);
        e.args = {expression(parts.at(0)), expression(parts.at(1))};
        return addExpr(e);
      }
      case CXCursor_BinaryOperator:
      case CXCursor_CompoundAssignOperator:
        return binary(c, parts);
      case CXCursor_UnaryOperator:
        return unary(c, parts);
      case CXCursor_ConditionalOperator: {
        Expr e = typed(c, ExprKind::Conditional);
        for (CXCursor p : parts) e.args.push_back(expression(p));
        return addExpr(e);
      }
      case CXCursor_CStyleCastExpr:
      case CXCursor_CXXFunctionalCastExpr:
      case CXCursor_CXXStaticCastExpr: {
        Expr e = typed(c, ExprKind::Cast);
        for (CXCursor p : parts)
          if (clang_isExpression(clang_getCursorKind(p))) e.args = {expression(p)};
        if (e.args.empty()) fail(c, "a cast of nothing");
        return addExpr(e);
      }
      case CXCursor_CallExpr:
        return call(c);
      default:
        fail(c, "'" + text(clang_getCursorKindSpelling(kind)) +
                    "' is outside the subset scanviz runs (docs/student-kernels.md)");
    }
  }

  int constant(CXCursor c) {
    Expr e = typed(c, ExprKind::Constant);
    CXEvalResult r = clang_Cursor_Evaluate(c);
    if (!r) fail(c, "a literal clang cannot evaluate");
    if (clang_EvalResult_getKind(r) == CXEval_Float) {
      e.floatValue = clang_EvalResult_getAsDouble(r);
    } else {
      e.intValue = clang_EvalResult_isUnsignedInt(r)
                       ? static_cast<int64_t>(clang_EvalResult_getAsUnsigned(r))
                       : clang_EvalResult_getAsLongLong(r);
      e.floatValue = static_cast<double>(e.intValue);
    }
    clang_EvalResult_dispose(r);
    return addExpr(e);
  }

  // Implicit conversions: an array to a pointer to its first element, a value to another type;
  // anything else clang wraps passes through.
  int implicit(CXCursor c, const std::vector<CXCursor>& parts) {
    if (parts.size() != 1) fail(c, "an expression outside the subset");
    int inner = expression(parts[0]);
    Expr cast = typed(c, ExprKind::Cast);
    const Expr& in = fn_.exprs[inner];
    if (cast.type == in.type || cast.type == ValueType::Pointer || cast.type == ValueType::Void)
      return inner;
    cast.args = {inner};
    return addExpr(cast);
  }

  int reference(CXCursor c) {
    CXCursor decl = clang_getCursorReferenced(c);
    const Binding* b = binding(decl);
    std::string name = text(clang_getCursorSpelling(c));
    if (!b) {
      if (name == "threadIdx" || name == "blockIdx" || name == "blockDim" || name == "gridDim")
        fail(c, "use " + name + ".x (or .y, .z)");
      fail(c, "'" + name + "' is not a variable of this kernel (the subset has no globals)");
    }
    Expr e = typed(c, b->kind);
    e.slot = b->slot;
    e.space = b->space;
    if (b->kind == ExprKind::Array) {
      const auto& list = b->space == Space::Shared ? fn_.sharedArrays : fn_.localArrays;
      e.type = ValueType::Pointer;
      e.pointee = list[b->slot].type;
    }
    return addExpr(e);
  }

  int member(CXCursor c, const std::vector<CXCursor>& parts) {
    std::string field = text(clang_getCursorSpelling(c));
    std::string base = parts.empty() ? "" : text(clang_getCursorSpelling(parts[0]));
    static const std::map<std::string, Builtin> builtins = {{"threadIdx", Builtin::ThreadIdx},
                                                            {"blockIdx", Builtin::BlockIdx},
                                                            {"blockDim", Builtin::BlockDim},
                                                            {"gridDim", Builtin::GridDim}};
    auto it = builtins.find(base);
    if (it == builtins.end() || field.size() != 1 || field[0] < 'x' || field[0] > 'z')
      fail(c, "members of '" + base + "' are outside the subset (threadIdx.x, blockDim.x, ...)");
    Expr e = typed(c, ExprKind::Builtin);
    e.type = ValueType::UInt32;
    e.slot = static_cast<int>(it->second);
    e.component = field[0] - 'x';
    return addExpr(e);
  }

  int binary(CXCursor c, const std::vector<CXCursor>& parts) {
    if (parts.size() != 2) fail(c, "an operator outside the subset");
    std::string op = tokenFrom(c, endOf(parts[0]));
    bool compound = clang_getCursorKind(c) == CXCursor_CompoundAssignOperator;
    Expr e = typed(c, ExprKind::Binary);
    if (op == "=" || compound) {
      e.kind = ExprKind::Assign;
      e.op = op == "=" ? 0 : operatorCode(c, op.substr(0, op.size() - 1));
    } else if (op == ",") {
      e.kind = ExprKind::Comma;
    } else {
      e.op = operatorCode(c, op);
    }
    e.args = {expression(parts[0]), expression(parts[1])};
    return addExpr(e);
  }

  int unary(CXCursor c, const std::vector<CXCursor>& parts) {
    std::vector<Token> toks = tokens(c);
    if (parts.size() != 1 || toks.empty()) fail(c, "an operator outside the subset");
    bool prefix = toks.front().offset < startOf(parts[0]);
    std::string op = prefix ? toks.front().spelling : toks.back().spelling;
    Expr e = typed(c, ExprKind::Unary);
    e.prefix = prefix;
    if (op == "++" || op == "--") {
      e.kind = ExprKind::IncDec;
      e.op = op[0];
    } else if (op == "*") {
      e.kind = ExprKind::Deref;
    } else if (op == "-" || op == "+" || op == "!" || op == "~") {
      e.op = op[0];
    } else if (op == "&") {
      fail(c, "taking an address (&) is outside the subset: index the array instead");
    } else {
      fail(c, "the operator '" + op + "' is outside the subset");
    }
    e.args = {expression(parts[0])};
    return addExpr(e);
  }

  int call(CXCursor c) {
    std::string name = text(clang_getCursorSpelling(c));
    if (name == "__syncthreads")
      fail(c, "__syncthreads() is a statement of its own, not part of an expression");
    static const std::map<std::string, CallTarget> functions = {
        {"min", CallTarget::Min},   {"max", CallTarget::Max}, {"fminf", CallTarget::Min},
        {"fmaxf", CallTarget::Max}, {"abs", CallTarget::Abs}, {"fabsf", CallTarget::Abs}};
    auto it = functions.find(name);
    if (it == functions.end())
      fail(c, "calls to '" + name + "' are outside the subset (__syncthreads, min, max, abs)");
    Expr e = typed(c, ExprKind::Call);
    e.slot = static_cast<int>(it->second);
    int n = clang_Cursor_getNumArguments(c);
    for (int i = 0; i < n; ++i) e.args.push_back(expression(clang_Cursor_getArgument(c, i)));
    return addExpr(e);
  }

  CXTranslationUnit tu_;
  std::string file_;
  Function& fn_;
  std::multimap<CursorKey, Binding> names_;
  std::vector<Loop> loops_;
  int lastLine_ = 0;
};

std::string diagnosticsText(CXTranslationUnit tu, const std::string& name, int& firstLine) {
  std::string out;
  int errors = 0;
  for (unsigned i = 0; i < clang_getNumDiagnostics(tu); ++i) {
    CXDiagnostic d = clang_getDiagnostic(tu, i);
    if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error && errors++ < 3) {
      unsigned line = 0, column = 0;
      clang_getSpellingLocation(clang_getDiagnosticLocation(d), nullptr, &line, &column, nullptr);
      if (firstLine == 0) firstLine = static_cast<int>(line);
      if (!out.empty()) out += "\n";
      out += name + ":" + std::to_string(line) + ":" + std::to_string(column) + ": " +
             text(clang_getDiagnosticSpelling(d));
    }
    clang_disposeDiagnostic(d);
  }
  return out;
}

bool isKernel(CXCursor c) {
  if (clang_getCursorKind(c) != CXCursor_FunctionDecl) return false;
  if (!clang_Location_isFromMainFile(clang_getCursorLocation(c))) return false;
  for (CXCursor p : children(c))
    if (clang_getCursorKind(p) == CXCursor_CUDAGlobalAttr) return true;
  return false;
}

}  // namespace

const std::string& kernelPrelude() {
  static const std::string prelude =
      "#define __global__ __attribute__((global))\n"
      "#define __device__ __attribute__((device))\n"
      "#define __shared__ __attribute__((shared))\n"
      "struct __scanviz_uint3 { unsigned int x, y, z; };\n"
      "extern const __device__ __scanviz_uint3 threadIdx, blockIdx, blockDim, gridDim;\n"
      "__device__ void __syncthreads();\n"
      "__device__ int min(int, int); __device__ unsigned int min(unsigned int, unsigned int);\n"
      "__device__ float min(float, float);\n"
      "__device__ int max(int, int); __device__ unsigned int max(unsigned int, unsigned int);\n"
      "__device__ float max(float, float);\n"
      "__device__ float fminf(float, float); __device__ float fmaxf(float, float);\n"
      "__device__ int abs(int); __device__ float fabsf(float);\n";
  return prelude;
}

Program parseKernelSource(const std::string& name, const std::string& source,
                          const ParseSettings& settings) {
  const std::string preludeName = "/scanviz/student-prelude.h";
  std::string fileName = name.empty() ? "kernel.cu" : name;
  CXUnsavedFile files[2] = {
      {preludeName.c_str(), kernelPrelude().c_str(),
       static_cast<unsigned long>(kernelPrelude().size())},
      {fileName.c_str(), source.c_str(), static_cast<unsigned long>(source.size())}};
  std::string section = "-DSECTION_SIZE=" + std::to_string(settings.sectionSize);
  std::string block = "-DBLOCK_SIZE=" + std::to_string(settings.blockSize);
  // Device-side parsing without a CUDA installation: the prelude stands in for CUDA's headers.
  const char* args[] = {"-x",
                        "cuda",
                        "--cuda-device-only",
                        "-nocudainc",
                        "-nocudalib",
                        "--cuda-gpu-arch=sm_80",
                        "-std=c++17",
                        "-include",
                        preludeName.c_str(),
                        section.c_str(),
                        block.c_str(),
                        "-Wno-unknown-cuda-version"};
  std::unique_ptr<void, void (*)(CXIndex)> index(clang_createIndex(0, 0), clang_disposeIndex);
  CXTranslationUnit tu = nullptr;
  CXErrorCode rc = clang_parseTranslationUnit2(index.get(), fileName.c_str(), args,
                                               static_cast<int>(std::size(args)), files, 2,
                                               CXTranslationUnit_None, &tu);
  if (rc != CXError_Success || !tu)
    throw KernelSourceError(fileName + ": libclang could not read the file (error " +
                            std::to_string(rc) + ")");
  std::unique_ptr<CXTranslationUnitImpl, void (*)(CXTranslationUnit)> owner(
      tu, clang_disposeTranslationUnit);
  int firstLine = 0;
  std::string errors = diagnosticsText(tu, fileName, firstLine);
  if (!errors.empty()) {
    KernelSourceError e(errors);
    e.line = firstLine;
    throw e;
  }
  Program program;
  program.file = fileName;
  program.sourceLines = splitSourceLines(source);
  for (CXCursor c : children(clang_getTranslationUnitCursor(tu))) {
    if (!isKernel(c)) continue;
    bool hasBody = false;
    for (CXCursor p : children(c)) hasBody |= clang_getCursorKind(p) == CXCursor_CompoundStmt;
    if (!hasBody) continue;
    program.kernels.emplace_back();
    FunctionBuilder(tu, fileName, program.kernels.back()).build(c);
  }
  if (program.kernels.empty())
    throw KernelSourceError(fileName + ": no __global__ kernel with a body was found");
  return program;
}

}  // namespace scanviz::student
