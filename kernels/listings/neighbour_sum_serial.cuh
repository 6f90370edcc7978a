// Seed 003's serial Scan() (under "Background") for the lesson serial-neighbour-sum: `seed` adds
// the left neighbour's input, `fixed` carries the running result. Host C++: the tests run it as it
// is. The seed's loop compares an int with input.size(), as printed.
#ifndef LISTING_SEED  // the head; the function below it is read once in each form (listing_forms.h)
#ifndef LISTINGS_NEIGHBOUR_SUM_SERIAL_CUH
#define LISTINGS_NEIGHBOUR_SUM_SERIAL_CUH

#include <vector>

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wsign-compare"

namespace listings::neighbour_sum_serial {
#define LISTING_FILE "kernels/listings/neighbour_sum_serial.cuh"
#include "kernels/listings/listing_forms.h"
}  // namespace listings::neighbour_sum_serial

#pragma GCC diagnostic pop

#endif
#else

void Scan(
  const std::vector<int>& input,
  std::vector<int>& output
) {
#if LISTING_SEED
  // [snippet seed]
  output.at(0) = 0;
  for (int i = 1; i < input.size(); i++) {
    output.at(i) = input.at(i) + input.at(i-1);
  }
  // [/snippet]
#else
  // [snippet fix]
  output.at(0) = input.at(0);
  for (int i = 1; i < input.size(); i++)
    output.at(i) = output.at(i-1) + input.at(i);
  // [/snippet]
#endif
}

#endif
