#!/usr/bin/env bash
# One device call for "Spot the bug" on a GPU (docs/gpu-results.md): the real window with live
# CUDA captures, screenshotted, then the new flawed variants (kernels/lessons/) under
# compute-sanitizer. Needs .gpu-gui/ made beforehand on a machine with nvcc and package access:
#   tools/pack-gui-root.sh build    (guiroot.tar.xz, scanviz.xz: scanviz built with CUDA and GUI)
#   cmake -DOUTPUT=/tmp/scanviz-listings/kernels/listings/snippets.h \
#     -P kernels/listings/ExtractSnippets.cmake
#   nvcc -std=c++20 -arch=sm_90 -lineinfo -I. -I/tmp/scanviz-listings -o .gpu-gui/lesson_probe \
#     tools/lesson_probe.cu
# Each step runs in a child process with a timeout; pictures, frame reports and two logs go to
# $OUT (at most 8 files come back from a device call); a table last.
set -uo pipefail
export PATH=$PATH:/usr/local/cuda/bin
cd "$(dirname "$0")/.."
OUT=${OUT:-$PWD/gpu-out}
mkdir -p "$OUT"
{
  date -u +"date %Y-%m-%dT%H:%MZ"
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
} | tee "$OUT/summary.txt"
xz -dc .gpu-gui/scanviz.xz >/tmp/scanviz && chmod +x /tmp/scanviz
results=()
step() {  # step NAME LOG SECONDS COMMAND...: appends its output to $OUT/LOG.log
  local name=$1 log=$OUT/$2.log limit=$3
  shift 3
  echo "== $name: $*" >>"$log"
  timeout -k 5 "$limit" "$@" >>"$log" 2>&1
  local rc=$?
  results+=("$name: exit $rc$([ $rc -eq 124 ] && echo ' (timed out)')")
}
window() {  # window NAME ARGS...: the real window, live CUDA capture, a screenshot and its report
  local name=$1
  shift
  step "$name" windows 45 bash tools/run-gui.sh .gpu-gui/guiroot.tar.xz -- /tmp/scanviz --backend cuda \
    --size 1600x1000 "$@" --screenshot "$OUT/$name.png" --dump-scene "$OUT/$name.json"
}
window spot-race-cuda --spot-the-bug kogge-stone-one-barrier
window spot-unguarded-cuda --spot-the-bug hillis-steele-unguarded
probe=.gpu-gui/lesson_probe
step unguarded probe 15 $probe unguarded 6 8
step unguarded-memcheck probe 40 compute-sanitizer --tool memcheck $probe unguarded 6 8
printf '%s\n' "${results[@]}" | tee -a "$OUT/summary.txt"
grep -h "ERROR SUMMARY\|Invalid __global__\|^device\|output\|store\|length" "$OUT/probe.log" |
  sort | uniq -c | head -20
