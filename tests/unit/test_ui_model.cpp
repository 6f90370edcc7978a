// The UI-free model under the classroom window: playback, sessions, settings, step sentences,
// step metrics (warp efficiency, bank conflicts), thread states, result checks, capture configs
// and the background capture worker.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "app/core/capture/capture.h"
#include "app/core/capture/capture_config.h"
#include "app/core/capture/capture_worker.h"
#include "app/core/capture/input_spec.h"
#include "app/core/capture/session.h"
#include "app/core/lesson/result_check.h"
#include "app/core/lesson/step_explainer.h"
#include "app/core/lesson/step_metrics.h"
#include "app/core/playback/playback.h"
#include "app/core/playback/thread_states.h"
#include "app/core/support/app_settings.h"
#include "app/core/support/file_util.h"
#include "app/core/trace/trace_json.h"
#include "app/core/trace/value_format.h"
#include "kernels/scan_types.h"
#include "tests/common/captures.h"
#include "tests/common/test_folder.h"

namespace scanviz {
namespace {

namespace fs = std::filesystem;

Trace lesson(AlgorithmId id) {
  return captureOnEmulator(id, defaultLessonInput());
}

std::vector<double> ascending(int n) {
  std::vector<double> v(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) v[static_cast<size_t>(i)] = i % 7;
  return v;
}

void writeText(const std::string& path, const std::string& text) {
  std::ofstream f(path, std::ios::binary);
  f << text;
}

// ---- playback --------------------------------------------------------------------------------

TEST(Playback, PhaseMarkersOfTheLesson) {
  const auto markers = phaseMarkers(lesson(AlgorithmId::KoggeStone));
  ASSERT_EQ(markers.size(), 2u);
  EXPECT_EQ(markers[0].phase, "load");
  EXPECT_EQ(markers[0].firstStep, 0);
  EXPECT_EQ(markers[1].phase, "scan");
  EXPECT_EQ(markers[1].firstStep, 1);
  EXPECT_EQ(markers[1].lastStep, 3);
}

TEST(Playback, BrentKungHasUpAndDownSweepPhases) {
  const auto markers = phaseMarkers(lesson(AlgorithmId::BrentKung));
  ASSERT_EQ(markers.size(), 3u);
  EXPECT_EQ(markers[1].phase, "up-sweep");
  EXPECT_EQ(markers[2].phase, "down-sweep");
  EXPECT_EQ(markers[2].firstStep, 4);
}

TEST(Playback, StepsAreClamped) {
  Playback p;
  p.load(4, {});
  p.back();
  EXPECT_EQ(p.step(), 0);
  p.last();
  EXPECT_EQ(p.step(), 3);
  p.forward();
  EXPECT_EQ(p.step(), 3);
  p.setStep(-5);
  EXPECT_EQ(p.step(), 0);
  p.setStep(99);
  EXPECT_EQ(p.step(), 3);
}

TEST(Playback, PlaysOneStepASecondAtOneXAndStopsAtTheEnd) {
  Playback p;
  p.load(4, {});
  p.play();
  EXPECT_FALSE(p.tick(0.5));
  EXPECT_TRUE(p.tick(0.6));
  EXPECT_EQ(p.step(), 1);
  p.setSpeed(4);
  EXPECT_TRUE(p.tick(0.5));  // two steps at 4x
  EXPECT_EQ(p.step(), 3);
  EXPECT_FALSE(p.playing());
}

TEST(Playback, PlayAtTheEndStartsOver) {
  Playback p;
  p.load(4, {}, 3);
  p.play();
  EXPECT_TRUE(p.playing());
  EXPECT_EQ(p.step(), 0);
}

TEST(Playback, SpeedStaysBetweenQuarterAndEight) {
  Playback p;
  for (int i = 0; i < 10; ++i) p.faster();
  EXPECT_EQ(p.speed(), 8.0);
  for (int i = 0; i < 10; ++i) p.slower();
  EXPECT_EQ(p.speed(), 0.25);
  p.setSpeed(3);
  EXPECT_EQ(p.speed(), 3.0);
}

TEST(Playback, JumpToPhase) {
  Playback p;
  const Trace t = lesson(AlgorithmId::BrentKung);
  p.load(static_cast<int>(t.steps.size()), phaseMarkers(t), 2);
  EXPECT_TRUE(p.jumpToPhase(3));
  EXPECT_EQ(p.step(), 4);
  EXPECT_EQ(p.currentPhase(), 2);
  EXPECT_TRUE(p.jumpToPhase(1));
  EXPECT_EQ(p.step(), 0);
  EXPECT_FALSE(p.jumpToPhase(4));
  EXPECT_FALSE(p.jumpToPhase(0));
  EXPECT_EQ(p.step(), 0);
}

// ---- capture configuration -------------------------------------------------------------------

TEST(ScanOptions, LessonAndPatterns) {
  ScanOptions c;
  EXPECT_EQ(toCaptureRequest(c).input, defaultLessonInput());
  c.source = InputSource::Ones;
  c.n = 5;
  EXPECT_EQ(toCaptureRequest(c).input, (std::vector<double>{1, 1, 1, 1, 1}));
  c.source = InputSource::Typed;
  c.typedValues = "4, 5\n6";
  EXPECT_EQ(toCaptureRequest(c).input, (std::vector<double>{4, 5, 6}));
}

// A segmented scan opened in the window without --flags or --segments gets segments at once: the
// lesson's 3 1 7 | 0 4 | 1 6 3 for the lesson, random ones (as `capture --n` makes) for a
// generated input; given flags win, and a plain scan gets none.
TEST(ScanOptions, SegmentedAlgorithmGetsDefaultSegments) {
  ScanOptions c;
  c.algorithm = AlgorithmId::SegmentedBlelloch;
  EXPECT_EQ(toCaptureRequest(c).rows.flags, (std::vector<uint8_t>{1, 0, 0, 1, 0, 1, 0, 0}));
  const Trace lesson = capture(toCaptureRequest(c)).trace;
  EXPECT_EQ(lesson.output, (std::vector<double>{3, 4, 11, 0, 4, 1, 7, 10}));  // restarts at heads
  c.source = InputSource::Random;
  c.n = 200;
  c.seed = 9;
  const std::vector<uint8_t> random = toCaptureRequest(c).rows.flags;
  ASSERT_EQ(random.size(), 200u);
  EXPECT_EQ(random, randomHeadFlags(200, 9));
  const auto heads = std::count(random.begin(), random.end(), uint8_t{1});
  EXPECT_GT(heads, 5);
  EXPECT_LT(heads, 100);
  c.headFlags.assign(200, 0);
  c.headFlags[0] = 1;
  EXPECT_EQ(toCaptureRequest(c).rows.flags, c.headFlags);
  c.algorithm = AlgorithmId::KoggeStone;
  c.headFlags.clear();
  EXPECT_TRUE(toCaptureRequest(c).rows.flags.empty());
}

// The message toCaptureRequest refuses `c` with, or "(accepted)".
std::string inputErrorOf(const ScanOptions& c) {
  try {
    toCaptureRequest(c);
  } catch (const InputError& e) {
    return e.what();
  }
  return "(accepted)";
}

TEST(ScanOptions, BadInputNamesTheProblem) {
  ScanOptions c;
  c.source = InputSource::Typed;
  c.typedValues = "3,x";
  EXPECT_NE(inputErrorOf(c).find("'x'"), std::string::npos) << inputErrorOf(c);
  c.typedValues = "   ";
  EXPECT_THROW(toCaptureRequest(c), InputError);
  c.source = InputSource::Random;
  c.n = 0;
  EXPECT_THROW(toCaptureRequest(c), InputError);
  c.n = 1ll << 40;  // refused before anything is allocated
  EXPECT_NE(inputErrorOf(c).find("above the limit"), std::string::npos) << inputErrorOf(c);
  c.source = InputSource::File;
  c.inputFile = "/nonexistent/values.txt";
  EXPECT_NE(inputErrorOf(c).find("input file"), std::string::npos) << inputErrorOf(c);
}

TEST(ScanOptions, SourceKeysRoundTrip) {
  for (InputSource s : {InputSource::Lesson, InputSource::Random, InputSource::Ones,
                        InputSource::Ascending, InputSource::Typed, InputSource::File})
    EXPECT_EQ(parseInputSource(inputSourceKey(s)), s);
  EXPECT_FALSE(parseInputSource("pasted"));
}

// ---- sessions --------------------------------------------------------------------------------

TEST(Session, RoundTrip) {
  const TestFolder dir("scanviz-ui-model");
  Session s;
  s.config.algorithm = AlgorithmId::BrentKung;
  s.config.source = InputSource::Random;
  s.config.n = 64;
  s.config.seed = 7;
  s.config.op = Operator::Max;
  s.config.exclusive = true;
  s.config.backend = BackendChoice::Cpu;
  s.config.blockSize = 16;
  s.config.emulator.order = LaunchOrder::Descending;
  s.step = 3;
  s.traceFile = "traces/h100.json";
  saveSession(s, dir.file("lesson.json"));
  const Session r = loadSession(dir.file("lesson.json"));
  EXPECT_EQ(r.config.algorithm, AlgorithmId::BrentKung);
  EXPECT_EQ(r.config.source, InputSource::Random);
  EXPECT_EQ(r.config.n, 64);
  EXPECT_EQ(r.config.seed, 7u);
  EXPECT_EQ(r.config.op, Operator::Max);
  EXPECT_TRUE(r.config.exclusive);
  EXPECT_EQ(r.config.backend, BackendChoice::Cpu);
  EXPECT_EQ(r.config.blockSize, 16);
  EXPECT_EQ(r.config.emulator.order, LaunchOrder::Descending);
  EXPECT_EQ(r.step, 3);
  // The path in memory is from the working directory; the file stores it from the session's
  // folder, and it reads back as the same file.
  EXPECT_EQ(r.traceFile, std::filesystem::absolute("traces/h100.json").lexically_normal().string());
  EXPECT_TRUE(looksLikeSession(readWholeFile(dir.file("lesson.json"))));
}

TEST(Session, MissingFieldsKeepDefaults) {
  const Session s =
      sessionFromJson(R"({"kind": "scanviz-session", "config": {"algorithm": "brent-kung"}})", "s");
  EXPECT_EQ(s.config.algorithm, AlgorithmId::BrentKung);
  EXPECT_EQ(s.config.source, InputSource::Lesson);
  EXPECT_EQ(s.step, 0);
  EXPECT_TRUE(s.traceFile.empty());
}

std::string sessionError(const std::string& text) {
  try {
    sessionFromJson(text, "lesson.json");
  } catch (const ConfigFormatError& e) {
    return e.what();
  }
  return "no error";
}

TEST(Session, CorruptFilesGetMessagesThatNameTheProblem) {
  EXPECT_NE(sessionError(R"({"kind": "scanviz-session", "config": {)").find("not valid JSON"),
            std::string::npos);
  EXPECT_NE(
      sessionError(R"({"kind": "scanviz-session", "config": {"operator": "pow"}})").find("'pow'"),
      std::string::npos);
  EXPECT_NE(sessionError(R"({"kind": "scanviz-session", "config": {"block_size": "big"}})")
                .find("block_size"),
            std::string::npos);
  EXPECT_NE(sessionError(R"({"kind": "scanviz-session", "config": {"algorithm": "bubble"}})")
                .find("bubble"),
            std::string::npos);
  EXPECT_NE(sessionError(R"({"kind": "scanviz-session", "step": -2})").find("negative"),
            std::string::npos);
  EXPECT_NE(sessionError(R"({"kind": "scanviz-session", "version": 99})").find("version 99"),
            std::string::npos);
  EXPECT_NE(sessionError(R"([1, 2, 3])").find("not a session"), std::string::npos);
  const std::string trace = traceToJson(lesson(AlgorithmId::KoggeStone));
  EXPECT_NE(sessionError(trace).find("is a trace file"), std::string::npos);
  EXPECT_FALSE(looksLikeSession(trace));
}

TEST(Session, MissingFileNamesThePath) {
  try {
    loadSession("/nonexistent/lesson.json");
    FAIL() << "expected ConfigFormatError";
  } catch (const ConfigFormatError& e) {
    EXPECT_NE(std::string(e.what()).find("/nonexistent/lesson.json"), std::string::npos)
        << e.what();
  }
}

// ---- settings --------------------------------------------------------------------------------

TEST(Settings, RoundTripThroughTheConfigFolder) {
  const TestFolder dir("scanviz-ui-model");
  const std::string path = dir.file("cfg/scanviz/settings.json");
  AppSettings s;
  s.theme = Theme::Light;
  s.palette = Palette::OkabeIto;
  s.uiScale = 2.0f;
  s.brentProcessors = 32;
  s.layout.showCounters = false;
  s.layout.controlsWidth = 420;
  saveSettings(s, path);
  const LoadedSettings r = loadSettings(path);
  EXPECT_TRUE(r.warning.empty()) << r.warning;
  EXPECT_EQ(r.settings.theme, Theme::Light);
  EXPECT_EQ(r.settings.palette, Palette::OkabeIto);
  EXPECT_FLOAT_EQ(r.settings.uiScale, 2.0f);
  EXPECT_EQ(r.settings.brentProcessors, 32);
  EXPECT_FALSE(r.settings.layout.showCounters);
  EXPECT_FLOAT_EQ(r.settings.layout.controlsWidth, 420);
}

TEST(Settings, MissingFileIsQuietCorruptFileWarns) {
  const TestFolder dir("scanviz-ui-model");
  LoadedSettings r = loadSettings(dir.file("none.json"));
  EXPECT_TRUE(r.warning.empty());
  EXPECT_EQ(r.settings.theme, Theme::Dark);
  writeText(dir.file("bad.json"), "{\"theme\": \"dar");
  r = loadSettings(dir.file("bad.json"));
  EXPECT_NE(r.warning.find("not valid JSON"), std::string::npos) << r.warning;
  EXPECT_EQ(r.settings.theme, Theme::Dark);
  writeText(dir.file("blue.json"), R"({"theme": "blue"})");
  r = loadSettings(dir.file("blue.json"));
  EXPECT_NE(r.warning.find("'blue'"), std::string::npos) << r.warning;
}

TEST(Settings, ScaleIsClamped) {
  EXPECT_FLOAT_EQ(settingsFromJson(R"({"ui_scale": 9})", "s").uiScale, kMaxUiScale);
  EXPECT_FLOAT_EQ(settingsFromJson(R"({"ui_scale": 0.2})", "s").uiScale, kMinUiScale);
}

TEST(Settings, ConfigFolderFollowsXdg) {
  const char* old = std::getenv("XDG_CONFIG_HOME");
  const std::string saved = old ? old : "";
  ::setenv("XDG_CONFIG_HOME", "/tmp/xdg-test", 1);
  EXPECT_EQ(configDirectory(), "/tmp/xdg-test/scanviz");
  EXPECT_EQ(settingsPath(), "/tmp/xdg-test/scanviz/settings.json");
  ::unsetenv("XDG_CONFIG_HOME");
  const char* home = std::getenv("HOME");
  if (home && *home) {
    EXPECT_EQ(configDirectory(), std::string(home) + "/.config/scanviz");
  }
  if (old) ::setenv("XDG_CONFIG_HOME", saved.c_str(), 1);
}

// ---- step sentences --------------------------------------------------------------------------

TEST(StepExplainer, KoggeStoneLesson) {
  const Trace t = lesson(AlgorithmId::KoggeStone);
  EXPECT_EQ(explainStep(t, 0), "load: 8 threads copy 8 input values into shared memory XY");
  EXPECT_EQ(explainStep(t, 1), "stride 1: threads 1..7 add XY[i-1] into XY[i]");
  EXPECT_EQ(explainStep(t, 3), "stride 4: threads 4..7 add XY[i-4] into XY[i]");
  EXPECT_EQ(explainStep(t, 4), "");
}

TEST(StepExplainer, BrentKungListsTheDestinations) {
  const Trace t = lesson(AlgorithmId::BrentKung);
  EXPECT_EQ(explainStep(t, 0),
            "load: 4 threads copy 8 input values into shared memory XY, 2 each with coalesced "
            "strided reads");
  EXPECT_EQ(explainStep(t, 1),
            "up-sweep stride 1: threads 0..3 add XY[i-1] into XY[i] (i = 1, 3, 5, 7)");
  EXPECT_EQ(explainStep(t, 3), "up-sweep stride 4: thread 0 adds XY[i-4] into XY[i] (i = 7)");
}

TEST(StepExplainer, PaddingAndOperators) {
  const Trace padded = captureOnEmulator(AlgorithmId::KoggeStone, {5, 1, 4, 2, 3});
  EXPECT_EQ(explainStep(padded, 0),
            "load: 8 threads copy 5 input values into shared memory XY; 3 padding slots get the "
            "identity 0");
  const Trace mx = captureOnEmulator(AlgorithmId::KoggeStone, {5, 1, 4, 2}, 0, Operator::Max);
  EXPECT_EQ(explainStep(mx, 1),
            "stride 1: threads 1..3 keep the larger of XY[i-1] and XY[i] in XY[i]");
}

// Three-phase's phase 3 adds one element (the total before a thread's part) into several: the
// sentence names the sources instead of counting "pairs of elements".
TEST(StepExplainer, OneSourceIntoSeveralElements) {
  std::vector<double> in(32);
  for (int i = 0; i < 32; ++i) in[i] = i % 7;
  const Trace t = captureOnEmulator(AlgorithmId::ThreePhase, in);
  EXPECT_EQ(explainStep(t, 5),
            "phase 3: add preceding subsection total: threads 1..7 add XY[s] into XY[i] for 21 "
            "elements i, each thread one s (s = 3, 7, 11, ..., 27)");
  const Trace one = captureOnEmulator(AlgorithmId::ThreePhase, {3, 1, 7, 0, 4, 1, 6, 3}, 2);
  for (int k = 0; k < static_cast<int>(one.steps.size()); ++k)
    EXPECT_EQ(explainStep(one, k).find("pairs of elements"), std::string::npos) << k;
}

TEST(StepExplainer, DescribeThreads) {
  EXPECT_EQ(describeThreads({}), "no thread");
  EXPECT_EQ(describeThreads({7}), "thread 7");
  EXPECT_EQ(describeThreads({4, 5, 6, 7}), "threads 4..7");
  EXPECT_EQ(describeThreads({0, 1, 2, 3, 8, 9}), "threads 0..3, 8, 9");
  EXPECT_EQ(describeThreads({1, 3, 5, 7}), "threads 1, 3, 5, 7");
  std::vector<int> odd;
  for (int i = 1; i < 32; i += 2) odd.push_back(i);
  EXPECT_EQ(describeThreads(odd), "threads 1, 3, 5, ..., 31 (16 threads)");
}

// ---- step metrics ----------------------------------------------------------------------------

TEST(StepMetrics, LessonWarpEfficiencyAndWork) {
  const Trace t = lesson(AlgorithmId::KoggeStone);
  StepMetrics m = stepMetrics(t, 1);
  EXPECT_EQ(m.ops, 7);
  EXPECT_EQ(m.activeThreads, 7);
  EXPECT_EQ(m.residentThreads, 8);
  EXPECT_EQ(m.activeWarps, 1);
  EXPECT_EQ(m.residentWarps, 1);
  EXPECT_DOUBLE_EQ(m.warpEfficiency, 7.0 / 32.0);
  EXPECT_EQ(m.cumulativeWork, 7);
  m = stepMetrics(t, 2);
  EXPECT_EQ(m.cumulativeWork, 13);
  m = stepMetrics(t, 3);
  EXPECT_EQ(m.cumulativeWork, 17);
  EXPECT_DOUBLE_EQ(m.warpEfficiency, 4.0 / 32.0);
  // The load: all 8 threads copy (issue 32 item 9), one warp of 32 lanes.
  EXPECT_EQ(stepMetrics(t, 0).activeThreads, 8);
  EXPECT_EQ(stepMetrics(t, 0).activeWarps, 1);
  EXPECT_DOUBLE_EQ(stepMetrics(t, 0).warpEfficiency, 8.0 / 32.0);
}

TEST(StepMetrics, WarpsTouchedAcrossTwoWarps) {
  const Trace t = captureOnEmulator(AlgorithmId::KoggeStone, ascending(64), 64);
  const StepMetrics first = stepMetrics(t, 1);  // stride 1: threads 1..63
  EXPECT_EQ(first.activeWarps, 2);
  EXPECT_EQ(first.residentWarps, 2);
  EXPECT_DOUBLE_EQ(first.warpEfficiency, 63.0 / 64.0);
  const StepMetrics last = stepMetrics(t, 6);  // stride 32: threads 32..63, one full warp
  EXPECT_EQ(last.activeThreads, 32);
  EXPECT_EQ(last.activeWarps, 1);
  EXPECT_DOUBLE_EQ(last.warpEfficiency, 1.0);
}

TEST(StepMetrics, KoggeStoneIsConflictFree) {
  const Trace t = captureOnEmulator(AlgorithmId::KoggeStone, ascending(64), 64);
  for (int k = 1; k < static_cast<int>(t.steps.size()); ++k) {
    const BankConflicts b = stepMetrics(t, k).banks;
    EXPECT_TRUE(b.applies);
    EXPECT_EQ(b.conflicts, 0) << "step " << k;
    EXPECT_EQ(b.extraCycles, 0) << "step " << k;
  }
}

TEST(StepMetrics, BrentKungStridedAccessesConflict) {
  // Block 32, section 64: up-sweep stride 1 has thread t write XY[2t+1]: threads t and t+16 hit the
  // same bank, a 2-way conflict for the src read, the dst read and the dst write.
  const Trace t = captureOnEmulator(AlgorithmId::BrentKung, ascending(64), 32);
  ASSERT_EQ(t.steps[1].label, "up-sweep stride 1");
  BankConflicts b = stepMetrics(t, 1).banks;
  EXPECT_EQ(b.worstWay, 2);
  EXPECT_EQ(b.conflicts, 1);
  EXPECT_EQ(b.extraCycles, 3);
  EXPECT_EQ(b.worstWarp, 0);
  ASSERT_EQ(t.steps[6].label, "up-sweep stride 32");
  b = stepMetrics(t, 6).banks;  // one thread: nothing to conflict with
  EXPECT_EQ(b.conflicts, 0);
}

TEST(StepMetrics, BankConflictsFromHandMadeEdges) {
  TraceStep s{.array = "section", .active = {0, 1, 2, 3}};
  s.edges = {{0, -1}, {32, -1}, {64, -1}, {96, -1}};  // four lanes, one bank: 4-way
  BankConflicts b = bankConflicts(s, "brent-kung");
  EXPECT_EQ(b.worstWay, 4);
  EXPECT_EQ(b.conflicts, 3);
  EXPECT_EQ(b.extraCycles, 6);  // read and write of the destination
  // The conflict-free layout inserts a slot every 32 elements: 0, 33, 66, 99 are in four banks.
  b = bankConflicts(s, "blelloch-conflict-free");
  EXPECT_EQ(b.conflicts, 0);
  EXPECT_EQ(sharedMemorySlot("blelloch-conflict-free", 64), 66);
  EXPECT_EQ(sharedMemorySlot("kogge-stone", 64), 64);
  s.edges = {{5, 4}, {5, 4}, {5, 4}, {5, 4}};  // one address: a broadcast, no conflict
  EXPECT_EQ(bankConflicts(s, "kogge-stone").conflicts, 0);
  s.array = "global";
  EXPECT_FALSE(bankConflicts(s, "kogge-stone").applies);
}

int firstStepOfKind(const Trace& t, StepKind kind) {
  for (size_t k = 0; k < t.steps.size(); ++k)
    if (t.steps[k].kind == static_cast<int>(kind)) return static_cast<int>(k);
  return -1;
}

TEST(StepMetrics, PaddedTilesAvoidTheStridedConflicts) {
  // Subsection totals at stride C: the three-phase scan (C = 4, unpadded) sends two of its 16
  // threads to each of 8 banks; the look-back tiles (C = 8) pad one slot every 32 elements and
  // spread the same pattern over distinct banks.
  const Trace three = captureOnEmulator(AlgorithmId::ThreePhase, ascending(64), 16);
  const int k3 = firstStepOfKind(three, StepKind::SubsectionScan);
  ASSERT_GE(k3, 0);
  EXPECT_EQ(stepMetrics(three, k3).banks.worstWay, 2);
  const Trace tiles = captureOnEmulator(AlgorithmId::DecoupledLookback, ascending(100), 16);
  const int kt = firstStepOfKind(tiles, StepKind::SubsectionScan);
  ASSERT_GE(kt, 0);
  EXPECT_EQ(stepMetrics(tiles, kt).banks.conflicts, 0);
  EXPECT_EQ(sharedMemorySlot("decoupled-lookback", 40), 41);
}

// ---- thread states and results ---------------------------------------------------------------

TEST(ThreadStates, KoggeStoneLesson) {
  const Trace t = lesson(AlgorithmId::KoggeStone);
  using S = ThreadState;
  // The load: every thread copies its element (issue 32 item 9).
  EXPECT_EQ(threadStates(t, 0), std::vector<S>(8, S::Active));
  EXPECT_EQ(threadStates(t, 1), (std::vector<S>{S::Done, S::Active, S::Active, S::Active, S::Active,
                                                S::Active, S::Active, S::Active}));
  EXPECT_EQ(threadStates(t, 3), (std::vector<S>{S::Done, S::Done, S::Done, S::Done, S::Active,
                                                S::Active, S::Active, S::Active}));
  EXPECT_TRUE(threadStates(t, 9).empty());
}

TEST(ResultCheck, LessonInclusiveAndDerivedExclusive) {
  const ResultCheck r = checkResults(lesson(AlgorithmId::KoggeStone));
  EXPECT_TRUE(r.inclusive.fromTrace);
  EXPECT_FALSE(r.exclusive.fromTrace);
  EXPECT_EQ(r.inclusive.values, (std::vector<double>{3, 4, 11, 11, 15, 16, 22, 25}));
  EXPECT_EQ(r.exclusive.values, (std::vector<double>{0, 3, 4, 11, 11, 15, 16, 22}));
  EXPECT_EQ(r.inclusive.mismatch.index, -1);
  EXPECT_EQ(r.exclusive.mismatch.index, -1);
}

TEST(ResultCheck, FindsTheFirstDifference) {
  Trace t = lesson(AlgorithmId::KoggeStone);
  t.output[5] = 15;
  const ResultCheck r = checkResults(t);
  EXPECT_EQ(r.inclusive.mismatch.index, 5);
  EXPECT_EQ(r.inclusive.mismatch.expected, 16);
  EXPECT_EQ(r.exclusive.mismatch.index, 6);
}

TEST(ResultCheck, ExclusiveTraceDerivesInclusive) {
  CaptureRequest rq = emulatorRequest(AlgorithmId::KoggeStone, defaultLessonInput());
  rq.exclusive = true;
  const ResultCheck r = checkResults(capture(rq).trace);
  EXPECT_FALSE(r.inclusive.fromTrace);
  EXPECT_EQ(r.inclusive.values, (std::vector<double>{3, 4, 11, 11, 15, 16, 22, 25}));
  EXPECT_EQ(r.inclusive.mismatch.index, -1);
}

TEST(ValueFormat, IntegersFloatsAndInfinities) {
  EXPECT_EQ(formatValue(-2147483648.0, true), "-2147483648");
  EXPECT_EQ(formatValue(2.5, false), "2.5");
  EXPECT_EQ(formatValue(1.0 / 3.0, false), "0.333333");
  EXPECT_EQ(formatValue(-1.0 / 0.0, false), "-inf");
  EXPECT_EQ(identityValue("max", "int32"), -2147483648.0);
  EXPECT_EQ(identityValue("mul", "float32"), 1.0);
}

// ---- background capture ----------------------------------------------------------------------

TEST(CaptureWorker, CapturesInTheBackgroundAndReportsErrors) {
  CaptureWorker w;
  ScanOptions c;
  c.backend = BackendChoice::Cpu;
  w.submit(c);
  w.waitIdle();
  std::optional<CaptureResult> r = w.take();
  ASSERT_TRUE(r);
  ASSERT_TRUE(r->outcome) << r->error;
  EXPECT_EQ(r->outcome->trace.output, (std::vector<double>{3, 4, 11, 11, 15, 16, 22, 25}));
  EXPECT_FALSE(w.take());
  c.source = InputSource::Typed;
  c.typedValues = "1, 2, NaN";
  w.submit(c);
  w.waitIdle();
  r = w.take();
  ASSERT_TRUE(r);
  EXPECT_FALSE(r->outcome);
  EXPECT_NE(r->error.find("NaN"), std::string::npos) << r->error;
  EXPECT_FALSE(w.busy());
}

// Busy until the result is taken, not only until it is computed: between the two the window
// still shows the trace before, and a deck or a scripted key must not take that for the new one.
TEST(CaptureWorker, IsBusyUntilItsResultIsTaken) {
  CaptureWorker w;
  ScanOptions c;
  c.backend = BackendChoice::Cpu;
  EXPECT_FALSE(w.busy());
  w.submit(c);
  EXPECT_TRUE(w.busy());
  w.waitIdle();
  EXPECT_TRUE(w.busy()) << "the result is computed but not taken";
  ASSERT_TRUE(w.take());
  EXPECT_FALSE(w.busy());
}

TEST(CaptureWorker, TheNewestRequestWins) {
  CaptureWorker w;
  ScanOptions big;
  big.backend = BackendChoice::Cpu;
  big.source = InputSource::Ones;
  big.n = 1 << 18;
  ScanOptions small;
  small.backend = BackendChoice::Cpu;
  w.submit(big);
  w.submit(big);
  const uint64_t last = w.submit(small);
  w.waitIdle();
  const std::optional<CaptureResult> r = w.take();
  ASSERT_TRUE(r);
  EXPECT_EQ(r->id, last);
  ASSERT_TRUE(r->outcome);
  EXPECT_EQ(r->outcome->trace.meta.n, 8);
}

}  // namespace
}  // namespace scanviz
