#!/usr/bin/env bash
# One call on a GPU machine (the `device` tool) for the single-pass compaction and split
# (kernels/agent/select_pipelined_agent.cuh, launched by kernels/launch/select_kernels.cuh): build
# GUI-less, the GPU tests (all of `ctest -L gpu`, so the new ones run beside the old),
# compute-sanitizer's four tools on the kernels (the GpuSelect tests up to 2^16 elements, which hold
# both to the sequential reference), tools/apply-gpu-check.sh, and `scanviz bench --algorithms
# compaction,radix-split`: both beside cub::DeviceSelect::Flagged, cub::DevicePartition::Flagged, a
# copy and CUB's scan, with the method of every bench row (warm-up, medians, IQR, L2 rotation) and
# every output checked against CUB's. A short table last.
# Usage: tools/select-gpu-check.sh [all|bench|shapes|tests|sanitize|apply|gputests]...
#   shapes: tools/select_shapes.cu (built here with nvcc): the kernel in other tile shapes and
#   memory hints beside the shipped ones and CUB, at 2^24, 2^26 and 2^28, every output checked.
# Logs in $OUT (or ./gpu-out).
set -uo pipefail
cd "$(dirname "$0")/.."
steps=${*:-all}
source tools/gpu-common.sh
targets=(scanviz_gpu_tests scanviz)
record_device
build_gpu "${targets[@]}"
note build "ok ($build_seconds s)"

scanviz=$build/app/scanviz
# bench_select OUTPUT-NAME SIZES: int32, no capture timing; the table on stdout, JSON beside it.
bench_select() {
  timeout 150 $scanviz bench --algorithms compaction,radix-split --sizes "$2" --dtype int32 \
    --no-capture --quiet --json "$OUT/$1.json" >"$OUT/$1.txt" 2>&1
}

if want bench; then
  bench_select select-bench 2^16,2^18,2^20,2^22,2^24,2^26,2^28
  note "select bench (rc $?)" "$(tail -1 "$OUT/select-bench.txt")"
  cat "$OUT/select-bench.txt"
fi

if want shapes; then
  nvcc -std=c++20 -O3 -arch=sm_90 --expt-relaxed-constexpr -I. -o $build/select_shapes \
    tools/select_shapes.cu >"$OUT/select-shapes.txt" 2>&1 &&
    timeout 150 $build/select_shapes --logs 24,26,28 >>"$OUT/select-shapes.txt" 2>&1
  note "select_shapes (rc $?)" "$(grep -c 'equal to CUB' "$OUT/select-shapes.txt") shapes x sizes equal to CUB"
  cat "$OUT/select-shapes.txt"
fi

gpu_tests=$build/tests/scanviz_gpu_tests
if want tests; then
  timeout 150 $gpu_tests --gtest_filter='GpuSelect.*' >"$OUT/gpu-select-tests.txt" 2>&1
  note "GpuSelect tests" "$(grep -E '^\[  (PASSED|FAILED)' "$OUT/gpu-select-tests.txt" | tr '\n' ' ')"
fi

if want sanitize; then
  for tool in memcheck racecheck synccheck initcheck; do
    SCANVIZ_GPU_SELECT_MAX_N=65537 timeout 240 compute-sanitizer --tool $tool --error-exitcode 99 $gpu_tests \
      --gtest_filter='GpuSelect.*Reference*:GpuSelect.Empty*:GpuSelect.RingOfStagedTilesTurnsOver' \
      >"$OUT/sanitizer-$tool.txt" 2>&1
    rc=$?
    note "compute-sanitizer $tool" "rc=$rc $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$OUT/sanitizer-$tool.txt" | tail -1)"
  done
fi

if want apply; then
  timeout 150 env OUT="$OUT/apply" tools/apply-gpu-check.sh >"$OUT/apply-gpu-check.txt" 2>&1
  note "apply-gpu-check (rc $?)" "$(tail -1 "$OUT/apply-gpu-check.txt")"
fi
if want gputests; then
  (cd $build && timeout 200 ctest -L gpu --timeout 180) >"$OUT/gpu-tests.txt" 2>&1
  note "ctest -L gpu" "$(grep -E 'tests passed|tests failed' "$OUT/gpu-tests.txt" | tail -1)"
fi

print_summary "select-gpu-check summary"
