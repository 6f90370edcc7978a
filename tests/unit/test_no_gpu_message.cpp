// What a machine without a usable GPU tells the user: what it means (no driver, no GPU), that the
// CPU emulator runs instead and that GPU traces still open, then CUDA's own words for reference.
#include <gtest/gtest.h>

#include <string>

#include "app/core/backends/cuda_backend.h"

namespace scanviz {
namespace {

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(NoGpuMessage, AMissingDriverIsSaidInWordsWithTheWayOn) {
  const std::string m =
      noCudaDeviceMessage(35, "CUDA driver version is insufficient for CUDA runtime version");
  EXPECT_EQ(m.rfind("no CUDA device: ", 0), 0u) << m;
  EXPECT_TRUE(has(m, "no NVIDIA driver")) << m;
  EXPECT_TRUE(has(m, "CPU emulator runs the same kernels")) << m;
  EXPECT_TRUE(has(m, "traces captured on a GPU open from files")) << m;
  // CUDA's own text comes last, as a reference, not as the explanation.
  EXPECT_GT(m.find("CUDA error 35: CUDA driver version is insufficient"), m.find("emulator")) << m;
}

TEST(NoGpuMessage, NoDeviceAndOtherErrorsGetTheirOwnReason) {
  EXPECT_TRUE(has(noCudaDeviceMessage(100, "no CUDA-capable device is detected"),
                  "the NVIDIA driver finds no GPU"));
  const std::string other = noCudaDeviceMessage(999, "unknown error");
  EXPECT_TRUE(has(other, "the CUDA runtime could not start")) << other;
  EXPECT_TRUE(has(other, "(CUDA error 999: unknown error)")) << other;
}

TEST(NoGpuMessage, ThisMachinesStatusUsesTheWordingWhenNoGpuAnswers) {
  const CudaStatus& s = cudaStatus();
  if (s.available) GTEST_SKIP() << "a CUDA device answers on this machine";
  EXPECT_EQ(s.message.rfind("no CUDA device: ", 0), 0u) << s.message;
  // A build with CUDA that finds no driver explains it; a build without CUDA says so instead.
  EXPECT_TRUE(has(s.message, "CPU emulator") || has(s.message, "no CUDA support")) << s.message;
}

}  // namespace
}  // namespace scanviz
