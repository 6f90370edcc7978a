// Segmented Kogge-Stone scan (PMPP Fig. 8.2 over the segmented operator of Blelloch, "Prefix sums
// and their applications" 1990, 1.5) as the code panel shows it beside a segmented-kogge-stone
// trace: one element per thread, a section of blockDim.x elements (up to SECTION_SIZE). Flags
// holds one head flag per element (1: the element starts a segment). Each element carries its
// value and a flag XF that says "a head lies within what I have combined so far" (at first its
// own head flag): in iteration k element t >= stride adds the element stride to its left only
// while its own flag is clear, and ORs that element's flag into its own, so nothing from before a
// head ever reaches an element (kernels/block/segmented_kogge_stone.h). The reads go to
// registers before a barrier and the writes come after it, as in kogge_stone.cuh. An exclusive
// result is the inclusive one shifted right by one, with 0 at every head (segmented_io.h). Kernel
// 1 of the segmented hierarchical scan when S is not NULL: the last thread stores the section's
// total (the part of its last segment inside it) in S and whether it holds a head in SF.
#pragma once

#include "kernels/listings/cuda_host_shim.h"
#include "kernels/listings/segment_carry.cuh"

#undef SECTION_SIZE
#define SECTION_SIZE 1024

namespace listings::segmented_kogge_stone {

// [listing segmented-kogge-stone]
// Segmented Kogge-Stone scan of blockDim.x elements (PMPP Fig. 8.2, Blelloch 1990, 1.5)
__global__ void Segmented_Kogge_Stone_scan_kernel(int *X, unsigned char *Flags, int *Y,
                                                  int InputSize, int *S, unsigned char *SF,
                                                  bool Exclusive) {
    __shared__ int XY[SECTION_SIZE];
    __shared__ unsigned char XF[SECTION_SIZE];  // a head lies within what XY[t] has combined
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    // [step Load]
    XY[threadIdx.x] = i < InputSize ? X[i] : 0;
    XF[threadIdx.x] = i < InputSize ? Flags[i] : 0;  // padding joins the last segment
    // [/step]
    // [step SegKoggeStone]
    for (unsigned int stride = 1; stride < blockDim.x; stride *= 2) {
        __syncthreads();
        int temp = 0;
        unsigned char tempFlag = 0;
        if (threadIdx.x >= stride) {
            temp = XY[threadIdx.x - stride];
            tempFlag = XF[threadIdx.x - stride];
        }
        __syncthreads();  // every read before any write
        if (threadIdx.x >= stride) {
            if (!XF[threadIdx.x]) XY[threadIdx.x] += temp;  // no value crosses a head
            XF[threadIdx.x] |= tempFlag;
        }
    }
    // [/step]
    __syncthreads();
    // [step SectionsScanned]
    if (i < InputSize) {
        if (!Exclusive) Y[i] = XY[threadIdx.x];
        else Y[i] = (threadIdx.x == 0 || Flags[i]) ? 0 : XY[threadIdx.x - 1];
    }
    if (S != NULL && threadIdx.x == blockDim.x - 1) {
        S[blockIdx.x] = XY[threadIdx.x];   // from the section's last head on
        SF[blockIdx.x] = XF[threadIdx.x];  // 1: the section holds a head
    }
    // [/step]
}

// [insert segment-carry]
// [/listing]

}  // namespace listings::segmented_kogge_stone
