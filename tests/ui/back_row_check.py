#!/usr/bin/env python3
"""Presentation mode read from the back row (CTest label `ui`): at 1920x1080 every text of a view
that carries content (values, labels, legends, titles: the scenes' texts in the frame report) is
at least 28 px, the widgets' smallest font (the playback and status bars, tables: kSmallSize at
the window's pixel scale) too, and the view's picture spans at least 80% of the screen's width or
height. One case per kind of view; the kinds not yet there are listed in NOT_YET with why.

    xvfb-run -a -s "-screen 0 1920x1080x24" env LIBGL_ALWAYS_SOFTWARE=1 \\
        python3 back_row_check.py --binary build/app/scanviz --work /tmp/ui lesson_n8
"""

import os
import shutil
import sys

from ui_check import cases_of, check, context_for, run_cases

HERE = os.path.dirname(os.path.abspath(__file__))
TRACES = os.path.join(os.path.dirname(os.path.dirname(HERE)), "assets", "traces")
PMPP = "3,1,7,0,4,1,6,3"
SCREEN = (1920, 1080)
BACK_ROW_PX = 28.0
SMALL_FONT = 15  # kSmallSize, app/export/text_sizes.h: the widgets' smallest text at scale 1

# Kinds of view that are not yet legible from the back row, and why (issue 34 keeps them open).
NOT_YET = {
    "spot the bug, the longest lessons": "the race, static block ids, the unguarded store and read, "
    "the down-sweep's bound: the runs, the code and why at 28 px are 2-250 px taller than the 869 px "
    "under the controls, so the view scrolls (the focus window and the code are legible)",
}


def smallest_texts(run):
    texts = [dict(t, where="view") for t in run.scene["texts"]]
    for name, panel in run.dump["panels"].items():
        if isinstance(panel, dict) and isinstance(panel.get("scene"), dict):
            texts += [dict(t, where=name) for t in panel["scene"].get("texts", [])]
    return sorted(texts, key=lambda t: t["size"])


def picture_share(run):
    """The share of the screen's width and height that the view's widest and tallest scene spans."""
    scenes = [run.scene] + [p["scene"] for p in run.dump["panels"].values()
                            if isinstance(p, dict) and isinstance(p.get("scene"), dict)]
    return (max(s.get("width", 0) for s in scenes) / SCREEN[0],
            max(s.get("height", 0) for s in scenes) / SCREEN[1])


def legible(ctx, *args, keys=""):
    shutil.rmtree(ctx.path("config"), ignore_errors=True)  # no view saved by an earlier case
    extra = ["--keys", keys] if keys else []
    r = ctx.run("--presentation", *args, *extra, size=f"{SCREEN[0]}x{SCREEN[1]}")
    check(r.dump["window"] == list(SCREEN), f"window {r.dump['window']}")
    widgets = SMALL_FONT * r.dump["pixel_scale"]
    check(widgets >= BACK_ROW_PX - 0.5, f"the widgets' smallest text is {widgets:.1f} px")
    texts = smallest_texts(r)
    check(texts, "no scene text in the frame report")
    small = [t for t in texts if t["size"] < BACK_ROW_PX - 0.5]
    check(not small, "texts under 28 px: " + "; ".join(
        f"{t['where']}:{t['role']} '{t['text'][:30]}' {t['size']:.1f} px" for t in small[:5]))
    wide, tall = picture_share(r)
    check(max(wide, tall) >= 0.8, f"the picture spans {wide:.0%} of the width, {tall:.0%} of the height")
    return r


def case_figure_follows_the_step(ctx):
    """Brent-Kung's trees at N = 16 are taller than the screen at the presentation scale: at a
    down-sweep step the figure has scrolled to the cells that step wrote."""
    r = legible(ctx, "--algorithm", "brent-kung", "--n", "16", "--panel", "figure", "--step", "6")
    f = r.dump["panels"]["figure"]
    top, bottom = f["shown_y"]
    written = [t for t in f["scene"]["rects"] if "written" in t["role"]]
    check(written, "no written cell in the figure")
    check(f["scene"]["height"] > bottom - top, "the figure fits the screen: nothing to follow")
    for cell in written:
        y = f["origin"][1] + cell["y"]
        check(top <= y and y + cell["h"] <= bottom,
              f"a written cell at y {y:.0f}..{y + cell['h']:.0f}, the figure shows {top:.0f}..{bottom:.0f}")


def case_kernel_editor(ctx):
    """A student's racy kernel in the editor: its source and verdict at 28 px or more, the window
    inside the screen and over most of it, the lesson's step beside it."""
    kernels = os.path.join(os.path.dirname(HERE), "student_kernels")
    r = legible(ctx, "--kernel", os.path.join(kernels, "mistake_one_barrier.cu"), "--algorithm", "kogge-stone")
    k = r.dump["panels"]["kernel"]
    check(k["ran"] and k["verdict"]["verdict"] == "race", str(k.get("verdict")))
    check(k["source_px"] >= BACK_ROW_PX - 0.5 and k["verdict_px"] >= BACK_ROW_PX - 0.5,
          f"the editor's source is {k['source_px']:.1f} px, its verdict {k['verdict_px']:.1f} px")
    x, y, w, h = k["box"]
    check(x >= 0 and y >= 0 and x + w <= SCREEN[0] + 1 and y + h <= SCREEN[1] + 1, f"the editor at {k['box']}")
    check(w >= 0.6 * SCREEN[0] and h >= 0.7 * SCREEN[1], f"the editor is {w:.0f}x{h:.0f}")


def case_lesson_n8(ctx):
    """The worked example's step 2 (Kogge-Stone, N = 8)."""
    legible(ctx, "--algorithm", "kogge-stone", "--input", PMPP, "--step", "2")


def case_lesson_n16(ctx):
    legible(ctx, "--algorithm", "kogge-stone", "--n", "16", "--step", "2")


def case_compare_of_four(ctx):
    legible(ctx, "--compare", "kogge-stone,brent-kung,blelloch,hillis-steele", "--input", PMPP)


def spot_the_bug(ctx, lesson, fits):
    """A lesson of "Spot the bug": every text at 28 px or more, the cells shown a contiguous range
    that holds the cell to look at (the first wrong output cell, else the first that differs),
    an elision mark naming the cells left out on each cut side, the seed's lines and the fix
    (monospaced) and why in the scene (the slide is built from it); where `fits`, the scene fits
    the area under the controls (no scroll bar)."""
    r = legible(ctx, "--spot-the-bug", lesson)
    d = r.dump["panels"]["spot_the_bug"]
    scene = d["scene"]
    roles = lambda role: [t for t in scene["texts"] if t["role"] == role]
    n = len(d["fixed_output"])
    frames = [x for x in scene["rects"] if x["role"] == "compare-view"]
    fixed = frames[-1]
    shown = sorted({x["index"] for x in scene["rects"] if x["role"].startswith("cell")
                    and x["role"] != "cell-diff" and fixed["x"] <= x["x"] <= fixed["x"] + fixed["w"]})
    check(shown and shown == list(range(shown[0], shown[-1] + 1)), f"the fix's cells {shown}")
    focus = d["first_wrong_cell"] if d["first_wrong_cell"] >= 0 else min(d["differing_cells"], default=-1)
    check(focus < 0 or focus in shown, f"cell {focus} is not among the shown cells {shown[0]}..{shown[-1]}")
    # The marks name the cells left out on each side: from 0 to the first shown, from the last
    # shown to the array's end (a block's section may be shorter than the output).
    marks = [t["text"].split("\u2013") for t in roles("elided-cells")
             if fixed["x"] <= t["x"] <= fixed["x"] + fixed["w"]]
    left = [m for m in marks if m[0] == "0"]
    right = [m for m in marks if m[0] != "0"]
    check(bool(left) == (shown[0] > 0) and all(int(m[1]) == shown[0] - 1 for m in left),
          f"marks {marks} for cells {shown[0]}..{shown[-1]}")
    check(all(int(m[0]) == shown[-1] + 1 and int(m[1]) <= n - 1 for m in right) and len(right) <= 1,
          f"marks {marks} for cells {shown[0]}..{shown[-1]} of {n}")
    for role, lines in (("code-seed", d["seed_lines"]), ("code-fix", d["fix_lines"])):
        drawn = roles(role)
        check(drawn and all(t.get("mono") for t in drawn), f"no monospaced {role} in the scene")
        words = " ".join(t["text"] for t in drawn).split()
        check(words == lines.split(), f"{role} drawn as {words}, the lesson's: {lines.split()}")
    why = " ".join(t["text"] for t in roles("why"))
    check(why.startswith("Why: ") and d["why"].split()[-1] in why, why)
    if fits:
        check(scene["height"] <= d["area"][1] + 0.5 and scene["width"] <= d["area"][0] + 0.5,
              f"the scene is {scene['width']:.0f}x{scene['height']:.0f}, the area {d['area']}")
    return r


def case_spot_the_bug_race(ctx):
    """The one-barrier Kogge-Stone at N = 64: cell 32, where warp 1 starts, among the shown ones."""
    r = spot_the_bug(ctx, "kogge-stone-one-barrier", fits=False)
    d = r.dump["panels"]["spot_the_bug"]
    check(d["parting_step"] == 1 and d["first_wrong_cell"] == 32, str(d["first_wrong_cell"]))
    check(len({t["index"] for t in d["scene"]["texts"] if t["role"] == "cell-value"}) < 64,
          "all 64 cells at 28 px cannot fit: a focus window was expected")


def case_spot_the_bug_deadlock(ctx):
    r = spot_the_bug(ctx, "chained-static-ids", fits=False)
    check([x for x in r.dump["panels"]["spot_the_bug"]["scene"]["rects"] if x["role"] == "block-spinning"],
          "no deadlock figure in the flawed run's place")


def case_spot_the_bug_block_sums(ctx):
    """Seed 000's S[-1]: block 0's garbage in the window, the window as wide as legible values allow."""
    spot_the_bug(ctx, "hierarchical-s-minus-one", fits=True)


def case_spot_the_bug_float_accumulator(ctx):
    spot_the_bug(ctx, "sequential-int-accumulator", fits=True)


def case_spot_the_bug_stride(ctx):
    spot_the_bug(ctx, "blelloch-offset-times-four", fits=True)


def case_figure_panel(ctx):
    legible(ctx, "--algorithm", "brent-kung", "--input", PMPP, keys="G,End")


def case_figure_hierarchical(ctx):
    """The hierarchical scan's figure (PMPP Fig. 8.9): eight sections, their sums and the add."""
    legible(ctx, "--algorithm", "hierarchical", "--n", "64", "--block-size", "8", "--panel", "figure",
            "--step", "17")


def case_figure_chained(ctx):
    """The single-pass chained scan's structure figure: the blocks' hand-off of their carries."""
    legible(ctx, "--algorithm", "single-pass-chained", "--n", "64", "--block-size", "16", "--panel",
            "figure", "--step", "3")


def case_bank_conflicts(ctx):
    legible(ctx, "--algorithm", "blelloch", "--n", "256", "--block-size", "128", keys="K,Right,Right")


def case_block_timeline(ctx):
    legible(ctx, "--trace", os.path.join(TRACES, "single-pass-chained-1024.json"), keys="T")


def case_class_mode_question(ctx):
    legible(ctx, "--algorithm", "kogge-stone", "--input", PMPP, keys="Q")


def case_symbolic_n16(ctx):
    """Brent-Kung in symbols at N = 16, the up-sweep's last step: ranges too wide for one line of
    their cell ("x12..x15") take two, at 28 px or more."""
    r = legible(ctx, "--algorithm", "brent-kung", "--n", "16", "--symbolic", "--step", "4")
    values = [t["text"] for t in r.scene["texts"] if t["role"] == "cell-value"]
    check("x0.." in values and "x15" in values, f"the cells show {values}")


def case_dependence_graph(ctx):
    legible(ctx, "--algorithm", "kogge-stone", "--input", PMPP, keys="J,End")


APPLICATIONS = ["sandwich", "line-of-sight", "polynomial", "backward-scan", "compaction", "radix-sort",
                "quicksort-step", "spmv"]


def application_case(app):
    def case(ctx):
        legible(ctx, "--application", app)
    case.__doc__ = f"The application {app}: its picture above its scan."
    return case


for _app in APPLICATIONS:  # one case each: ui.back_row.application_sandwich, ...
    globals()["case_application_" + _app.replace("-", "_")] = application_case(_app)


def case_segmented_scan(ctx):
    legible(ctx, "--algorithm", "segmented-kogge-stone", keys="End")


def inside_screen(r, panel):
    """The panel's scene, drawn at its origin, ends inside its room and the screen: nothing cut off
    or scrolled out of sight."""
    p = r.dump["panels"][panel]
    (x, y), (w, h), scene = p["origin"], p["room"], p["scene"]
    check(scene["width"] <= w + 1 and scene["height"] <= h + 1,
          f"{panel}: a {scene['width']:.0f}x{scene['height']:.0f} scene in a room of {w:.0f}x{h:.0f}")
    check(x >= 0 and y >= 0 and x + w <= SCREEN[0] + 1 and y + h <= SCREEN[1] + 1,
          f"{panel}: a {w:.0f}x{h:.0f} room at ({x:.0f}, {y:.0f})")
    return p


def cells(scene, role):
    return [t["text"] for t in scene["texts"] if t["role"] == role]


def case_erratum(ctx):
    """An erratum of the seeds' text (the shipped deck's slides 10, 19, 21) is a scene: the title,
    the seed's words beside the correction, why, and the figures scanviz's run counted."""
    r = legible(ctx, "--spot-the-bug", "seed-000-work-ratio")
    p = inside_screen(r, "spot_the_bug")
    scene = p["scene"]
    check(cells(scene, "erratum-title")[0].startswith("Erratum: 9217 / 1027"), str(cells(scene, "erratum-title")))
    figures = [f"{v:g}" for v in (9217 / 1027, 9217 / 1023, p["numbers"]["measured"])]
    check(cells(scene, "erratum-numbers-cell") == figures, f"{cells(scene, 'erratum-numbers-cell')}, not {figures}")
    check(figures[2] == "9.00978", f"scanviz counted {figures[2]}")
    check(" ".join(cells(scene, "erratum-correction")).find("9217 / 1023") >= 0, str(cells(scene, "erratum-correction")))
    check(p["text_px"] >= BACK_ROW_PX, f"the erratum's text is {p['text_px']:.1f} px")


def case_brent_tab(ctx):
    """Brent's theorem (slide 18): every algorithm's row, the lesson's highlighted, and the curve."""
    r = legible(ctx, "--algorithm", "kogge-stone", keys="R")
    p = inside_screen(r, "brent")
    scene, rows = p["scene"], p["rows"]
    bands = [x for x in scene["rects"] if x["role"] == "brent-row"]
    check(len(bands) == len(rows) > 5, f"{len(bands)} rows drawn, {len(rows)} in the table")
    lit = [x["index"] for x in scene["rects"] if x["role"] == "brent-highlight"]
    first = cells(scene, "brent-cell")[::8]
    check(first == [x["algorithm"] for x in rows], f"rows {first}")
    check(len(lit) == 1 and first[lit[0]] == "kogge-stone", f"highlighted {lit}")
    titles = cells(scene, "plot-title")
    check(len(titles) == 1 and "W/P + D" in titles[0], f"the curve's titles: {titles}")


def case_benchmark_tab(ctx):
    """The Benchmark tab (B; --bench-sizes opens it) after a run, of the CPU emulator without a GPU:
    the run's header, the legend and the three plots as one scene beside the form."""
    r = legible(ctx, "--bench-sizes", "2^10,2^12")
    p = inside_screen(r, "timing")
    scene = p["scene"]
    check(p["time_points"] > 0 and p["bars"] > 0, f"{p['time_points']} points, {p['bars']} bars")
    check(cells(scene, "timing-title") and cells(scene, "timing-device"), "no run header in the scene")
    check(len([x for x in scene["rects"] if x["role"] == "timing-legend-item"]) == p["bars"],
          f"legend items for {p['bars']} subjects")


def case_warp_clock(ctx):
    """The warp clock of the H200 Kogge-Stone lesson: each step's cycles in the table, the plots."""
    r = legible(ctx, "--trace", os.path.join(TRACES, "kogge-stone-lesson.json"), keys="W")
    p = inside_screen(r, "warp_clock")
    scene = p["scene"]
    table = cells(scene, "warp-steps-cell")
    check(len(table) == 6 * len(p["steps"]) > 0, f"{len(table)} cells for {len(p['steps'])} steps")
    medians = table[3::6]
    check(medians == [f"{s['median']:.0f}" for s in p["steps"]], f"medians {medians}")
    titles = cells(scene, "plot-title")
    check(titles == ["Cycles each warp spent in each step", "Warp-cycles per operator application"], str(titles))


def case_latency_ladder(ctx):
    """The latency ladder (M): without a GPU the one recorded on an H200, every rung named, the
    four timed ones with their times, the two a lone GPU cannot time saying why."""
    r = legible(ctx, "--algorithm", "kogge-stone", keys="M")
    ladder = r.dump["panels"]["ladder"]
    check(ladder["source"] == "recorded" and "H200" in ladder["device"], str(ladder)[:200])
    texts = [t["text"] for t in ladder["scene"]["texts"]]
    for words in ("block barrier", "cluster barrier", "flag in DSMEM", "flag through L2", "flag over NVLink",
                  "NCCL all-gather", "not measured here: this machine has one GPU"):
        check(any(words in t for t in texts), f"no '{words}' in the ladder")
    check(ladder["scene"]["height"] <= SCREEN[1], f"the ladder is {ladder['scene']['height']:.0f} px tall")


CASES = cases_of(globals())

if __name__ == "__main__":
    sys.exit(run_cases(CASES, context_for, __doc__))
