// The CPU emulator's side of a single-pass grid (see tile_common.h for the interface): the tile
// status memory, the tile counter and recorder selection (CpuGrid), and the warp that runs the
// decoupled look-back with its lanes one after another (CpuLookbackWarp).
// The emulator runs blocks interleaved by a scheduler, one stage per block and round. A word a
// block writes becomes visible to the other blocks at the next round, as if every block of a
// round ran at the same time: so a chain of waiting blocks hands its prefix on one block per
// round (the domino of the lesson), whatever order the scheduler visits the blocks of a round in.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "kernels/exec/cpu_block_exec.h"
#include "kernels/grid/tile_common.h"

namespace scanviz {

class CpuTileStatusMemory {
 public:
  explicit CpuTileStatusMemory(int tiles) : slots_(static_cast<size_t>(tiles)) {}

  void beginRound(int64_t round) { round_ = round; }

  uint64_t load(int tile) const {
    const Slot& s = slots_[static_cast<size_t>(tile)];
    return s.writtenRound < round_ ? s.latest : s.visible;
  }

  void store(int tile, uint64_t word) {
    Slot& s = slots_[static_cast<size_t>(tile)];
    if (s.writtenRound < round_) s.visible = s.latest;  // the older word is visible by now
    s.latest = word;
    s.writtenRound = round_;
  }

 private:
  struct Slot {
    uint64_t visible = 0;  // what other blocks see during the round the slot was written in
    uint64_t latest = 0;   // what they see from the next round on
    int64_t writtenRound = -1;
  };
  std::vector<Slot> slots_;
  int64_t round_ = 0;
};

// The grid object of one emulated block for one stage.
template <class T>
class CpuGrid {
 public:
  CpuGrid(CpuTileStatusMemory& status, int& tileCounter, bool staticIds, int launchIndex,
          CpuStepSink& sink, int recordBlock)
      : status_(status),
        tileCounter_(tileCounter),
        staticIds_(staticIds),
        launchIndex_(launchIndex),
        sink_(sink),
        recordBlock_(recordBlock) {}

  int acquireTileId() { return staticIds_ ? launchIndex_ : tileCounter_++; }

  void beginTile(int tile) {
    sink_.block = tile;
    sink_.recordSteps = sink_.run != nullptr && tile == recordBlock_;
  }

  void countWork(int64_t ops) {
    if (sink_.work) *sink_.work += ops;
  }

  uint64_t loadStatus(int tile) const { return status_.load(tile); }
  void storeStatus(int tile, uint64_t word) { status_.store(tile, word); }

  // The chained scan's flag and value share one word here; the GPU keeps them apart and orders
  // them with release/acquire, which a single-threaded emulator does not need.
  bool tryReadInclusive(int tile, T& value) const {
    const uint64_t word = status_.load(tile);
    if (tileStatusFlag(word) != TileStatus::Prefix) return false;
    value = valueFromBits<T>(tileStatusBits(word));
    return true;
  }
  void publishInclusive(int tile, T value) {
    status_.store(tile, packTileStatus(TileStatus::Prefix, valueBits(value)));
  }

 private:
  CpuTileStatusMemory& status_;
  int& tileCounter_;
  bool staticIds_;
  int launchIndex_;
  CpuStepSink& sink_;
  int recordBlock_;
};

// The grid object of one block of an emulated thread-block cluster (cluster_lookback.h): a
// CpuGrid whose tile id is fixed by the cluster's ticket and the block's rank, which reads its
// neighbours' shared state as a block reads distributed shared memory, and which records the
// cluster's steps at their level. The scheduler keeps the blocks of a cluster in step, so a
// stage begins only when every block of the cluster has finished the one before: the cluster
// barrier.
template <class T, class Shared>
class CpuClusterGrid : public CpuGrid<T> {
 public:
  CpuClusterGrid(CpuTileStatusMemory& status, int& unusedCounter, int tile, int rank,
                 const Shared* cluster, CpuStepSink& sink, int recordBlock)
      : CpuGrid<T>(status, unusedCounter, /*staticIds=*/true, tile, sink, recordBlock),
        rank_(rank),
        cluster_(cluster),
        sink_(sink) {}

  int clusterRank() const { return rank_; }
  const Shared& peer(int rank) const { return cluster_[rank]; }
  void recordLevel(int level) { sink_.level = level; }

 private:
  int rank_;
  const Shared* cluster_;  // the cluster's blocks' shared state, by rank
  CpuStepSink& sink_;
};

// The look-back warp of one emulated block: `width` lanes (32, or the block size when smaller),
// each operation applied to all lanes in turn; ballot and shuffles behave as __ballot_sync and
// __shfl_down_sync / __shfl_sync over those lanes.
class CpuLookbackWarp {
 public:
  explicit CpuLookbackWarp(int width) : width_(width) {}

  template <class U>
  struct Lanes {
    explicit Lanes(const CpuLookbackWarp&) {}
    U& operator[](int lane) { return v[static_cast<size_t>(lane)]; }
    std::array<U, 32> v{};
  };

  int width() const { return width_; }

  template <class F>
  void forLanes(F&& f) {
    for (int lane = 0; lane < width_; ++lane) f(lane);
  }

  unsigned ballot(Lanes<bool>& pred) const {
    unsigned mask = 0;
    for (int lane = 0; lane < width_; ++lane)
      if (pred[lane]) mask |= 1u << lane;
    return mask;
  }

  template <class U>
  void shuffleDown(Lanes<U>& in, Lanes<U>& out, int delta) const {
    for (int lane = 0; lane < width_; ++lane)
      out[lane] = lane + delta < width_ ? in[lane + delta] : in[lane];
  }

  template <class U>
  U broadcast(Lanes<U>& in, int lane) const {
    return in[lane];
  }

  template <class F>
  void leader(F&& f) {
    f();
  }

 private:
  int width_;
};

}  // namespace scanviz
