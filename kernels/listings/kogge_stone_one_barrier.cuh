// The Kogge-Stone kernel of seeds 000 and 002 (PMPP Fig. 8.2), one element per thread, in two
// forms: `seed`, the seed's loop with one barrier per iteration (thread t reads XY[t-stride] in the
// iteration in which thread t-stride writes it: a race between warps), and `fixed`, which reads
// into a temporary, waits at a second barrier, then writes. The lines between the snippet markers
// are the lesson kogge-stone-one-barrier's seedLines and fixLines (kernels/listings/README.md).
// blockDim.x may be any size up to SECTION_SIZE; the store is guarded, as seed 000 prints it, so
// that only the loop differs. The loop is a device function of its own: the other seeds' listings
// (chained_static_ids.cuh, hierarchical_s_minus_one.cuh, kogge_stone_unguarded_store.cuh) scan
// their sections with the fixed one.
#ifndef LISTING_SEED  // the head; the kernel below it is read once in each form (listing_forms.h)
#ifndef LISTINGS_KOGGE_STONE_ONE_BARRIER_CUH
#define LISTINGS_KOGGE_STONE_ONE_BARRIER_CUH

#include "kernels/listings/cuda_host_shim.h"

#undef SECTION_SIZE
#define SECTION_SIZE 1024

namespace listings::kogge_stone_one_barrier {
#define LISTING_FILE "kernels/listings/kogge_stone_one_barrier.cuh"
#include "kernels/listings/listing_forms.h"
}  // namespace listings::kogge_stone_one_barrier

#endif
#else

// The Kogge-Stone iterations over XY's blockDim.x elements
__device__ void kogge_stone_iterations(float *XY) {
#if LISTING_SEED
    // [snippet seed]
    for (unsigned int stride = 1; stride < blockDim.x; stride *= 2) {
        __syncthreads();
        if (threadIdx.x >= stride) XY[threadIdx.x] += XY[threadIdx.x-stride];
    }
    // [/snippet]
#else
    // [snippet fix]
    for (unsigned int stride = 1; stride < blockDim.x; stride *= 2) {
        __syncthreads();
        float left = 0.0f;
        if (threadIdx.x >= stride) left = XY[threadIdx.x - stride];
        __syncthreads();  // every read before any write
        if (threadIdx.x >= stride) XY[threadIdx.x] += left;
    }
    // [/snippet]
#endif
}

__global__ void Kogge_Stone_scan_kernel(float *X, float *Y, int InputSize) {
    __shared__ float XY[SECTION_SIZE];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < InputSize) {
        XY[threadIdx.x] = X[i];
    }
    kogge_stone_iterations(XY);
    if (i < InputSize) {
        Y[i] = XY[threadIdx.x];
    }
}

#endif
