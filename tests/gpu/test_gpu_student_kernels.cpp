// Students' kernels on the GPU (label gpu): each file of tests/student_kernels/ compiled by NVRTC
// and run in a child process beside the emulator. The textbook kernels give the scan and, at
// every barrier, the emulator's array; the mistakes keep the emulator's verdict and line, and the
// GPU's own run says what the hardware made of them. Skipped without a GPU.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "app/core/algorithms/algorithm_catalog.h"
#include "app/core/capture/capture.h"
#include "app/core/capture/input_spec.h"
#include "app/core/student/kernel_gpu.h"
#include "app/core/student/kernel_grader.h"
#include "tests/unit/student_kernel_files.h"

namespace scanviz::student {
namespace {

KernelRequest requestFor(const std::string& file, const char* like) {
  KernelRequest rq;
  rq.name = file;
  rq.source = readStudentKernel(file);
  if (like) rq.like = findAlgorithm(like);
  rq.input = defaultLessonInput();
  rq.backend = BackendChoice::Cuda;
  rq.gpuTimeLimitSeconds = 5;
  return rq;
}

// Why these tests cannot run here (empty: a GPU answers).
std::string noGpu() {
  if (!gpuKernelSupport().empty()) return gpuKernelSupport();
  KernelRequest probe = requestFor("kogge_stone.cu", "kogge-stone");
  probe.backend = BackendChoice::Auto;
  const GpuVerdict g = gradeKernel(probe).gpu;
  return g.status == "unavailable" ? g.message : "";
}

#define SKIP_WITHOUT_GPU() \
  if (const std::string why = noGpu(); !why.empty()) GTEST_SKIP() << why

struct Textbook {
  const char* file;
  const char* like;
};
const Textbook kTextbook[] = {{"kogge_stone.cu", "kogge-stone"},
                              {"brent_kung.cu", "brent-kung"},
                              {"blelloch.cu", "blelloch"},
                              {"three_phase.cu", "three-phase"},
                              {"hierarchical.cu", "hierarchical"}};

TEST(GpuStudentKernels, TextbookKernelsGiveTheScanAndTheEmulatorsSteps) {
  SKIP_WITHOUT_GPU();
  for (const Textbook& t : kTextbook) {
    for (long long n : {1ll, 7ll, 1023ll, 1025ll, 100000ll}) {
      for (int block : {32, 256, 1024}) {
        if (std::string(t.like) != "kogge-stone" && block == 1024)
          continue;  // two elements a thread
        // The hierarchical scan's second kernel scans the sections' sums in one block.
        if (std::string(t.like) == "hierarchical" && n > 4ll * block * block) continue;
        KernelRequest rq = requestFor(t.file, t.like);
        rq.input = generateInput(InputPattern::Random, n, static_cast<unsigned>(n * 7 + block),
                                 DType::Int32, Operator::Add);
        rq.blockSize = block;
        const KernelVerdict v = gradeKernel(rq);
        const std::string where =
            std::string(t.file) + " n " + std::to_string(n) + " block " + std::to_string(block);
        ASSERT_TRUE(v.gpu.ran) << where << ": " << v.gpu.status << " " << v.gpu.message;
        EXPECT_EQ(v.kind, VerdictKind::Correct) << where << ": " << v.message;
        EXPECT_EQ(v.gpu.wrongIndex, -1) << where;
        EXPECT_TRUE(v.gpu.outputEqualsEmulator) << where;
        EXPECT_GT(v.gpu.stepsCompared, 0) << where;
        EXPECT_EQ(v.gpu.firstDifferentStep, -1) << where;
      }
    }
  }
}

struct Mistake {
  const char* file;
  const char* like;
  VerdictKind kind;
  const char* input;  // empty: the lesson's
};
const Mistake kMistakes[] = {
    {"mistake_one_barrier.cu", "kogge-stone", VerdictKind::Race, ""},
    {"mistake_missing_second_barrier.cu", "kogge-stone", VerdictKind::Race, ""},
    {"mistake_early_return.cu", "brent-kung", VerdictKind::BarrierDivergence, ""},
    {"mistake_offset_times_four.cu", "blelloch", VerdictKind::Wrong, ""},
    {"mistake_down_sweep_from_log2n.cu", "blelloch", VerdictKind::OutOfBounds, ""},
    {"mistake_unguarded_store.cu", "kogge-stone", VerdictKind::OutOfBounds, "3,1,7,0,4,1,6"},
    {"mistake_stride_off_by_one.cu", "kogge-stone", VerdictKind::Wrong, ""},
    {"mistake_stride_never_grows.cu", "kogge-stone", VerdictKind::Hang, ""},
    {"mistake_third_kernel_s_minus_one.cu", nullptr, VerdictKind::OutOfBounds, ""},
};

TEST(GpuStudentKernels, MistakesKeepTheirVerdictAndTheGpuSaysWhatItDid) {
  SKIP_WITHOUT_GPU();
  for (const Mistake& m : kMistakes) {
    KernelRequest rq = requestFor(m.file, m.like);
    if (*m.input) rq.input = parseValues(m.input);
    const KernelVerdict v = gradeKernel(rq);
    EXPECT_EQ(v.kind, m.kind) << m.file << ": " << v.message;
    EXPECT_NE(v.gpu.status, "unavailable") << m.file;
    EXPECT_NE(v.gpu.status, "compile error") << m.file << ": " << v.gpu.message;
    std::cout << m.file << ": " << verdictName(v.kind) << "; GPU " << v.gpu.status
              << (v.gpu.ran ? ", output " + std::string(v.gpu.wrongIndex < 0 ? "right" : "wrong")
                            : "")
              << " " << v.gpu.message << "\n";
    if (m.kind == VerdictKind::Hang) {
      EXPECT_EQ(v.gpu.status, "timed out") << m.file;
    }
  }
}

// What a GPU run costs once the child's CUDA context exists: one session for three verdicts, the
// first paying for the context and NVRTC's first load. NVRTC's compile and the run as the child
// measures them, and the whole verdict, printed for docs/gpu-results.md.
TEST(GpuStudentKernels, CompileAndRunTimes) {
  SKIP_WITHOUT_GPU();
  GpuSession session;
  for (int i = 0; i < 3; ++i) {
    KernelRequest rq = requestFor("kogge_stone.cu", "kogge-stone");
    rq.input = generateInput(InputPattern::Random, 1024, 5, DType::Int32, Operator::Add);
    rq.blockSize = 1024;
    rq.gpuSession = &session;
    const auto started = std::chrono::steady_clock::now();
    const KernelVerdict v = gradeKernel(rq);
    const double total =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started)
            .count();
    ASSERT_TRUE(v.gpu.ran) << v.gpu.message;
    std::cout << "kogge_stone.cu n 1024 block 1024 on " << v.gpu.device << ", run " << i + 1
              << (i == 0 ? " (new child: context and NVRTC's first load)" : " (same child)")
              << ": NVRTC " << v.gpu.compileMs << " ms, load+launch+copy " << v.gpu.runMs
              << " ms, whole verdict " << total << " ms\n";
  }
  EXPECT_EQ(session.childrenStarted(), 1);
}

// The session's child lives on from run to run, and a fault (an illegal address loses CUDA's
// context) or a time-out ends it: the next run gets a new child and a right answer.
TEST(GpuStudentKernels, ASessionOutlivesRunsAndAFaultEndsItsChild) {
  SKIP_WITHOUT_GPU();
  GpuSession session;
  auto grade = [&](const char* file, const char* like) {
    KernelRequest rq = requestFor(file, like);
    rq.gpuSession = &session;
    return gradeKernel(rq).gpu;
  };
  EXPECT_TRUE(grade("kogge_stone.cu", "kogge-stone").ran);
  EXPECT_TRUE(grade("brent_kung.cu", "brent-kung").ran);
  EXPECT_EQ(session.childrenStarted(), 1);
  EXPECT_EQ(grade("mistake_third_kernel_s_minus_one.cu", nullptr).status, "fault");
  const GpuVerdict after = grade("kogge_stone.cu", "kogge-stone");
  EXPECT_TRUE(after.ran) << after.message;
  EXPECT_EQ(after.wrongIndex, -1);
  EXPECT_EQ(session.childrenStarted(), 2);
  EXPECT_EQ(grade("mistake_stride_never_grows.cu", "kogge-stone").status, "timed out");
  EXPECT_TRUE(grade("kogge_stone.cu", "kogge-stone").ran);
  EXPECT_EQ(session.childrenStarted(), 3);
}

}  // namespace
}  // namespace scanviz::student
