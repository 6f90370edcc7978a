// The GPU's clocks for block timing: %globaltimer (nanoseconds, comparable across SMs) and the id
// of the SM a block runs on. Read by the instrumented kernels and by the look-back's watchdog.
#pragma once

#include <cuda_runtime.h>

namespace scanviz {

__device__ __forceinline__ unsigned long long globalTimerNs() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

__device__ __forceinline__ int smId() {
  unsigned id;
  asm volatile("mov.u32 %0, %%smid;" : "=r"(id));
  return static_cast<int>(id);
}

}  // namespace scanviz
