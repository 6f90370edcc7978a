#!/usr/bin/env python3
"""UI tests of Compare and the block timeline in the real scanviz window (CTest label `ui`).

The same pattern as ui_check.py (whose helpers this imports): each case runs the real binary with a
scripted state (`--compare`, `--diff`, `--panel timeline`, ...), lets it write a screenshot and its
frame report (`--dump-scene`, whose "panels" entry holds what Compare or the timeline showed, with
their scenes), and asserts on both, probing the PNG where the scene says things are. E.g.

    xvfb-run -a -s "-screen 0 1600x1000x24" env LIBGL_ALWAYS_SOFTWARE=1 \\
        python3 views_check.py --binary build/app/scanviz --work /tmp/ui compare_two_algorithms
"""

import json
import os
import sys

from ui_check import cases_of, check, context_for, hex_rgb, near, refused_as_usage_error, run_cases

HERE = os.path.dirname(os.path.abspath(__file__))
TRACES = os.path.join(os.path.dirname(os.path.dirname(HERE)), "assets", "traces")
LESSON = [3, 1, 7, 0, 4, 1, 6, 3]


def trace_path(name):
    path = os.path.join(TRACES, name)
    check(os.path.exists(path), f"sample trace {path} is missing")
    return path


class Panel:
    """One panel's entry of the frame report, with its scene and where it was drawn."""

    def __init__(self, run, name):
        panels = run.dump.get("panels", {})
        check(name in panels, f"no '{name}' panel in the frame report: {sorted(panels)}")
        self.run, self.data = run, panels[name]
        self.scene = self.data["scene"]

    def rects(self, role):
        return [r for r in self.scene["rects"] if r["role"] == role]

    def texts(self, role):
        return [t for t in self.scene["texts"] if t["role"] == role]

    def to_pixels(self, x, y):
        fb = self.run.image.width / self.run.dump["window"][0] if self.run.image else 1.0
        ox, oy = self.data["origin"]
        return ox + x * fb, oy + y * fb

    def inside(self, items, frame):
        return [i for i in items if frame["x"] <= i["x"] <= frame["x"] + frame["w"]
                and frame["y"] <= i["y"] <= frame["y"] + frame["h"]]


def numbers(values):
    return [int(v) for v in values]


# ---- Compare -------------------------------------------------------------------------------

def case_compare_two_algorithms(ctx):
    """--compare kogge-stone,brent-kung --step 5: two views, each at min(5, its last step)."""
    r = ctx.run("--compare", "kogge-stone,brent-kung", "--backend", "cpu", "--step", "5")
    c = Panel(r, "compare")
    views = c.data["views"]
    check(len(views) == 2, f"{len(views)} views")
    check([v["algorithm"] for v in views] == ["kogge-stone", "brent-kung"], str(views))
    check(c.data["position"] == 5 and c.data["positions"] == 6, f"position {c.data['position']}")
    check(views[0]["step"] == 3 and views[1]["step"] == 5, f"steps {[v['step'] for v in views]}")
    check(numbers(views[0]["values"]) == [3, 4, 11, 11, 15, 16, 22, 25], f"KS {views[0]['values']}")
    check(numbers(views[1]["values"]) == [3, 4, 11, 11, 15, 16, 22, 25], f"BK {views[1]['values']}")
    check(views[0]["counters"][0]["value"] == "3 of 3", str(views[0]["counters"]))
    check(views[1]["counters"][0]["value"] == "5 of 5", str(views[1]["counters"]))
    check(views[1]["counters"][2]["label"] == "work", str(views[1]["counters"]))
    check(views[1]["counters"][2]["value"].endswith("(sequential 7)"), str(views[1]["counters"]))
    frames = c.rects("compare-view")
    check(len(frames) == 2, f"{len(frames)} framed views in the scene")
    for frame, want in zip(frames, ["Kogge-Stone", "Brent-Kung"]):
        titles = [t["text"] for t in c.inside(c.texts("compare-title"), frame)]
        check(titles == [want], f"titles {titles} in a frame, expected {want}")
        cells = sorted(c.inside(c.texts("cell-value"), frame), key=lambda t: t["index"])
        check([t["text"] for t in cells] == ["3", "4", "11", "11", "15", "16", "22", "25"],
              f"{want} cells {[t['text'] for t in cells]}")
    # Brent-Kung's last step (down-sweep stride 1) writes cells: they are highlighted on screen.
    written = c.inside(c.rects("cell-written"), frames[1])
    check(written, "Brent-Kung's last step shows no written cell")
    highlight = hex_rgb(written[0]["fill"])
    x, y = c.to_pixels(written[0]["x"] + 0.12 * written[0]["w"], written[0]["y"] + 0.5 * written[0]["h"])
    check(near(r.image.pixel(x, y), highlight), f"written cell at ({x:.0f},{y:.0f}) is {r.image.pixel(x, y)}")
    check("by step" in c.data["sync_text"], c.data["sync_text"])
    check(not r.dump["banner"]["text"], r.dump["banner"])


def case_compare_steps_together(ctx):
    """Four algorithms by step: every view at step 2 in a 2 x 2 grid; the lesson's counters leave."""
    r = ctx.run("--compare", "kogge-stone,brent-kung,hillis-steele,blelloch", "--backend", "cpu",
                "--step", "2")
    c = Panel(r, "compare")
    views = c.data["views"]
    check([v["step"] for v in views] == [2, 2, 2, 2], f"steps {[v['step'] for v in views]}")
    check(all(v["values"] and len(v["values"]) >= 8 for v in views), "a view has no values")
    frames = c.rects("compare-view")
    check(len({f["x"] for f in frames}) == 2 and len({f["y"] for f in frames}) == 2,
          f"frames are not a 2 x 2 grid: {[(f['x'], f['y']) for f in frames]}")
    check(not r.dump["counters"], "the lesson's counters panel should give way to the views")
    r = ctx.run("--compare", "kogge-stone,brent-kung", "--backend", "cpu", "--sync", "time",
                "--step", "2", screenshot=False)
    c = Panel(r, "compare")
    # Emulator traces carry no clocks: progress k/K (0, 1/5, 1/3, 2/5, ...), said in words.
    check("normalised progress" in c.data["sync_text"], c.data["sync_text"])
    check([v["step"] for v in c.data["views"]] == [1, 1], f"{[v['step'] for v in c.data['views']]}")


def case_compare_natural_forms(ctx):
    """Issue 32: each view runs its algorithm's natural form; Blelloch's counters are its own."""
    r = ctx.run("--compare", "kogge-stone,brent-kung,blelloch,hillis-steele", "--backend", "cpu",
                "--step", "3")
    c = Panel(r, "compare")
    check(c.data["form"] == "natural", c.data["form"])
    rows = {v["algorithm"]: {row["label"]: row["value"] for row in v["counters"]}
            for v in c.data["views"]}
    check(rows["blelloch"]["form"] == "exclusive scan, its natural form", str(rows["blelloch"]))
    check(rows["blelloch"]["work"].startswith("7 of 14 = 2(N - 1)"), str(rows["blelloch"]))
    check(rows["blelloch"]["depth"] == "6 = 2 log2 N", str(rows["blelloch"]))
    check(rows["kogge-stone"]["form"] == "inclusive scan, its natural form", str(rows["kogge-stone"]))
    check(rows["kogge-stone"]["work"].startswith("17 of 17 = N log2 N - (N - 1)"),
          str(rows["kogge-stone"]))
    check(rows["kogge-stone"]["depth"] == "3 = log2 N", str(rows["kogge-stone"]))
    drawn = " ".join(t["text"] for t in c.texts("compare-counters"))
    check("exclusive scan, its natural form" in drawn, drawn)


def step_end_cycles(path):
    """Each step's end in a GPU trace: its slowest warp's clock64 less the first step's, never
    earlier than the step before (as Compare places them, compare_sync.h)."""
    with open(path) as f:
        steps = json.load(f)["steps"]
    ends, origin = [], max(steps[0]["warp_clock"])
    for s in steps:
        ends.append(max(ends[-1] if ends else 0, max(s["warp_clock"]) - origin))
    return ends


def case_compare_real_time(ctx):
    """H200 sample traces by real time: once Kogge-Stone is done, Brent-Kung is not."""
    r = ctx.run("--trace", trace_path("kogge-stone-lesson.json"), "--compare", "kogge-stone,brent-kung",
                "--sync", "time", "--step", "5")
    c = Panel(r, "compare")
    check("real time" in c.data["sync_text"] and "clock64" in c.data["sync_text"], c.data["sync_text"])
    views = c.data["views"]
    check([v["backend"] for v in views] == ["cuda", "cuda"], "the sibling sample trace was not used")
    check(views[1]["file"].endswith("brent-kung-lesson.json"), views[1]["file"])
    ks, bk = step_end_cycles(trace_path("kogge-stone-lesson.json")), step_end_cycles(trace_path("brent-kung-lesson.json"))
    at = sorted(set([0] + ks + bk))[5]
    check(at == ks[-1] and bk[-1] > at, f"position 5 is {at} cycles; Kogge-Stone ends at {ks[-1]}, Brent-Kung at {bk[-1]}")
    expected = [max(k for k, end in enumerate(ends) if end <= at) for ends in (ks, bk)]
    check([v["step"] for v in views] == expected == [3, 2], f"steps {[v['step'] for v in views]} at {at} cycles")
    headline = c.texts("compare-headline")
    check(headline and f"{at} cycles" in headline[0]["text"], str(headline))
    check(numbers(views[0]["values"]) == [3, 4, 11, 11, 15, 16, 22, 25], str(views[0]["values"]))


def case_diff_trace_file_identical(ctx):
    """A real H200 trace against a fresh emulator capture: "identical", no cell marked."""
    r = ctx.run("--trace", trace_path("brent-kung-lesson.json"), "--diff", "--step", "3")
    c = Panel(r, "compare")
    check(c.data["kind"] == "diff", c.data["kind"])
    views = c.data["views"]
    check([v["backend"] for v in views] == ["cuda", "cpu"], str([v.get("backend") for v in views]))
    check([v["step"] for v in views] == [3, 3], str([v["step"] for v in views]))
    check(c.data["diff"]["identical"], c.data["diff"])
    check(c.data["diff"]["text"].startswith("identical"), c.data["diff"]["text"])
    check(c.data["diff"]["step_text"] == "step 3: identical", c.data["diff"]["step_text"])
    check(not c.rects("cell-diff"), "an identical diff marks cells")
    headline = c.texts("compare-headline")
    check(headline and headline[0]["text"].startswith("\u2713 identical"), str(headline))
    green = hex_rgb(headline[0]["color"])
    x, y = c.to_pixels(headline[0]["x"], headline[0]["y"])
    found = r.image.count_near(green, (x, y, x + 400, y + headline[0]["size"] * 1.3), tolerance=40, step=1)
    check(found > 40, f"only {found} pass-coloured pixels in the verdict")


def case_diff_marks_cells(ctx):
    """A trace file with two values changed at step 3: both cells marked in both views, on screen."""
    with open(trace_path("brent-kung-lesson.json")) as f:
        trace = json.load(f)
    trace["steps"][3]["values"][5] += 100
    trace["steps"][3]["values"][7] += 100
    doctored = ctx.path("doctored.json")
    with open(doctored, "w") as f:
        json.dump(trace, f)
    r = ctx.run("--trace", doctored, "--diff", "--step", "3")
    c = Panel(r, "compare")
    diff = c.data["diff"]
    check(not diff["identical"], diff)
    check("step 3" in diff["text"], diff["text"])
    check(diff["differing_cells"] == [5, 7], diff["differing_cells"])
    check("2 cells differ ([5], [7])" in diff["step_text"], diff["step_text"])
    marks = c.rects("cell-diff")
    check(sorted(m["index"] for m in marks) == [5, 5, 7, 7], f"marked {[m['index'] for m in marks]}")
    red = hex_rgb(marks[0]["stroke"])
    for m in marks:
        x, y = c.to_pixels(m["x"] + 0.5 * m["w"], m["y"] + 0.5 * m["stroke_width"])
        check(r.image.count_near(red, (x - 6, y - 4, x + 6, y + 4), tolerance=40, step=1) > 0,
              f"no failure-red outline at ({x:.0f},{y:.0f}) for cell {m['index']}")
    r = ctx.run("--trace", doctored, "--diff", "--step", "2", screenshot=False)
    c = Panel(r, "compare")
    check(c.data["diff"]["step_text"] == "step 2: identical", c.data["diff"]["step_text"])
    check(not c.rects("cell-diff"), "step 2 is identical but cells are marked")


def case_diff_needs_a_gpu_trace(ctx):
    """--diff of a CPU capture without a GPU: it says what to open instead."""
    r = ctx.run("--diff", "--backend", "cpu", screenshot=False)
    c = Panel(r, "compare")
    if c.data["views"]:
        check(c.data["views"][0]["backend"] == "cuda", "a diff lane without CUDA")
        return  # a CUDA device answers here: the diff ran
    check("Open sample trace" in c.data["problem"], c.data["problem"])
    check(c.texts("compare-headline"), "the problem is not in the scene")
    r = ctx.run("--trace", trace_path("single-pass-chained-1048576.json"), "--diff", screenshot=False)
    check("65536" in Panel(r, "compare").data["problem"], Panel(r, "compare").data["problem"])


# ---- block timeline ------------------------------------------------------------------------

def blocks_of(name):
    with open(trace_path(name)) as f:
        return json.load(f)["blocks"]


def case_timeline_lookback_lanes(ctx):
    """The H200 look-back: a lane per SM of the trace, a bar per block, waits in their colour."""
    blocks = blocks_of("decoupled-lookback-1048576.json")
    sms = {b["sm"] for b in blocks}
    r = ctx.run("--panel", "timeline", "--trace", trace_path("decoupled-lookback-1048576.json"))
    t = Panel(r, "timeline")
    check(t.data["lanes"] == len(sms) == 132, f"{t.data['lanes']} lanes, {len(sms)} SMs in the trace")
    check(t.data["lanes_shown"] == len(sms), f"{t.data['lanes_shown']} lanes shown")
    check(t.data["blocks"] == len(blocks) and t.data["bars_shown"] == len(blocks), str(t.data["bars_shown"]))
    bars = t.rects("block-bar")
    check(len(bars) == len(blocks), f"{len(bars)} bars in the scene")
    check(sorted(b["index"] for b in bars) == sorted(b["id"] for b in blocks), "bar ids differ from block ids")
    check(len(t.rects("lane")) == len(sms), f"{len(t.rects('lane'))} lane stripes")
    check(t.data["time_unit"] == "ns" and t.data["axis_unit"] == "\u00b5s", str(t.data["axis_unit"]))
    check(len(t.texts("axis-tick")) >= 3, "too few axis ticks")
    waits = sorted(t.rects("block-wait"), key=lambda w: -w["w"])
    check(waits, "no wait portions")
    amber = hex_rgb(waits[0]["fill"])
    x, y = t.to_pixels(waits[0]["x"] + 0.5 * waits[0]["w"], waits[0]["y"] + 0.5 * waits[0]["h"])
    check(near(r.image.pixel(x, y), amber, 40), f"wait at ({x:.0f},{y:.0f}) is {r.image.pixel(x, y)}")
    check(any("look-back inspected" in n["text"] for n in t.texts("legend-note")), "no look-back note")


def case_timeline_chained_domino(ctx):
    """The H200 chained scan: by SM it scrolls whole lanes; by block every block has a lane."""
    blocks = blocks_of("single-pass-chained-1048576.json")
    r = ctx.run("--panel", "timeline", "--trace", trace_path("single-pass-chained-1048576.json"))
    t = Panel(r, "timeline")
    check(t.data["lanes"] == 132, str(t.data["lanes"]))
    shown = {int(l["index"]) for l in t.rects("lane")}
    check(0 < len(shown) == t.data["lanes_shown"] < 132, f"{len(shown)} lanes shown")
    expected = sum(1 for b in blocks if b["sm"] in shown)
    check(t.data["bars_shown"] == expected == len(t.rects("block-bar")),
          f"{t.data['bars_shown']} bars for the shown lanes, expected {expected}")
    check(t.texts("timeline-scroll-note"), "no note that the other lanes scroll")
    check(t.data["wait_share"] > 0.9, f"wait share {t.data['wait_share']}")
    r = ctx.run("--panel", "timeline", "--lanes", "block", "--trace",
                trace_path("single-pass-chained-1048576.json"))
    t = Panel(r, "timeline")
    check(t.data["lanes"] == len(blocks) == t.data["lanes_shown"], f"{t.data['lanes_shown']} block lanes")
    bars = sorted(t.rects("block-bar"), key=lambda b: b["index"])
    check(len(bars) == len(blocks), f"{len(bars)} bars")
    # The domino: block 1500 ends (its bar's right edge) well after block 500.
    check(bars[1500]["x"] + bars[1500]["w"] > bars[500]["x"] + bars[500]["w"] + 100, "no domino")
    check(bars[1500]["y"] > bars[500]["y"], "lanes are not in block order")


def case_timeline_emulator_rounds(ctx):
    """The emulator's chained scan: lanes are its resident slots, time is in scheduler rounds."""
    r = ctx.run("--panel", "timeline", "--algorithm", "single-pass-chained", "--n", "4096",
                "--block-size", "32", "--resident-blocks", "4", "--launch-order", "random",
                "--backend", "cpu")
    t = Panel(r, "timeline")
    check(t.data["time_unit"] == "round" and t.data["axis_unit"] == "rounds", str(t.data))
    check(t.data["lanes"] == 4, f"{t.data['lanes']} lanes for 4 resident blocks")
    labels = sorted(l["text"] for l in t.texts("lane-label"))
    check(labels == ["slot 0", "slot 1", "slot 2", "slot 3"], str(labels))
    check(t.data["bars_shown"] == t.data["blocks"] > 4, str(t.data["bars_shown"]))
    ticks = [x["text"] for x in t.texts("axis-tick")]
    check(all("." not in x for x in ticks), f"fractional rounds on the axis: {ticks}")


def case_timeline_without_blocks(ctx):
    """A block-level lesson has no block timeline: the panel says what to open instead."""
    r = ctx.run("--panel", "timeline", "--backend", "cpu", screenshot=False)
    t = Panel(r, "timeline")
    if t.data["blocks"] > 0:
        check(t.data["bars_shown"] == t.data["blocks"], str(t.data))
        return
    check(t.texts("timeline-empty"), "no explanation for the empty timeline")


def case_views_are_remembered(ctx):
    """The centre view and Compare's choices come back from the layout in settings.json."""
    folder = os.path.join(ctx.env["XDG_CONFIG_HOME"], "scanviz")
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "settings.json"), "w") as f:
        json.dump({"layout": {"center_view": "compare", "compare_algorithms": ["hillis-steele", "sequential"],
                              "compare_sync": "time"}}, f)
    r = ctx.run("--backend", "cpu", screenshot=False)
    c = Panel(r, "compare")
    check([v["algorithm"] for v in c.data["views"]] == ["hillis-steele", "sequential"], str(c.data["views"]))
    check(c.data["sync"] == "time", c.data["sync"])
    r = ctx.run("--panel", "timeline", "--backend", "cpu", screenshot=False)
    check("timeline" in r.dump["panels"], "--panel timeline did not open the timeline")
    with open(os.path.join(folder, "settings.json")) as f:
        check(json.load(f)["layout"]["center_view"] == "compare", "a command-line view was saved")


def case_view_usage_errors(ctx):
    """Bad --compare, --sync, --panel and --lanes values: one line on stderr, exit 2."""
    for args in (["--compare", "kogge-stone"], ["--compare", "kogge-stone,bubble"],
                 ["--compare", "a,b,c,d,e"], ["--sync", "wall"], ["--panel", "plots"],
                 ["--panel", "timeline", "--compare", "kogge-stone,brent-kung"], ["--lanes", "warp"]):
        refused_as_usage_error(ctx, args)


CASES = cases_of(globals())


if __name__ == "__main__":
    sys.exit(run_cases(CASES, context_for, __doc__))
