// Line of sight (seed 001, "Example: Line-of-Sight"): heights of the terrain along one horizontal
// viewing direction, one grid cell apart, and a viewpoint X with a height of its own. A point is
// visible when its vertical angle seen from X is larger than every angle before it. So: one
// thread per point turns its height into an angle (a map), an EXCLUSIVE max-scan gives the largest
// angle before each point, and point i is visible when a_i > max_{j<i} a_j. Work n - 1, depth
// log n. The slide's test, â_i < a_i after an inclusive max-scan, never holds: â_i includes a_i.
#include <cmath>

#include "app/core/applications/application_list.h"
#include "app/core/applications/application_scan.h"
#include "app/core/applications/line_of_sight.h"
#include "app/core/capture/capture.h"

namespace scanviz {
namespace {

constexpr int kViewerHeight = 0;  // parameter index

std::vector<double> visibility(const std::vector<double>& angles,
                               const std::vector<double>& largestBefore) {
  std::vector<double> visible(angles.size());
  for (size_t i = 0; i < angles.size(); ++i) visible[i] = angles[i] > largestBefore[i] ? 1 : 0;
  return visible;
}

std::string pointList(const std::vector<double>& visible, double wanted) {
  std::string out;
  for (size_t i = 0; i < visible.size(); ++i)
    if (visible[i] == wanted) out += (out.empty() ? "" : " ") + std::to_string(i + 1);
  return out.empty() ? "none" : out;
}

std::string lineOfSightAnswer(const std::vector<double>& visible) {
  size_t seen = 0;
  for (double v : visible) seen += v != 0;
  return "Visible from X: the points at distance " + pointList(visible, 1) + " (" +
         std::to_string(seen) + " of " + std::to_string(visible.size()) + ").\n" +
         "Hidden behind higher terrain: " + pointList(visible, 0) + ".";
}

ApplicationRun runLineOfSight(const ApplicationInput& in, const ApplicationOptions& options) {
  if (options.dtype == DType::Int32)
    throw InputError(
        "line of sight scans vertical angles, which are fractions: it runs in "
        "float32; leave out --dtype or give float32");
  ApplicationRun run;
  run.scans.push_back(runApplicationScan(
      {"the largest angle before each point: the exclusive max-scan of the angles",
       viewingAngles(in.values, in.parameters[kViewerHeight]), Operator::Max, true, DType::Float32},
      options));
  const Trace& t = run.scans[0].trace;
  run.result = visibility(t.input, t.output);
  run.answer = lineOfSightAnswer(run.result);
  return run;
}

std::vector<double> sequentialVisibility(const ApplicationInput& in) {
  const std::vector<double> angles = viewingAngles(in.values, in.parameters[kViewerHeight]);
  std::vector<double> visible;
  double largest = -INFINITY;
  for (double a : angles) {
    visible.push_back(a > largest ? 1 : 0);
    largest = std::max(largest, a);
  }
  return visible;
}

}  // namespace

std::vector<double> viewingAngles(const std::vector<double>& heights, double viewerHeight) {
  std::vector<double> angles(heights.size());
  for (size_t i = 0; i < heights.size(); ++i) {
    const double rise = heights[i] - viewerHeight;
    const double distance = static_cast<double>(i + 1);
    // In tenths of a degree, as a surveyor's table gives them: four digits that a projected
    // cell holds at the back row's size, where float32's "-33.6901" does not. Rounded to
    // float32 here, so that the kernel, the reference and the picture compare the same numbers
    // (max is exact; only the rounding could differ).
    const double degrees = std::atan2(rise, distance) * 180.0 / M_PI;
    angles[i] = static_cast<float>(std::round(degrees * 10) / 10);
  }
  return angles;
}

ApplicationInfo lineOfSightApplication() {
  return {
      ApplicationId::LineOfSight,
      "line-of-sight",
      "Line of sight",
      "seed 001 (Zachmann's slides), \"Example: Line-of-Sight\"",
      "which points of a terrain profile a viewer sees: vertical angles and an exclusive max-scan",
      "Heights of the terrain along one viewing direction, one grid cell apart, and a viewpoint X "
      "with its own height. One thread per point turns its height into the vertical angle seen "
      "from X. A point is visible when its angle is larger than every angle before it, so an "
      "exclusive max-scan (the largest angle before i, -inf for the first point) answers for all "
      "points at once: visible when a_i > max_{j<i} a_j. The slide tests â_i < a_i after a "
      "max-scan; with an inclusive max-scan â_i already includes a_i, so â_i >= a_i and the test "
      "never holds: no point would be visible. The test needs the exclusive scan.",
      "the heights of the terrain at distance 1, 2, ... from the viewpoint",
      "1 3 2 6 4 5 9 6 8 12 7 15",
      {{"viewer-height", "H", 4,
        "The viewpoint's height, on the heights' scale, at distance 0 (line-of-sight)."}},
      /*flagsMeaning=*/"",
      runLineOfSight,
      sequentialVisibility,
  };
}

}  // namespace scanviz
