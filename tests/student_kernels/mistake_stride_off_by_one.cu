// Kogge-Stone whose loop stops one step early (`stride < blockDim.x / 2`): the upper half never
// adds the lower half.
// scanviz-expect: wrong --like kogge-stone
__global__ void Kogge_Stone_scan_kernel(float* X, float* Y, unsigned int N) {
  __shared__ float XY[SECTION_SIZE];
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  XY[threadIdx.x] = i < N ? X[i] : 0.0f;
  for (unsigned int stride = 1; stride < blockDim.x / 2; stride *= 2) {
    __syncthreads();
    float temp;
    if (threadIdx.x >= stride) temp = XY[threadIdx.x] + XY[threadIdx.x - stride];
    __syncthreads();
    if (threadIdx.x >= stride) XY[threadIdx.x] = temp;
  }
  if (i < N) Y[i] = XY[threadIdx.x];
}
