#!/usr/bin/env bash
# Packs what the window needs on a GPU server into .gpu-gui/ (ignored by git) so that one device
# call can carry it with the tree under its 64 MiB limit: the Debian runtime packages unpacked
# without their docs as one .tar.xz (12 MB), and a stripped, xz-compressed scanviz binary built
# with CUDA and the GUI.
# Most of the packages' weight is libLLVM (117 MB, with libz3, libxml2 and ICU behind it), which
# Mesa's driver links for llvmpipe. The window draws little, so Mesa's softpipe, which needs no
# LLVM, is fast enough (tools/run-gui.sh sets GALLIUM_DRIVER=softpipe): libLLVM-15.so.1 is
# replaced by a stub that defines, under LLVM's symbol version, exactly what the driver imports
# from it, each function aborting with a message (so a use fails loudly) except
# LLVMIsMultithreaded, which the driver calls when it loads. libz3, libxml2 and ICU, needed by
# libLLVM alone, are dropped. ldd checks that the driver, Xvfb and scanviz find every library.
# Usage: tools/pack-gui-root.sh BUILD_DIR     (BUILD_DIR holds app/scanviz)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:?usage: tools/pack-gui-root.sh BUILD_DIR}
debs=$(mktemp -d) root=$(mktemp -d) stub=$(mktemp -d)
apt-get update -q >/dev/null
bash tools/fetch-gui-debs.sh "$debs"
for f in "$debs"/*.deb; do dpkg -x "$f" "$root"; done
rm -rf "$root"/usr/share/{doc,man,locale,lintian,bug,info}
lib=$root/usr/lib/x86_64-linux-gnu

# The stub: every symbol the driver takes from libLLVM, with its type and size there.
nm -D --undefined-only "$lib/dri/swrast_dri.so" |
  awk '$2 ~ /@LLVM_15$/ {sub(/@LLVM_15$/, "", $2); print $2}' | sort -u >"$stub/wanted"
nm -DS "$lib/libLLVM-15.so.1" |
  awk 'NR == FNR {want[$1] = 1; next}
       NF == 4 {name = $4; sub(/@@?LLVM_15$/, "", name); if (name in want) print $3, name, $2}' \
    "$stub/wanted" - | sort -u >"$stub/typed"
[ "$(wc -l <"$stub/typed")" -eq "$(wc -l <"$stub/wanted")" ] || {
  echo "some of the driver's LLVM symbols are not in libLLVM"
  exit 1
}
{
  echo '#include <stdio.h>'
  echo '#include <stdlib.h>'
  echo 'static void stubbed(const char* f) {'
  echo '  fprintf(stderr, "scanviz GUI root: %s called, but libLLVM is a stub here: use "'
  echo '          "GALLIUM_DRIVER=softpipe\n", f);'
  echo '  abort();'
  echo '}'
  echo 'int LLVMIsMultithreaded(void) { return 1; }'
  while read -r type name size; do
    [ "$name" = LLVMIsMultithreaded ] && continue
    case $type in
      [BDRV]) echo "const char $name[0x$size] = {0};" ;;
      *) echo "void $name(void) { stubbed(\"$name\"); }" ;;
    esac
  done <"$stub/typed"
} >"$stub/llvm.c"
echo 'LLVM_15 { global: *; };' >"$stub/llvm.map"
gcc -shared -fPIC -O1 -Wl,-soname,libLLVM-15.so.1 -Wl,--version-script="$stub/llvm.map" \
  -o "$lib/libLLVM-15.so.1" "$stub/llvm.c"
rm -f "$lib"/libz3.so.* "$lib"/libicu*.so.* "$lib"/libxml2.so.*

# Every library the driver, Xvfb and scanviz load must resolve inside the root (or the base
# system every GPU server has: libc, libstdc++, libm, libz, ...).
strip -o "$stub/scanviz" "$build/app/scanviz"
missing=$(for f in "$lib/dri/swrast_dri.so" "$root/usr/bin/Xvfb" "$stub/scanviz"; do
  LD_LIBRARY_PATH=$lib:$root/lib/x86_64-linux-gnu ldd "$f" | grep 'not found' || true
done)
[ -z "$missing" ] || {
  echo "libraries missing from the root:"
  echo "$missing"
  exit 1
}

mkdir -p .gpu-gui
tar -C "$root" -cf - . | xz -6 -T2 >.gpu-gui/guiroot.tar.xz
xz -6 -T2 -c "$stub/scanviz" >.gpu-gui/scanviz.xz
rm -rf "$debs" "$root" "$stub"
du -sh .gpu-gui/*
