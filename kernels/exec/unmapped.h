// What a read past an array's end gives in scanviz (the seeds' unguarded accesses,
// kernels/lessons/): the emulator performs no such read and returns this bit pattern, and the CUDA
// backend fills the slack it keeps past its input (and past a seed's shared working array, and
// before seed 000's section totals) with it, so both backends show the same there.
// A GPU without that slack reads whatever lies past the array.
#pragma once

#include <cstdint>
#include <cstring>

#include "kernels/scan_types.h"

namespace scanviz {

constexpr uint32_t kUnmappedBits = 0xDEADBEEFu;

// On the host and on the device (the GPU launch fills shared-memory slack with it).
template <class T>
SCANVIZ_HD T unmappedValue() {
  static_assert(sizeof(T) == sizeof(uint32_t), "values are 32 bits wide");
  const uint32_t bits = kUnmappedBits;
  T v;
  memcpy(&v, &bits, sizeof v);
  return v;
}

}  // namespace scanviz
