// The kernels of the block-level and hierarchical scans on the GPU and their launches: one block
// scans one section with the per-block code of kernels/block/ (the code the emulator runs), the
// grid steps add each section's scanned total back (or, segmented, carry it up to the first
// head). With a TraceRecorder the recorded block writes its steps into the DeviceTraceBuffer and
// every block its timing; with the NullRecorder nothing is recorded. The driver that chains the
// levels is written once for every backend (app/core/backends/hierarchical_driver.h).
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "kernels/block/segmented_io.h"
#include "kernels/exec/device_clock.cuh"
#include "kernels/exec/device_trace_buffer.h"
#include "kernels/exec/gpu_block_exec.cuh"
#include "kernels/exec/unmapped.h"
#include "kernels/grid/segmented_hierarchical.h"
#include "kernels/launch/cuda_check.cuh"
#include "kernels/launch/device_array.cuh"
#include "kernels/lessons/hierarchical_s_minus_one.h"

namespace scanviz {

template <class Rec>
__device__ Rec makeRecorder(const DeviceTraceBuffer& buf, bool recordSteps);

template <>
__device__ inline NullRecorder makeRecorder<NullRecorder>(const DeviceTraceBuffer&, bool) {
  return NullRecorder{};
}

template <>
__device__ inline TraceRecorder makeRecorder<TraceRecorder>(const DeviceTraceBuffer& buf,
                                                            bool recordSteps) {
  TraceRecorder r;
  r.buf = buf;
  r.active = recordSteps;
  r.step = 0;
  r.rowBlock = static_cast<int>(blockIdx.x);
  return r;
}

// The problem's flags and second array on the device (ElementRows), null where absent.
struct DeviceRows {
  const uint8_t* flags = nullptr;
  const int32_t* second = nullptr;
};

// One launch of scanSectionsKernel over n elements, one section per block.
template <class T>
struct SectionsArgs {
  const T* in = nullptr;
  T* out = nullptr;
  long long n = 0;
  bool exclusive = false;
  Operator op = Operator::Add;
  T* sums = nullptr;            // each section's total for the next level; null: not wanted
  uint8_t* sumFlags = nullptr;  // segmented scans: whether the section holds a segment head
  DeviceRows rows;
  DeviceTraceBuffer buf;    // TraceRecorder only: where the recorded block writes its steps
  bool timeBlocks = false;  // TraceRecorder only: every block writes its start and end
};

template <class T, class Rec, class Algo>
__global__ void scanSectionsKernel(Algo algo, SectionsArgs<T> a) {
  extern __shared__ unsigned char sharedBytes[];
  T* xy = reinterpret_cast<T*>(sharedBytes);
  const long long block = blockIdx.x;
  DeviceBlockTiming timing{};
  if (Rec::kRecords && a.timeBlocks && threadIdx.x == 0) {
    timing.start = globalTimerNs();
    timing.sm = smId();
  }
  Rec rec = makeRecorder<Rec>(a.buf, block == a.buf.recordBlock);
  GpuBlockExec<T, Rec> ex(a.op, rec);
  const long long section = algo.sectionSize(static_cast<int>(blockDim.x));
  if constexpr (requires { requires Algo::kSharedSlack; }) {
    // A seed's accesses past its working array (kernels/lessons/seed003_tile.h) land in slack
    // after it, holding what the emulator's out-of-bounds read gives.
    for (long long i = section + threadIdx.x; i < algo.sharedSlots(static_cast<int>(blockDim.x));
         i += blockDim.x)
      xy[i] = unmappedValue<T>();
    __syncthreads();
  }
  SectionIO<T> io;
  io.in = a.in + block * section;
  io.out = a.out + block * section;
  io.n = static_cast<int>(min(section, a.n - block * section));
  io.exclusive = a.exclusive;
  io.total = a.sums ? a.sums + block : nullptr;
  io.flags = a.rows.flags ? a.rows.flags + block * section : nullptr;
  io.second = a.rows.second ? a.rows.second + block * section : nullptr;
  io.totalFlag = a.sumFlags ? a.sumFlags + block : nullptr;
  algo.run(ex, xy, io);
  if (Rec::kRecords && a.timeBlocks && threadIdx.x == 0 && block < a.buf.maxBlocks) {
    timing.end = globalTimerNs();
    timing.waitStart = timing.waitEnd = timing.start;
    timing.id = timing.launchIndex = static_cast<int32_t>(block);
    a.buf.blocks[block] = timing;
  }
}

// The dynamic shared memory of one section's block: the algorithm's working array.
template <class T, class Algo>
size_t sectionSharedBytes(const Algo& algo, int threads) {
  return static_cast<size_t>(algo.sharedSlots(threads)) * sizeof(T);
}

// Asks for the section kernel's shared memory where it is above the default limit.
template <class T, class Rec, class Algo>
void prepareScanSections(const Algo& algo, int threads) {
  raiseSharedMemoryLimit(scanSectionsKernel<T, Rec, Algo>, sectionSharedBytes<T>(algo, threads),
                         "raise the shared-memory limit");
}

// Enqueues the section kernel (prepareScanSections first); the caller checks the launch.
template <class T, class Rec, class Algo>
void launchScanSections(const Algo& algo, long long blocks, int threads, const SectionsArgs<T>& a) {
  scanSectionsKernel<T, Rec, Algo>
      <<<static_cast<unsigned>(blocks), threads, sectionSharedBytes<T>(algo, threads)>>>(algo, a);
}

// Combines each section's scanned total (exclusive over the sections) into its elements.
template <class T>
__global__ void addBlockSumsKernel(T* out, const T* scannedSums, long long n, long long section,
                                   Operator op) {
  const long long stride = static_cast<long long>(gridDim.x) * blockDim.x;
  for (long long i = section + blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x; i < n;
       i += stride)
    out[i] = OpTraits<T>::apply(op, scannedSums[i / section], out[i]);
}

template <class T>
void launchAddBlockSums(T* out, const T* scanned, long long n, long long section, Operator op) {
  const int threads = 256;
  const long long work = n - section;
  const int blocks = static_cast<int>(std::min<long long>((work + threads - 1) / threads, 1 << 16));
  addBlockSumsKernel<T><<<blocks, threads>>>(out, scanned, n, section, op);
  cudaCheckLaunch("addBlockSums", false);
}

// Seed 000's third kernel (kernels/lessons/hierarchical_s_minus_one.h), one block per section:
// block 0 reads S[-1], which lies in the slack the caller keeps before `scanned`.
template <class T>
__global__ void seedThirdKernel(T* out, const T* scanned, long long n, int section, int sections,
                                Operator op) {
  NullRecorder rec;
  GpuBlockExec<T, NullRecorder> ex(op, rec);
  const int b = static_cast<int>(blockIdx.x);
  const long long start = static_cast<long long>(b) * section;
  const int count = static_cast<int>(min(static_cast<long long>(section), n - start));
  addPreviousSectionTotal(ex, out + start, count, scanned, sections, b);
}

template <class T>
void launchSeedThirdKernel(T* out, const T* scanned, long long n, int section, Operator op) {
  const long long blocks = (n + section - 1) / section;
  seedThirdKernel<T><<<static_cast<unsigned>(blocks), std::min(section, 1024)>>>(
      out, scanned, n, section, static_cast<int>(blocks), op);
  cudaCheckLaunch("seedThirdKernel", false);
}

// The segmented grid step (kernels/grid/segmented_hierarchical.h), one block per section b >= 1:
// the section's first head, then the carry into the elements before it; `ops` (when not null)
// counts them.
template <class T>
__global__ void addSegmentCarryKernel(T* out, const uint8_t* flags, const T* scanned, long long n,
                                      int section, Operator op, unsigned long long* ops) {
  __shared__ int firstHead;
  const long long b = blockIdx.x + 1ll;
  const long long start = b * section;
  const int count = static_cast<int>(min(static_cast<long long>(section), n - start));
  if (threadIdx.x == 0) firstHead = count;
  __syncthreads();
  if (flags)
    for (int i = threadIdx.x; i < count; i += blockDim.x)
      if (flags[start + i]) atomicMin(&firstHead, i);
  __syncthreads();
  const T carry = segmentCarry(scanned, b);
  for (int i = threadIdx.x; i < count && carryReaches(i, firstHead); i += blockDim.x)
    out[start + i] = withCarry(op, carry, out[start + i]);
  if (ops && threadIdx.x == 0) atomicAdd(ops, static_cast<unsigned long long>(firstHead));
}

// Enqueues the carries (none for one section); `ops`: a device counter they add to, or null.
template <class T>
void enqueueAddSegmentCarries(T* out, const uint8_t* flags, const T* scanned, long long n,
                              int section, Operator op, unsigned long long* ops) {
  const long long blocks = (n + section - 1) / section - 1;
  if (blocks < 1) return;
  addSegmentCarryKernel<T>
      <<<static_cast<unsigned>(blocks), 256>>>(out, flags, scanned, n, section, op, ops);
  cudaCheckLaunch("addSegmentCarry", false);
}

// The carries, waited for: returns the operator applications they took.
template <class T>
int64_t launchAddSegmentCarries(T* out, const uint8_t* flags, const T* scanned, long long n,
                                int section, Operator op) {
  if ((n + section - 1) / section < 2) return 0;
  DeviceArray<unsigned long long> ops(1);
  ops.zero();
  enqueueAddSegmentCarries(out, flags, scanned, n, section, op, ops.get());
  return static_cast<int64_t>(ops.toHost()[0]);
}

}  // namespace scanviz
