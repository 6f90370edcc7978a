// The errata of the seeds' text (app/core/lesson/errata.h): every entry quotes its seed verbatim
// (the quoted words are found in ../shared/seeds when the folder is there), the evidence runs and
// counts what the correction says, never what the seed says, and `scanviz list` names them.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "app/cli/cli.h"
#include "app/core/lesson/errata.h"
#include "app/core/lesson/lessons.h"
#include "tests/common/captured_output.h"

namespace scanviz {
namespace {

const Erratum& erratum(std::string_view id) {
  const Erratum* e = findErratum(id);
  if (!e) throw std::logic_error("no erratum " + std::string(id));
  return *e;
}

TEST(Errata, EveryEntryIsCompleteAndHasARunOrSaysWhyNone) {
  std::set<std::string_view> ids;
  for (const Erratum& e : allErrata()) {
    EXPECT_TRUE(ids.insert(e.id).second) << e.id;
    EXPECT_EQ(findLesson(e.id), nullptr) << e.id << ": an id names one thing";
    for (auto text : {e.title, e.seed, e.seedText, e.correction, e.why})
      EXPECT_FALSE(text.empty()) << e.id;
    // Either a run settles it, or the entry says why none can: never both, never neither.
    EXPECT_NE(e.evidence == nullptr, e.noRun.empty()) << e.id;
  }
}

// Where the seed's text about a number is wrong, scanviz's run counts the correct number.
TEST(Errata, EachRunCountsTheCorrectFigureAndNotTheSeeds) {
  int numbered = 0;
  for (const Erratum& e : allErrata()) {
    if (!e.evidence) continue;
    const ErratumEvidence ev = e.evidence();
    EXPECT_FALSE(ev.ran.empty()) << e.id;
    EXPECT_FALSE(ev.shows.empty()) << e.id;
    if (std::isnan(ev.measured)) continue;
    ++numbered;
    EXPECT_DOUBLE_EQ(ev.measured, ev.correct) << e.id << ": " << ev.shows;
    EXPECT_NE(ev.measured, ev.seedValue) << e.id;
  }
  EXPECT_GE(numbered, 6);
}

TEST(Errata, TheRunsCountTheWorkTheSeedsMiscount) {
  const ErratumEvidence ratio = erratum("seed-000-work-ratio").evidence();
  EXPECT_NEAR(ratio.measured, 9.0098, 1e-4);
  EXPECT_NE(ratio.shows.find("9217 / 1023"), std::string::npos) << ratio.shows;
  EXPECT_EQ(erratum("seed-001-work-n-log-n").evidence().measured, 17);  // 8*3 - 7; the slide: 16
  EXPECT_NE(erratum("seed-001-work-n-log-n").evidence().shows.find("7, 6, 4"), std::string::npos);
  EXPECT_EQ(erratum("seed-001-work-2n").evidence().measured, 14);  // 2(8 - 1); the slide: 16
  const ErratumEvidence three = erratum("seed-000-phase-1-work").evidence();
  EXPECT_EQ(three.measured, 960);
  EXPECT_NE(three.shows.find("phase 3 945"), std::string::npos) << three.shows;
}

TEST(Errata, TheSlidesLineOfSightTestSeesNothingAndTheFloat4TrickCountsTwice) {
  const ErratumEvidence los = erratum("line-of-sight-inclusive").evidence();
  EXPECT_NE(los.shows.find("the slide's test finds 0 of 8 visible"), std::string::npos)
      << los.shows;
  // Angles from height 1 at distances 1..8 (0, 45, 18.4, 51.3, 31, 59, 29.7, 61.9 degrees):
  // points 1, 2, 4, 6 and 8 each beat every angle before them.
  EXPECT_NE(los.shows.find("before i: 5 of 8 (points 1 2 4 6 8)"), std::string::npos) << los.shows;
  const ErratumEvidence f4 = erratum("float4-exclusive").evidence();
  EXPECT_EQ(f4.seedValue, 36);  // 32 ones, each float4 counted twice at the end: 32 + 4
  EXPECT_EQ(f4.measured, 32);
  EXPECT_NE(f4.shows.find("first float4 stores 5, 6, 7, 8"), std::string::npos) << f4.shows;
}

TEST(Errata, BrentsProofStepFailsOnBlellochsStepsWhileTheTheoremHolds) {
  const ErratumEvidence ev = erratum("brent-proof-step").evidence();
  EXPECT_NE(ev.shows.find("4, 2, 1, 1, 2, 4"), std::string::npos) << ev.shows;
  EXPECT_NE(ev.shows.find("ceil(W_i/p) = 6 <= floor(W/p) + D = 9"), std::string::npos) << ev.shows;
  EXPECT_NE(ev.shows.find("= 12 exceeds its right side ceil(W/p) + D = 10"), std::string::npos)
      << ev.shows;
}

TEST(Errata, TheSweepBoundsAreTheLevelsBlellochRuns) {
  const ErratumEvidence up = erratum("up-sweep-bound").evidence();
  EXPECT_EQ(up.measured, 2);
  EXPECT_NEAR(up.seedValue, 2.807, 1e-3);
  EXPECT_NE(up.shows.find("strides 1, 2, 4"), std::string::npos) << up.shows;
  EXPECT_EQ(erratum("local-size-seven").evidence().measured, 8);
}

// The quoted words are the seeds' own. The seeds lie beside the project's checkout (../shared
// for /work/main, ../../shared for a worktree under /work/wt); where they are not (a CI
// checkout), the test says so and checks nothing.
TEST(Errata, TheQuotedWordsAreInTheSeeds) {
  const std::filesystem::path root(SCANVIZ_SOURCE_DIR);
  std::filesystem::path seeds;
  for (const char* up : {"../shared/seeds", "../../shared/seeds"})
    if (std::filesystem::exists(root / up)) seeds = root / up;
  if (seeds.empty()) GTEST_SKIP() << "no seeds folder beside " << root;
  std::string all;
  for (const auto& f : std::filesystem::directory_iterator(seeds)) {
    if (f.path().extension() != ".txt") continue;  // the texts, not the README's list
    std::ifstream in(f.path());
    std::stringstream text;
    text << in.rdbuf();
    all += text.str();
  }
  // A distinctive piece of each quote, as the seed spells it (the quotes turn the seeds' LaTeX
  // into plain text, so a formula is matched by its plain words).
  for (const char* piece :
       {"9217 / 1027", "n \\cdot \\log n - n", "W(n) = 2 \\cdot n", "\\log_{2}{(n-1)}",
        "d=\\log_{2}{(n)}", "local size of 7", "N − 1$ for phase 1",
        "visible to all threads in the block", "65536 * 2048", "Kogge-Stone_scan_kernel",
        "Test  $\\hat{a}_i < a_i$", "Store  $\\sum_{j=1..4} x[i][j]$", "SECTION_SIZE \u2013 1",
        "\\leq \\left\\lceil \\frac{W(n)}{p} \\right\\rceil + D(n)"})
    EXPECT_NE(all.find(piece), std::string::npos) << piece;
}

TEST(ErrataCli, ListHasAnErrataSectionAfterTheLessons) {
  const CapturedRun r = withCapturedOutput([] { return runCli({"list"}).value_or(-1); });
  ASSERT_EQ(r.code, 0) << r.err;
  const size_t lessons = r.out.find("Spot the bug");
  const size_t errata = r.out.find("Errata in the seeds' text");
  ASSERT_NE(errata, std::string::npos) << r.out;
  EXPECT_GT(errata, lessons);
  for (const Erratum& e : allErrata())
    EXPECT_GT(r.out.find("\n" + std::string(e.id) + " "), errata) << e.id;
}

}  // namespace
}  // namespace scanviz
