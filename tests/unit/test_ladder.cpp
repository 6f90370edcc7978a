// The latency ladder's model without a GPU (app/core/bench/ladder.h): one row per rung in the
// enum's order, reports that read back as written, files that are refused with what is wrong,
// the H200 ladder scanviz carries (assets/ladder/h200.json), `bench --ladder` where no GPU
// answers, and the ladder's figure (ladder_scene.h): bars that grow with the time, the rungs not
// measured saying why, no text below the back row's size when presented.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "app/core/bench/ladder.h"
#include "app/core/capture/capture.h"
#include "tests/common/cli_run.h"
#include "tests/common/sample_ladder.h"
#include "tests/common/test_folder.h"

namespace scanviz {
namespace {

std::string recordedPath() {
  return (std::filesystem::path(SCANVIZ_SOURCE_DIR) / "assets" / "ladder" / "h200.json").string();
}

TEST(Ladder, OneRowPerRungWithItsWords) {
  for (size_t i = 0; i < kLadderRungs.size(); ++i) {
    EXPECT_EQ(static_cast<size_t>(kLadderRungs[i].id), i);
    EXPECT_FALSE(kLadderRungs[i].key.empty() || kLadderRungs[i].name.empty() ||
                 kLadderRungs[i].unit.empty() || kLadderRungs[i].why.empty());
  }
  EXPECT_EQ(ladderRungInfo(LadderRungId::L2Flag).key, "l2-flag");
}

TEST(Ladder, AReportReadsBackAsWritten) {
  const LadderReport r = sampleLadder();
  const LadderReport back = parseLadderReport(ladderReportJson(r), "sample");
  EXPECT_EQ(back.device, r.device);
  EXPECT_EQ(back.date, r.date);
  EXPECT_EQ(back.gpus, 1);
  ASSERT_EQ(back.rungs.size(), r.rungs.size());
  for (size_t i = 0; i < r.rungs.size(); ++i) {
    EXPECT_EQ(back.rungs[i].id, r.rungs[i].id);
    EXPECT_DOUBLE_EQ(back.rungs[i].ns, r.rungs[i].ns);
    EXPECT_EQ(back.rungs[i].notMeasured, r.rungs[i].notMeasured);
  }
  const std::string table = formatLadderTable(r);
  EXPECT_NE(table.find("block barrier"), std::string::npos);
  EXPECT_NE(table.find("852 ns"), std::string::npos) << table;
  EXPECT_NE(table.find("not measured: this machine has one GPU"), std::string::npos);
  EXPECT_EQ(formatLadderTime(8.4), "8 ns");
  EXPECT_EQ(formatLadderTime(1320), "1.32 us");
}

TEST(Ladder, BadFilesAreRefusedSayingWhatIsWrong) {
  const std::pair<const char*, const char*> cases[] = {
      {"[1, 2]", "not JSON"},
      {R"({"kind": "scanviz-trace"})", "\"kind\""},
      {R"({"kind": "scanviz-ladder", "version": 9})", "version 9"},
      {R"({"kind": "scanviz-ladder", "version": 1, "device": "x", "driver": "1", "date": "d",
           "gpus": 1, "rungs": [{"rung": "warp-vote", "ns": 3}]})",
       "rung 'warp-vote'"},
      {R"({"kind": "scanviz-ladder", "version": 1, "device": "x", "driver": "1", "date": "d",
           "gpus": 1, "rungs": [{"rung": "l2-flag", "ns": -3}]})",
       "positive time"},
      {R"({"kind": "scanviz-ladder", "version": 1, "device": "x", "driver": "1", "date": "d",
           "gpus": 1, "rungs": [{"rung": "l2-flag"}]})",
       "neither"},
      {R"({"kind": "scanviz-ladder", "version": 1, "driver": "1", "date": "d", "gpus": 1,
           "rungs": []})",
       "\"device\""}};
  for (const auto& [text, words] : cases) {
    try {
      parseLadderReport(text, "bad.json");
      ADD_FAILURE() << "accepted: " << text;
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find("bad.json"), std::string::npos) << e.what();
    }
  }
  EXPECT_THROW(loadLadderReport("/no/such/ladder.json"), InputError);
}

TEST(Ladder, TheRecordedH200LadderIsWhatTheWindowDraws) {
  const LadderReport r = loadLadderReport(recordedPath());
  EXPECT_NE(r.device.find("H200"), std::string::npos);
  ASSERT_EQ(r.rungs.size(), kLadderRungs.size());
  int measured = 0;
  for (const LadderRung& rung : r.rungs) measured += rung.measured();
  EXPECT_EQ(measured, 4);  // one GPU: no NVLink, no NCCL
  // The ladder climbs: each of the four levels it timed costs more than the one below.
  for (size_t i = 1; i < 4; ++i) EXPECT_GT(r.rungs[i].ns, r.rungs[i - 1].ns) << i;
}

TEST(Ladder, BenchLadderWithoutAGpuSaysSoAndWritesNothing) {
#if !SCANVIZ_WITH_CUDA
  TestFolder folder("scanviz-ladder-cli");
  const std::string out = (folder.path() / "ladder.json").string();
  const CapturedRun r = cli({"bench", "--ladder", "--json", out});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("--ladder times hand-offs on a GPU"), std::string::npos) << r.err;
  EXPECT_FALSE(std::filesystem::exists(out));
#endif
  const CapturedRun mixed = cli({"bench", "--ladder", "--sizes", "2^10"});
  EXPECT_EQ(mixed.code, 2);
  EXPECT_NE(mixed.err.find("leave out --sizes"), std::string::npos) << mixed.err;
}

}  // namespace
}  // namespace scanviz
