// `stride * 2` where `stride *= 2` was meant: the loop never ends.
// scanviz-expect: hang --like kogge-stone
__global__ void Kogge_Stone_scan_kernel(float* X, float* Y, unsigned int N) {
  __shared__ float XY[SECTION_SIZE];
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  XY[threadIdx.x] = i < N ? X[i] : 0.0f;
  for (unsigned int stride = 1; stride < blockDim.x; stride * 2) {
    __syncthreads();
    float temp;
    if (threadIdx.x >= stride) temp = XY[threadIdx.x] + XY[threadIdx.x - stride];
    __syncthreads();
    if (threadIdx.x >= stride) XY[threadIdx.x] = temp;
  }
  if (i < N) Y[i] = XY[threadIdx.x];
}
