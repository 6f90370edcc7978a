// Layout of the device buffer a TraceRecorder writes into. Plain pointers so that the same struct
// is filled on the host (cudaMalloc) and read in kernels. Values are stored as their raw 32 bits.
#pragma once

#include <cstdint>

namespace scanviz {

// Set in an edge's step field (DeviceTraceBuffer::edges) when the entry is a move, a write that
// applies no operator (RecordedStep::moves).
constexpr int32_t kMoveTag = 1 << 30;

// A recorded step's header: kind, param, rows (StepRows::mask), the values it shows (-1: the
// launch's width) and its level (0: the section; 1: a cluster's tile totals).
constexpr int kStepCodeFields = 5;

struct DeviceBlockTiming {
  int32_t id;          // logical block id
  int32_t sm;          // %smid
  uint64_t start;      // %globaltimer at block start
  uint64_t waitStart;  // before spinning on predecessors
  uint64_t waitEnd;    // after the predecessor's value arrived
  uint64_t end;
  int32_t lookback;     // predecessors inspected
  int32_t launchIndex;  // blockIdx.x
};

struct DeviceTraceBuffer {
  int maxSteps = 0;
  int width = 0;                        // values per step
  int maxEdges = 0;                     // capacity of the edge pool (edges and moves, one launch)
  int maxWarps = 0;                     // warp clocks per step
  int recordBlock = 0;                  // logical block whose steps are recorded
  int32_t* stepCount = nullptr;         // [1]
  int32_t* stepCodes = nullptr;         // [maxSteps * kStepCodeFields] (see there)
  uint32_t* values = nullptr;           // [maxSteps * width]
  int32_t* edgeCount = nullptr;         // [1] edges used in the pool
  int32_t* edges = nullptr;             // [maxEdges * 4] step (| kMoveTag), thread, dst, src
  long long* warpClock = nullptr;       // [maxSteps * maxWarps]
  unsigned long long* work = nullptr;   // [1] operator applications, all blocks
  DeviceBlockTiming* blocks = nullptr;  // [maxBlocks]
  int maxBlocks = 0;
  int32_t* overflow = nullptr;  // [1] set when a limit above was exceeded
  // A step's other rows (StepRows), null when the launch records none.
  uint8_t* flags = nullptr;   // [maxSteps * width]
  int32_t* second = nullptr;  // [maxSteps * width]
  // Whole-array rows (RecordedRun::whole), written by every block; null when not recorded.
  uint32_t* wholeRows = nullptr;     // [wholeCapacity * wholeLength]
  long long wholeLength = 0;         // elements of a row: blocks * wholeWidth
  int wholeWidth = 0;                // a step's values per block
  int wholeCapacity = 0;             // rows
  int32_t* wholeOverflow = nullptr;  // [1] some block took more steps than wholeCapacity
};

}  // namespace scanviz
