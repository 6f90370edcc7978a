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

// Hopper (sm_90: H100, H200), 4-byte values at block size 256: one tile per block, 48 items a
// thread make a 12288-element (48 KB) tile, and four blocks (192 KB of tiles) fit on an SM.
// H200, 2^30 int32: 0.75 of the copy rate, 1.02x CUB.
struct LookbackPolicySm90 : LookbackOneTile {
  static constexpr const char* kName = "sm90-one-tile";
  static constexpr int kThreads = 256;
  static constexpr int kServesBlockSize = kThreads;
  static constexpr int kMaxThreads = kThreads;
  static constexpr int kItemsPerThread = 48;
  static constexpr int kMinBlocksPerSm = 4;
};

// Hopper, persistent blocks with a look-back warp (PipelinedLookbackAgent). The row serves the
// requests at block size 256 (the bench's and the app's default), whatever its own blocks are: a
// persistent kernel's shape is its own. Today: 11 data warps x 32 lanes x 20 items = 7040-element
// tiles, four buffers (110 KB), two blocks of 384 threads per SM, and each warp issues the next
// tile's copies as its reduce ends (kLoadAhead). With the look-back warp's 384-thread block a
// round moves 12% more a look-back than the 256-thread row, the fourth buffer gives a tile's
// prefix a round more, and so the copies issued a round ahead (not kept in round 19, where the
// prefix then came late) keep loads in flight through the publication: H200 2^28/2^30 int32
// 0.884-0.885 -> 0.912 of the copy rate, H100 0.949-0.951 -> 0.959-0.961 (rounds 29-30,
// docs/notes/production-scan.md; 384 x 20 x 4 x 2 without load-ahead 0.939 on the H100). In
// `scanviz bench` (v14, 2026-11-27): H200 0.903-0.908 of the copy and 1.21-1.25x CUB at 16 of 16
// points, H100 0.957-0.962 and 1.14-1.18x. The history of the row before v14, with 7 data warps
// x 32 lanes x 28 items = 6272-element tiles, three buffers (73.5 KB), three blocks per SM: the
// third buffer gives a tile's prefix a whole further tile's load to arrive, so the data warps no
// longer wait for it (v4: every three-buffer shape 0.89-0.90 of the copy rate on the H100, two
// buffers 0.82). The tile a round's buffer still holds goes into registers and is scanned and
// stored while the round's copies fly (kOldestInRegisters): every pass 2 overlaps a load, and a
// tile's prefix has one round more to arrive. H100 2^28/2^30 int32: 0.937-0.940 of the copy rate
// and 1.15-1.16x CUB, where the oldest tile's pass 2 during the load only when its prefix was there
// (kPass2DuringLoad, 40% of rounds) gave 0.927-0.929; H200 0.848-0.855 against 0.842-0.847
// (v11, docs/notes/production-scan.md). Input copies evict-first up to 64 MiB of input: 2^24
// 0.904 -> 0.924, 2^28/2^30 1% slower with it (v10; v7 for the older shape). The next tile id
// asked for early, as the reduce starts: +0.6-1% (v9, v10). Pass 1 over blocked runs of vectors
// (kBlockedReduce: one Kogge-Stone a warp instead of one per vector index): the reduce phase
// 2,600 -> 1,000 cycles of a 10,700-cycle round on the H200, 0.853-0.863 -> 0.879-0.887 of the
// copy rate there (v12), and on the H100 0.939-0.940 -> 0.945-0.951 (v13).
// Plain stores for the output, where every other policy streams it (st.global.cs, evict-first):
// lookback_probe at 2^30, H100 0.958-0.960 -> 0.963-0.966 of the copy rate, H200 0.911-0.912 ->
// 0.916-0.917 (rounds 32-35 of docs/notes/production-scan.md; an L2 evict-last policy for the
// output was no better). In `scanviz bench` (v15, 2026-11-28): H200 0.908-0.914 of the copy and
// 1.22-1.26x CUB, H100 0.962-0.968 and 1.18-1.19x, but float32 max 1.145-1.153x.
// Inputs of more than 128 MiB are copied with an L2 evict-last policy (v16), the opposite of what
// one would guess for data read once: L2 then evicts the output's dirty lines sooner instead of
// the input's clean ones. lookback_probe at 2^28/2^30 (rounds 40-41): H100 0.962-0.965 ->
// 0.979-0.980 of the copy rate, H200 0.910-0.916 -> 0.932-0.935; from 2^26 on it gains on both,
// at 2^25 it is level on the H200 and 0.2-2.7% slower on the H100, at 2^24 slower than
// evict-first. Discarding the input's lines once copied (discard.global.L2) lost 4% (round 39).
// In `scanviz bench` (v16, 2026-11-28): H100 0.974-0.983 of the copy and 1.16-1.21x CUB, float32
// max included; H200 0.925-0.932 and 1.24-1.28x.
// The same row serves the H100 and the H200: each switch above was measured on both, and the
// better setting was the same on both (copies the SMs issue reach 0.94 of the device copy on the
// H100 but 0.92-0.93 on the H200, which is why the H200 stays further from the copy rate).
struct LookbackPolicySm90Pipelined : LookbackSwitches {
  static constexpr const char* kName = "sm90-pipelined";
  static constexpr bool kPipelined = true;
  static constexpr int kServesBlockSize = 256;  // the request's block size the table picks it for
  static constexpr int kThreads = 384;
  static constexpr int kMaxThreads = kThreads;
  static constexpr int kItemsPerThread = 20;
  static constexpr int kBuffers = 4;
  static constexpr int kMinBlocksPerSm = 2;
  static constexpr bool kLoadAhead = true;
  static constexpr bool kStreamingStores = false;
  static constexpr long long kEvictFirstMaxBytes = 64ll << 20;
  static constexpr long long kEvictLastAboveBytes = 128ll << 20;
  static constexpr bool kEarlyTileId = true;
  static constexpr bool kOldestInRegisters = true;
  static constexpr bool kBlockedReduce = true;
};

// Every other block size (2..1024, the user's choice in the app) and every other architecture:
// the block size is read at run time, so one kernel serves them all. 16 items keep the largest
// block (1024 threads) at 64 KB of shared memory.
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
