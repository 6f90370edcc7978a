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
  for f in applications/scanviz.desktop mime/packages/scanviz.xml icons/hicolor/scalable/apps/scanviz.svg \
    metainfo/io.github.scanviz.metainfo.xml scanviz/screenshots/scanviz.png; do
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

# The installed documentation has no dead link: every relative link of README.md and docs/*.md
# names a file of the installed tree.
python3 - "$share/doc/scanviz" <<'PY'
import os, re, sys
root, dead, count = sys.argv[1], [], 0
for folder, _, names in os.walk(root):
    for name in names:
        if not name.endswith(".md"):
            continue
        path = os.path.join(folder, name)
        for target in re.findall(r"\]\(([^)\s]+)\)", open(path, encoding="utf-8").read()):
            if re.match(r"(https?:|mailto:|#)", target):
                continue
            count += 1
            if not os.path.exists(os.path.join(folder, target.split("#")[0])):
                dead.append(f"{os.path.relpath(path, root)}: {target}")
assert os.path.isfile(os.path.join(root, "README.md")), "no README.md"
assert not dead, f"{len(dead)} dead links: " + "; ".join(dead[:10])
print(f"documentation: {count} relative links, none dead")
PY

# The trace schema and the Python reader, a package that reads the capture made above.
[ -s "$share/scanviz/trace.schema.json" ] || fail "no usr/share/scanviz/trace.schema.json"
[ -s "$share/scanviz/python/pyproject.toml" ] || fail "no pyproject.toml of the Python reader"
PYTHONPATH="$share/scanviz/python" python3 -c "import sys, scanviz_trace as st; \
  t = st.load_trace(sys.argv[1]); assert t.output[-1] == 25, t.output" "$scratch/bk.json" ||
  fail "the installed Python reader does not read a trace"
[ "$(dpkg-deb -f "$deb" Maintainer)" != "" ] || fail "no Maintainer"
zcat "$share/doc/scanviz/changelog.gz" | head -1 | grep -q "^scanviz ($version)" ||
  fail "the changelog's first entry is not version $version"

# lintian: no error and no warning. Tags that do not apply to a package made by CPack from a
# CMake tree (there is no Debian source package) are listed with the reason.
if command -v lintian >/dev/null; then
  not_applicable=(
    # no source package, so no debian/ folder, no .dsc and no upload to a Debian suite
    no-source-field
  )
  report=$(lintian --no-tag-display-limit --suppress-tags "$(IFS=,; echo "${not_applicable[*]}")" \
    "$deb" 2>&1 || true)
  echo "$report" | sed 's/^/lintian: /'
  if grep -qE '^[EW]: ' <<<"$report"; then fail "lintian reports errors or warnings"; fi
  echo "lintian: no errors, no warnings"
else
  echo "lintian not installed (tools/dev.sh installs it): skipped"
fi
# Decompressed once into a variable: `zcat | grep -q` under pipefail fails at random when grep
# exits on its first match and zcat is still writing (SIGPIPE), which is how CI once failed here.
manpage=$(zcat "$share/man/man1/scanviz.1.gz")
grep -q '^\.TH SCANVIZ "1"' <<<"$manpage" || fail "man page header"
grep -q 'capture' <<<"$manpage" || fail "man page lacks the commands"
echo "ok: the package installs and runs from $scratch/root"
