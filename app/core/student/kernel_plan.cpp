#include "app/core/student/kernel_plan.h"

#include <algorithm>

#include "app/core/capture/capture.h"
#include "app/core/student/kernel_values.h"

namespace scanviz::student {
namespace {

std::string parameterList(const Function& k) {
  std::string s;
  for (int p = 0; p < k.parameters; ++p)
    s += (p ? ", " : "") + k.slots[static_cast<size_t>(p)].name;
  return k.name + "(" + s + ")";
}

int pointerCount(const Function& k) {
  int n = 0;
  for (int p = 0; p < k.parameters; ++p)
    n += k.slots[static_cast<size_t>(p)].type == ValueType::Pointer;
  return n;
}

// The budgets past which a launch over `n` elements is a hang: a thread may loop sequentially
// over every element between two barriers, a block may pass a few barriers an element.
LaunchShape launchShape(int grid, int block, int recordedBlock, size_t n, int section) {
  LaunchShape s;
  s.gridSize = grid;
  s.blockSize = block;
  s.recordedBlock = recordedBlock;
  s.threadBudget = std::max<int64_t>(1 << 20, 64 * static_cast<int64_t>(n));
  s.instructionBudget = std::max<int64_t>(20'000'000, 256 * static_cast<int64_t>(n));
  s.barrierBudget = std::max<int64_t>(4096, 4 * static_cast<int64_t>(section));
  return s;
}

// Binds a kernel's parameters: its pointers to `buffers` in order, each integer parameter to a
// new number `length` of the parameter's own type (the GPU passes the parameter's bytes).
std::vector<int> bindParameters(LaunchPlan& plan, const Function& k,
                                const std::vector<int>& buffers, size_t length) {
  std::vector<int> out;
  size_t pointer = 0;
  for (int p = 0; p < k.parameters; ++p) {
    const Variable& v = k.slots[static_cast<size_t>(p)];
    if (v.type == ValueType::Pointer) {
      out.push_back(buffers.at(pointer++));  // the buffer keeps the type it was made with
      continue;
    }
    Argument a;
    a.name = v.name;
    a.isBuffer = false;
    a.type = v.type;
    a.number = static_cast<double>(length);
    plan.arguments.push_back(a);
    out.push_back(static_cast<int>(plan.arguments.size()) - 1);
  }
  return out;
}

int addBuffer(LaunchPlan& plan, const std::string& name, ValueType type, size_t length) {
  Argument a;
  a.name = name;
  a.type = type;
  a.data.assign(length, 0.0);
  plan.arguments.push_back(a);
  return static_cast<int>(plan.arguments.size()) - 1;
}

// A kernel's `which`-th pointer parameter: the first launch's names and types name the buffers
// in every message. takes() has checked that there is one.
const Variable& pointerParameter(const Function& k, int which) {
  int seen = 0;
  for (int p = 0; p < k.parameters; ++p)
    if (k.slots[static_cast<size_t>(p)].type == ValueType::Pointer && seen++ == which)
      return k.slots[static_cast<size_t>(p)];
  throw InputError(k.name + " has no pointer parameter " + std::to_string(which + 1));
}

// Whether the kernel takes `pointers` buffers and then one integer, its length.
bool takes(const Function& k, int pointers) {
  int numbers = 0;
  for (int p = 0; p < k.parameters; ++p)
    numbers += isIntegral(k.slots[static_cast<size_t>(p)].type);
  return pointerCount(k) == pointers && numbers == 1 && k.parameters == pointers + 1;
}

void require(bool ok, const Function& k, const std::string& expected) {
  if (!ok) throw InputError(parameterList(k) + ": scanviz runs " + expected);
}

void fillInput(Argument& a, const std::vector<double>& input) {
  for (size_t i = 0; i < input.size(); ++i)
    a.data[i] = storeAs(a.type, makeNumber(ValueType::Float64, input[i]));
}

LaunchPlan onePass(const Function& k, const std::vector<double>& input, const PlanShape& shape) {
  require(takes(k, 2) || takes(k, 3), k,
          "a kernel of (input, output, length) as PMPP Fig. 8.2 writes it, or (input, output, "
          "block sums, length)");
  const int pointers = pointerCount(k);
  const int grid = static_cast<int>((input.size() + static_cast<size_t>(shape.sectionSize) - 1) /
                                    static_cast<size_t>(shape.sectionSize));
  LaunchPlan plan;
  std::vector<int> buffers;
  for (int b = 0; b < pointers; ++b)
    buffers.push_back(addBuffer(plan, pointerParameter(k, b).name, pointerParameter(k, b).pointee,
                                b < 2 ? input.size() : static_cast<size_t>(grid)));
  PlannedLaunch l;
  l.role = "the kernel (" + k.name + ")";
  l.shape =
      launchShape(grid, shape.blockSize, shape.recordedBlock, input.size(), shape.sectionSize);
  l.arguments = bindParameters(plan, k, buffers, input.size());
  fillInput(plan.arguments[0], input);
  plan.launches.push_back(l);
  return plan;
}

LaunchPlan hierarchy(const Program& program, const std::vector<double>& input,
                     const PlanShape& shape) {
  const Function& first = program.kernels.front();
  const int sumsKernel = program.kernels.size() == 3 ? 1 : 0;
  const Function& second = program.kernels[static_cast<size_t>(sumsKernel)];
  const Function& third = program.kernels.back();
  require(takes(first, 3), first,
          "the hierarchical scan's first kernel on (input, output, block sums, length), PMPP 8.6");
  require(takes(second, 2) || takes(second, 3), second,
          "the hierarchical scan's second kernel on (input, output, length) or (input, output, "
          "block sums, length): it scans the block sums");
  require(takes(third, 2), third,
          "the hierarchical scan's third kernel on (output, scanned block sums, length): it adds "
          "to each section the sums of the sections before it");
  const size_t n = input.size();
  const size_t section = static_cast<size_t>(shape.sectionSize);
  const int grid = static_cast<int>((n + section - 1) / section);
  if (static_cast<size_t>(grid) > section)
    throw InputError(std::to_string(n) + " elements make " + std::to_string(grid) +
                     " sections, and the second kernel scans their sums in one block of " +
                     std::to_string(section) + ": give at most " +
                     std::to_string(section * section) + " elements, or a larger --section-size");
  if (shape.sectionSize > 1024)
    throw InputError("the third kernel runs SECTION_SIZE threads a block (PMPP 8.6), and " +
                     std::to_string(section) +
                     " is more than a block's 1024: give a smaller "
                     "--section-size");
  LaunchPlan plan;
  const int x =
      addBuffer(plan, pointerParameter(first, 0).name, pointerParameter(first, 0).pointee, n);
  const int y =
      addBuffer(plan, pointerParameter(first, 1).name, pointerParameter(first, 1).pointee, n);
  const int s = addBuffer(plan, pointerParameter(first, 2).name, pointerParameter(first, 2).pointee,
                          static_cast<size_t>(grid));
  const int scanned = addBuffer(plan, pointerParameter(first, 2).name + " scanned",
                                pointerParameter(first, 2).pointee, static_cast<size_t>(grid));
  fillInput(plan.arguments[static_cast<size_t>(x)], input);

  PlannedLaunch sections;
  sections.kernel = 0;
  sections.role = "the first kernel (" + first.name + ")";
  sections.shape = launchShape(grid, shape.blockSize, shape.recordedBlock, n, shape.sectionSize);
  sections.shape.watchedArgument = 1;
  sections.arguments = bindParameters(plan, first, {x, y, s}, n);

  PlannedLaunch sums;
  sums.kernel = sumsKernel;
  sums.role = "the second kernel (" + second.name + ")";
  sums.shape = launchShape(1, shape.blockSize, 0, static_cast<size_t>(grid), shape.sectionSize);
  std::vector<int> sumBuffers{s, scanned};
  if (pointerCount(second) == 3)
    sumBuffers.push_back(addBuffer(plan, "unused sums", pointerParameter(second, 2).pointee, 1));
  sums.arguments = bindParameters(plan, second, sumBuffers, static_cast<size_t>(grid));

  PlannedLaunch add;
  add.kernel = static_cast<int>(program.kernels.size()) - 1;
  add.role = "the third kernel (" + third.name + ")";
  add.shape = launchShape(grid, shape.sectionSize, shape.recordedBlock, n, shape.sectionSize);
  add.shape.recordedArgument = 0;
  add.shape.watchedArgument = 0;
  add.arguments = bindParameters(plan, third, {y, scanned}, n);

  plan.launches = {sections, sums, add};
  plan.input = x;
  plan.output = y;
  return plan;
}

}  // namespace

LaunchPlan planLaunches(const Program& program, const std::vector<double>& input,
                        const PlanShape& shape) {
  if (program.kernels.size() == 1) return onePass(program.kernels.front(), input, shape);
  if (program.kernels.size() <= 3) return hierarchy(program, input, shape);
  throw InputError("the file holds " + std::to_string(program.kernels.size()) +
                   " kernels: scanviz runs one kernel, or the hierarchical scan's two or three "
                   "(PMPP 8.6)");
}

std::vector<Argument> launchArguments(const std::vector<Argument>& planArguments,
                                      const PlannedLaunch& launch) {
  std::vector<Argument> out;
  for (int a : launch.arguments) out.push_back(planArguments.at(static_cast<size_t>(a)));
  return out;
}

PlanRun runPlan(const Program& program, const LaunchPlan& plan) {
  PlanRun run;
  run.arguments = plan.arguments;
  for (const PlannedLaunch& l : plan.launches) {
    const Function& kernel = program.kernels.at(static_cast<size_t>(l.kernel));
    std::vector<Argument> arguments = launchArguments(run.arguments, l);
    // Messages name a buffer as this kernel names it: the third kernel's S is the scanned sums.
    for (size_t p = 0; p < arguments.size(); ++p) arguments[p].name = kernel.slots[p].name;
    LaunchResult r = runKernel(kernel, std::move(arguments), l.shape);
    for (size_t p = 0; p < l.arguments.size(); ++p)
      if (r.arguments[p].isBuffer)
        run.arguments[static_cast<size_t>(l.arguments[p])].data = r.arguments[p].data;
    run.results.push_back(std::move(r));
    if (run.results.back().stopped) break;
  }
  return run;
}

}  // namespace scanviz::student
