// Blelloch's segmented work-efficient scan ("Prefix sums and their applications", 1990, 1.5:
// the up-sweep and down-sweep of blelloch.cuh over (value, flag) pairs) as the code panel shows
// it beside a segmented-blelloch trace: two elements per thread, a section of 2 * blockDim.x (up
// to SECTION_SIZE). Flags holds one head flag per element (1: the element starts a segment). The
// up-sweep builds the plain tree, but a right subtree takes its left sibling's sum only while it
// holds no head, and the flags are OR-ed up (XF: a head lies below the node). After the root is
// cleared the down-sweep hands each node's prefix to its left child as before and gives its right
// child 0 if the right subtree's first element is a head (its own flag, Head), the left sum alone
// if a head lies in the left subtree, and prefix + left sum otherwise, so no prefix ever crosses
// a segment start (kernels/block/segmented_blelloch.h). The tree leaves the segmented exclusive
// scan; an inclusive result adds each element's input (the to-inclusive step). Kernel 1 of the
// segmented hierarchical scan when S is not NULL: the section's total (the part of its last
// segment inside it, the root before it is cleared) goes to S, whether it holds a head to SF.
#pragma once

#include "kernels/listings/cuda_host_shim.h"
#include "kernels/listings/segment_carry.cuh"

#undef SECTION_SIZE
#define SECTION_SIZE 2048

namespace listings::segmented_blelloch {

// [listing segmented-blelloch]
// Segmented Blelloch scan of 2 * blockDim.x elements: up-sweep, clear the root, down-sweep
__global__ void Segmented_Blelloch_scan_kernel(int *X, unsigned char *Flags, int *Y,
                                               int InputSize, int *S, unsigned char *SF,
                                               bool Inclusive) {
    __shared__ int XY[SECTION_SIZE];
    __shared__ unsigned char XF[SECTION_SIZE];    // a head lies below the node (OR-ed up)
    __shared__ unsigned char Head[SECTION_SIZE];  // the element starts a segment
    unsigned int n = 2 * blockDim.x;
    int i = 2 * blockIdx.x * blockDim.x + threadIdx.x;
    int x0 = i < InputSize ? X[i] : 0;
    int x1 = i + blockDim.x < InputSize ? X[i + blockDim.x] : 0;
    // [step Load]
    XY[threadIdx.x] = x0;
    XY[threadIdx.x + blockDim.x] = x1;
    Head[threadIdx.x] = i < InputSize ? Flags[i] : 0;  // padding joins the last segment
    Head[threadIdx.x + blockDim.x] = i + blockDim.x < InputSize ? Flags[i + blockDim.x] : 0;
    XF[threadIdx.x] = Head[threadIdx.x];
    XF[threadIdx.x + blockDim.x] = Head[threadIdx.x + blockDim.x];
    // [/step]
    // [step SegUpSweep]
    for (unsigned int stride = 1; stride < n; stride *= 2) {
        __syncthreads();
        unsigned int index = (threadIdx.x + 1) * 2 * stride - 1;
        if (index < n) {
            if (!XF[index]) XY[index] += XY[index - stride];  // no sum crosses a head
            XF[index] |= XF[index - stride];
        }
    }
    // [/step]
    __syncthreads();
    // [step ClearLast]
    if (threadIdx.x == blockDim.x - 1) {  // the thread that loaded element n - 1
        if (S != NULL) {
            S[blockIdx.x] = XY[n - 1];   // from the section's last head on
            SF[blockIdx.x] = XF[n - 1];  // 1: the section holds a head
        }
        XY[n - 1] = 0;
    }
    // [/step]
    // [step SegDownSweep]
    for (unsigned int stride = n / 2; stride > 0; stride /= 2) {
        __syncthreads();
        unsigned int index = (threadIdx.x + 1) * 2 * stride - 1;
        if (index < n) {
            int left = XY[index - stride];
            XY[index - stride] = XY[index];
            if (Head[index - stride + 1]) XY[index] = 0;  // the right half starts a segment
            else if (XF[index - stride]) XY[index] = left;  // a head in the left half
            else XY[index] += left;
        }
    }
    // [/step]
    __syncthreads();
    // [step ToInclusive]
    if (Inclusive) {
        XY[threadIdx.x] += x0;
        XY[threadIdx.x + blockDim.x] += x1;
    }
    // [/step]
    // [step SectionsScanned]
    if (i < InputSize) Y[i] = XY[threadIdx.x];
    if (i + blockDim.x < InputSize) Y[i + blockDim.x] = XY[threadIdx.x + blockDim.x];
    // [/step]
}

// [insert segment-carry]
// [/listing]

}  // namespace listings::segmented_blelloch
