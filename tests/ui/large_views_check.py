#!/usr/bin/env python3
"""UI tests of the heat view for long arrays and the timing view in the real scanviz window
(CTest label `ui`).

The same pattern as ui_check.py (whose helpers this imports): each case runs the real binary with
a scripted state (`--n 1048576`, `--heat-window`, `--panel timing --bench-sizes ...`), lets it
write a screenshot and its frame report (`--dump-scene`; "panels" holds what the heat view and the
timing tabs showed), and asserts on both, probing the PNG where the report says the images are:

    xvfb-run -a -s "-screen 0 1600x1000x24" env LIBGL_ALWAYS_SOFTWARE=1 \\
        python3 large_views_check.py --binary build/app/scanviz --work /tmp/ui heat_view_at_2_20
"""

import json
import os
import re
import sys

from ui_check import cases_of, check, context_for, near, refused_as_usage_error, run_cases

HERE = os.path.dirname(os.path.abspath(__file__))
TRACES = os.path.join(os.path.dirname(os.path.dirname(HERE)), "assets", "traces")
LARGE = ["--algorithm", "decoupled-lookback", "--n", "1048576", "--backend", "cpu"]
# R's viridis::viridis(9): the control points of app/core/layouts/color_map.cpp.
VIRIDIS = [(0x44, 0x01, 0x54), (0x47, 0x2d, 0x7b), (0x3b, 0x52, 0x8b), (0x2c, 0x72, 0x8e), (0x21, 0x90, 0x8c),
           (0x27, 0xad, 0x81), (0x5d, 0xc8, 0x63), (0xaa, 0xdc, 0x32), (0xfd, 0xe7, 0x25)]


def viridis(t):
    x = min(max(t, 0.0), 1.0) * 8
    i = min(int(x), 7)
    f = x - i
    return tuple(a + (b - a) * f for a, b in zip(VIRIDIS[i], VIRIDIS[i + 1]))


def on_colour_map(rgb, tolerance=12):
    return any(near(rgb, viridis(k / 256), tolerance) for k in range(257))


def luminance(rgb):
    return 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2]


def heat(run):
    panels = run.dump.get("panels", {})
    check("heat" in panels, f"no heat view in the frame report: {sorted(panels)}")
    return panels["heat"]


def samples_along(run, rect, count=40):
    """Pixels across the middle of a rect given in framebuffer pixels [x, y, w, h]."""
    x, y, w, h = rect
    return [run.image.pixel(x + 2 + i * (w - 4) / (count - 1), y + h / 2) for i in range(count)]


def case_heat_view_at_2_20(ctx):
    """2^20 elements: the heat view, not cells, over all of them (every tile's section after each
    step, not only the recorded tile's); the last step's strip is a viridis gradient."""
    r = ctx.run(*LARGE, "--step", "13")
    h = heat(r)
    check(h["mode"] == "heat" and not h["error"], f"heat view {h['mode']}: {h['error']}")
    check(r.dump["trace"]["n"] == 1048576, r.dump["trace"])
    check(h["columns"] == 1048576 and h["rows"] == 14, f"{h['columns']} columns, {h['rows']} rows")
    check(h["renders"] >= 1, "the heat renderer drew nothing")
    check(not r.texts("cell-value"), "cells were drawn for 2^20 elements")
    check(len([x for x in r.scene["rects"] if x["role"] == "space-time"]) == 1, "no space-time image in the scene")
    strip = samples_along(r, h["strip"])
    check(len(set(strip)) >= 20, f"the strip is {len(set(strip))} colours, not a gradient: {strip[:5]}")
    off = [p for p in strip if not on_colour_map(p)]
    check(not off, f"strip colours off the colour map: {off[:5]}")
    # The scan's output grows along the array: dark on the left, yellow on the right.
    check(luminance(strip[-1]) > luminance(strip[0]) + 80, f"left {strip[0]}, right {strip[-1]}")
    check(near(strip[-1], VIRIDIS[-1], 12), f"the largest value is {strip[-1]}, not viridis yellow")
    rows = [r.image.pixel(h["space_time"][0] + h["space_time"][2] / 2,
                          h["space_time"][1] + (k + 0.5) * h["space_time"][3] / 14) for k in range(14)]
    check(len(set(rows)) >= 6, f"the space-time image's rows are {len(set(rows))} colours: {rows}")


def case_heat_marks_writes(ctx):
    """The mark band under the strip shows how much of each column the step wrote: phase 1 wrote
    7 of every 8 elements (bright), stride 8 of phase 2 one in 8 (lit, but dimmer); the tile
    prefix is added by every tile but tile 0 (the first 1/128 of the band stays dark)."""
    def band(step):
        r = ctx.run(*LARGE, "--step", str(step))
        return r, samples_along(r, heat(r)["writes"])

    r, prefix = band(13)
    written = hex_to_rgb(r, "heat-writes")
    unwritten = prefix[0]
    check(not near(unwritten, written, 60), f"tile 0 adds no prefix, but its column {unwritten} looks written")
    later = [p for p in prefix[1:] if not near(p, written, 40)]
    check(not later, f"tiles 1..127 add their prefix, but {len(later)} columns look unwritten: {later[:3]}")
    _, most = band(1)
    check(sum(1 for p in most if near(p, written, 40)) > 35, f"phase 1's band is not lit: {most[:4]}")
    _, some = band(5)
    partial = [p for p in some if not near(p, written, 40) and not near(p, unwritten, 40)]
    check(len(partial) > 35, f"stride 8's band should be lit but dimmer than phase 1's: {some[:4]}")
    check(sum(some[0]) < sum(most[0]), f"one in eight {some[0]} is not dimmer than seven in eight {most[0]}")


def hex_to_rgb(run, role):
    """The palette's write colour: the legend swatch drawn next to 'written in this step'."""
    swatches = [x for x in run.scene["rects"] if x["role"] == "legend-swatch"]
    check(swatches, "no legend swatches in the heat scene")
    text = swatches[0]["fill"]
    return tuple(int(text[i:i + 2], 16) for i in (1, 3, 5))


def case_heat_zooms_to_cells(ctx):
    """--heat-window 4000,16: legible cells of elements 4000.. take over, the image stays below."""
    r = ctx.run(*LARGE, "--step", "5", "--heat-window", "4000,16")
    h = heat(r)
    check(h["mode"] == "cells", f"mode {h['mode']} at 16 elements")
    st = h["space_time"]

    def on_screen(centre):  # the scene keeps a margin of cells either side, clipped on screen
        x, _ = r.to_pixels(centre, 0)
        return st[0] <= x < st[0] + st[2]

    values = sorted((t["index"], t["text"]) for t in r.texts("cell-value") if on_screen(t["x"]))
    check(values and values[0][0] == 4000, f"first cell {values[:2]}")
    check(15 <= len(values) <= 20, f"{len(values)} cells on screen for a window of 16")
    check(all(v for _, v in values), "a legible cell without its value")
    cells = sorted((c for c in r.rects("cell") + r.rects("cell-written") if on_screen(c["x"] + c["w"] / 2)),
                   key=lambda c: c["index"])
    x0, _ = r.to_pixels(cells[0]["x"], cells[0]["y"])
    check(cells[0]["index"] == 4000 and abs(x0 - st[0]) < 0.15 * cells[0]["w"] + 2,
          f"cell {cells[0]['index']} starts at {x0}, the image at {st[0]}")
    r = ctx.run(*LARGE, "--step", "5", "--heat-window", "4000,40", screenshot=False)
    check(heat(r)["mode"] == "heat", "40 elements should still be a heat view")


def case_heat_view_for_a_block_on_request(ctx):
    """1024 elements stay cells (a whole block); --heat-window opens the heat view for them."""
    r = ctx.run("--trace", os.path.join(TRACES, "kogge-stone-1024.json"), "--step", "10", screenshot=False)
    check("heat" not in r.dump.get("panels", {}), "1024 elements should open as cells")
    r = ctx.run("--trace", os.path.join(TRACES, "kogge-stone-1024.json"), "--step", "10",
                "--heat-window", "0,1024", "--heat-color", "writes")
    h = heat(r)
    check(h["mode"] == "heat" and h["color_by"] == "writes", f"{h['mode']} {h['color_by']}")
    # Stride 512 wrote elements 512..1023: the last row is lit on the right half only.
    x, y, w, hh = h["space_time"]
    last = y + hh * (10.5 / 11)
    written = hex_to_rgb(r, "heat-writes")
    check(near(r.image.pixel(x + 0.75 * w, last), written, 40), f"right half {r.image.pixel(x + 0.75 * w, last)}")
    check(not near(r.image.pixel(x + 0.25 * w, last), written, 60), f"left half {r.image.pixel(x + 0.25 * w, last)}")


def case_heat_frame_times(ctx):
    """--frame-times at 2^20 prints the median and 95th percentile of the heat view's frames."""
    proc = ctx.run_raw(*LARGE, "--step", "5", "--frame-times", "30", "--size", "1600x1000")
    check(proc.returncode == 0, proc.stderr)
    m = re.search(r"N = 1048576\): median ([0-9.]+) ms, 95th percentile ([0-9.]+) ms", proc.stdout)
    check(m and 0 < float(m.group(1)) <= float(m.group(2)), f"output: {proc.stdout!r}")


def timing(run):
    panels = run.dump.get("panels", {})
    check("timing" in panels, f"no timing panel in the frame report: {sorted(panels)}")
    return panels["timing"]


def case_timing_runs_a_cpu_benchmark(ctx):
    """--panel timing --bench-sizes 2^10,2^12: a CPU run whose points are all plotted, said to be CPU."""
    r = ctx.run("--panel", "timing", "--bench-sizes", "2^10,2^12")
    t = timing(r)
    check(len(t["runs"]) == 1, f"runs {t['runs']}")
    run = t["runs"][0]
    # The window times what `scanviz bench` times on the CPU (memcpy, the sequential loop, every
    # algorithm of the bench plan): the same points, all measured and all plotted.
    report = ctx.path("bench.json")
    proc = ctx.run_raw("bench", "--backend", "cpu", "--sizes", "2^10,2^12", "--dtype", "int32",
                       "--repeats", "1", "--quiet", "--json", report)
    check(proc.returncode == 0, proc.stderr)
    with open(report) as f:
        planned = len(json.load(f)["results"])
    check(planned >= 2 * 14, f"the CPU bench times only {planned} points at two sizes")
    check(run["cpu"] and run["points"] == planned and run["done"] == run["total"] == planned, f"run {run}")
    check(t["time_points"] == planned and t["rate_points"] == planned,
          f"plotted {t['time_points']}, {t['rate_points']} of {planned}")
    check(t["bars"] == planned // 2, f"{t['bars']} bars at one N, {planned // 2} timed")
    check(any(x.startswith("cpu-memcpy ") for x in t["references"]), f"references {t['references']}")
    check("CPU times" in t["device_line"], t["device_line"])
    # The default plan asks for the compaction and the split too: the CPU run says why they are missing.
    check("compaction and the radix split need a GPU" in t["device_line"], t["device_line"])
    # The first subject's colour (Okabe-Ito orange) is on screen: the plots drew their points.
    found = r.image.count_near((230, 159, 0), tolerance=20)
    check(found > 200, f"only {found} pixels of the first series' colour")


def case_timing_tabs(ctx):
    """The warp clock of the H200 Kogge-Stone sample; Brent's table next to a measured run."""
    r = ctx.run("--trace", os.path.join(TRACES, "kogge-stone-1024.json"), "--timing-tab", "warp-clock", screenshot=False)
    w = r.dump["panels"].get("warp_clock")
    check(w and w["warps"] == 32 and len(w["steps"]) == 10, f"warp clock {w and {k: w[k] for k in ('warps',)}}")
    check(1000 < w["steps"][0]["median"] < 3000, f"stride 1 took {w['steps'][0]['median']} cycles")
    r = ctx.run("--timing-tab", "warp-clock", screenshot=False)  # the CPU lesson has no clocks
    check(r.dump["panels"]["warp_clock"]["warps"] == 0, "the emulator's lesson has no warp clocks")
    r = ctx.run("--timing-tab", "brent", "--bench-sizes", "2^10", screenshot=False)
    b = r.dump["panels"].get("brent")
    check(b and b["n"] == 1024 and b["processors"] >= 1, f"brent {b}")
    kogge = [x for x in b["rows"] if x["algorithm"] == "kogge-stone"][0]
    check(kogge["measured_speedup"] is not None and kogge["measured_speedup"] > 0, f"kogge-stone {kogge}")
    check(abs(kogge["brent_units"] - (9217 / b["processors"] + 10)) < 1e-6, f"W/P + D {kogge}")


def case_large_view_usage_errors(ctx):
    """Bad values of the new options: one line on stderr, exit 2."""
    for args in (["--bench-sizes", "2^x"], ["--heat-window", "5"], ["--heat-window", "1,0"],
                 ["--heat-color", "red"], ["--timing-tab", "plots"], ["--panel", "compare", "--bench-sizes", "2^10"]):
        refused_as_usage_error(ctx, args)


CASES = cases_of(globals())


if __name__ == "__main__":
    sys.exit(run_cases(CASES, context_for, __doc__))
