#!/usr/bin/env bash
# One device call for issue 17's index lessons (hierarchical-s-minus-one, blelloch-down-sweep-log2n)
# and the unguarded ones: the GPU test binary (built on the workstation for sm_90, RelWithDebInfo,
# stripped, carried beside this script), then compute-sanitizer memcheck over one lesson at a time
# (its flawed variant and its fix, captured by the CUDA backend and by the emulator).
set -uo pipefail
cd "$(dirname "$0")"
export PATH=$PATH:/usr/local/cuda/bin
OUT=${OUT:-$PWD/gpu-out}
mkdir -p "$OUT"
{
  date -u +"date %Y-%m-%dT%H:%MZ"
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
  compute-sanitizer --version | tail -1
} | tee "$OUT/device.txt"
bin=./scanviz_gpu_tests
t0=$(date +%s)
timeout 80 $bin >"$OUT/gpu-tests.txt" 2>&1
echo "gpu tests: exit $? in $(($(date +%s) - t0)) s: $(grep -E '^\[  PASSED|^\[  FAILED|tests? ran' "$OUT/gpu-tests.txt" | tr '\n' ' ')"
for lesson in hillis_steele_unguarded kogge_stone_unguarded_store hierarchical_s_minus_one blelloch_down_sweep_log2n; do
  log="$OUT/memcheck-$lesson.txt"
  timeout 30 compute-sanitizer --tool memcheck $bin \
    --gtest_filter="Lessons/GpuLesson.*/$lesson" >"$log" 2>&1
  echo "memcheck $lesson: exit $?, $(grep -E 'ERROR SUMMARY' "$log" | tail -1), $(grep -cE 'Invalid __(global|shared)__' "$log") invalid accesses, $(grep -E '^\[  (PASSED|FAILED)' "$log" | tr '\n' ' ')"
done
