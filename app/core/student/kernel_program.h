// A student's kernel as the emulator runs it: the parser (kernel_parser.h) turns the CUDA source
// into this small program, and the machine (kernel_machine.h) runs it thread by thread. Expressions
// stay trees (a barrier is a statement, so an expression never stops half-way); statements are
// flattened into a list with jumps, so that a thread can stop at a __syncthreads() and resume at
// the next instruction. Nothing here knows of libclang.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace scanviz::student {

// The value types of the subset: what `int`, `unsigned int`, `long long`, `float`, `double`, `bool`
// and pointers to them become. Integer types wrap as CUDA's do.
enum class ValueType : uint8_t {
  Bool,
  Int32,
  UInt32,
  Int64,
  UInt64,
  Float32,
  Float64,
  Pointer,
  Void
};

bool isFloating(ValueType t);
bool isIntegral(ValueType t);  // bool included
const char* valueTypeName(ValueType t);

// Where a pointer points: a kernel argument's global buffer, a __shared__ array of the block or a
// thread's own local array.
enum class Space : uint8_t { None, Global, Shared, Local };

// The built-in variables of a launch.
enum class Builtin : uint8_t { ThreadIdx, BlockIdx, BlockDim, GridDim };

enum class ExprKind : uint8_t {
  Constant,  // number
  Local,     // a thread's scalar variable or parameter: slot
  Array,  // a __shared__ (slot = shared array) or local (slot = local array) array's first element
  Builtin,      // builtin's component (0 x, 1 y, 2 z)
  Index,        // a[b]
  Deref,        // *a
  Unary,        // op a: '-', '+', '!', '~'
  Binary,       // a op b: + - * / % << >> & | ^ < > <= >= == != && ||
  Assign,       // a = b, or a op= b (op: the binary operator, 0 for plain assignment)
  IncDec,       // ++a, a++, --a, a-- (op '+' or '-', prefix)
  Cast,         // (type) a, and the implicit conversions clang makes explicit
  Conditional,  // a ? b : c
  Call,         // a built-in function: min, max, fminf, fmaxf, abs
  Comma,        // a, b
};

struct Expr {
  ExprKind kind = ExprKind::Constant;
  ValueType type = ValueType::Int32;    // the type of the result
  ValueType pointee = ValueType::Void;  // a pointer's: the type of what it points to
  int line = 0;
  int op = 0;  // the operator's token: '+', '<' ..., two-character ones as 'l' << etc.
  bool prefix = false;
  int slot = -1;  // Local: the variable; Array: the array; Builtin: the builtin; Call: function
  int component = 0;
  Space space = Space::None;  // Array: where it lives
  int64_t intValue = 0;
  double floatValue = 0;
  std::vector<int> args;  // operands, indices into Function::exprs
};

// Two-character operators as one code.
enum OperatorCode : int {
  kShiftLeft = 'L',
  kShiftRight = 'R',
  kLessEqual = 'l',
  kGreaterEqual = 'g',
  kEqual = 'e',
  kNotEqual = 'n',
  kLogicalAnd = 'A',
  kLogicalOr = 'O'
};

// The code of a binary operator's spelling ("<=" is kLessEqual, "," is ','); 0 when the subset
// has no such operator. Both parsers read operators through it.
int binaryOperatorCode(const std::string& spelling);

enum class CallTarget : uint8_t { Min, Max, Abs };

enum class InstrKind : uint8_t {
  Eval,         // evaluate expr for its effects
  Declare,      // set slot to expr's value (converted to the slot's type), or to 0 without one
  JumpIfFalse,  // if expr is false, go to target
  Jump,         // go to target
  Barrier,      // __syncthreads()
  Return,
};

struct Instr {
  InstrKind kind = InstrKind::Eval;
  int expr = -1;
  int slot = -1;
  int target = -1;
  int line = 0;
};

struct Variable {
  std::string name;
  ValueType type = ValueType::Int32;  // a pointer's pointee type is pointee
  ValueType pointee = ValueType::Void;
  int line = 0;
};

struct ArrayDecl {
  std::string name;
  ValueType type = ValueType::Float32;
  int64_t length = 0;
  Space space = Space::Shared;
  int line = 0;
};

// Where in the source (byte offsets) something was typed: what the GPU path rewrites.
struct SourceSpan {
  unsigned begin = 0;
  unsigned end = 0;  // one past the last character
};

// One __global__ function.
struct Function {
  std::string name;
  int line = 0;
  unsigned parametersEnd = 0;        // the offset of the ')' that closes the parameter list
  unsigned bodyBegin = 0;            // the offset just after the body's '{'
  std::vector<SourceSpan> barriers;  // each `__syncthreads()` call, in source order
  int parameters = 0;                // the first slots are the parameters, in order
  std::vector<Variable> slots;
  std::vector<ArrayDecl> sharedArrays;
  std::vector<ArrayDecl> localArrays;
  std::vector<Expr> exprs;
  std::vector<Instr> code;
};

struct Program {
  std::string file;  // as the student named it, for messages
  std::vector<std::string> sourceLines;
  std::vector<Function> kernels;  // in the order of the source
};

}  // namespace scanviz::student
