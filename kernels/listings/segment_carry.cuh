// Kernel 3 of the segmented hierarchical scan (PMPP 8.6's scan-scan-add, Fig. 8.9, over the
// segmented operator of Blelloch, "Prefix sums and their applications" 1990, 1.5), the one every
// segmented block listing inserts: a segmented block scan runs an input longer than one section
// as scanviz's hierarchical driver does (kernel 1: the listing's kernel, which writes each
// section's total into S and whether the section holds a head into SF; kernel 2: the same scan of
// (S, SF), inclusive; kernel 3: this one), kernels/grid/segmented_hierarchical.h. S[b - 1] is then
// what flows out of sections 0..b-1 into section b: the carry. Section b combines it into its
// elements before its first head only, so no value crosses a segment start between sections
// either. Flags holds the head flags of the level's elements (1: the element starts a segment).
// One thread finds the first head; the CUDA backend's kernel (kernels/launch/section_kernels.cuh)
// takes the minimum with an atomicMin in shared memory instead.
#pragma once

#include "kernels/listings/cuda_host_shim.h"

namespace listings::segment_carry {

// [listing segment-carry]
// Kernel 3, segmented: section b combines S[b - 1] into its elements before its first head
__global__ void segment_carry_kernel(int *Y, unsigned char *Flags, int *S, int InputSize,
                                     int SectionSize) {
    __shared__ int firstHead_s;
    if (blockIdx.x == 0) return;  // nothing flows into section 0
    int base = blockIdx.x * SectionSize;
    // [step SegmentCarry]
    if (threadIdx.x == 0) {  // the section's first head; SectionSize: none
        firstHead_s = SectionSize;
        for (int j = 0; j < SectionSize && base + j < InputSize; ++j)
            if (Flags[base + j]) { firstHead_s = j; break; }
    }
    __syncthreads();
    for (int j = threadIdx.x; j < firstHead_s; j += blockDim.x)
        if (base + j < InputSize) Y[base + j] = S[blockIdx.x - 1] + Y[base + j];
    // [/step]
}
// [/listing]

}  // namespace listings::segment_carry
