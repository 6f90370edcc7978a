#!/usr/bin/env bash
# The measurement of record on a GPU machine (issue 19): build the engine and CLI without the GUI,
# verify the production look-back at sizes of many tiles per block, run compute-sanitizer memcheck
# and racecheck over it, then `scanviz bench` of decoupled-lookback beside the copy, CUB and Thrust
# at 2^16..2^30, int32 and float32, for add and max, inclusive and exclusive (one bench per
# operator and variant). Results (logs and JSON) go to $OUT/results.tgz; a summary is printed.
# Usage: tools/bench-device.sh
# A point near a target is measured again, several times in one call, by narrowing the benches
# (each still times the copy, CUB and Thrust beside the scan) and skipping the checks, e.g.
#   CHECKS=0 RUNS=3 OPS=max DTYPE=float32 SIZES=2^28,2^30 tools/bench-device.sh
# Defaults: CHECKS=1 RUNS=1 OPS="add max" DTYPE=both SIZES=2^16,2^20,2^24,2^28,2^30; SAN_SIZE,
# the sanitizers' input size, 16777259.
set -uo pipefail
cd "$(dirname "$0")/.."
CHECKS=${CHECKS:-1}
RUNS=${RUNS:-1}
OPS=${OPS:-add max}
DTYPE=${DTYPE:-both}
SIZES=${SIZES:-2^16,2^20,2^24,2^28,2^30}
SAN_SIZE=${SAN_SIZE:-16777259}
OUT=${OUT:-$PWD/gpu-out}
r=/tmp/bench-device
rm -rf $r && mkdir -p $r "$OUT"
{
  date -u +"date %Y-%m-%dT%H:%MZ"
  nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,clocks.max.sm,clocks.max.mem \
    --format=csv
  nvcc --version | tail -2
} >$r/device.txt 2>&1
cat $r/device.txt
build=/tmp/bench-device-build
if ! { cmake -S . -B $build -G Ninja -DSCANVIZ_GUI=OFF -DSCANVIZ_TESTS=OFF -DCMAKE_BUILD_TYPE=Release \
  >$r/build.log 2>&1 && cmake --build $build --parallel 16 >>$r/build.log 2>&1; }; then
  tail -30 $r/build.log
  tar -C $r -czf "$OUT/results.tgz" .
  exit 1
fi
bin=$build/app/scanviz
[ "$CHECKS" = 1 ] && $bin verify --backend cuda --algorithm decoupled-lookback --block-sizes 256 \
  --sizes 1,1000,70001,3300001,16777259,33554467 >$r/verify.txt 2>&1
[ "$CHECKS" = 1 ] && echo "verify: $(tail -1 $r/verify.txt)"
for tool in $([ "$CHECKS" = 1 ] && echo memcheck racecheck); do
  # 16777259 elements: about nine 7040-element tiles per resident block (two blocks an SM), so
  # the row's ring of four buffers and the tile held ahead turn over twice. SAN_SIZE=33554467:
  # past 128 MiB, where the row's input copies are evict-last.
  timeout 300 compute-sanitizer --tool $tool --error-exitcode 99 $bin verify --backend cuda --smoke \
    --algorithm decoupled-lookback --sizes "$SAN_SIZE" --block-sizes 256 >$r/sanitizer-$tool.txt 2>&1
  echo "$tool: rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $r/sanitizer-$tool.txt | tail -1)"
done
for run in $(seq 1 "$RUNS"); do
  for op in $OPS; do
    for variant in inclusive exclusive; do
      flag=$([ $variant = exclusive ] && echo --exclusive)
      name=bench-$variant-$op$([ "$RUNS" -gt 1 ] && echo "-run$run")
      $bin bench --algorithms decoupled-lookback --sizes "$SIZES" --dtype "$DTYPE" \
        --operator $op $flag --no-capture --no-progress --json $r/$name.json >$r/$name.txt 2>&1
      echo "$name: $(tail -1 $r/$name.txt)"
    done
  done
done
tar -C $r -czf "$OUT/results.tgz" .
