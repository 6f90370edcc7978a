#!/usr/bin/env bash
# Sorts app/core and app/ui into folders by role (issue 13, item 7), as two commits on the current
# branch: the first holds the `git mv`s alone, so that history follows every file; the second
# rewrites every path that named a moved file (#include lines, CMake source lists, the docs and
# tools that name files) and adds a README.md with one line of purpose to each new folder.
#
#   tools/layout-move.sh            in a clean checkout: moves, rewrites, commits twice
#   tools/layout-move.sh --dry-run  prints the moves and every file no folder claims
#
# The table below names files by stem (trace -> trace.h, trace.cpp); a stem that is not there is
# skipped. A file directly in app/core or app/ui that no stem names is claimed by the first rule of
# NEW_FILE_RULES its stem matches (a new *_panel in app/ui goes to views); a file neither claims is
# listed, and the real run refuses to start (exit 2) until the table takes it, so that no file is
# left behind silently. docs/notes and docs/results are records of their day and keep the paths
# they had. Needs git, python3 and clang-format-14 (which only re-sorts the rewritten #include
# blocks).
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
import textwrap

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
                   "values, the result check, the spot-the-bug lessons and the seeds' errata, "
                   "quizzes and warp clocks.",
                   ["analysis", "errata", "lessons", "quiz", "quiz_session", "result_check",
                    "step_explainer", "step_metrics", "symbolic_values", "warp_clock"]),
        "layouts": ("The views' models without a GUI: heat map and viewport, colour map, block "
                    "timeline and its layout, plot arithmetic, the timing panel's history.",
                    ["block_timeline", "color_map", "heat_map", "heat_viewport", "plot_math",
                     "timeline_layout", "timing_history"]),
        "bench": ("Measuring and checking the scans at scale: `scanviz bench` (CPU and CUDA timings "
                  "against CUB and a copy, their report) and `scanviz verify`.",
                  ["bench_runner", "verification"]),
        "applications": ("The seeds' applications of scan (sandwich, line of sight, polynomial, "
                         "backward scan, compaction, radix sort): their problems and answers.", []),
        "backends": ("Where a capture runs: the CPU emulator, and the CUDA backend that runs the "
                     "kernels of kernels/launch for a request and reads their trace back.", []),
        "support": ("What every layer above uses: settings, files written whole or not at all, "
                    "signals, terminal progress, loops split over the cores, profiler ranges, "
                    "command help, the version.",
                    ["app_settings", "command_help", "enum_keys", "file_util", "interrupt",
                     "non_copyable", "output_file", "parallel_chunks", "profile_range",
                     "terminal_progress", "version"]),
    },
    "app/ui": {
        "shell": ("The window itself: the frame loop, the application state, commands and menus, the "
                  "platform window, fonts, theme, file dialogs, settings, the view registry and the "
                  "re-capture measurement.",
                  ["app", "app_main", "app_state", "command_line", "commands", "dropped_files",
                   "embedded_fonts", "file_dialog", "fonts", "frame_output", "layout", "menus",
                   "platform_window", "recapture_measure", "recent_menu", "save_session_flow",
                   "status_line", "theme", "ui_context", "view_registry", "view_states",
                   "window_options"]),
        "views": ("The panels and views of the window, each owning its state: the array and heat "
                  "views, Compare, the timeline, timing, code, counters, explanations, class mode, "
                  "applications.",
                  ["applications/application_panel", "array_view", "brent_panel", "center_view",
                   "class_mode", "class_mode_view", "code_panel", "compare_panel", "controls_panel", "counters_panel",
                   "embedded_sources", "explanation_panel", "figure_panel", "heat_view",
                   "kernel_source", "panels",
                   "spot_the_bug", "spot_the_bug_panel", "timeline_panel", "timing_panel",
                   "timing_state", "timing_view", "warp_clock_panel"]),
        "widgets": ("Pieces the views share: the playback bars and buttons, the plot widget, the "
                    "scene renderer, combo previews, help markers, modal popups, toolbar rows and "
                    "view styles.",
                    ["combo_preview", "compare_playback_bar", "help_marker", "modal_popup",
                     "playback_bar",
                     "playback_buttons", "plot/plot_widget", "scene_renderer", "toolbar_row",
                     "view_style"]),
        "gl": ("OpenGL for the window: shader programs, the heat renderer, offscreen targets and the "
               "guard that restores the GL state.", []),
        "export": ("The same scenes as files: PNG (offscreen GL), SVG, GIF, filmstrips, the Export "
                   "dialog and `scanviz export`.", []),
    },
}
# A new file directly in app/core or app/ui that no stem above names: the first rule its stem
# matches (a regular expression) gives its folder; without one the run stops and says so.
NEW_FILE_RULES = {
    "app/core": [(r"^(algorithm|step_kind|step_label)", "algorithms"),
                 (r"^(capture|input_|sample_|session)", "capture"),
                 (r"^trace", "trace"),
                 (r"^(playback|compare_)", "playback"),
                 (r"^(quiz|lesson|step_|analysis)", "lesson"),
                 (r"^(heat_|timeline_|plot_|color_)", "layouts"),
                 (r"^(bench|verif)", "bench")],
    "app/ui": [(r"(_panel|_view|_state)$", "views"),
               (r"(_bar|_buttons|_widget|_row|_preview|_marker)$", "widgets"),
               (r"(_menu|_flow|_dialog|_options)$", "shell")],
}
SOURCE_ENDINGS = (".h", ".cpp", ".cu", ".cuh")
# Where paths are rewritten: every tracked text file under these, but for the dated records.
REWRITE_ROOTS = ("app/", "kernels/", "tests/", "tools/", "docs/", "shaders/", "packaging/",
                 "python/", ".ci/", "README.md", "CMakeLists.txt")
# Dated records keep their paths; this script keeps the old names it moves from.
KEEP_AS_THEY_WERE = ("docs/notes/", "docs/results/", "tools/layout-move.sh")
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

def top_level_root(path):
    """The root of LAYOUT `path` lies directly in, or None."""
    for root in LAYOUT:
        if path.startswith(root + "/") and "/" not in path[len(root) + 1:]:
            return root
    return None


unclaimed = []
by_rule = []
for p in tracked:
    root = top_level_root(p)
    if root is None or not p.endswith(SOURCE_ENDINGS) or p in moves:
        continue
    stem = os.path.splitext(os.path.basename(p))[0]
    folder = next((f for rule, f in NEW_FILE_RULES.get(root, []) if re.search(rule, stem)), None)
    if folder is None:
        unclaimed.append(p)
    else:
        moves[p] = f"{root}/{folder}/{os.path.basename(p)}"
        by_rule.append(p)
for old, new in sorted(moves.items()):
    print(f"move {old} -> {new}" + ("  (by NEW_FILE_RULES)" if old in by_rule else ""))
print(f"{len(moves)} files to move, {len(by_rule)} of them by NEW_FILE_RULES, "
      f"{len(unclaimed)} claimed by no folder")
if unclaimed:
    print("claimed by no folder (add their stems to LAYOUT in tools/layout-move.sh): " +
          " ".join(unclaimed))
if DRY_RUN:
    sys.exit(0)
if unclaimed:
    print("layout-move: refusing to move while files are claimed by no folder (listed above); "
          "add them to LAYOUT and run again", file=sys.stderr)
    sys.exit(2)
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
    path; "${PROJECT_SOURCE_DIR}/app/core/trace.cpp" is the repository path after a slash. Not the
    head of a longer name either (trace.h of trace.hpp), but a full stop may end the sentence."""
    before = r"(?<![\w.-])" if after_slash else r"(?<![\w/.-])"
    return re.compile(before + re.escape(path) + r"(?!\w|\.\w)")


full = [(boundary(old, after_slash=True), new) for old, new in moves.items()]
# Folders the moves emptied, named as folders (in docs and comments): "app/ui/plot" ->
# "app/ui/widgets"; a path below one (app/ui/plot/x.h) names no moved file and stays.
emptied = {}
for old, new in moves.items():
    folder = os.path.dirname(old)
    if folder not in LAYOUT and not any(os.path.dirname(p) == folder for p in tracked_set - set(moves)):
        emptied[folder] = os.path.dirname(new)
prose = [(re.compile(r"(?<![\w/.-])" + re.escape(old) + r"(?!\w|\.\w|/\w)"), new)
         for old, new in emptied.items()]

changed = []
before = {}  # path -> its text before the rewrite
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
    for pattern, new in prose:
        new_text = pattern.sub(new, new_text)
    if new_text != text:
        with open(path, "w", encoding="utf-8") as f:
            f.write(new_text)
        changed.append(path)
        before[path] = text

# docs/architecture.md: the picture of the layers names the new folders, a section lists every
# folder with its purpose (from LAYOUT, the same words as the READMEs), and the tour's bare file
# names (**analysis.h**) become paths, since a bare name no longer says which folder.
ARCHITECTURE = "docs/architecture.md"
PICTURE = [
    ("""             the model: algorithms' catalog, capture, backends (CPU emulator, CUDA adapter),
             trace and its JSON, playback, analysis, bench, layouts and plot math; no GUI""",
     """             the model, no GUI: algorithms, capture, backends (CPU emulator, CUDA adapter),
             trace and its JSON, playback, lesson, layouts, bench, applications, support"""),
    ("""   list, capture, verify,               the window: ImGui panels and views, the scene
   analyze, bench                       renderer, GL (app/ui/gl), export (app/ui/export)""",
     """   list, capture, verify,               the window: shell (frame loop, menus), views,
   analyze, bench                       widgets (scene renderer, plot), gl, export"""),
    # The data flow, once its paths are rewritten.
    ("""                    Trace  (app/core/trace/trace.h; saved and read as JSON: app/core/trace/trace_json.h,
                       |    docs/trace-format.md)""",
     """                    Trace  (app/core/trace/trace.h; saved and read as JSON:
                       |    app/core/trace/trace_json.h, docs/trace-format.md)"""),
]
FOLDERS_BEGIN, FOLDERS_END = "<!-- folders -->", "<!-- /folders -->"
WIDTH = 100  # .clang-format's ColumnLimit, which the docs keep too


def folders_section():
    lines = ["## The folders", "",
             "app/core and app/ui are sorted by role, one folder each (its README.md says the "
             "same line):", "", FOLDERS_BEGIN]
    for root, folders in LAYOUT.items():
        for folder, (purpose, _) in folders.items():
            lines += textwrap.wrap(f"- `{root}/{folder}/`: {purpose}", WIDTH,
                                   subsequent_indent="  ", break_on_hyphens=False)
    lines += [FOLDERS_END, "", ""]
    return "\n".join(lines)


def rewrite_architecture_doc(text):
    for old, new in PICTURE:
        if old in text:
            text = text.replace(old, new)
        else:
            print(f"layout-move: {ARCHITECTURE}: the picture no longer reads as expected; "
                  f"update PICTURE in tools/layout-move.sh:\n{old}", file=sys.stderr)
    by_name = {}
    for new in moves.values():
        by_name.setdefault(os.path.basename(new), []).append(new)
    for name, news in by_name.items():
        if len(news) == 1:
            text = re.sub(r"(?<=\*\*)" + re.escape(name) + r"(?=\*\*)", news[0], text)
    if FOLDERS_BEGIN in text:
        start = text.index("## The folders")
        end = text.index(FOLDERS_END) + len(FOLDERS_END) + 1
        text = text[:start] + folders_section() + text[end:].lstrip("\n")
    elif "## The data flow" in text:
        text = text.replace("## The data flow", folders_section() + "## The data flow", 1)
    return text


if os.path.exists(ARCHITECTURE):
    with open(ARCHITECTURE, encoding="utf-8") as f:
        text = f.read()
    new_text = rewrite_architecture_doc(text)
    if new_text != text:
        with open(ARCHITECTURE, "w", encoding="utf-8") as f:
            f.write(new_text)
        if ARCHITECTURE not in changed:
            changed.append(ARCHITECTURE)
            before[ARCHITECTURE] = text


def changed_line_numbers(old, new):
    """1-based numbers of the lines that differ (the rewrites keep the line count)."""
    old_lines, new_lines = old.split("\n"), new.split("\n")
    if len(old_lines) != len(new_lines):
        return list(range(1, len(new_lines) + 1))
    return [i + 1 for i, (a, b) in enumerate(zip(old_lines, new_lines)) if a != b]


LIST_ITEM = re.compile(r"^\s*(\d+\.|[-*]) ")


def refill_long_paragraphs(text, touched):
    """Markdown paragraphs holding a rewritten line over WIDTH, filled again to WIDTH; code blocks,
    tables, headings and comments are left as they are."""
    lines = text.split("\n")
    out, paragraph, fenced = [], [], False

    def flush():
        if paragraph and any(len(lines[i]) > WIDTH and i + 1 in touched for i in paragraph):
            first = lines[paragraph[0]]
            lead = re.match(r"^\s*(\d+\.\s+|[-*]\s+)?", first).group(0)
            rest = (re.match(r"^\s*", lines[paragraph[1]]).group(0) if len(paragraph) > 1
                    else " " * len(lead))
            words = " ".join(lines[i].strip() for i in paragraph)[len(lead.strip()):].strip()
            out.extend(textwrap.wrap(words, WIDTH, initial_indent=lead, subsequent_indent=rest,
                                     break_long_words=False, break_on_hyphens=False))
        else:
            out.extend(lines[i] for i in paragraph)
        paragraph.clear()

    for i, line in enumerate(lines):
        if line.startswith("```"):
            flush()
            fenced = not fenced
            out.append(line)
        elif fenced or not line.strip() or line.lstrip().startswith(("|", "#", "<!--")):
            flush()
            out.append(line)
        else:
            if LIST_ITEM.match(line):
                flush()
            paragraph.append(i)
    flush()
    return "\n".join(out)


for path in changed:
    if path.endswith(".md"):
        with open(path, encoding="utf-8") as f:
            text = f.read()
        refilled = refill_long_paragraphs(text, set(changed_line_numbers(before[path], text)))
        if refilled != text:
            with open(path, "w", encoding="utf-8") as f:
                f.write(refilled)

# The rewritten lines formatted again (clang-format on those lines and the #include blocks only):
# includes sorted, comments that grew past the column limit wrapped.
for path in changed:
    if not path.endswith(SOURCE_ENDINGS):
        continue
    with open(path, encoding="utf-8") as f:
        text = f.read()
    numbers = set(changed_line_numbers(before[path], text))
    numbers |= {i + 1 for i, line in enumerate(text.split("\n")) if line.startswith("#include")}
    spans = [f"--lines={n}:{n}" for n in sorted(numbers)]
    if spans:
        subprocess.run(["clang-format-14", "-i", *spans, path], check=True)

for folder, purpose in sorted(readmes.items()):
    readme = f"{folder}/README.md"
    if not os.path.exists(readme):
        with open(readme, "w", encoding="utf-8") as f:
            f.write(f"# {folder}\n\n" + textwrap.fill(purpose, WIDTH, break_on_hyphens=False) +
                    "\n")
        git("add", readme)
git("add", "-u")
git("commit", "-q", "-m",
    "Layout, paths: every #include, CMake source list and doc that named a moved file names its new "
    "place, and each new folder says its purpose in a README.md (tools/layout-move.sh)")
print(f"rewrote {len(changed)} files; {len(moves)} files moved; two commits made")
PYTHON
