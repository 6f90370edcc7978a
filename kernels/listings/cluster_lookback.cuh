// The cluster look-back scan (kernels/grid/cluster_lookback.h) in PMPP chapter 8's conventions,
// as the code panel shows it beside a cluster-lookback trace: the decoupled look-back of
// decoupled_lookback.cuh one level up, over Hopper's thread-block clusters. The kernel is launched
// in clusters of CLUSTER_SIZE blocks (__cluster_dims__); the first block of a cluster takes one
// ticket, so the cluster's tiles are consecutive. Each block scans its tile in three phases and
// leaves its total in its shared memory; after a cluster barrier each block reads the cluster's
// totals from its neighbours' shared memory (cluster.map_shared_rank: distributed shared memory)
// and scans them; the last block of the cluster publishes the cluster's total and looks back over
// the earlier clusters with warp_look_back. After a second cluster barrier every block reads the
// cluster's prefix from the last block's shared memory; a third keeps that shared memory alive
// until all have read it. The caller zeroes flags and *DCounter and launches a multiple of
// CLUSTER_SIZE blocks.
// Clusters need a GPU of compute capability 9.0: the host shim has none, so this listing is
// compiled by nvcc only and run by tests/gpu/algorithm_listings_device.cu.
#pragma once

#if defined(__CUDACC__)
#include <cooperative_groups.h>

#include "kernels/listings/decoupled_lookback.cuh"  // its tile load, status part and look-back

#undef SECTION_SIZE
#define SECTION_SIZE 8192
#undef COARSE_FACTOR
#define COARSE_FACTOR 8
#undef CLUSTER_SIZE
#define CLUSTER_SIZE 4

namespace listings::cluster_lookback {

constexpr int kCoarseFactor = COARSE_FACTOR;  // for the tests' launches
constexpr int kClusterSize = CLUSTER_SIZE;
static_assert(kCoarseFactor == decoupled_lookback::kCoarseFactor, "load_and_scan_tile's tiles");
using listings::decoupled_lookback::load_and_scan_tile;
using listings::decoupled_lookback::publish;
using listings::decoupled_lookback::warp_look_back;
namespace cg = cooperative_groups;

// [listing cluster-lookback]
// [insert load-and-scan-tile]

// [insert look-back-status]

// [insert warp-look-back]

// Cluster look-back scan: tiles of COARSE_FACTOR * blockDim.x elements, clusters of CLUSTER_SIZE
// blocks, one status word and one look-back per cluster
__global__ void __cluster_dims__(CLUSTER_SIZE, 1, 1)
cluster_lookback_scan_kernel(int *X, int *Y, int InputSize, int *flags, int *aggregate,
                             int *prefix, int *DCounter) {
    cg::cluster_group cluster = cg::this_cluster();
    __shared__ int XY[SECTION_SIZE];
    __shared__ int cid_s, total_s, cluster_prefix_s;
    __shared__ int sums[CLUSTER_SIZE];
    unsigned int rank = cluster.block_rank();
    if (rank == 0 && threadIdx.x == 0) cid_s = atomicAdd(DCounter, 1);  // one ticket a cluster
    cluster.sync();
    int cid = *cluster.map_shared_rank(&cid_s, 0);
    int bid = cid * CLUSTER_SIZE + rank;
    int base = bid * COARSE_FACTOR * blockDim.x;
    load_and_scan_tile(XY, X, base, InputSize);
    if (threadIdx.x == 0) total_s = XY[COARSE_FACTOR * blockDim.x - 1];
    cluster.sync();  // every block's total is in its shared memory
    // [step ClusterGather]
    for (unsigned int r = threadIdx.x; r < CLUSTER_SIZE; r += blockDim.x)
        sums[r] = *cluster.map_shared_rank(&total_s, r);  // block r's shared memory
    // [/step]
    __syncthreads();
    // [step ClusterScan]
    for (unsigned int stride = 1; stride < CLUSTER_SIZE; stride *= 2) {
        int temp[CLUSTER_SIZE];
        for (unsigned int r = threadIdx.x; r < CLUSTER_SIZE; r += blockDim.x)
            if (r >= stride) temp[r] = sums[r - stride];
        __syncthreads();  // every read before any write
        for (unsigned int r = threadIdx.x; r < CLUSTER_SIZE; r += blockDim.x)
            if (r >= stride) sums[r] += temp[r];
        __syncthreads();
    }
    // [/step]
    // [step TilePrefix]
    if (rank == CLUSTER_SIZE - 1) {  // the last block publishes and looks back for its cluster
        int cluster_total = sums[CLUSTER_SIZE - 1];
        if (threadIdx.x == 0) {
            publish(flags, cid == 0 ? prefix : aggregate, cid, cluster_total,
                    cid == 0 ? FLAG_P : FLAG_A);
            cluster_prefix_s = 0;
        }
        unsigned int lanes = blockDim.x < warpSize ? blockDim.x : warpSize;
        if (cid > 0 && threadIdx.x < lanes) {  // its first warp looks back over clusters
            int exclusive = warp_look_back(flags, aggregate, prefix, cid, lanes);
            if (threadIdx.x == 0) {
                cluster_prefix_s = exclusive;
                publish(flags, prefix, cid, exclusive + cluster_total, FLAG_P);
            }
        }
    }
    cluster.sync();  // the cluster's prefix is in the last block's shared memory
    int exclusive = *cluster.map_shared_rank(&cluster_prefix_s, CLUSTER_SIZE - 1);
    if (rank > 0) exclusive += sums[rank - 1];
    cluster.sync();  // every block has read it: the last block may leave
    for (unsigned int j = 0; j < COARSE_FACTOR; ++j) {
        unsigned int k = j * blockDim.x + threadIdx.x;
        if (base + k < InputSize) Y[base + k] = exclusive + XY[k];
    }
    // [/step]
}
// [/listing]

}  // namespace listings::cluster_lookback

#endif  // __CUDACC__
