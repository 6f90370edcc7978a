// The seeds' unguarded global accesses (kernels/lessons/kogge_stone_unguarded_store.h,
// hillis_steele_unguarded.h) on the emulator: past the array's end nothing is read or written
// (sentinels there stay untouched and unseen), the first read and write of a block are reported,
// the results inside the array are the fix's, and the lessons, capture, list and verify treat
// them as the other flawed variants.
#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <vector>

#include "app/core/lesson/lessons.h"
#include "app/core/trace/trace_json.h"
#include "kernels/exec/cpu_block_exec.h"
#include "kernels/lessons/hillis_steele_unguarded.h"
#include "kernels/lessons/kogge_stone_unguarded_store.h"
#include "tests/common/captures.h"
#include "tests/common/cli_run.h"
#include "tests/common/lessons.h"

namespace scanviz {
namespace {

constexpr int32_t kSentinel = 777;

// One block of 8 threads over the first `n` elements of arrays that go on past them with
// sentinels: what an unguarded access past the end would touch.
template <class Algo>
struct GuardedBlock {
  std::vector<int32_t> in, out;
  CpuStepSink sink;
  RecordedRun run;

  GuardedBlock(std::vector<int32_t> values, int threads, bool exclusive = false) {
    const int n = static_cast<int>(values.size());
    in = values;
    in.resize(static_cast<size_t>(threads) + 4, kSentinel);
    out.assign(in.size(), kSentinel);
    std::vector<int32_t> shared(static_cast<size_t>(Algo::sharedSlots(threads)), 0);
    sink.run = &run;
    sink.recordSteps = true;
    CpuBlockExec<int32_t> ex(threads, Operator::Add, sink);
    SectionIO<int32_t> io;
    io.in = in.data();
    io.out = out.data();
    io.n = n;
    io.exclusive = exclusive;
    Algo::run(ex, shared.data(), io);
  }
};

TEST(UnguardedStore, WritesNothingPastTheEndReportsEachWriteAndScansTheRest) {
  const GuardedBlock<KoggeStoneUnguardedStoreScan> b({3, 1, 7, 0, 4, 1}, 8);
  EXPECT_EQ(std::vector<int32_t>(b.out.begin(), b.out.begin() + 6),
            (std::vector<int32_t>{3, 4, 11, 11, 15, 16}));
  for (size_t i = 6; i < b.out.size(); ++i) EXPECT_EQ(b.out[i], kSentinel) << "Y[" << i << "]";
  EXPECT_EQ(b.sink.outOfBoundsWrites, 2);  // threads 6 and 7
  EXPECT_EQ(b.sink.outOfBoundsReads, 0);   // the seed guards its load
  // Both stray writes are noted, so that spot the bug draws Y[6] and Y[7] (issue 32 item 12).
  ASSERT_EQ(b.run.notes.size(), 2u);
  EXPECT_TRUE(hasNote(b.run.notes, "out-of-bounds write in block 0: thread 6 wrote Y[6]"))
      << b.run.notes[0];
  EXPECT_TRUE(hasNote(b.run.notes, "out-of-bounds write in block 0: thread 7 wrote Y[7]"))
      << b.run.notes[1];
  const std::vector<StrayWrite> stray = strayWrites(b.run.notes);
  ASSERT_EQ(stray.size(), 2u);
  EXPECT_EQ(stray[0].index, 6);
  EXPECT_EQ(stray[1].index, 7);
  EXPECT_TRUE(hasNote(b.run.notes, "holds 6 elements"));
}

TEST(UnguardedStore, AnExclusiveRequestIsShiftedLikeTheFix) {
  const GuardedBlock<KoggeStoneUnguardedStoreScan> b({3, 1, 7, 0, 4, 1}, 8, true);
  EXPECT_EQ(std::vector<int32_t>(b.out.begin(), b.out.begin() + 6),
            (std::vector<int32_t>{0, 3, 4, 11, 11, 15}));
}

TEST(UnguardedHillisSteele, ReadsTheUnmappedMarkerPastTheEndAndNeverTheSentinels) {
  const GuardedBlock<HillisSteeleUnguardedScan> b({3, 1, 7, 0, 4, 1}, 8);
  EXPECT_EQ(std::vector<int32_t>(b.out.begin(), b.out.begin() + 6),
            (std::vector<int32_t>{3, 4, 11, 11, 15, 16}));
  for (size_t i = 6; i < b.out.size(); ++i) EXPECT_EQ(b.out[i], kSentinel) << "r[" << i << "]";
  EXPECT_EQ(b.sink.outOfBoundsReads, 2);
  EXPECT_EQ(b.sink.outOfBoundsWrites, 2);
  ASSERT_EQ(b.run.notes.size(), 3u);  // the first read, each write
  EXPECT_TRUE(hasNote(b.run.notes, "thread 6 read a[6]")) << b.run.notes[0];
  EXPECT_TRUE(hasNote(b.run.notes, "thread 6 wrote r[6]")) << b.run.notes[1];
  EXPECT_TRUE(hasNote(b.run.notes, "thread 7 wrote r[7]")) << b.run.notes[2];
  // The load shows the marker in cells 6 and 7 (not the sentinel that lies there).
  const std::vector<double>& load = b.run.steps.at(0).values;
  const double unmapped = static_cast<double>(unmappedValue<int32_t>());
  EXPECT_EQ(unmapped, -559038737.0);
  EXPECT_EQ(load, (std::vector<double>{3, 1, 7, 0, 4, 1, unmapped, unmapped}));
}

TEST(UnguardedHillisSteele, ALengthThatFillsTheBlockTouchesNothingPastIt) {
  const GuardedBlock<HillisSteeleUnguardedScan> b({1, 2, 3, 4, 5, 6, 7, 8}, 8);
  EXPECT_EQ(std::vector<int32_t>(b.out.begin(), b.out.begin() + 8),
            (std::vector<int32_t>{1, 3, 6, 10, 15, 21, 28, 36}));
  EXPECT_EQ(b.sink.outOfBoundsReads + b.sink.outOfBoundsWrites, 0);
  EXPECT_TRUE(b.run.notes.empty());
}

TEST(UnguardedLessons, TheStoreLessonNeverPartsAndNamesTheWritesPastTheEnd) {
  const LessonRun r = runLesson(catalogLesson("kogge-stone-unguarded-store"));
  ASSERT_TRUE(r.flawed && r.fixed) << r.flawedError << r.fixedError;
  EXPECT_EQ(r.partingStep, -1);
  EXPECT_EQ(r.firstWrongCell, -1);
  EXPECT_EQ(r.flawed->output, r.fixed->output);
  ASSERT_EQ(r.hazards.size(), 2u);  // each write past the end: Y[6] and Y[7]
  EXPECT_NE(r.hazards[0].find("thread 6 wrote Y[6]"), std::string::npos) << r.hazards[0];
  EXPECT_NE(r.hazards[1].find("thread 7 wrote Y[7]"), std::string::npos) << r.hazards[1];
  EXPECT_TRUE(hasNote(r.flawed->meta.notes, "its fix is kogge-stone"));
  EXPECT_TRUE(hasNote(r.flawed->meta.notes, "output matches the sequential scan"));
}

TEST(UnguardedLessons, TheHillisSteeleLessonPartsAtTheLoadInTheCellsPastTheEnd) {
  const LessonRun r = runLesson(catalogLesson("hillis-steele-unguarded"));
  ASSERT_TRUE(r.flawed && r.fixed) << r.flawedError << r.fixedError;
  EXPECT_EQ(r.partingStep, 0);
  EXPECT_EQ(differingCells(r, 0), (std::vector<int>{6, 7}));
  EXPECT_EQ(r.firstWrongCell, -1);  // every result inside the array is right
  EXPECT_EQ(r.flawed->output, (std::vector<double>{3, 4, 11, 11, 15, 16}));
  ASSERT_EQ(r.hazards.size(), 3u);  // the first read past the end, each write past it
  EXPECT_NE(r.hazards[0].find("read a[6]"), std::string::npos) << r.hazards[0];
  EXPECT_NE(r.hazards[1].find("wrote r[6]"), std::string::npos) << r.hazards[1];
  EXPECT_NE(r.hazards[2].find("wrote r[7]"), std::string::npos) << r.hazards[2];
  EXPECT_TRUE(hasNote(r.flawed->meta.notes, "its fix is hillis-steele"));
}

TEST(UnguardedLessons, CaptureOfTwoBlocksReportsOnlyTheLastPartialOne) {
  const std::string out =
      (std::filesystem::temp_directory_path() / "scanviz-lesson-unguarded.json").string();
  const CapturedRun r = cli({"capture", "--algorithm", "hillis-steele-unguarded", "--backend",
                             "cpu", "--n", "13", "--block-size", "8", "--out", out});
  ASSERT_EQ(r.code, 0) << r.err;
  const Trace t = loadTrace(out);
  EXPECT_EQ(t.meta.n, 13);
  EXPECT_TRUE(hasNote(t.meta.notes, "out-of-bounds read in block 1: thread 5 read a[5]"));
  EXPECT_TRUE(hasNote(t.meta.notes, "out-of-bounds write in block 1: thread 5 wrote r[5]"));
  EXPECT_FALSE(hasNote(t.meta.notes, "in block 0:"));  // the full block reads and writes its own
  // The two block sums are scanned by the same kernel, in a block of 8: it reads past them too.
  EXPECT_TRUE(hasNote(t.meta.notes, "in block 0 of level 1 (the block sums): thread 2 read a[2]"));
  // Inside the array the result is right: the block total the first block hands on is too.
  EXPECT_TRUE(hasNote(t.meta.notes, "output matches the sequential scan"));
  std::remove(out.c_str());
}

TEST(UnguardedLessons, ListNamesThemAndVerifyDoesNotCountThem) {
  const CapturedRun list = cli({"list"});
  ASSERT_EQ(list.code, 0) << list.err;
  for (const char* id : {"kogge-stone-unguarded-store", "hillis-steele-unguarded"})
    EXPECT_NE(list.out.find(std::string("\n") + id + "  "), std::string::npos) << id;
  for (const char* id : {"kogge-stone-unguarded-store", "hillis-steele-unguarded"})
    EXPECT_TRUE(isFlawedAlgorithm(id)) << id;
  const CapturedRun verify =
      cli({"verify", "--backend", "cpu", "--smoke", "--algorithm", "hillis-steele-unguarded"});
  EXPECT_EQ(verify.code, 2);
  EXPECT_NE(verify.err.find("verify its fix, --algorithm hillis-steele"), std::string::npos)
      << verify.err;
}

}  // namespace
}  // namespace scanviz
