// Seed 003's OpenCL tile kernel (Blelloch, exclusive, one element per work-item) for the lesson
// blelloch-offset-times-four: `seed` steps its up-sweep `offset <<=2`, skipping every other level
// of the tree; `fixed` steps `offset <<= 1`. Both keep every work-item to the end and pad (the
// other mistake of the seed's kernel is blelloch_early_return.cuh's), so that only the step
// differs. Compiled through opencl_shim.h; scan_tile_kernel is the CUDA launch of one work-group a
// tile.
#pragma once

#include "kernels/listings/opencl_shim.h"

#undef SECTION_SIZE
#define SECTION_SIZE 1024

namespace listings::blelloch_offset_times_four {

namespace seed {
__kernel void scan(
    __global int* data,        // Input/output array in global memory
    __global int* tile_sums,   // Optional output of per-tile total sums
    __local int* temp,         // Local scratch space for scan
    const int N                // Total number of elements
){
    int gid = get_global_id(0);    // Absolute position in the global arena
    int lid = get_local_id(0);     // Position inside the current work-group
    int group = get_group_id(0);   // Which work-group this is
    int lsize = get_local_size(0); // The size of this work-group

    // Phase 1: Load data into the shared local memory
    temp[lid] = gid < N ? data[gid] : 0;  // pad; every thread stays
    barrier(CLK_LOCAL_MEM_FENCE);  // Wait for all threads to complete load

    // Phase 2: Up-sweep (Reduction)
    // [snippet seed]
    for (int offset = 1; offset < lsize; offset <<=2) { // from leaf to root
    // [/snippet]
        int index = (lid + 1) * offset * 2 - 1;
        if (index < lsize) {
            temp[index] += temp[index - offset];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    // Phase 3: Prepare for exclusive scan
    if (lid == lsize - 1) {
        if (tile_sums != NULL) {
            tile_sums[group] = temp[lid];
        }
        temp[lid] = 0;
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    // Phase 4: Down-sweep (Distribution)
    for (int offset = lsize >> 1; offset > 0; offset >>= 1) {
        int index = (lid + 1) * offset * 2 - 1;
        if (index < lsize) {
            int t = temp[index - offset];
            temp[index - offset] = temp[index];
            temp[index] += t;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    if (gid < N) data[gid] = temp[lid];    // guard only the store
}

__global__ void scan_tile_kernel(int *data, int *tile_sums, int N) {
    __shared__ int temp[SECTION_SIZE];
    scan(data, tile_sums, temp, N);
}
}  // namespace seed

namespace fixed {
__kernel void scan(
    __global int* data,        // Input/output array in global memory
    __global int* tile_sums,   // Optional output of per-tile total sums
    __local int* temp,         // Local scratch space for scan
    const int N                // Total number of elements
){
    int gid = get_global_id(0);    // Absolute position in the global arena
    int lid = get_local_id(0);     // Position inside the current work-group
    int group = get_group_id(0);   // Which work-group this is
    int lsize = get_local_size(0); // The size of this work-group

    // Phase 1: Load data into the shared local memory
    temp[lid] = gid < N ? data[gid] : 0;  // pad; every thread stays
    barrier(CLK_LOCAL_MEM_FENCE);  // Wait for all threads to complete load

    // Phase 2: Up-sweep (Reduction)
    // [snippet fix]
    for (int offset = 1; offset < lsize; offset <<= 1) { // from leaf to root
    // [/snippet]
        int index = (lid + 1) * offset * 2 - 1;
        if (index < lsize) {
            temp[index] += temp[index - offset];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    // Phase 3: Prepare for exclusive scan
    if (lid == lsize - 1) {
        if (tile_sums != NULL) {
            tile_sums[group] = temp[lid];
        }
        temp[lid] = 0;
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    // Phase 4: Down-sweep (Distribution)
    for (int offset = lsize >> 1; offset > 0; offset >>= 1) {
        int index = (lid + 1) * offset * 2 - 1;
        if (index < lsize) {
            int t = temp[index - offset];
            temp[index - offset] = temp[index];
            temp[index] += t;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    if (gid < N) data[gid] = temp[lid];    // guard only the store
}

__global__ void scan_tile_kernel(int *data, int *tile_sums, int N) {
    __shared__ int temp[SECTION_SIZE];
    scan(data, tile_sums, temp, N);
}
}  // namespace fixed

}  // namespace listings::blelloch_offset_times_four
