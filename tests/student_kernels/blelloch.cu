// Blelloch's work-efficient scan as the seeds give it: up-sweep, clear the root, swap-and-add
// down-sweep. Its result is the exclusive scan.
// scanviz-expect: correct --like blelloch
__global__ void Blelloch_scan_kernel(float* X, float* Y, unsigned int N) {
  __shared__ float XY[SECTION_SIZE];
  unsigned int t = threadIdx.x;
  unsigned int i = 2 * blockIdx.x * blockDim.x + t;
  XY[t] = i < N ? X[i] : 0.0f;
  XY[t + blockDim.x] = i + blockDim.x < N ? X[i + blockDim.x] : 0.0f;
  for (unsigned int stride = 1; stride < SECTION_SIZE; stride *= 2) {
    __syncthreads();
    unsigned int index = (t + 1) * 2 * stride - 1;
    if (index < SECTION_SIZE) XY[index] += XY[index - stride];
  }
  __syncthreads();
  if (t == 0) XY[SECTION_SIZE - 1] = 0.0f;
  for (unsigned int stride = SECTION_SIZE / 2; stride > 0; stride /= 2) {
    __syncthreads();
    unsigned int index = (t + 1) * 2 * stride - 1;
    if (index < SECTION_SIZE) {
      float left = XY[index - stride];
      XY[index - stride] = XY[index];
      XY[index] += left;
    }
  }
  __syncthreads();
  if (i < N) Y[i] = XY[t];
  if (i + blockDim.x < N) Y[i + blockDim.x] = XY[t + blockDim.x];
}
