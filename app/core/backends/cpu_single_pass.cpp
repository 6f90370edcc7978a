// Single-pass grid scans on the CPU emulator: a scheduler with rq.emulator.residentBlocks slots
// runs the per-tile code of kernels/grid/ (the same code the GPU kernels run). Blocks are launched
// in emulatorLaunchOrder() order into free slots; in every round each resident block advances one
// stage: scan its tile, poll the inter-block protocol once, or combine its prefix and store. A
// finished block frees its slot for the next launch in the following round.
// Dynamic tile ids always progress: a block only ever waits for tiles that started before it. With
// static ids (blockIdx.x) a full round in which no block advances is a deadlock, and is reported
// as one instead of spinning forever as a GPU would.
//
// Timeline, in scheduler rounds (RecordedRun::timeIsRounds): a block scans its tile in round
// startNs; waitNs counts the polls after that which did not yet yield the prefix, so the prefix
// arrived (and the block published its own inclusive result) in round startNs + 1 + waitNs; it
// combines and stores in the round after; endNs is the round after its last stage. sm is the slot.
#include <algorithm>
#include <string>
#include <vector>

#include "app/core/backends/cpu_cluster_scan.h"
#include "app/core/backends/cpu_hierarchical.h"
#include "app/core/backends/deadlock_report.h"
#include "app/core/backends/single_pass.h"
#include "app/core/backends/single_pass_common.h"
#include "kernels/grid/cpu_grid_exec.h"

namespace scanviz {
namespace {

template <class T, class Shared, class Counted>
struct EmulatedBlock {
  enum class Stage { ScanTile, Poll, Finish };
  bool busy = false;
  int launchIndex = 0;  // blockIdx.x
  Stage stage = Stage::ScanTile;
  int64_t startRound = 0;
  int64_t waitRounds = 0;
  Shared sh{};
  LookbackCursor<Counted> cursor{};
  CpuStepSink sink;
  std::vector<T> xy;  // the block's shared memory
};

template <class T, class Algo>
class SinglePassEmulator {
 public:
  // How the scheme's stages are called (kernels/grid/single_pass_scheme.h).
  using Traits = SinglePassTraits<Algo>;
  static constexpr bool kLookback = Traits::kLookback;
  static constexpr bool kSelects = Traits::kSelects;
  using Counted = typename Traits::template Counted<T>;
  using Shared = typename Traits::template Shared<T>;
  using Block = EmulatedBlock<T, Shared, Counted>;

  SinglePassEmulator(const RunRequest& rq, const std::vector<T>& input, RunResult<T>& result)
      : rq_(rq),
        in_(input.data()),
        flags_(flagsFrom(rq, 0)),
        n_(static_cast<long long>(input.size())),
        threads_(rq.blockSize),
        section_(Algo::sectionSize(rq.blockSize)),
        tiles_(static_cast<int>((n_ + section_ - 1) / section_)),
        result_(result),
        status_(tiles_),
        // More slots than tiles would stay empty: not allocating them keeps a huge
        // residentBlocks from costing memory.
        slots_(static_cast<size_t>(std::clamp(rq.emulator.residentBlocks, 1, tiles_))) {
    for (auto& s : slots_) s.xy.resize(static_cast<size_t>(Algo::sharedSlots(threads_)));
    if constexpr (kSelects) {
      result_.addresses.assign(input.size(), 0);
      if (Algo::kSplit) rejected_.assign(input.size(), T{});
    }
  }

  void run() {
    const std::vector<int> order = emulatorLaunchOrder(rq_.emulator, tiles_);
    size_t launched = 0;
    int finished = 0;
    for (int64_t round = 0; finished < tiles_; ++round) {
      status_.beginRound(round);
      bool progress = false;
      for (size_t slot = 0; slot < slots_.size() && launched < order.size(); ++slot) {
        if (slots_[slot].busy) continue;
        launch(slots_[slot], order[launched++]);
        progress = true;
      }
      for (size_t slot = 0; slot < slots_.size(); ++slot) {
        Block& b = slots_[slot];
        if (!b.busy) continue;
        progress |= advance(b, static_cast<int>(slot), round);
        if (!b.busy) ++finished;
      }
      if (!progress && finished < tiles_) throwDeadlock(round, order, launched);
    }
    std::sort(result_.run.blocks.begin(), result_.run.blocks.end(),
              [](const RecordedBlock& a, const RecordedBlock& b) { return a.id < b.id; });
    if constexpr (kSelects) appendRejected();
  }

 private:
  void launch(Block& b, int launchIndex) {
    b.busy = true;
    b.launchIndex = launchIndex;
    b.stage = Block::Stage::ScanTile;
    b.waitRounds = 0;
    b.sink = CpuStepSink{};
    if (rq_.record) {
      b.sink.run = &result_.run;
      b.sink.work = &result_.run.work;
      if (result_.run.whole.length > 0) b.sink.whole = &result_.run.whole;
    }
  }

  // Runs one stage of the block; false when it only polled and found nothing new.
  bool advance(Block& b, int slot, int64_t round) {
    CpuGrid<T> grid(status_, tileCounter_, rq_.emulator.staticBlockIds, b.launchIndex, b.sink,
                    rq_.recordBlock);
    CpuBlockExec<T> ex(threads_, rq_.op, b.sink, rq_.emulator.threadOrder);
    using Stage = typename Block::Stage;
    switch (b.stage) {
      case Stage::ScanTile:
        b.startRound = round;
        singlePassScanTile<Algo>(ex, grid, b.sh, b.xy.data(), in_, flags_, n_);
        if constexpr (kLookback) b.cursor = Algo::startLookback(b.sh, rq_.op);
        b.stage = Stage::Poll;
        return true;
      case Stage::Poll: {
        const PollResult r = poll(b, grid);
        if (r == PollResult::Done) {
          b.stage = Stage::Finish;
          return true;
        }
        ++b.waitRounds;
        return r == PollResult::Advanced;
      }
      case Stage::Finish:
        singlePassFinishTile<Algo>(ex, b.sh, b.xy.data(), result_.output.data(), rq_.exclusive,
                                   selectOutputs());
        recordTiming(b, slot, round);
        finished_.push_back(b.sh.tile);
        b.busy = false;
        return true;
    }
    return false;
  }

  PollResult poll(Block& b, CpuGrid<T>& grid) {
    if constexpr (kLookback) {
      CpuLookbackWarp warp(Algo::windowWidth(threads_));
      return Algo::poll(warp, grid, b.sh, b.cursor, rq_.op);
    } else {
      return Algo::poll(grid, b.sh, rq_.op);
    }
  }

  // Where select and split write (unused by a scan).
  SelectOutputs<T> selectOutputs() {
    return {result_.output.data(), rejected_.data(), result_.addresses.data(), &selectedCount_, n_};
  }

  // Split: the rejected elements follow the selected ones (the GPU backend does the same after
  // its launch); select leaves the rest of the output as it was (zero).
  void appendRejected() {
    if (!Algo::kSplit) return;
    std::copy(rejected_.begin(), rejected_.end() - selectedCount_,
              result_.output.begin() + selectedCount_);
  }

  int waitsFor(const Block& b) const {
    if constexpr (kLookback) {
      return b.cursor.waitingFor;
    } else {
      return Algo::waitsFor(b.sh.tile);
    }
  }

  void recordTiming(const Block& b, int slot, int64_t round) {
    if (!rq_.record || b.sh.tile >= rq_.limits.maxBlocksTimed) return;
    RecordedBlock rb;
    rb.id = b.sh.tile;
    rb.launchIndex = b.launchIndex;
    rb.sm = slot;
    rb.startNs = b.startRound;
    rb.waitNs = b.waitRounds;
    rb.endNs = round + 1;
    if constexpr (kLookback) {
      rb.lookback = b.cursor.inspected;
    } else {
      rb.lookback = b.sh.tile > 0 ? 1 : 0;
    }
    result_.run.blocks.push_back(rb);
  }

  [[noreturn]] void throwDeadlock(int64_t round, const std::vector<int>& order,
                                  size_t launched) const {
    std::vector<bool> resident(static_cast<size_t>(tiles_), false);
    const std::string orderName(keyOf(kLaunchOrderKeys, rq_.emulator.order));
    DeadlockReport report{.round = round,
                          .tiles = tiles_,
                          .slots = static_cast<int>(slots_.size()),
                          .launchOrder = order,
                          .launched = static_cast<int>(launched),
                          .finished = finished_,
                          .staticIds = rq_.emulator.staticBlockIds,
                          .launchOrderName = orderName};
    for (size_t slot = 0; slot < slots_.size(); ++slot) {
      const auto& b = slots_[slot];
      if (!b.busy) continue;
      resident[static_cast<size_t>(b.sh.tile)] = true;
      report.resident.push_back({static_cast<int>(slot), b.sh.tile, waitsFor(b)});
    }
    std::string waits;
    int blocker = -1;  // a waited-for tile without a slot: the one that can never run
    for (const auto& b : slots_) {
      if (!b.busy) continue;
      const int target = waitsFor(b);
      if (!waits.empty()) waits += ", ";
      waits += "block " + std::to_string(b.sh.tile) + " waits for block " + std::to_string(target);
      if (target >= 0 && !resident[static_cast<size_t>(target)] &&
          (blocker < 0 || target < blocker))
        blocker = target;
    }
    std::string msg = "deadlock in scheduler round " + std::to_string(round) + ": " + waits;
    if (blocker >= 0)
      msg += "; block " + std::to_string(blocker) +
             " has not started and can never get one of the " + std::to_string(slots_.size()) +
             " resident slots, because every slot is held by a waiting block";
    msg += " (" +
           std::string(rq_.emulator.staticBlockIds ? "static block ids" : "dynamic block ids") +
           ", " + orderName + " launch order, " + std::to_string(launched) + " of " +
           std::to_string(order.size()) +
           " blocks launched). Dynamic block ids taken from an atomic counter (PMPP 8.7) avoid it.";
    throw DeadlockError(msg, std::move(report));
  }

  const RunRequest& rq_;
  const T* in_;
  const uint8_t* flags_;  // head flags or keep-flags (Traits::kTakesFlags), null for none
  long long n_;
  int threads_;
  int section_;
  int tiles_;
  RunResult<T>& result_;
  CpuTileStatusMemory status_;
  int tileCounter_ = 0;
  std::vector<Block> slots_;
  std::vector<int> finished_;  // tiles in the order their blocks finished
  std::vector<T> rejected_;    // split: the elements whose flag is 0, in their order
  int32_t selectedCount_ = 0;  // select/split: written by the tile that holds element n-1
};

template <class T, class Scheme>
RunResult<T> runSchemeOnCpu(const RunRequest& rq, const std::vector<T>& input) {
  const SinglePassShape shape =
      checkSinglePassRequest<Scheme>(rq, static_cast<long long>(input.size()));
  RunResult<T> r;
  r.run.timeIsRounds = true;
  r.output.assign(input.size(), T{});
  if (input.empty()) return r;
  if (rq.record)
    startWholeArrayRows(r.run, rq.limits, static_cast<long long>(input.size()), shape.section,
                        shape.tiles);
  if constexpr (SinglePassTraits<Scheme>::kClustered)
    ClusterEmulator<T, Scheme>(rq, input, r).run();
  else
    SinglePassEmulator<T, Scheme>(rq, input, r).run();
  if (rq.record && shape.tiles > 1) r.run.notes.push_back(singlePassStepsNote(rq, shape.tiles));
  return r;
}

}  // namespace

template <class T>
RunResult<T> runSinglePassOnCpu(const RunRequest& rq, const std::vector<T>& input) {
  RunResult<T> r;
  withRequestedSinglePassScheme(
      rq, [&](auto scheme) { r = runSchemeOnCpu<T, typename decltype(scheme)::type>(rq, input); });
  return r;
}

template RunResult<int32_t> runSinglePassOnCpu(const RunRequest&, const std::vector<int32_t>&);
template RunResult<float> runSinglePassOnCpu(const RunRequest&, const std::vector<float>&);

}  // namespace scanviz
