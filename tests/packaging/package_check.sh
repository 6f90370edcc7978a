#!/usr/bin/env bash
# Builds the .deb from the built tree (cpack), unpacks it into a scratch root with dpkg -x (no
# root, no container), and checks the installed scanviz as a user would meet it: --version, a
# capture, its sample traces found under its own prefix, and the desktop files.
#   package_check.sh BUILD_DIR PROJECT_VERSION GUI(ON|OFF)
set -euo pipefail
build=$(cd "$1" && pwd)
version=$2
gui=$3
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

cpack --config "$build/CPackConfig.cmake" -B "$scratch/pkg" >"$scratch/cpack.log" 2>&1 ||
  { cat "$scratch/cpack.log" >&2; fail "cpack did not make the package"; }
deb=$(ls "$scratch"/pkg/scanviz_*.deb)
echo "package: $(basename "$deb") ($(du -h "$deb" | cut -f1))"

# Depends come from dpkg-shlibdeps: the Debian packages of the libraries the binary links.
depends=$(dpkg-deb -f "$deb" Depends)
echo "Depends: $depends"
case "$depends" in *libc6*) ;; *) fail "Depends lacks libc6: $depends" ;; esac
case "$depends" in *libstdc++6*) ;; *) fail "Depends lacks libstdc++6: $depends" ;; esac
if [ "$gui" = ON ]; then
  case "$depends" in *libglfw3*) ;; *) fail "Depends lacks libglfw3: $depends" ;; esac
fi
[ "$(dpkg-deb -f "$deb" Version)" = "$version" ] || fail "package version is not $version"

dpkg -x "$deb" "$scratch/root"
bin="$scratch/root/usr/bin/scanviz"
[ -x "$bin" ] || fail "no usr/bin/scanviz in the package"
cd "$scratch"  # no assets/ here: the binary must find its own

line=$("$bin" --version)
echo "$line"
case "$line" in "scanviz $version"*) ;; *) fail "--version says '$line'" ;; esac

"$bin" capture --algorithm brent-kung --input 3,1,7,0,4,1,6,3 --backend cpu --out "$scratch/bk.json"
python3 - "$scratch/bk.json" "$version" <<'PY'
import json, sys
trace = json.load(open(sys.argv[1]))
assert trace["output"] == [3, 4, 11, 11, 15, 16, 22, 25], trace["output"]
assert trace["meta"]["scanviz_version"].startswith(sys.argv[2]), trace["meta"]
PY

traces=$("$bin" list --traces)
first=${traces%%$'\n'*}
case "$first" in "$scratch/root/usr/share/scanviz/assets/traces/"*.json) ;;
  *) fail "sample traces not found under the prefix: '$first'" ;; esac
echo "sample traces: $(echo "$traces" | wc -l) under usr/share/scanviz/assets/traces"

share="$scratch/root/usr/share"
for f in bash-completion/completions/scanviz doc/scanviz/copyright doc/scanviz/README.md \
  man/man1/scanviz.1.gz; do
  [ -s "$share/$f" ] || fail "no $f in the package"
done
if [ "$gui" = ON ]; then
  for f in applications/scanviz.desktop mime/packages/scanviz.xml icons/hicolor/scalable/apps/scanviz.svg; do
    [ -s "$share/$f" ] || fail "no $f in the package"
  done
  for size in 16 24 32 48 64 128 256; do
    python3 - "$share/icons/hicolor/${size}x${size}/apps/scanviz.png" "$size" <<'PY'
import struct, sys
data = open(sys.argv[1], "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
w, h = struct.unpack(">II", data[16:24])
assert (w, h) == (int(sys.argv[2]),) * 2, (w, h)
PY
  done
  python3 -c "import sys, xml.etree.ElementTree as t; t.parse(sys.argv[1])" "$share/mime/packages/scanviz.xml"
  grep -q '^Exec=scanviz %f$' "$share/applications/scanviz.desktop" || fail ".desktop Exec"
  grep -q '^StartupWMClass=scanviz$' "$share/applications/scanviz.desktop" || fail ".desktop WM class"
  # Where shared-mime-info and gio are installed: the file types are recognised by content.
  if command -v update-mime-database >/dev/null && command -v gio >/dev/null; then
    mkdir -p "$scratch/xdg/mime/packages"
    cp "$share/mime/packages/scanviz.xml" "$scratch/xdg/mime/packages/"
    update-mime-database "$scratch/xdg/mime" 2>/dev/null
    echo '{"config":{"algorithm":"blelloch"},"kind":"scanviz-session","step":2,"version":1}' \
      >"$scratch/lesson.json"
    type_of() { XDG_DATA_DIRS="$scratch/xdg:/usr/share" gio info -a standard::content-type "$1" |
      sed -n 's/.*content-type: //p'; }
    [ "$(type_of "$scratch/bk.json")" = application/x-scanviz-trace ] || fail "trace MIME type"
    [ "$(type_of "$first")" = application/x-scanviz-trace ] || fail "sample trace MIME type"
    [ "$(type_of "$scratch/lesson.json")" = application/x-scanviz-session ] || fail "session MIME type"
    echo "MIME types: traces and sessions recognised"
  fi
fi
bash -n "$share/bash-completion/completions/scanviz" || fail "bash completion is not valid bash"
# Decompressed once into a variable: `zcat | grep -q` under pipefail fails at random when grep
# exits on its first match and zcat is still writing (SIGPIPE), which is how CI once failed here.
manpage=$(zcat "$share/man/man1/scanviz.1.gz")
grep -q '^\.TH SCANVIZ "1"' <<<"$manpage" || fail "man page header"
grep -q 'capture' <<<"$manpage" || fail "man page lacks the commands"
echo "ok: the package installs and runs from $scratch/root"
