// Where a capture's input comes from: typed values, a named pattern, or a file.
#pragma once

#include <string>
#include <vector>

#include "kernels/scan_types.h"

namespace scanviz {

// "3,1,7,0,4,1,6,3", "3 1 7 0", one value a line... Throws InputError naming the bad token, or
// as soon as there are more than maxValues values (the capture limit, 2^28).
std::vector<double> parseValues(const std::string& text, long long maxValues = 1ll << 28);

// The values of a file, read in pieces: a directory, an unreadable file, a bad token or more than
// maxValues values is an InputError, raised as soon as it is seen (not after reading it all).
std::vector<double> readValuesFile(const std::string& path, long long maxValues = 1ll << 28);

enum class InputPattern { Random, Ones, Ascending };

// Values a lesson can show in a cell and that never overflow int32 for the operator: small
// integers for add, +-1 for mul, a wider range for max/min; floats with two decimals.
std::vector<double> generateInput(InputPattern p, long long n, unsigned seed, DType dtype,
                                  Operator op);

// The seeds' worked example, PMPP Fig. 8.x and the slides: 3 1 7 0 4 1 6 3.
const std::vector<double>& defaultLessonInput();

}  // namespace scanviz
