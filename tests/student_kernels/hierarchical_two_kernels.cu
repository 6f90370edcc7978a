// PMPP section 8.6 with the textbook's shortcut: "in the second stage we can simply use one of
// the three parallel scan kernels". One Kogge-Stone kernel scans the sections and then their
// totals (scanviz launches it twice); the add kernel adds each section's carry.
// scanviz-expect: correct --n 40 --block-size 8
__global__ void Kogge_Stone_scan_kernel(float* X, float* Y, float* S, unsigned int N) {
  __shared__ float XY[SECTION_SIZE];
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  XY[threadIdx.x] = i < N ? X[i] : 0.0f;
  for (unsigned int stride = 1; stride < blockDim.x; stride *= 2) {
    __syncthreads();
    float temp = 0.0f;
    if (threadIdx.x >= stride) temp = XY[threadIdx.x] + XY[threadIdx.x - stride];
    __syncthreads();
    if (threadIdx.x >= stride) XY[threadIdx.x] = temp;
  }
  __syncthreads();
  if (i < N) Y[i] = XY[threadIdx.x];
  if (threadIdx.x == blockDim.x - 1) S[blockIdx.x] = XY[SECTION_SIZE - 1];
}

__global__ void add_block_sums_kernel(float* Y, float* S, unsigned int N) {
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (blockIdx.x > 0 && i < N) Y[i] += S[blockIdx.x - 1];
}
