#!/usr/bin/env bash
# The segmented decoupled look-back on the device (issue 16 item 3, issue 19 item 3): GUI-less
# Release build, the GPU tests, compute-sanitizer's four tools over the new kernels (recorded and
# production), `verify` of the segmented scans, and `scanviz bench` of segmented-lookback beside
# the copy, CUB's scan and CUB's scan by key. Run from the repository root; logs go to $OUT.
# Usage: segmented-lookback.sh [build] [tests] [sanitize] [bench] [variants] [bench-short]
#   (default: build tests sanitize bench)
set -uo pipefail
OUT=${OUT:-$PWD/gpu-out}; mkdir -p "$OUT"
steps=${*:-build tests sanitize bench}
want() { [[ " $steps " == *" $1 "* ]]; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader; nvcc --version | tail -1; } | tee "$OUT/device.txt"
t0=$(date +%s)
if want build; then
  cmake -S . -B ${BUILD:-/tmp/seglb-build} -G Ninja -DSCANVIZ_GUI=OFF -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >"$OUT/build.log" 2>&1 &&
    cmake --build ${BUILD:-/tmp/seglb-build} --parallel 16 --target scanviz scanviz_gpu_tests >>"$OUT/build.log" 2>&1 || { tail -40 "$OUT/build.log"; exit 1; }
  echo "build $(( $(date +%s) - t0 )) s"
fi
bin=${BUILD:-/tmp/seglb-build}/app/scanviz
if want tests; then
  t1=$(date +%s)
  timeout 200 ${BUILD:-/tmp/seglb-build}/tests/scanviz_gpu_tests >"$OUT/gpu-tests.txt" 2>&1; echo "gpu tests rc=$? $(( $(date +%s) - t1 )) s"
  grep -E "^\[  (PASSED|FAILED)|tests ran|FAILED " "$OUT/gpu-tests.txt" | tail -15
  t1=$(date +%s)
  timeout 120 $bin verify --backend cuda --quick --algorithm segmented-lookback >"$OUT/verify-segmented-lookback.txt" 2>&1
  echo "verify segmented-lookback rc=$? $(tail -1 "$OUT/verify-segmented-lookback.txt") $(( $(date +%s) - t1 )) s"
  timeout 120 $bin verify --backend cuda --algorithm segmented-lookback --block-sizes 256 \
    --sizes 1,4095,4096,4097,1000003,16777259 >"$OUT/verify-segmented-lookback-large.txt" 2>&1
  echo "verify large rc=$? $(tail -1 "$OUT/verify-segmented-lookback-large.txt")"
fi
# One compute-sanitizer run: its summary line, and the head of its log when it failed.
sanitized() {
  local tool=$1; shift
  local log rc
  log=$(timeout 60 compute-sanitizer --tool "$tool" --error-exitcode 99 $bin "$@" 2>&1); rc=$?
  echo "[$tool] $* -> rc=$rc $(echo "$log" | grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' | tail -1)" | tee -a "$OUT/sanitizer.txt"
  [ $rc -ne 0 ] && echo "$log" | head -40 >> "$OUT/sanitizer.txt"
}
if want sanitize; then
  # The recorded kernel (two captures) and the production kernel (verify, unrecorded).
  for tool in memcheck racecheck synccheck initcheck; do
    sanitized $tool capture --backend cuda --algorithm segmented-lookback --n 1025 --block-size 32 --out /tmp/s.json
    sanitized $tool capture --backend cuda --algorithm segmented-lookback --n 70001 --block-size 256 --record-block 5 --exclusive --out /tmp/s.json
    sanitized $tool verify --backend cuda --smoke --algorithm segmented-lookback --sizes 1025,70001
  done
fi
if want bench; then
  $bin bench --algorithms segmented-lookback,decoupled-lookback --sizes 2^16,2^20,2^24,2^28 \
    --dtype both --no-capture --no-progress --json "$OUT/bench.json" >"$OUT/bench.txt" 2>&1
  echo "bench rc=$?"; grep -E "^(copy|cub|segmented|decoupled)" "$OUT/bench.txt"
  # The other load form, for the record of what was tried.
  SCANVIZ_SEGMENTED_LOAD=blocked $bin bench --algorithms segmented-lookback --sizes 2^24,2^28 \
    --dtype int32 --no-capture --no-progress --json "$OUT/bench-blocked.json" >"$OUT/bench-blocked.txt" 2>&1
  echo "bench blocked loads rc=$?"; grep -E "^(cub-by|segmented)" "$OUT/bench-blocked.txt"
fi
if want variants; then
  # Other blocks per SM (registers a thread) than the default 6, for the record of what was tried.
  for blocks in 4 8; do
    SCANVIZ_SEGMENTED_BLOCKS=$blocks $bin bench --algorithms segmented-lookback --sizes 2^24,2^28 \
      --dtype int32 --no-capture --no-progress --json "$OUT/bench-blocks$blocks.json" >"$OUT/bench-blocks$blocks.txt" 2>&1
    echo "bench $blocks blocks per SM rc=$?"; grep -E "^(cub-by|segmented)" "$OUT/bench-blocks$blocks.txt"
  done
fi
if want bench-short; then
  $bin bench --algorithms segmented-lookback,decoupled-lookback --sizes 2^20,2^24,2^28 --dtype int32 \
    --no-capture --no-progress --json "$OUT/bench.json" >"$OUT/bench.txt" 2>&1
  echo "bench rc=$?"; grep -E "^(copy|cub|segmented|decoupled)" "$OUT/bench.txt"
fi
echo "total $(( $(date +%s) - t0 )) s"
