#include "app/options/capture_options.h"

#include <climits>

#include "app/core/backends/backend.h"
#include "app/core/capture/capture_memory.h"
#include "app/core/capture/capture_option_table.h"
#include "app/core/capture/input_spec.h"
#include "app/core/lesson/lessons.h"
#include "app/core/support/command_help.h"

namespace scanviz {

// The names come from the capture options' table, so help and parser agree.
const std::set<std::string>& captureValueOptions() {
  static const std::set<std::string> k =
      CommandHelp{.sections = {captureOptionSection()}}.valueOptions();
  return k;
}

const std::set<std::string>& captureFlags() {
  static const std::set<std::string> k = CommandHelp{.sections = {captureOptionSection()}}.flags();
  return k;
}

namespace {

InputPattern parsePattern(const std::string& s) {
  if (s == "random") return InputPattern::Random;
  if (s == "ones") return InputPattern::Ones;
  if (s == "ascending") return InputPattern::Ascending;
  throw UsageError("--pattern '" + s + "' is not one of random, ones, ascending");
}

int parseBlockSize(const Args& a) {
  const auto text = a.get("block-size");
  if (!text) return 0;
  // Checked as typed: 2147483648 must not wrap to a negative int before the message.
  const long long b = a.getInt("block-size", 0, LLONG_MIN, LLONG_MAX);
  if (b < kMinBlockSize || b > kMaxBlockSize || (b & (b - 1)) != 0)
    throw InputError("--block-size " + *text + " is not a power of two between " +
                     std::to_string(kMinBlockSize) + " and " + std::to_string(kMaxBlockSize));
  return static_cast<int>(b);
}

// A spot-the-bug lesson's input and schedule, for every option the command line left out: so
// `capture --algorithm LESSON` shows the mistake as the lesson does.
void applyLessonSetup(const Lesson& lesson, const Args& a, CaptureRequest& rq) {
  const CaptureRequest shown = lessonRequest(lesson, /*fixed=*/false);
  if (!a.has("input") && !a.has("n") && !a.has("input-file")) rq.input = shown.input;
  if (!a.has("dtype")) rq.dtype = shown.dtype;
  if (!a.has("block-size")) rq.blockSize = shown.blockSize;
  if (!a.flag("exclusive") && !a.flag("inclusive")) rq.exclusive = shown.exclusive;
  if (!a.flag("reverse-threads")) rq.emulator.threadOrder = shown.emulator.threadOrder;
  if (!a.has("launch-order")) rq.emulator.order = shown.emulator.order;
  if (!a.has("resident-blocks")) rq.emulator.residentBlocks = shown.emulator.residentBlocks;
  rq.emulator.staticBlockIds |= shown.emulator.staticBlockIds;
}

// The head flags: --flags or --segments for any algorithm (a plain scan shows them); a segmented
// scan given neither gets the lesson's segments or random ones. A select or split takes its
// keep-flags from --flags as given.
std::vector<uint8_t> headFlagsFromArgs(const Args& a, const CaptureRequest& rq, unsigned seed) {
  const size_t n = rq.input.size();
  if (algorithmProduct(rq.algorithm) != AlgorithmProduct::Scan) {  // keep-flags, not heads
    if (a.has("segments"))
      throw UsageError("--segments gives segment heads; " +
                       std::string(algorithmInfo(rq.algorithm).key) +
                       " keeps the elements whose flag is 1: give --flags");
    return a.has("flags") ? parseKeepFlags(*a.get("flags"), n) : std::vector<uint8_t>{};
  }
  if (auto given = givenHeadFlags(a, n)) return *std::move(given);
  if (!isSegmentedAlgorithm(rq.algorithm)) return {};
  return defaultHeadFlags(rq.input, !a.has("n"), seed);
}

}  // namespace

std::optional<std::vector<uint8_t>> givenHeadFlags(const Args& a, size_t n) {
  if (a.has("flags") && a.has("segments"))
    throw UsageError("give only one of --flags and --segments; they say the same thing");
  if (a.has("flags")) return parseHeadFlags(*a.get("flags"), n);
  if (a.has("segments")) return headFlagsFromLengths(*a.get("segments"), n);
  return std::nullopt;
}

CaptureRequest captureRequestFromArgs(const Args& a) {
  CaptureRequest rq;
  const std::string algo = a.getOr("algorithm", std::string(algorithmInfo(defaultAlgorithm()).key));
  const Lesson* lesson = findLesson(algo);
  auto id = findAlgorithm(lesson ? lesson->flawedKey() : algo);
  if (!id) throw UsageError(unknownAlgorithmMessage(algo));
  rq.algorithm = *id;
  rq.op = a.getChoice("operator", Operator::Add, kOperatorKeys);
  const std::string dt = a.getOr("dtype", "int32");
  auto parsedDt = parseDType(dt);
  if (!parsedDt) throw UsageError("--dtype '" + dt + "' is not int32 or float32");
  rq.dtype = *parsedDt;
  rq.backend = a.getChoice("backend", BackendChoice::Auto, kBackendKeys);
  if (a.flag("exclusive") && a.flag("inclusive"))
    throw UsageError("--exclusive and --inclusive contradict each other; give one of them");
  // Blelloch and exclusive Kogge-Stone produce the exclusive scan: it is their default, and
  // --inclusive adds the conversion step.
  rq.exclusive = a.flag("exclusive") || (!a.flag("inclusive") && exclusiveByNature(rq.algorithm));
  rq.blockSize = parseBlockSize(a);
  rq.coarsening = static_cast<int>(a.getInt("coarsening", kDefaultCoarsening, 1, 64));
  rq.recordBlock = static_cast<int>(a.getInt("record-block", 0, 0, 1 << 30));
  rq.emulator.residentBlocks = static_cast<int>(a.getInt("resident-blocks", 4, 1, 1 << 16));
  rq.emulator.order = a.getChoice("launch-order", LaunchOrder::Ascending, kLaunchOrderKeys);
  rq.emulator.staticBlockIds = a.flag("static-block-ids");
  rq.emulator.threadOrder = a.flag("reverse-threads") ? ThreadOrder::Reverse : ThreadOrder::Forward;

  const int sources = a.has("input") + a.has("n") + a.has("input-file");
  if (sources > 1) throw UsageError("give only one of --input, --input-file and --n");
  const unsigned seed = static_cast<unsigned>(a.getInt("seed", 1, 0, 0xffffffffll));
  rq.emulator.seed = seed;
  if (a.has("input")) {
    rq.input = parseValues(*a.get("input"), rq.limits.maxElements);
  } else if (a.has("input-file")) {
    rq.input = readValuesFile(*a.get("input-file"), rq.limits.maxElements);
  } else if (a.has("n")) {
    const long long n = a.getInt("n", 0, -(1ll << 62), 1ll << 62);
    if (n <= 0) throw InputError("N = " + std::to_string(n) + ": N must be at least 1");
    if (n > rq.limits.maxElements)
      throw InputError("N = " + std::to_string(n) + " is above the limit of " +
                       std::to_string(rq.limits.maxElements) + " elements");
    checkCaptureMemory(n, rq.limits);
    rq.input = generateInput(parsePattern(a.getOr("pattern", "random")), n, seed, rq.dtype, rq.op);
  } else {
    rq.input = defaultLessonInput();
  }
  if (lesson) applyLessonSetup(*lesson, a, rq);
  rq.rows.flags = headFlagsFromArgs(a, rq, seed);
  return rq;
}

}  // namespace scanviz
