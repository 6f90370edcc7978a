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
// Plain constants, no CUDA: the header compiles anywhere.
#pragma once

namespace scanviz {

// Hopper (sm_90: H100, H200), 4-byte values at block size 256: one tile per block, 48 items a
// thread make a 12288-element (48 KB) tile, and four blocks (192 KB of tiles) fit on an SM.
// H200, 2^30 int32: 0.75 of the copy rate, 1.02x CUB.
struct LookbackPolicySm90 {
  static constexpr bool kPipelined = false;
  static constexpr int kThreads = 256;
  static constexpr int kMaxThreads = kThreads;
  static constexpr int kItemsPerThread = 48;
  static constexpr int kBuffers = 1;
  static constexpr int kMinBlocksPerSm = 4;
  static constexpr int kBackoffNs = 0;
};

// Hopper, persistent blocks with a look-back warp (PipelinedLookbackAgent): 7 data warps x 32
// lanes x 20 items = 4480-element tiles, three buffers (52.5 KB), four blocks per SM. The third
// buffer gives a tile's prefix a whole further tile's load to arrive, so the data warps no longer
// wait for it: H100, 2^30 int32, 0.90 of the copy rate and 1.10x CUB, where two buffers of 28
// items gave 0.82 and 1.00x (tools/lookback-shapes.sh; docs/notes/production-scan.md, v4). The
// default on sm_90 at block size 256.
struct LookbackPolicySm90Pipelined {
  static constexpr bool kPipelined = true;
  static constexpr int kThreads = 256;
  static constexpr int kMaxThreads = kThreads;
  static constexpr int kItemsPerThread = 20;
  static constexpr int kBuffers = 3;
  static constexpr int kMinBlocksPerSm = 4;
  static constexpr int kBackoffNs = 0;
};

// Every other block size (2..1024, the user's choice in the app) and every other architecture:
// the block size is read at run time, so one kernel serves them all. 16 items keep the largest
// block (1024 threads) at 64 KB of shared memory.
struct LookbackPolicyGeneric {
  static constexpr bool kPipelined = false;
  static constexpr int kThreads = 0;  // blockDim.x
  static constexpr int kMaxThreads = 1024;
  static constexpr int kItemsPerThread = 16;
  static constexpr int kBuffers = 1;
  static constexpr int kMinBlocksPerSm = 1;
  static constexpr int kBackoffNs = 0;
};

enum class LookbackPolicyId { Sm90Pipelined, Sm90, Generic };

// The tuned shapes only where they were measured: compute capability 9.0 at their own block size.
// `preferOneTile` picks the one-tile-per-block agent there instead (the previous default), so that
// both can be measured in one benchmark run (SCANVIZ_LOOKBACK_AGENT=one-tile, see
// cuda_single_pass.cu).
inline LookbackPolicyId selectLookbackPolicy(int ccMajor, int ccMinor, int blockSize,
                                             bool preferOneTile = false) {
  static_assert(LookbackPolicySm90::kThreads == LookbackPolicySm90Pipelined::kThreads);
  if (ccMajor == 9 && ccMinor == 0 && blockSize == LookbackPolicySm90::kThreads)
    return preferOneTile ? LookbackPolicyId::Sm90 : LookbackPolicyId::Sm90Pipelined;
  return LookbackPolicyId::Generic;
}

}  // namespace scanviz
