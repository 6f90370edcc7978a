// A build without CUDA: students' kernels run on the emulator only.
#include "app/core/student/kernel_gpu.h"

namespace scanviz::student {

std::string gpuKernelSupport() {
  return "this scanviz was built without the CUDA toolkit (NVRTC): students' kernels run on the "
         "emulator only";
}

GpuKernelResult runOnGpuHere(const GpuKernelRequest&) {
  GpuKernelResult r;
  r.message = gpuKernelSupport();
  return r;
}

}  // namespace scanviz::student
