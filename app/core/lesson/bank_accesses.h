// The shared-memory accesses of one step, bank by bank: what the bank-conflict counter
// (step_metrics.h) counts and the bank-conflict figure (app/scene/bank_conflict_scene.h) draws,
// computed once so that the picture and the number cannot disagree.
//
// The model (step_metrics.h's bankConflicts): every operator application reads XY[src] and reads
// and writes XY[dst]; the k-th application of every thread of a warp issues together, as one
// warp-wide access per operand. An access whose lanes send n distinct addresses to one of the 32
// banks is an n-way conflict and replays n - 1 times (lanes that share an address are a
// broadcast, no conflict). The destination is read and written: its pattern costs twice.
#pragma once

#include <array>
#include <string_view>
#include <vector>

#include "app/core/lesson/step_metrics.h"
#include "app/core/trace/trace.h"

namespace scanviz {

// Which thread applied each edge of a step: one edge per thread, or an equal run of edges per
// thread (the threads of a coarsened scan walk their subsection, in ascending order); otherwise
// edge j is treated as lane j. Threads are matched to edges in ascending order, since every
// algorithm's index map grows with the thread id.
struct EdgeOwner {
  int thread = 0;
  int iteration = 0;  // the thread's k-th operator application in this step
};
std::vector<EdgeOwner> edgeOwners(const TraceStep& s);

// One warp-wide access: warp `warp`'s `iteration`-th application, its read of XY[src] or its read
// and write of XY[dst].
struct BankAccess {
  int warp = 0;
  int iteration = 0;
  bool destination = false;  // false: the read of XY[src]; true: XY[dst], read then written
  // Per bank, the distinct elements (logical indices, ascending) whose slots the lanes address.
  std::array<std::vector<int>, kSharedBanks> elements;

  int way() const;  // the most distinct addresses in one bank (1: conflict-free)
  int issues() const { return destination ? 2 : 1; }  // instructions with this pattern
  int replays() const { return (way() - 1) * issues(); }
};

// True when the step's accesses go to shared memory: a step of the block's working array with
// operator applications, not a register-only step (shuffles).
bool hasSharedAccesses(const TraceStep& s);

// Where XY[i] lives in shared memory: slot i, or with one padding slot after every 32 elements
// (slot i + i / 32: the kernels' PadMap{5}, the slides' CONFLICT_FREE_OFFSET), which spreads
// power-of-two strides over the banks.
enum class SharedLayout { Plain, Padded };
SharedLayout sharedLayoutOf(std::string_view algorithm);  // what the algorithm's kernel uses
int sharedSlot(SharedLayout layout, int index);

// The step's warp-wide accesses with the cells at their slots in `layout`, ordered by warp,
// iteration, then the src read before the dst access; empty when !hasSharedAccesses(s).
std::vector<BankAccess> bankAccesses(const TraceStep& s, SharedLayout layout);
// ... in the layout of the algorithm's kernel: what the counter counts.
std::vector<BankAccess> bankAccesses(const TraceStep& s, std::string_view algorithm);

// The counter's summary of those accesses.
BankConflicts summarizeBankAccesses(const std::vector<BankAccess>& accesses);

}  // namespace scanviz
