#!/usr/bin/env bash
# One call on a GPU machine (the `device` tool) for the single-pass compaction and split
# (kernels/grid/select_lookback_agent.cuh): build GUI-less, the GPU tests (all of `ctest -L gpu`,
# so the new ones run beside the old), compute-sanitizer's four tools on the new kernels (the
# bench's checks against CUB at small sizes), tools/apply-gpu-check.sh, and the benchmark against
# cub::DeviceSelect::Flagged, cub::DevicePartition::Flagged and a copy. A short table last.
# Usage: tools/select-gpu-check.sh [all|bench|shapes|tests|sanitize|apply|gputests]...
#   shapes: the benchmark at 2^24..2^28 with the kernel built for 5 and 6 blocks an SM besides 8.
# Logs in $OUT (or ./gpu-out).
set -uo pipefail
cd "$(dirname "$0")/.."
steps=${*:-all}
source tools/gpu-common.sh
targets=(scanviz_gpu_tests scanviz_select_bench)
want apply && targets+=(scanviz)
record_device
build_gpu "${targets[@]}"
note build "ok ($build_seconds s)"

bench=$build/app/scanviz_select_bench
if want bench; then
  timeout 120 $bench --min-log 16 --max-log 28 --json "$OUT/select-bench.json" >"$OUT/select-bench.txt" 2>&1
  note "select bench (rc $?)" "$OUT/select-bench.txt"
  cat "$OUT/select-bench.txt"
fi

if want shapes; then
  for blocks in 5 6; do
    SCANVIZ_SELECT_BLOCKS=$blocks timeout 60 $bench --min-log 24 --max-log 28 \
      --json "$OUT/select-bench-blocks$blocks.json" >"$OUT/select-bench-blocks$blocks.txt" 2>&1
    note "select bench, $blocks blocks/SM (rc $?)" "$OUT/select-bench-blocks$blocks.txt"
    cat "$OUT/select-bench-blocks$blocks.txt"
  done
fi

if want tests; then
  timeout 150 $build/tests/scanviz_gpu_tests --gtest_filter='GpuSelect.*' >"$OUT/gpu-select-tests.txt" 2>&1
  note "GpuSelect tests" "$(grep -E '^\[  (PASSED|FAILED)' "$OUT/gpu-select-tests.txt" | tr '\n' ' ')"
fi

if want sanitize; then
  for tool in memcheck racecheck synccheck initcheck; do
    timeout 60 compute-sanitizer --tool $tool --error-exitcode 99 $bench --check-only 1 --min-log 10 \
      --max-log 16 >"$OUT/sanitizer-$tool.txt" 2>&1
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
