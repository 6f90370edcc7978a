// Where a capture's input comes from: typed values, a named pattern, or a file.
#pragma once

#include <string>
#include <vector>

#include "kernels/scan_types.h"

namespace scanviz {

// "3,1,7,0,4,1,6,3", "3 1 7 0", one value a line... Throws InputError naming the bad token.
std::vector<double> parseValues(const std::string& text);

enum class InputPattern { Random, Ones, Ascending };

// Values a lesson can show in a cell and that never overflow int32 for the operator: small
// integers for add, +-1 for mul, a wider range for max/min; floats with two decimals.
std::vector<double> generateInput(InputPattern p, long long n, unsigned seed, DType dtype,
                                  Operator op);

// The seeds' worked example, PMPP Fig. 8.x and the slides: 3 1 7 0 4 1 6 3.
const std::vector<double>& defaultLessonInput();

}  // namespace scanviz
