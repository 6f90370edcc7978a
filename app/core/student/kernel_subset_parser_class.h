// The subset parser's class (kernel_subset_parser.h), shared by the files of its grammar:
// kernel_subset_parser.cpp (tokens, types, declarators, kernels), kernel_subset_statements.cpp
// and kernel_subset_expressions.cpp. Internal to app/core/student.
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "app/core/student/kernel_lexer.h"
#include "app/core/student/kernel_subset_parser.h"
#include "app/core/student/kernel_subset_types.h"

namespace scanviz::student::subset {

struct Binding {
  ExprKind kind;
  int slot;
  Space space;
};

struct DeclaredType {
  ValueType type = ValueType::Int32;
  bool shared = false;
};

class SubsetParser {
 public:
  SubsetParser(const std::string& file, std::vector<SourceToken> tokens)
      : file_(file), t_(std::move(tokens)) {}

  Program run();

 private:
  // '*' qualifiers, the name, and an array's constant length.
  struct Declarator {
    SourceToken name;
    ValueType type = ValueType::Int32;
    ValueType pointee = ValueType::Void;
    int64_t length = -1;  // >= 0: an array
  };

  struct Loop {
    std::vector<int> breaks;
    std::vector<int> continues;
  };

  // Tokens, the program's slots and code, and the names in scope, read by every part.
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
  // The condition of an if, a loop or ?:, made bool as C++ makes it.
  int condition() { return convert(expression(), ValueType::Bool); }
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

  // Top-level items, types and declarators, kernels: kernel_subset_parser.cpp.
  void skipTopLevel();
  DeclaredType specifiers();
  Declarator declarator(const DeclaredType& spec);
  int64_t constantValue(const SourceToken& where);
  bool kernel(Function& fn);

  // Statements, flattened with jumps: kernel_subset_statements.cpp.
  void statement();
  void barrier();
  void declaration();
  void ifStatement();
  void forStatement();
  void whileStatement();
  void doStatement();
  void closeLoop(int exitJump, int continueTarget);

  // Expressions, with the operands' conversions as C++ gives them: kernel_subset_expressions.cpp.
  int expression();
  int assignment();
  int conditional();
  static const std::vector<std::vector<std::string>>& levels();
  int binaryLevel(size_t level);
  int binary(const std::string& op, int l, int r, int line);
  int unary();
  int postfix();
  std::pair<ValueType, ValueType> castType();
  int castTo(int line, std::pair<ValueType, ValueType> type, int operand);
  int primary();
  int identifier(const SourceToken& name);
  int call(const SourceToken& name);

  std::string file_;
  std::vector<SourceToken> t_;
  size_t at_ = 0;
  Function* fn_ = nullptr;
  std::vector<std::map<std::string, Binding>> scopes_;
  std::vector<Loop> loops_;
  std::set<std::string> functions_, globals_;
  int lastLine_ = 0;
};

}  // namespace scanviz::student::subset
