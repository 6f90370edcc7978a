#!/usr/bin/env bash
# Packs what the window needs on a GPU server into .gpu-gui/ (ignored by git) so that one device
# call can carry it under its 64 MiB limit: the Debian runtime packages unpacked without their
# docs as one .tar.xz, and a stripped, xz-compressed scanviz binary built with CUDA and the GUI.
# Usage: tools/pack-gui-root.sh BUILD_DIR     (BUILD_DIR holds app/scanviz)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:?usage: tools/pack-gui-root.sh BUILD_DIR}
debs=$(mktemp -d) root=$(mktemp -d)
apt-get update -q >/dev/null
bash tools/fetch-gui-debs.sh "$debs"
for f in "$debs"/*.deb; do dpkg -x "$f" "$root"; done
rm -rf "$root"/usr/share/{doc,man,locale,lintian,bug,info}
mkdir -p .gpu-gui
tar -C "$root" -cJf .gpu-gui/guiroot.tar.xz .
strip -o "$root/scanviz" "$build/app/scanviz"
xz -9 -c "$root/scanviz" >.gpu-gui/scanviz.xz
rm -rf "$debs" "$root"
du -sh .gpu-gui/*
