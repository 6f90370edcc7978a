// Seed 004's double-buffered Hillis-Steele kernel (OpenCL) for the lesson hillis-steele-unguarded:
// `seed` takes no length, so the work-items past the end of the array load and store past it;
// `fixed` takes the length, pads the load with the identity and guards the store. Compiled
// through opencl_shim.h; scan_kernel is the CUDA launch of one work-group a section, with its two
// __local arrays.
#ifndef LISTING_SEED  // the head; the kernel below it is read once in each form (listing_forms.h)
#ifndef LISTINGS_HILLIS_STEELE_UNGUARDED_CUH
#define LISTINGS_HILLIS_STEELE_UNGUARDED_CUH

#include "kernels/listings/opencl_shim.h"

#undef SECTION_SIZE
#define SECTION_SIZE 1024

#define SWAP(a,b) {__local float *tmp=a;a=b;b=tmp;}

namespace listings::hillis_steele_unguarded {
#define LISTING_FILE "kernels/listings/hillis_steele_unguarded.cuh"
#include "kernels/listings/listing_forms.h"
}  // namespace listings::hillis_steele_unguarded

#undef SWAP

#endif
#else

#if LISTING_SEED
// [snippet seed]
__kernel void scan(__global float *a,
                   __global float *r,
                   __local float *b,
                   __local float *c)
// [/snippet]
#else
// [snippet fix]
__kernel void scan(__global float *a,
                   __global float *r,
                   __local float *b,
                   __local float *c,
                   const uint n)
// [/snippet]
#endif
{
    uint gid = get_global_id(0);
    uint lid = get_local_id(0);
    uint gs = get_local_size(0);

#if LISTING_SEED
    // [snippet seed]
    c[lid] = b[lid] = a[gid];
    // [/snippet]
#else
    // [snippet fix]
    c[lid] = b[lid] = gid < n ? a[gid] : 0;  // pad with the identity
    // [/snippet]
#endif
    barrier(CLK_LOCAL_MEM_FENCE);

    for(uint s = 1; s < gs; s <<= 1) {
        if(lid > (s-1)) {
            c[lid] = b[lid]+b[lid-s];
        } else {
            c[lid] = b[lid];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        SWAP(b,c);
    }
#if LISTING_SEED
    // [snippet seed]
    r[gid] = b[lid];
    // [/snippet]
#else
    // [snippet fix]
    if (gid < n) r[gid] = b[lid];
    // [/snippet]
#endif
}

#if LISTING_SEED
__global__ void scan_kernel(float *a, float *r) {
    __shared__ float b[SECTION_SIZE], c[SECTION_SIZE];
    scan(a, r, b, c);
}
#else
__global__ void scan_kernel(float *a, float *r, unsigned n) {
    __shared__ float b[SECTION_SIZE], c[SECTION_SIZE];
    scan(a, r, b, c, n);
}
#endif

#endif
