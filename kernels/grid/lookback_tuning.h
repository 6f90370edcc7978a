// Tile shapes of the production decoupled look-back scan (lookback_agent.cuh), one per target:
// the "policy" layer of CUB's split into block primitive / tile agent / dispatch / policy. The
// agent is written once over these numbers; the dispatch (cuda_single_pass.cu) picks a policy
// from the device's compute capability and the requested block size.
//
// What the numbers trade (Merrill & Garland 2016, section 5; CUB's tuning_scan.cuh). A scan
// moves 8 bytes per int32 element and can at best run at copy speed; on an H200 that takes about
// 4.3 TB/s x a few microseconds in flight, over 132 SMs: tens of KB of loads in flight per SM at
// all times. With one tile per block (LookbackAgent), a block has loads in flight only while it
// loads: measured on an H200 at 2^30 (docs/notes/production-scan.md), a block of the shape below
// lives about 16 us, of which 4 us loading and 9 us waiting in the look-back for earlier tiles.
//  - items per thread: the tile is threads x items elements, staged in shared memory (registers
//    hold only one 4-item vector at a time, so the tile's size costs no registers). Larger tiles
//    mean more bytes per block and fewer tiles, so fewer status words and a shorter look-back per
//    element; but fewer blocks fit in the 228 KB of shared memory of an SM. What counts is the
//    tile bytes resident per SM: 96 KB gave 0.61 of the copy rate, 192-208 KB gave 0.72-0.76,
//    whatever the split into blocks. A multiple of 4: threads move 16-byte vectors.
//  - minimum blocks per SM: passed to __launch_bounds__, so the compiler keeps registers low
//    enough for that many blocks; set to what shared memory allows.
//  - buffers (PipelinedLookbackAgent only): the tiles a persistent block holds, one loading and
//    the others waiting for their prefix.
//  - backoff: nanoseconds a look-back warp sleeps after a window in which a needed predecessor
//    had published nothing yet (0: spin). 100 ns measured no different from 0.
// Plain constants and a table, no CUDA: the header compiles anywhere (and is unit-tested).
#pragma once

#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace scanviz {

// The experiment switches of docs/notes/production-scan.md (v6), stated once: every policy below
// derives them and restates one only to differ (tools/lookback-shapes.sh adds or edits a field by
// name in the pipelined policies). The three that no policy set (kBulkCopy, kBulkStore,
// kPass2DuringLoad) left the agent; docs/results/2026-11-28-s13/probe-only-switches.diff
// restores them for tools/lookback_probe.cu.
//  - kStreamingStores: st.global.cs (evict-first) for the output, or plain stores.
//  - kL2LineHint: the L2 prefetch size asked for by each 16-byte cp.async (128, 256, 0: none);
//    kEvictFirstMaxBytes: inputs of up to this many bytes are copied with an L2 evict-first
//    cache policy (they are read once; L2 then keeps the output and the status words); 0: never.
//    kEvictLastAboveBytes: inputs of more than this many bytes are copied with an L2 evict-last
//    policy instead (L2 then writes the output back sooner; see the sm_90 row); kNeverEvictLast:
//    never.
//  - kLookbackWarps: warps that only look back, taking the ring's tiles in turn.
//  - kLookbackWordsPerLane: status words each lane of the look-back warp reads per round trip
//    (1, 2, 4: windows of 32, 64, 128 predecessors; lookback_tile.cuh, lookBackWideWindow).
//  - kEarlyTileId: the pipelined agent asks for its next tile id before the oldest tile's pass
//    2 instead of after it (the atomic's round trip overlaps the stores).
//  - kOldestInRegisters: the pipelined agent keeps a tile one round longer: the tile a round's
//    buffer still holds (kBuffers rounds old) is read into registers, the round's copies go into
//    the buffer at once, and that tile is scanned and stored from the registers while they fly.
//    The ring then holds kBuffers waiting tiles besides the one loading (registers as one more
//    buffer), and every pass 2 overlaps a load.
//  - kBlockedReduce: the pipelined agent's pass 1 takes each lane's vectors as one contiguous run
//    (lane l: vectors l * kVectors..) instead of warp-striped, so that one Kogge-Stone over the
//    lanes' totals gives every vector's prefix; pass 2 and the copies stay warp-striped.
//  - kLoadAhead: the pipelined agent with kOldestInRegisters issues the next round's copies as
//    each data warp finishes its reduce, instead of at the next round's start (after the
//    publication, the hand-over and the id): the next round's buffer goes into registers there,
//    and the next id is asked for a round earlier (at the reduce before), so that it is there.

inline constexpr long long kAlwaysEvictFirst = 1ll << 62;
inline constexpr long long kNeverEvictLast = 1ll << 62;

// What a policy's input copies tell L2 for an input of `bytes` bytes.
enum class InputL2Hint { Normal, EvictFirst, EvictLast };
template <class Policy>
constexpr InputL2Hint inputL2Hint(long long bytes) {
  if (bytes <= Policy::kEvictFirstMaxBytes) return InputL2Hint::EvictFirst;
  if (bytes > Policy::kEvictLastAboveBytes) return InputL2Hint::EvictLast;
  return InputL2Hint::Normal;
}

struct LookbackSwitches {
  static constexpr int kBackoffNs = 0;
  static constexpr bool kStreamingStores = true;
  static constexpr int kL2LineHint = 128;
  static constexpr int kLookbackWarps = 1;
  static constexpr int kLookbackWordsPerLane = 1;
  static constexpr bool kEarlyTileId = false;
  static constexpr bool kOldestInRegisters = false;
  static constexpr bool kBlockedReduce = false;
  static constexpr bool kLoadAhead = false;
};

// The policies of the one-tile-per-block agent (LookbackAgent): one tile buffer, input copies with
// the default L2 policy.
struct LookbackOneTile : LookbackSwitches {
  static constexpr bool kPipelined = false;
  static constexpr int kBuffers = 1;
  static constexpr long long kEvictFirstMaxBytes = 0;
  static constexpr long long kEvictLastAboveBytes = kNeverEvictLast;
};

// Hopper, one tile per block at block size 256: 48 KB tiles, four blocks (192 KB) an SM
// (H200, 2^30 int32: 0.75 of the copy rate, 1.02x CUB; SCANVIZ_LOOKBACK_AGENT=one-tile).
struct LookbackPolicySm90 : LookbackOneTile {
  static constexpr const char* kName = "sm90-one-tile";
  static constexpr int kThreads = 256;
  static constexpr int kServesBlockSize = kThreads;
  static constexpr int kMaxThreads = kThreads;
  static constexpr int kItemsPerThread = 48;
  static constexpr int kMinBlocksPerSm = 4;
};

// Hopper (H100, H200), persistent blocks with a look-back warp, for requests at block size 256
// (v16: H100 0.974-0.983 of the copy, H200 0.925-0.932; docs/notes/production-scan.md, "The sm_90
// row", says what each number and switch below won, and where).
struct LookbackPolicySm90Pipelined : LookbackSwitches {
  static constexpr const char* kName = "sm90-pipelined";
  static constexpr bool kPipelined = true;
  static constexpr int kServesBlockSize = 256;  // the request's block size the table picks it for
  static constexpr int kThreads = 384;          // 11 data warps (v14, rounds 27-29)
  static constexpr int kMaxThreads = kThreads;
  static constexpr int kItemsPerThread = 20;  // v14
  static constexpr int kBuffers = 4;          // a round more for a tile's prefix (v14, round 29)
  static constexpr int kMinBlocksPerSm = 2;   // v14
  static constexpr bool kLoadAhead = true;    // v14, rounds 28-30
  static constexpr bool kStreamingStores = false;               // plain stores (v15, rounds 32-35)
  static constexpr long long kEvictFirstMaxBytes = 64ll << 20;  // v10
  static constexpr long long kEvictLastAboveBytes = 128ll << 20;  // v16, rounds 40-41
  static constexpr bool kEarlyTileId = true;                      // v9
  static constexpr bool kOldestInRegisters = true;                // v11
  static constexpr bool kBlockedReduce = true;                    // v12 (H200), v13 (H100)
};

// Every other block size and architecture: blockDim.x at run time, one kernel for all;
// 16 items keep the largest block (1024 threads) at 64 KB of shared memory.
struct LookbackPolicyGeneric : LookbackOneTile {
  static constexpr const char* kName = "generic";
  static constexpr int kThreads = 0;          // blockDim.x
  static constexpr int kServesBlockSize = 0;  // any
  static constexpr int kMaxThreads = 1024;
  static constexpr int kItemsPerThread = 16;
  static constexpr int kMinBlocksPerSm = 1;
};

enum class LookbackPolicyId { Sm90Pipelined, Sm90, Generic };
// Every policy, in the order `scanviz bench --tune` times them.
inline constexpr LookbackPolicyId kLookbackPolicies[] = {
    LookbackPolicyId::Sm90Pipelined, LookbackPolicyId::Sm90, LookbackPolicyId::Generic};

// What a policy is, as data: printed by `scanviz bench` and stored in its JSON.
struct LookbackTuning {
  LookbackPolicyId id = LookbackPolicyId::Generic;
  const char* name = "";
  bool pipelined = false;
  int threads = 0;  // 0: the block size the user chose
  int itemsPerThread = 0;
  int buffers = 0;
  int minBlocksPerSm = 0;
  long long evictFirstMaxBytes = 0;
  long long evictLastAboveBytes = kNeverEvictLast;
  bool oldestInRegisters = false;  // pipelined: ... from registers, the ring a tile longer
  bool blockedReduce = false;      // pipelined: pass 1 over blocked runs of vectors
  bool loadAhead = false;          // pipelined: the next tile's copies as each reduce ends
  bool streamingStores = false;    // the output by st.global.cs (evict-first), else plain
  int servesBlockSize = 0;         // the request's block size the table picks it for (0: any)
};

template <class Policy>
constexpr LookbackTuning describeLookbackPolicy(LookbackPolicyId id) {
  return {id,
          Policy::kName,
          Policy::kPipelined,
          Policy::kThreads,
          Policy::kItemsPerThread,
          Policy::kBuffers,
          Policy::kMinBlocksPerSm,
          Policy::kEvictFirstMaxBytes,
          Policy::kEvictLastAboveBytes,
          Policy::kOldestInRegisters,
          Policy::kBlockedReduce,
          Policy::kLoadAhead,
          Policy::kStreamingStores,
          Policy::kServesBlockSize};
}

inline LookbackTuning lookbackTuning(LookbackPolicyId id) {
  switch (id) {
    case LookbackPolicyId::Sm90Pipelined:
      return describeLookbackPolicy<LookbackPolicySm90Pipelined>(id);
    case LookbackPolicyId::Sm90:
      return describeLookbackPolicy<LookbackPolicySm90>(id);
    case LookbackPolicyId::Generic:
      break;
  }
  return describeLookbackPolicy<LookbackPolicyGeneric>(LookbackPolicyId::Generic);
}

// The device a policy is chosen for: compute capability and SKU (the name the driver reports).
struct LookbackDeviceKey {
  int ccMajor = 0;
  int ccMinor = 0;
  std::string_view name;  // "NVIDIA H200", "NVIDIA H100 80GB HBM3"
};

// The tuning table (CUB's tuning_scan.cuh has one policy per architecture; here a row may also
// name a SKU, because parts of one architecture differ in memory bandwidth). Rows are tried in
// order; the first whose compute capability matches and whose `nameContains` is in the device's
// name ("" matches any) wins. Each row was measured on the devices it names (docs/benchmarks.md):
// the sm_90 row on the H100 and the H200, which needed no row of its own (v13 in
// docs/notes/production-scan.md; until then it had one, with the blocked reduce first).
struct LookbackDeviceTuning {
  int ccMajor;
  int ccMinor;
  std::string_view nameContains;
  LookbackPolicyId policy;
};
inline constexpr LookbackDeviceTuning kLookbackDeviceTunings[] = {
    {9, 0, "", LookbackPolicyId::Sm90Pipelined},
};

// The policy for a device at a block size. The tuned policies exist for their own block size
// only; any other block size, and a device without a row, gets the generic policy. `preferOneTile`
// picks the one-tile-per-block agent instead of a pipelined one, so that both can be measured in
// one benchmark run (SCANVIZ_LOOKBACK_AGENT=one-tile, see cuda_single_pass.cu). `table`: the
// rows to try (a test passes its own).
inline LookbackPolicyId selectLookbackPolicy(
    const LookbackDeviceKey& device, int blockSize, bool preferOneTile = false,
    std::span<const LookbackDeviceTuning> table = kLookbackDeviceTunings) {
  for (const LookbackDeviceTuning& row : table) {
    if (row.ccMajor != device.ccMajor || row.ccMinor != device.ccMinor) continue;
    if (device.name.find(row.nameContains) == std::string_view::npos) continue;
    if (blockSize != lookbackTuning(row.policy).servesBlockSize) return LookbackPolicyId::Generic;
    if (preferOneTile && blockSize == LookbackPolicySm90::kThreads) return LookbackPolicyId::Sm90;
    return row.policy;
  }
  return LookbackPolicyId::Generic;
}

// Whether a policy can serve a request's block size: the one it serves, or any for the generic one.
inline bool lookbackPolicyFits(LookbackPolicyId id, int blockSize) {
  const int serves = lookbackTuning(id).servesBlockSize;
  return serves == 0 || serves == blockSize;
}

// What `scanviz bench --tune` times on the device at a block size: every policy that fits it
// (the table's rows, the one-tile agent and the generic policy), the fastest of which is kept.
inline std::vector<LookbackPolicyId> lookbackTuneCandidates(int blockSize) {
  std::vector<LookbackPolicyId> ids;
  for (LookbackPolicyId id : kLookbackPolicies)
    if (lookbackPolicyFits(id, blockSize)) ids.push_back(id);
  return ids;
}

// A policy by the name describeLookbackPolicy gives it ("sm90-pipelined"); empty if none.
inline std::optional<LookbackPolicyId> lookbackPolicyNamed(std::string_view name) {
  for (LookbackPolicyId id : kLookbackPolicies)
    if (name == lookbackTuning(id).name) return id;
  return std::nullopt;
}

}  // namespace scanviz
