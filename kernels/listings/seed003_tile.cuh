// Seed 003's OpenCL tile kernel (Blelloch, exclusive, one element per work-item) with its two
// mistakes, each the seed of a lesson: `early_return::seed` returns early for the work-items past
// N, before its barriers (blelloch-early-return); `offset_times_four::seed` steps its up-sweep
// `offset <<=2`, skipping every other level of the tree (blelloch-offset-times-four). Each seed
// has the other mistake corrected, so that only its own differs; `fixed` (in both namespaces)
// keeps every work-item to the end, pads the slots past N with 0, guards only the store and steps
// `offset <<= 1`. Compiled through opencl_shim.h; scan_tile_kernel is the CUDA launch of one
// work-group a tile, its __local array first filled with 1000 so that the slots the early-return
// seed never loads are recognisable (as tools/lesson_probe.cu fills them on the GPU).
#ifndef LISTING_SEED  // the head; the kernel below it is read once in each form (listing_forms.h)
#ifndef LISTINGS_SEED003_TILE_CUH
#define LISTINGS_SEED003_TILE_CUH

#include "kernels/listings/opencl_shim.h"

#undef SECTION_SIZE
#define SECTION_SIZE 1024

namespace listings::seed003_tile {
namespace early_return {
#define EARLY_RETURN 1
#define LISTING_FILE "kernels/listings/seed003_tile.cuh"
#include "kernels/listings/listing_forms.h"
#undef EARLY_RETURN
}  // namespace early_return

namespace offset_times_four {
#define OFFSET_TIMES_FOUR 1
#define LISTING_FILE "kernels/listings/seed003_tile.cuh"
#include "kernels/listings/listing_forms.h"
#undef OFFSET_TIMES_FOUR
}  // namespace offset_times_four
}  // namespace listings::seed003_tile

#endif
#else

__kernel void scan(
    __global int* data,        // Input/output array in global memory
    __global int* tile_sums,   // Optional output of per-tile total sums
    __local int* temp,         // Local scratch space for scan
    const int N                // Total number of elemenets
){
    // Identify this thread's global and local position
    int gid = get_global_id(0);    // Absolute position in the global arena
    int lid = get_local_id(0);     // Position inside the current work-group
    int group = get_group_id(0);   // Which work-group this is
    int lsize = get_local_size(0); // The size of this work-group

#if LISTING_SEED && EARLY_RETURN
    // [snippet early_return_seed]
    // Out-of-bounds check: do not process data beyond the end
    if (gid >= N) return;
    // [/snippet]
#endif

    // Phase 1: Load data into the shared local memory
#if LISTING_SEED && EARLY_RETURN
    temp[lid] = data[gid];
#else
    // [snippet early_return_fix]
    temp[lid] = gid < N ? data[gid] : 0;  // pad; every thread stays
    // [/snippet]
#endif
    barrier(CLK_LOCAL_MEM_FENCE);  // Wait for all threads to complete load

    // Phase 2: Up-sweep (Reduction)
#if LISTING_SEED && OFFSET_TIMES_FOUR
    // [snippet offset_times_four_seed]
    for (int offset = 1; offset < lsize; offset <<=2) { // from leaf to root
    // [/snippet]
#else
    // [snippet offset_times_four_fix]
    for (int offset = 1; offset < lsize; offset <<= 1) { // from leaf to root
    // [/snippet]
#endif
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
    // [snippet local_size]
    // Use local size of 8 for example:
    // [/snippet]
    //   step0 res: [a0] [a0+a1] [a2] [a0+a1+a2+a3] [a4] [a4+a5] [a6] [0]
    //   offset = 4: step1 res: [a0] [a0+a1] [a2] [0] [a4] [a4+a5] [a6] [a0+a1+a2+a3]
    //   offset = 2: step2 res: [a0] [0] [a2] [a0+a1] [a4] [a0+a1+a2+a3] [a6] [a0+...+a5]
    //   offset = 1: step3 res: [0] [a0] [a0+a1] [a0+a1+a2] ... [a0+...+a6]
    for (int offset = lsize >> 1; offset > 0; offset >>= 1) {
        int index = (lid + 1) * offset * 2 - 1;
        if (index < lsize) {
            int t = temp[index - offset];
            temp[index - offset] = temp[index];
            temp[index] += t;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }

#if LISTING_SEED && EARLY_RETURN
    data[gid] = temp[lid];
#else
    // [snippet early_return_fix]
    if (gid < N) data[gid] = temp[lid];    // guard only the store
    // [/snippet]
#endif
}

__global__ void scan_tile_kernel(int *data, int *tile_sums, int N) {
    __shared__ int temp[SECTION_SIZE];
    temp[threadIdx.x] = 1000;
    __syncthreads();
    scan(data, tile_sums, temp, N);
}

#endif
