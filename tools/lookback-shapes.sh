#!/usr/bin/env bash
# Experiment on a GPU machine: the pipelined look-back agent with other shapes and switches. Each
# variant is a copy of the tree in which every pipelined policy (struct LookbackPolicySm90Pipelined*
# of kernels/grid/lookback_tuning.h, so whichever row the device selects) gets the variant's
# numbers (a switch it inherits from LookbackSwitches is restated in it), built without the GUI
# and the tests (all variants at once), then, one after another, checked (verify at sizes of many
# tiles per block) and timed against CUB and a copy in one `scanviz bench` run. The tree itself is not changed. x copy is printed to three places from the
# bench's JSON.
# Usage: tools/lookback-shapes.sh "ITEMS BUFFERS MIN_BLOCKS_PER_SM [kField=value ...]" ...
#   e.g. "28 3 3" "28 3 3 kBulkCopy=true" "20 3 4 kLookbackWarps=2"      (logs under $OUT)
# BENCH_DTYPE=both times float32 too; REPEAT=2 runs the bench twice per variant; SIZES=2^28,2^30
# times only those sizes.
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-$PWD/gpu-out}
mkdir -p "$OUT"
src=$PWD
names=()
prepare() {  # name, then the fields -> a configured and built copy of the tree in /tmp/shape-NAME
  local name=$1
  shift
  local dir=/tmp/shape-$name log="$OUT/shape-$name.txt"
  rm -rf "$dir" && mkdir -p "$dir"
  tar -C "$src" --exclude='./build*' --exclude='./.git' --exclude='./.gpu-*' -cf - . | tar -C "$dir" -xf -
  python3 - "$dir/kernels/grid/lookback_tuning.h" "$@" <<'EOF2'
import re, sys
path, fields = sys.argv[1], sys.argv[2:]
text = open(path).read()
pos, count = 0, 0
while True:
    start = text.find("struct LookbackPolicySm90Pipelined", pos)
    if start < 0:
        break
    end = text.index("};", start)
    body = text[start:end]
    for field in fields:
        key, value = field.split("=")
        body, hits = re.subn(key + r" = [^;]+;", key + " = " + value + ";", body)
        if hits == 0:
            # A switch the policy inherits from LookbackSwitches: restated with the new value.
            declared = re.search(r"static constexpr ([\w ]+?) " + key + r" = ", text)
            if not declared:
                sys.exit("no field " + key + " in " + path)
            body += "  static constexpr " + declared.group(1) + " " + key + " = " + value + ";\n"
        elif hits != 1:
            sys.exit("field " + key + " twice in " + body.splitlines()[0])
    text = text[:start] + body + text[end:]
    pos, count = start + len(body), count + 1
if count == 0:
    sys.exit("no pipelined policy in " + path)
open(path, "w").write(text)
EOF2
  [ $? -eq 0 ] || { echo "BUILD FAILED (fields)" >>"$log"; return; }
  { cmake -S "$dir" -B "$dir/build" -G Ninja -DSCANVIZ_GUI=OFF -DSCANVIZ_TESTS=OFF \
      -DCMAKE_BUILD_TYPE=Release >"$log" 2>&1 && cmake --build "$dir/build" --parallel 4 >>"$log" 2>&1; } ||
    echo "BUILD FAILED" >>"$log"
}
for shape in "$@"; do
  read -r items buffers blocks extra <<<"$shape"
  fields=("kItemsPerThread=$items" "kBuffers=$buffers" "kMinBlocksPerSm=$blocks")
  name="i${items}-b${buffers}-m${blocks}"
  for f in $extra; do
    fields+=("$f")
    name+="-$(echo "${f#k}" | tr -c 'A-Za-z0-9\n' '_' | tr '[:upper:]' '[:lower:]')"
  done
  names+=("$name")
  prepare "$name" "${fields[@]}" &
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
  for rep in $(seq 1 "${REPEAT:-1}"); do
    $bin bench --algorithms decoupled-lookback --sizes "${SIZES:-2^16,2^20,2^24,2^28,2^30}" \
      --dtype "${BENCH_DTYPE:-int32}" --json /tmp/shape-$name-$rep.json >>"$log" 2>&1
    ratios=$(python3 - /tmp/shape-$name-$rep.json <<'EOF2'
import json, sys
rows = json.load(open(sys.argv[1]))["results"]
out = []
for r in rows:
    if r["subject"] == "decoupled-lookback" and r["n"] in (2**16, 2**20, 2**24, 2**28, 2**30):
        out.append("%s2^%d %.3fc %.2fC" % ("f" if r["dtype"] == "float32" else "",
                                           r["n"].bit_length() - 1, r["x_copy"], r["x_cub"]))
print(" ".join(out))
EOF2
)
    echo "$ratios" >>"$log"
    summary+=("$name: $verdict | $ratios")
  done
done
echo "=== lookback shapes ($(nvidia-smi --query-gpu=name --format=csv,noheader), $(date -u +%FT%H:%MZ))"
printf '%s\n' "${summary[@]}"
