# Sourced (never run) by the scripts of one device call: gpu-check.sh, select-gpu-check.sh and
# apply-gpu-check.sh. What they share is written once here: the log folder, the steps asked for,
# the progress and summary lines, the device's identity and the GUI-less Release build.
# The caller sets `steps` (its arguments, or "all") before calling want.

OUT=${OUT:-$PWD/gpu-out}
mkdir -p "$OUT"
build=build-gpu
summary=()

want() { [[ " $steps " == *" all "* || " $steps " == *" $1 "* ]]; }

# One line of the summary printed last, and a progress line now (in case the call runs out of time).
note() {
  summary+=("$(printf '%-30s %s' "$1" "$2")")
  echo "$(date -u +%H:%M:%S) $1: $2"
}

print_summary() {
  echo
  echo "=== $1 ($(head -2 "$OUT/device.txt" | tr '\n' ' '))"
  printf '%s\n' "${summary[@]}"
}

# The date, GPU, driver and compiler of this run, in $OUT/device.txt and on stdout.
record_device() {
  {
    date -u +"date %Y-%m-%dT%H:%MZ"
    nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader
    nvcc --version | tail -2
  } >"$OUT/device.txt" 2>&1
  cat "$OUT/device.txt"
}

# build_gpu [TARGET...]: configures and builds $build without the GUI (every target when none is
# named); on failure prints the log's tail and exits 1. Sets build_seconds.
build_gpu() {
  local t0 targets=()
  t0=$(date +%s)
  [ $# -gt 0 ] && targets=(--target "$@")
  if ! { cmake -S . -B $build -G Ninja -DSCANVIZ_GUI=OFF -DCMAKE_BUILD_TYPE=Release \
    >"$OUT/build.log" 2>&1 && cmake --build $build --parallel 16 "${targets[@]}" >>"$OUT/build.log" 2>&1; }; then
    tail -40 "$OUT/build.log"
    echo "BUILD FAILED"
    exit 1
  fi
  build_seconds=$(($(date +%s) - t0))
}
