// Seed 003's serial Scan() (under "Background") for the lesson serial-neighbour-sum: `seed` adds
// the left neighbour's input, `fixed` carries the running result. Host C++: the tests run it as it
// is. The seed's loop compares an int with input.size(), as printed.
#pragma once

#include <vector>

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wsign-compare"

namespace listings::neighbour_sum_serial {

namespace seed {
void Scan(
  const std::vector<int>& input,
  std::vector<int>& output
) {
  // [snippet seed]
  output.at(0) = 0;
  for (int i = 1; i < input.size(); i++) {
    output.at(i) = input.at(i) + input.at(i-1);
  }
  // [/snippet]
}
}  // namespace seed

namespace fixed {
void Scan(
  const std::vector<int>& input,
  std::vector<int>& output
) {
  // [snippet fix]
  output.at(0) = input.at(0);
  for (int i = 1; i < input.size(); i++)
    output.at(i) = output.at(i-1) + input.at(i);
  // [/snippet]
}
}  // namespace fixed

}  // namespace listings::neighbour_sum_serial

#pragma GCC diagnostic pop
