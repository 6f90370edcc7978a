// The seeds' down-sweep loop `for d = log2 n down to 0`, typed as it is printed: its first round,
// d = log2 n, reaches XY[2n - 1], past the end of the array.
// scanviz-expect: out of bounds line 24 --like blelloch
__global__ void Blelloch_scan_kernel(float* X, float* Y, unsigned int N) {
  __shared__ float XY[SECTION_SIZE];
  unsigned int t = threadIdx.x;
  unsigned int i = 2 * blockIdx.x * blockDim.x + t;
  XY[t] = i < N ? X[i] : 0.0f;
  XY[t + blockDim.x] = i + blockDim.x < N ? X[i + blockDim.x] : 0.0f;
  int log2n = 0;
  while ((1 << log2n) < SECTION_SIZE) ++log2n;
  for (int d = 0; d < log2n; ++d) {
    __syncthreads();
    unsigned int k = t * (2u << d);
    if (k < SECTION_SIZE) XY[k + (2u << d) - 1] += XY[k + (1u << d) - 1];
  }
  __syncthreads();
  if (t == 0) XY[SECTION_SIZE - 1] = 0.0f;
  for (int d = log2n; d >= 0; --d) {
    __syncthreads();
    unsigned int k = t * (2u << d);
    if (k < SECTION_SIZE) {
      float left = XY[k + (1u << d) - 1];
      XY[k + (1u << d) - 1] = XY[k + (2u << d) - 1];
      XY[k + (2u << d) - 1] += left;
    }
  }
  __syncthreads();
  if (i < N) Y[i] = XY[t];
  if (i + blockDim.x < N) Y[i + blockDim.x] = XY[t + blockDim.x];
}
