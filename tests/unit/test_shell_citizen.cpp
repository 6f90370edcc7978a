// A good citizen of the shell (issue 35): standard output and devices written as they are named,
// sessions whose paths travel with them and that name no FIFO, bench reports read back with the
// limits traces have, a recorded block and bench sizes refused at the start with the reason, one
// short line where no GPU answers, and messages that read right.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "app/core/backends/cuda_backend.h"
#include "app/core/backends/no_gpu_message.h"
#include "app/core/bench/bench_report_file.h"
#include "app/core/capture/capture.h"
#include "app/core/capture/sample_traces.h"
#include "app/core/capture/session.h"
#include "app/core/support/file_util.h"
#include "app/core/support/output_file.h"
#include "app/core/support/recently_used.h"
#include "app/core/support/version.h"
#include "app/core/trace/trace_json.h"
#include "tests/common/cli_run.h"
#include "tests/common/test_folder.h"

namespace scanviz {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// Each test in a fresh folder; the working directory is restored.
class ShellCitizen : public ::testing::Test {
 protected:
  void SetUp() override { cwd_ = fs::current_path(); }
  void TearDown() override { fs::current_path(cwd_); }
  std::string at(const std::string& name) const { return folder_.file(name); }
  static void put(const std::string& path, const std::string& text) {
    fs::create_directories(fs::path(path).parent_path());
    std::ofstream(path, std::ios::binary) << text;
  }
  static std::string sampleTrace() {
    return (fs::path(sampleTraceDirectory()) / "kogge-stone-lesson.json").string();
  }

  const TestFolder folder_{"scanviz-citizen"};
  fs::path cwd_;
};

// ---- 1. standard output and devices are written as they are named ---------------------------

TEST_F(ShellCitizen, StandardOutputDevicesAndFifosAreWrittenInPlace) {
  for (const char* name : {"-", "/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"}) {
    EXPECT_TRUE(isStandardOutput(name)) << name;
    EXPECT_TRUE(isWrittenInPlace(name)) << name;
  }
  EXPECT_TRUE(isWrittenInPlace("/dev/null"));
  ASSERT_EQ(::mkfifo(at("pipe").c_str(), 0600), 0);
  EXPECT_TRUE(isWrittenInPlace(at("pipe")));
  put(at("old.svg"), "x");
  EXPECT_FALSE(isWrittenInPlace(at("old.svg")));
  EXPECT_FALSE(isWrittenInPlace(at("not-there.svg")));
  EXPECT_FALSE(isWrittenInPlace(folder_.path().string()));
  EXPECT_FALSE(isStandardOutput("/dev/null"));
}

TEST_F(ShellCitizen, DevStdoutIsStandardOutputItself) {
  // Before: /dev/stdout was followed to /proc/self/fd/1 and its target replaced by a renamed
  // temporary file (or, on a pipe, not written at all).
  int pipeEnds[2];
  ASSERT_EQ(::pipe(pipeEnds), 0);
  const int saved = ::dup(STDOUT_FILENO);
  std::fflush(stdout);
  ::dup2(pipeEnds[1], STDOUT_FILENO);
  ::close(pipeEnds[1]);
  std::string error;
  try {
    OutputFile out("/dev/stdout");
    out.write("through the pipe\n");
    out.commit();
  } catch (const std::exception& e) {
    error = e.what();
  }
  ::dup2(saved, STDOUT_FILENO);
  ::close(saved);
  char buffer[64] = {};
  const ssize_t n = ::read(pipeEnds[0], buffer, sizeof buffer - 1);
  ::close(pipeEnds[0]);
  EXPECT_EQ(error, "");
  EXPECT_EQ(std::string(buffer, n > 0 ? static_cast<size_t>(n) : 0), "through the pipe\n");
}

TEST_F(ShellCitizen, ALinkToAPipeIsOpenedNotFollowedIntoProc) {
  int pipeEnds[2];
  ASSERT_EQ(::pipe(pipeEnds), 0);
  const std::string link = "/proc/self/fd/" + std::to_string(pipeEnds[1]);
  EXPECT_EQ(outputProblem(link), "");
  {
    OutputFile out(link);
    out.write("ok");
    out.commit();
  }
  ::close(pipeEnds[1]);
  char buffer[8] = {};
  EXPECT_EQ(::read(pipeEnds[0], buffer, sizeof buffer), 2);
  ::close(pipeEnds[0]);
  EXPECT_EQ(std::string(buffer), "ok");
}

// ---- 9. session paths relative to the session; versions recorded ----------------------------

TEST_F(ShellCitizen, ASessionStoresItsTracePathRelativeToItselfAndOpensFromAnywhere) {
  const std::string trace = at("lesson/traces/ks.json");
  put(trace, readWholeFile(sampleTrace()));
  Session s;
  s.traceFile = trace;
  saveSession(s, at("lesson/class.scanviz-session.json"));
  const json stored = json::parse(readWholeFile(at("lesson/class.scanviz-session.json")));
  EXPECT_EQ(stored.at("trace_file"), "traces/ks.json");
  EXPECT_EQ(stored.at("scanviz_version"), scanvizVersion());
  // The folder moves, and the session is opened from another working directory.
  fs::rename(at("lesson"), at("moved"));
  fs::create_directories(at("elsewhere"));
  fs::current_path(at("elsewhere"));
  const Session back = loadSession("../moved/class.scanviz-session.json");
  EXPECT_EQ(fs::weakly_canonical(back.traceFile), fs::weakly_canonical(at("moved/traces/ks.json")));
  EXPECT_NO_THROW(loadTrace(back.traceFile));
}

TEST_F(ShellCitizen, OldSessionsWithAbsoluteOrWorkingDirectoryPathsStillOpen) {
  const std::string trace = at("traces/ks.json");
  put(trace, readWholeFile(sampleTrace()));
  const auto sessionNaming = [&](const std::string& path) {
    json j = {{"kind", kSessionKind}, {"version", 1}, {"trace_file", path}};
    put(at("sessions/old.scanviz-session.json"), j.dump());
    return loadSession(at("sessions/old.scanviz-session.json")).traceFile;
  };
  EXPECT_EQ(sessionNaming(trace), trace);
  // Saved before paths were relative to the session: "traces/ks.json" from the working directory
  // the lecturer was in, which is not the session's folder.
  fs::current_path(folder_.path());
  EXPECT_EQ(fs::weakly_canonical(sessionNaming("traces/ks.json")), fs::weakly_canonical(trace));
}

TEST_F(ShellCitizen, ASessionIsReadFromStandardInput) {
  json j = {{"kind", kSessionKind}, {"version", 1}, {"step", 2}};
  std::istringstream text(j.dump());
  std::streambuf* saved = std::cin.rdbuf(text.rdbuf());
  Session s;
  EXPECT_NO_THROW(s = loadSession("-"));
  std::cin.rdbuf(saved);
  std::cin.clear();
  EXPECT_EQ(s.step, 2);
}

// ---- 15. a session naming a FIFO is refused at once --------------------------------------------

TEST_F(ShellCitizen, ASessionWhoseTraceOrInputIsAFifoIsRefusedWithoutWaiting) {
  ASSERT_EQ(::mkfifo(at("pipe").c_str(), 0600), 0);
  const auto started = std::chrono::steady_clock::now();
  put(at("t.scanviz-session.json"),
      json{{"kind", kSessionKind}, {"version", 1}, {"trace_file", at("pipe")}}.dump());
  try {
    loadSession(at("t.scanviz-session.json"));
    ADD_FAILURE() << "a FIFO trace_file was accepted";
  } catch (const ConfigFormatError& e) {
    EXPECT_TRUE(has(e.what(), "trace_file") && has(e.what(), "FIFO")) << e.what();
  }
  put(at("i.scanviz-session.json"),
      json{{"kind", kSessionKind},
           {"version", 1},
           {"config", {{"input", {{"source", "file"}, {"file", at("pipe")}}}}}}
          .dump());
  try {
    const Session s = loadSession(at("i.scanviz-session.json"));
    ADD_FAILURE() << "a FIFO input file was accepted: " << s.config.inputFile;
  } catch (const ConfigFormatError& e) {
    EXPECT_TRUE(has(e.what(), "input.file") && has(e.what(), "FIFO")) << e.what();
  }
  // Dropped on the window or opened from the menu: refused before it is opened.
  EXPECT_THROW(fileLooksLikeSession(at("pipe")), FileError);
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(5));
}

// ---- 18. bench reports: capped, versioned, no negative times ----------------------------------

TEST_F(ShellCitizen, ABenchReportFromDevZeroIsRefusedAtTheCapNotAfterGigabytes) {
  const auto started = std::chrono::steady_clock::now();
  try {
    loadBenchReport("/dev/zero");
    FAIL() << "/dev/zero was read as a report";
  } catch (const InputError& e) {
    EXPECT_TRUE(has(e.what(), "/dev/zero") && has(e.what(), "bench reports are read up to"))
        << e.what();
  }
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(10));
}

TEST_F(ShellCitizen, ABenchReportOfANewerVersionOrWithNegativeTimesIsRefused) {
  const json point = {{"subject", "kogge-stone"}, {"dtype", "int32"}, {"n", 1024},
                      {"median_ms", 0.5},         {"gb_per_s", 1.0},  {"min_ms", 0.4}};
  json report = {{"version", 1}, {"results", json::array({point})}};
  EXPECT_NO_THROW(checkBenchReport(report, "r.json"));
  const auto refusal = [](const json& r) {
    try {
      checkBenchReport(r, "r.json");
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  report["version"] = 99;
  EXPECT_TRUE(has(refusal(report), "version 99")) << refusal(report);
  report["version"] = 4294967297ull;
  EXPECT_TRUE(has(refusal(report), "version 4294967297")) << refusal(report);
  report["version"] = 1;
  report["results"][0]["median_ms"] = -1;
  EXPECT_TRUE(has(refusal(report), "results[0].median_ms: -1")) << refusal(report);
  report["results"][0]["median_ms"] = 0.5;
  report["results"][0]["n"] = -4;
  EXPECT_TRUE(has(refusal(report), "results[0].n")) << refusal(report);
  // The report itself says which build measured it.
  const CapturedRun r =
      cli({"bench", "--backend", "cpu", "--algorithms", "kogge-stone", "--sizes", "2^10", "--dtype",
           "int32", "--repeats", "1", "--no-capture", "--quiet", "--json", at("bench.json")});
  ASSERT_EQ(r.code, 0) << r.err;
  const json written = loadBenchReport(at("bench.json"));
  EXPECT_EQ(written.at("scanviz_version"), scanvizVersion());
}

// ---- 14 and 21: refused at the start, with the reason -------------------------------------------

TEST_F(ShellCitizen, ARecordedBlockPastTheRunIsRefusedAtCapture) {
  const CapturedRun r = cli({"capture", "--algorithm", "hierarchical", "--n", "4096",
                             "--record-block", "99999", "--backend", "cpu", "--out", at("r.json")});
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_TRUE(has(r.err, "--record-block") && has(r.err, "99999") && has(r.err, "so it is 0 to "))
      << r.err;
  EXPECT_FALSE(fs::exists(at("r.json")));
  // The last block the message names is accepted.
  const std::string named = r.err.substr(r.err.find("so it is 0 to ") + 14);
  const int last = std::stoi(named);
  EXPECT_GT(last, 0);
  const CapturedRun ok =
      cli({"capture", "--algorithm", "hierarchical", "--n", "4096", "--record-block",
           std::to_string(last), "--backend", "cpu", "--out", at("r.json")});
  EXPECT_EQ(ok.code, 0) << ok.err;
  EXPECT_EQ(loadTrace(at("r.json")).meta.recordedBlock, last);
}

TEST_F(ShellCitizen, BenchSaysWhichSizesItDropsAndRefusesWhenNoneIsLeft) {
  const CapturedRun none = cli({"bench", "--backend", "cpu", "--algorithms", "kogge-stone",
                                "--sizes", "2^28", "--repeats", "1", "--no-capture", "--quiet"});
  EXPECT_EQ(none.code, 2) << none.out << none.err;
  EXPECT_TRUE(has(none.err, "nothing to time") && has(none.err, "2^28") &&
              has(none.err, "CPU emulator is timed up to"))
      << none.err;
  EXPECT_FALSE(has(none.out, "bench ok")) << none.out;
  const CapturedRun some =
      cli({"bench", "--backend", "cpu", "--algorithms", "kogge-stone", "--sizes", "2^10,2^28",
           "--dtype", "int32", "--repeats", "1", "--no-capture", "--quiet"});
  EXPECT_EQ(some.code, 0) << some.err;
  EXPECT_TRUE(has(some.err, "N = 2^28 skipped")) << some.err;
}

TEST(CannotOpenMessage, SaysTheReasonOnce) {
  EXPECT_EQ(cannotOpenMessage("trace", "a.json", "cannot open 'a.json': No such file or directory"),
            "cannot open trace 'a.json': No such file or directory");
  EXPECT_EQ(cannotOpenMessage("trace", "a.json", "a.json: line 3: not JSON"),
            "cannot open trace a.json: line 3: not JSON");
  EXPECT_EQ(cannotOpenMessage("session", "s.json", "'s.json' is not valid JSON"),
            "cannot open session: 's.json' is not valid JSON");
  EXPECT_EQ(cannotOpenMessage("trace", "a.json", "out of memory"),
            "cannot open trace 'a.json': out of memory");
}

// ---- 7. recent files shared with the desktop ------------------------------------------------

TEST_F(ShellCitizen, OpenedFilesJoinTheDesktopsRecentlyUsedList) {
  const std::string xbel = at("share/recently-used.xbel");
  put(at("a b.json"), "{}");
  put(at("c.json"), "{}");
  ASSERT_EQ(addToRecentlyUsed(at("a b.json"), "application/x-scanviz-trace", xbel), "");
  ASSERT_EQ(addToRecentlyUsed(at("c.json"), "application/x-scanviz-session", xbel), "");
  ASSERT_EQ(addToRecentlyUsed(at("a b.json"), "application/x-scanviz-trace", xbel), "");
  const std::string text = readWholeFile(xbel);
  const std::string a = "href=\"file://" + (folder_.path() / "a%20b.json").string() + "\"";
  // Each file once, the one opened last at the end, with its type and scanviz as its opener.
  EXPECT_NE(text.find(a), std::string::npos) << text;
  EXPECT_EQ(text.find(a), text.rfind(a)) << text;
  EXPECT_GT(text.find(a), text.find("c.json")) << text;
  EXPECT_TRUE(has(text, "<mime:mime-type type=\"application/x-scanviz-session\"/>")) << text;
  EXPECT_TRUE(has(text, "<bookmark:application name=\"scanviz\"")) << text;
  EXPECT_EQ(text.rfind("</xbel>"), text.size() - 8) << text;
  // Another program's entries stay; a file that is not XBEL is left alone.
  std::string other = text;
  other.insert(other.find("  <bookmark"), "  <bookmark href=\"file:///x.txt\"></bookmark>\n");
  put(xbel, other);
  ASSERT_EQ(addToRecentlyUsed(at("c.json"), "application/x-scanviz-session", xbel), "");
  EXPECT_TRUE(has(readWholeFile(xbel), "file:///x.txt"));
  put(xbel, "not xml");
  EXPECT_NE(addToRecentlyUsed(at("c.json"), "application/x-scanviz-session", xbel), "");
  EXPECT_EQ(readWholeFile(xbel), "not xml");
}

// ---- 5. no GPU: one short line, nothing on stderr when auto falls back ------------------------

TEST_F(ShellCitizen, WithoutAGpuAutoFallsBackQuietlyAndVerboseSaysWhy) {
  if (cudaStatus().available) GTEST_SKIP() << "a CUDA device answers on this machine";
  const std::string summary = noGpuSummary();
  EXPECT_FALSE(summary.empty());
  EXPECT_LE(summary.size(), 60u) << summary;
  EXPECT_FALSE(has(summary, "\n") || has(summary, "CUDA error")) << summary;
  const CapturedRun quiet = cli({"capture", "--n", "16", "--out", at("t.json")});
  ASSERT_EQ(quiet.code, 0) << quiet.err;
  EXPECT_EQ(quiet.err, "");
  const CapturedRun verbose = cli({"capture", "--n", "16", "--verbose", "--out", at("t.json")});
  ASSERT_EQ(verbose.code, 0) << verbose.err;
  EXPECT_TRUE(has(verbose.err, cudaStatus().message)) << verbose.err;
  // Asked for by name, the GPU's absence is still an error with the details.
  const CapturedRun cuda =
      cli({"capture", "--n", "16", "--backend", "cuda", "--out", at("c.json")});
  EXPECT_NE(cuda.code, 0);
  EXPECT_TRUE(has(cuda.err, cudaStatus().message)) << cuda.err;
}

}  // namespace
}  // namespace scanviz
