// The subset's statements, flattened into the program's code with jumps exactly as
// kernel_parser.cpp flattens clang's tree: blocks, declarations, __syncthreads(), if, for,
// while, do, break, continue and return.
#include "app/core/student/kernel_subset_parser_class.h"

namespace scanviz::student::subset {

void SubsetParser::statement() {
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

void SubsetParser::barrier() {
  const SourceToken& name = take();
  expect("(", "");
  if (!is(")")) fail(peek(), "__syncthreads() takes no arguments");
  const unsigned end = take().end;
  if (!accept(";"))
    fail(name, "__syncthreads() is a statement of its own, not part of an expression");
  fn_->barriers.push_back({name.offset, end});
  emit({InstrKind::Barrier, -1, -1, -1, name.line});
}

void SubsetParser::declaration() {
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
      scopes_.back()[a.name] = Binding{ExprKind::Array, static_cast<int>(list.size()) - 1, a.space};
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

void SubsetParser::ifStatement() {
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

void SubsetParser::forStatement() {
  const SourceToken& kw = take();
  expect("(", " after 'for'");
  scopes_.emplace_back();
  if (!accept(";")) statement();  // a declaration or an expression, with its ';'
  const int top = here();
  int exit = -1;
  if (!is(";")) {
    const int cond = condition();
    exit = emit({InstrKind::JumpIfFalse, cond, -1, -1, fn_->exprs[static_cast<size_t>(cond)].line});
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

void SubsetParser::whileStatement() {
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

void SubsetParser::doStatement() {
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

void SubsetParser::closeLoop(int exitJump, int continueTarget) {
  Loop loop = loops_.back();
  loops_.pop_back();
  if (exitJump >= 0) fn_->code[static_cast<size_t>(exitJump)].target = here();
  for (int b : loop.breaks) fn_->code[static_cast<size_t>(b)].target = here();
  for (int k : loop.continues) fn_->code[static_cast<size_t>(k)].target = continueTarget;
}

}  // namespace scanviz::student::subset
