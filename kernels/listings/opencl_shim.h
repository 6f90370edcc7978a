// The few words of OpenCL C that the seeds' OpenCL kernels use (seeds 003 and 004), spelled in
// CUDA, so that those kernels compile as they are printed: a `__kernel` becomes a __device__
// function, which a thin __global__ wrapper in the listing calls with its `__local` arrays (CUDA
// cannot pass shared memory from the host). One dimension only; get_global_id is blockIdx.x *
// blockDim.x + threadIdx.x, as an NDRange of whole work-groups gives. Include it after the standard
// headers:
// `__global`, `__local` and `__kernel` are macros from here on.
#pragma once

#include <cstddef>

#include "kernels/listings/cuda_host_shim.h"

#define __kernel __device__
#define __global
#define __local
#define CLK_LOCAL_MEM_FENCE 0

typedef unsigned int uint;

__device__ inline uint get_global_id(int) {
  return blockIdx.x * blockDim.x + threadIdx.x;
}
__device__ inline uint get_local_id(int) {
  return threadIdx.x;
}
__device__ inline uint get_group_id(int) {
  return blockIdx.x;
}
__device__ inline uint get_local_size(int) {
  return blockDim.x;
}
__device__ inline void barrier(int) {
  __syncthreads();
}
