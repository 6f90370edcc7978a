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

// Head flags of a segmented scan's n elements (1: the element starts a segment), from
// "1,0,0,1,0,1,0,0" (one 0 or 1 per element) or from segment lengths "3,2,3" (adding up to n; a
// length 0 is an empty segment). Element 0 always starts a segment, so its flag is set. Throws
// InputError naming the problem: a wrong count, a value other than 0/1, lengths that miss n.
std::vector<uint8_t> parseHeadFlags(const std::string& text, size_t n);
std::vector<uint8_t> headFlagsFromLengths(const std::string& text, size_t n);
// Keep-flags of a select or split (select-lookback, split-lookback): one 0 or 1 per element, as
// given (element 0 may be dropped, unlike a segment head).
std::vector<uint8_t> parseKeepFlags(const std::string& text, size_t n);
// Random segments for generated inputs: a head about every `meanLength` elements, element 0 one.
std::vector<uint8_t> randomHeadFlags(size_t n, unsigned seed, int meanLength = 8);
// The lesson's segments for its eight values: 3 1 7 | 0 4 | 1 6 3.
const std::vector<uint8_t>& defaultLessonFlags();
// The segments a segmented scan gets when none are given, on the command line and in the window
// alike: the lesson's for the lesson's input, random ones (randomHeadFlags) for any other, so that
// the segment bars and the restarts show at once.
std::vector<uint8_t> defaultHeadFlags(const std::vector<double>& input, bool lessonInput,
                                      unsigned seed);

}  // namespace scanviz
