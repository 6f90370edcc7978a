#!/usr/bin/env bash
# Experiment on a GPU machine: the pipelined look-back agent (LookbackPolicySm90Pipelined) with
# other shapes. Each shape is a copy of the tree with the policy's numbers changed, built without
# the GUI and the tests, then checked (verify at sizes of many tiles per block) and timed against
# CUB and a copy in one `scanviz bench` run. The tree itself is not changed.
# Usage: tools/lookback-shapes.sh "ITEMS BUFFERS MIN_BLOCKS_PER_SM" ...   (logs under $OUT)
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-$PWD/gpu-out}
mkdir -p "$OUT"
src=$PWD
summary=()
for shape in "$@"; do
  read -r items buffers blocks <<<"$shape"
  name="i${items}-b${buffers}-m${blocks}"
  dir=/tmp/shape-$name
  rm -rf "$dir" && mkdir -p "$dir"
  tar -C "$src" --exclude='./build*' --exclude='./.git' --exclude='./.gpu-*' -cf - . | tar -C "$dir" -xf -
  python3 - "$dir/kernels/grid/lookback_tuning.h" "$items" "$buffers" "$blocks" <<'EOF'
import re, sys
path, items, buffers, blocks = sys.argv[1:]
text = open(path).read()
start = text.index("struct LookbackPolicySm90Pipelined {")
end = text.index("};", start)
body = text[start:end]
body = re.sub(r"kItemsPerThread = \d+", "kItemsPerThread = " + items, body)
body = re.sub(r"kBuffers = \d+", "kBuffers = " + buffers, body)
body = re.sub(r"kMinBlocksPerSm = \d+", "kMinBlocksPerSm = " + blocks, body)
open(path, "w").write(text[:start] + body + text[end:])
EOF
  log="$OUT/shape-$name.txt"
  if ! { cmake -S "$dir" -B "$dir/build" -G Ninja -DSCANVIZ_GUI=OFF -DSCANVIZ_TESTS=OFF \
      -DCMAKE_BUILD_TYPE=Release >"$log" 2>&1 && cmake --build "$dir/build" --parallel 16 >>"$log" 2>&1; }; then
    summary+=("$name: BUILD FAILED")
    tail -20 "$log"
    continue
  fi
  bin=$dir/build/app/scanviz
  $bin verify --backend cuda --algorithm decoupled-lookback --sizes 1,1000,70001,7000013,33554467 \
    --block-sizes 256 >>"$log" 2>&1
  verdict=$(tail -1 "$log")
  $bin bench --algorithms decoupled-lookback --sizes 2^16,2^20,2^24,2^28,2^30 --dtype int32 >>"$log" 2>&1
  line=$(grep -E "^decoupled-lookback +int32 +2\^30 " "$log" | awk '{print $4, $5, $8, "copy", $9, "CUB"}')
  mid=$(grep -E "^decoupled-lookback +int32 +2\^24 " "$log" | awk '{print "2^24:", $9, "CUB"}')
  summary+=("$name: $verdict | 2^30 $line | $mid")
done
echo "=== lookback shapes ($(nvidia-smi --query-gpu=name --format=csv,noheader), $(date -u +%FT%H:%MZ))"
printf '%s\n' "${summary[@]}"
