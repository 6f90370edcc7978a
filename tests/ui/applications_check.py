#!/usr/bin/env python3
"""UI tests of the applications of scan (CTest label `ui`): `scanviz apply ID --screenshot`.

Each case opens an application in the real window, writes the screenshot and the frame report,
and asserts on the domain picture (panels.application.scene: the sandwich's pieces and cuts, the
terrain's visible points, the polynomial's table, the reversed view) and on its pixels, at the
places the scene says things are. Run it under Xvfb like ui_check.py:

    xvfb-run -a -s "-screen 0 1600x1000x24" env LIBGL_ALWAYS_SOFTWARE=1 \\
        python3 applications_check.py --binary build/app/scanviz --work /tmp/apps sandwich_picture
"""

import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
from checks import CheckFailed, Png, cases_of, check, hex_rgb, near, run_cases  # noqa: E402

WINDOW = "1600x1000"


class Picture:
    """The application's panel in one run: its scene, report and the screenshot."""

    def __init__(self, proc, dump, image):
        self.proc, self.dump, self.image = proc, dump, image
        if "application" not in dump["panels"]:
            raise CheckFailed(f"no application panel in the frame report: {sorted(dump['panels'])}")
        self.panel = dump["panels"]["application"]
        self.scene = self.panel["scene"]

    def rects(self, role):
        return [r for r in self.scene["rects"] if r["role"] == role]

    def lines(self, role):
        return [l for l in self.scene["lines"] if l["role"] == role]

    def texts(self, role):
        return [t for t in self.scene["texts"] if t["role"] == role]

    def to_pixels(self, x, y):
        fb = self.image.width / self.dump["window"][0]
        ox, oy = self.panel["origin"]
        return ox + x * fb, oy + y * fb

    def colour_at_centre(self, rect):
        x, y = self.to_pixels(rect["x"] + rect["w"] / 2, rect["y"] + rect["h"] / 2)
        return self.image.rgb(int(x), int(y))


class Context:
    def __init__(self, binary, work):
        self.binary, self.work = binary, work
        os.makedirs(work, exist_ok=True)
        self.env = dict(os.environ)
        self.env["XDG_CONFIG_HOME"] = os.path.join(work, "config")
        self.env.setdefault("LIBGL_ALWAYS_SOFTWARE", "1")
        self.counter = 0

    def path(self, name):
        return os.path.join(self.work, name)

    def run_raw(self, *args, timeout=120):
        return subprocess.run([self.binary, *args], env=self.env, capture_output=True, text=True,
                              timeout=timeout, cwd=self.work)

    def apply(self, *args):
        self.counter += 1
        shot, dump = self.path(f"shot{self.counter}.png"), self.path(f"dump{self.counter}.json")
        proc = self.run_raw("apply", *args, "--backend", "cpu", "--theme", "light", "--size", WINDOW,
                            "--screenshot", shot, "--dump-scene", dump)
        check(proc.returncode == 0, f"scanviz apply {' '.join(args)} exited {proc.returncode}: {proc.stderr}")
        with open(dump) as f:
            data = json.load(f)
        return Picture(proc, data, Png(shot))


# ---- cases ---------------------------------------------------------------------------------

def case_sandwich_picture(ctx):
    """Seed 001's sandwich: ten pieces to scale, the cuts at the inclusive sums, the 0-inch request
    named at its cut, 39 inches hatched as left over; the steps below are the add-scan's."""
    p = ctx.apply("sandwich")
    check(p.panel["result"] == [3, 8, 10, 17, 45, 49, 52, 52, 60, 61], f"result {p.panel['result']}")
    check(p.dump["trace"]["algorithm"] == "kogge-stone" and p.dump["trace"]["n"] == 10, f"trace {p.dump['trace']}")
    pieces = sorted(p.rects("piece"), key=lambda r: r["index"])
    check(len(pieces) == 10, f"{len(pieces)} pieces")
    inch = pieces[4]["w"] / 28  # person 5 wants 28 inches
    for piece, want in zip(pieces, [3, 5, 2, 7, 28, 4, 3, 0, 8, 1]):
        check(abs(piece["w"] - want * inch) < 0.5, f"piece {piece['index'] + 1} is {piece['w']:.1f} px for {want} in")
    cuts = sorted(l["x1"] for l in p.lines("cut"))
    left = pieces[0]["x"]
    check([round((x - left) / inch) for x in cuts] == [3, 8, 10, 17, 45, 49, 52, 60, 61],
          f"cut positions {[(x - left) / inch for x in cuts]}")
    zero = [t for t in p.texts("cut-position") if "P8" in t["text"]]
    check(len(zero) == 1 and "no piece" in zero[0]["text"], f"0-inch label {zero}")
    leftover = p.rects("leftover")
    check(len(leftover) == 1 and abs(leftover[0]["w"] - 39 * inch) < 0.5, f"leftover {leftover}")
    check([t["text"] for t in p.texts("leftover-label")] == ["39 in left over"], "leftover label")
    check(any("39 of 100 inches are left over" in t["text"] for t in p.texts("answer")), "answer text")
    # On screen: person 5's piece in its fill, the leftover in the hatch's light fill.
    colour = p.colour_at_centre(pieces[4])
    check(near(colour, hex_rgb(pieces[4]["fill"]), 40), f"piece 5 is {colour} on screen, not {pieces[4]['fill']}")
    x, y = p.to_pixels(leftover[0]["x"] + 4, leftover[0]["y"] + leftover[0]["h"] - 4)
    check(not near(p.image.rgb(int(x), int(y)), hex_rgb(pieces[4]["fill"]), 60), "the leftover looks like a piece")


def case_line_of_sight_picture(ctx):
    """The default terrain: the points at distance 1 2 4 7 10 12 visible (green, solid rays), the
    others hidden; the table's 'max before i' row is the exclusive max-scan, -inf first."""
    p = ctx.apply("line-of-sight", "--step", "9")
    visible = sorted(r["index"] for r in p.rects("point-visible"))
    hidden = sorted(r["index"] for r in p.rects("point-hidden"))
    check(visible == [0, 1, 3, 6, 9, 11], f"visible {visible}")
    check(hidden == [2, 4, 5, 7, 8, 10], f"hidden {hidden}")
    check(sorted(l["index"] for l in p.lines("ray-visible")) == visible, "a solid ray to every visible point")
    check(all(l["dashed"] for l in p.lines("ray-hidden")), "rays to hidden points are dashed")
    before = [t["text"] for t in sorted(p.texts("table-max-before-value"), key=lambda t: t["index"])]
    check(before[0] == "-∞" and before[4] == "26.6°", f"max before i {before}")
    check(p.dump["trace"]["algorithm"] == "blelloch", f"trace {p.dump['trace']}")
    green = hex_rgb(p.rects("point-visible")[0]["fill"])
    found = 0
    for r in p.rects("point-visible"):
        found += near(p.colour_at_centre(r), green, 50)
    check(found == len(visible), f"only {found} of {len(visible)} visible points are green on screen")


def case_polynomial_picture(ctx):
    """p(2) = 897 from the powers (multiply-scan) and the running sum (add-scan); --scan 2 shows
    the add-scan's steps under the same picture."""
    p = ctx.apply("polynomial")
    powers = [t["text"] for t in sorted(p.texts("power-value"), key=lambda t: t["index"])]
    check(powers == ["1", "2", "4", "8", "16", "32", "64", "128"], f"powers {powers}")
    sums = [t["text"] for t in sorted(p.texts("partial-sum-value"), key=lambda t: t["index"])]
    check(sums[-1] == "897", f"partial sums {sums}")
    check(p.panel["scans"] == 2 and p.panel["scan"] == 0, f"panel {p.panel}")
    check("mul" in p.dump["status"], f"status {p.dump['status']}")
    second = ctx.apply("polynomial", "--scan", "2")
    check(second.panel["scan"] == 1 and "add" in second.dump["status"], f"status {second.dump['status']}")
    check(second.dump["trace"]["algorithm"] == "kogge-stone", f"trace {second.dump['trace']}")


def case_backward_scan_picture(ctx):
    """The suffix sums 25 22 21 14 14 10 9 3 under the reversed view, crossing arrows between."""
    p = ctx.apply("backward-scan")
    view = [t["text"] for t in sorted(p.texts("view-value"), key=lambda t: t["index"])]
    check(view == ["3", "6", "1", "4", "0", "7", "1", "3"], f"reversed view {view}")
    sums = [t["text"] for t in sorted(p.texts("suffix-sum-value"), key=lambda t: t["index"])]
    check(sums == ["25", "22", "21", "14", "14", "10", "9", "3"], f"suffix sums {sums}")
    check(len(p.lines("reverse")) == 8 and len(p.lines("read-back")) == 8, "crossing arrows")


def case_compaction_picture(ctx):
    """3 1 7 0 4 1 6 3, keep > 2: the exclusive sum 0 1 1 2 2 3 3 4 of the flags, an arrow from each
    kept element's address to its output cell, the output 3 7 4 6 3; --flags chooses others."""
    p = ctx.apply("compaction")
    addresses = {t["index"]: t["text"] for t in p.texts("address-value")}
    check(addresses == {0: "0", 2: "1", 4: "2", 6: "3", 7: "4"}, f"addresses of the kept {addresses}")
    check(len(p.texts("address-unused-value")) == 3, "the dropped elements' addresses are dimmed")
    out = [t["text"] for t in sorted(p.texts("output-value"), key=lambda t: t["index"])]
    check(out == ["3", "7", "4", "6", "3"], f"output {out}")
    arrows = sorted(p.lines("scatter"), key=lambda l: l["index"])
    check([a["index"] for a in arrows] == [0, 2, 4, 6, 7], f"scatter arrows {[a['index'] for a in arrows]}")
    cells = {r["index"]: r for r in p.rects("output")}
    for a, target in zip(arrows, range(5)):
        centre = cells[target]["x"] + cells[target]["w"] / 2
        check(abs(a["x2"] - centre) < 1, f"arrow {a['index']} ends at {a['x2']}, not output cell {target}")
    flagged = ctx.apply("compaction", "--flags", "0,1,0,1,0,1,0,0")
    check(flagged.panel["result"] == [1, 0, 1], f"result {flagged.panel['result']}")


def case_radix_sort_picture(ctx):
    """3 1 7 0 4 1 6 3 in three passes, one per bit: a row of keys before each pass, an arrow from
    every key to its place in the next row, the sorted keys last; --scan 3 shows the last scan."""
    p = ctx.apply("radix-sort")
    check(p.panel["result"] == [0, 1, 1, 3, 3, 4, 6, 7], f"result {p.panel['result']}")
    check(p.panel["scans"] == 3, f"{p.panel['scans']} scans")
    first = [t["text"] for t in sorted(p.texts("keys-pass-0-value"), key=lambda t: t["index"])]
    check(first == ["3 (1)", "1 (1)", "7 (1)", "0 (0)", "4 (0)", "1 (1)", "6 (0)", "3 (1)"], f"pass 1 {first}")
    # Bit 0 splits the zeros 0 4 6 (to 0 1 2) from the ones 3 1 7 1 3 (to 3..7), each in order.
    moves = {l["index"]: l for l in p.lines("move-pass-0")}
    cells = {r["index"]: r for r in p.rects("keys-pass-1")}
    want = {0: 3, 1: 4, 2: 5, 3: 0, 4: 1, 5: 6, 6: 2, 7: 7}
    for i, d in want.items():
        centre = cells[d]["x"] + cells[d]["w"] / 2
        check(abs(moves[i]["x2"] - centre) < 1, f"key {i} of pass 1 goes to {moves[i]['x2']}, not cell {d}")
    sorted_row = [t["text"] for t in sorted(p.texts("sorted-value"), key=lambda t: t["index"])]
    check(sorted_row == ["0", "1", "1", "3", "3", "4", "6", "7"], f"sorted {sorted_row}")
    last = ctx.apply("radix-sort", "--scan", "3")
    check(last.panel["scan"] == 2, f"panel {last.panel}")


def case_quicksort_step_picture(ctx):
    """6 2 9 4 6 1 8 | 3 5 1 7 2: every key's pivot (scan 1), the right-keys before the left keys
    (scan 2), the left-keys after the right keys (scan 3, backwards), an arrow from every key to its
    place, 2 4 1 | 6 | 9 6 8 | 1 2 | 3 | 5 7 after the step, segment bars before and after."""
    p = ctx.apply("quicksort-step")
    check(p.panel["result"] == [2, 4, 1, 6, 9, 6, 8, 1, 2, 3, 5, 7], f"result {p.panel['result']}")
    check(p.panel["scans"] == 3, f"{p.panel['scans']} scans")
    check(p.dump["trace"]["algorithm"] == "segmented-kogge-stone", f"trace {p.dump['trace']}")
    def row(role):
        return [t["text"] for t in sorted(p.texts(role), key=lambda t: t["index"])]
    check(row("pivot-value") == ["6"] * 7 + ["3"] * 5, f"pivots {row('pivot-value')}")
    check(sorted(t["index"] for t in p.texts("side-left-value")) == [1, 3, 5, 9, 11], "left keys")
    # Each side reads one of the two counts; the other is dimmed.
    check({t["index"]: t["text"] for t in p.texts("right-before-value")} == {1: "1", 3: "2", 5: "3", 9: "2", 11: "3"},
          f"right-keys before the left keys {row('right-before-value')}")
    check({t["index"]: t["text"] for t in p.texts("left-after-value")} == {0: "3", 2: "2", 4: "1", 6: "0", 7: "2", 8: "2", 10: "1"},
          f"left-keys after the right keys {row('left-after-value')}")
    check(row("sorted-value") == ["2", "4", "1", "6", "9", "6", "8", "1", "2", "3", "5", "7"], f"after {row('sorted-value')}")
    check(sorted(l["index"] for l in p.lines("segment-boundary")) == [7], "one bar between the two segments")
    check(sorted(l["index"] for l in p.lines("new-segment-boundary")) == [3, 4, 7, 9, 10], "bars of the new segments")
    cells = {r["index"]: r for r in p.rects("sorted")}
    dest = {0: 3, 1: 0, 2: 4, 3: 1, 4: 5, 5: 2, 6: 6, 7: 9, 8: 10, 9: 7, 10: 11, 11: 8}
    moves = {l["index"]: l for l in p.lines("move")}
    for i, d in dest.items():
        centre = cells[d]["x"] + cells[d]["w"] / 2
        check(abs(moves[i]["x2"] - centre) < 1, f"key {i} goes to {moves[i]['x2']}, not cell {d}")
    # On screen: the bar between the segments in the accent colour.
    bar = p.lines("segment-boundary")[0]
    x, y = p.to_pixels(bar["x1"], (bar["y1"] + bar["y2"]) / 2)
    check(near(p.image.rgb(int(x), int(y)), hex_rgb(bar["color"]), 60), "the segment bar is not on screen")
    flagged = ctx.apply("quicksort-step", "--input", "5 3 9 1", "--flags", "1,1,1,1")
    check(flagged.panel["result"] == [5, 3, 9, 1], f"every key its own segment: {flagged.panel['result']}")
    third = ctx.apply("quicksort-step", "--scan", "3")
    check(third.panel["scan"] == 2 and third.dump["trace"]["n"] == 12, f"panel {third.panel}")


def case_spmv_picture(ctx):
    """The default 5 x 4 matrix times x = 1 2 3 4: the grid with its 8 nonzeros (row 2 empty), y =
    6 18 0 24 12 beside it, the products 2 4 6 12 1 15 8 12 and their segmented sums, a bar where
    each row starts; --json's result is y. Other matrices come from --row-lengths/--columns/--vector."""
    p = ctx.apply("spmv")
    check(p.panel["result"] == [6, 18, 0, 24, 12], f"result {p.panel['result']}")
    check(p.dump["trace"]["algorithm"] == "segmented-kogge-stone", f"trace {p.dump['trace']}")
    def row(role):
        return [t["text"] for t in sorted(p.texts(role), key=lambda t: t["index"])]
    check(row("y-value") == ["6", "18", "0", "24", "12"], f"y {row('y-value')}")
    check(row("product-value") == ["2", "4", "6", "12", "1", "15", "8", "12"], f"products {row('product-value')}")
    check(row("row-sum-value") == ["2", "6", "6", "18", "1", "16", "24", "12"], f"row sums {row('row-sum-value')}")
    check(all(t["text"] == "" for t in p.texts("matrix-row-2-value")), "row 2 is empty")
    check(sorted(l["index"] for l in p.lines("segment-boundary")) == [2, 4, 7], "a bar where rows 1, 3 and 4 start")
    check(sorted(r["index"] for r in p.rects("row-total")) == [0, 1, 3, 4], "every nonempty row's total outlined")
    # On screen: y's cells in their fill.
    cell = sorted(p.rects("y"), key=lambda r: r["index"])[3]
    check(near(p.colour_at_centre(cell), hex_rgb(cell["fill"]), 40), "y is not on screen")
    other = ctx.apply("spmv", "--input", "1 2 3", "--row-lengths", "0,3", "--columns", "0,1,0", "--vector", "10,1")
    check(other.panel["result"] == [0, 42], f"result {other.panel['result']}")
    proc = ctx.run_raw("apply", "spmv", "--columns", "0,9,0,0,0,0,0,0", "--screenshot", ctx.path("bad.png"))
    check(proc.returncode == 2 and "--columns" in proc.stderr and not os.path.exists(ctx.path("bad.png")),
          f"a column outside the matrix: exit {proc.returncode}, {proc.stderr!r}")


def case_application_window_errors(ctx):
    """Bad application input in a scripted run: one line, exit 2, no picture."""
    for args in (["apply", "sandwich", "--input", "60 50"], ["apply", "sandwich", "--x", "2"],
                 ["apply", "polynomial", "--scan", "3"], ["--application", "nope"],
                 ["--application", "sandwich", "--n", "8"], ["--length", "90"]):
        shot = ctx.path("refused.png")
        proc = ctx.run_raw(*args, "--screenshot", shot)
        check(proc.returncode == 2, f"{args}: exit {proc.returncode}, expected 2; {proc.stderr}")
        lines = [l for l in proc.stderr.splitlines() if l.strip()]
        check(len(lines) == 1, f"{args}: stderr {proc.stderr!r}")
        check(not os.path.exists(shot), f"{args}: a picture was written")


CASES = cases_of(globals())


def context_for(args, _name):
    return Context(args.binary, args.work)


if __name__ == "__main__":
    sys.exit(run_cases(CASES, context_for, __doc__))
