#include "app/scene/outside_sources.h"

#include <algorithm>
#include <map>

#include "app/core/algorithms/step_kinds.h"
#include "app/core/lesson/result_check.h"
#include "app/core/playback/step_writes.h"
#include "app/core/playback/thread_states.h"
#include "app/core/trace/value_format.h"

namespace scanviz {
namespace {

bool isKind(const TraceStep& s, StepKind k) {
  return s.kind == static_cast<int>(k);
}

// A grid step: one chip a block, S[b-1] for the totals combined in, XY for the sections stored.
std::vector<OutsideSource> blockSources(const Trace& t, int step) {
  const TraceStep& s = t.steps[static_cast<size_t>(step)];
  const long long section = std::max(1, t.meta.sectionSize);
  const int before = previousStepOnSameArray(t, step);
  std::map<long long, OutsideSource> byBlock;
  const auto add = [&](int dst, bool combined) {
    const long long b = (s.offset + dst) / section;
    OutsideSource& src = byBlock[2 * b + (combined ? 1 : 0)];
    src.combined = combined;
    src.cells.push_back(dst);
    if (src.cells.size() > 1) return;
    const std::string block = "block " + std::to_string(b);
    if (!combined) {
      src.text = "XY";
      src.tooltip = block + " stores its section from shared memory XY (a move, no operation)";
      return;
    }
    src.text = b == 0 ? "S[0 - 1]" : "S[" + std::to_string(b - 1) + "]";
    // The total itself where it can be read off the cell: a sum's new value less its old one.
    if (b >= 1 && before >= 0 && t.meta.op == "add")
      src.text +=
          " = " +
          formatValue(s.values[static_cast<size_t>(dst)] -
                          t.steps[static_cast<size_t>(before)].values[static_cast<size_t>(dst)],
                      t.meta.dtype);
    src.tooltip =
        b == 0 ? "block 0 reads S[blockIdx.x - 1]: blockIdx.x is unsigned, so 0 - 1 wraps and the "
                 "read lands outside S (S[-1] with a signed index); the emulator gives it "
                 "0xDEADBEEF"
        : isKind(s, StepKind::SegmentCarry)
            ? "S[" + std::to_string(b - 1) + "]: what flows out of the blocks before " + block +
                  ", combined into its elements up to its first segment head"
            : "S[" + std::to_string(b - 1) + "]: the scanned total of every block before " + block +
                  ", combined into each of its elements";
  };
  for (const auto& [dst, src] : s.edges)
    if (src < 0) add(dst, true);
  for (const auto& [dst, src] : s.moves)
    if (src < 0) add(dst, false);
  std::vector<OutsideSource> out;
  for (auto& [key, src] : byBlock) out.push_back(std::move(src));
  return out;
}

}  // namespace

std::vector<OutsideSource> outsideSources(const Trace& t, int step, const std::set<int>& drawn) {
  if (step < 0 || step >= static_cast<int>(t.steps.size())) return {};
  const TraceStep& s = t.steps[static_cast<size_t>(step)];
  if (!isSectionStep(s)) return blockSources(t, step);
  std::vector<OutsideSource> out;
  const std::string identityText =
      formatCellValue(identityValue(t.meta.op, t.meta.dtype), t.meta.op, t.meta.dtype);
  // A load stores the input into its valid elements (the exclusive shift x_(i-1) into elements 1
  // to valid) and the identity anywhere else; every other step moves in only the identity (the
  // root's clear, a segment's head).
  const StepKindInfo* kind = findStepKind(s.kind);
  const bool load = kind && kind->writes == StepWrites::EveryValidElement;
  const bool shift = isKind(s, StepKind::KoggeStoneShift);
  const int valid = validElements(t, step);
  for (const auto& [dst, src] : s.moves) {
    if (src >= 0 || drawn.count(dst) || dst < 0 || dst >= static_cast<int>(s.values.size()))
      continue;
    const bool input = load && (shift ? dst >= 1 && dst <= valid : dst < valid);
    out.push_back({{dst},
                   input ? "in" : identityText,
                   input ? "an element of the input, copied in (a move, no operation)"
                         : "the identity of " + t.meta.op + ", stored without reading the array",
                   false});
  }
  // Operator applications with an operand from outside the array: the thread's own input
  // element (a chip a cell), or a prefix every cell of the tile takes (one chip for them all).
  OutsideSource prefix{{}, "prefix", "the combined total of every tile before this one", true};
  for (const auto& [dst, src] : s.edges) {
    if (src >= 0) continue;
    if (isKind(s, StepKind::ToInclusive))
      out.push_back(
          {{dst}, "in", "the thread's own input element, read again from the input", true});
    else
      prefix.cells.push_back(dst);
  }
  if (!prefix.cells.empty()) out.push_back(std::move(prefix));
  return out;
}

}  // namespace scanviz
