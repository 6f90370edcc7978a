// The code panel's search: for a step, the kernel lines that did its work (the parallel blocks
// before the barrier that recorded it), in the compiled-in sources and in hand-made ones.
#include <gtest/gtest.h>

#include "app/core/algorithms/algorithm_catalog.h"
#include "app/core/capture/capture.h"
#include "app/core/capture/input_spec.h"
#include "app/ui/views/kernel_source.h"
#include "tests/common/captures.h"

namespace scanviz {
namespace {

std::string highlighted(const StepSource& s) {
  std::string text;
  for (int i = s.firstLine; i >= 0 && i <= s.lastLine; ++i)
    text += s.file->lines[static_cast<size_t>(i)] + "\n";
  return text;
}

TEST(KernelSource, EveryAlgorithmHasItsFileCompiledIn) {
  for (const AlgorithmInfo& a : allAlgorithms()) {
    const SourceFile* f = algorithmSource(std::string(a.key));
    ASSERT_NE(f, nullptr) << a.key;
    EXPECT_EQ(f->path, a.codeFile) << a.key;
  }
  EXPECT_EQ(algorithmSource("bubble"), nullptr);
}

// A block scan's lesson: every step is found in the file the descriptor names or in the shared
// helpers, so a new block algorithm's code panel is checked without a test of its own.
TEST(KernelSource, EveryStepOfABlockLessonHasItsLines) {
  for (const AlgorithmInfo& a : allAlgorithms()) {
    if (a.level != AlgorithmLevel::Block) continue;
    const Trace t = lessonTrace(a.id);
    for (int k = 0; k < static_cast<int>(t.steps.size()); ++k) {
      const StepSource s = sourceForStep(t, k);
      EXPECT_GE(s.firstLine, 0) << a.key << " step " << k << " (" << t.steps[k].label
                                << "): " << s.note;
      EXPECT_GE(s.lastLine, s.firstLine) << a.key << " step " << k;
    }
  }
}

TEST(KernelSource, BrentKungUpSweepIsItsParallelBlockAndBarrier) {
  const Trace t = lessonTrace(AlgorithmId::BrentKung);
  const StepSource s = sourceForStep(t, 1);
  ASSERT_NE(s.file, nullptr);
  EXPECT_EQ(s.file->path, "kernels/block/brent_kung.h");
  const std::string code = highlighted(s);
  EXPECT_NE(code.find("ex.parallel("), std::string::npos) << code;
  EXPECT_NE(code.find("StepKind::UpSweep"), std::string::npos) << code;
  EXPECT_EQ(code.find("StepKind::DownSweep"), std::string::npos) << code;
}

TEST(KernelSource, LoadIsFoundInTheSharedHelper) {
  const StepSource s = sourceForStep(lessonTrace(AlgorithmId::KoggeStone), 0);
  ASSERT_NE(s.file, nullptr);
  EXPECT_EQ(s.file->path, "kernels/block/section_io.h");
  EXPECT_NE(highlighted(s).find("StepKind::Load"), std::string::npos);
}

TEST(KernelSource, HandMadeFilesFollowAHelperThatRecordsTheStep) {
  // The algorithm passes its kind to a helper; the helper's barrier and parallel blocks are the
  // step's lines, not the call.
  SourceFile helper{
      "helper.h",
      {"template <class Ex>", "SCANVIZ_HD void iterate(Ex& ex, StepKind kind) {",
       "  for (int s = 1; s < n; s *= 2) {", "    ex.parallel([&](int t) {", "      a[t] += b[t];",
       "    });", "    ex.sync();", "    ex.parallel([&](int t) {", "      b[t] = a[t];", "    });",
       "    ex.barrier(StepCode{kind, s}, xy,", "               width);", "  }", "}"}};
  SourceFile algo{"algo.h",
                  {"// uses StepKind::KoggeStone below", "struct Scan {", "  void run() {",
                   "    iterate(ex,", "            StepKind::KoggeStone);", "  }", "};"}};
  const std::vector<SourceFile> all = {helper, algo};
  const StepSource s = findStepLines({&all[1]}, all, 1 /* KoggeStone */);
  ASSERT_NE(s.file, nullptr);
  EXPECT_EQ(s.file->path, "helper.h");
  EXPECT_EQ(s.firstLine, 3);  // the first ex.parallel
  EXPECT_EQ(s.lastLine, 11);  // the barrier's last line
  const StepSource missing = findStepLines({&all[1]}, all, 4 /* UpSweep */);
  EXPECT_EQ(missing.firstLine, -1);
  EXPECT_FALSE(missing.note.empty());
}

}  // namespace
}  // namespace scanviz
