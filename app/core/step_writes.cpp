#include "app/core/step_writes.h"

#include <algorithm>

#include "app/core/thread_states.h"
#include "kernels/scan_types.h"

namespace scanviz {
namespace {

// Elements the array of `level` holds: the input, then one block sum per section below.
long long levelLength(const Trace& t, int level) {
  long long len = t.meta.n;
  const long long section = std::max(1, t.meta.sectionSize);
  for (int l = 0; l < level; ++l) len = (len + section - 1) / section;
  return len;
}

bool inRange(const Trace& t, int step) {
  return step >= 0 && step < static_cast<int>(t.steps.size());
}

}  // namespace

int validElements(const Trace& t, int step) {
  if (!inRange(t, step)) return 0;
  const TraceStep& s = t.steps[static_cast<size_t>(step)];
  const int count = static_cast<int>(s.values.size());
  if (!isSectionStep(s)) return count;
  const long long start = static_cast<long long>(s.block) * std::max(1, t.meta.sectionSize);
  return static_cast<int>(std::clamp<long long>(levelLength(t, s.level) - start, 0, count));
}

int previousStepOnSameArray(const Trace& t, int step) {
  if (!inRange(t, step) || step == 0) return -1;
  const TraceStep& s = t.steps[static_cast<size_t>(step)];
  const TraceStep& p = t.steps[static_cast<size_t>(step - 1)];
  const bool same = p.array == s.array && p.block == s.block && p.level == s.level &&
                    p.offset == s.offset && p.values.size() == s.values.size();
  return same ? step - 1 : -1;
}

std::vector<uint8_t> writtenElements(const Trace& t, int step) {
  if (!inRange(t, step)) return {};
  const TraceStep& s = t.steps[static_cast<size_t>(step)];
  const size_t count = s.values.size();
  std::vector<uint8_t> written(count, 0);
  if (s.kind == static_cast<int>(StepKind::Load)) {
    std::fill_n(written.begin(), std::min<size_t>(count, validElements(t, step)), 1);
    return written;
  }
  for (const auto& [dst, src] : s.edges)
    if (dst >= 0 && static_cast<size_t>(dst) < count) written[static_cast<size_t>(dst)] = 1;
  const int before = previousStepOnSameArray(t, step);
  if (!s.edges.empty() || before < 0) return written;
  // Steps that list no edges (adding block sums, a tile's prefix): what changed is what was
  // written.
  const std::vector<double>& old = t.steps[static_cast<size_t>(before)].values;
  for (size_t i = 0; i < count; ++i)
    if (old[i] != s.values[i]) written[i] = 1;
  return written;
}

}  // namespace scanviz
