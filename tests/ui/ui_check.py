#!/usr/bin/env python3
"""UI tests of the real scanviz window (CTest label `ui`).

Each case runs the real binary with a scripted state (`--step`, `--input`, `--theme`, ...), lets it
write a screenshot (`--screenshot`) and its frame report (`--dump-scene`), and asserts on both: the
scene description (cells, highlights, counters, banner) and pixel probes in the PNG at the places
the scene says things are. Run it under Xvfb with Mesa's software renderer, e.g.

    xvfb-run -a -s "-screen 0 1600x1000x24" env LIBGL_ALWAYS_SOFTWARE=1 \\
        python3 ui_check.py --binary build/app/scanviz --work /tmp/ui lesson_step_one

Only the standard library: PNGs are decoded with zlib.
"""

import json
import os
import re
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
from checks import CheckFailed, Png, cases_of, check, hex_rgb, near, run_cases  # noqa: E402

WINDOW = "1600x1000"


class Image(Png):
    """A screenshot: pixel() is RGB and clamps to the picture (probes come from scene coordinates)."""

    def pixel(self, x, y):
        return self.rgb(x, y)


# ---- running the binary --------------------------------------------------------------------

class Run:
    def __init__(self, proc, dump, image):
        self.proc, self.dump, self.image = proc, dump, image

    @property
    def scene(self):
        return self.dump["scene"]

    def rects(self, role):
        return [r for r in self.scene["rects"] if r["role"] == role]

    def texts(self, role):
        return [t for t in self.scene["texts"] if t["role"] == role]

    def counter(self, label):
        for row in self.dump["counters"]:
            if row["label"] == label:
                return row["value"]
        raise CheckFailed(f"no counter '{label}' in {self.dump['counters']}")

    def to_pixels(self, x, y):
        """Scene coordinates to PNG pixels (the framebuffer may be scaled on HiDPI screens)."""
        fb = self.image.width / self.dump["window"][0] if self.image else 1.0
        ox, oy = self.dump["scene_origin"]
        return ox + x * fb, oy + y * fb

    def cell_probe(self, rect):
        """A point inside the cell away from its centred value text."""
        return self.to_pixels(rect["x"] + 0.12 * rect["w"], rect["y"] + 0.5 * rect["h"])


class Context:
    def __init__(self, binary, work):
        self.binary, self.work = binary, work
        os.makedirs(work, exist_ok=True)
        self.env = dict(os.environ)
        self.env["XDG_CONFIG_HOME"] = os.path.join(work, "config")  # never the user's settings
        self.env["XDG_DATA_HOME"] = os.path.join(work, "data")  # nor their recently-used.xbel
        self.env.setdefault("LIBGL_ALWAYS_SOFTWARE", "1")
        self.counter = 0

    def path(self, name):
        return os.path.join(self.work, name)

    def run_raw(self, *args, timeout=120, cwd=None):
        # The working directory is the case's folder: nothing may be written there uninvited.
        return subprocess.run([self.binary, *args], env=self.env, capture_output=True, text=True, timeout=timeout,
                              cwd=cwd or self.work)

    def run(self, *args, screenshot=True, expect_rc=0, size=WINDOW):
        self.counter += 1
        shot = self.path(f"shot{self.counter}.png")
        dump = self.path(f"dump{self.counter}.json")
        extra = ["--dump-scene", dump, "--size", size]
        if screenshot:
            extra += ["--screenshot", shot]
        proc = self.run_raw(*args, *extra)
        check(proc.returncode == expect_rc,
              f"scanviz {' '.join(args)} exited {proc.returncode}, expected {expect_rc}; stderr: {proc.stderr}")
        with open(dump) as f:
            data = json.load(f)
        return Run(proc, data, Image(shot) if screenshot else None)


# ---- cases ---------------------------------------------------------------------------------

def case_lesson_step_one(ctx):
    """Step 1 of the default lesson: cells 1..7 written, in the highlight colour on screen."""
    r = ctx.run("--step", "1")
    check(r.dump["step"] == 1, f"step {r.dump['step']} shown, expected 1")
    written = sorted(x["index"] for x in r.rects("cell-written"))
    check(written == list(range(1, 8)), f"highlighted cells {written}, expected 1..7")
    plain = [x for x in r.rects("cell")]
    check([x["index"] for x in plain] == [0], f"unhighlighted cells {[x['index'] for x in plain]}")
    highlight = hex_rgb(r.rects("cell-written")[0]["fill"])
    for rect in r.rects("cell-written"):
        x, y = r.cell_probe(rect)
        check(near(r.image.pixel(x, y), highlight),
              f"cell {rect['index']} at ({x:.0f},{y:.0f}) is {r.image.pixel(x, y)}, not the highlight {highlight}")
    x, y = r.cell_probe(plain[0])
    check(not near(r.image.pixel(x, y), highlight, 60), f"cell 0 is highlighted on screen: {r.image.pixel(x, y)}")
    check(r.counter("Step") == "1 of 3", f"Step counter {r.counter('Step')}")
    check(r.counter("Ops this step") == "7", f"Ops counter {r.counter('Ops this step')}")
    # 7 of 32 lanes, 21.875%, printed for people with three significant digits (formatQuantity).
    check(r.counter("Warp efficiency").startswith("21.9%"), f"Warp efficiency {r.counter('Warp efficiency')}")
    check(len([l for l in r.scene["lines"] if l["role"] == "arrow"]) == 7, "expected 7 operand arrows")
    check(r.dump["explanation"] == "stride 1: threads 1..7 add XY[i-1] into XY[i]", r.dump["explanation"])


def case_lesson_last_step(ctx):
    """The last step: the scan 3 4 11 11 15 16 22 25 and green ticks against the sequential scan."""
    r = ctx.run("--step", "3")
    values = [t["text"] for t in sorted(r.texts("cell-value"), key=lambda t: t["index"])]
    check(values == ["3", "4", "11", "11", "15", "16", "22", "25"], f"cell values {values}")
    exclusive = [t["text"] for t in sorted(r.texts("result-exclusive-value"), key=lambda t: t["index"])]
    check(exclusive == ["0", "3", "4", "11", "11", "15", "16", "22"], f"exclusive row {exclusive}")
    passes = r.texts("check-pass")
    check(len(passes) == 2 and not r.texts("check-fail"), f"checks {passes}")
    green = hex_rgb(passes[0]["color"])
    x, y = r.to_pixels(passes[0]["x"], passes[0]["y"])
    found = r.image.count_near(green, (x, y, x + 500, y + passes[0]["size"] * 1.3), tolerance=40, step=1)
    check(found > 40, f"only {found} pass-coloured pixels where the green tick line should be")
    check(r.counter("Work so far") == "17 of 17", r.counter("Work so far"))
    check(r.dump["explanation"] == "stride 4: threads 4..7 add XY[i-4] into XY[i]", r.dump["explanation"])


def case_blelloch_down_sweep(ctx):
    """Blelloch's first down-sweep step swaps and adds: cells 3 and 7 both written, on screen too,
    one operand arrow and one dashed move arrow, and the move is not counted as an operation."""
    r = ctx.run("--algorithm", "blelloch", "--step", "5")
    check(r.dump["step"] == 5, f"step {r.dump['step']} shown, expected 5")
    title = " ".join(t["text"] for t in r.texts("title"))
    check("down-sweep stride 4" in title, f"title {title}")
    written = sorted(x["index"] for x in r.rects("cell-written"))
    check(written == [3, 7], f"highlighted cells {written}, expected 3 and 7")
    highlight = hex_rgb(r.rects("cell-written")[0]["fill"])
    for rect in r.rects("cell-written"):
        x, y = r.cell_probe(rect)
        check(near(r.image.pixel(x, y), highlight),
              f"cell {rect['index']} at ({x:.0f},{y:.0f}) is {r.image.pixel(x, y)}, not the highlight {highlight}")
    lines = r.scene["lines"]
    arrows = [l for l in lines if l["role"] == "arrow"]
    moves = [l for l in lines if l["role"] == "move-arrow"]
    check(len(arrows) == 1 and arrows[0]["index"] == 7, f"operand arrows {arrows}")
    check(len(moves) == 1 and moves[0]["index"] == 3 and moves[0]["dashed"], f"move arrows {moves}")
    check(moves[0]["x1"] > moves[0]["x2"], "the move goes left, from XY[7] to XY[3]")
    check(any(t["text"].startswith("moved") for t in r.texts("legend")), "no 'moved' in the legend")
    check(r.counter("Ops this step") == "1", f"Ops counter {r.counter('Ops this step')}")
    check("moves the old XY[i] into XY[i-4]" in r.dump["explanation"], r.dump["explanation"])


def case_status_names_backend(ctx):
    """The status line says which backend and device produced what is shown."""
    r = ctx.run("--backend", "cpu")
    status = r.dump["status"]
    check("produced by cpu: CPU emulator" in status, status)
    check("kogge-stone" in status, status)
    r = ctx.run()
    trace = r.dump["trace"]
    check(f"produced by {trace['backend']}: {trace['device']}" in r.dump["status"], r.dump["status"])


def case_bad_input_banner(ctx):
    """--input "3,x": an error banner and the lesson stays on screen; a --screenshot of that
    exits 2 with the message instead (a picture of the default lesson would pass for a result)."""
    r = ctx.run("--input", "3,x", screenshot=False)
    banner = r.dump["banner"]
    check(banner["error"] and "'x'" in banner["text"] and "not a number" in banner["text"], f"banner {banner}")
    check(len(r.texts("cell-value")) == 8, "the default lesson should stay on screen under the banner")
    shot = ctx.path("refused.png")
    proc = ctx.run_raw("--input", "3,x", "--screenshot", shot)
    check(proc.returncode == 2 and "not a number" in proc.stderr, f"{proc.returncode}: {proc.stderr}")
    check(not os.path.exists(shot), "a screenshot was written for a bad input")
    for bad in (["--input", ""], ["--n", "0"], ["--input", "1,2,nan"], ["--n", "999999999999"],
                ["--input", "2147483647,1"]):
        r = ctx.run(*bad, screenshot=False)
        check(r.dump["banner"]["error"] and r.dump["banner"]["text"], f"{bad}: no banner: {r.dump['banner']}")
        check(len(r.texts("cell-value")) == 8, f"{bad}: the lesson is not on screen")


def case_no_banner_for_good_input(ctx):
    """The banner only appears for problems: a good input shows none (so the banner test can fail)."""
    r = ctx.run("--input", "5 6 7 8", "--step", "2")
    check(not r.dump["banner"]["text"], f"unexpected banner {r.dump['banner']}")
    values = [t["text"] for t in sorted(r.texts("cell-value"), key=lambda t: t["index"])]
    check(values == ["5", "11", "18", "26"], f"values {values}")
    found = r.image.count_near((0x8F, 0x1D, 0x1D), (0, 0, r.image.width, 200), tolerance=25)
    check(found < 50, f"{found} banner-red pixels without a problem")


def case_corrupt_trace(ctx):
    """A truncated or missing trace file: a message, not a crash."""
    good = ctx.path("good.json")
    proc = ctx.run_raw("capture", "--algorithm", "brent-kung", "--backend", "cpu", "--out", good)
    check(proc.returncode == 0, proc.stderr)
    with open(good) as f:
        text = f.read()
    bad = ctx.path("truncated.json")
    with open(bad, "w") as f:
        f.write(text[: len(text) // 2])
    r = ctx.run("--trace", bad, screenshot=False)
    check(r.dump["banner"]["error"] and "cannot open trace" in r.dump["banner"]["text"], r.dump["banner"])
    proc = ctx.run_raw("--trace", bad, "--screenshot", ctx.path("refused.png"))
    check(proc.returncode == 2 and "truncated" in proc.stderr, f"{proc.returncode}: {proc.stderr}")
    check(r.dump["trace"]["algorithm"] == "kogge-stone", "the default lesson should be shown instead")
    r = ctx.run("--trace", ctx.path("missing.json"), screenshot=False)
    check("missing.json" in r.dump["banner"]["text"], r.dump["banner"])
    r = ctx.run("--trace", good, "--step", "2", screenshot=False)
    check(not r.dump["banner"]["text"], r.dump["banner"])
    check(r.dump["trace"]["algorithm"] == "brent-kung" and r.dump["step"] == 2, r.dump["trace"])
    check("trace file" in r.dump["status"] and "produced by cpu" in r.dump["status"], r.dump["status"])


def case_session(ctx):
    """A session file reopens its configuration and step; a corrupt one gives a message."""
    path = ctx.path("lesson.session.json")
    with open(path, "w") as f:
        json.dump({"kind": "scanviz-session", "version": 1, "step": 2,
                   "config": {"algorithm": "brent-kung", "backend": "cpu",
                              "input": {"source": "random", "n": 16, "seed": 3}}}, f)
    r = ctx.run("--session", path, screenshot=False)
    check(r.dump["trace"]["algorithm"] == "brent-kung" and r.dump["trace"]["n"] == 16, r.dump["trace"])
    check(r.dump["step"] == 2 and r.counter("Step").startswith("2 of"), r.counter("Step"))
    with open(path, "w") as f:
        f.write('{"kind": "scanviz-session", "config": {"operator": ')
    r = ctx.run("--session", path, screenshot=False)
    check("not valid JSON" in r.dump["banner"]["text"], r.dump["banner"])


def case_open_file_argument(ctx):
    """`scanviz FILE.json` opens a trace or a session by what the file says it is."""
    trace = ctx.path("bk.json")
    proc = ctx.run_raw("capture", "--algorithm", "brent-kung", "--backend", "cpu", "--out", trace)
    check(proc.returncode == 0, proc.stderr)
    r = ctx.run(trace, "--step", "3", screenshot=False)
    check(r.dump["trace"]["algorithm"] == "brent-kung" and r.dump["step"] == 3, r.dump["trace"])
    session = ctx.path("lesson.session.json")
    with open(session, "w") as f:
        json.dump({"kind": "scanviz-session", "version": 1, "step": 2,
                   "config": {"algorithm": "blelloch", "backend": "cpu",
                              "input": {"source": "random", "n": 16, "seed": 3}}}, f)
    r = ctx.run(session, screenshot=False)
    check(r.dump["trace"]["algorithm"] == "blelloch" and r.dump["step"] == 2, r.dump["trace"])
    proc = ctx.run_raw(ctx.path("missing.json"))
    check(proc.returncode == 2 and "neither a command" in proc.stderr, proc.stderr)


def case_light_theme(ctx):
    """--theme light is mostly light; the dark theme is mostly dark."""
    light = ctx.run("--theme", "light", "--step", "1")
    mean, share = light.image.luminance_stats()
    check(mean > 0.75 and share > 0.7, f"light theme: mean luminance {mean:.2f}, light share {share:.2f}")
    check(light.dump["theme"] == "light", light.dump["theme"])
    dark = ctx.run("--theme", "dark", "--step", "1")
    mean, share = dark.image.luminance_stats()
    check(mean < 0.3, f"dark theme: mean luminance {mean:.2f}")


def case_palette_and_scale(ctx):
    """Okabe-Ito highlights in orange; --scale 2 draws the scene bigger."""
    r = ctx.run("--palette", "okabe-ito", "--step", "1")
    rect = r.rects("cell-written")[0]
    check(rect["fill"] == "#e69f00", f"highlight {rect['fill']}")
    x, y = r.cell_probe(rect)
    check(near(r.image.pixel(x, y), (0xE6, 0x9F, 0x00)), f"pixel {r.image.pixel(x, y)} is not Okabe-Ito orange")
    # The menu bar is drawn with the body font: its height in the PNG follows the UI scale.
    one = ctx.run("--step", "1")
    two = ctx.run("--step", "1", "--scale", "2")
    h1, h2 = menu_bar_height(one.image), menu_bar_height(two.image)
    check(1.8 <= h2 / h1 <= 2.2, f"menu bar {h1}px at 1x and {h2}px at 2x")
    check(two.dump["ui_scale"] == 2, two.dump["ui_scale"])


def case_hidpi_monitor(ctx):
    """A 192-dpi screen (Xft.dpi, as X desktops announce a HiDPI monitor): the window, its fonts and
    its cells take twice the pixels, rasterised at that size, with no UI-scale setting touched."""
    one = ctx.run("--step", "1", size="800x500")
    check(one.dump["content_scale"] == 1, f"content scale {one.dump['content_scale']} on a 96-dpi screen")
    # Xvfb clears the root window's properties when its last client leaves, so a client stays
    # connected while the property is set and the app reads it.
    holder = subprocess.Popen(["xprop", "-root", "-spy", "RESOURCE_MANAGER"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        time.sleep(0.3)
        subprocess.run(["xprop", "-root", "-f", "RESOURCE_MANAGER", "8s", "-set", "RESOURCE_MANAGER",
                        "Xft.dpi:\t192\n"], check=True)
        two = ctx.run("--step", "1", size="800x500")
    finally:
        holder.kill()
        holder.wait()
    check(two.dump["content_scale"] == 2, f"content scale {two.dump['content_scale']} on a 192-dpi screen")
    check(two.dump["pixel_scale"] == 2 and two.dump["ui_scale"] == 1, two.dump)
    check(two.image.width == 2 * one.image.width, f"{one.image.width} -> {two.image.width} pixels wide")
    h1, h2 = menu_bar_height(one.image), menu_bar_height(two.image)
    check(1.8 <= h2 / h1 <= 2.2, f"menu bar {h1}px at 96 dpi and {h2}px at 192 dpi")
    c1, c2 = one.rects("cell-written")[0], two.rects("cell-written")[0]
    check(1.8 <= c2["h"] / c1["h"] <= 2.2, f"cells {c1['h']}px and {c2['h']}px tall")


def case_export_dialog(ctx):
    """--export-dialog opens Ctrl+E's dialog on the step shown: a default name that says what the
    picture is, and the choices a block-level lesson cannot offer disabled with the reason."""
    plain = ctx.run("--algorithm", "brent-kung", "--step", "2")
    r = ctx.run("--algorithm", "brent-kung", "--step", "2", "--export-dialog")
    d = r.dump["panels"].get("export_dialog")
    check(d is not None, f"no export dialog in the frame report: {sorted(r.dump['panels'])}")
    check(d["show"] == "Array view" and not d["problem"], d)
    name = os.path.basename(d["path"])
    check("brent-kung" in name and "step2" in name and name.endswith(".png"), f"default name {name}")
    check("grid-level" in d["disabled"].get("Block timeline", ""), d["disabled"])
    check("Timing plot" in d["disabled"], d["disabled"])
    check("application" in d["disabled"].get("Application picture", ""), d["disabled"])
    # A one-block Brent-Kung run has its tree as its structure figure; Kogge-Stone has none.
    check("Structure figure" not in d["disabled"], d["disabled"])
    ks = ctx.run("--algorithm", "kogge-stone", "--export-dialog", screenshot=False)
    check("more than one block" in ks.dump["panels"]["export_dialog"]["disabled"].get("Structure figure", ""),
          ks.dump["panels"]["export_dialog"]["disabled"])
    # Every "Show" choice is drawn, and they wrap onto rows without overlapping.
    boxes = d["show_rects"]
    for choice in ("Array view", "Counters", "Block timeline", "Timing plot", "Whole window",
                   "Application picture", "Structure figure"):
        check(choice in boxes, f"no '{choice}' among the Show choices {sorted(boxes)}")
    for a, (ax, ay, aw, ah) in boxes.items():
        for b, (bx, by, bw, bh) in boxes.items():
            overlap = a < b and ax < bx + bw and bx < ax + aw and ay < by + bh and by < ay + ah
            check(not overlap, f"'{a}' at {boxes[a]} overlaps '{b}' at {boxes[b]}")
    # The modal is drawn: ImGui dims everything behind it, e.g. the whole controls panel.
    box = (20, 200, 300, 700)
    probes = [(x, y) for y in range(box[1], box[3], 10) for x in range(box[0], box[2], 10)]
    changed = sum(1 for x, y in probes if not near(r.image.pixel(x, y), plain.image.pixel(x, y), 8))
    check(changed > 0.9 * len(probes), f"{changed} of {len(probes)} probes behind the dialog changed")
    for label, (x, y, w, h) in boxes.items():
        check(0 < x and x + w < r.image.width and 0 < y and y + h < r.image.height, f"'{label}' off screen")


def menu_bar_height(image):
    """Rows from the top that keep the menu bar's colour at the right edge."""
    colour = image.pixel(image.width - 3, 2)
    rows = 0
    while rows < image.height and near(image.pixel(image.width - 3, rows), colour, 6):
        rows += 1
    return rows


def case_presentation(ctx):
    """Presentation mode: one big view with the step's sentence in it."""
    r = ctx.run("--presentation", "--step", "2")
    check(r.texts("explanation"), "no explanation text in the presentation scene")
    check(r.scene["width"] > 0.9 * r.dump["window"][0], f"scene width {r.scene['width']}")
    cell = r.rects("cell-written")[0]
    check(cell["h"] > 70, f"cells are only {cell['h']}px tall in presentation mode")


def ink_in(run, rect):
    """Pixels inside a cell that differ from the cell's own fill: how much text it shows."""
    fill = hex_rgb(rect["fill"])
    x0, y0 = run.to_pixels(rect["x"] + 2, rect["y"] + 2)
    x1, y1 = run.to_pixels(rect["x"] + rect["w"] - 2, rect["y"] + rect["h"] - 2)
    return sum(not near(run.image.pixel(x, y), fill) for y in range(int(y0), int(y1)) for x in range(int(x0), int(x1)))


def case_symbolic_values(ctx):
    """--symbolic (X in the window): Blelloch's first down-sweep as seed 003 writes it, the ranges on
    screen rather than numbers, the values kept in the tooltips."""
    seed = ["--algorithm", "blelloch", "--input", "3,1,7,0,4,1,6,3", "--step", "5"]
    r = ctx.run(*seed, "--symbolic")
    cells = [t["text"] for t in sorted(r.texts("cell-value"), key=lambda t: t["index"])]
    check(cells == ["x0", "x0..x1", "x2", "0", "x4", "x4..x5", "x6", "x0..x3"], f"cells {cells}")
    tips = {t["index"]: t.get("tooltip", "") for t in r.texts("cell-value")}
    check("= 11" in tips[7] and "x0..x3" in tips[7], f"tooltip of cell 7: {tips[7]}")
    numbers = ctx.run(*seed)
    plain = [t["text"] for t in sorted(numbers.texts("cell-value"), key=lambda t: t["index"])]
    check(plain == ["3", "4", "7", "0", "4", "5", "6", "11"], f"without --symbolic: {plain}")
    # On screen: "x4..x5" puts more ink in cell 5 than "5" does.
    sym_ink = ink_in(r, [c for c in r.rects("cell") if c["index"] == 5][0])
    num_ink = ink_in(numbers, [c for c in numbers.rects("cell") if c["index"] == 5][0])
    check(sym_ink > 1.5 * num_ink > 0, f"ink in cell 5: symbolic {sym_ink}, numeric {num_ink}")


def check_figure_colour(r, x, y, colour, what):
    """The window's figure has `colour` at the figure-scene point (x, y)."""
    ox, oy = r.dump["panels"]["figure"]["origin"]
    fb = r.image.width / r.dump["window"][0]
    px, py = ox + x * fb, oy + y * fb
    check(near(r.image.pixel(px, py), hex_rgb(colour)), f"{what} at ({px:.0f},{py:.0f}) is {r.image.pixel(px, py)}")


def case_structure_figure(ctx):
    """--panel figure (G): PMPP Fig. 8.9 in the window, filled in up to the step shown: at the scan
    of S the S row shows its sums, S scanned and Y are empty cells; at the end every row is drawn."""
    pmpp = ["--algorithm", "hierarchical", "--input", "2,1,3,1,0,4,1,2,0,3,1,2,5,3,1,2", "--block-size", "2",
            "--panel", "figure"]
    r = ctx.run(*pmpp, "--step", "6")
    fig = r.dump["panels"]["figure"]
    scene = fig["scene"]
    by_role = lambda role: [t["text"] for t in sorted(scene["texts"], key=lambda t: t["index"]) if t["role"] == role]
    check(by_role("sums-value") == ["7", "7", "6", "11"], f"S {by_role('sums-value')}")
    check(by_role("sums-scanned-value") == [] and by_role("result-value") == [], "later rows drawn too early")
    pending = [x for x in scene["rects"] if x["role"] == "result-cell-pending"]
    check(len(pending) == 16, f"{len(pending)} empty Y cells")
    last = ctx.run(*pmpp, "--step", "9")
    fig = last.dump["panels"]["figure"]
    scene = fig["scene"]
    check(by_role("sums-scanned-value") == ["7", "14", "20", "31"], f"S scanned {by_role('sums-scanned-value')}")
    # On screen: the scanned sums in the highlight colour, where the scene says they are.
    for cell in [x for x in scene["rects"] if x["role"] == "sums-scanned-cell"]:
        check_figure_colour(last, cell["x"] + 0.12 * cell["w"], cell["y"] + 0.5 * cell["h"], cell["fill"],
                            f"S scanned cell {cell['index']}")
    arrows = [l for l in scene["lines"] if l["role"] == "addback-arrow"]
    check(len(arrows) == 12, f"{len(arrows)} add-back arrows")
    # It fills the view (1600x1000 with the side panels): values legible from the back row.
    sizes = [t["size"] for t in scene["texts"] if t["role"].endswith("-value")]
    check(min(sizes) >= 24, f"value font {min(sizes)} px")
    none = ctx.run("--algorithm", "kogge-stone", "--panel", "figure", screenshot=False)
    check("more than one block" in none.dump["panels"]["figure"]["problem"], none.dump["panels"])



def case_tree_figure(ctx):
    """--panel figure (G) on a one-block Blelloch run: seed 003's tables on the tree, in both
    themes. At step 2 (up-sweep stride 2) the two nodes it writes are in the highlight colour
    where the scene puts them and the down-sweep is empty; at the end the leaves of the down-sweep
    are the exclusive scan 0 3 4 11 11 15 16 22, with an arrow into every node of both trees."""
    seed = ["--algorithm", "blelloch", "--input", "3,1,7,0,4,1,6,3", "--exclusive", "--backend", "cpu",
            "--panel", "figure"]
    for theme in ("light", "dark"):
        r = ctx.run(*seed, "--step", "2", "--theme", theme)
        scene = r.dump["panels"]["figure"]["scene"]
        lit = [x for x in scene["rects"] if x["role"] == "up-node-written-cell"]
        check(len(lit) == 2, f"{len(lit)} nodes written at up-sweep stride 2")
        for cell in lit:
            check_figure_colour(r, cell["x"] + 0.12 * cell["w"], cell["y"] + 0.5 * cell["h"], cell["fill"],
                                f"{theme} written node {cell['index']}")
        check(not [t for t in scene["texts"] if t["role"].startswith("down-node")], "the down-sweep drawn too early")
    last = ctx.run(*seed, "--step", "7")
    scene = last.dump["panels"]["figure"]["scene"]
    down = [t["text"] for t in scene["texts"] if t["role"].startswith("down-node") and t["role"].endswith("-value")]
    check(down[-8:] == ["0", "3", "4", "11", "11", "15", "16", "22"], f"down-sweep leaves {down[-8:]}")
    arrows = [x for x in scene["lines"] if x["role"] in ("operand-arrow", "own-arrow", "move-arrow")]
    check(len(arrows) == 28, f"{len(arrows)} arrows: 2 into each of 7 up-sweep nodes, 1 into each of 14 down-sweep nodes")
    # Legible from the back of a lecture hall: the values are at least 24 px high at 1600x1000.
    sizes = [t["size"] for t in scene["texts"] if t["role"].endswith("-value")]
    check(min(sizes) >= 24, f"value font {min(sizes)} px")


def case_section_figures(ctx):
    """--panel figure (G) on one-block hillis-steele, three-phase and kogge-stone-exclusive: the
    window picks the figure that fits the algorithm. Hillis-Steele at stride 2 (light): buffer A
    written, its cells in the highlight colour, buffer B's row above it complete and the last row
    empty. Three-phase (dark): the threads t0..t3 under global memory, each loaded element in its
    thread's colour in shared memory. Exclusive Kogge-Stone: the shifted row 0 3 1 7 0 4 1 6."""
    r = ctx.run("--algorithm", "hillis-steele", "--input", "3,1,7,0,4,1,6,3", "--backend", "cpu",
                "--panel", "figure", "--step", "2")
    scene = r.dump["panels"]["figure"]["scene"]
    names = [t["text"] for t in scene["texts"] if t["role"] == "buffer-name"]
    check(names == ["A", "B", "A", "B"], f"buffers {names}")
    lit = [x for x in scene["rects"] if x["role"] == "buffer-A-written-cell"]
    check(len(lit) == 6, f"{len(lit)} cells of A written at stride 2")
    for cell in lit:
        check_figure_colour(r, cell["x"] + 0.12 * cell["w"], cell["y"] + 0.5 * cell["h"], cell["fill"],
                            f"written cell {cell['index']}")
    check(len([x for x in scene["rects"] if x["role"] == "buffer-B-cell-pending"]) == 8, "stride 4 drawn too early")
    t = ctx.run("--algorithm", "three-phase", "--block-size", "4", "--input", "2,1,3,1,0,4,1,2,0,3,1,2,5,3,1,2",
                "--backend", "cpu", "--panel", "figure", "--step", "1", "--theme", "dark")
    scene = t.dump["panels"]["figure"]["scene"]
    threads = [x["text"] for x in scene["texts"] if x["role"] == "global-thread"]
    check(threads == ["t0", "t1", "t2", "t3"] * 4, f"loading threads {threads}")
    for cell in [x for x in scene["rects"] if x["role"] == "shared-cell"]:
        check_figure_colour(t, cell["x"] + 0.12 * cell["w"], cell["y"] + 0.85 * cell["h"], cell["fill"],
                            f"shared cell {cell['index']}")
    k = ctx.run("--algorithm", "kogge-stone-exclusive", "--input", "3,1,7,0,4,1,6,3", "--backend", "cpu",
                "--panel", "figure", "--step", "3")
    scene = k.dump["panels"]["figure"]["scene"]
    shifted = [x["text"] for x in scene["texts"] if x["role"].startswith("shifted") and x["role"].endswith("-value")]
    check(shifted == ["0", "3", "1", "7", "0", "4", "1", "6"], f"shifted row {shifted}")
    sizes = [x["size"] for x in scene["texts"] if x["role"].endswith("-value")]
    check(min(sizes) >= 24, f"value font {min(sizes)} px")


def case_chained_handoff_figure(ctx):
    """--panel figure (G) on single-pass-chained: PMPP 8.7's hand-off in the window. Seed 000's
    "receives 7, sums up with its local 7 to get 14, passes 14 on" on the lesson input: each block's
    running sum in the highlight colour, an arrow across to the next block with the sum it makes
    and the scheduler round, and the received sum added into every element of the next block."""
    r = ctx.run("--algorithm", "single-pass-chained", "--input", "3,1,7,0,4,1,6,3,2,5,1,4,0,2,3,1",
                "--block-size", "2", "--backend", "cpu", "--panel", "figure", "--step", "4")
    fig = r.dump["panels"]["figure"]
    scene = fig["scene"]
    by_role = lambda role: [t["text"] for t in sorted(scene["texts"], key=lambda t: t["index"]) if t["role"] == role]
    check(by_role("handoff-value") == ["11", "25", "37", "43"], f"running sums {by_role('handoff-value')}")
    check(by_role("handoff-sum") == ["11 + 14 = 25", "25 + 12 = 37", "37 + 6 = 43"], by_role("handoff-sum"))
    check(by_role("handoff-round") == ["round 2", "round 3", "round 4"], by_role("handoff-round"))
    check(any("PMPP 8.7" in t for t in by_role("title")), f"title {by_role('title')}")
    for cell in [x for x in scene["rects"] if x["role"] == "handoff-cell"]:
        # Under the number, clear of the arrowhead that ends at the cell's left edge.
        check_figure_colour(r, cell["x"] + 0.5 * cell["w"], cell["y"] + 0.9 * cell["h"], cell["fill"],
                            f"running-sum cell {cell['index']}")
    for line in [x for x in scene["lines"] if x["role"] == "handoff-arrow"]:
        check_figure_colour(r, 0.5 * (line["x1"] + line["x2"]), line["y1"], line["color"],
                            f"hand-off arrow {line['index']}")
    addback = [x for x in scene["lines"] if x["role"] == "addback-arrow"]
    check(len(addback) == 12, f"{len(addback)} arrows adding the received sums")
    # --symbolic (X in the window): the hand-off names the ranges it joins.
    sym = ctx.run("--algorithm", "single-pass-chained", "--input", "3,1,7,0,4,1,6,3,2,5,1,4,0,2,3,1",
                  "--block-size", "2", "--backend", "cpu", "--panel", "figure", "--step", "4", "--symbolic")
    scene = sym.dump["panels"]["figure"]["scene"]
    check(by_role("handoff-value") == ["x0..x3", "x0..x7", "x0..x11", "x0..x15"], by_role("handoff-value"))
    check(by_role("handoff-sum")[0] == "\u22110..3 + \u22114..7 = \u22110..7", by_role("handoff-sum"))


def case_race_roulette_figure(ctx):
    """--panel figure (G) on the one-barrier Kogge-Stone: its race roulette. Without a GPU the
    counts are the emulator's and the picture says so; the bars hold every run, and the failing
    run's first wrong cell (always a warp's first lane) is marked in the failure colour."""
    r = ctx.run("--algorithm", "kogge-stone-one-barrier", "--n", "256", "--block-size", "256",
                "--backend", "cpu", "--panel", "figure")
    scene = r.dump["panels"]["figure"]["scene"]
    by_role = lambda role: [t["text"] for t in scene["texts"] if t["role"] == role]
    check(by_role("title") == ["Race roulette: the one-barrier Kogge-Stone, block size 256"], by_role("title"))
    check("CPU emulator" in by_role("source")[0], by_role("source"))
    counts = sum(int(t) for t in by_role("roulette-count"))
    check(counts == 200, f"bars hold {counts} runs")
    check(by_role("size-label") == ["64 threads", "256 threads", "1024 threads"], by_role("size-label"))
    wrong = [x for x in scene["rects"] if x["role"] == "got-wrong"]
    check(wrong and wrong[0]["index"] % 32 == 0, wrong[:1])
    check_figure_colour(r, wrong[0]["x"] + 0.1 * wrong[0]["w"], wrong[0]["y"] + 0.5 * wrong[0]["h"],
                        wrong[0]["fill"], "first wrong cell")


def case_deadlock_figure(ctx):
    """--panel figure (G) on a chained run with static block ids that deadlocks: the window shows
    the deadlock, not an empty view: blocks 3 and 2 red and spinning in the two slots, blocks 0 and
    1 without a slot, and the arrow into block 1, which never starts, in the failure colour."""
    r = ctx.run("--algorithm", "single-pass-chained", "--input", "3,1,7,0,4,1,6,3,2,5,1,4,0,2,3,1",
                "--block-size", "2", "--backend", "cpu", "--static-block-ids", "--launch-order", "descending",
                "--resident-blocks", "2", "--panel", "figure")
    scene = r.dump["panels"]["figure"]["scene"]
    by_role = lambda role: [t["text"] for t in sorted(scene["texts"], key=lambda t: t["index"]) if t["role"] == role]
    check(by_role("title") == ["Static block ids: a deadlock (PMPP 8.7)"], by_role("title"))
    check(by_role("block-state") == ["no slot", "no slot", "spins", "spins"], by_role("block-state"))
    spinning = [x for x in scene["rects"] if x["role"] == "block-spinning"]
    check(sorted(x["index"] for x in spinning) == [2, 3], spinning)
    for box in spinning:
        check_figure_colour(r, box["x"] + 0.08 * box["w"], box["y"] + 0.85 * box["h"], box["fill"],
                            f"spinning block {box['index']}")
    heads = [x for x in scene["lines"] if x["role"] == "wait-arrow-head"]
    check(len(heads) == 2, heads)

def case_large_input(ctx):
    """N = 100000 captures in the background and shows the recorded block, culled to the view."""
    r = ctx.run("--n", "100000", "--block-size", "1024", "--step", "3", screenshot=False)
    check(r.dump["trace"]["n"] == 100000, r.dump["trace"])
    check(not r.dump["banner"]["text"], r.dump["banner"])
    cells = len(r.texts("cell-value"))
    check(r.scene["width"] > r.dump["window"][0], f"scene width {r.scene['width']}: 1024 cells should scroll")
    check(0 < cells < 1024, f"{cells} cell texts of 1024: culling failed")


def case_step_past_the_end(ctx):
    """--step beyond the trace shows the last step and says so (a notice, not an error); a script
    is told by exit 2 (issue 35), and no screenshot of another step is written."""
    r = ctx.run("--step", "9", screenshot=False, expect_rc=2)
    check(r.dump["step"] == 3, f"step {r.dump['step']}")
    banner = r.dump["banner"]
    check(not banner["error"] and "past the last step" in banner["text"], f"banner {banner}")


def refused_as_usage_error(ctx, args):
    """The window refuses `args` before opening: exit 2 and one line on stderr, "scanviz: ..."."""
    proc = ctx.run_raw(*args)
    check(proc.returncode == 2, f"{args}: exit {proc.returncode}, expected 2")
    lines = [l for l in proc.stderr.splitlines() if l.strip()]
    check(len(lines) == 1 and lines[0].startswith("scanviz:"), f"{args}: stderr {proc.stderr!r}")


def case_usage_errors(ctx):
    """Unknown options and bad values: one line on stderr, exit 2, no window."""
    for args in (["--bogus"], ["--scale", "9"], ["--step", "-1"], ["--size", "10x10"], ["--theme", "blue"],
                 ["--algorithm", "bubble"], ["--session", "a.json", "--trace", "b.json"], ["--frame-times", "x"]):
        refused_as_usage_error(ctx, args)


def case_frame_times(ctx):
    """--frame-times N prints the median and 95th percentile."""
    proc = ctx.run_raw("--frame-times", "30", "--size", WINDOW, "--step", "1")
    check(proc.returncode == 0, proc.stderr)
    m = re.search(r"median ([0-9.]+) ms, 95th percentile ([0-9.]+) ms", proc.stdout)
    check(m and 0 < float(m.group(1)) <= float(m.group(2)), f"output: {proc.stdout!r}")


def case_measure_recapture(ctx):
    """--measure-recapture K times K re-captures, each one control changed, with where the time went."""
    proc = ctx.run_raw("--algorithm", "kogge-stone", "--n", "64", "--pattern", "random", "--backend", "cpu",
                       "--measure-recapture", "3", "--size", WINDOW)
    check(proc.returncode == 0, proc.stderr)
    rows = re.findall(r"^(operator|block size|N) +(\d+) +(\d+) +(\w+) \| +([0-9.]+) \|((?: +[0-9.]+){5}) \| +([0-9.]+)$",
                      proc.stdout, re.M)
    check([r[0] for r in rows] == ["operator", "block size", "N"], f"output: {proc.stdout!r}")
    check([(r[1], r[2], r[3]) for r in rows] == [("64", "64", "max"), ("64", "32", "max"), ("60", "32", "max")],
          f"rows {rows}")
    for r in rows:
        total, parts = float(r[4]), [float(x) for x in r[5].split()]
        check(total > 0 and sum(parts) <= total + 0.5, f"total {total} < its parts {parts}")
        check(float(r[6]) <= parts[2] + 0.05, f"the run {r[6]} is not part of the capture {parts[2]}")
    check(re.search(r"median over 1 operator changes: total [0-9.]+ ms", proc.stdout), proc.stdout)


def case_settings_persist(ctx):
    """Settings in the config folder are used; command-line overrides are not saved."""
    folder = os.path.join(ctx.env["XDG_CONFIG_HOME"], "scanviz")
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "settings.json"), "w") as f:
        json.dump({"theme": "light", "palette": "okabe-ito", "ui_scale": 1.25}, f)
    r = ctx.run(screenshot=False)
    check(r.dump["theme"] == "light" and r.dump["ui_scale"] == 1.25, f"{r.dump['theme']} {r.dump['ui_scale']}")
    r = ctx.run("--theme", "dark", screenshot=False)
    check(r.dump["theme"] == "dark", r.dump["theme"])
    with open(os.path.join(folder, "settings.json")) as f:
        check(json.load(f)["theme"] == "light", "a command-line override was saved")
    check(os.path.exists(os.path.join(folder, "imgui.ini")), "imgui.ini is not in the config folder")
    check(not os.path.exists(os.path.join(ctx.work, "imgui.ini")), "imgui.ini was written to the working directory")
    with open(os.path.join(folder, "settings.json"), "w") as f:
        f.write("{broken")
    r = ctx.run(screenshot=False)
    check(r.dump["theme"] == "dark", "a corrupt settings file should fall back to the defaults")


def start_clean(ctx):
    """Cases that keep files between runs (settings, sessions) start from an empty folder."""
    shutil.rmtree(ctx.work)
    os.makedirs(ctx.work)


def settings_file(ctx):
    return os.path.join(ctx.env["XDG_CONFIG_HOME"], "scanviz", "settings.json")


def saved_recent(ctx):
    with open(settings_file(ctx)) as f:
        return json.load(f).get("recent_files")


def fake_chooser(ctx, name, script):
    """A stand-in for zenity: a shell script that answers as the desktop's chooser would."""
    path = ctx.path(name)
    with open(path, "w") as f:
        f.write("#!/bin/sh\n" + script + "\n")
    os.chmod(path, 0o755)
    return path


def run_with_chooser(ctx, chooser, *args):
    saved = ctx.env.get("SCANVIZ_FILE_CHOOSER")
    ctx.env["SCANVIZ_FILE_CHOOSER"] = chooser
    try:
        return ctx.run(*args)
    finally:
        ctx.env["SCANVIZ_FILE_CHOOSER"] = saved


def case_desktop_file_chooser(ctx):
    """Ctrl+O asks the desktop's chooser (a zenity stand-in) and opens what it answers; when the
    chooser fails the window's own dialog opens instead, and a cancel leaves the lesson as it was."""
    start_clean(ctx)
    answer = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "assets", "traces",
                          "brent-kung-lesson.json")
    asked = ctx.path("asked.txt")
    zenity = fake_chooser(ctx, "zenity", f'printf "%s\\n" "$@" > "{asked}"; echo "{answer}"')
    r = run_with_chooser(ctx, zenity, "--algorithm", "kogge-stone", "--backend", "cpu", "--keys", "Ctrl+O")
    check(r.dump["trace"]["algorithm"] == "brent-kung", f"opened {r.dump['trace']}")
    with open(asked) as f:
        argv = f.read().split("\n")
    check("--file-selection" in argv and "--title=Open a trace or session" in argv, f"zenity got {argv}")
    check(not r.dump["panels"]["files"]["own_dialog"], r.dump["panels"]["files"])
    broken = fake_chooser(ctx, "zenity-broken", "echo 'cannot open display' >&2; exit 255")
    r = run_with_chooser(ctx, broken, "--algorithm", "kogge-stone", "--backend", "cpu", "--keys", "Ctrl+O")
    check(r.dump["panels"]["files"]["own_dialog"], f"no fallback dialog: {r.dump['panels']['files']}")
    cancel = fake_chooser(ctx, "zenity-cancel", "exit 1")
    r = run_with_chooser(ctx, cancel, "--algorithm", "kogge-stone", "--backend", "cpu", "--keys", "Ctrl+O")
    check(r.dump["trace"]["algorithm"] == "kogge-stone" and not r.dump["panels"]["files"]["own_dialog"],
          f"after cancel: {r.dump['trace']['algorithm']}, {r.dump['panels']['files']}")


def case_drop_files(ctx):
    """A trace or session dropped on the window opens as `scanviz FILE` does; a bad file, a folder
    or an unreadable one names its problem in the banner and the lesson on screen stays."""
    start_clean(ctx)
    good = ctx.path("bk.json")
    proc = ctx.run_raw("capture", "--algorithm", "brent-kung", "--backend", "cpu", "--out", good)
    check(proc.returncode == 0, proc.stderr)
    r = ctx.run("--algorithm", "kogge-stone", "--backend", "cpu", "--n", "16", "--drop", good, "--step", "2")
    check(r.dump["trace"]["algorithm"] == "brent-kung" and r.dump["trace"]["file"] == good, r.dump["trace"])
    check(not r.dump["banner"]["text"], r.dump["banner"])
    session = ctx.path("blelloch.session.json")
    with open(session, "w") as f:
        json.dump({"kind": "scanviz-session", "version": 1, "step": 3,
                   "config": {"algorithm": "blelloch", "backend": "cpu",
                              "input": {"source": "random", "n": 16, "seed": 3}}}, f)
    r = ctx.run("--trace", good, "--drop", session, screenshot=False)
    check(r.dump["trace"]["algorithm"] == "blelloch" and r.dump["step"] == 3, r.dump["trace"])
    # Bad drops: the brent-kung lesson at step 2 stays on screen under a banner naming the file.
    bad = ctx.path("notes.json")
    with open(bad, "w") as f:
        f.write("these are my lecture notes, not a trace")
    broken_session = ctx.path("broken.session.json")
    with open(broken_session, "w") as f:
        json.dump({"kind": "scanviz-session", "version": 1, "trace_file": ctx.path("gone.json"),
                   "config": {"algorithm": "blelloch", "backend": "cpu"}}, f)
    # A script is told with exit 2 (issue 35); --dump-scene still records the banner.
    for dropped, words in ((bad, "notes.json"), (ctx.path("missing.json"), "missing.json"),
                           (ctx.work, "is a folder"), (broken_session, "gone.json")):
        r = ctx.run("--trace", good, "--step", "2", "--drop", dropped, screenshot=False, expect_rc=2)
        check(r.dump["banner"]["error"] and words in r.dump["banner"]["text"],
              f"dropping {dropped}: banner {r.dump['banner']}")
        check(r.dump["trace"]["algorithm"] == "brent-kung" and r.dump["trace"]["file"] == good
              and r.dump["step"] == 2, f"dropping {dropped} lost the lesson: {r.dump['trace']} step {r.dump['step']}")
    print(f"bad drop: banner {r.dump['banner']['text']!r}")
    proc = ctx.run_raw("--drop", "", "--dump-scene", ctx.path("x.json"))
    check(proc.returncode == 2 and "--drop needs a file name" in proc.stderr, proc.stderr)
    proc = ctx.run_raw("export", "--trace", good, "--drop", good, "--out", ctx.path("x.png"))
    check(proc.returncode == 2 and "options of the window" in proc.stderr, proc.stderr)


def case_recent_files(ctx):
    """File > Open recent: what was opened or saved, most recent first, capped, kept in the
    settings file (written whole, command-line overrides not saved); a file that is gone is
    listed as missing."""
    start_clean(ctx)
    a, b = ctx.path("a.json"), ctx.path("b.json")
    for path, algorithm in ((a, "brent-kung"), (b, "blelloch")):
        proc = ctx.run_raw("capture", "--algorithm", algorithm, "--backend", "cpu", "--out", path)
        check(proc.returncode == 0, proc.stderr)
    ctx.run("--trace", a, screenshot=False)
    check(saved_recent(ctx) == [a], f"after opening a: {saved_recent(ctx)}")
    ctx.run("--trace", b, "--theme", "light", screenshot=False)
    ctx.run("--drop", a, screenshot=False)
    check(saved_recent(ctx) == [a, b], f"after a, b, a: {saved_recent(ctx)}")
    with open(settings_file(ctx)) as f:
        check(json.load(f)["theme"] == "dark", "the --theme override was saved with the recent files")
    session = ctx.path("saved.session.json")
    ctx.run("--trace", b, "--save-session", session, screenshot=False)
    check(os.path.exists(session) and saved_recent(ctx) == [session, b, a], f"after saving: {saved_recent(ctx)}")
    check(sorted(os.listdir(os.path.dirname(settings_file(ctx)))) == ["imgui.ini", "settings.json"],
          f"left in the config folder: {os.listdir(os.path.dirname(settings_file(ctx)))}")
    os.remove(a)
    r = ctx.run("--trace", b, "--show-recent")
    listed = r.dump["panels"]["recent_files"]
    check([e["path"] for e in listed] == [b, session, a], f"menu lists {listed}")
    check([e["missing"] for e in listed] == [False, False, True], f"missing flags {listed}")
    # The open menu is in the picture: the pixels under the menu bar's File entry are the popup's.
    print(f"recent menu picture: {ctx.path(f'shot{ctx.counter}.png')}")
    # A long list from an older run (or a hand edit) is cut to eight, repeats removed.
    with open(settings_file(ctx)) as f:
        settings = json.load(f)
    settings["recent_files"] = [ctx.path(f"old{k}.json") for k in range(12)] + [b]
    with open(settings_file(ctx), "w") as f:
        json.dump(settings, f)
    ctx.run("--trace", b, screenshot=False)
    recent = saved_recent(ctx)
    check(recent[0] == b and len(recent) == 8 and recent.count(b) == 1, f"capped list: {recent}")


def case_save_session_overwrite(ctx):
    """Save session asks before it replaces a file (Overwrite / Cancel); the file stays as it was
    until the user answers. A new file is written at once."""
    start_clean(ctx)
    trace = ctx.path("bk.json")
    proc = ctx.run_raw("capture", "--algorithm", "brent-kung", "--backend", "cpu", "--out", trace)
    check(proc.returncode == 0, proc.stderr)
    fresh = ctx.path("fresh.session.json")
    r = ctx.run("--trace", trace, "--step", "2", "--save-session", fresh, screenshot=False)
    with open(fresh) as f:
        saved = json.load(f)
    # The trace's path is stored from the session's folder (issue 35).
    check(saved["step"] == 2 and os.path.join(os.path.dirname(fresh), saved["trace_file"]) == trace,
          saved)
    check("confirm_overwrite" not in r.dump["panels"], "asked before writing a new file")
    existing = ctx.path("existing.session.json")
    with open(existing, "w") as f:
        f.write("the lecturer's own session\n")
    r = ctx.run("--trace", trace, "--step", "3", "--save-session", existing)
    modal = r.dump["panels"].get("confirm_overwrite")
    check(modal and modal["path"] == existing, f"no confirmation asked: {r.dump['panels'].keys()}")
    check([b["label"] for b in modal["buttons"]] == ["Overwrite", "Cancel"], modal)
    with open(existing) as f:
        check(f.read() == "the lecturer's own session\n", "the file was replaced before the user answered")
    # The modal is on screen: its Overwrite button is drawn in the button colour, not the lesson's.
    button = modal["buttons"][0]
    x, y = r.to_pixels(button["x"] + 3, button["y"] + button["h"] / 2)
    print(f"overwrite modal picture: {ctx.path(f'shot{ctx.counter}.png')}, Overwrite button pixel {r.image.pixel(x, y)}")
    proc = ctx.run_raw("--save-session", "", "--dump-scene", ctx.path("x.json"))
    check(proc.returncode == 2 and "--save-session needs a file name" in proc.stderr, proc.stderr)


CASES = cases_of(globals())


def context_for(args, _name):
    return Context(args.binary, args.work)


if __name__ == "__main__":
    sys.exit(run_cases(CASES, context_for, __doc__))
