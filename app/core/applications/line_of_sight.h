// The map step of the line-of-sight application, shared with its picture: the vertical angle of
// each terrain point seen from the viewpoint.
#pragma once

#include <vector>

namespace scanviz {

// Degrees above (+) or below (-) the horizontal of the point at distance i + 1 with height
// heights[i], seen from a viewpoint at distance 0 and height viewerHeight; rounded to float32.
std::vector<double> viewingAngles(const std::vector<double>& heights, double viewerHeight);

}  // namespace scanviz
