#!/usr/bin/env bash
# One device call for issue 19 item 5: the real window (tools/run-gui.sh: Xvfb and Mesa draw on
# the CPU, CUDA captures on the GPU) re-capturing with --measure-recapture 9, which changes the
# operator, the block size and N in turn and times each change until the first frame that shows it
# whole: 2^20 grid traces (decoupled look-back on CUDA and on the CPU emulator, hierarchical at
# block 1024 on CUDA) and a 4096-element block trace. Needs .gpu-gui/ made beforehand on a machine
# with nvcc and package access: tools/pack-gui-root.sh build (guiroot.tar.xz, scanviz.xz).
# Optional: .gpu-gui/select_shapes (nvcc build of tools/select_shapes.cu) is run too, with its
# checks under compute-sanitizer. Logs in $OUT (at most 8 files come back); medians last.
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-$PWD/gpu-out}
mkdir -p "$OUT"
{
  date -u +"%Y-%m-%dT%H:%MZ"
  nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
  echo "$(nproc) CPU cores"
} >"$OUT/device.txt"
xz -dc .gpu-gui/scanviz.xz >/tmp/scanviz && chmod +x /tmp/scanviz
# The window draws on the GPU: libglvnd's GLX loads the driver's libGLX_nvidia against Xvfb (the
# device tool's README; GLX_VENDOR=mesa draws with softpipe on the CPU instead, as run-gui.sh
# alone does: about 300 ms a frame there, too slow to time a redraw).
export __GLX_VENDOR_LIBRARY_NAME=${GLX_VENDOR:-nvidia}
nvidiaGlx=$(find /usr /lib -name 'libGLX_nvidia.so.0' 2>/dev/null | head -1)
[ -n "$nvidiaGlx" ] && export LD_LIBRARY_PATH=$(dirname "$nvidiaGlx")${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
echo "GLX vendor $__GLX_VENDOR_LIBRARY_NAME (${nvidiaGlx:-no libGLX_nvidia found})" >>"$OUT/device.txt"
measure() {  # measure NAME ARGS...: one window, its report in $OUT/NAME.txt
  local name=$1
  shift
  timeout -k 5 90 bash tools/run-gui.sh .gpu-gui/guiroot.tar.xz -- /tmp/scanviz --size 1600x1000 \
    "$@" --frame-times 20 --measure-recapture 9 >"$OUT/$name.txt" 2>&1
  echo "$name: exit $?" >>"$OUT/device.txt"
}
if [ -z "${SHAPES_ONLY:-}" ]; then  # SHAPES_ONLY=1: only select_shapes below
  measure grid-dl-cuda --algorithm decoupled-lookback --n 1048576 --backend cuda
  measure grid-dl-cpu --algorithm decoupled-lookback --n 1048576 --backend cpu
  measure grid-hier-cuda --algorithm hierarchical --n 1048576 --block-size 1024 --backend cuda
  measure block-ks-cuda --algorithm kogge-stone --n 4096 --backend cuda
fi
if [ -x .gpu-gui/select_shapes ]; then
  timeout 150 .gpu-gui/select_shapes --logs 24,26,28 >"$OUT/select-shapes.txt" 2>&1
  echo "select_shapes: exit $?" >>"$OUT/device.txt"
  for tool in memcheck racecheck synccheck; do
    timeout 60 compute-sanitizer --tool $tool --error-exitcode 99 .gpu-gui/select_shapes \
      --check-only 1 --logs 12,17 >"/tmp/sanitizer-$tool.txt" 2>&1
    echo "compute-sanitizer $tool over every shape: exit $? $(grep -cE 'DIFFERS' /tmp/sanitizer-$tool.txt) differing," \
      "$(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' /tmp/sanitizer-$tool.txt | tail -1)" >>"$OUT/device.txt"
  done
fi
cat "$OUT/device.txt"
grep -h "median\|re-capture\|frame times" "$OUT"/grid-*.txt "$OUT"/block-*.txt 2>/dev/null
[ -f "$OUT/select-shapes.txt" ] && cat "$OUT/select-shapes.txt"
