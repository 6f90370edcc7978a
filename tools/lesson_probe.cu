// Runs the flawed kernels of kernels/lessons/ on a GPU outside the app, for docs/gpu-results.md.
// A kernel with a barrier mismatch may hang a GPU, so this never runs inside scanviz: the script
// tools/gpu-lessons.sh builds it with nvcc and runs each mode in a child process with a timeout.
//   lesson_probe race RUNS BLOCK SECTIONS   the one-barrier Kogge-Stone over SECTIONS sections of
//                                           BLOCK ones, RUNS launches; then the fixed kernel
//   lesson_probe early-return N BLOCK       one partial tile of N < BLOCK elements 1..N
//   lesson_probe deterministic              the other flawed kernels on their lesson inputs
//   lesson_probe unguarded N BLOCK          the unguarded store and the length-less Hillis-Steele
//                                           over N elements 1..N in arrays of exactly N (run it
//                                           under compute-sanitizer memcheck to see the accesses)
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "kernels/block/kogge_stone.h"
#include "kernels/exec/gpu_block_exec.cuh"
#include "kernels/lessons/blelloch_early_return.h"
#include "kernels/lessons/blelloch_offset_times_four.h"
#include "kernels/lessons/hillis_steele_unguarded.h"
#include "kernels/lessons/int_accumulator.h"
#include "kernels/lessons/kogge_stone_one_barrier.h"
#include "kernels/lessons/kogge_stone_unguarded_store.h"
#include "kernels/lessons/neighbour_sum_serial.h"

using namespace scanviz;

#define CHECK(call)                                                                       \
  do {                                                                                    \
    cudaError_t e = (call);                                                               \
    if (e != cudaSuccess) {                                                               \
      std::printf("CUDA error %s at %s:%d\n", cudaGetErrorString(e), __FILE__, __LINE__); \
      std::exit(3);                                                                       \
    }                                                                                     \
  } while (0)

template <class Algo, class T>
__global__ void sectionsKernel(const T* in, T* out, int n, bool exclusive) {
  extern __shared__ unsigned char bytes[];
  T* xy = reinterpret_cast<T*>(bytes);
  NullRecorder rec;
  GpuBlockExec<T, NullRecorder> ex(Operator::Add, rec);
  const int section = Algo::sectionSize(static_cast<int>(blockDim.x));
  SectionIO<T> io;
  io.in = in + static_cast<long long>(blockIdx.x) * section;
  io.out = out + static_cast<long long>(blockIdx.x) * section;
  io.n = min(section, n - static_cast<int>(blockIdx.x) * section);
  io.exclusive = exclusive;
  Algo::run(ex, xy, io);
}

// Leaves `value` in every shared-memory slot a block of `threads` can see, so that what the
// early-return kernel reads from slots it never loaded is recognisable (if the GPU keeps it).
__global__ void fillShared(int value) {
  extern __shared__ int slots[];
  slots[threadIdx.x] = value;
}

template <class Algo, class T>
std::vector<T> runOnce(const std::vector<T>& in, int block, int sections, bool exclusive) {
  T *dIn, *dOut;
  const size_t bytes = in.size() * sizeof(T);
  CHECK(cudaMalloc(&dIn, bytes));
  CHECK(cudaMalloc(&dOut, bytes));
  CHECK(cudaMemcpy(dIn, in.data(), bytes, cudaMemcpyHostToDevice));
  CHECK(cudaMemset(dOut, 0, bytes));
  sectionsKernel<Algo, T><<<sections, block, Algo::sharedSlots(block) * sizeof(T)>>>(
      dIn, dOut, static_cast<int>(in.size()), exclusive);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  std::vector<T> out(in.size());
  CHECK(cudaMemcpy(out.data(), dOut, bytes, cudaMemcpyDeviceToHost));
  cudaFree(dIn);
  cudaFree(dOut);
  return out;
}

template <class T>
void print(const char* what, const std::vector<T>& v) {
  std::printf("%s:", what);
  for (const T x : v) std::printf(" %g", static_cast<double>(x));
  std::printf("\n");
}

template <class Algo>
void raceRuns(const char* name, int runs, int block, int sections) {
  const std::vector<int> ones(static_cast<size_t>(block) * sections, 1);
  long long wrongSections = 0, wrongLaunches = 0;
  std::map<int, long long> firstWrong;  // first wrong cell of a section -> how often
  for (int r = 0; r < runs; ++r) {
    const std::vector<int> out = runOnce<Algo>(ones, block, sections, false);
    bool any = false;
    for (int s = 0; s < sections; ++s) {
      for (int i = 0; i < block; ++i) {
        if (out[static_cast<size_t>(s) * block + i] != i + 1) {
          ++wrongSections;
          ++firstWrong[i];
          any = true;
          break;
        }
      }
    }
    wrongLaunches += any;
  }
  std::printf("%s block %d: %lld of %lld sections wrong (%.4f%%), %lld of %d launches had one\n",
              name, block, wrongSections, static_cast<long long>(runs) * sections,
              100.0 * wrongSections / (static_cast<double>(runs) * sections), wrongLaunches, runs);
  int shown = 0;
  for (const auto& [cell, count] : firstWrong)
    if (shown++ < 8) std::printf("  first wrong cell %d: %lld sections\n", cell, count);
}

int main(int argc, char** argv) {
  const std::string mode = argc > 1 ? argv[1] : "";
  cudaDeviceProp p;
  CHECK(cudaGetDeviceProperties(&p, 0));
  // The grid's size limit too: seed 000 says 65536 blocks in x (app/core/lesson/errata.cpp).
  std::printf("device: %s (sm_%d%d), max grid %d x %d x %d blocks\n", p.name, p.major, p.minor,
              p.maxGridSize[0], p.maxGridSize[1], p.maxGridSize[2]);
  if (mode == "race" && argc == 5) {
    const int runs = std::atoi(argv[2]), block = std::atoi(argv[3]), sections = std::atoi(argv[4]);
    raceRuns<KoggeStoneOneBarrierScan>("one-barrier Kogge-Stone (flawed)", runs, block, sections);
    raceRuns<KoggeStoneScan>("Kogge-Stone (fixed)", runs, block, sections);
    return 0;
  }
  if (mode == "early-return" && argc == 4) {
    const int n = std::atoi(argv[2]), block = std::atoi(argv[3]);
    std::vector<int> in(static_cast<size_t>(n));
    for (int i = 0; i < n; ++i) in[static_cast<size_t>(i)] = i + 1;
    fillShared<<<1, block, block * sizeof(int)>>>(1000);
    CHECK(cudaDeviceSynchronize());
    print("input", in);
    const std::vector<int> out = runOnce<BlellochEarlyReturnScan>(in, block, 1, true);
    print("early-return output (exclusive)", out);
    std::vector<int> expected(in.size(), 0);
    for (size_t i = 1; i < in.size(); ++i) expected[i] = expected[i - 1] + in[i - 1];
    print("expected", expected);
    std::printf("kernel returned: yes\n");
    return 0;
  }
  if (mode == "deterministic") {
    const std::vector<int> lesson = {3, 1, 7, 0, 4, 1, 6, 3};
    print("offset<<=2 (exclusive)", runOnce<BlellochOffsetTimesFourScan>(lesson, 8, 1, true));
    print("neighbour sum", runOnce<NeighbourSumSerialScan>(lesson, 8, 1, false));
    const std::vector<float> halves = {0.5f, 0.5f, 0.5f, 0.5f, 1.75f, 2.25f, -0.5f, 3.0f};
    print("int accumulator", runOnce<IntAccumulatorScan>(halves, 8, 1, false));
    return 0;
  }
  if (mode == "unguarded" && argc == 4) {
    const int n = std::atoi(argv[2]), block = std::atoi(argv[3]);
    std::vector<int> in(static_cast<size_t>(n));
    for (int i = 0; i < n; ++i) in[static_cast<size_t>(i)] = i + 1;
    const int sections = (n + block - 1) / block;
    print("input", in);
    print("unguarded store", runOnce<KoggeStoneUnguardedStoreScan>(in, block, sections, false));
    print("hillis-steele, no length",
          runOnce<HillisSteeleUnguardedScan>(in, block, sections, false));
    std::printf("kernels returned: yes\n");
    return 0;
  }
  std::printf(
      "usage: lesson_probe race RUNS BLOCK SECTIONS | early-return N BLOCK | "
      "deterministic | unguarded N BLOCK\n");
  return 2;
}
