#include "app/core/lesson/lessons.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "app/core/capture/input_spec.h"

namespace scanviz {

const std::vector<Lesson>& allLessons() {
  static const std::vector<Lesson> kAll = {
      {
          .id = "kogge-stone-one-barrier",
          .title = "In-place Kogge-Stone with one barrier per iteration: a race between warps",
          .seed = "seed 000 (PMPP 8.2) and seed 002 (Fig. 8.2), the Kogge-Stone kernel's loop",
          .seedLines = "for (unsigned int stride = 1; stride < blockDim.x; stride *= 2) {\n"
                       "    __syncthreads();\n"
                       "    if (threadIdx.x >= stride) XY[threadIdx.x] += XY[threadIdx.x-stride];\n"
                       "}",
          .why = "Thread t reads XY[t-stride] in the same iteration in which thread t-stride "
                 "writes it, with no barrier in between. Inside a warp the lanes load before "
                 "they store, so it only bites across warps: when warp 0 finishes the iteration "
                 "before warp 1 reads, cell 32 adds a value that already holds cell 30 and "
                 "counts it twice. With a single warp it can never show.",
          .fixLines = "float left = XY[threadIdx.x - stride];  // read\n"
                      "__syncthreads();                        // every read before any write\n"
                      "XY[threadIdx.x] += left;                // write\n"
                      "__syncthreads();",
          .emulatorNote = "warps run in turn, ascending: warp 0 reaches the barrier before warp 1 "
                          "starts the iteration (descending order happens to give the right "
                          "result)",
          .setup = {.input = "1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,"
                             "1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1",
                    .flawedBlockSize = 64,
                    .fixedBlockSize = 64,
                    .threadOrder = ThreadOrder::WarpsAscending},
      },
      {
          .id = "blelloch-early-return",
          .title = "`if (gid >= N) return;` before the barriers of a partial tile",
          .seed = "seed 003, the OpenCL tile kernel, before its first barrier",
          .seedLines = "// Out-of-bounds check: do not process data beyond the end\n"
                       "if (gid >= N) return;",
          .why = "A barrier must be reached by every thread of the block. In a partial tile the "
                 "threads past N have left, so the barrier is mismatched: undefined behaviour "
                 "that may hang. Where the rest go on, the result is still wrong: slots past N "
                 "are never loaded, and the root is cleared by the last thread, which has left, "
                 "so the tile total stays in the root and is added to every element.",
          .fixLines = "temp[lid] = gid < N ? data[gid] : 0;  // pad; every thread stays\n"
                      "...                                    // every barrier, all threads\n"
                      "if (gid < N) data[gid] = temp[lid];    // guard only the store",
          .emulatorNote = "the emulator counts the threads at each barrier and reports the "
                          "mismatch; the threads that are left go on",
          .setup = {.input = "1,2,3,4,5,6",
                    .exclusive = true,
                    .flawedBlockSize = 8,
                    .fixedBlockSize = 4},
          .emulatorOnly = true,
      },
      {
          .id = "blelloch-offset-times-four",
          .title = "Up-sweep stepping `offset <<= 2`: tree levels skipped",
          .seed = "seed 003, the up-sweep loop of the tile kernel",
          .seedLines = "for (int offset = 1; offset < lsize; offset <<=2) { // from leaf to root",
          .why = "The reduction tree has one level per power of two. Stepping 1, 4, 16 skips "
                 "levels 2, 8, 32, so those nodes never combine their left subtree: with 8 "
                 "elements cell 3 never receives cell 1 (a0+a1) and cell 7 never receives "
                 "cell 5 (a4+a5). The down-sweep then hands out sums that miss them. The seed's "
                 "own comment walks offset = 1, 2, 4.",
          .fixLines = "for (int offset = 1; offset < lsize; offset <<= 1) {",
          .emulatorNote = "any schedule: the mistake does not depend on timing",
          .setup = {.input = "3,1,7,0,4,1,6,3",
                    .exclusive = true,
                    .flawedBlockSize = 8,
                    .fixedBlockSize = 4},
      },
      {
          .id = "serial-neighbour-sum",
          .title = "The \"serial scan\" that adds the left neighbour's input",
          .seed = "seed 003, the serial Scan() under \"Background\"",
          .seedLines = "output.at(0) = 0;\n"
                       "for (int i = 1; i < input.size(); i++) {\n"
                       "  output.at(i) = input.at(i) + input.at(i-1);\n"
                       "}",
          .why = "A prefix sum needs everything to the left: y_i = x_0 + ... + x_i, as the seed "
                 "itself defines just above. Adding the left neighbour's INPUT gives sums of two "
                 "adjacent elements, and y_0 = 0 drops x_0: right only at i = 1.",
          .fixLines = "output.at(0) = input.at(0);\n"
                      "for (int i = 1; i < input.size(); i++)\n"
                      "  output.at(i) = output.at(i-1) + input.at(i);",
          .emulatorNote = "any schedule: one thread walks the array",
          .setup = {.input = "3,1,7,0,4,1,6,3"},
      },
      {
          .id = "sequential-int-accumulator",
          .title = "A float running sum kept in an int",
          .seed = "seed 000, sequential_scan (PMPP 8.1)",
          .seedLines = "void sequential_scan(float *x, float *y, int Max_i){\n"
                       "    int accumulator = x[0];\n"
                       "    ...\n"
                       "        accumulator += x[i];",
          .why = "`int accumulator = x[0]` truncates toward zero, and every `accumulator += x[i]` "
                 "turns the float sum back into an int: each step drops the fraction, so 0.5 + "
                 "0.5 + ... never grows. With integer inputs nothing shows, which is how the "
                 "mistake survives tests on integers.",
          .fixLines = "float accumulator = x[0];",
          .emulatorNote = "any schedule; float32 inputs with fractions",
          .setup = {.input = "0.5,0.5,0.5,0.5,1.75,2.25,-0.5,3", .dtype = DType::Float32},
      },
      {
          .id = "chained-static-ids",
          .title = "Single-pass chained scan with static block ids: a deadlock",
          .seed = "seed 000, section 8.7 (stream-based scan), before the dynamic block ids",
          .seedLines = "// bid = blockIdx.x\n"
                       "while (atomicAdd(&flags[bid], 0) == 0){;}",
          .why = "Blocks are not started in blockIdx order, and only so many are resident at "
                 "once. If the resident blocks all wait for a predecessor that has not started, "
                 "it never gets a slot: every resident block spins forever. Taking the tile id "
                 "from an atomic counter when the block starts means a block only ever waits "
                 "for tiles that already run.",
          .fixLines = "__shared__ int sbid;\n"
                      "if (threadIdx.x == 0) sbid = atomicAdd(DCounter, 1);\n"
                      "__syncthreads();\n"
                      "const int bid = sbid;",
          .emulatorNote = "blocks launched in descending order, 2 resident at a time; the "
                          "scheduler sees a round in which no block advances",
          .setup = {.input = "3,1,7,0,4,1,6,3,2,5,1,4,0,2,3,1",
                    .flawedBlockSize = 2,
                    .fixedBlockSize = 2,
                    .launchOrder = LaunchOrder::Descending,
                    .residentBlocks = 2,
                    .staticBlockIds = true},
          .deadlocks = true,
          .scheduledAlgorithm = "single-pass-chained",
      },
      {
          .id = "kogge-stone-unguarded-store",
          .title = "Kogge-Stone's store without `i < InputSize`: writes past the end of Y",
          .seed = "seed 002 (PMPP Fig. 8.2 as printed), the kernel's last line",
          .seedLines = "if (i < InputSize) {\n"
                       "    XY[threadIdx.x] = X[i];\n"
                       "}\n"
                       "...\n"
                       "Y[i] = XY[threadIdx.x];",
          .why = "When the input's length is not a multiple of the block, the last block's "
                 "threads past the end still store: Y[6] and Y[7] of a 6-element Y are written, "
                 "over whatever memory follows the array (another of the program's arrays, or a "
                 "fault). The results inside the array are right, so the runs never part and "
                 "tests on multiples of the block pass: the emulator's report of the writes is "
                 "the evidence. Seed 000 prints the same kernel with the guard.",
          .fixLines = "if (i < InputSize) {\n"
                      "    Y[i] = XY[threadIdx.x];  // only the array's own elements\n"
                      "}",
          .emulatorNote = "any schedule; 6 elements in a block of 8: the emulator checks every "
                          "unguarded access against the array's end, drops the writes past it "
                          "and reports the first",
          .setup = {.input = "3,1,7,0,4,1"},
      },
      {
          .id = "hillis-steele-unguarded",
          .title = "Hillis-Steele with no length: reads and writes past the arrays",
          .seed = "seed 004, the OpenCL Hillis-Steele kernel (its Blelloch kernel alike)",
          .seedLines = "__kernel void scan(__global float *a, __global float *r, ...)\n"
                       "c[lid] = b[lid] = a[gid];\n"
                       "...\n"
                       "r[gid] = b[lid];",
          .why = "The kernel takes no length, so it is only right when the global size equals "
                 "the array's. Rounded up to whole work-groups, the work-items past the end read "
                 "a[6], a[7] beyond the input and write r[6], r[7] beyond the output. The "
                 "garbage they read only flows to the right, into cells past the end: the runs "
                 "part at the load in those cells, yet every result inside the array is right.",
          .fixLines = "__kernel void scan(..., const uint n)\n"
                      "c[lid] = b[lid] = gid < n ? a[gid] : 0;  // pad with the identity\n"
                      "...\n"
                      "if (gid < n) r[gid] = b[lid];",
          .emulatorNote = "any schedule; 6 elements in a work-group of 8: a read past the end "
                          "gives 0xDEADBEEF (-559038737 as an int), a write past it is dropped, "
                          "the first of each reported",
          .setup = {.input = "3,1,7,0,4,1"},
      },
      {
          .id = "hierarchical-s-minus-one",
          .title = "The hierarchical scan's third kernel: block 0 adds S[-1]",
          .seed = "seed 000, section 8.6 (hierarchical scan), the third kernel",
          .seedLines = "int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
                       "Y[i] += S[blockIdx.x-1];",
          .why = "Kernel 2 scans the section totals S inclusively, so S[b-1] is the sum of all "
                 "sections before section b: right for every block but the first. Block 0 has "
                 "no section before it, yet its threads read S[-1], the word before the array, "
                 "and add whatever lies there to every element of the first section. The other "
                 "sections are right, and an input of one section never runs kernel 3, which "
                 "is how the mistake hides. (The seed's kernel has no `i < N` test either; this "
                 "variant keeps that guard, so that only S[-1] shows.)",
          .fixLines = "int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
                      "if (blockIdx.x > 0 && i < N) Y[i] += S[blockIdx.x-1];",
          .emulatorNote = "any schedule; 20 elements in sections of 8 (Brent-Kung, blocks of "
                          "4): the emulator reads nothing before S, gives S[-1] 0xDEADBEEF "
                          "(-559038737 as an int) and reports the first thread that read it; "
                          "the CUDA backend keeps slack before S holding the same",
          .setup = {.input = "3,1,7,0,4,1,6,3,2,5,1,4,0,2,3,1,5,2,3,4",
                    .flawedBlockSize = 4,
                    .fixedBlockSize = 4},
      },
      {
          .id = "blelloch-down-sweep-log2n",
          .title = "Down-sweep from d = log2 n: the root swaps with x[2n-1], past the array",
          .seed = "seed 003, the down-sweep's pseudo-code (its OpenCL kernel is right)",
          .seedLines = "x[n - 1] = 0\n"
                       "for d = log2(n) down to 0 do\n"
                       "  for k = 0 to n - 1 by 2^(d+1) in parallel do\n"
                       "    t = x[k + 2^d - 1]\n"
                       "    x[k + 2^d - 1] = x[k + 2^(d+1) - 1]\n"
                       "    x[k + 2^(d+1) - 1] = t + x[k + 2^(d+1) - 1]",
          .why = "The tree over n = 2^m elements has levels d = 0 .. m - 1. At d = log2 n the "
                 "loop over k runs once, k = 0, and swaps x[n-1], the root just cleared, with "
                 "x[2n-1], one array past the end: the root takes whatever lies there, and the "
                 "rest of the down-sweep adds it to every element. Where that memory happens "
                 "to hold 0 the result is right. The seed's own kernel starts at "
                 "offset = lsize >> 1 and guards `index < lsize`.",
          .fixLines = "for d = log2(n) - 1 down to 0 do",
          .emulatorNote = "any schedule; 8 elements, one work-group of 8: the emulator touches "
                          "nothing past x[7], gives x[15] 0xDEADBEEF (-559038737 as an int), "
                          "drops the write and reports both; on the GPU the kernel gets shared "
                          "memory past its array holding the same",
          .setup = {.input = "3,1,7,0,4,1,6,3",
                    .exclusive = true,
                    .flawedBlockSize = 8,
                    .fixedBlockSize = 4},
      },
  };
  return kAll;
}

std::string_view Lesson::flawedKey() const {
  return scheduledAlgorithm.empty() ? id : scheduledAlgorithm;
}

std::string_view Lesson::fixedKey() const {
  const std::optional<AlgorithmId> flawed = findAlgorithm(flawedKey());
  if (!flawed) throw std::logic_error("lesson " + std::string(id) + " names no algorithm");
  return algorithmInfo(fixedVersionOf(*flawed).value_or(*flawed)).key;
}

const Lesson* findLesson(std::string_view id) {
  for (const Lesson& l : allLessons())
    if (l.id == id) return &l;
  return nullptr;
}

const Lesson* lessonOfFlawedAlgorithm(std::string_view algorithmKey) {
  for (const Lesson& l : allLessons())
    if (l.scheduledAlgorithm.empty() && l.id == algorithmKey) return &l;
  return nullptr;
}

bool isFlawedAlgorithm(std::string_view algorithmKey) {
  return lessonOfFlawedAlgorithm(algorithmKey) != nullptr;
}

CaptureRequest lessonRequest(const Lesson& lesson, bool fixed, BackendChoice backend) {
  const LessonSetup& s = lesson.setup;
  const auto id = findAlgorithm(fixed ? lesson.fixedKey() : lesson.flawedKey());
  if (!id) throw std::logic_error("lesson " + std::string(lesson.id) + " names no algorithm");
  CaptureRequest rq;
  rq.algorithm = *id;
  rq.dtype = s.dtype;
  rq.exclusive = s.exclusive;
  rq.blockSize = fixed ? s.fixedBlockSize : s.flawedBlockSize;
  rq.input = parseValues(std::string(s.input));
  rq.backend = lesson.emulatorOnly || lesson.deadlocks ? BackendChoice::Cpu : backend;
  rq.emulator.threadOrder = s.threadOrder;
  rq.emulator.order = s.launchOrder;
  rq.emulator.residentBlocks = s.residentBlocks;
  rq.emulator.staticBlockIds = s.staticBlockIds && !fixed;
  return rq;
}

namespace {

const TraceStep* stepAt(const Trace& t, int step) {
  if (t.steps.empty()) return nullptr;
  return &t.steps[static_cast<size_t>(std::clamp(step, 0, static_cast<int>(t.steps.size()) - 1))];
}

int partingStepOf(const Trace& a, const Trace& b) {
  const size_t common = std::min(a.steps.size(), b.steps.size());
  for (size_t i = 0; i < common; ++i)
    if (a.steps[i].label != b.steps[i].label || a.steps[i].values != b.steps[i].values)
      return static_cast<int>(i);
  return a.steps.size() == b.steps.size() ? -1 : static_cast<int>(common);
}

int firstDifferentCell(const std::vector<double>& a, const std::vector<double>& b) {
  const size_t common = std::min(a.size(), b.size());
  for (size_t i = 0; i < common; ++i)
    if (a[i] != b[i]) return static_cast<int>(i);
  return a.size() == b.size() ? -1 : static_cast<int>(common);
}

// Captures one side; a backend error (the deadlock) is the lesson's result, not a failure.
std::shared_ptr<const Trace> captureSide(const Lesson& lesson, bool fixed, BackendChoice backend,
                                         std::string& error) {
  try {
    return std::make_shared<const Trace>(capture(lessonRequest(lesson, fixed, backend)).trace);
  } catch (const BackendError& e) {
    error = e.what();
    return nullptr;
  }
}

}  // namespace

LessonRun runLesson(const Lesson& lesson, BackendChoice backend) {
  LessonRun r;
  r.lesson = &lesson;
  r.flawed = captureSide(lesson, false, backend, r.flawedError);
  r.fixed = captureSide(lesson, true, backend, r.fixedError);
  if (r.flawed && r.fixed) {
    r.partingStep = partingStepOf(*r.flawed, *r.fixed);
    r.firstWrongCell = firstDifferentCell(r.flawed->output, r.fixed->output);
  }
  if (r.flawed)
    for (const std::string& note : r.flawed->meta.notes)
      if (note.rfind("out-of-bounds ", 0) == 0 || note.rfind("barrier mismatch", 0) == 0)
        r.hazards.push_back(note);
  return r;
}

std::vector<int> differingCells(const LessonRun& run, int step) {
  std::vector<int> cells;
  if (!run.flawed || !run.fixed) return cells;
  const TraceStep* a = stepAt(*run.flawed, step);
  const TraceStep* b = stepAt(*run.fixed, step);
  if (!a || !b) return cells;
  const size_t common = std::min(a->values.size(), b->values.size());
  for (size_t i = 0; i < common; ++i)
    if (a->values[i] != b->values[i]) cells.push_back(static_cast<int>(i));
  return cells;
}

std::string flawedVariantNote(const Lesson& lesson) {
  return "flawed variant on purpose (spot the bug, " + std::string(lesson.seed) + "): its fix is " +
         std::string(lesson.fixedKey());
}

}  // namespace scanviz
