// The seeds' in-place Kogge-Stone with one barrier per step: a thread reads XY[threadIdx.x -
// stride] while the thread that owns it writes it, between the same two barriers.
// scanviz-expect: race line 10 --like kogge-stone
__global__ void Kogge_Stone_scan_kernel(float* X, float* Y, unsigned int N) {
  __shared__ float XY[SECTION_SIZE];
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  XY[threadIdx.x] = i < N ? X[i] : 0.0f;
  for (unsigned int stride = 1; stride < blockDim.x; stride *= 2) {
    __syncthreads();
    if (threadIdx.x >= stride) XY[threadIdx.x] += XY[threadIdx.x - stride];
  }
  if (i < N) Y[i] = XY[threadIdx.x];
}
