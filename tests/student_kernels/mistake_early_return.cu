// Threads with nothing left to add leave the up-sweep with `return`, before a __syncthreads()
// the others still wait at.
// scanviz-expect: barrier divergence line 11 --like brent-kung
__global__ void Brent_Kung_scan_kernel(float* X, float* Y, unsigned int N) {
  __shared__ float XY[SECTION_SIZE];
  unsigned int i = 2 * blockIdx.x * blockDim.x + threadIdx.x;
  XY[threadIdx.x] = i < N ? X[i] : 0.0f;
  XY[threadIdx.x + blockDim.x] = i + blockDim.x < N ? X[i + blockDim.x] : 0.0f;
  for (unsigned int stride = 1; stride <= blockDim.x; stride *= 2) {
    unsigned int index = (threadIdx.x + 1) * 2 * stride - 1;
    if (index >= SECTION_SIZE) return;
    __syncthreads();
    XY[index] += XY[index - stride];
  }
  for (int stride = SECTION_SIZE / 4; stride > 0; stride /= 2) {
    __syncthreads();
    unsigned int index = (threadIdx.x + 1) * stride * 2 - 1;
    if (index + stride < SECTION_SIZE) XY[index + stride] += XY[index];
  }
  __syncthreads();
  if (i < N) Y[i] = XY[threadIdx.x];
  if (i + blockDim.x < N) Y[i + blockDim.x] = XY[threadIdx.x + blockDim.x];
}
