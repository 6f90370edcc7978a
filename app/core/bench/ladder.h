// The latency ladder (`scanviz bench --ladder`, the Timing view's "Latency ladder" tab): what one
// hand-off costs at each level of the hierarchy a scan climbs, from the threads of a block to
// the GPUs of a host, measured on the device at hand. The ladder says why each level exists: a
// level's hand-off is worth climbing to only when what it joins is big enough to hide it.
//
// The rungs are declared once (kLadderRungs); a measurement fills the rungs it can and says for
// the others why not (one GPU cannot time NVLink). Reports are read back from JSON with their
// device and date, so that a machine without a GPU draws a recorded one.
#pragma once

#include <array>
#include <string>
#include <string_view>
#include <vector>

namespace scanviz {

enum class LadderRungId {
  BlockBarrier,
  ClusterBarrier,
  DsmemFlag,
  L2Flag,
  NvlinkFlag,
  NcclAllGather
};

struct LadderRungInfo {
  LadderRungId id;
  std::string_view key;    // "block-barrier", in reports and on the command line
  std::string_view name;   // "block barrier"
  std::string_view joins;  // what the hand-off joins: "two warps of one block"
  std::string_view unit;   // what one measured time is: "one barrier" or "one round trip"
  std::string_view why;    // the level it serves, in the lecture's words
};

inline constexpr std::array<LadderRungInfo, 6> kLadderRungs = {{
    {LadderRungId::BlockBarrier, "block-barrier", "block barrier", "the warps of one block",
     "one __syncthreads()",
     "a section's scan: every step of Kogge-Stone and Brent-Kung (PMPP 8.2)"},
    {LadderRungId::ClusterBarrier, "cluster-barrier", "cluster barrier",
     "the blocks of one cluster (Hopper)", "one cluster.sync()",
     "tiles of neighbouring blocks joined on chip, without a trip to memory"},
    {LadderRungId::DsmemFlag, "dsmem-flag", "flag in DSMEM", "two blocks of one cluster",
     "one round trip", "a total handed to the next block through its shared memory"},
    {LadderRungId::L2Flag, "l2-flag", "flag through L2", "two blocks on two SMs", "one round trip",
     "the single-pass scan's hand-off and the look-back's hop (PMPP 8.7)"},
    {LadderRungId::NvlinkFlag, "nvlink-flag", "flag over NVLink", "two GPUs of one host",
     "one round trip", "chained multi-GPU scan: GPU k waits for GPU k-1"},
    {LadderRungId::NcclAllGather, "nccl-allgather", "NCCL all-gather",
     "the GPUs of a host (or of several)", "one all-gather",
     "reduce-then-scan across GPUs: each GPU learns the totals before it"},
}};

const LadderRungInfo& ladderRungInfo(LadderRungId id);

struct LadderRung {
  LadderRungId id = LadderRungId::BlockBarrier;
  double ns = 0;            // the median time of one hand-off (its `unit`); 0 when not measured
  std::string notMeasured;  // why not, in words ("this machine has one GPU"); empty when measured
  std::string where;        // where it ran ("SMs 0 and 2")
  bool measured() const { return notMeasured.empty(); }
};

struct LadderReport {
  std::string device;  // "NVIDIA H200"
  std::string driverVersion;
  std::string date;               // UTC, ISO 8601
  int gpus = 0;                   // the GPUs the host has
  std::vector<LadderRung> rungs;  // one per kLadderRungs row, in its order
};

// Measures every rung this machine can (CUDA builds; the rest throw BackendError saying why).
LadderReport measureLadder();

// The ladder as the table `bench --ladder` prints.
std::string formatLadderTable(const LadderReport& report);

// JSON: {"kind": "scanviz-ladder", "version": 1, "device", "driver", "date", "gpus", "rungs":
// [...]}.
std::string ladderReportJson(const LadderReport& report);
// Throws InputError naming the file and what is wrong with it.
LadderReport loadLadderReport(const std::string& path);
LadderReport parseLadderReport(const std::string& text, const std::string& name);

// "39 ns", "1.32 us".
std::string formatLadderTime(double ns);

}  // namespace scanviz
