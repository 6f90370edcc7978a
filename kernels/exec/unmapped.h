// What a read past an array's end gives in scanviz (the seeds' unguarded accesses,
// kernels/lessons/): the emulator performs no such read and returns this bit pattern, and the CUDA
// backend fills the slack it keeps past its input with it, so both backends show the same there.
// A GPU without that slack reads whatever lies past the array.
#pragma once

#include <cstdint>
#include <cstring>

namespace scanviz {

constexpr uint32_t kUnmappedBits = 0xDEADBEEFu;

template <class T>
T unmappedValue() {
  static_assert(sizeof(T) == sizeof(uint32_t), "values are 32 bits wide");
  T v;
  std::memcpy(&v, &kUnmappedBits, sizeof v);
  return v;
}

}  // namespace scanviz
