#include "app/core/layouts/chain_flags.h"

#include <algorithm>
#include <map>

#include "app/core/algorithms/reference_scan.h"
#include "app/core/algorithms/scan_options.h"

namespace scanviz {
namespace {

// The tile sums and running prefixes from the stored input, as far as it reaches.
void addSums(const Trace& t, std::vector<ChainFlagBlock>& blocks) {
  const Operator op = parseOperator(t.meta.op).value_or(Operator::Add);
  const std::vector<double> inclusive = referenceScan(t.input, op, /*exclusive=*/false);
  const long long section = std::max(1, t.meta.sectionSize);
  for (ChainFlagBlock& b : blocks) {
    const long long first = b.tile * section;
    const long long last = std::min<long long>(first + section, t.meta.n) - 1;
    if (last >= static_cast<long long>(inclusive.size())) continue;
    b.hasSum = true;
    b.inclusive = inclusive[static_cast<size_t>(last)];
    std::vector<double> tile(t.input.begin() + first, t.input.begin() + last + 1);
    b.aggregate = referenceScan(tile, op, false).back();
  }
}

}  // namespace

std::string chainFlagsProblem(const Trace& t) {
  if (t.meta.algorithm != "single-pass-chained")
    return "the flags figure is the single-pass chained scan's (PMPP 8.7): capture "
           "single-pass-chained over more than one tile";
  if (t.blocks.size() < 2)
    return "the flags figure needs a chain: this run has one block; choose N larger than the "
           "section (" +
           std::to_string(t.meta.sectionSize) + " elements)";
  return {};
}

ChainFlags chainFlagsOf(const Trace& t, int maxBlocks) {
  ChainFlags c;
  if (!chainFlagsProblem(t).empty()) return c;
  c.unit = timelineUnit(t.meta);
  c.totalBlocks = static_cast<int>(t.blocks.size());
  std::map<int, const TraceBlock*> byTile;
  for (const TraceBlock& b : t.blocks)
    if (b.id < maxBlocks) byTile[b.id] = &b;
  for (const auto& [tile, tb] : byTile) {
    if (tile != static_cast<int>(c.blocks.size())) break;  // the chain shown has no gap
    BlockSpan span;
    placeWait(*tb, c.unit, span);
    c.estimated = c.estimated || span.waitEstimated;
    ChainFlagBlock b;
    b.tile = tile;
    b.start = span.start;
    b.spinStart = span.waitStart;
    b.publish = span.waitEnd;
    // The emulator: visible from the next round. The GPU: a fenced store is visible once the
    // fence completes, which the trace does not time: the publish itself is the best bound.
    b.visible = c.unit == TimelineUnit::Rounds ? b.publish + 1 : b.publish;
    b.end = span.end;
    c.blocks.push_back(b);
  }
  for (size_t i = 0; i + 1 < c.blocks.size(); ++i) c.blocks[i].seenBy = c.blocks[i + 1].publish;
  addSums(t, c.blocks);
  if (!c.blocks.empty()) {
    c.first = c.blocks.front().start;
    c.last = c.blocks.front().end;
    for (const ChainFlagBlock& b : c.blocks) {
      c.first = std::min(c.first, b.start);
      c.last = std::max(c.last, b.end);
    }
  }
  return c;
}

}  // namespace scanviz
