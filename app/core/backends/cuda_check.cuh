// The launch code's CUDA error check and device arrays now live with the kernels
// (kernels/launch); this name stays for the CUDA files of app/core that still include it.
#pragma once

#include "kernels/launch/cuda_check.cuh"
#include "kernels/launch/device_array.cuh"
