#!/usr/bin/env python3
"""UI tests of "Spot the bug" in the real scanviz window (CTest label `ui`).

Each case opens a lesson with `--spot-the-bug ID` (the menu's entry), lets the window write a
screenshot and its frame report (`--dump-scene`; its "panels" entry "spot_the_bug" holds what was
shown, with the scene), and asserts on both: the flawed run beside its fix at the step where they
part, the differing cells outlined on screen, the seed's line and the fix, the explanation. E.g.

    xvfb-run -a -s "-screen 0 1600x1000x24" env LIBGL_ALWAYS_SOFTWARE=1 \\
        python3 spot_the_bug_check.py --binary build/app/scanviz --work /tmp/ui spot_the_race
"""

import sys

from ui_check import cases_of, check, context_for, hex_rgb, run_cases
from views_check import Panel


def case_spot_the_race(ctx):
    """The one-barrier Kogge-Stone beside Kogge-Stone: they part at stride 1, cell 32 outlined."""
    r = ctx.run("--spot-the-bug", "kogge-stone-one-barrier")
    p = Panel(r, "spot_the_bug")
    d = p.data
    check(d["flawed"] == "kogge-stone-one-barrier" and d["fixed"] == "kogge-stone", str(d))
    check(d["step"] == 1 and d["parting_step"] == 1, f"step {d['step']}, parts at {d['parting_step']}")
    check(d["first_wrong_cell"] == 32, f"first wrong cell {d['first_wrong_cell']}")
    check(d["differing_cells"] == [32], f"differing cells {d['differing_cells']}")
    check("XY[threadIdx.x] += XY[threadIdx.x-stride]" in d["seed_lines"], d["seed_lines"])
    check("__syncthreads();" in d["fix_lines"], d["fix_lines"])
    check("across warps" in d["why"], d["why"])
    check(any("part at step 1" in line for line in d["headline"]), str(d["headline"]))
    check(any("cell 32: 49 instead of 33" in line for line in d["headline"]), str(d["headline"]))
    frames = p.rects("compare-view")
    check(len(frames) == 2, f"{len(frames)} framed views")
    titles = [t["text"] for t in p.texts("compare-title")]
    check(titles == ["Flawed: kogge-stone-one-barrier", "Fixed: kogge-stone"], str(titles))
    # Cell 32 is outlined in both views, and the outline is on screen in the failure colour.
    diffs = p.rects("cell-diff")
    check(diffs and {m["index"] for m in diffs} == {32}, f"outlined {[m['index'] for m in diffs]}")
    check(len({m["y"] for m in diffs}) >= 2, "cell 32 is outlined in one view only")
    red = hex_rgb(diffs[0]["stroke"])
    for m in diffs:
        x, y = p.to_pixels(m["x"] + 0.5 * m["w"], m["y"] + 0.5 * m["stroke_width"])
        check(r.image.count_near(red, (x - 6, y - 4, x + 6, y + 4), tolerance=40, step=1) > 0,
              f"no failure-red outline at ({x:.0f},{y:.0f}) for cell {m['index']}")


def case_spot_the_early_return(ctx):
    """The early return at the step where the root is not cleared; --step moves along."""
    r = ctx.run("--spot-the-bug", "blelloch-early-return")
    d = Panel(r, "spot_the_bug").data
    check("clear" in d["headline"][1], str(d["headline"]))
    check(d["flawed_output"] == [21, 22, 24, 27, 31, 36], str(d["flawed_output"]))
    check(d["fixed_output"] == [0, 1, 3, 6, 10, 15], str(d["fixed_output"]))
    r = ctx.run("--spot-the-bug", "blelloch-early-return", "--step", "0", screenshot=False)
    d = Panel(r, "spot_the_bug").data
    check(d["step"] == 0 and d["differing_cells"] == [], str(d))


def case_spot_the_deadlock(ctx):
    """Static block ids: no flawed trace, the scheduler's deadlock report instead; the fix runs."""
    r = ctx.run("--spot-the-bug", "chained-static-ids", size="1920x1080")  # room for the side panel
    p = Panel(r, "spot_the_bug")
    check("deadlock" in p.data["flawed_error"], p.data["flawed_error"])
    check(p.data["fixed_output"], "the dynamic-id run has no output")
    check(any("never finishes" in line for line in p.data["headline"]), str(p.data["headline"]))
    # The flawed run's place holds the deadlock's figure (issue 32), large enough to read, and the
    # status line names the lesson on screen, not the lesson loaded behind it.
    spinning = p.rects("block-spinning")
    check(spinning, "no spinning block drawn where the flawed run would be")
    names = [t for t in p.texts("block-name")]
    # No smaller than Compare keeps any text (3/4 of the body size).
    check(names and min(t["size"] for t in names) >= 13.5, f"block names at {[t['size'] for t in names]} px")
    red = hex_rgb(spinning[0]["fill"])
    x, y = p.to_pixels(spinning[0]["x"] + 0.5 * spinning[0]["w"], spinning[0]["y"] + 0.8 * spinning[0]["h"])
    check(r.image.count_near(red, (x - 6, y - 4, x + 6, y + 4), tolerance=40, step=1) > 0,
          f"no spinning block on screen at ({x:.0f},{y:.0f})")
    status = r.dump["status"]
    check("spot the bug" in status and "chained" in status and "kogge-stone" not in status, status)
    said = " ".join(p.data["setup"])  # the lines the side panel draws
    check("Spot the bug" in said and "chained" in said and "Kogge-Stone" not in said, said)


def case_spot_the_unguarded_store(ctx):
    """Seed 002's unguarded store: the runs never part; the writes past Y's end are the report."""
    r = ctx.run("--spot-the-bug", "kogge-stone-unguarded-store")
    p = Panel(r, "spot_the_bug")
    d = p.data
    check(d["parting_step"] == -1 and d["first_wrong_cell"] == -1, str(d))
    check(d["flawed_output"] == d["fixed_output"] == [3, 4, 11, 11, 15, 16], str(d))
    check(len(d["hazards"]) == 2 and "thread 6 wrote Y[6]" in d["hazards"][0] and
          "thread 7 wrote Y[7]" in d["hazards"][1], str(d["hazards"]))
    check("Y[i] = XY[threadIdx.x];" in d["seed_lines"], d["seed_lines"])
    drawn = " ".join(t["text"] for t in p.texts("compare-detail"))
    check("The emulator caught: out-of-bounds write" in drawn, drawn)
    # Every write past Y's end is drawn past a bar where Y ends (issue 32), in the failure colour.
    strays = p.rects("stray-write")
    check([m["index"] for m in strays] == [6, 7], f"stray writes at {[m['index'] for m in strays]}")
    check([t["text"] for t in p.texts("stray-write-name")] == ["Y[6]", "Y[7]"],
          str(p.texts("stray-write-name")))
    red = hex_rgb(strays[0]["stroke"])
    x, y = p.to_pixels(strays[0]["x"], strays[0]["y"] + 0.5 * strays[0]["h"])
    check(r.image.count_near(red, (x - 4, y - 4, x + 4, y + 4), tolerance=40, step=1) > 0,
          f"no failure-red mark on screen at ({x:.0f},{y:.0f})")


def case_spot_the_unguarded_read(ctx):
    """Seed 004's length-less Hillis-Steele: they part at the load in cells 6 and 7 (0xDEADBEEF)."""
    r = ctx.run("--spot-the-bug", "hillis-steele-unguarded")
    p = Panel(r, "spot_the_bug")
    d = p.data
    check(d["step"] == 0 and d["parting_step"] == 0, f"step {d['step']}, parts at {d['parting_step']}")
    check(d["differing_cells"] == [6, 7], str(d["differing_cells"]))
    check(d["first_wrong_cell"] == -1, str(d["first_wrong_cell"]))
    # The first read past the end, then each write past it (r[6] and r[7]).
    check([h.split(":")[0] for h in d["hazards"]] ==
          ["out-of-bounds read in block 0"] + ["out-of-bounds write in block 0"] * 2,
          str(d["hazards"]))
    # The flawed view first: its cells 6 and 7 hold 0xDEADBEEF (-559038737), marked as garbage
    # with the value on hover (issue 32); the fix's hold the padding 0.
    cells = [t for t in p.texts("cell-value") if t.get("index") in (6, 7)]
    values = [t["text"] for t in cells]
    check(len(values) == 4 and values[:2] in (["garbage"] * 2, ["?"] * 2) and values[2:] == ["0", "0"],
          f"cells 6, 7 show {values}")
    check(all("-559038737" in t["tooltip"] for t in cells[:2]), str([t["tooltip"] for t in cells[:2]]))


def case_spot_the_index_before_the_totals(ctx):
    """Seed 000's S[blockIdx.x-1]: block 0 adds 0xDEADBEEF, the headline names the thread."""
    r = ctx.run("--spot-the-bug", "hierarchical-s-minus-one")
    d = Panel(r, "spot_the_bug").data
    check(d["fixed"] == "hierarchical" and d["first_wrong_cell"] == 0, str(d))
    check(d["parting_step"] == d["steps"] - 1, f"parts at {d['parting_step']} of {d['steps']}")
    check(d["flawed_output"][0] == 3 - 559038737 and d["flawed_output"][8:] == d["fixed_output"][8:],
          str(d["flawed_output"]))
    check(any("thread 0 read S[-1], before the array's first element" in line for line in d["headline"]),
          str(d["headline"]))
    # Block 0's cells hold garbage: marked, the value on hover, and every cell's value legible.
    p = Panel(r, "spot_the_bug")
    cells = p.texts("cell-value")
    garbage = [t for t in cells if t["text"] in ("garbage", "?")]
    check(sorted(t["index"] for t in garbage) == list(range(8)), f"garbage at {[t['index'] for t in garbage]}")
    check(min(t["size"] for t in cells) >= 14, f"cell values at {min(t['size'] for t in cells)} px")


def case_spot_an_erratum(ctx):
    """An erratum: the seed's words, the correction, and the figure scanviz's run counted."""
    r = ctx.run("--spot-the-bug", "seed-000-work-ratio")
    d = r.dump["panels"]["spot_the_bug"]
    check(d["erratum"] == "seed-000-work-ratio", str(d))
    check("9217 / 1027" in d["seed_text"] and "9217 / 1023" in d["correction"], str(d))
    check(abs(d["numbers"]["measured"] - 9217 / 1023) < 1e-9, str(d["numbers"]))
    check(abs(d["numbers"]["seed"] - 9217 / 1027) < 1e-9, str(d["numbers"]))
    check("9217 / 1023 = 9.01" in d["shows"], d["shows"])
    # Read from the back of a lecture hall: the text is larger than the panels' body text (18 px).
    check(d["text_px"] >= 24, f"the erratum's text is {d['text_px']} px")
    # An erratum has no steps: no playback bar. Compare, in the same window, shows where the bar
    # sits and the colour of its thumb; neither the bar's report nor that colour is there.
    erratum = r
    r = ctx.run("--compare", "kogge-stone,brent-kung", "--backend", "cpu")
    bar = r.dump["panels"].get("compare_playback")
    check(bar is not None, "Compare drew no playback bar: the check below would prove nothing")
    thumb = r.image.rgb(*bar["thumb"])
    check(r.image.count_near(thumb, bar["rect"], tolerance=20, step=1) > 20,
          f"no thumb of colour {thumb} in Compare's bar {bar['rect']}")
    check("compare_playback" not in erratum.dump["panels"] and "playback" not in erratum.dump["panels"],
          f"the erratum shows a playback bar: {sorted(erratum.dump['panels'])}")
    found = erratum.image.count_near(thumb, bar["rect"], tolerance=20, step=1)
    check(found == 0, f"{found} pixels of the thumb's colour {thumb} where the playback bar sat")
    r = ctx.run("--spot-the-bug", "kernel-name-hyphen", screenshot=False)
    d = r.dump["panels"]["spot_the_bug"]
    check("does not compile" in d["no_run"] and "numbers" not in d, str(d))


def case_spot_the_bug_usage_error(ctx):
    """An unknown lesson: one line on stderr naming where the lessons are listed, exit 2."""
    proc = ctx.run_raw("--spot-the-bug", "off-by-one")
    check(proc.returncode == 2, f"exit {proc.returncode}")
    check("scanviz list" in proc.stderr and len(proc.stderr.strip().splitlines()) == 1, proc.stderr)


CASES = cases_of(globals())


if __name__ == "__main__":
    sys.exit(run_cases(CASES, context_for, __doc__))
