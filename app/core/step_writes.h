// Which elements of a step's array the step wrote, and where a section's padding begins: what the
// cell view highlights, computed once for views that draw thousands of elements at a time (the
// heat strip, the space-time image) and for tests.
#pragma once

#include <cstdint>
#include <vector>

#include "app/core/trace.h"

namespace scanviz {

// One entry per element of steps[step].values: 1 where the step wrote it. The operator's
// destinations when the step lists edges; every valid element for the load; otherwise the
// elements whose value changed since the previous step on the same array. Empty for a step out
// of range.
std::vector<uint8_t> writtenElements(const Trace& t, int step);

// Elements of steps[step].values before the padding: a section past the end of its level's array
// is filled with the operator's identity. The whole array for steps that are not sections.
int validElements(const Trace& t, int step);

// The previous step when it shows the same array (same kind, block, level, offset and length):
// the "before" of this step. -1 when there is none.
int previousStepOnSameArray(const Trace& t, int step);

}  // namespace scanviz
