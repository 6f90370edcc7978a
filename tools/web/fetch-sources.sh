#!/usr/bin/env bash
# Fetches the C/C++ sources the page compiles that Debian ships only as binaries for the desktop:
# Dear ImGui 1.86 (libimgui-dev has libimgui.a, not its .cpp files) and giflib (libgif-dev).
# They come from Debian's own source packages through `apt-get source`, with a private sources
# list and lists folder under DIR (the machine's apt configuration is not touched), at the
# versions of the installed -dev packages; each tarball's SHA-256 is checked against the .dsc
# (from the signed index) and Debian's patches are applied. Nothing third-party is committed.
#   tools/web/fetch-sources.sh DIR   leaves DIR/imgui-1.86 and DIR/giflib-5.2.1
set -euo pipefail
dir=${1:?usage: tools/web/fetch-sources.sh DIR}
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
# source package, the binary package whose version it must have (the desktop build's), folder
# inside the orig tarball
sources=("imgui libimgui-dev imgui-1.86" "giflib libgif-dev giflib-5.2.1")

fail() {
  echo "tools/web/fetch-sources.sh: $*" >&2
  exit 1
}
command -v apt-get >/dev/null || fail "apt-get is missing: the web build takes Dear ImGui and giflib from Debian's source packages; on this system put imgui-1.86/ and giflib-5.2.1/ into $dir by hand"
command -v dpkg-source >/dev/null || fail "dpkg-source is missing (apt-get install dpkg-dev)"

apt_dir="$dir/apt"
mkdir -p "$apt_dir/sources.list.d" "$apt_dir/lists/partial" "$apt_dir/cache/archives/partial"
system_sources=/etc/apt/sources.list.d/debian.sources
[ -r "$system_sources" ] || fail "$system_sources is missing: cannot derive a deb-src entry for Debian's archive"
sed 's/^Types:.*/Types: deb-src/' "$system_sources" >"$apt_dir/sources.list.d/debian-src.sources"
apt_options=(-o "Dir::Etc::SourceList=/dev/null" -o "Dir::Etc::SourceParts=$apt_dir/sources.list.d"
  -o "Dir::State::Lists=$apt_dir/lists" -o "Dir::Cache=$apt_dir/cache" -o "Debug::NoLocking=1"
  -o "APT::Sandbox::User=$(id -un)")

have_all=1
for entry in "${sources[@]}"; do
  read -r _ _ folder <<<"$entry"
  [ -d "$dir/$folder" ] || have_all=0
done
[ "$have_all" = 1 ] && exit 0

if ! ls "$apt_dir"/lists/*Sources* >/dev/null 2>&1; then
  apt-get "${apt_options[@]}" -q update >"$apt_dir/update.log" 2>&1 ||
    fail "apt-get update of Debian's source index failed (no network?); see $apt_dir/update.log"
fi
for entry in "${sources[@]}"; do
  read -r package binary folder <<<"$entry"
  [ -d "$dir/$folder" ] && continue
  version=$(dpkg-query -W -f='${source:Version}' "$binary" 2>/dev/null) ||
    fail "$binary is not installed: its version picks the source package (tools/dev.sh installs it)"
  (cd "$dir" && apt-get "${apt_options[@]}" -q source --download-only "$package=$version" \
    >"$apt_dir/$package.log" 2>&1) ||
    fail "apt-get source $package=$version failed (apt-get source unavailable here?); see $apt_dir/$package.log"
  dsc="$dir/${package}_${version#*:}.dsc"
  [ -r "$dsc" ] || fail "$dsc was not downloaded"
  # The .dsc's Checksums-Sha256 lines: "sha256 size name"; the orig tarball must match.
  orig=$(awk '/^Checksums-Sha256:/ {on = 1; next} /^[^ ]/ {on = 0} on && $3 ~ /orig\.tar/ {print $3}' "$dsc")
  want=$(awk -v f="$orig" '/^Checksums-Sha256:/ {on = 1; next} /^[^ ]/ {on = 0} on && $3 == f {print $1}' "$dsc")
  [ -n "$orig" ] && [ -n "$want" ] || fail "$dsc names no orig tarball with a SHA-256"
  got=$(sha256sum "$dir/$orig" | cut -d' ' -f1)
  [ "$got" = "$want" ] || fail "$orig: SHA-256 $got, but $dsc says $want"
  # dpkg-source checks every file against the .dsc again and applies Debian's patches (giflib's
  # security fixes among them).
  dpkg-source -x "$dsc" "$dir/$folder" >>"$apt_dir/$package.log" 2>&1 ||
    fail "dpkg-source -x $dsc failed; see $apt_dir/$package.log"
  echo "fetched $folder from Debian's source package $package $version (SHA-256 checked)"
done
