#!/usr/bin/env bash
# Captures every grid algorithm (and block algorithms long enough to go through the hierarchical
# driver) on the CPU emulator over a matrix of lengths, block sizes, operators, dtypes,
# inclusive/exclusive, flags and schedules, one trace file and one log (exit code, stdout, stderr)
# per case (the trace's digest), so that a refactoring of the grid drivers can be checked byte for byte:
#   tools/grid-capture-matrix.sh build/app/scanviz /tmp/before
#   ... change the drivers, rebuild ...
#   tools/grid-capture-matrix.sh build/app/scanviz /tmp/after && diff -r /tmp/before /tmp/after
# The emulator is deterministic (rounds, not clocks), so any difference is a change of behaviour.
set -euo pipefail
bin=$(realpath "${1:?usage: $0 SCANVIZ OUTDIR}")
out=${2:?usage: $0 SCANVIZ OUTDIR}
mkdir -p "$out"
out=$(realpath "$out")

# 0/1 flags for n elements: a head (or keep) wherever (i * 7 + 3) % period == 0.
flags() {
  local n=$1 period=$2 s="" i
  for ((i = 0; i < n; ++i)); do
    if (((i * 7 + 3) % period == 0)); then s+="1"; else s+="0"; fi
    ((i + 1 < n)) && s+=","
  done
  printf '%s' "$s"
}

cases=0
capture() {  # name, then the capture options
  local name=$1
  shift
  cases=$((cases + 1))
  set +e
  # Run in $out with a relative --out, so that the log names no directory.
  (cd "$out" && "$bin" capture --backend cpu --quiet --out "$name.json" "$@") >"$out/$name.log" 2>&1
  echo "rc=$?" >>"$out/$name.log"
  set -e
  # The trace's digest, not the trace: thousands of multi-megabyte files would fill the disk. The
  # version names the build's commit, which differs by construction: it is left out.
  if [[ -f $out/$name.json ]]; then
    sed -E 's/"scanviz_version":"[^"]*"//' "$out/$name.json" | sha256sum >>"$out/$name.log"
    rm "$out/$name.json"
  fi
}

scans="hierarchical hierarchical-s-minus-one single-pass-chained decoupled-lookback"
blocks="kogge-stone brent-kung blelloch three-phase warp-shuffle"
segmented="segmented-hierarchical segmented-lookback segmented-kogge-stone segmented-blelloch"
selects="select-lookback split-lookback"

for n in 1 7 100 1000 5000; do
  for b in 4 32 128; do
    for op in add max mul; do
      for dt in int32 float32; do
        for v in inclusive exclusive; do
          for a in $scans $blocks; do
            capture "$a-n$n-b$b-$op-$dt-$v" --algorithm "$a" --n "$n" --block-size "$b" \
              --operator "$op" --dtype "$dt" "--$v"
          done
          for a in $segmented; do
            for p in 3 50; do
              capture "$a-n$n-b$b-$op-$dt-$v-p$p" --algorithm "$a" --n "$n" --block-size "$b" \
                --operator "$op" --dtype "$dt" "--$v" --flags "$(flags "$n" "$p")"
            done
          done
        done
      done
    done
    for a in $selects; do
      for p in 2 5; do
        capture "$a-n$n-b$b-p$p" --algorithm "$a" --n "$n" --block-size "$b" \
          --flags "$(flags "$n" "$p")"
      done
      capture "$a-n$n-b$b-noflags" --algorithm "$a" --n "$n" --block-size "$b"
    done
  done
done

# Schedules: launch orders, resident blocks, recorded block, static ids (deadlocks), reversed
# threads, 100k elements (deeper hierarchies), the coarsening option.
for a in $scans segmented-lookback segmented-hierarchical select-lookback; do
  extra=()
  case $a in segmented-* | select-*) extra=(--flags "$(flags 3000 4)") ;; esac
  for order in ascending descending random; do
    for res in 1 3 64; do
      capture "$a-sched-$order-r$res" --algorithm "$a" --n 3000 --block-size 16 \
        --launch-order "$order" --resident-blocks "$res" --seed 5 "${extra[@]}"
      capture "$a-sched-$order-r$res-static" --algorithm "$a" --n 3000 --block-size 16 \
        --launch-order "$order" --resident-blocks "$res" --static-block-ids "${extra[@]}"
    done
  done
  capture "$a-record7" --algorithm "$a" --n 3000 --block-size 16 --record-block 7 "${extra[@]}"
  capture "$a-record999" --algorithm "$a" --n 3000 --block-size 16 --record-block 999 "${extra[@]}"
  capture "$a-reverse" --algorithm "$a" --n 3000 --block-size 16 --reverse-threads "${extra[@]}"
done
for a in hierarchical decoupled-lookback single-pass-chained three-phase kogge-stone; do
  capture "$a-n100k" --algorithm "$a" --n 100000 --block-size 32
done
capture "segmented-hierarchical-n100k" --algorithm segmented-hierarchical --n 100000 \
  --block-size 32 --segments 1000,20000,1,78999
for c in 2 4 8; do
  capture "three-phase-c$c" --algorithm three-phase --n 5000 --block-size 16 --coarsening "$c"
done
echo "$cases cases in $out"
