// Single-pass stream compaction and split: the exclusive scan of the flags and the scatter it
// drives, fused into one launch by decoupled look-back over the flag counts (Merrill & Garland,
// "Single-pass Parallel Prefix Scan with Decoupled Look-back", NVR-2016-002, section 5; seed
// 001's "where do I start writing my data?": a kept element writes at the number of kept
// elements before it).
//
// Idea: the scan to fuse is the one of decoupled_lookback.h over int counts, with literally its
// protocol: a tile publishes its count of selected elements as A (DecoupledLookback::
// publishAggregate), one warp looks back (lookBackTile, which polls DecoupledLookback::poll as the
// emulator does) and learns how many selected elements all earlier tiles hold. Nothing else
// crosses tiles, so every tile scatters as soon as its look-back ends:
//  - select (compaction, cub::DeviceSelect::Flagged): element i, flagged, goes to
//    selected[s_i], s_i = the selected elements before i;
//  - split (one radix pass, the stable counterpart of cub::DevicePartition::Flagged): the
//    flagged elements as in select, the others to rejected[i - s_i], in their order. CUB writes
//    its rejected elements backwards from the end of one array, because the start of the
//    rejected part (the total count) is known only after the last tile; two arrays keep both
//    parts in order with the same bytes moved, which a radix sort needs (stability).
// A tile of kThreads x kItems elements, each warp's part warp-striped: vector j of lane l holds
// elements j*128 + 4l .. 4l+3 of the warp's 512, so that every load instruction of a warp reads
// 512 contiguous bytes of values and 128 of flags, with no exchange through shared memory (the
// scan needs no blocked order: a count is a count). The counts of a lane (one per vector, at
// most 4 each) are packed into the bytes of a word (two words for more than four vectors), and
// one shuffle scan of each word across the warp gives, for each vector j, the flagged elements
// of lower lanes (a field's warp total is at most 128, so the fields never carry into each
// other). The warps' totals are
// scanned through shared memory. Before the look-back the tile already knows where each element
// goes within the tile: selected elements are packed at the front of a shared-memory tile,
// rejected ones after them, so that after the look-back the block writes both runs with
// consecutive threads on consecutive addresses (coalesced) instead of every thread scattering.
// Work per tile of S elements, T threads: S flag tests, T - 1 + (T/32) log2 32 additions for the
// counts, S shared stores and S global stores: O(S), the scan's work on 1-element counts.
// Depth: kItems + log2 32 + T/32 steps before the look-back, which ends at the nearest tile with
// its prefix, then S/T store rounds.
// The counts are exact in int32 (n < 2^31); values move unchanged (any 4-byte type).
// Measured (int32, 50% flagged; docs/benchmarks.md, 2026-11-25): from 2^24 to 2^28, one tile per
// block in the shapes tools/select_shapes.cu keeps as its baseline, select 1.12-1.13x CUB on an
// H100 and 1.23-1.24x on an H200, split 0.99-1.01x and 1.01-1.04x. The launch that `scanviz
// bench` times (kernels/launch/select_kernels.cuh) now runs these tile functions in persistent
// blocks with a look-back warp (select_pipelined_agent.cuh), which no longer waits for a tile's
// look-back before the next tile's loads: 1.26-1.37x on the H100. The recorded twin, written
// once for GPU and emulator and captured step by step, is kernels/grid/select_lookback.h
// (select-lookback, split-lookback), which the compaction and radix-sort applications run; all
// share the look-back protocol (DecoupledLookback's publishAggregate and poll).
#pragma once

#include <cuda_runtime.h>

#include <stdint.h>

#include "kernels/agent/lookback_agent.cuh"
#include "kernels/grid/gpu_grid_exec.cuh"

namespace scanviz {

// How the agent touches memory and looks back, apart from the tile's shape (the default is the
// shipped kernel; tools/select_shapes.cu times the others against it):
//  - kBackoffNs: the look-back's pacing (lookBackTile's policy parameter); 0: none.
//  - kStreamingLoads: values and flags read with ld.global.cs (evict first: each is read once),
//    or through the read-only path (ld.global.nc).
//  - kStreamingStores: the outputs written with st.global.cs, or plain stores.
//  - kVectorStores: the outputs written 16 bytes a store where aligned (writeRun), or 4.
//  - kWindow: predecessors a look-back window examines; 0: DecoupledLookback::windowWidth.
//  - kLookbackWordsPerLane: status words a lane reads per window (lookBackTile), 1, 2 or 4.
//  - kOneWriteLoop: a split writes both of its runs in one loop over their vectors (writeRuns),
//    not one run after the other.
struct SelectLookbackPolicy {
  static constexpr unsigned kBackoffNs = 0;
  static constexpr int kLookbackWordsPerLane = 1;
  static constexpr bool kOneWriteLoop = false;
  static constexpr bool kStreamingLoads = true;
  static constexpr bool kStreamingStores = false;
  static constexpr bool kVectorStores = false;
  static constexpr int kWindow = 0;
};

// How the shipped shape writes: streaming 16-byte stores (tools/select_shapes.cu times its
// candidates with the same).
struct SelectStreamingVectorStores : SelectLookbackPolicy {
  static constexpr bool kStreamingStores = true;
  static constexpr bool kVectorStores = true;
};

// The one-tile shapes that shipped until 2026-11-27 (tools/select_shapes.cu keeps them as its
// baseline; docs/benchmarks.md, "single-pass compaction and split"): the compaction in 8192-element
// tiles (256 x 32, 5 blocks an SM), the split in 10240-element tiles (512 x 20, 3 blocks an SM)
// and from 2^26 elements in 9216-element ones (384 x 24, 4 blocks an SM).

template <class T, int kThreads, int kItems, bool kSplit, class Policy = SelectLookbackPolicy>
struct SelectLookbackAgent {
  static_assert(sizeof(T) == 4, "values move as 4-byte words");
  static_assert(kItems % 4 == 0 && kItems >= 4 && kItems <= 32,
                "a lane moves 4-element vectors, and its flags fit the bits of one word");
  static_assert(kThreads % 32 == 0 && kThreads <= 1024, "whole warps");
  static constexpr int kWarps = kThreads / 32;
  static constexpr int kTileElements = kThreads * kItems;
  using Count = StaticOp<int32_t, Operator::Add>;

  struct Shared {
    int tile;
    int prefix;  // selected elements of all earlier tiles
    int gaveUp;  // the watchdog ended the look-back: stop
    int warpCounts[kWarps];
    T staged[kTileElements];  // the tile's selected elements, then its rejected ones
  };

  static constexpr int kVectors = kItems / 4;  // per lane
  static constexpr int kWarpElements = 32 * kItems;
  static constexpr int kWindow =
      Policy::kWindow > 0 && Policy::kWindow < DecoupledLookback::kMaxWindow
          ? Policy::kWindow
          : DecoupledLookback::kMaxWindow;  // kThreads >= 32
  // A lane's per-vector counts, one byte each, four to a word (a vector's warp total is at most
  // 128, so the bytes never carry into each other).
  static constexpr int kCountWords = (kVectors + 3) / 4;
  struct Counts {
    uint32_t word[kCountWords];
    __device__ int of(int j) const {
      return static_cast<int>((word[j / 4] >> (8 * (j % 4))) & 0xffu);
    }
  };

  template <class V>
  __device__ static V read(const V* p) {
    if constexpr (Policy::kStreamingLoads)
      return __ldcs(p);
    else
      return __ldg(p);
  }

  __device__ static void write(T* p, T v) {
    if constexpr (Policy::kStreamingStores)
      __stcs(reinterpret_cast<unsigned*>(p), valueBits(v));
    else
      *p = v;
  }

  // out[i] = run[i] for i < count, by kThreads threads (t: this one's index among them). With
  // kVectorStores the part of `out` from its first 16-byte boundary on moves as 16-byte stores (a
  // quarter of the instructions), the elements before and after it one by one.
  __device__ static void writeRun(T* out, const T* run, int count, int t) {
    int done = 0;
    if constexpr (Policy::kVectorStores) {
      const int head =
          min(count, static_cast<int>((16u - (reinterpret_cast<uintptr_t>(out) & 15u)) & 15u) / 4);
      if (t < head) write(out + t, run[t]);
      const int vectors = (count - head) / 4;
      for (int v = t; v < vectors; v += kThreads) {
        const int i = head + 4 * v;
        const uint4 w{valueBits(run[i]), valueBits(run[i + 1]), valueBits(run[i + 2]),
                      valueBits(run[i + 3])};
        if constexpr (Policy::kStreamingStores)
          __stcs(reinterpret_cast<uint4*>(out + i), w);
        else
          *reinterpret_cast<uint4*>(out + i) = w;
      }
      done = head + 4 * vectors;
    }
    for (int i = done + t; i < count; i += kThreads) write(out + i, run[i]);
  }

  // How writeRun splits a run into 16-byte stores: `head` elements before the first 16-byte
  // boundary of `out`, then `vectors` whole vectors, then `tail` elements.
  struct RunParts {
    int head, vectors, tail;
    __device__ RunParts(const T* out, int count) {
      head =
          min(count, static_cast<int>((16u - (reinterpret_cast<uintptr_t>(out) & 15u)) & 15u) / 4);
      vectors = (count - head) / 4;
      tail = count - head - 4 * vectors;
    }
    __device__ int scalars() const { return head + tail; }
    // The s-th element written one by one (s < scalars()).
    __device__ int scalarAt(int s) const { return s < head ? s : head + 4 * vectors + (s - head); }
  };

  __device__ static void writeVector(T* out, const T* run) {
    const uint4 w{valueBits(run[0]), valueBits(run[1]), valueBits(run[2]), valueBits(run[3])};
    if constexpr (Policy::kStreamingStores)
      __stcs(reinterpret_cast<uint4*>(out), w);
    else
      *reinterpret_cast<uint4*>(out) = w;
  }

  // Both runs of a split (out[i] = run[i] for i < count, twice) in one loop: the threads that
  // would idle in the first run's last round take the second run's first vectors. The elements
  // before each run's first 16-byte boundary and after its last one go one by one.
  __device__ static void writeRuns(T* outA, const T* runA, int countA, T* outB, const T* runB,
                                   int countB, int t) {
    const RunParts a(outA, countA), b(outB, countB);
    for (int v = t; v < a.vectors + b.vectors; v += kThreads) {
      if (v < a.vectors)
        writeVector(outA + a.head + 4 * v, runA + a.head + 4 * v);
      else
        writeVector(outB + b.head + 4 * (v - a.vectors), runB + b.head + 4 * (v - a.vectors));
    }
    if (t < a.scalars()) {
      const int i = a.scalarAt(t);
      write(outA + i, runA[i]);
    } else if (t < a.scalars() + b.scalars()) {
      const int i = b.scalarAt(t - a.scalars());
      write(outB + i, runB[i]);
    }
  }

  // The element of the warp's part that vector j, item k of `lane` holds.
  __device__ static int warpIndex(int lane, int j, int k) { return j * 128 + 4 * lane + k; }

  // This lane's values (warp-striped, see above) and its flags as bit masks, one nibble per
  // vector: bit 4j + k selects item k of vector j. `warpIn`, `warpFlags`: the warp's part of the
  // tile, `valid` elements of it real. A full, aligned part moves as vectors; otherwise one element
  // at a time, nothing past the end.
  __device__ static uint32_t load(const T* warpIn, const uint8_t* warpFlags, int lane, int valid,
                                  bool vectors, T (&x)[kItems]) {
    if (vectors) {
      uint32_t flagWords[kVectors];
      loadVectors(warpIn, warpFlags, lane, x, flagWords);
      return maskOf(flagWords);
    }
    uint32_t mask = 0;
#pragma unroll
    for (int j = 0; j < kVectors; ++j)
#pragma unroll
      for (int k = 0; k < 4; ++k) {
        const int at = warpIndex(lane, j, k);
        const bool real = at < valid;
        x[4 * j + k] = real ? warpIn[at] : T{};
        if (real && warpFlags[at]) mask |= 1u << (4 * j + k);
      }
    return mask;
  }

  // A full, aligned part as vectors: the values, and each vector's 4 flag bytes as one word, so
  // that a caller may do other work before it looks at them (maskOf waits for the loads).
  __device__ static void loadVectors(const T* warpIn, const uint8_t* warpFlags, int lane,
                                     T (&x)[kItems], uint32_t (&flagWords)[kVectors]) {
#pragma unroll
    for (int j = 0; j < kVectors; ++j) {
      const int at = warpIndex(lane, j, 0);
      const int4 bits = read(reinterpret_cast<const int4*>(warpIn + at));
      x[4 * j + 0] = valueFromBits<T>(static_cast<uint32_t>(bits.x));
      x[4 * j + 1] = valueFromBits<T>(static_cast<uint32_t>(bits.y));
      x[4 * j + 2] = valueFromBits<T>(static_cast<uint32_t>(bits.z));
      x[4 * j + 3] = valueFromBits<T>(static_cast<uint32_t>(bits.w));
      flagWords[j] = read(reinterpret_cast<const unsigned*>(warpFlags + at));
    }
  }
  __device__ static uint32_t maskOf(const uint32_t (&flagWords)[kVectors]) {
    uint32_t mask = 0;
#pragma unroll
    for (int j = 0; j < kVectors; ++j)
#pragma unroll
      for (int k = 0; k < 4; ++k)
        if ((flagWords[j] >> (8 * k)) & 0xffu) mask |= 1u << (4 * j + k);
    return mask;
  }

  // Where each of this lane's elements goes within the tile: the selected ones packed at the
  // front of `staged`, in order, the rejected ones (kSplit) after the tile's tileCount selected
  // ones, in order. beforeWarp: the tile's selected elements in earlier warps.
  __device__ static void stage(T* staged, const T (&x)[kItems], uint32_t mask,
                               const Counts& lowerLanes, const Counts& vectorTotals, int beforeWarp,
                               int tileCount, int warpFirst, int lane, int valid) {
    int vectorsBefore = beforeWarp;  // selected elements of the tile before vector j's group
#pragma unroll
    for (int j = 0; j < kVectors; ++j) {
      int s = vectorsBefore + lowerLanes.of(j);
#pragma unroll
      for (int k = 0; k < 4; ++k) {
        const int e = warpFirst + warpIndex(lane, j, k);  // the element's place in the tile
        const bool keep = (mask >> (4 * j + k)) & 1u;
        if (keep)
          staged[s] = x[4 * j + k];
        else if (kSplit && e < valid)
          staged[tileCount + (e - s)] = x[4 * j + k];
        s += keep;
      }
      vectorsBefore += vectorTotals.of(j);
    }
  }

  // A warp's selected count from warpExclusive's per-vector totals.
  __device__ static int warpCount(const Counts& vectorTotals) {
    int count = 0;
#pragma unroll
    for (int j = 0; j < kVectors; ++j) count += vectorTotals.of(j);
    return count;
  }

  // For each vector j (Counts::of(j)): the flagged elements of vector j in lower lanes;
  // warpTotals gets the warp's count per vector.
  __device__ static Counts warpExclusive(uint32_t mask, int lane, Counts& warpTotals) {
    Counts mine{}, inclusive{}, lower{};
#pragma unroll
    for (int j = 0; j < kVectors; ++j)
      mine.word[j / 4] |= static_cast<uint32_t>(__popc((mask >> (4 * j)) & 0xfu)) << (8 * (j % 4));
#pragma unroll
    for (int w = 0; w < kCountWords; ++w) {
      inclusive.word[w] = mine.word[w];
#pragma unroll
      for (int delta = 1; delta < 32; delta *= 2) {
        const uint32_t left = __shfl_up_sync(0xffffffffu, inclusive.word[w], delta);
        if (lane >= delta) inclusive.word[w] += left;
      }
      warpTotals.word[w] = __shfl_sync(0xffffffffu, inclusive.word[w], 31);
      lower.word[w] = inclusive.word[w] - mine.word[w];
    }
    return lower;
  }

  // `selected` gets the flagged elements in order; with kSplit `rejected` gets the others in
  // order. The last tile writes how many were selected to *selectedCount.
  __device__ static void run(const T* in, const uint8_t* flags, T* selected, T* rejected,
                             int* selectedCount, long long n, const SinglePassDeviceArgs<int>& args,
                             Shared& sh) {
    const int lane = static_cast<int>(threadIdx.x) % 32;
    const int warp = static_cast<int>(threadIdx.x) / 32;
    NullRecorder rec;
    GpuGrid<int, NullRecorder> grid(args, rec);
    const int tile = takeOneTileId(grid, args.diag, sh.tile);
    const long long base = static_cast<long long>(tile) * kTileElements;
    const int valid = tileValidCount(n, kTileElements, tile);
    const int warpFirst = warp * kWarpElements;  // the warp's part of the tile
    const int warpValid = valid - warpFirst;     // may be <= 0 in the last tile
    const bool vectors =
        valid == kTileElements &&
        ((reinterpret_cast<uintptr_t>(in + base) | reinterpret_cast<uintptr_t>(flags + base)) &
         15u) == 0;
    T x[kItems];
    const uint32_t mask =
        load(in + base + warpFirst, flags + base + warpFirst, lane, warpValid, vectors, x);

    // Where this lane's elements go within the tile.
    Counts vectorTotals{};
    const Counts lowerLanes = warpExclusive(mask, lane, vectorTotals);
    if (lane == 0) sh.warpCounts[warp] = warpCount(vectorTotals);
    __syncthreads();
    int beforeWarp = 0, tileCount = 0;
#pragma unroll
    for (int w = 0; w < kWarps; ++w) {
      if (w == warp) beforeWarp = tileCount;
      tileCount += sh.warpCounts[w];
    }
    // Publish at once (decoupled), then stage while warp 0 looks back.
    if (threadIdx.x < 32) {
      if (threadIdx.x == 0) {
        const TileShared<int> ts{tile, valid, tileCount, 0};
        DecoupledLookback::publishAggregate(grid, ts);
      }
      __syncwarp();
      // The lanes of the window look back (GpuLookbackWarp's shuffles and ballots name them).
      if (static_cast<int>(threadIdx.x) < kWindow) {
        int prefix = 0;
        const bool ok =
            lookBackTile<int, Count, Policy>(grid, args, tile, tileCount, kWindow, prefix);
        if (threadIdx.x == 0) {
          sh.gaveUp = !ok;
          sh.prefix = prefix;
          if (ok && tile == static_cast<int>(gridDim.x) - 1) *selectedCount = prefix + tileCount;
        }
      }
    }
    stage(sh.staged, x, mask, lowerLanes, vectorTotals, beforeWarp, tileCount, warpFirst, lane,
          valid);
    __syncthreads();  // the prefix (or the decision to stop) and the staged tile
    if (sh.gaveUp) return;

    // Both runs, consecutive threads on consecutive addresses.
    const int prefix = sh.prefix;
    if constexpr (kSplit && Policy::kOneWriteLoop && Policy::kVectorStores) {
      writeRuns(selected + prefix, sh.staged, tileCount, rejected + (base - prefix),
                sh.staged + tileCount, valid - tileCount, static_cast<int>(threadIdx.x));
      return;
    }
    const int t = static_cast<int>(threadIdx.x);
    writeRun(selected + prefix, sh.staged, tileCount, t);
    if constexpr (kSplit)  // after the rejected elements of earlier tiles
      writeRun(rejected + (base - prefix), sh.staged + tileCount, valid - tileCount, t);
  }
};

}  // namespace scanviz
