#!/usr/bin/env bash
# On a GPU machine (the `device` tool): the recorded select and split (kernels/grid/
# select_lookback.h) in one call: the GUI-less sm_90 build, their GPU tests (traces equal to the
# emulator's, GpuSelectLookback.*), every application's GPU answers and traces against the
# emulator's (apply-gpu-check.sh, on the same binary), and compute-sanitizer's four tools over
# captures of both kernels. Logs in $OUT (or ./gpu-out), a short table last.
# Usage: tools/select-lookback-gpu-check.sh
set -uo pipefail
cd "$(dirname "$0")/.."
source tools/gpu-common.sh
record_device
build_gpu scanviz scanviz_gpu_tests
note "build (GUI-less, Release)" "ok ($build_seconds s)"
bin=$build/app/scanviz

$build/tests/scanviz_gpu_tests --gtest_filter='GpuSelectLookback.*' >"$OUT/gpu-tests.txt" 2>&1
note "GpuSelectLookback.*" "rc=$? $(grep -E '^\[  (PASSED|FAILED) ' "$OUT/gpu-tests.txt" | tr '\n' ' ')"

SCANVIZ_BIN=$bin tools/apply-gpu-check.sh >"$OUT/apply-gpu-check.txt" 2>&1
note "apply-gpu-check.sh" "rc=$? $(tail -1 "$OUT/apply-gpu-check.txt")"

# Captures of both kernels: several tiles of 32 threads, many of 256 (flags of
# every third element, element 0 dropped).
flags_of() { python3 -c "import sys; print(','.join('1' if i % 3 == 1 else '0' for i in range(int(sys.argv[1]))))" "$1"; }
for tool in memcheck racecheck synccheck initcheck; do
  errors=0
  for a in select-lookback split-lookback; do
    for shape in "1025 32" "20001 256"; do
      set -- $shape
      log=$(timeout 60 compute-sanitizer --tool $tool --error-exitcode 99 $bin capture --backend cuda \
        --algorithm $a --n $1 --block-size $2 --flags "$(flags_of $1)" --out /tmp/san.json 2>&1)
      rc=$?
      echo "[$tool] $a n=$1 block $2 -> rc=$rc $(echo "$log" | grep -m1 'ERROR SUMMARY')" >>"$OUT/sanitizer.txt"
      [ $rc -ne 0 ] && { errors=$((errors + 1)); echo "$log" | head -40 >>"$OUT/sanitizer.txt"; }
    done
  done
  note "compute-sanitizer $tool" "$errors failing of 4 captures"
done
print_summary "select-lookback GPU check"
