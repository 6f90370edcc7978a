#include "app/options/capture_options.h"

#include <climits>

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

InputSource parsePattern(const std::string& s) {
  if (s == "random") return InputSource::Random;
  if (s == "ones") return InputSource::Ones;
  if (s == "ascending") return InputSource::Ascending;
  throw UsageError("--pattern '" + s + "' is not one of random, ones, ascending");
}

// A spot-the-bug lesson's input and schedule, for every option the command line left out: so
// `capture --algorithm LESSON` shows the mistake as the lesson does.
void applyLessonSetup(const Lesson& lesson, const Args& a, ScanOptions& o) {
  const CaptureRequest shown = lessonRequest(lesson, /*fixed=*/false);
  if (!a.has("input") && !a.has("n") && !a.has("input-file")) {
    o.source = InputSource::Typed;
    o.typedValues = std::string(lesson.setup.input);
  }
  if (!a.has("dtype")) o.dtype = shown.dtype;
  if (!a.has("block-size")) o.blockSize = shown.blockSize;
  if (!a.flag("exclusive") && !a.flag("inclusive")) o.exclusive = shown.exclusive;
  if (!a.flag("reverse-threads")) o.emulator.threadOrder = shown.emulator.threadOrder;
  if (!a.has("launch-order")) o.emulator.order = shown.emulator.order;
  if (!a.has("resident-blocks")) o.emulator.residentBlocks = shown.emulator.residentBlocks;
  o.emulator.staticBlockIds |= shown.emulator.staticBlockIds;
}

bool segmented(const AlgorithmInfo& info) {
  return isSegmentedAlgorithm(info.id);
}

// --flags and --segments say where segments start (a segmented scan) or which elements a select
// or split keeps; a plain scan has no use for either, and silently storing them misleads.
void checkFlagsBelong(const Args& a, AlgorithmId id) {
  const char* given = a.has("flags") ? "flags" : a.has("segments") ? "segments" : nullptr;
  if (!given) return;
  const std::string key(algorithmInfo(id).key);
  if (algorithmProduct(id) != AlgorithmProduct::Scan) {
    if (a.has("segments"))
      throw UsageError("--segments gives segment heads; " + key +
                       " keeps the elements whose flag is 1: give --flags");
    return;
  }
  if (!isSegmentedAlgorithm(id))
    throw UsageError("--" + std::string(given) + " gives segment heads, and " + key +
                     " scans without segments; use a segmented algorithm (" +
                     algorithmKeyList(segmented) + ") or leave out --" + given);
}

void readInputSource(const Args& a, ScanOptions& o) {
  const int sources = a.has("input") + a.has("n") + a.has("input-file");
  if (sources > 1) throw UsageError("give only one of --input, --input-file and --n");
  if (a.has("input")) {
    o.source = InputSource::Typed;
    o.typedValues = *a.get("input");
  } else if (a.has("input-file")) {
    o.source = InputSource::File;
    o.inputFile = *a.get("input-file");
  } else if (a.has("n")) {
    o.source = parsePattern(a.getOr("pattern", "random"));
    o.n = a.getInt("n", 0, -(1ll << 62), 1ll << 62);  // its range is checked with the input
  }
}

}  // namespace

int powerOfTwoOption(const Args& a, const std::string& key, const PowerOfTwoRange& rule,
                     int fallback) {
  const auto text = a.get(key);
  if (!text) return fallback;
  const long long v = a.getInt(key, 0, LLONG_MIN, LLONG_MAX);
  if (!rule.holds(v)) throw InputError("--" + key + " " + *text + " is not " + rule.text());
  return static_cast<int>(v);
}

std::optional<std::vector<uint8_t>> givenHeadFlags(const Args& a, size_t n) {
  if (a.has("flags") && a.has("segments"))
    throw UsageError("give only one of --flags and --segments; they say the same thing");
  if (a.has("flags")) return parseHeadFlags(*a.get("flags"), n);
  if (a.has("segments")) return headFlagsFromLengths(*a.get("segments"), n);
  return std::nullopt;
}

ScanOptions scanOptionsFromArgs(const Args& a) {
  ScanOptions o;
  const std::string algo = a.getOr("algorithm", std::string(algorithmInfo(defaultAlgorithm()).key));
  const Lesson* lesson = findLesson(algo);
  const auto id = findAlgorithm(lesson ? lesson->flawedKey() : algo);
  if (!id) throw UsageError(unknownAlgorithmMessage(algo));
  o.algorithm = *id;
  o.op = a.getChoice("operator", o.op, kOperatorKeys);
  o.dtype = a.getChoice("dtype", o.dtype, kDTypeKeys);
  o.backend = a.getChoice("backend", o.backend, kBackendKeys);
  if (a.flag("exclusive") && a.flag("inclusive"))
    throw UsageError("--exclusive and --inclusive contradict each other; give one of them");
  // Blelloch and exclusive Kogge-Stone produce the exclusive scan: it is their default, and
  // --inclusive adds the conversion step.
  o.exclusive = a.flag("exclusive") || (!a.flag("inclusive") && exclusiveByNature(o.algorithm));
  o.blockSize = powerOfTwoOption(a, "block-size", kBlockSizes, 0);
  o.coarsening = powerOfTwoOption(a, "coarsening", kCoarsenings, kDefaultCoarsening);
  o.recordBlock = static_cast<int>(a.getInt("record-block", 0, 0, 1 << 30));
  o.seed = static_cast<unsigned>(a.getInt("seed", 1, 0, 0xffffffffll));
  o.emulator.seed = o.seed;
  o.emulator.residentBlocks = static_cast<int>(a.getInt("resident-blocks", 4, 1, 1 << 16));
  o.emulator.order = a.getChoice("launch-order", LaunchOrder::Ascending, kLaunchOrderKeys);
  o.emulator.staticBlockIds = a.flag("static-block-ids");
  o.emulator.threadOrder = a.flag("reverse-threads") ? ThreadOrder::Reverse : ThreadOrder::Forward;
  readInputSource(a, o);
  if (lesson) applyLessonSetup(*lesson, a, o);
  checkFlagsBelong(a, o.algorithm);
  return o;
}

CaptureRequest captureRequestOf(const ScanOptions& options, const Args& a) {
  CaptureRequest rq = toCaptureRequest(options);
  const size_t n = rq.input.size();
  if (algorithmProduct(rq.algorithm) != AlgorithmProduct::Scan) {  // keep-flags, not heads
    rq.rows.flags = a.has("flags") ? parseKeepFlags(*a.get("flags"), n) : std::vector<uint8_t>{};
  } else if (auto given = givenHeadFlags(a, n)) {
    rq.rows.flags = *std::move(given);
  }
  return rq;
}

CaptureRequest captureRequestFromArgs(const Args& a) {
  return captureRequestOf(scanOptionsFromArgs(a), a);
}

}  // namespace scanviz
