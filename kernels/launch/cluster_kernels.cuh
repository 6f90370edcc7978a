// The cluster look-back scan's kernel (kernels/grid/cluster_lookback.h) and its launch: the
// scheme's stages between cluster barriers, on the GPU. The grid object (GpuClusterGrid) is the
// single-pass one (gpu_grid_exec.cuh) plus what a cluster adds: the block's rank, its neighbours'
// shared state through distributed shared memory (cluster.map_shared_rank), and the level its
// steps are recorded at. With a TraceRecorder the kernel records the chosen tile's steps, work
// in every block and every block's timing (TileClock); with the NullRecorder it is the kernel
// `verify` and `bench` time. Clusters need compute capability 9.0; the host checks it first, and
// for an older architecture the kernel body compiles to nothing.
#pragma once

#include <cooperative_groups.h>
#include <cuda_runtime.h>

#include "kernels/exec/gpu_block_exec.cuh"
#include "kernels/grid/cluster_lookback.h"
#include "kernels/grid/gpu_grid_exec.cuh"
#include "kernels/launch/cuda_check.cuh"
#include "kernels/launch/single_pass_kernels.cuh"

namespace scanviz {

template <class T, class Rec, class Shared>
class GpuClusterGrid : public GpuGrid<T, Rec> {
 public:
  __device__ GpuClusterGrid(const SinglePassDeviceArgs<T>& args, Rec& rec, Shared& own, int tile,
                            int rank)
      : GpuGrid<T, Rec>(args, rec), rec_(rec), own_(own), tile_(tile), rank_(rank) {}

  // The tile is fixed by the cluster's ticket and the block's rank (taken before the tile scan).
  __device__ int acquireTileId() const { return tile_; }
  __device__ int clusterRank() const { return rank_; }
  // The same variable in the shared memory of the cluster's block `rank`.
  __device__ const Shared& peer(int rank) const {
    return *cooperative_groups::this_cluster().map_shared_rank(&own_, rank);
  }
  __device__ void recordLevel(int level) {
    if constexpr (Rec::kRecords) rec_.level = level;
  }

 private:
  Rec& rec_;
  Shared& own_;
  int tile_;
  int rank_;
};

template <class Scheme, class T, class Rec>
__global__ void __launch_bounds__(1024)
    clusterScanKernel(const T* in, T* out, long long n, Operator op, bool exclusive,
                      SinglePassDeviceArgs<T> args, DeviceTraceBuffer buf) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  constexpr int C = Scheme::kClusterBlocks;
  using Shared = ClusterTileShared<T>;
  extern __shared__ __align__(128) unsigned char tileBytes[];
  T* xy = reinterpret_cast<T*>(tileBytes);
  __shared__ Shared sh;
  __shared__ int ticket, gaveUp, inspected;
  cooperative_groups::cluster_group cluster = cooperative_groups::this_cluster();
  const int rank = static_cast<int>(cluster.block_rank());
  TileClock<Rec> clock;
  clock.start();
  Rec rec = makeTileRecorder<Rec>(buf);
  GpuBlockExec<T, Rec> ex(op, rec);
  if (threadIdx.x == 0) {
    gaveUp = 0;
    inspected = 0;
    if (rank == 0) ticket = atomicAdd(&args.diag->tileCounter, 1);  // one ticket a cluster
  }
  cluster.sync();
  const int tile = *cluster.map_shared_rank(&ticket, 0) * C + rank;
  GpuClusterGrid<T, Rec, Shared> grid(args, rec, sh, tile, rank);

  Scheme::scanTile(ex, grid, sh, xy, in, n);
  cluster.sync();  // every block's total is in its shared memory
  Scheme::gatherClusterTotals(ex, grid, sh);
  clock.waitStart();
  const int width = Scheme::windowWidth(static_cast<int>(blockDim.x));
  if (Scheme::isLastOfCluster(rank) && static_cast<int>(threadIdx.x) < width) {
    GpuLookbackWarp warp(width);
    LookbackCursor<T> cursor = Scheme::startLookback(sh, op);
    SpinWatchdog watchdog(args.diag, args.spinTimeoutNs, args.epoch);
    bool stop = false;
    while (!stop && Scheme::poll(warp, grid, sh, cursor, op) != PollResult::Done) {
      const bool expired = threadIdx.x == 0 && watchdog.expired(sh.tile, cursor.waitingFor);
      stop = __shfl_sync(warp.mask(), expired, 0);
    }
    if (threadIdx.x == 0) {
      gaveUp = stop;
      inspected = cursor.inspected;
    }
  }
  cluster.sync();  // the cluster's prefix (or the decision to give up) is in the last block
  clock.waitEnd(inspected);
  const bool stop = *cluster.map_shared_rank(&gaveUp, C - 1);
  if (!stop) Scheme::takeClusterPrefix(ex, grid, sh);
  cluster.sync();  // every block has read the last block's shared memory; sh.prefix is visible
  if (stop) return;
  Scheme::finishTile(ex, sh, xy, out, exclusive);
  clock.finish(buf, sh.tile);
#endif
}

// Enqueues the kernel in clusters of Scheme::kClusterBlocks, `tiles` rounded up to whole
// clusters; the caller resets the workspace before and checks the launch after.
template <class Scheme, class T, class Rec>
void launchClusterKernel(long long tiles, int threads, const T* in, T* out, long long n,
                         Operator op, bool exclusive, const SinglePassDeviceArgs<T>& args,
                         const DeviceTraceBuffer& buf) {
  constexpr int C = Scheme::kClusterBlocks;
  const size_t shared = static_cast<size_t>(Scheme::sharedSlots(threads)) * sizeof(T);
  const auto kernel = clusterScanKernel<Scheme, T, Rec>;
  raiseSharedMemoryLimit(kernel, shared, "raise the cluster kernel's shared-memory limit");
  cudaLaunchAttribute cluster{};
  cluster.id = cudaLaunchAttributeClusterDimension;
  cluster.val.clusterDim.x = C;
  cluster.val.clusterDim.y = 1;
  cluster.val.clusterDim.z = 1;
  cudaLaunchConfig_t config{};
  config.gridDim = dim3(static_cast<unsigned>((tiles + C - 1) / C * C));
  config.blockDim = dim3(static_cast<unsigned>(threads));
  config.dynamicSmemBytes = shared;
  config.attrs = &cluster;
  config.numAttrs = 1;
  cudaCheck(cudaLaunchKernelEx(&config, kernel, in, out, n, op, exclusive, args, buf),
            "launch the cluster look-back kernel");
}

}  // namespace scanviz
