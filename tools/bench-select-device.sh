#!/usr/bin/env bash
# One device call for the compaction and split rows of `scanviz bench` (issues 16, 19): build
# GUI-less for sm_90, `scanviz bench` of the look-back scans, the compaction and the radix split
# pass with every reference beside them (copy, CUB, Thrust, CUB's scan by key, select and
# partition) at 2^16..2^28, int32 and float32, JSON beside the table, then `ctest -L gpu`.
# Logs in $OUT (or ./gpu-out); the bench table is printed last.
set -uo pipefail
cd "$(dirname "$0")/.."
steps=all
source tools/gpu-common.sh
record_device
build_gpu scanviz scanviz_gpu_tests
note build "ok ($build_seconds s)"
timeout 150 $build/app/scanviz bench \
  --algorithms decoupled-lookback,segmented-lookback,compaction,radix-split \
  --sizes 2^16,2^20,2^24,2^28 --dtype both --no-capture --quiet --json "$OUT/bench.json" \
  >"$OUT/bench.txt" 2>&1
note "bench (rc $?)" "$(tail -1 "$OUT/bench.txt")"
(cd $build && timeout 150 ctest -L gpu --timeout 120) >"$OUT/gpu-tests.txt" 2>&1
note "ctest -L gpu" "$(grep -E 'tests passed|tests failed' "$OUT/gpu-tests.txt" | tail -1)"
cat "$OUT/bench.txt"
print_summary "bench-select-device summary"
