#!/usr/bin/env bash
# On a GPU machine (the `device` tool): build the CLI without the GUI and run every application
# of `scanviz apply` on the GPU and on the emulator, its default input and a larger one, and
# compare the answers and the traces of every scan (all but the backend, device, time unit, block
# times and warp clocks, which differ by nature). Prints one line per case and a summary.
# Usage: tools/apply-gpu-check.sh [--cpu-only]   (logs and traces in $OUT, or ./gpu-out)
#   --cpu-only: no GPU; runs only the emulator half (every case must run and answer), with the
#               binary $SCANVIZ_BIN when set (else it builds as on the device).
set -uo pipefail
cd "$(dirname "$0")/.."
source tools/gpu-common.sh
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | tee "$OUT/device.txt"
cpu_only=0
[ "${1:-}" = --cpu-only ] && cpu_only=1
if [ -n "${SCANVIZ_BIN:-}" ]; then
  bin=$SCANVIZ_BIN
else
  build_gpu scanviz
  echo "build ok ($build_seconds s)"
  bin=$build/app/scanviz
fi
backends=(cuda cpu)
[ $cpu_only = 1 ] && backends=(cpu)
large=$(python3 -c "print(','.join(str((i * 7919) % 23) for i in range(5000)))")
failed=0
# The applications section of `scanviz list`: from its heading to the blank line that ends it
# (the spot-the-bug lessons follow; reading past the blank line ran `apply` on their ids).
apps=$($bin list | awk '/^Applications/ {on = 1; next} on && !NF {exit} on {print $1}')
echo "applications: $(echo $apps)"
for needed in quicksort-step spmv; do
  grep -qx -- "$needed" <<<"$apps" || { echo "MISSING application $needed"; failed=1; }
done
for app in $apps; do
  inputs=(default large)
  [ $app = quicksort-step ] && inputs+=(segments)
  for input in "${inputs[@]}"; do
    extra=()
    [ $input = large ] && extra=(--input "$large")
    # Three segments given by their lengths (`--segments`), the seed's keys.
    [ $input = segments ] && extra=(--segments 5,4,3)
    [ $app = sandwich ] && [ $input = large ] && extra+=(--length 60000)
    [ $app = polynomial ] && [ $input = large ] && extra+=(--x 1)
    # The segmented applications' large inputs: segments of 37 keys; 1000 rows of 5 nonzeros.
    [ $app = quicksort-step ] && [ $input = large ] &&
      extra+=(--flags "$(python3 -c "print(','.join('1' if i % 37 == 0 else '0' for i in range(5000)))")")
    [ $app = spmv ] && [ $input = large ] &&
      extra+=(--row-lengths "$(python3 -c "print(','.join(['5'] * 1000))")"
        --columns "$(python3 -c "print(','.join(str(i % 23) for i in range(5000)))")"
        --vector "$(python3 -c "print(','.join(str(i % 7 - 3) for i in range(23)))")")
    # How many scans the application runs; a run that fails is named with its message.
    if ! $bin apply $app "${extra[@]}" --backend cpu --json >"$OUT/$app-$input.answer.json" \
      2>"$OUT/$app-$input.err"; then
      echo "$app-$input: apply failed: $(tail -1 "$OUT/$app-$input.err")"
      failed=1
      continue
    fi
    scans=$(python3 -c "import json,sys; print(len(json.load(open(sys.argv[1]))['scans']))" \
      "$OUT/$app-$input.answer.json")
    if [ $cpu_only = 1 ]; then
      printf '%-32s ran on the emulator: %s scans, result %s\n' "$app-$input" "$scans" \
        "$(python3 -c "import json,sys; r=json.load(open(sys.argv[1]))['result']; print(r[:6], '...' if len(r) > 6 else '')" "$OUT/$app-$input.answer.json")"
      continue
    fi
    for k in $(seq 1 "$scans"); do
      ran=1
      for b in "${backends[@]}"; do
        if ! $bin apply $app "${extra[@]}" --backend $b --scan $k --out "$OUT/$app-$input-$k-$b.json" \
          --json >"$OUT/$app-$input-$k-$b.answer.json" 2>"$OUT/$app-$input-$k-$b.err"; then
          echo "$app-$input-$k $b: apply failed: $(tail -1 "$OUT/$app-$input-$k-$b.err")"
          ran=0
        fi
      done
      [ $ran = 1 ] || { failed=1; continue; }
      python3 - "$OUT/$app-$input-$k" <<'PY' || failed=1
import json, sys
base = sys.argv[1]
ans = {b: json.load(open(f"{base}-{b}.answer.json")) for b in ("cuda", "cpu")}
tr = {b: json.load(open(f"{base}-{b}.json")) for b in ("cuda", "cpu")}
assert tr["cuda"]["meta"]["backend"] == "cuda", "the GPU run fell back to the emulator"
def strip(t):
    t["meta"] = {k: v for k, v in t["meta"].items() if k not in ("backend", "device", "time_unit")}
    t.pop("blocks", None)
    for s in t["steps"]:
        s.pop("warp_clock", None)
    return t
same_answer = ans["cuda"]["result"] == ans["cpu"]["result"]
same_trace = strip(tr["cuda"]) == strip(tr["cpu"])
print(f"{base.split('/')[-1]:<32} result {'equal' if same_answer else 'DIFFERS'}, "
      f"trace {'equal' if same_trace else 'DIFFERS'} ({len(tr['cpu']['steps'])} steps, {tr['cpu']['meta']['algorithm']})")
sys.exit(0 if same_answer and same_trace else 1)
PY
    done
  done
done
if [ $cpu_only = 1 ]; then
  echo "summary: $([ $failed = 0 ] && echo 'every application case ran on the emulator' || echo 'FAILURES above')"
else
  echo "summary: $([ $failed = 0 ] && echo 'every application: GPU answers and traces equal the emulator'"'"'s' || echo 'DIFFERENCES above')"
fi
exit $failed
