// PMPP Fig. 8.2, Kogge-Stone with the fix for its read-write race: a second __syncthreads()
// between reading XY[threadIdx.x - stride] into temp and writing XY[threadIdx.x].
// scanviz-expect: correct --like kogge-stone
__global__ void Kogge_Stone_scan_kernel(float* X, float* Y, unsigned int N) {
  __shared__ float XY[SECTION_SIZE];
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < N) {
    XY[threadIdx.x] = X[i];
  } else {
    XY[threadIdx.x] = 0.0f;
  }
  for (unsigned int stride = 1; stride < blockDim.x; stride *= 2) {
    __syncthreads();
    float temp;
    if (threadIdx.x >= stride) temp = XY[threadIdx.x] + XY[threadIdx.x - stride];
    __syncthreads();
    if (threadIdx.x >= stride) XY[threadIdx.x] = temp;
  }
  if (i < N) {
    Y[i] = XY[threadIdx.x];
  }
}
