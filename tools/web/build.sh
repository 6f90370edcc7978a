#!/usr/bin/env bash
# Builds the page into DIR (default build-web): fetches Dear ImGui and giflib from Debian's source
# packages, configures with emcmake (the Emscripten toolchain; CMakeLists.txt turns CUDA, tests
# and packaging off), and links DIR/app/scanviz.html, .js and .wasm. Used by tools/dev.sh web and
# tools/dev.sh test.
set -euo pipefail
cd "$(dirname "$0")/../.."
dir=${1:-build-web}
command -v emcmake >/dev/null || {
  echo "tools/web/build.sh: emcmake is missing (apt-get install emscripten; tools/dev.sh installs it)" >&2
  exit 1
}
# Debian's emscripten runs its JavaScript optimizer with the machine's node, which must find
# Debian's node modules (acorn, terser) when it is not Debian's own node.
export NODE_PATH=${NODE_PATH:-/usr/share/nodejs}
started=$(date +%s)
tools/web/fetch-sources.sh "$dir/third_party"
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
# A unity build (CMake joins a library's sources into a few files) parses each header once per
# joined file instead of once per source; SCANVIZ_UNITY_BUILD=OFF compiles file by file.
emcmake cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DSCANVIZ_UNITY_BUILD="${SCANVIZ_UNITY_BUILD:-ON}" \
  -DCMAKE_CXX_FLAGS_RELEASE="-O2 -DNDEBUG" -DCMAKE_C_FLAGS_RELEASE="-O2 -DNDEBUG" \
  -DCMAKE_EXE_LINKER_FLAGS_RELEASE="-O2" "${launcher[@]}" >"$dir/configure.log" ||
  { cat "$dir/configure.log" >&2; exit 1; }
cmake --build "$dir" --parallel --target scanviz
echo "web build: $dir/app/scanviz.html in $(($(date +%s) - started)) s"
