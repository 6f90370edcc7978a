// A deterministic mutation fuzzer over trace and session files. Each case mutates a real file
// (the sample traces, fresh captures, saved sessions) as a careless editor or a broken disk would:
// truncation, byte flips, deleted fields, swapped types, huge and negative numbers, nested
// garbage. It then runs in a child process with a time limit, so a crash or a hang is counted,
// not fatal to the run: the child loads the file and, if it is accepted, saves it, reloads it and
// lays it out as the views would. Asserted: no crash, no hang, every rejection has a message,
// and no partial or temporary file is left next to the output.
//
// SCANVIZ_FUZZ_CASES=N runs N cases per corpus instead of the default 450 traces and 150 sessions
// (configure with -DSCANVIZ_FUZZ_LONG=ON and run ctest -L fuzz-long for 20000 each);
// SCANVIZ_FUZZ_SEED changes the seed.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>

#include "app/core/capture/capture.h"
#include "app/core/capture/capture_config.h"
#include "app/core/capture/sample_traces.h"
#include "app/core/capture/session.h"
#include "app/core/layouts/block_timeline.h"
#include "app/core/layouts/heat_map.h"
#include "app/core/layouts/timeline_layout.h"
#include "app/core/lesson/step_metrics.h"
#include "app/core/support/file_util.h"
#include "app/core/trace/trace_json.h"
#include "tests/common/child_process.h"

namespace scanviz {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

constexpr int kCaseSeconds = 20;  // a case that takes longer is a hang

long long envNumber(const char* name, long long fallback) {
  const char* v = std::getenv(name);
  return v && *v ? std::atoll(v) : fallback;
}

std::string readFile(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  std::ostringstream s;
  s << f.rdbuf();
  return s.str();
}

void writeFile(const fs::path& p, const std::string& text) {
  std::ofstream f(p, std::ios::binary | std::ios::trunc);
  f << text;
}

// ---- mutations ------------------------------------------------------------------------------

using Rng = std::mt19937_64;

size_t pick(Rng& rng, size_t n) {
  return n == 0 ? 0 : static_cast<size_t>(rng() % n);
}

// A node of the document, reached by a random walk that stops early often, so that the meta
// fields and sizes are hit as often as the bulk of the values.
json* randomNode(json& root, Rng& rng, json** parent = nullptr, std::string* key = nullptr) {
  json* node = &root;
  for (int depth = 0; depth < 8; ++depth) {
    const bool container = (node->is_object() || node->is_array()) && !node->empty();
    if (!container || (depth > 0 && rng() % 3 == 0)) break;
    if (parent) *parent = node;
    if (node->is_object()) {
      auto it = node->begin();
      std::advance(it, static_cast<long>(pick(rng, node->size())));
      if (key) *key = it.key();
      node = &it.value();
    } else {
      const size_t i = pick(rng, node->size());
      if (key) *key = std::to_string(i);
      node = &(*node)[i];
    }
  }
  return node;
}

// Deeply nested arrays and objects, as text: built as a document they would overflow the
// harness's own stack when copied or printed (nlohmann recurses there), not the reader's.
constexpr const char* kGarbageMarker = "@@nested-garbage@@";

std::string nestedGarbageText(Rng& rng) {
  const size_t depth = 1 + pick(rng, 100000);
  const bool objects = rng() % 2 == 0;
  std::string text;
  text.reserve(depth * 7 + 8);
  for (size_t i = 0; i < depth; ++i) text += objects ? "{\"a\":" : "[";
  text += rng() % 2 ? "1" : "\"x\"";
  for (size_t i = 0; i < depth; ++i) text += objects ? "}" : "]";
  return text;
}

json otherType(const json& was, Rng& rng) {
  switch (pick(rng, 7)) {
    case 0:
      return was.is_string() ? json(12) : json("text");
    case 1:
      return json::array();
    case 2:
      return json::object();
    case 3:
      return nullptr;
    case 4:
      return rng() % 2 == 1;
    case 5:
      return json::array({"inf", -1, 2.5});
    default:
      return 0.5;
  }
}

json hugeNumber(Rng& rng) {
  static const json kHuge[] = {9007199254740992ll,
                               2147483647,
                               2147483648ll,
                               -2147483648ll,
                               4294967296ll,
                               1ll << 40,
                               1099511627778ll,
                               std::numeric_limits<int64_t>::max(),
                               std::numeric_limits<int64_t>::min(),
                               std::numeric_limits<uint64_t>::max(),
                               1e300,
                               -1e300,
                               3.4e38,
                               1e-320,
                               0.5};
  return kHuge[pick(rng, std::size(kHuge))];
}

json negativeSize(Rng& rng) {
  static const json kNegative[] = {-1, -8, 0, -2147483648ll, -1e18};
  return kNegative[pick(rng, std::size(kNegative))];
}

// Structured mutations need a parsed document; byte mutations work on the text.
std::string mutate(const std::string& text, Rng& rng, std::string& what) {
  std::string out = text;
  const int kind = static_cast<int>(pick(rng, 8));
  if (kind == 0) {
    what = "truncation";
    out.resize(pick(rng, out.size()));
    return out;
  }
  if (kind == 1) {
    what = "byte flips";
    const int flips = 1 + static_cast<int>(pick(rng, 8));
    for (int i = 0; i < flips && !out.empty(); ++i)
      out[pick(rng, out.size())] ^= static_cast<char>(1 << pick(rng, 8));
    return out;
  }
  json doc = json::parse(text);
  const int edits = 1 + static_cast<int>(pick(rng, 3));
  for (int e = 0; e < edits; ++e) {
    json* parent = nullptr;
    std::string key;
    json* node = randomNode(doc, rng, &parent, &key);
    switch (kind) {
      case 2:
        what = "field deletion";
        if (parent && parent->is_object())
          parent->erase(key);
        else if (parent && parent->is_array() && !parent->empty())
          parent->erase(pick(rng, parent->size()));
        break;
      case 3:
        what = "type swap";
        *node = otherType(*node, rng);
        break;
      case 4:
        what = "huge number";
        *node = hugeNumber(rng);
        break;
      case 5:
        what = "negative size";
        *node = negativeSize(rng);
        break;
      case 6:
        what = "nested garbage";
        *node = kGarbageMarker;
        break;
      default:
        what = "meta field";  // a meta (or config) field set to a number, text or nothing
        if (json* m = doc.contains("meta")     ? &doc["meta"]
                      : doc.contains("config") ? &doc["config"]
                                               : nullptr;
            m && m->is_object() && !m->empty()) {
          auto it = m->begin();
          std::advance(it, static_cast<long>(pick(rng, m->size())));
          const int choice = static_cast<int>(pick(rng, 4));
          it.value() = choice == 0   ? hugeNumber(rng)
                       : choice == 1 ? negativeSize(rng)
                       : choice == 2 ? json("pow")
                                     : otherType(it.value(), rng);
        }
        break;
    }
  }
  std::string mutated = doc.dump();
  const std::string marker = std::string("\"") + kGarbageMarker + "\"";
  for (size_t at; (at = mutated.find(marker)) != std::string::npos;)
    mutated.replace(at, marker.size(), nestedGarbageText(rng));
  return mutated;
}

// ---- running a case -------------------------------------------------------------------------

enum class Outcome { Accepted, Rejected, RejectedSilently, Crashed, Hung, FileLost, Wrong };

// What the summary calls each outcome, in the order of Outcome.
constexpr const char* kOutcomeNames[] = {
    "accepted", "rejected with a message",    "rejected without one", "crashes",
    "hangs",    "files lost or left partial", "wrong round trips"};

struct Figures {
  long long tried = 0;
  std::array<long long, std::size(kOutcomeNames)> counts{};
  std::string firstProblem;  // the first case of an outcome other than accepted or rejected

  long long operator[](Outcome o) const { return counts[static_cast<size_t>(o)]; }
  void add(Outcome o, const std::string& about) {
    ++tried;
    ++counts[static_cast<size_t>(o)];
    const bool problem = o != Outcome::Accepted && o != Outcome::Rejected;
    if (problem && firstProblem.empty()) firstProblem = about;
  }
  std::string summary(const std::string& corpus) const {
    std::string s = corpus + ": " + std::to_string(tried) + " cases";
    for (size_t i = 0; i < counts.size(); ++i)
      s += ", " + std::to_string(counts[i]) + " " + kOutcomeNames[i];
    return s;
  }
};

// The child's verdict, one byte and a message, through a pipe.
Outcome runIsolated(const std::function<Outcome(std::string&)>& body, std::string& message) {
  const ChildRun child = runInChild([&] {
    alarm(kCaseSeconds);
    std::string msg;
    Outcome o;
    try {
      o = body(msg);
    } catch (const std::exception& e) {
      o = Outcome::Wrong;
      msg = std::string("escaped exception: ") + e.what();
    }
    return static_cast<char>(o) + msg.substr(0, 4000);
  });
  const int status = child.status;
  const std::string& got = child.said;
  if (WIFSIGNALED(status)) {
    message = "signal " + std::to_string(WTERMSIG(status));
    return WTERMSIG(status) == SIGALRM ? Outcome::Hung : Outcome::Crashed;
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || got.empty()) {
    message = "exit status " + std::to_string(WEXITSTATUS(status)) + " " + got;
    return Outcome::Crashed;  // a sanitizer report ends the child with a non-zero status
  }
  message = got.substr(1);
  return static_cast<Outcome>(got[0]);
}

// Only the output and nothing else may be in the output folder.
bool onlyExpectedFiles(const fs::path& dir, const std::vector<fs::path>& allowed) {
  for (const auto& e : fs::directory_iterator(dir)) {
    bool ok = false;
    for (const auto& a : allowed) ok |= e.path().filename() == a.filename();
    if (!ok) return false;
  }
  return true;
}

// What the views compute from a trace, so that an accepted file is also drawn (in numbers).
void layOut(const Trace& t) {
  const BlockTimeline tl = buildBlockTimeline(t);
  TimelineGeometry g{.plotLeft = 0, .plotRight = 1200};
  layoutTimeline(tl, fullView(tl), g);
  for (int s = 0; s < static_cast<int>(t.steps.size());
       s += 1 + static_cast<int>(t.steps.size()) / 8)
    stepMetrics(t, s);
  if (heatGridTexels(t) <= (1u << 22)) buildHeatGrid(t, defaultHeatScale(t), 1024);
}

Outcome traceCase(const fs::path& in, const fs::path& outDir, std::string& msg) {
  const fs::path out = outDir / "saved.json";
  Trace t;
  try {
    t = loadTrace(in.string());
  } catch (const TraceFormatError& e) {
    msg = e.what();
    if (fs::exists(out) || !onlyExpectedFiles(outDir, {})) return Outcome::FileLost;
    return msg.empty() ? Outcome::RejectedSilently : Outcome::Rejected;
  }
  layOut(t);
  saveTrace(t, out.string());
  if (!onlyExpectedFiles(outDir, {out})) {
    msg = "a temporary file was left next to " + out.string();
    return Outcome::FileLost;
  }
  const Trace back = loadTrace(out.string());
  if (traceToJson(back) != traceToJson(t)) {
    msg = "saved and reloaded trace differs";
    return Outcome::Wrong;
  }
  return Outcome::Accepted;
}

Outcome sessionCase(const fs::path& in, const fs::path& outDir, std::string& msg) {
  const fs::path out = outDir / "saved.scanviz-session.json";
  Session s;
  try {
    s = loadSession(in.string());
    // Small captures run (the rest would only measure the machine): their values are checked
    // where the capture checks them.
    if (!s.traceFile.empty()) {
      layOut(loadTrace(s.traceFile));
    } else if (s.config.n <= 4096) {
      const CaptureOutcome o = capture(toCaptureRequest(s.config));
      layOut(o.trace);
    }
  } catch (const ConfigFormatError& e) {
    msg = e.what();
  } catch (const InputError& e) {
    msg = e.what();
  } catch (const BackendError& e) {
    msg = e.what();
  } catch (const TraceFormatError& e) {
    msg = e.what();
  } catch (const FileError& e) {  // the session's trace file is missing or unreadable
    msg = e.what();
  }
  if (!msg.empty() || fs::exists(out)) {
    if (fs::exists(out) || !onlyExpectedFiles(outDir, {})) return Outcome::FileLost;
    return Outcome::Rejected;
  }
  saveSession(s, out.string());
  if (!onlyExpectedFiles(outDir, {out})) return Outcome::FileLost;
  if (sessionToJson(loadSession(out.string())) != sessionToJson(s)) {
    msg = "saved and reloaded session differs";
    return Outcome::Wrong;
  }
  return Outcome::Accepted;
}

struct Corpus {
  std::vector<std::string> texts;
  std::vector<std::string> names;
};

Corpus traceCorpus() {
  Corpus c;
  for (const auto& e : fs::directory_iterator(sampleTraceDirectory())) {
    const std::string name = e.path().filename().string();
    if (e.path().extension() != ".json" || fs::file_size(e.path()) > (1u << 20)) continue;
    c.texts.push_back(readFile(e.path()));
    c.names.push_back(name);
  }
  // Fresh captures: more than one block (whole-array rows), float32 overflow, every dtype.
  const auto add = [&](AlgorithmId id, DType d, Operator op, std::vector<double> in,
                       const std::string& name) {
    CaptureRequest rq{{.algorithm = id, .dtype = d, .op = op, .backend = BackendChoice::Cpu},
                      std::move(in)};
    c.texts.push_back(traceToJson(capture(rq).trace));
    c.names.push_back(name);
  };
  add(AlgorithmId::DecoupledLookback, DType::Int32, Operator::Add, std::vector<double>(300, 1),
      "dl-300");
  add(AlgorithmId::Hierarchical, DType::Float32, Operator::Add, {3e38, 3e38, 1, -3e38}, "overflow");
  add(AlgorithmId::BrentKung, DType::Float32, Operator::Max, {1.5, -2.25, 7, 0}, "float-max");
  return c;
}

Corpus sessionCorpus() {
  Corpus c;
  Session s;
  c.texts.push_back(sessionToJson(s));
  s.config.algorithm = AlgorithmId::ThreePhase;
  s.config.source = InputSource::Random;
  s.config.n = 100;
  s.config.blockSize = 8;
  s.config.op = Operator::Max;
  s.step = 3;
  c.texts.push_back(sessionToJson(s));
  s.config.source = InputSource::Typed;
  s.config.typedValues = "3,1,7,0,4,1,6,3";
  s.config.dtype = DType::Float32;
  c.texts.push_back(sessionToJson(s));
  s.traceFile = (fs::path(sampleTraceDirectory()) / "kogge-stone-lesson.json").string();
  c.texts.push_back(sessionToJson(s));
  c.names = {"default", "random", "typed", "trace"};
  return c;
}

Figures fuzz(const Corpus& corpus, long long cases, const std::string& tag,
             Outcome (*body)(const fs::path&, const fs::path&, std::string&)) {
  const fs::path root =
      fs::temp_directory_path() / ("scanviz-fuzz-" + tag + "-" + std::to_string(getpid()));
  fs::remove_all(root);
  fs::create_directories(root / "out");
  const auto seed = static_cast<uint64_t>(envNumber("SCANVIZ_FUZZ_SEED", 20261124));
  Figures f;
  for (long long i = 0; i < cases; ++i) {
    Rng rng(seed * 1000003 + static_cast<uint64_t>(i));
    const size_t k = pick(rng, corpus.texts.size());
    std::string what;
    const std::string text = mutate(corpus.texts[k], rng, what);
    const fs::path in = root / "case.json";
    writeFile(in, text);
    fs::remove_all(root / "out");
    fs::create_directories(root / "out");
    std::string message;
    const Outcome o =
        runIsolated([&](std::string& m) { return body(in, root / "out", m); }, message);
    f.add(o, "case " + std::to_string(i) + " (" + corpus.names[k] + ", " + what + "): " + message);
  }
  fs::remove_all(root);
  return f;
}

long long casesPerCorpus(long long fallback) {
  return envNumber("SCANVIZ_FUZZ_CASES", fallback);
}

void expectClean(const Figures& f, const std::string& corpus) {
  std::cout << "fuzz " << f.summary(corpus) << "\n";
  EXPECT_EQ(f[Outcome::Crashed], 0) << f.firstProblem;
  EXPECT_EQ(f[Outcome::Hung], 0) << f.firstProblem;
  EXPECT_EQ(f[Outcome::RejectedSilently], 0) << f.firstProblem;
  EXPECT_EQ(f[Outcome::FileLost], 0) << f.firstProblem;
  EXPECT_EQ(f[Outcome::Wrong], 0) << f.firstProblem;
  // The mutations must reach both sides: some files survive, most are refused.
  EXPECT_GT(f[Outcome::Rejected], f.tried / 4) << f.summary(corpus);
}

TEST(FuzzFiles, MutatedTracesAreRefusedWithAMessageOrRoundTrip) {
  const Figures f = fuzz(traceCorpus(), casesPerCorpus(450), "traces", traceCase);
  expectClean(f, "traces");
  EXPECT_GT(f[Outcome::Accepted], 0) << f.summary("traces");
}

TEST(FuzzFiles, MutatedSessionsAreRefusedWithAMessageOrRoundTrip) {
  const Figures f = fuzz(sessionCorpus(), casesPerCorpus(150), "sessions", sessionCase);
  expectClean(f, "sessions");
  EXPECT_GT(f[Outcome::Accepted], 0) << f.summary("sessions");
}

}  // namespace
}  // namespace scanviz
