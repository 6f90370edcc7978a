#!/usr/bin/env bash
# One call on a GPU machine (the `device` tool): build the engine and CLI without the GUI, run
# `verify --backend cuda`, the GPU test suite (CPU vs GPU traces), compute-sanitizer's four tools
# over every kernel, capture the sample traces, and print a short table last.
# Usage: tools/gpu-check.sh [all|verify|gputests|sanitize|traces|bench|lookback|ladder|cluster]...
# cluster: the cluster look-back's verify, GPU tests, four sanitizers and bench beside the others.
# ladder: `bench --ladder` (its table and $OUT/ladder.json), its GPU test, memcheck over it.
# lookback: the production look-back's agents (pipelined default and one-tile) over inputs of many
#   tiles per block: verify, the four compute-sanitizer tools, and a benchmark of each against CUB and a copy.
# SANITIZERS="memcheck racecheck" limits the sanitize step to those tools; LOOKBACK_AGENTS=pipelined
# limits the lookback step to that agent; SAN_SIZE sets its sanitizers' input size (16777259).
# Logs go to $OUT (or ./gpu-out).
set -uo pipefail
cd "$(dirname "$0")/.."
steps=${*:-all}
source tools/gpu-common.sh
record_device
build_gpu
note build "ok ($build_seconds s)"
bin=$build/app/scanviz

if want ladder; then
  $bin bench --ladder --json "$OUT/ladder.json" >"$OUT/ladder.txt" 2>&1
  note "bench --ladder" "rc=$? (table: $OUT/ladder.txt)"
  $build/tests/scanviz_gpu_tests --gtest_filter='GpuLadder.*' >"$OUT/ladder-test.txt" 2>&1
  note "GpuLadder.*" "$(tail -1 "$OUT/ladder-test.txt")"
  compute-sanitizer --tool memcheck --error-exitcode 99 $bin bench --ladder >"$OUT/ladder-memcheck.txt" 2>&1
  note "memcheck bench --ladder" "rc=$? $(grep 'ERROR SUMMARY' "$OUT/ladder-memcheck.txt")"
fi

if want cluster; then
  # The cluster look-back (kernels/grid/cluster_lookback.h): verify, its GPU traces against the
  # emulator's and its listing, the four sanitizers, and its time beside the other hand-offs.
  $bin verify --backend cuda --algorithm cluster-lookback >"$OUT/cluster-verify.txt" 2>&1
  note "verify cluster-lookback" "$(tail -1 "$OUT/cluster-verify.txt")"
  $build/tests/scanviz_gpu_tests --gtest_filter='*cluster_lookback*:*Cluster*:GpuWholeArrayRows.*:*Listing*' \
    >"$OUT/cluster-tests.txt" 2>&1
  note "GPU tests (cluster)" "$(grep -E 'PASSED|FAILED' "$OUT/cluster-tests.txt" | tail -2 | tr '\n' ' ')"
  for tool in memcheck racecheck synccheck initcheck; do
    rcs=""
    for cmd in "verify --backend cuda --smoke --algorithm cluster-lookback" \
               "capture --backend cuda --algorithm cluster-lookback --n 70001 --block-size 256 --out /tmp/san.json"; do
      compute-sanitizer --tool $tool --error-exitcode 99 $bin $cmd >>"$OUT/cluster-$tool.txt" 2>&1
      rcs="$rcs $?"
    done
    note "$tool cluster-lookback" "rc=$rcs $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$OUT/cluster-$tool.txt" | tail -1)"
  done
  $bin bench --backend cuda --algorithms cluster-lookback,serial-lookback,single-pass-chained,decoupled-lookback \
    --sizes 2^20,2^24,2^28 --dtype int32 --block-size 256 --json "$OUT/cluster-bench.json" \
    >"$OUT/cluster-bench.txt" 2>&1
  note "bench (cluster)" "rc=$? (table: $OUT/cluster-bench.txt)"
fi

if want verify; then
  $bin verify --backend cuda >"$OUT/verify-cuda.txt" 2>&1
  note "verify --backend cuda" "$(tail -1 "$OUT/verify-cuda.txt")"
fi

if want gputests; then
  (cd $build && ctest -L gpu --output-on-failure --timeout 600) >"$OUT/gpu-tests.txt" 2>&1
  note "ctest -L gpu" "$(grep -E 'tests passed|tests failed' "$OUT/gpu-tests.txt" | tail -1)"
fi

if want sanitize; then
  # The project's algorithms only: the spot-the-bug rows (second column "flawed") are wrong on
  # purpose; tools/gpu-lessons.sh checks them, expecting their errors.
  algos=$($bin list | awk '$2 == "block" || $2 == "grid" {print $1}')
  for tool in ${SANITIZERS:-memcheck racecheck synccheck initcheck}; do
    errors=0
    runs=()
    for a in $algos; do
      runs+=("verify --backend cuda --smoke --algorithm $a"
             "capture --backend cuda --algorithm $a --n 1025 --block-size 32 --out /tmp/san.json"
             "capture --backend cuda --algorithm $a --n 70001 --block-size 256 --out /tmp/san.json")
    done
    # The persistent production kernels turn their rings of tiles over only at many tiles a block.
    runs+=("verify --backend cuda --smoke --algorithm segmented-lookback --sizes 7000013 --block-sizes 256")
    for cmd in "${runs[@]}"; do
      log=$(compute-sanitizer --tool $tool --error-exitcode 99 $bin $cmd 2>&1)
      rc=$?
      summaryLine=$(echo "$log" | grep -E "ERROR SUMMARY|RACECHECK SUMMARY" | tail -1)
      echo "[$tool] $cmd -> rc=$rc $summaryLine" >>"$OUT/sanitizer-$tool.txt"
      if [ $rc -ne 0 ]; then
        errors=$((errors + 1))
        echo "$log" | head -60 >>"$OUT/sanitizer-$tool.txt"
      fi
    done
    note "compute-sanitizer $tool" "$errors failing runs"
  done
fi

if want traces; then
  dir=/tmp/traces
  rm -rf $dir && mkdir -p $dir
  ok=0
  for a in $($bin list | awk '$2 == "block" || $2 == "grid" {print $1}'); do
    $bin capture --backend cuda --algorithm "$a" --out "$dir/$a-lesson.json" >>"$OUT/traces.log" 2>&1 && ok=$((ok + 1))
    $bin capture --backend cuda --algorithm "$a" --n 1024 --seed 7 --out "$dir/$a-1024.json" >>"$OUT/traces.log" 2>&1 && ok=$((ok + 1))
  done
  $bin capture --backend cuda --algorithm decoupled-lookback --n 1048576 --block-size 256 \
    --out "$dir/decoupled-lookback-1048576.json" >>"$OUT/traces.log" 2>&1 && ok=$((ok + 1))
  $bin capture --backend cuda --algorithm single-pass-chained --n 1048576 --block-size 256 \
    --out "$dir/single-pass-chained-1048576.json" >>"$OUT/traces.log" 2>&1 && ok=$((ok + 1))
  tar -C $dir -czf "$OUT/traces.tar.gz" .
  note "sample traces" "$ok captured"
fi

if want bench; then
  $bin bench --json "$OUT/bench.json" >"$OUT/bench.txt" 2>&1
  note bench "$(tail -1 "$OUT/bench.txt")"
fi

if want lookback; then
  big=3300001,16777259,33554467
  for agent in ${LOOKBACK_AGENTS:-pipelined one-tile}; do
    log="$OUT/lookback-$agent.txt"
    : >"$log"
    SCANVIZ_LOOKBACK_AGENT=$agent $bin verify --backend cuda --algorithm decoupled-lookback \
      --sizes $big --block-sizes 256 >>"$log" 2>&1
    note "lookback $agent verify" "$(tail -1 "$log")"
    for tool in racecheck memcheck synccheck initcheck; do
      # 16777259 elements: about nine 7040-element tiles per resident block (two blocks an SM), so
      # the row's ring of four buffers and the tile held ahead turn over twice. SAN_SIZE=33554467:
      # past 128 MiB, where the row's input copies are evict-last.
      res=$(SCANVIZ_LOOKBACK_AGENT=$agent timeout 300 compute-sanitizer --tool $tool --error-exitcode 99 \
        $bin verify --backend cuda --smoke --algorithm decoupled-lookback --sizes "${SAN_SIZE:-16777259}" \
        --block-sizes 256 2>&1)
      rc=$?
      echo "[$tool] rc=$rc" >>"$log"
      echo "$res" | tail -25 >>"$log"
      note "lookback $agent $tool" "rc=$rc $(echo "$res" | grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' | tail -1)"
    done
    SCANVIZ_LOOKBACK_AGENT=$agent $bin bench --algorithms decoupled-lookback \
      --sizes 2^16,2^20,2^24,2^28,2^30 --dtype both --json "$OUT/bench-lookback-$agent.json" >>"$log" 2>&1
    note "lookback $agent bench" "$(tail -1 "$log")"
  done
fi

print_summary "gpu-check summary"
[ -f "$OUT/ladder.txt" ] && cat "$OUT/ladder.txt"
