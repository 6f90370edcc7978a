// A single-pass scan in thread-block clusters (kernels/grid/cluster_lookback.h) on the CPU
// emulator. A cluster is launched whole into kClusterBlocks of the rq.emulator.residentBlocks
// slots (at least one cluster is resident), as the GPU schedules a cluster's blocks at the same
// time; it takes its ticket from the tile counter when it starts, so its tiles follow those of
// every cluster that started before it. In each scheduler round a resident cluster advances one
// stage with all of its blocks, the stages being what lies between two cluster barriers: scan
// the tiles; gather and scan the cluster's totals; look back over the earlier clusters (the last
// block's warp, one window a round); take the prefix and finish the tiles. Status words written
// in a round are seen by the other clusters from the next (CpuTileStatusMemory), as in the other
// single-pass schemes. A cluster waits only for clusters that started before it, so this
// schedule cannot deadlock.
//
// Timeline, in scheduler rounds: every block of a cluster starts at the round its cluster
// started; waitNs counts the look-back's polls that did not yet end it (the whole cluster waits
// for them at its second barrier); the last block's `lookback` is the clusters it combined.
#pragma once

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "app/core/backends/backend.h"
#include "app/core/backends/cpu_hierarchical.h"
#include "kernels/grid/cluster_lookback.h"
#include "kernels/grid/cpu_grid_exec.h"

namespace scanviz {

template <class T, class Scheme>
class ClusterEmulator {
 public:
  static constexpr int C = Scheme::kClusterBlocks;
  using Shared = ClusterTileShared<T>;

  ClusterEmulator(const RunRequest& rq, const std::vector<T>& input, RunResult<T>& result)
      : rq_(rq),
        in_(input.data()),
        n_(static_cast<long long>(input.size())),
        threads_(rq.blockSize),
        section_(Scheme::sectionSize(rq.blockSize)),
        tiles_(static_cast<int>((n_ + section_ - 1) / section_)),
        clusters_((tiles_ + C - 1) / C),
        result_(result),
        status_(clusters_),
        slots_(static_cast<size_t>(std::clamp(rq.emulator.residentBlocks / C, 1, clusters_))) {
    for (Cluster& c : slots_)
      for (auto& xy : c.xy) xy.resize(static_cast<size_t>(Scheme::sharedSlots(threads_)));
  }

  void run() {
    const std::vector<int> order = emulatorLaunchOrder(rq_.emulator, clusters_);
    size_t launched = 0;
    int finished = 0;
    for (int64_t round = 0; finished < clusters_; ++round) {
      status_.beginRound(round);
      for (Cluster& c : slots_)
        if (!c.busy && launched < order.size()) launch(c, order[launched++]);
      for (size_t slot = 0; slot < slots_.size(); ++slot) {
        Cluster& c = slots_[slot];
        if (!c.busy) continue;
        advance(c, static_cast<int>(slot), round);
        if (!c.busy) ++finished;
      }
    }
    std::sort(result_.run.blocks.begin(), result_.run.blocks.end(),
              [](const RecordedBlock& a, const RecordedBlock& b) { return a.id < b.id; });
  }

 private:
  struct Cluster {
    enum class Stage { ScanTiles, GatherTotals, LookBack, Finish };
    bool busy = false;
    int launchIndex = 0;  // clusterIdx: blockIdx.x / C
    int ticket = 0;       // the cluster's place in the scan: its tiles are ticket * C + rank
    Stage stage = Stage::ScanTiles;
    int64_t startRound = 0;
    int64_t waitRounds = 0;
    LookbackCursor<T> cursor{};
    std::array<Shared, C> shared{};  // each block's shared state, read by rank (DSMEM)
    std::array<CpuStepSink, C> sinks;
    std::array<std::vector<T>, C> xy;  // each block's working array
  };
  using Stage = typename Cluster::Stage;
  using Grid = CpuClusterGrid<T, Shared>;

  void launch(Cluster& c, int launchIndex) {
    c.busy = true;
    c.launchIndex = launchIndex;
    c.ticket = ticketCounter_++;
    c.stage = Stage::ScanTiles;
    c.waitRounds = 0;
    for (CpuStepSink& sink : c.sinks) {
      sink = CpuStepSink{};
      if (!rq_.record) continue;
      sink.run = &result_.run;
      sink.work = &result_.run.work;
      if (result_.run.whole.length > 0) sink.whole = &result_.run.whole;
    }
  }

  Grid gridOf(Cluster& c, int rank) {
    return Grid(status_, ticketCounter_, c.ticket * C + rank, rank, c.shared.data(),
                c.sinks[static_cast<size_t>(rank)], rq_.recordBlock);
  }

  // f(rank, executor, grid) for every block of the cluster.
  template <class F>
  void forBlocks(Cluster& c, F&& f) {
    for (int rank = 0; rank < C; ++rank) {
      CpuStepSink& sink = c.sinks[static_cast<size_t>(rank)];
      CpuBlockExec<T> ex(threads_, rq_.op, sink, rq_.emulator.threadOrder);
      Grid grid = gridOf(c, rank);
      f(rank, ex, grid);
    }
  }

  // One stage of every block of the cluster, the stages divided by the cluster barriers.
  void advance(Cluster& c, int slot, int64_t round) {
    switch (c.stage) {
      case Stage::ScanTiles:
        c.startRound = round;
        forBlocks(c, [&](int rank, CpuBlockExec<T>& ex, Grid& grid) {
          Scheme::scanTile(ex, grid, c.shared[rank], c.xy[rank].data(), in_, n_);
        });
        c.stage = Stage::GatherTotals;
        return;
      case Stage::GatherTotals:
        forBlocks(c, [&](int rank, CpuBlockExec<T>& ex, Grid& grid) {
          Scheme::gatherClusterTotals(ex, grid, c.shared[rank]);
        });
        c.cursor = Scheme::startLookback(c.shared[C - 1], rq_.op);
        c.stage = Stage::LookBack;
        return;
      case Stage::LookBack: {
        Grid grid = gridOf(c, C - 1);
        CpuLookbackWarp warp(Scheme::windowWidth(threads_));
        if (Scheme::poll(warp, grid, c.shared[C - 1], c.cursor, rq_.op) == PollResult::Done)
          c.stage = Stage::Finish;
        else
          ++c.waitRounds;
        return;
      }
      case Stage::Finish:
        forBlocks(c, [&](int rank, CpuBlockExec<T>& ex, Grid& grid) {
          Scheme::takeClusterPrefix(ex, grid, c.shared[rank]);
        });
        forBlocks(c, [&](int rank, CpuBlockExec<T>& ex, Grid&) {
          Scheme::finishTile(ex, c.shared[rank], c.xy[rank].data(), result_.output.data(),
                             rq_.exclusive);
        });
        recordTiming(c, slot, round);
        c.busy = false;
        return;
    }
  }

  void recordTiming(const Cluster& c, int slot, int64_t round) {
    if (!rq_.record) return;
    for (int rank = 0; rank < C; ++rank) {
      const int tile = c.ticket * C + rank;
      if (tile >= tiles_ || tile >= rq_.limits.maxBlocksTimed) continue;
      RecordedBlock rb;
      rb.id = tile;
      rb.launchIndex = c.launchIndex * C + rank;
      rb.sm = slot * C + rank;
      rb.startNs = c.startRound;
      rb.waitNs = c.waitRounds;
      rb.endNs = round + 1;
      rb.lookback = Scheme::isLastOfCluster(rank) ? c.cursor.inspected : 0;
      result_.run.blocks.push_back(rb);
    }
  }

  const RunRequest& rq_;
  const T* in_;
  long long n_;
  int threads_;
  int section_;
  int tiles_;
  int clusters_;
  RunResult<T>& result_;
  CpuTileStatusMemory status_;  // one status word per cluster
  int ticketCounter_ = 0;
  std::vector<Cluster> slots_;
};

}  // namespace scanviz
