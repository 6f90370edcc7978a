// Seed 004's double-buffered Hillis-Steele kernel (OpenCL) for the lesson hillis-steele-unguarded:
// `seed` takes no length, so the work-items past the end of the array load and store past it;
// `fixed` takes the length, pads the load with the identity and guards the store. Compiled
// through opencl_shim.h; scan_kernel is the CUDA launch of one work-group a section, with its two
// __local arrays.
#pragma once

#include "kernels/listings/opencl_shim.h"

#undef SECTION_SIZE
#define SECTION_SIZE 1024

#define SWAP(a,b) {__local float *tmp=a;a=b;b=tmp;}

namespace listings::hillis_steele_unguarded {

namespace seed {
// [snippet seed]
__kernel void scan(__global float *a,
                   __global float *r,
                   __local float *b,
                   __local float *c)
// [/snippet]
{
    uint gid = get_global_id(0);
    uint lid = get_local_id(0);
    uint gs = get_local_size(0);

    // [snippet seed]
    c[lid] = b[lid] = a[gid];
    // [/snippet]
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
    // [snippet seed]
    r[gid] = b[lid];
    // [/snippet]
}

__global__ void scan_kernel(float *a, float *r) {
    __shared__ float b[SECTION_SIZE], c[SECTION_SIZE];
    scan(a, r, b, c);
}
}  // namespace seed

namespace fixed {
// [snippet fix]
__kernel void scan(__global float *a,
                   __global float *r,
                   __local float *b,
                   __local float *c,
                   const uint n)
// [/snippet]
{
    uint gid = get_global_id(0);
    uint lid = get_local_id(0);
    uint gs = get_local_size(0);

    // [snippet fix]
    c[lid] = b[lid] = gid < n ? a[gid] : 0;  // pad with the identity
    // [/snippet]
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
    // [snippet fix]
    if (gid < n) r[gid] = b[lid];
    // [/snippet]
}

__global__ void scan_kernel(float *a, float *r, unsigned n) {
    __shared__ float b[SECTION_SIZE], c[SECTION_SIZE];
    scan(a, r, b, c, n);
}
}  // namespace fixed

}  // namespace listings::hillis_steele_unguarded

#undef SWAP
