// One block at a time, each thread run to its next barrier in ascending order: a deterministic
// schedule, so a run is repeatable and a race is reported from the accesses, not from luck.
#include "app/core/student/kernel_machine.h"

#include <algorithm>
#include <iterator>
#include <optional>

#include "app/core/student/kernel_access_log.h"
#include "app/core/student/kernel_values.h"

namespace scanviz::student {

const char* findingKindName(FindingKind k) {
  // In the enumerators' order; the assertion catches one added without its name.
  static constexpr const char* kNames[] = {"race", "out of bounds", "barrier divergence", "hang"};
  static_assert(std::size(kNames) == static_cast<size_t>(FindingKind::Hang) + 1);
  return kNames[static_cast<size_t>(k)];
}

namespace {

// Thrown to end the launch: an access out of bounds or a hang.
struct Stop {
  Finding finding;
};

enum class ThreadStatus { Running, AtBarrier, Done };

struct ThreadState {
  int pc = 0;
  std::vector<Value> slots;
  std::vector<std::vector<double>> localArrays;
  ThreadStatus status = ThreadStatus::Running;
  int line = 0;  // of the barrier it waits at, or of the return that ended it
};

// Where an assignment lands: a thread's variable or an element of an array.
struct Place {
  int slot = -1;  // >= 0: a variable
  Space space = Space::None;
  int buffer = -1;
  int64_t index = 0;
  ValueType type = ValueType::Int32;
};

class BlockRun {
 public:
  BlockRun(const Function& fn, LaunchResult& result, const LaunchShape& shape, int block,
           AccessLog& globalLog, int64_t& budget)
      : fn_(fn),
        result_(result),
        shape_(shape),
        block_(block),
        globalLog_(globalLog),
        budget_(budget),
        recording_(block == shape.recordedBlock),
        recordedBuffer_(recordedArgument(result.arguments, shape)) {
    for (const ArrayDecl& a : fn.sharedArrays)
      shared_.emplace_back(static_cast<size_t>(a.length), 0.0);
    for (const ArrayDecl& a : fn.sharedArrays) sharedLogs_.emplace_back(a.length);
    threads_.resize(static_cast<size_t>(shape.blockSize));
    for (ThreadState& t : threads_) {
      t.slots.resize(fn.slots.size());
      for (const ArrayDecl& a : fn.localArrays)
        t.localArrays.emplace_back(static_cast<size_t>(a.length), 0.0);
      for (int p = 0; p < fn.parameters; ++p) t.slots[p] = parameter(p);
    }
  }

  void run() {
    while (true) {
      for (size_t t = 0; t < threads_.size(); ++t) {
        thread_ = static_cast<int>(t);
        if (threads_[t].status != ThreadStatus::Done) runThread(threads_[t]);
      }
      bool anyWaiting = std::any_of(threads_.begin(), threads_.end(), [](const ThreadState& t) {
        return t.status == ThreadStatus::AtBarrier;
      });
      int barrierLine = anyWaiting ? checkBarrier() : 0;
      endInterval(barrierLine);
      if (!anyWaiting) return;
      if (++barriers_ > shape_.barrierBudget) throw Stop{endlessBarriers(barrierLine)};
      for (ThreadState& t : threads_)
        if (t.status == ThreadStatus::AtBarrier) t.status = ThreadStatus::Running;
    }
  }

 private:
  Value parameter(int p) {
    const Argument& a = result_.arguments.at(static_cast<size_t>(p));
    const Variable& v = fn_.slots[p];
    if (a.isBuffer) {
      Value out;
      out.type = ValueType::Pointer;
      out.space = Space::Global;
      out.buffer = p;
      out.pointee = v.pointee;
      return out;
    }
    return makeNumber(v.type, a.number);
  }

  void runThread(ThreadState& t) {
    t.status = ThreadStatus::Running;
    int64_t steps = 0;
    while (true) {
      if (--budget_ < 0 || ++steps > shape_.threadBudget)
        throw Stop{hang(fn_.code[static_cast<size_t>(t.pc)].line)};
      const Instr& in = fn_.code[static_cast<size_t>(t.pc)];
      ++t.pc;
      switch (in.kind) {
        case InstrKind::Eval:
          eval(t, in.expr);
          break;
        case InstrKind::Declare: {
          Value v = in.expr >= 0 ? eval(t, in.expr) : makeInteger(fn_.slots[in.slot].type, 0);
          t.slots[static_cast<size_t>(in.slot)] = convert(v, fn_.slots[in.slot].type);
          break;
        }
        case InstrKind::JumpIfFalse:
          if (!eval(t, in.expr).truth()) t.pc = in.target;
          break;
        case InstrKind::Jump:
          t.pc = in.target;
          break;
        case InstrKind::Barrier:
          t.status = ThreadStatus::AtBarrier;
          t.line = in.line;
          return;
        case InstrKind::Return:
          t.status = ThreadStatus::Done;
          t.line = in.line;
          return;
      }
    }
  }

  Finding hang(int line) {
    Finding f;
    f.kind = FindingKind::Hang;
    f.block = block_;
    f.thread = thread_;
    f.line = line;
    f.message = "thread " + std::to_string(thread_) + " of block " + std::to_string(block_) +
                " ran " + std::to_string(shape_.threadBudget) +
                " statements without reaching a barrier or its end, last at line " +
                std::to_string(line) + ": a loop that never ends?";
    return f;
  }

  Finding endlessBarriers(int line) {
    Finding f;
    f.kind = FindingKind::Hang;
    f.block = block_;
    f.line = line;
    f.message = "block " + std::to_string(block_) + " passed " +
                std::to_string(shape_.barrierBudget) +
                " barriers without ending, the last at line " + std::to_string(line) +
                ": a loop that never ends?";
    return f;
  }

  // Threads that returned while others wait, or threads waiting at different barriers.
  int checkBarrier() {
    std::vector<int> done, waiting;
    int line = 0;
    int otherLine = 0;
    std::vector<int> elsewhere;
    for (size_t i = 0; i < threads_.size(); ++i) {
      const ThreadState& t = threads_[i];
      if (t.status == ThreadStatus::Done) done.push_back(static_cast<int>(i));
      if (t.status != ThreadStatus::AtBarrier) continue;
      waiting.push_back(static_cast<int>(i));
      if (line == 0) line = t.line;
      if (t.line != line) {
        elsewhere.push_back(static_cast<int>(i));
        otherLine = t.line;
      }
    }
    if (!reportedDivergence_ && (!done.empty() || !elsewhere.empty())) {
      reportedDivergence_ = true;
      Finding f;
      f.kind = FindingKind::BarrierDivergence;
      f.block = block_;
      f.line = line;
      if (!done.empty()) {
        f.thread = done.front();
        f.otherThread = waiting.front();
        f.otherLine = threads_[static_cast<size_t>(done.front())].line;
        f.message = "threads " + threadRanges(done) + " of block " + std::to_string(block_) +
                    " returned (line " + std::to_string(f.otherLine) + ") while threads " +
                    threadRanges(waiting) + " wait at the __syncthreads() at line " +
                    std::to_string(line) + ": every thread of a block must reach each barrier";
      } else {
        f.thread = waiting.front();
        f.otherThread = elsewhere.front();
        f.otherLine = otherLine;
        f.message = "threads of block " + std::to_string(block_) +
                    " wait at two different barriers: " + "thread " + std::to_string(f.thread) +
                    " at line " + std::to_string(line) + ", threads " + threadRanges(elsewhere) +
                    " at line " + std::to_string(otherLine);
      }
      addFinding(f);
    }
    return line;
  }

  void endInterval(int barrierLine) {
    if (recording_ && !writes_.empty()) {
      RecordedInterval r;
      r.barrierLine = barrierLine;
      r.barrierIndex = barrierLine ? static_cast<int>(barriers_) + 1 : 0;
      r.values =
          fn_.sharedArrays.empty() ? result_.arguments.at(recordedBuffer()).data : shared_[0];
      r.writes = std::move(writes_);
      result_.intervals.push_back(std::move(r));
    }
    writes_.clear();
    for (CellLog& log : sharedLogs_) log.clearInterval();
    globalLog_.nextInterval();
  }

  void addFinding(const Finding& f) {
    for (const Finding& g : result_.findings)
      if (g.kind == f.kind) return;
    result_.findings.push_back(f);
  }

  // Looked up once: every load and store asks whether it touches the recorded buffer.
  size_t recordedBuffer() const { return recordedBuffer_; }

  // -- expressions --------------------------------------------------------------------------

  const Expr& expr(int e) const { return fn_.exprs[static_cast<size_t>(e)]; }

  Place place(ThreadState& t, int e) {
    const Expr& x = expr(e);
    if (x.kind == ExprKind::Local) return Place{x.slot, Space::None, -1, 0, fn_.slots[x.slot].type};
    Value base;
    if (x.kind == ExprKind::Index) {
      base = eval(t, x.args[0]);
      Value index = eval(t, x.args[1]);
      base.index += isFloating(index.type) ? static_cast<int64_t>(index.f) : index.i;
    } else if (x.kind == ExprKind::Deref) {
      base = eval(t, x.args[0]);
    } else {
      throw Stop{fault(x.line, "this expression cannot be assigned to")};
    }
    if (base.type != ValueType::Pointer)
      throw Stop{fault(x.line, "indexing something that is not an array")};
    Place p{-1, base.space, base.buffer, base.index, base.pointee};
    checkBounds(p, x.line);
    return p;
  }

  Finding fault(int line, const std::string& what) {
    Finding f;
    f.kind = FindingKind::OutOfBounds;
    f.block = block_;
    f.thread = thread_;
    f.line = line;
    f.message = "line " + std::to_string(line) + ": " + what;
    return f;
  }

  std::pair<std::string, int64_t> arrayOf(const Place& p) {
    switch (p.space) {
      case Space::Shared:
        return {fn_.sharedArrays[static_cast<size_t>(p.buffer)].name,
                fn_.sharedArrays[static_cast<size_t>(p.buffer)].length};
      case Space::Local:
        return {fn_.localArrays[static_cast<size_t>(p.buffer)].name,
                fn_.localArrays[static_cast<size_t>(p.buffer)].length};
      default: {
        const Argument& a = result_.arguments.at(static_cast<size_t>(p.buffer));
        return {a.name, static_cast<int64_t>(a.data.size())};
      }
    }
  }

  void checkBounds(const Place& p, int line) {
    auto [name, length] = arrayOf(p);
    if (p.index >= 0 && p.index < length) return;
    Finding f =
        fault(line, "thread " + std::to_string(thread_) + " of block " + std::to_string(block_) +
                        " indexes " + name + "[" + std::to_string(p.index) + "], outside " + name +
                        "[0.." + std::to_string(length - 1) + "]");
    f.array = name;
    f.cell = p.index;
    throw Stop{f};
  }

  double& cell(ThreadState& t, const Place& p) {
    size_t i = static_cast<size_t>(p.index);
    if (p.space == Space::Shared) return shared_[static_cast<size_t>(p.buffer)][i];
    if (p.space == Space::Local) return t.localArrays[static_cast<size_t>(p.buffer)][i];
    return result_.arguments[static_cast<size_t>(p.buffer)].data[i];
  }

  bool isRecorded(const Place& p) const {
    if (fn_.sharedArrays.empty())
      return p.space == Space::Global && static_cast<size_t>(p.buffer) == recordedBuffer();
    return p.space == Space::Shared && p.buffer == 0;
  }

  Value load(ThreadState& t, const Place& p, int line) {
    if (p.slot >= 0) return t.slots[static_cast<size_t>(p.slot)];
    note(p, false, line);
    Value v = loadAs(p.type, cell(t, p));
    v.from.data = true;
    if (recording_ && isRecorded(p)) v.from.cells = {p.index};
    return v;
  }

  void store(ThreadState& t, const Place& p, const Value& v, int line) {
    if (p.slot >= 0) {
      t.slots[static_cast<size_t>(p.slot)] = convert(v, p.type);
      return;
    }
    note(p, true, line);
    cell(t, p) = storeAs(p.type, v);
    if (p.space == Space::Global && p.buffer == shape_.watchedArgument)
      result_.lastWrites[static_cast<size_t>(p.index)] = {thread_, line, v.from.operations > 0};
    if (recording_ && isRecorded(p))
      writes_.push_back(
          {thread_, p.index, v.from.cells, v.from.cells.empty(), v.from.operations, line});
  }

  void note(const Place& p, bool write, int line) {
    std::optional<Conflict> c;
    if (p.space == Space::Shared)
      c = sharedLogs_[static_cast<size_t>(p.buffer)].access(p.index, thread_, write, line);
    else if (p.space == Space::Global)
      c = globalLog_.access(p.buffer, p.index, block_, thread_, write, line);
    if (!c) return;
    auto [name, length] = arrayOf(p);
    (void)length;
    Finding f;
    f.kind = FindingKind::Race;
    f.block = c->otherBlock == block_ ? block_ : c->otherBlock;
    f.thread = c->other;
    f.otherThread = thread_;
    f.line = c->otherLine;
    f.otherLine = line;
    f.array = name;
    f.cell = p.index;
    std::string where =
        c->otherBlock == block_
            ? " of block " + std::to_string(block_) + " between two barriers"
            : " (blocks " + std::to_string(c->otherBlock) + " and " + std::to_string(block_) + ")";
    f.message = "thread " + std::to_string(c->other) + " " + (c->otherWrote ? "writes" : "reads") +
                " " + name + "[" + std::to_string(p.index) + "] at line " +
                std::to_string(c->otherLine) + " and thread " + std::to_string(thread_) + " " +
                (write ? "writes" : "reads") + " it at line " + std::to_string(line) + where +
                ": a race";
    addFinding(f);
  }

  Value eval(ThreadState& t, int e) {
    const Expr& x = expr(e);
    switch (x.kind) {
      case ExprKind::Constant:
        return isFloating(x.type) ? makeNumber(x.type, x.floatValue)
                                  : makeInteger(x.type, x.intValue);
      case ExprKind::Local:
        return t.slots[static_cast<size_t>(x.slot)];
      case ExprKind::Array: {
        Value v;
        v.type = ValueType::Pointer;
        v.space = x.space;
        v.buffer = x.slot;
        v.pointee = x.pointee;
        return v;
      }
      case ExprKind::Builtin:
        return makeInteger(ValueType::UInt32, builtin(static_cast<Builtin>(x.slot), x.component));
      case ExprKind::Index:
      case ExprKind::Deref:
        return load(t, place(t, e), x.line);
      case ExprKind::Unary:
        return applyUnary(x.op, eval(t, x.args[0]));
      case ExprKind::Binary: {
        if (x.op == kLogicalAnd || x.op == kLogicalOr) {
          Value a = eval(t, x.args[0]);
          if (a.truth() == (x.op == kLogicalOr)) return makeInteger(ValueType::Bool, a.truth());
          return makeInteger(ValueType::Bool, eval(t, x.args[1]).truth());
        }
        Value a = eval(t, x.args[0]);
        Value b = eval(t, x.args[1]);
        return counted(applyBinary(x.op, a, b, x.type), a, b);
      }
      case ExprKind::Assign: {
        Place p = place(t, x.args[0]);
        Value v = eval(t, x.args[1]);
        if (x.op != 0) {
          Value old = load(t, p, x.line);
          ValueType work =
              x.args.size() > 1 && isFloating(expr(x.args[1]).type) ? expr(x.args[1]).type : p.type;
          v = counted(applyBinary(x.op, convert(old, work), convert(v, work), work), old, v);
        }
        store(t, p, v, x.line);
        return convert(v, p.type);
      }
      case ExprKind::IncDec: {
        Place p = place(t, x.args[0]);
        Value old = load(t, p, x.line);
        Value next = old.type == ValueType::Pointer
                         ? applyBinary(x.op, old, makeInteger(ValueType::Int64, 1), old.type)
                         : applyBinary(x.op, old, makeInteger(old.type, 1), old.type);
        next.from = old.from;
        store(t, p, next, x.line);
        return x.prefix ? next : old;
      }
      case ExprKind::Cast:
        return convert(eval(t, x.args[0]), x.type);
      case ExprKind::Conditional:
        return eval(t, x.args[0]).truth() ? eval(t, x.args[1]) : eval(t, x.args[2]);
      case ExprKind::Call: {
        std::vector<Value> args;
        for (int a : x.args) args.push_back(eval(t, a));
        return counted(applyCall(static_cast<CallTarget>(x.slot), args, x.type), args.at(0),
                       args.size() > 1 ? args[1] : Value{});
      }
      case ExprKind::Comma:
        eval(t, x.args[0]);
        return eval(t, x.args[1]);
    }
    return {};
  }

  // Counts the operator application a result holds beyond its operands' (work, all blocks).
  Value counted(Value result, const Value& a, const Value& b = Value{}) {
    result_.operations += result.from.operations - a.from.operations - b.from.operations;
    return result;
  }

  int64_t builtin(Builtin b, int component) const {
    if (component != 0) return b == Builtin::BlockDim || b == Builtin::GridDim ? 1 : 0;
    switch (b) {
      case Builtin::ThreadIdx:
        return thread_;
      case Builtin::BlockIdx:
        return block_;
      case Builtin::BlockDim:
        return shape_.blockSize;
      case Builtin::GridDim:
        return shape_.gridSize;
    }
    return 0;
  }

  static std::string threadRanges(const std::vector<int>& threads) {
    std::string out;
    for (size_t i = 0; i < threads.size();) {
      size_t j = i;
      while (j + 1 < threads.size() && threads[j + 1] == threads[j] + 1) ++j;
      if (!out.empty()) out += ", ";
      out += std::to_string(threads[i]);
      if (j > i) out += "-" + std::to_string(threads[j]);
      i = j + 1;
    }
    return out;
  }

  const Function& fn_;
  LaunchResult& result_;
  const LaunchShape& shape_;
  int block_;
  AccessLog& globalLog_;
  int64_t& budget_;
  bool recording_;
  size_t recordedBuffer_;
  int thread_ = 0;
  bool reportedDivergence_ = false;
  int64_t barriers_ = 0;
  std::vector<std::vector<double>> shared_;
  std::vector<CellLog> sharedLogs_;
  std::vector<ThreadState> threads_;
  std::vector<RecordedWrite> writes_;
};

}  // namespace

size_t outputArgument(const std::vector<Argument>& arguments) {
  int buffers = 0;
  for (size_t i = 0; i < arguments.size(); ++i)
    if (arguments[i].isBuffer && ++buffers == 2) return i;
  return 0;
}

size_t recordedArgument(const std::vector<Argument>& arguments, const LaunchShape& shape) {
  return shape.recordedArgument >= 0 ? static_cast<size_t>(shape.recordedArgument)
                                     : outputArgument(arguments);
}

LaunchResult runKernel(const Function& kernel, std::vector<Argument> arguments,
                       const LaunchShape& shape) {
  LaunchResult result;
  result.arguments = std::move(arguments);
  const size_t recorded = recordedArgument(result.arguments, shape);
  if (shape.watchedArgument >= 0) {
    result.lastWrites.assign(
        result.arguments.at(static_cast<size_t>(shape.watchedArgument)).data.size(), {});
  }
  if (kernel.sharedArrays.empty()) {
    result.recordedArray =
        recorded || shape.recordedArgument == 0 ? result.arguments[recorded].name : "";
  } else {
    result.recordedArray = kernel.sharedArrays[0].name;
    result.recordedLength = kernel.sharedArrays[0].length;
  }
  std::vector<int64_t> lengths;
  for (const Argument& a : result.arguments)
    lengths.push_back(a.isBuffer ? static_cast<int64_t>(a.data.size()) : 0);
  AccessLog globalLog(lengths);
  int64_t budget = shape.instructionBudget;
  try {
    for (int b = 0; b < shape.gridSize; ++b)
      BlockRun(kernel, result, shape, b, globalLog, budget).run();
  } catch (const Stop& stop) {
    result.findings.push_back(stop.finding);
    result.stopped = true;
  }
  if (kernel.sharedArrays.empty() && !result.recordedArray.empty())
    result.recordedLength = static_cast<int64_t>(result.arguments[recorded].data.size());
  return result;
}

}  // namespace scanviz::student
