#!/usr/bin/env bash
# The "spot the bug" kernels (kernels/lessons/) on a GPU, for docs/gpu-results.md: the one-barrier
# Kogge-Stone run many times (how often it is wrong), compute-sanitizer racecheck on it, and the
# early-return kernel in a child process with a timeout (it has a barrier not every thread
# reaches, which may hang), alone and under synccheck. Never run by the app itself.
# Usage: tools/gpu-lessons.sh [RUNS]   (default 200 launches per block size). Logs go to $OUT.
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-$PWD/gpu-out}
runs=${1:-200}
mkdir -p "$OUT"
{
  date -u +"date %Y-%m-%dT%H:%MZ"
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
  nvcc --version | tail -1
} | tee "$OUT/lessons-device.txt"
# The lessons' code lines are cut from kernels/listings/ into a generated header (as CMake does).
cmake -DOUTPUT=/tmp/scanviz-listings/kernels/listings/snippets.h \
  -P kernels/listings/ExtractSnippets.cmake || exit 1
nvcc -std=c++20 -arch=sm_90 -lineinfo -I. -I/tmp/scanviz-listings -o /tmp/lesson_probe \
  tools/lesson_probe.cu || exit 1
probe=/tmp/lesson_probe
step() {  # step NAME SECONDS COMMAND...: a child process with a timeout; its output and exit code
  local name=$1 limit=$2
  shift 2
  echo "== $name: $*"
  timeout -k 5 "$limit" "$@" >"$OUT/lessons-$name.txt" 2>&1
  local rc=$?
  tail -25 "$OUT/lessons-$name.txt"
  echo "-- $name: exit code $rc$([ $rc -eq 124 ] && echo ' (timed out: it hung)')"
}
for block in 64 256 1024; do
  step "race-$block" 120 $probe race "$runs" "$block" 1024
done
step racecheck 300 compute-sanitizer --tool racecheck --racecheck-report hazard $probe race 1 64 1
step early-return-8 30 $probe early-return 6 8
step early-return-64 30 $probe early-return 40 64
step early-return-warp 30 $probe early-return 20 64
step synccheck 120 compute-sanitizer --tool synccheck $probe early-return 40 64
step deterministic 30 $probe deterministic
