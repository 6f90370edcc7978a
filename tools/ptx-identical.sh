#!/usr/bin/env bash
# Is the device code of the production kernels what it was at a base revision? Generates the PTX
# of every translation unit that instantiates them (the scan's, the select's and the bench's), once
# from BASE and once from the work tree, with the nvcc command lines of the configured build, and
# compares them byte for byte. For a change that should not change the kernels (a refactor, a
# split of a header, moved comments): identical PTX means identical machine code, and no bench run
# is needed to show it.
#
# Usage: tools/ptx-identical.sh BASE [BUILD_DIR]      (BUILD_DIR: a configured build, default build)
# Needs nvcc, no GPU. Exit status 0 when every PTX file is identical, 1 when one differs.
#
# Two things are left out of the comparison, both unrelated to the code that runs:
#  - -lineinfo is dropped from the command lines: it adds .file/.loc directives (source file names
#    and line numbers), which change whenever code moves; it does not change the instructions.
#  - the header comment of each PTX file (the lines before `.version`: compiler build and version).
# The PTX is the compute_90 code every target of the build (sm_90 SASS, compute_90 PTX) comes from.
# Files are kept under $PTX_OUT (default /tmp/ptx-identical): base/*.ptx (reused while BASE is the
# same revision), tree/*.ptx.
set -euo pipefail

base=${1:?usage: tools/ptx-identical.sh BASE [BUILD_DIR]}
build=${2:-build}
root=$(git rev-parse --show-toplevel)
out=${PTX_OUT:-/tmp/ptx-identical}
units=(app/core/backends/cuda_single_pass.cu app/core/backends/cuda_select.cu
  app/core/bench/bench_cuda.cu)

rev=$(git -C "$root" rev-parse "$base^{commit}")
# Both sides compile from the same path, $out/src: nvcc names internal-linkage symbols after the
# source file's path. The base's PTX is kept between runs for the same revision.
if [[ $(cat "$out/base/REVISION" 2>/dev/null) != "$rev" ]]; then
  rm -rf "$out"
  mkdir -p "$out/base"
fi
rm -rf "$out/tree" "$out/src"
mkdir -p "$out/tree" "$out/src"

# The sources of one side into $out/src: the base's tree, or the work tree's files (tracked and
# untracked, not ignored).
checkout() {
  rm -rf "$out/src" && mkdir -p "$out/src"
  if [[ $1 == base ]]; then
    git -C "$root" archive "$rev" | tar -x -C "$out/src"
  else
    (cd "$root" && git ls-files -z --cached --others --exclude-standard |
      while IFS= read -r -d '' f; do [[ -f $f ]] && printf '%s\0' "$f"; done |
      tar --null -T - -c) |
      tar -x -C "$out/src"
  fi
}

# The build's nvcc command for a translation unit, without the launcher, dependency output and
# -lineinfo, compiling `src` under `dir` to PTX in `ptx`.
ptx_command() {
  local unit=$1 dir=$2 ptx=$3 line
  line=$(ninja -C "$root/$build" -t commands scanviz_core | grep nvcc | grep -- "-c $root/$unit " |
    head -1)
  [[ -n $line ]] || {
    echo "no nvcc command for $unit in $build" >&2
    exit 2
  }
  line=${line#ccache }
  line=$(sed -E -e 's/ -MD -MT [^ ]+ -MF [^ ]+//' -e 's/ -lineinfo//' \
    -e "s# -c $root/$unit -o [^ ]+# -ptx $dir/$unit -o $ptx#" -e "s#-I$root #-I$dir #" <<<"$line")
  echo "$line"
}

status=0
for side in base tree; do
  if [[ $side == base && -f $out/base/REVISION ]]; then continue; fi
  checkout $side
  for unit in "${units[@]}"; do
    name=$(basename "$unit" .cu)
    cmd=$(ptx_command "$unit" "$out/src" "$out/$side/$name.ptx")
    (cd "$root/$build" && eval "$cmd")
    sed -i '1,/^\.version/{/^\.version/!d}' "$out/$side/$name.ptx"
  done
  [[ $side == base ]] && echo "$rev" >"$out/base/REVISION"
done
for unit in "${units[@]}"; do
  name=$(basename "$unit" .cu)
  if cmp -s "$out/base/$name.ptx" "$out/tree/$name.ptx"; then
    echo "identical: $unit ($(wc -l <"$out/tree/$name.ptx") lines of PTX)"
  else
    echo "DIFFERS:   $unit (diff $out/base/$name.ptx $out/tree/$name.ptx)"
    # Which kernels and device functions differ, by mangled name.
    python3 - "$out/base/$name.ptx" "$out/tree/$name.ptx" <<'PY'
import re, sys
def bodies(path):
    found, name, lines = {}, None, []
    for line in open(path):
        m = re.match(r"^\.(?:visible|weak) \.(?:entry|func)\s.*?(\w+)\(", line)
        if m:
            name, lines = m.group(1), []
        if name:
            lines.append(line)
            if line.startswith("}"):
                found[name], name = "".join(lines), None
    return found
base, tree = bodies(sys.argv[1]), bodies(sys.argv[2])
for k in sorted(set(base) | set(tree)):
    if base.get(k) != tree.get(k):
        print("  " + ("only in base: " if k not in tree else "only in tree: " if k not in base else "differs: ") + k)
print("  (%d of %d functions identical)" % (sum(base.get(k) == tree.get(k) for k in base), len(base)))
PY
    status=1
  fi
done
exit $status
