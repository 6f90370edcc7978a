// A block adds the sum of the blocks before it from S[blockIdx.x - 1], without asking whether
// there is a block before it: block 0 reads S[-1] (unsigned, so S[4294967295]).
// scanviz-expect: out of bounds line 19 --like kogge-stone --n 16 --block-size 8
__global__ void add_block_sums_kernel(float* X, float* Y, float* S, unsigned int N) {
  __shared__ float XY[SECTION_SIZE];
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  XY[threadIdx.x] = i < N ? X[i] : 0.0f;
  for (unsigned int stride = 1; stride < blockDim.x; stride *= 2) {
    __syncthreads();
    float temp;
    if (threadIdx.x >= stride) temp = XY[threadIdx.x] + XY[threadIdx.x - stride];
    __syncthreads();
    if (threadIdx.x >= stride) XY[threadIdx.x] = temp;
  }
  __syncthreads();
  if (threadIdx.x == blockDim.x - 1) S[blockIdx.x] = XY[threadIdx.x];
  float before = 0.0f;
  if (i < N) {
    before = S[blockIdx.x - 1];
    Y[i] = XY[threadIdx.x] + before;
  }
}
