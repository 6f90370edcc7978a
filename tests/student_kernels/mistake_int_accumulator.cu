// The seeds' sequential scan with an int accumulator over float inputs: every partial sum loses
// its fraction.
// scanviz-expect: wrong --dtype float32 --input 0.5,1.25,2.5,0.75,1.5,3.25,0.5,2
__global__ void sequential_scan_kernel(float* X, float* Y, unsigned int N) {
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    int acc = 0;
    for (unsigned int i = 0; i < N; ++i) {
      acc += X[i];
      Y[i] = acc;
    }
  }
}
