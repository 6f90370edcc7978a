#!/usr/bin/env bash
# One call on a GPU machine (the `device` tool) for the production segmented look-back
# (kernels/agent/segmented_pipelined_agent.cuh, launched by kernels/launch/single_pass_kernels.cuh):
# build GUI-less, its GPU tests (GpuSegmentedScan.*: every operator, type, scan and head density
# against the sequential segmented scan), compute-sanitizer's four tools over the size at which
# every block's ring of tiles turns over, and `scanviz bench --algorithms segmented-lookback`
# beside cub::DeviceScan::InclusiveScanByKey (ExclusiveScanByKey), the copy and CUB's scan, every
# output checked against CUB's. A short table last.
# Usage: tools/segmented-gpu-check.sh [all|tests|sanitize|bench|agents]...
#   agents: the one-tile agent, the shipped pipelined shape and a candidate (SCANVIZ_SEGMENTED_AGENT), each at every size,
#   verified at sizes of many tiles per block and timed in one bench each, int32 and float32.
# Logs in $OUT (or ./gpu-out).
set -uo pipefail
cd "$(dirname "$0")/.."
steps=${*:-all}
source tools/gpu-common.sh
record_device
build_gpu scanviz_gpu_tests scanviz
note build "ok ($build_seconds s)"
scanviz=$build/app/scanviz
gpu_tests=$build/tests/scanviz_gpu_tests
large=1,3585,1000003,7000013,33554467

if want tests; then
  timeout 200 $gpu_tests --gtest_filter='GpuSegmentedScan.*' >"$OUT/gpu-segmented-tests.txt" 2>&1
  note "GpuSegmentedScan tests" "$(grep -E '^\[  (PASSED|FAILED)' "$OUT/gpu-segmented-tests.txt" | tr '\n' ' ')"
  timeout 200 $scanviz verify --backend cuda --algorithm segmented-lookback --block-sizes 256 \
    --sizes $large >"$OUT/verify-segmented.txt" 2>&1
  note "verify segmented-lookback" "$(tail -1 "$OUT/verify-segmented.txt")"
fi

if want sanitize; then
  for tool in memcheck racecheck synccheck initcheck; do
    timeout 200 compute-sanitizer --tool $tool --error-exitcode 99 $scanviz verify --backend cuda \
      --smoke --algorithm segmented-lookback --sizes 7000013 --block-sizes 256 \
      >"$OUT/sanitizer-$tool.txt" 2>&1
    rc=$?
    note "compute-sanitizer $tool" "rc=$rc $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$OUT/sanitizer-$tool.txt" | tail -1)"
  done
fi

# bench_segmented NAME AGENT [BENCH-OPTION...]: int32 and float32 at 2^16-2^28 with the agent
# (SCANVIZ_SEGMENTED_AGENT; "" the shipped one), table and JSON under NAME.
bench_segmented() {
  local name=$1 agent=$2
  shift 2
  timeout 150 env SCANVIZ_SEGMENTED_AGENT=$agent $scanviz bench --algorithms segmented-lookback \
    --sizes 2^16,2^20,2^24,2^26,2^28 --dtype both --no-capture --quiet "$@" \
    --json "$OUT/$name.json" >"$OUT/$name.txt" 2>&1
  note "$name (rc $?)" "$(tail -1 "$OUT/$name.txt")"
}

if want bench; then
  bench_segmented segmented-bench ""
  bench_segmented segmented-bench-exclusive-max "" --exclusive --operator max
fi

if want agents; then
  for agent in one-tile pipelined 16x4x3; do
    timeout 120 env SCANVIZ_SEGMENTED_AGENT=$agent $scanviz verify --backend cuda \
      --algorithm segmented-lookback --block-sizes 256 --sizes $large >"$OUT/verify-$agent.txt" 2>&1
    note "verify $agent" "$(tail -1 "$OUT/verify-$agent.txt")"
    bench_segmented "agent-$agent" $agent
  done
fi

print_summary "segmented-gpu-check summary"
