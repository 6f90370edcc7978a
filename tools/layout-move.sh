#!/usr/bin/env bash
# Sorts app/core and app/ui into folders by role (issue 13, item 7), as two commits on the current
# branch: the first holds the `git mv`s alone, so that history follows every file; the second
# rewrites every path that named a moved file (#include lines, CMake source lists, the docs and
# tools that name files) and adds a README.md with one line of purpose to each new folder.
#
#   tools/layout-move.sh            in a clean checkout: moves, rewrites, commits twice
#   tools/layout-move.sh --dry-run  prints the moves and the files left where they are
#
# The table below names files by stem (trace -> trace.h, trace.cpp); a stem that is not there is
# skipped, and a file directly in app/core or app/ui that no folder claims stays in place and is
# listed at the end, so the table can take it before the next run. docs/notes and docs/results are
# records of their day and keep the paths they had. Needs git, python3 and clang-format-14 (which
# only re-sorts the rewritten #include blocks).
set -euo pipefail
cd "$(git rev-parse --show-toplevel)"
if [ "${1:-}" != "--dry-run" ] && [ -n "$(git status --porcelain --untracked-files=no)" ]; then
  echo "layout-move: the work tree has uncommitted changes; commit or stash them first" >&2
  exit 2
fi
exec python3 - "$@" <<'PYTHON'
import os
import re
import subprocess
import sys

DRY_RUN = "--dry-run" in sys.argv[1:]

# folder -> (its purpose, the stems it holds). Paths with a slash move a file of a subfolder.
LAYOUT = {
    "app/core": {
        "algorithms": ("The algorithms the app knows and what their steps are: the catalog, the step "
                       "kinds and their labels, the sequential reference, the names of operators and "
                       "dtypes, Brent's table.",
                       ["algorithm_catalog", "algorithm_kernels", "algorithm_list", "brent_table",
                        "reference_scan", "scan_options", "step_kinds", "step_labels"]),
        "capture": ("A request in, a trace out: capture options and input specs, the worker thread, "
                    "memory estimates, the shipped sample traces and sessions that reopen a lesson.",
                    ["capture", "capture_config", "capture_memory", "capture_option_table",
                     "capture_worker", "config_json", "input_spec", "sample_traces", "session",
                     "sibling_traces"]),
        "trace": ("The trace: its data, its JSON file (read v1-v3, write v3), validation, the "
                  "GPU-vs-CPU diff, block slices, the Chrome trace export and how values are written.",
                  ["block_slice", "chrome_trace", "trace", "trace_config", "trace_diff", "trace_json",
                   "trace_validation", "value_format"]),
        "playback": ("Stepping through a trace: the playback position, Compare's synchronised lanes, "
                     "which cells a step writes and what each thread is doing.",
                     ["compare_model", "compare_sync", "playback", "step_writes", "thread_states"]),
        "lesson": ("What a lesson says about a step: counters and metrics, the explanation, symbolic "
                   "values, the result check, the spot-the-bug lessons, quizzes and warp clocks.",
                   ["analysis", "lessons", "quiz", "result_check", "step_explainer", "step_metrics",
                    "symbolic_values", "warp_clock"]),
        "layouts": ("The views' models without a GUI: heat map and viewport, colour map, block "
                    "timeline and its layout, plot arithmetic, the timing panel's history.",
                    ["block_timeline", "color_map", "heat_map", "heat_viewport", "plot_math",
                     "timeline_layout", "timing_history"]),
        "bench": ("Measuring and checking the scans at scale: `scanviz bench` (CPU and CUDA timings "
                  "against CUB and a copy, their report) and `scanviz verify`.",
                  ["bench_runner", "verification"]),
        "applications": ("The seeds' applications of scan (sandwich, line of sight, polynomial, "
                         "backward scan, compaction, radix sort): their problems and answers.", []),
        "backends": ("Where a capture runs: the CPU emulator and the CUDA device, with the launch code "
                     "of the kernels.", []),
        "support": ("What every layer above uses: settings, files written whole or not at all, "
                    "signals, terminal progress, profiler ranges, command help, the version.",
                    ["app_settings", "command_help", "enum_keys", "file_util", "interrupt",
                     "non_copyable",
                     "output_file", "profile_range", "terminal_progress", "version"]),
    },
    "app/ui": {
        "shell": ("The window itself: the frame loop, the application state, commands and menus, the "
                  "platform window, fonts, theme, file dialogs, settings and the view registry.",
                  ["app", "app_main", "app_state", "command_line", "commands", "dropped_files",
                   "embedded_fonts", "file_dialog", "fonts", "frame_output", "layout", "menus",
                   "platform_window", "recent_menu", "save_session_flow", "status_line", "theme",
                   "ui_context", "view_registry", "view_states", "window_options"]),
        "views": ("The panels and views of the window, each owning its state: the array and heat "
                  "views, Compare, the timeline, timing, code, counters, explanations, applications.",
                  ["applications/application_panel", "array_view", "brent_panel", "center_view",
                   "code_panel", "compare_panel", "controls_panel", "counters_panel",
                   "embedded_sources", "explanation_panel", "figure_panel", "heat_view",
                   "kernel_source", "panels",
                   "spot_the_bug", "spot_the_bug_panel", "timeline_panel", "timing_panel",
                   "timing_state", "timing_view", "warp_clock_panel"]),
        "widgets": ("Pieces the views share: the playback bars and buttons, the plot widget, the "
                    "scene renderer, combo previews, help markers, toolbar rows and view styles.",
                    ["combo_preview", "compare_playback_bar", "help_marker", "playback_bar",
                     "playback_buttons", "plot/plot_widget", "scene_renderer", "toolbar_row",
                     "view_style"]),
        "gl": ("OpenGL for the window: shader programs, the heat renderer, offscreen targets and the "
               "guard that restores the GL state.", []),
        "export": ("The same scenes as files: PNG (offscreen GL), SVG, GIF, filmstrips, the Export "
                   "dialog and `scanviz export`.", []),
    },
}
SOURCE_ENDINGS = (".h", ".cpp", ".cu", ".cuh")
# Where paths are rewritten: every tracked text file under these, but for the dated records.
REWRITE_ROOTS = ("app/", "kernels/", "tests/", "tools/", "docs/", "shaders/", "packaging/",
                 "python/", ".ci/", "README.md", "CMakeLists.txt")
KEEP_AS_THEY_WERE = ("docs/notes/", "docs/results/")
TEXT_ENDINGS = (".h", ".cpp", ".cu", ".cuh", ".txt", ".cmake", ".py", ".sh", ".md", ".glsl",
                ".vert", ".frag", ".yml", ".yaml", ".in")


def git(*args, capture=True):
    return subprocess.run(["git", *args], check=True, text=True,
                          stdout=subprocess.PIPE if capture else None).stdout


tracked = git("ls-files").splitlines()
tracked_set = set(tracked)

moves = {}  # old path -> new path
readmes = {}  # new folder -> purpose
for root, folders in LAYOUT.items():
    for folder, (purpose, stems) in folders.items():
        if purpose:
            readmes[f"{root}/{folder}"] = purpose
        for stem in stems:
            for ending in SOURCE_ENDINGS:
                old = f"{root}/{stem}{ending}"
                if old in tracked_set:
                    moves[old] = f"{root}/{folder}/{os.path.basename(stem)}{ending}"

unclaimed = [p for p in tracked
             if any(p.startswith(root + "/") and "/" not in p[len(root) + 1:] for root in LAYOUT)
             and p.endswith(SOURCE_ENDINGS) and p not in moves]
for old, new in sorted(moves.items()):
    print(f"move {old} -> {new}")
if unclaimed:
    print("left in place (no folder in tools/layout-move.sh claims them): " + " ".join(unclaimed))
if DRY_RUN:
    sys.exit(0)
if not moves:
    sys.exit("layout-move: nothing to move (already sorted?)")

# Commit 1: the moves alone.
for old, new in sorted(moves.items()):
    os.makedirs(os.path.dirname(new), exist_ok=True)
    git("mv", old, new)
for folder in sorted({os.path.dirname(old) for old in moves}, reverse=True):
    if os.path.isdir(folder) and not os.listdir(folder):
        os.rmdir(folder)  # app/ui/plot, app/ui/applications: emptied by the moves
git("commit", "-q", "-m",
    "Layout, moves only: app/core into algorithms, capture, trace, playback, lesson, layouts, "
    "bench and support, app/ui into shell, views and widgets (gl and export as they were); "
    "the next commit rewrites the paths (tools/layout-move.sh)")

# Commit 2: every path that named a moved file, then the READMEs.
def boundary(path, after_slash=False):
    """`path` as a whole name: not the tail of a longer name, nor (unless after_slash) of a longer
    path; "${PROJECT_SOURCE_DIR}/app/core/trace.cpp" is the repository path after a slash."""
    before = r"(?<![\w.-])" if after_slash else r"(?<![\w/.-])"
    return re.compile(before + re.escape(path) + r"(?![\w.])")


full = [(boundary(old, after_slash=True), new) for old, new in moves.items()]
# Folders the moves emptied, named in prose (docs, READMEs): "app/ui/plot" -> "app/ui/widgets".
emptied = {}
for old, new in moves.items():
    folder = os.path.dirname(old)
    if folder not in LAYOUT and not any(os.path.dirname(p) == folder for p in tracked_set - set(moves)):
        emptied[folder] = os.path.dirname(new)
prose = [(re.compile(r"(?<![\w/.-])" + re.escape(old) + r"(?![\w.])"), new)
         for old, new in emptied.items()]

changed = []
for path in git("ls-files").splitlines():
    if not path.startswith(REWRITE_ROOTS) or path.startswith(KEEP_AS_THEY_WERE):
        continue
    if not (path.endswith(TEXT_ENDINGS) or os.path.basename(path) == "CMakeLists.txt"):
        continue
    with open(path, encoding="utf-8") as f:
        text = f.read()
    new_text = text
    for pattern, new in full:
        new_text = pattern.sub(new, new_text)
    if os.path.basename(path) == "CMakeLists.txt":
        # Source lists name files relative to their own folder: core/trace.cpp in app/, app.cpp in
        # app/ui/.
        here = os.path.dirname(path)
        for old, new in moves.items():
            if here and old.startswith(here + "/"):
                rel_old, rel_new = old[len(here) + 1:], new[len(here) + 1:]
                new_text = boundary(rel_old).sub(rel_new, new_text)
    if path.endswith(".md"):
        for pattern, new in prose:
            new_text = pattern.sub(new, new_text)
    if new_text != text:
        with open(path, "w", encoding="utf-8") as f:
            f.write(new_text)
        changed.append(path)

# The rewritten #include blocks sorted again (clang-format on those lines only).
for path in changed:
    if not path.endswith(SOURCE_ENDINGS):
        continue
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    spans = [f"--lines={i + 1}:{i + 1}" for i, line in enumerate(lines) if line.startswith("#include")]
    if spans:
        subprocess.run(["clang-format-14", "-i", *spans, path], check=True)

for folder, purpose in sorted(readmes.items()):
    readme = f"{folder}/README.md"
    if not os.path.exists(readme):
        with open(readme, "w", encoding="utf-8") as f:
            f.write(f"# {folder}\n\n{purpose}\n")
        git("add", readme)
git("add", "-u")
git("commit", "-q", "-m",
    "Layout, paths: every #include, CMake source list and doc that named a moved file names its new "
    "place, and each new folder says its purpose in a README.md (tools/layout-move.sh)")
print(f"rewrote {len(changed)} files; {len(moves)} files moved; two commits made")
PYTHON
