// PMPP section 8.6, the hierarchical scan in three kernels: Brent-Kung scans each section and
// its last thread leaves the section's total in S; a second Brent-Kung scans S in one block; the
// third kernel, launched with SECTION_SIZE threads a block, adds to each section the scanned
// total of the sections before it.
// scanviz-expect: correct --like hierarchical --n 100 --block-size 8
__global__ void Brent_Kung_scan_kernel(float* X, float* Y, float* S, unsigned int N) {
  __shared__ float XY[SECTION_SIZE];
  unsigned int i = 2 * blockIdx.x * blockDim.x + threadIdx.x;
  XY[threadIdx.x] = i < N ? X[i] : 0.0f;
  XY[threadIdx.x + blockDim.x] = i + blockDim.x < N ? X[i + blockDim.x] : 0.0f;
  for (unsigned int stride = 1; stride <= blockDim.x; stride *= 2) {
    __syncthreads();
    unsigned int index = (threadIdx.x + 1) * 2 * stride - 1;
    if (index < SECTION_SIZE) XY[index] += XY[index - stride];
  }
  for (int stride = SECTION_SIZE / 4; stride > 0; stride /= 2) {
    __syncthreads();
    unsigned int index = (threadIdx.x + 1) * stride * 2 - 1;
    if (index + stride < SECTION_SIZE) XY[index + stride] += XY[index];
  }
  __syncthreads();
  if (i < N) Y[i] = XY[threadIdx.x];
  if (i + blockDim.x < N) Y[i + blockDim.x] = XY[threadIdx.x + blockDim.x];
  if (threadIdx.x == blockDim.x - 1) S[blockIdx.x] = XY[SECTION_SIZE - 1];
}

__global__ void scan_block_sums_kernel(float* X, float* Y, unsigned int N) {
  __shared__ float XY[SECTION_SIZE];
  unsigned int i = threadIdx.x;
  XY[i] = i < N ? X[i] : 0.0f;
  XY[i + blockDim.x] = i + blockDim.x < N ? X[i + blockDim.x] : 0.0f;
  for (unsigned int stride = 1; stride <= blockDim.x; stride *= 2) {
    __syncthreads();
    unsigned int index = (threadIdx.x + 1) * 2 * stride - 1;
    if (index < SECTION_SIZE) XY[index] += XY[index - stride];
  }
  for (int stride = SECTION_SIZE / 4; stride > 0; stride /= 2) {
    __syncthreads();
    unsigned int index = (threadIdx.x + 1) * stride * 2 - 1;
    if (index + stride < SECTION_SIZE) XY[index + stride] += XY[index];
  }
  __syncthreads();
  if (i < N) Y[i] = XY[i];
  if (i + blockDim.x < N) Y[i + blockDim.x] = XY[i + blockDim.x];
}

__global__ void add_block_sums_kernel(float* Y, float* S, unsigned int N) {
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (blockIdx.x > 0 && i < N) Y[i] += S[blockIdx.x - 1];
}
