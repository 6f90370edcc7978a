// Seed 002's Kogge-Stone kernel (PMPP Fig. 8.2 as printed there, its name spelled with an
// underscore: erratum kernel-name-hyphen), in two forms: `seed` loads under `i < InputSize` but
// stores without it, so the last block's threads past the end write past Y; `fixed` guards the
// store too. The loop is the corrected one (kogge_stone_one_barrier.cuh) in both, so that only the
// store differs. The snippets are the lesson kogge-stone-unguarded-store's lines and the erratum's
// correction (kernels/listings/README.md).
#ifndef LISTING_SEED  // the head; the kernel below it is read once in each form (listing_forms.h)
#ifndef LISTINGS_KOGGE_STONE_UNGUARDED_STORE_CUH
#define LISTINGS_KOGGE_STONE_UNGUARDED_STORE_CUH

#include "kernels/listings/cuda_host_shim.h"
#include "kernels/listings/kogge_stone_one_barrier.cuh"

#undef SECTION_SIZE
#define SECTION_SIZE 1024

namespace listings::kogge_stone_unguarded_store {

using kogge_stone_one_barrier::fixed::kogge_stone_iterations;
#define LISTING_FILE "kernels/listings/kogge_stone_unguarded_store.cuh"
#include "kernels/listings/listing_forms.h"
}  // namespace listings::kogge_stone_unguarded_store

#endif
#else

// [rejected kernel_name_seed] __global__ void Kogge-Stone_scan_kernel(float *X, float *Y,
// [snippet kernel_name]
__global__ void Kogge_Stone_scan_kernel(float *X, float *Y,
// [/snippet]
int InputSize) {

    __shared__ float XY[SECTION_SIZE];

    int i = blockIdx.x*blockDim.x + threadIdx.x;
    // [snippet seed]
    if (i < InputSize) {
        XY[threadIdx.x] = X[i];
    }
    // [/snippet]

    // the code below performs iterative scan on XY
    kogge_stone_iterations(XY);  // kogge_stone_one_barrier.cuh, fixed

#if LISTING_SEED
    // [snippet seed]
    Y[i] = XY[threadIdx.x];
    // [/snippet]
#else
    // [snippet fix]
    if (i < InputSize) {
        Y[i] = XY[threadIdx.x];  // only the array's own elements
    }
    // [/snippet]
#endif
}

#endif
