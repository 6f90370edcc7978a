// PMPP section 8.5, the three-phase scan: a corner-turned load, each thread scans its own
// subsection sequentially, Kogge-Stone over the subsections' totals, then each thread adds the
// total before it.
// scanviz-expect: correct --like three-phase
__global__ void three_phase_scan_kernel(float* X, float* Y, unsigned int N) {
  __shared__ float XY[SECTION_SIZE];
  const unsigned int COARSE = SECTION_SIZE / blockDim.x;
  unsigned int base = blockIdx.x * SECTION_SIZE;
  for (unsigned int k = 0; k < COARSE; ++k) {
    unsigned int j = k * blockDim.x + threadIdx.x;
    XY[j] = base + j < N ? X[base + j] : 0.0f;
  }
  __syncthreads();
  unsigned int start = threadIdx.x * COARSE;
  for (unsigned int j = start + 1; j < start + COARSE; ++j) XY[j] += XY[j - 1];
  for (unsigned int stride = 1; stride < blockDim.x; stride *= 2) {
    __syncthreads();
    float temp;
    if (threadIdx.x >= stride)
      temp = XY[start + COARSE - 1] + XY[start + COARSE - 1 - stride * COARSE];
    __syncthreads();
    if (threadIdx.x >= stride) XY[start + COARSE - 1] = temp;
  }
  __syncthreads();
  if (threadIdx.x > 0)
    for (unsigned int j = start; j < start + COARSE - 1; ++j) XY[j] += XY[start - 1];
  __syncthreads();
  for (unsigned int k = 0; k < COARSE; ++k) {
    unsigned int j = k * blockDim.x + threadIdx.x;
    if (base + j < N) Y[base + j] = XY[j];
  }
}
