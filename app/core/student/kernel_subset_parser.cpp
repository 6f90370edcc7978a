// Recursive descent over the subset's grammar; the expressions' types and implicit conversions as
// clang gives them (kernel_subset_types.h), the statements flattened with jumps exactly as
// kernel_parser.cpp flattens clang's tree, so that both parsers make the same program.
#include "app/core/student/kernel_subset_parser.h"

#include "app/core/student/kernel_subset_parser_class.h"

namespace scanviz::student::subset {

Program SubsetParser::run() {
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

// A top-level item that is not a kernel: a __device__ function (which the subset cannot call)
// or a global declaration (which it cannot use); its name is kept for the messages.
void SubsetParser::skipTopLevel() {
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

DeclaredType SubsetParser::specifiers() {
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
    if (w == "int" || w == "short" || w == "char" || w == "float" || w == "double" || w == "bool" ||
        w == "void") {
      base = w;
      any = true;
    }
  }
  if (!any) fail(first, "unknown type name '" + first.text + "'");
  d.type = scalarTypeOf(base, longs, isUnsigned);
  return d;
}

SubsetParser::Declarator SubsetParser::declarator(const DeclaredType& spec) {
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
int64_t SubsetParser::constantValue(const SourceToken& where) {
  const int e = conditional();  // its nodes stay unreferenced in the function's list
  int64_t value = 0;
  if (!foldConstant(*fn_, e, value))
    fail(where, "an array's length must be a constant such as SECTION_SIZE");
  return value;
}

bool SubsetParser::kernel(Function& fn) {
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

}  // namespace scanviz::student::subset

namespace scanviz::student {

Program parseKernelSubset(const std::string& name, const std::string& source,
                          const ParseSettings& settings) {
  const std::string file = name.empty() ? "kernel.cu" : name;
  Program program =
      subset::SubsetParser(file, lexKernelSource(file, source, settings).tokens).run();
  program.sourceLines = splitSourceLines(source);
  return program;
}

}  // namespace scanviz::student
