// Seed 003's Blelloch pseudo-code made code, one line of code under each line of pseudo-code
// (the `//|` lines, which the lesson blelloch-down-sweep-log2n and erratum up-sweep-bound show):
// `seed` runs the down-sweep from d = log2 n, as the pseudo-code prints it, and swaps the cleared
// root with x[2n - 1], past the array; `fixed` runs it from d = log2(n) - 1; `up_sweep_as_printed`
// is `fixed` with the up-sweep's bound as printed, log2(n - 1), read as its integer part. One
// work-group of n work-items scans n elements (a power of two); x has n slots of slack after the
// array (CUDA launch below: filled with 0xDEADBEEF, -559038737, as the app's GPU launch fills it),
// so that the seed's x[2n - 1] is memory the test owns.
#ifndef LISTING_SEED  // the head; the kernel below it is read once in each form (listing_forms.h)
#ifndef LISTINGS_BLELLOCH_DOWN_SWEEP_LOG2N_CUH
#define LISTINGS_BLELLOCH_DOWN_SWEEP_LOG2N_CUH

#include "kernels/listings/opencl_shim.h"

#undef SECTION_SIZE
#define SECTION_SIZE 1024

namespace listings::blelloch_down_sweep_log2n {

__device__ inline int floor_log2(int v) {
    int d = 0;
    while (v >>= 1) d++;
    return d;
}

// The CUDA launch: one work-group of n work-items a tile of n elements, x with n slots of slack.
__device__ inline void fill_slack(int *x) {
    x[blockDim.x + threadIdx.x] = -559038737;  // 0xDEADBEEF
    __syncthreads();
}

#define LISTING_FILE "kernels/listings/blelloch_down_sweep_log2n.cuh"
#include "kernels/listings/listing_forms.h"

namespace up_sweep_as_printed {  // `fixed`, but for the up-sweep's bound
#define LISTING_SEED 0
#define UP_SWEEP_AS_PRINTED 1
#include "kernels/listings/blelloch_down_sweep_log2n.cuh"
#undef UP_SWEEP_AS_PRINTED
#undef LISTING_SEED
}  // namespace up_sweep_as_printed

}  // namespace listings::blelloch_down_sweep_log2n

#endif
#else

__kernel void scan(__global int* data, __local int* x, const int N) {
    int gid = get_global_id(0);
    int k0 = get_local_id(0);
    int n = get_local_size(0);
    int log2n = floor_log2(n);
    x[k0] = gid < N ? data[gid] : 0;
    barrier(CLK_LOCAL_MEM_FENCE);
#if UP_SWEEP_AS_PRINTED
    // [pseudo up_sweep_seed]
    //| for d = 0 to log2(n - 1) do
    for (int d = 0; d <= floor_log2(n - 1); d++) {
    // [/pseudo]
#else
    // [pseudo up_sweep_fix]
    //| for d = 0 to log2(n) - 1 do
    for (int d = 0; d <= log2n - 1; d++) {
    // [/pseudo]
#endif
        // for all k = 0 to n - 1 by 2^(d+1) in parallel do
        int k = k0 * (1 << (d + 1));
        if (k <= n - 1) {
            // x[k + 2^(d+1) - 1] = x[k + 2^d - 1] + x[k + 2^(d+1) - 1]
            x[k + (1 << (d + 1)) - 1] = x[k + (1 << d) - 1] + x[k + (1 << (d + 1)) - 1];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    // [pseudo seed]
    //| x[n - 1] = 0
    if (k0 == 0) x[n - 1] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
#if LISTING_SEED
    //| for d = log2(n) down to 0 do
    for (int d = log2n; d >= 0; d--) {
#else
    // [pseudo fix]
    //| for d = log2(n) - 1 down to 0 do
    for (int d = log2n - 1; d >= 0; d--) {
    // [/pseudo]
#endif
        //|   for k = 0 to n - 1 by 2^(d+1) in parallel do
        int k = k0 * (1 << (d + 1));
        if (k <= n - 1) {
            //|     t = x[k + 2^d - 1]
            int t = x[k + (1 << d) - 1];
            //|     x[k + 2^d - 1] = x[k + 2^(d+1) - 1]
            x[k + (1 << d) - 1] = x[k + (1 << (d + 1)) - 1];
            //|     x[k + 2^(d+1) - 1] = t + x[k + 2^(d+1) - 1]
            x[k + (1 << (d + 1)) - 1] = t + x[k + (1 << (d + 1)) - 1];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    // [/pseudo]
    if (gid < N) data[gid] = x[k0];
}

__global__ void scan_tile_kernel(int *data, int N) {
    __shared__ int x[2 * SECTION_SIZE];
    fill_slack(x);
    scan(data, x, N);
}

#endif
