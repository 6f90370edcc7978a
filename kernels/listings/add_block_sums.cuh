// Kernel 3 of the hierarchical scan (PMPP 8.6, Fig. 8.9), the one every block listing inserts:
// a block-level algorithm scans an input longer than one section as scanviz's hierarchical
// driver runs it (kernel 1: the algorithm's kernel, which writes each section's sum into S;
// kernel 2: the same scan of S; kernel 3: this one), so the trace's "scan sections" and "add
// block sums" steps have their lines in every block listing. S holds the inclusive scan of the
// section sums; section b (SectionSize elements, any block size) adds S[b - 1].
#pragma once

#include "kernels/listings/cuda_host_shim.h"

namespace listings::add_block_sums {

// [listing add-block-sums]
// Kernel 3 (PMPP Fig. 8.9): section b adds S[b - 1], the sum of the sections before it
__global__ void add_block_sums_kernel(int *Y, int *S, int InputSize, int SectionSize) {
    // [step AddBlockSums]
    if (blockIdx.x > 0) {
        for (int j = threadIdx.x; j < SectionSize; j += blockDim.x) {
            int i = blockIdx.x * SectionSize + j;
            if (i < InputSize) Y[i] += S[blockIdx.x - 1];
        }
    }
    // [/step]
}
// [/listing]

}  // namespace listings::add_block_sums
