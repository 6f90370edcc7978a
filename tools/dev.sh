#!/usr/bin/env bash
# The README's quick start. Installs what a fresh Debian machine lacks, builds, then either opens
# the app on the default lesson (`app`) or runs every test suite (`test`).
#   tools/dev.sh app    build and open the window (under Xvfb with a screenshot if no display)
#   tools/dev.sh test   build and run unit, gpu (skipped without a GPU) and ui tests, then the unit
#                       and fuzz tests again built with AddressSanitizer and UBSan (build-asan/)
#   tools/dev.sh web    build the page (build-web/app/scanviz.html, .js, .wasm) with Debian's
#                       emscripten; tools/web/serve.sh serves it (docs/web.md)
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-app}
case "$mode" in app | test | web) ;; *) echo "usage: tools/dev.sh app|test|web" >&2; exit 2 ;; esac

packages=(cmake ninja-build g++ pkg-config git
  nlohmann-json3-dev libgtest-dev
  libimgui-dev libglfw3-dev python3-glad libstb-dev libgif-dev libcairo2-dev poppler-utils
  libgl1-mesa-dev libgl1-mesa-dri xvfb xauth x11-utils
  fonts-inter fonts-dejavu-core librsvg2-bin python3-matplotlib help2man dpkg-dev python3-jsonschema
  lintian appstream emscripten chromium libclang-dev)
missing=()
for p in "${packages[@]}"; do
  [ "$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null)" = "install ok installed" ] || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}"
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo=sudo
  $sudo apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

# The page: Debian's emscripten (em++ 3.1.6, clang 14), Dear ImGui and giflib from Debian's
# source packages (tools/web/fetch-sources.sh), no CUDA. tools/web/build.sh does it all.
web=${SCANVIZ_WEB_BUILD_DIR:-build-web}
if [ "$mode" = web ]; then
  exec tools/web/build.sh "$web"
fi

# Each phase says how long it took: CI keeps the whole test run within 40 minutes on 2 cores.
phase_started=$(date +%s)
phase_done() {
  echo "== $1: $(($(date +%s) - phase_started)) s"
  phase_started=$(date +%s)
}

build=${SCANVIZ_BUILD_DIR:-build}
# A unity build (CMake joins a library's C++ sources into a few files; CUDA's stay apart) parses
# each header once per joined file instead of once per source: a fresh clone builds sooner.
# SCANVIZ_UNITY_BUILD=OFF compiles file by file, for editing.
unity=${SCANVIZ_UNITY_BUILD:-ON}
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSCANVIZ_UNITY_BUILD="$unity" \
  -DSCANVIZ_WEB_PAGE_DIR="$(realpath -m "$web")/app"
cmake --build "$build" --parallel
phase_done "build ($build)"

if [ "$mode" = test ]; then
  status=0
  # The page too, so that a change that breaks the web build fails here; ctest's label `web`
  # compares it with the window just built.
  tools/web/build.sh "$web" || status=1
  phase_done "web build ($web)"
  # Every case has its own work folder and X display (xvfb-run -a), so they run side by side.
  jobs=$(nproc)
  ctest --test-dir "$build" --output-on-failure --timeout 900 --parallel "$jobs" || status=$?
  phase_done "tests ($build)"
  # The unit tests and the fuzz cases again, built with AddressSanitizer and UBSan (our targets
  # only, no window, no CUDA): a memory error or undefined behaviour fails the run.
  sanitized=${SCANVIZ_SANITIZE_BUILD_DIR:-build-asan}
  cmake -S . -B "$sanitized" -G Ninja -DCMAKE_BUILD_TYPE=Debug -DSCANVIZ_SANITIZE=ON \
    -DSCANVIZ_GUI=OFF -DSCANVIZ_CUDA=OFF -DSCANVIZ_UNITY_BUILD="$unity"
  # (scanviz_student_tests: students' kernels, whose parser libclang-dev above provides.)
  cmake --build "$sanitized" --parallel --target scanviz_unit_tests scanviz_fuzz_tests \
    scanviz_listing_tests scanviz_student_tests scanviz
  ASAN_OPTIONS=halt_on_error=1:detect_leaks=1:abort_on_error=0 \
    UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
    ctest --test-dir "$sanitized" -L unit --output-on-failure --timeout 900 --parallel "$jobs" ||
    status=$((status | $?))
  phase_done "sanitizer build and tests ($sanitized)"
  exit "$status"
fi

if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
  exec "$build/app/scanviz"
fi
echo "no display: running the window under Xvfb and saving what it shows to $build/default-lesson.png"
xvfb-run -a -s "-screen 0 1600x1000x24" "$build/app/scanviz" --screenshot "$build/default-lesson.png"
echo "wrote $build/default-lesson.png"
