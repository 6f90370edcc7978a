#!/usr/bin/env bash
# perf final call (one per device): tree $TREE_COMMIT, GUI-less Release build; the early id against
# the late one (lookback_probe), scanviz bench of the scan and of the compaction/split, the GPU
# tests (CPU == GPU traces; GpuSelect incl. the split at 2^26 + 4099), the production agent's
# verify and four sanitizers, the select sanitizers (GpuSelect tests up to 65537) and the four
# sanitizers over the 384 x 24 x 4 split shape (select_shapes --check-only).
set -uo pipefail
root=$(cd "$(dirname "$0")" && pwd)
cd "$root/tree"
source tools/gpu-common.sh
record_device
nvidia-smi --query-gpu=clocks.max.sm,clocks.max.mem --format=csv,noheader >>"$OUT/device.txt"
build_gpu scanviz scanviz_gpu_tests
note build "ok ($build_seconds s)"
bin=$build/app/scanviz
timeout 90 "$root/bin/lookback_probe" --logs 24,28,30 --samples 21 >"$OUT/lookback-probe.txt" 2>&1
note "lookback_probe (rc $?)" "$(grep -c 'equal to CUB' "$OUT/lookback-probe.txt") equal to CUB"
timeout 150 $bin bench --algorithms decoupled-lookback --sizes 2^16,2^20,2^24,2^28,2^30 --dtype both \
  --json "$OUT/bench-scan.json" >"$OUT/bench-scan.txt" 2>&1
note "bench scan (rc $?)" "$(tail -1 "$OUT/bench-scan.txt")"
timeout 150 $bin bench --algorithms compaction,radix-split --sizes 2^16,2^20,2^24,2^26,2^28 \
  --dtype int32 --no-capture --quiet --json "$OUT/bench-select.json" >"$OUT/bench-select.txt" 2>&1
note "bench select (rc $?)" "$(tail -1 "$OUT/bench-select.txt")"
(cd $build && timeout 150 ctest -L gpu --timeout 140) >"$OUT/gpu-tests.txt" 2>&1
note "ctest -L gpu" "$(grep -E 'tests passed|tests failed' "$OUT/gpu-tests.txt" | tail -1)"
SCANVIZ_LOOKBACK_AGENT=pipelined timeout 60 $bin verify --backend cuda --algorithm decoupled-lookback \
  --sizes 1,1000,70001,3300001,16777259,33554467 --block-sizes 256 >"$OUT/verify-lookback.txt" 2>&1
note "verify lookback" "$(tail -1 "$OUT/verify-lookback.txt")"
for tool in memcheck racecheck synccheck initcheck; do
  res=$(timeout 60 compute-sanitizer --tool $tool --error-exitcode 99 $bin verify --backend cuda --smoke \
    --algorithm decoupled-lookback --sizes 7000013 --block-sizes 256 2>&1)
  echo "[$tool] rc=$?" >>"$OUT/sanitize-lookback.txt"; echo "$res" | tail -8 >>"$OUT/sanitize-lookback.txt"
  note "lookback $tool" "$(echo "$res" | grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' | tail -1)"
  res=$(SCANVIZ_GPU_SELECT_MAX_N=65537 timeout 60 compute-sanitizer --tool $tool --error-exitcode 99 \
    $build/tests/scanviz_gpu_tests --gtest_filter='GpuSelect.*Reference*:GpuSelect.Empty*' 2>&1)
  echo "[$tool] rc=$?" >>"$OUT/sanitize-select.txt"; echo "$res" | tail -8 >>"$OUT/sanitize-select.txt"
  note "GpuSelect $tool" "$(echo "$res" | grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' | tail -1)"
  res=$(timeout 60 compute-sanitizer --tool $tool --error-exitcode 99 "$root/bin/select_shapes" \
    --only t384-i24-b4-cs-v --check-only 1 --logs 12,16,17 2>&1)
  echo "[$tool] rc=$?" >>"$OUT/sanitize-split-large.txt"; echo "$res" | tail -8 >>"$OUT/sanitize-split-large.txt"
  note "split 384x24x4 $tool" "$(echo "$res" | grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' | tail -1)"
done
cat "$OUT/lookback-probe.txt" "$OUT/bench-scan.txt" "$OUT/bench-select.txt" | cut -c1-200
print_summary "perf final"
