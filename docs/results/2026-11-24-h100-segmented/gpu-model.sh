#!/usr/bin/env bash
# Segmented scans on the device: GUI-less build, the GPU tests, compute-sanitizer over the new kernels.
set -uo pipefail
cd "$(dirname "$0")"
OUT=${OUT:-$PWD/gpu-out}; mkdir -p "$OUT"
{ date -u; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; nvcc --version | tail -1; } | tee "$OUT/device.txt"
t0=$(date +%s)
cmake -S . -B build-gpu -G Ninja -DSCANVIZ_GUI=OFF -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >"$OUT/build.log" 2>&1 &&
  cmake --build build-gpu --parallel 16 --target scanviz scanviz_gpu_tests >>"$OUT/build.log" 2>&1 || { tail -40 "$OUT/build.log"; exit 1; }
echo "build $(( $(date +%s) - t0 )) s"
bin=build-gpu/app/scanviz
t1=$(date +%s)
timeout 150 build-gpu/tests/scanviz_gpu_tests >"$OUT/gpu-tests.txt" 2>&1; echo "gpu tests rc=$? $(( $(date +%s) - t1 )) s"
grep -E "^\[  (PASSED|FAILED)|tests ran|FAILED " "$OUT/gpu-tests.txt" | tail -15
for tool in memcheck racecheck synccheck initcheck; do
  for a in segmented-kogge-stone segmented-blelloch segmented-hierarchical; do
    for cmd in "capture --backend cuda --algorithm $a --n 1025 --block-size 32 --out /tmp/s.json" \
               "capture --backend cuda --algorithm $a --n 70001 --block-size 256 --inclusive --out /tmp/s.json" \
               "verify --backend cuda --smoke --algorithm $a"; do
      log=$(timeout 60 compute-sanitizer --tool $tool --error-exitcode 99 $bin $cmd 2>&1); rc=$?
      echo "[$tool] $a: $cmd -> rc=$rc $(echo "$log" | grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' | tail -1)" | tee -a "$OUT/sanitizer.txt"
      [ $rc -ne 0 ] && echo "$log" | head -40 >> "$OUT/sanitizer.txt"
    done
  done
done
echo "total $(( $(date +%s) - t0 )) s"
