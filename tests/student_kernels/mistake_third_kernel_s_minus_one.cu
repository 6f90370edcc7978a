// Seed 000's third kernel as printed: `Y[i] += S[blockIdx.x-1];` with no question whether there
// is a block before this one, so block 0 reads S[-1] (unsigned arithmetic: S[4294967295]).
// scanviz-expect: out of bounds line 36 --n 40 --block-size 8
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

__global__ void scan_block_sums_kernel(float* X, float* Y, unsigned int N) {
  __shared__ float XY[SECTION_SIZE];
  XY[threadIdx.x] = threadIdx.x < N ? X[threadIdx.x] : 0.0f;
  for (unsigned int stride = 1; stride < blockDim.x; stride *= 2) {
    __syncthreads();
    float temp = 0.0f;
    if (threadIdx.x >= stride) temp = XY[threadIdx.x] + XY[threadIdx.x - stride];
    __syncthreads();
    if (threadIdx.x >= stride) XY[threadIdx.x] = temp;
  }
  __syncthreads();
  if (threadIdx.x < N) Y[threadIdx.x] = XY[threadIdx.x];
}

__global__ void add_block_sums_kernel(float* Y, float* S, unsigned int N) {
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  Y[i] += S[blockIdx.x - 1];
}
