#!/usr/bin/env bash
# Experiment on a GPU machine: the pipelined look-back agent (LookbackPolicySm90Pipelined) with
# other shapes. Each shape is a copy of the tree with the policy's numbers changed, built without
# the GUI and the tests (all shapes at once), then, one after another, checked (verify at sizes of
# many tiles per block) and timed against CUB and a copy in one `scanviz bench` run. The tree
# itself is not changed. x copy is printed to three places from the bench's JSON.
# Usage: tools/lookback-shapes.sh "ITEMS BUFFERS MIN_BLOCKS_PER_SM [PREFETCH 0|1]" ...   (logs under $OUT)
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-$PWD/gpu-out}
mkdir -p "$OUT"
src=$PWD
names=()
prepare() {  # shape -> a configured and built copy of the tree in /tmp/shape-NAME
  local items=$1 buffers=$2 blocks=$3 prefetch=$4 name=$5
  local dir=/tmp/shape-$name log="$OUT/shape-$name.txt"
  rm -rf "$dir" && mkdir -p "$dir"
  tar -C "$src" --exclude='./build*' --exclude='./.git' --exclude='./.gpu-*' -cf - . | tar -C "$dir" -xf -
  python3 - "$dir/kernels/grid/lookback_tuning.h" "$items" "$buffers" "$blocks" "$prefetch" <<'EOF'
import re, sys
path, items, buffers, blocks, prefetch = sys.argv[1:]
text = open(path).read()
start = text.index("struct LookbackPolicySm90Pipelined {")
end = text.index("};", start)
body = text[start:end]
body = re.sub(r"kItemsPerThread = \d+", "kItemsPerThread = " + items, body)
body = re.sub(r"kBuffers = \d+", "kBuffers = " + buffers, body)
body = re.sub(r"kMinBlocksPerSm = \d+", "kMinBlocksPerSm = " + blocks, body)
body = re.sub(r"kPrefetch = \w+", "kPrefetch = " + ("true" if prefetch == "1" else "false"), body)
open(path, "w").write(text[:start] + body + text[end:])
EOF
  { cmake -S "$dir" -B "$dir/build" -G Ninja -DSCANVIZ_GUI=OFF -DSCANVIZ_TESTS=OFF \
      -DCMAKE_BUILD_TYPE=Release >"$log" 2>&1 && cmake --build "$dir/build" --parallel 4 >>"$log" 2>&1; } ||
    echo "BUILD FAILED" >>"$log"
}
for shape in "$@"; do
  read -r items buffers blocks prefetch <<<"$shape"
  prefetch=${prefetch:-0}
  name="i${items}-b${buffers}-m${blocks}-p${prefetch}"
  names+=("$name")
  prepare "$items" "$buffers" "$blocks" "$prefetch" "$name" &
done
wait
summary=()
for name in "${names[@]}"; do
  log="$OUT/shape-$name.txt"
  if grep -q "BUILD FAILED" "$log"; then
    summary+=("$name: BUILD FAILED")
    tail -20 "$log"
    continue
  fi
  bin=/tmp/shape-$name/build/app/scanviz
  $bin verify --backend cuda --algorithm decoupled-lookback --sizes 1,1000,70001,7000013,33554467 \
    --block-sizes 256 >>"$log" 2>&1
  verdict=$(tail -1 "$log")
  $bin bench --algorithms decoupled-lookback --sizes 2^16,2^20,2^24,2^28,2^30 --dtype int32 \
    --json /tmp/shape-$name.json >>"$log" 2>&1
  ratios=$(python3 - /tmp/shape-$name.json <<'EOF'
import json, sys
rows = json.load(open(sys.argv[1]))["results"]
out = []
for r in rows:
    if r["subject"] == "decoupled-lookback" and r["n"] in (2**16, 2**20, 2**24, 2**28, 2**30):
        out.append("2^%d %.3fc %.2fC" % (r["n"].bit_length() - 1, r["x_copy"], r["x_cub"]))
print(" ".join(out))
EOF
)
  echo "$ratios" >>"$log"
  summary+=("$name: $verdict | $ratios")
done
echo "=== lookback shapes ($(nvidia-smi --query-gpu=name --format=csv,noheader), $(date -u +%FT%H:%MZ))"
printf '%s\n' "${summary[@]}"
