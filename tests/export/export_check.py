#!/usr/bin/env python3
"""Checks of `scanviz export` with real tools (CTest label `ui`).

Each case runs the real binary, then reads what it wrote: PNGs are decoded here (zlib, no
third-party modules) for their size and pixels, SVGs go through xml.etree and rsvg-convert, GIFs
are parsed block by block for their frames and graphics control extensions. Run it under Xvfb with
Mesa's software renderer, e.g.

    xvfb-run -a env LIBGL_ALWAYS_SOFTWARE=1 python3 export_check.py \\
        --binary build/app/scanviz --rsvg /usr/bin/rsvg-convert --work /tmp/export png_2x_matches_1x
"""

import os
import shutil
import struct
import subprocess
import sys
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
from checks import Png, cases_of, check, read_gif, run_cases  # noqa: E402

SVG_NS = "{http://www.w3.org/2000/svg}"
KOGGE_STONE_ANSWER = ["3", "4", "11", "11", "15", "16", "22", "25"]
# The classic palette's "written in this step" fill in the dark theme (palette.cpp).
WRITTEN_DARK = (0xFF, 0xC2, 0x3D)
DARK_BACKGROUND = (0x18, 0x1A, 0x1F)
# The classic palette's accent (the timeline's working blocks) in the dark and light themes.
ACCENT_DARK = (0x5A, 0xA9, 0xFF)
ACCENT_LIGHT = (0x1F, 0x6F, 0xD1)


def downscale2(img):
    """Box filter: every 2x2 block becomes one pixel (the 2x picture at 1x)."""
    out = []
    for y in range(img.height // 2):
        a, b = img.rows[2 * y], img.rows[2 * y + 1]
        row = bytearray(4 * (img.width // 2))
        for x in range(img.width // 2):
            for c in range(4):
                i = 8 * x + c
                row[4 * x + c] = (a[i] + a[i + 4] + b[i] + b[i + 4] + 2) // 4
        out.append(row)
    return out


# ---- running the binary -----------------------------------------------------------------------

class Runner:
    def __init__(self, binary, rsvg, work):
        self.binary, self.rsvg, self.work = binary, rsvg, work
        os.makedirs(work, exist_ok=True)

    def path(self, name):
        return os.path.join(self.work, name)

    def export(self, *args, expect=0, env=None):
        cmd = [self.binary, "export", *args]
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=240, env=env)
        check(r.returncode == expect,
              f"{' '.join(cmd)} exited {r.returncode}, expected {expect}\n{r.stdout}\n{r.stderr}")
        return r

    def svg(self, name):
        tree = ET.parse(self.path(name))
        return tree.getroot()

    def render_svg(self, name, out):
        r = subprocess.run([self.rsvg, "-o", self.path(out), self.path(name)], capture_output=True, text=True)
        check(r.returncode == 0, f"rsvg-convert failed on {name}: {r.stderr}")
        return Png(self.path(out))


LESSON = ["--algorithm", "kogge-stone", "--backend", "cpu"]


def texts(root, cls):
    found = [(int(t.get("data-index", "-1")), t.text) for t in root.iter(SVG_NS + "text") if t.get("class") == cls]
    return [v for _, v in sorted(found, key=lambda p: p[0])]


def svg_size(root):
    return float(root.get("width")), float(root.get("height"))


def check_scaled_pngs(run, args, stem, theme, scales=(2,), not_blank=False):
    """Exports `args` in `theme` as SVG and as a PNG at each of `scales`: each PNG is the SVG's
    size times its scale (within a pixel a scale) and, with not_blank, has more than 20 colours."""
    run.export(*args, "--theme", theme, "--out", run.path(f"{stem}-{theme}.svg"))
    w, h = svg_size(run.svg(f"{stem}-{theme}.svg"))
    for scale in scales:
        out = run.path(f"{stem}-{theme}-{scale}.png")
        run.export(*args, "--theme", theme, "--pixel-scale", str(scale), "--out", out)
        png = Png(out)
        check(abs(png.width - scale * w) <= scale and abs(png.height - scale * h) <= scale,
              f"{stem} {theme} {scale}x PNG is {png.width}x{png.height}, its SVG {w}x{h}")
        if not_blank:
            check(len(png.colours(limit=21)) > 20, f"the {stem} {theme} {scale}x PNG is blank")


# ---- cases -------------------------------------------------------------------------------------

def case_png_size_and_content(run):
    run.export(*LESSON, "--step", "1", "--out", run.path("step1.png"))
    run.export(*LESSON, "--step", "1", "--out", run.path("step1.svg"))
    png, (w, h) = Png(run.path("step1.png")), svg_size(run.svg("step1.svg"))
    # The PNG at 1x is the SVG's picture, pixel for pixel.
    check(abs(png.width - w) <= 1 and abs(png.height - h) <= 1,
          f"1x PNG is {png.width}x{png.height}, the SVG says {w}x{h}")
    check(png.width > 400 and png.height > 200, f"1x PNG is only {png.width}x{png.height}")
    colours = png.colours()
    check(len(colours) > 20, f"the PNG has only {len(colours)} colours: not a picture")
    check(png.pixel(0, 0)[:3] == DARK_BACKGROUND, f"corner is {png.pixel(0, 0)}, not the dark background")
    written = png.mask(WRITTEN_DARK, 2)
    check(len(written) > 2000, f"only {len(written)} pixels of the written-cell colour at step 1")


def case_png_2x_matches_1x(run):
    # --scale is --pixel-scale's old spelling, still accepted; both at once are refused.
    run.export(*LESSON, "--step", "2", "--scale", "1", "--out", run.path("one.png"))
    run.export(*LESSON, "--step", "2", "--pixel-scale", "2", "--out", run.path("two.png"))
    both = run.export(*LESSON, "--step", "2", "--pixel-scale", "2", "--scale", "2", "--out",
                      run.path("both.png"), expect=2)
    check("only one of --pixel-scale and --scale" in both.stderr, both.stderr)
    check(not os.path.exists(run.path("both.png")), "a refused export wrote its file")
    one, two = Png(run.path("one.png")), Png(run.path("two.png"))
    check(abs(two.width - 2 * one.width) <= 1 and abs(two.height - 2 * one.height) <= 1,
          f"2x is {two.width}x{two.height}, 1x is {one.width}x{one.height}")
    small = downscale2(two)
    w, h = min(one.width, len(small[0]) // 4), min(one.height, len(small))
    total, count = 0, 0
    for y in range(h):
        a, b = one.rows[y], small[y]
        for i in range(0, 4 * w, 4):
            total += abs(a[i] - b[i]) + abs(a[i + 1] - b[i + 1]) + abs(a[i + 2] - b[i + 2])
            count += 3
    mean = total / count
    print(f"mean absolute difference of 2x downscaled vs 1x: {mean:.2f} (of 255)")
    check(mean < 6.0, f"2x downscaled differs from 1x by {mean:.2f} on average")
    # The highlighted (written) cells are at the same places.
    m1 = one.mask(WRITTEN_DARK, 6)
    m2 = set()
    for y in range(h):
        for x in range(w):
            r = small[y]
            if all(abs(r[4 * x + c] - WRITTEN_DARK[c]) <= 6 for c in range(3)):
                m2.add((x, y))
    overlap = len(m1 & m2) / max(1, len(m1 | m2))
    print(f"written cells: {len(m1)} px at 1x, {len(m2)} px at 2x downscaled, overlap {overlap:.3f}")
    check(len(m1) > 1000, "no highlighted cells found at 1x")
    check(overlap > 0.9, f"highlighted cells overlap only {overlap:.3f}")
    edges, sharp = hard_edges(two) / max(1, hard_edges(one)), sharp_blocks(two)
    print(f"2x: {edges:.2f} times the hard edges of 1x, {100 * sharp:.1f}% of 2x2 blocks hold an edge")
    check(edges > 1.5 and sharp > 0.01, "the 2x picture looks enlarged from a smaller one")


def case_png_4x_size(run):
    run.export(*LESSON, "--step", "1", "--out", run.path("one.png"))
    run.export(*LESSON, "--step", "1", "--pixel-scale", "4", "--out", run.path("four.png"))
    with open(run.path("one.png"), "rb") as f:
        w1, h1 = struct.unpack(">II", f.read(24)[16:24])
    with open(run.path("four.png"), "rb") as f:
        w4, h4 = struct.unpack(">II", f.read(24)[16:24])
    check(abs(w4 - 4 * w1) <= 2 and abs(h4 - 4 * h1) <= 2, f"4x is {w4}x{h4}, 1x is {w1}x{h1}")
    # Drawn at 4x, not enlarged: edges stay one pixel hard (four times the rows hold them) and
    # pixels are not repeated in blocks.
    one, four = Png(run.path("one.png")), Png(run.path("four.png"))
    edges = hard_edges(four) / max(1, hard_edges(one))
    sharp = sharp_blocks(four)
    print(f"4x: {edges:.2f} times the hard edges of 1x, {100 * sharp:.1f}% of 2x2 blocks hold an edge")
    check(edges > 2.5, f"the 4x picture has {edges:.2f} times the 1x one's hard edges: smoothed?")
    check(sharp > 0.01, f"only {100 * sharp:.2f}% of the 4x picture's 2x2 blocks differ inside")


def case_png_transparent_and_white(run):
    run.export(*LESSON, "--step", "1", "--background", "transparent", "--out", run.path("clear.png"))
    png = Png(run.path("clear.png"))
    check(png.pixel(0, 0)[3] == 0, f"corner of a transparent export is {png.pixel(0, 0)}")
    opaque = sum(1 for r in png.rows for i in range(3, len(r), 4) if r[i] == 255)
    check(opaque > 10000, f"only {opaque} opaque pixels in the transparent export")
    # Straight alpha: a half-covered pixel of a light colour stays light, not darkened.
    run.export(*LESSON, "--step", "1", "--theme", "light", "--background", "white", "--out", run.path("white.png"))
    white = Png(run.path("white.png"))
    check(white.pixel(0, 0) == (255, 255, 255, 255), f"corner of a white export is {white.pixel(0, 0)}")


def case_svg_parsed_and_rendered(run):
    r = run.export(*LESSON, "--out", run.path("last.svg"))
    root = run.svg("last.svg")
    check(root.tag == SVG_NS + "svg", f"root element is {root.tag}")
    values = texts(root, "cell-value")
    check(values == KOGGE_STONE_ANSWER, f"cell values at the last step: {values}")
    check(texts(root, "result-inclusive-value") == KOGGE_STONE_ANSWER, "inclusive result row")
    check(any("matches the sequential scan" in (t.text or "") for t in root.iter(SVG_NS + "text")),
          "the result check sentence is missing")
    families = {g.get("font-family") for g in root.iter(SVG_NS + "g") if g.get("font-family")}
    check(any("DejaVu Sans" in f for f in families), f"font family not named: {families}")
    arrows = [g for g in root.iter(SVG_NS + "g") if g.get("class") == "arrow"]
    check(len(arrows) == 4, f"{len(arrows)} operand arrows at the last Kogge-Stone step (stride 4), expected 4")
    png = run.render_svg("last.svg", "last-rsvg.png")
    w, h = svg_size(root)
    check(abs(png.width - w) <= 1 and abs(png.height - h) <= 1, f"rsvg drew {png.width}x{png.height}")
    colours = png.colours()
    check(len(colours) > 20, f"rsvg-convert's picture has {len(colours)} colours: blank")
    written = png.mask(WRITTEN_DARK, 2)
    check(len(written) > 1000, f"rsvg-convert's picture shows {len(written)} written-cell pixels")
    print(r.stdout.strip())


def case_svg_light_theme(run):
    run.export(*LESSON, "--step", "2", "--theme", "light", "--background", "white",
               "--out", run.path("light.svg"))
    root = run.svg("light.svg")
    bg = [e for e in root.iter(SVG_NS + "rect") if e.get("class") == "background"]
    check(len(bg) == 1 and bg[0].get("fill") == "#ffffff", "white background rectangle")
    written = [e for e in root.iter(SVG_NS + "rect") if e.get("class") == "cell-written"]
    check(written and all(e.get("fill") == "#ffb000" for e in written),
          f"light theme's written fill: {[e.get('fill') for e in written]}")
    run.export(*LESSON, "--step", "2", "--theme", "light", "--background", "transparent",
               "--out", run.path("clear.svg"))
    clear = run.svg("clear.svg")
    check(not [e for e in clear.iter(SVG_NS + "rect") if e.get("class") == "background"],
          "a transparent SVG has no background rectangle")


def step_count(run):
    run.export(*LESSON, "--all", "--out", run.path("all.svg"))
    return len(texts(run.svg("all.svg"), "step-label"))


def case_gif_frames_and_delays(run):
    steps = step_count(run)
    check(steps >= 3, f"{steps} steps in the lesson")
    run.export(*LESSON, "--format", "gif", "--speed", "2", "--out", run.path("run.gif"))
    g = read_gif(run.path("run.gif"))
    print(f"GIF: {g}")
    check(g["frames"] == steps, f"{g['frames']} frames for {steps} steps")
    check(g["delays"] == [50] * steps, f"delays {g['delays']}, expected 50 cs each at 2 steps a second")
    check(g["loops"], "the GIF does not loop")
    run.export(*LESSON, "--range", "1:2", "--speed", "0.5", "--pixel-scale", "2", "--out", run.path("part.gif"))
    p = read_gif(run.path("part.gif"))
    check(p["frames"] == 2 and p["delays"] == [200, 200], f"range GIF: {p}")
    check(p["width"] > 2 * 400, f"2x GIF is {p['width']} wide")


def case_filmstrip_grows_with_steps(run):
    run.export(*LESSON, "--range", "0:1", "--out", run.path("two.svg"))
    run.export(*LESSON, "--all", "--out", run.path("all.svg"))
    two, everything = run.svg("two.svg"), run.svg("all.svg")
    labels = texts(everything, "step-label")
    check(labels == [f"step {k}" for k in range(len(labels))], f"step labels: {labels}")
    check(texts(two, "step-label") == ["step 0", "step 1"], f"step labels of 0:1: {texts(two, 'step-label')}")
    h2, hall = svg_size(two)[1], svg_size(everything)[1]
    check(hall > h2 * 1.3, f"filmstrip of all steps is {hall} high, of two steps {h2}")
    # Rows are written top to bottom: the last eight values are the last row.
    cells = [(int(t.get("data-index")), t.text) for t in everything.iter(SVG_NS + "text")
             if t.get("class") == "cell-value"]
    last_row = [v for _, v in sorted(cells[-8:])]
    check(last_row == KOGGE_STONE_ANSWER, f"last row of the filmstrip: {last_row}")
    run.render_svg("all.svg", "all-rsvg.png")
    run.export(*LESSON, "--range", "0:1", "--out", run.path("two.png"))
    run.export(*LESSON, "--all", "--out", run.path("all.png"))
    with open(run.path("two.png"), "rb") as f:
        _, ht = struct.unpack(">II", f.read(24)[16:24])
    with open(run.path("all.png"), "rb") as f:
        _, ha = struct.unpack(">II", f.read(24)[16:24])
    check(ha > ht, f"PNG filmstrip of all steps is {ha} high, of two steps {ht}")


def case_png_sequence(run):
    steps = step_count(run)
    out = run.path("frames")
    shutil.rmtree(out, ignore_errors=True)
    run.export(*LESSON, "--format", "png-seq", "--pixel-scale", "2", "--out", out)
    files = sorted(os.listdir(out))
    check(len(files) == steps, f"{len(files)} files for {steps} steps: {files}")
    check(files[0] == "kogge-stone_n8_step0@2x.png", f"first file is {files[0]}")
    sizes = set()
    for name in files:
        with open(os.path.join(out, name), "rb") as f:
            sizes.add(struct.unpack(">II", f.read(24)[16:24]))
    check(len(sizes) == 1, f"frames of a sequence differ in size: {sizes}")


def mean_difference(one, small):
    """Mean absolute difference (of 255) between a picture and rows of the same size."""
    w, h = min(one.width, len(small[0]) // 4), min(one.height, len(small))
    total = 0
    for y in range(h):
        a, b = one.rows[y], small[y]
        total += sum(abs(a[i] - b[i]) for i in range(4 * w) if i % 4 != 3)
    return total / (3 * w * h)


def sharp_blocks(img):
    """Share of 2x2 blocks whose four pixels are not all alike: 0 for a picture enlarged by
    repeating pixels; edges drawn at the full resolution make many."""
    blocks = sharp = 0
    for y in range(0, img.height - 1, 2):
        a, b = img.rows[y], img.rows[y + 1]
        for x in range(0, img.width - 1, 2):
            i = 4 * x
            p = a[i:i + 3], a[i + 4:i + 7], b[i:i + 3], b[i + 4:i + 7]
            blocks += 1
            sharp += max(max(abs(p[0][c] - q[c]) for c in range(3)) for q in p[1:]) > 24
    return sharp / blocks


def hard_edges(img):
    """Neighbouring pixels (across) that differ by more than a quarter of the range: an edge drawn at
    this resolution is one such step; a picture enlarged by smoothing spreads it over softer ones
    (a 1x picture enlarged bilinearly keeps a quarter of them, drawn at 2x has about twice)."""
    count = 0
    for r in img.rows:
        for i in range(4, len(r), 4):
            if abs(r[i] - r[i - 4]) + abs(r[i + 1] - r[i - 3]) + abs(r[i + 2] - r[i - 2]) > 3 * 64:
                count += 1
    return count


def case_window_png(run):
    run.export(*LESSON, "--panel", "window", "--step", "1", "--size", "1024x700", "--scale", "2",
               "--out", run.path("window.png"))
    png = Png(run.path("window.png"))
    check((png.width, png.height) == (2048, 1400), f"window at 2x is {png.width}x{png.height}")
    check(len(png.colours(limit=51)) > 50, "the window picture is nearly blank")
    check(len(png.mask(WRITTEN_DARK, 2)) > 4000, "the window picture shows no written cells")
    # Drawn at 2x, not enlarged: the 1x window, shrunk from the 2x one, is the same picture (the
    # panels where they were, text runs a pixel longer or shorter where glyphs are hinted at the
    # other size), and the 2x one has detail a 1x picture enlarged could not have.
    run.export(*LESSON, "--panel", "window", "--step", "1", "--size", "1024x700", "--scale", "1",
               "--out", run.path("window1.png"))
    one = Png(run.path("window1.png"))
    check((one.width, one.height) == (1024, 700), f"window at 1x is {one.width}x{one.height}")
    small = downscale2(png)
    mean = mean_difference(one, small)
    print(f"window: mean absolute difference of 2x downscaled vs 1x: {mean:.2f} (of 255)")
    check(mean < 10.0, f"the 2x window shrunk to 1x differs from the 1x window by {mean:.2f}")
    m1 = one.mask(WRITTEN_DARK, 6)
    m2 = {(x, y) for y, r in enumerate(small) for x in range(len(r) // 4)
          if all(abs(r[4 * x + c] - WRITTEN_DARK[c]) <= 6 for c in range(3))}
    overlap = len(m1 & m2) / max(1, len(m1 | m2))
    print(f"window: written cells {len(m1)} px at 1x, {len(m2)} px at 2x downscaled, overlap {overlap:.3f}")
    check(len(m1) > 1000 and overlap > 0.8, f"the written cells overlap only {overlap:.3f}")
    sharp = sharp_blocks(png)
    print(f"window: {100 * sharp:.1f}% of the 2x picture's 2x2 blocks hold an edge")
    check(sharp > 0.01, f"only {100 * sharp:.2f}% of 2x2 blocks differ inside: an enlarged picture?")
    edges = hard_edges(png) / max(1, hard_edges(one))
    print(f"window: {edges:.2f} times the hard edges of the 1x picture (twice the rows: about 2)")
    check(edges > 1.5, f"the 2x window has {edges:.2f} times the 1x one's hard edges: smoothed?")
    # The light theme for the picture only, on the whole window too.
    run.export(*LESSON, "--panel", "window", "--step", "1", "--size", "1024x700", "--theme", "light",
               "--out", run.path("window-light.png"))
    light = Png(run.path("window-light.png"))
    bright = sum(1 for r in light.rows for i in range(0, len(r), 4) if min(r[i:i + 3]) > 200)
    check(bright > 0.5 * light.width * light.height, f"the light window is {bright} bright pixels")


def case_window_code_view(run):
    """--code-view picks the code panel's tab in a picture of the window, as in the window: the
    executor form and the textbook listing are different pictures."""
    shots = {}
    for view in ("textbook", "executor"):
        path = run.path(f"window-{view}.png")
        run.export(*LESSON, "--panel", "window", "--step", "1", "--size", "1440x900", "--code-view", view,
                   "--out", path)
        shots[view] = Png(path)
    a, b = shots["textbook"], shots["executor"]
    rows = [y for y in range(a.height // 2, a.height) if a.rows[y] != b.rows[y]]
    check(len(rows) > 100, f"--code-view executor draws the textbook's picture ({len(rows)} rows differ)")


def case_no_display(run):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    r = run.export(*LESSON, "--out", run.path("nodisplay.png"), expect=2, env=env)
    lines = [l for l in r.stderr.splitlines() if l.strip()]
    check(len(lines) == 1, f"expected one line on stderr, got {lines}")
    check("xvfb-run" in lines[0] and "OpenGL" in lines[0], f"message does not say what to do: {lines[0]}")
    check(not os.path.exists(run.path("nodisplay.png")), "a PNG was written without a context")
    run.export(*LESSON, "--out", run.path("nodisplay.svg"), env=env)
    check(texts(run.svg("nodisplay.svg"), "cell-value") == KOGGE_STONE_ANSWER, "SVG without a display")


# ---- the quiz sheet (scanviz quiz --out) ---------------------------------------------------------

def quiz(run, *args, expect=0):
    cmd = [run.binary, "quiz", *LESSON, *args]
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=240)
    check(r.returncode == expect,
          f"{' '.join(cmd)} exited {r.returncode}, expected {expect}\n{r.stdout}\n{r.stderr}")
    return r


def answer_text(answer):
    values = answer if isinstance(answer, list) else [answer]
    return ", ".join(str(int(v)) if float(v).is_integer() else f"{v:g}" for v in values)


def case_quiz_sheet_svg_and_key(run):
    """The sheet has the questions with blanks and no answer; the key the same with the answers."""
    args = ["--n", "16", "--seed", "4", "--count", "7"]
    sheet = __import__("json").loads(quiz(run, *args, "--json").stdout)
    quiz(run, *args, "--out", run.path("sheet.svg"))
    s, k = run.svg("sheet.svg"), run.svg("sheet-key.svg")
    questions = [q["question"] for q in sheet]
    # A question wraps onto several lines: join each one's lines by its number.
    def joined(root):
        lines = [t.text for t in root.iter(SVG_NS + "text") if t.get("class") == "sheet-question"]
        return " ".join(lines)
    for q in questions:
        check(q in joined(s) and q in joined(k), f"question missing: {q}")
    blanks = [l for l in s.iter(SVG_NS + "line") if l.get("class") == "sheet-blank"]
    check(len(blanks) == len(sheet), f"{len(blanks)} blanks for {len(sheet)} questions")
    check(texts(s, "sheet-answer") == [], f"the sheet shows answers: {texts(s, 'sheet-answer')}")
    check(texts(k, "sheet-answer") == [answer_text(q["answer"]) for q in sheet],
          f"key {texts(k, 'sheet-answer')} != {[answer_text(q['answer']) for q in sheet]}")
    # Each group of questions stands under a picture of the step before it.
    steps = sorted({q["step"] for q in sheet})
    check(len(texts(s, "sheet-step")) == len(steps), f"{texts(s, 'sheet-step')} for steps {steps}")
    run.render_svg("sheet.svg", "sheet-svg.png")


def case_quiz_sheet_png(run):
    """PNG from the same builder: both files, white paper, --key puts the key where it is asked."""
    r = quiz(run, "--count", "5", "--out", run.path("q.png"), "--key", run.path("answers.png"),
             "--scale", "2")
    check("answers.png" in r.stdout, r.stdout)
    quiz(run, "--count", "5", "--out", run.path("q1.svg"))
    sheet, key = Png(run.path("q.png")), Png(run.path("answers.png"))
    w, h = svg_size(run.svg("q1.svg"))
    check(abs(sheet.width - 2 * w) <= 2 and abs(sheet.height - 2 * h) <= 2,
          f"2x PNG {sheet.width}x{sheet.height}, SVG {w}x{h}")
    check(sheet.rgb(2, 2) == (255, 255, 255), f"corner {sheet.rgb(2, 2)}: not white paper")
    check(key.width == sheet.width, "the key is not the sheet's width")
    check(not os.path.exists(run.path("q-key.png")), "the key went beside the sheet despite --key")


def case_quiz_sheet_usage_errors(run):
    """Bad --out, --key or --scale: one line naming the problem, exit 2, no file of either."""
    missing = os.path.join(run.path("no-such-folder"), "s.svg")
    bad = [(["--out", run.path("s.pdf")], "must end in .svg or .png"),
           (["--out", run.path("s.svg"), "--key", run.path("k.png")], "must end in .svg"),
           (["--out", run.path("s.svg"), "--key", run.path("s.svg")], "file of its own"),
           (["--out", run.path("s.svg"), "--json"], "not both"),
           (["--key", run.path("k.svg")], "goes with --out"),
           (["--out", run.path("s.png"), "--scale", "9"], "scale"),
           (["--out", missing], "no-such-folder"),
           (["--input", "3,x", "--out", run.path("s.svg")], "x")]
    for args, words in bad:
        r = quiz(run, *args, expect=2)
        lines = [l for l in r.stderr.splitlines() if l.strip()]
        check(len(lines) == 1 and words in lines[0], f"{args}: stderr {r.stderr!r} does not name {words!r}")
    left = [f for f in os.listdir(run.work) if f.startswith(("s.", "s-key", "k."))]
    check(not left, f"a refused sheet left {left}")


def case_usage_errors(run):
    bad = [
        (["--scale", "3", "--out", run.path("x.png")], "1, 2 or 4"),
        (["--panel", "window", "--out", run.path("x.svg")], "PNG only"),
        (["--step", "99", "--out", run.path("x.png")], "not inside this trace"),
        (["--format", "gif", "--out", run.path("x.png")], "does not end in .gif"),
        (["--out", run.path("x.bmp")], "does not say the format"),
        (["--range", "2-3", "--out", run.path("x.svg")], "not a step"),
        (["--step", "1", "--all", "--out", run.path("x.svg")], "only one of"),
        (["--step", "1"], "--out"),
        (["--trace", run.path("missing.json"), "--out", run.path("x.svg")], "missing.json"),
        (["--input", "3,x", "--out", run.path("x.svg")], "x"),
        (["--frobnicate", "--out", run.path("x.svg")], "frobnicate"),
    ]
    for args, words in bad:
        extra = [] if any(a in ("--trace", "--input") for a in args) else LESSON
        r = run.export(*extra, *args, expect=2)
        lines = [l for l in r.stderr.splitlines() if l.strip()]
        check(len(lines) == 1 and words in lines[0], f"{args}: stderr {r.stderr!r} does not name {words!r}")
    check(not os.path.exists(run.path("x.png")), "a failed export left a file behind")
    r = subprocess.run([run.binary, "export", "--help"], capture_output=True, text=True)
    check(r.returncode == 0 and "png, svg, gif, png-seq, pdf" in r.stdout, "export --help")


def case_defaults_and_folder_out(run):
    folder = run.path("deck")
    os.makedirs(folder, exist_ok=True)
    run.export(*LESSON, "--step", "3", "--scale", "2", "--format", "png", "--out", folder)
    check(os.path.exists(os.path.join(folder, "kogge-stone_n8_step3@2x.png")), f"in {folder}: {os.listdir(folder)}")
    # A folder without --format gets a PNG.
    run.export(*LESSON, "--step", "1", "--out", folder + "/")
    check(os.path.exists(os.path.join(folder, "kogge-stone_n8_step1.png")), f"in {folder}: {os.listdir(folder)}")
    run.export(*LESSON, "--step", "2", "--out", run.path("noext"), "--format", "svg")
    check(os.path.exists(run.path("noext.svg")), "the extension is added to a name without one")
    # A sample trace from a file, as a lecturer would use it.
    sample = os.path.join(os.path.dirname(__file__), "..", "..", "assets", "traces", "brent-kung-lesson.json")
    if os.path.exists(sample):
        run.export("--trace", sample, "--all", "--out", run.path("bk.svg"))
        check(len(texts(run.svg("bk.svg"), "step-label")) >= 5, "brent-kung filmstrip from the sample trace")


def case_long_values(run):
    """64 random values: sums of three digits among ones of one and two. The picture is laid out
    wider until every value shows (a slide has no tooltip for a blank or cut cell); where even the
    widest layout it takes by itself is not enough, stderr says how to widen it."""
    lesson = ["--algorithm", "hierarchical", "--backend", "cpu", "--n", "64"]
    r = run.export(*lesson, "--all", "--out", run.path("h64.svg"))
    check("too long" not in r.stderr, f"a note for 64 values: {r.stderr}")
    root = run.svg("h64.svg")
    values = [t.text for t in root.iter(SVG_NS + "text") if (t.get("class") or "").endswith("-value")]
    rows = len(texts(root, "step-label"))
    print(f"{len(values)} values in {rows} rows, {svg_size(root)[0]:.0f} wide")
    check(len(values) >= 64 * (rows + 1), f"{len(values)} values drawn in {rows} rows of 64 and the input")
    check(all(v and "\u2026" not in v for v in values), f"blank or cut values: {[v for v in values if not v or chr(0x2026) in v][:5]}")
    check(any(len(v) == 3 for v in values), "no three-digit sums: the case no longer tests long values")
    # 128 values need more than the 1.75 times the layout grows by itself: a note names the option.
    lesson128 = ["--algorithm", "hierarchical", "--backend", "cpu", "--n", "128", "--range", "3:6"]
    r = run.export(*lesson128, "--out", run.path("h128.svg"))
    lines = [l for l in r.stderr.splitlines() if l.strip()]
    check(len(lines) == 1 and "too long for their cells" in lines[0] and "--width 2400" in lines[0],
          f"stderr of a layout too narrow for its values: {lines}")
    r = run.export(*lesson128, "--width", "2400", "--out", run.path("h128w.svg"))
    check(r.stderr.strip() == "", f"stderr at --width 2400: {r.stderr}")
    values = [t.text for t in run.svg("h128w.svg").iter(SVG_NS + "text")
              if (t.get("class") or "").endswith("-value")]
    check(all(v and chr(0x2026) not in v for v in values), "blank or cut values at --width 2400")


def png_size(path):
    with open(path, "rb") as f:
        return struct.unpack(">II", f.read(24)[16:24])


def sample_trace(name):
    return os.path.join(os.path.dirname(__file__), "..", "..", "assets", "traces", name)


GRID_TRACE = sample_trace("decoupled-lookback-1048576.json")


def case_counters_svg(run):
    run.export(*LESSON, "--panel", "counters", "--out", run.path("counters.svg"))
    root = run.svg("counters.svg")
    labels, values = texts(root, "counter-label"), texts(root, "counter-value")
    print(dict(zip(labels, values)))
    check(len(labels) == len(values) >= 8, f"labels {labels}, values {values}")
    rows = dict(zip(labels, values))
    check(rows.get("Step") == "3 of 3", f"the last Kogge-Stone step of 8 elements: {rows.get('Step')}")
    # Strides 1, 2 and 4 over 8 elements: 7 + 6 + 4 = 17 operator applications.
    check(rows.get("Work so far") == "17 of 17", f"work: {rows.get('Work so far')}")
    check(rows.get("Sequential work", "").startswith("7 "), f"sequential: {rows.get('Sequential work')}")
    check(rows.get("Depth D") == "3 steps", f"depth: {rows.get('Depth D')}")
    check(texts(root, "counters-title") == ["Counters"], "the title")
    png = run.render_svg("counters.svg", "counters-rsvg.png")
    w, h = svg_size(root)
    check(abs(png.width - w) <= 1 and abs(png.height - h) <= 1, f"rsvg drew {png.width}x{png.height}")
    check(len(png.colours(limit=21)) > 20, "rsvg-convert's counters picture is blank")
    # Step 1 has other numbers: the table follows --step.
    run.export(*LESSON, "--panel", "counters", "--step", "1", "--out", run.path("counters1.svg"))
    rows1 = dict(zip(texts(run.svg("counters1.svg"), "counter-label"),
                     texts(run.svg("counters1.svg"), "counter-value")))
    check(rows1.get("Step") == "1 of 3" and rows1.get("Work so far") == "7 of 17", f"step 1: {rows1}")


def case_panel_png_scales(run):
    check(os.path.exists(GRID_TRACE), f"no sample trace at {GRID_TRACE}")
    cases = [("counters", [*LESSON, "--panel", "counters"], DARK_BACKGROUND, None),
             ("timeline", ["--trace", GRID_TRACE, "--panel", "timeline"], DARK_BACKGROUND, ACCENT_DARK)]
    for name, args, background, bars in cases:
        run.export(*args, "--scale", "1", "--out", run.path(f"{name}1.png"))
        run.export(*args, "--scale", "2", "--out", run.path(f"{name}2.png"))
        one, two = Png(run.path(f"{name}1.png")), Png(run.path(f"{name}2.png"))
        print(f"{name}: 1x {one.width}x{one.height}, 2x {two.width}x{two.height}")
        check(abs(two.width - 2 * one.width) <= 1 and abs(two.height - 2 * one.height) <= 1,
              f"{name} at 2x is {two.width}x{two.height}, at 1x {one.width}x{one.height}")
        check(one.width >= 300 and one.height >= 200, f"{name} at 1x is only {one.width}x{one.height}")
        check(one.pixel(0, 0)[:3] == background, f"{name}: corner {one.pixel(0, 0)}")
        for img in (one, two):
            check(len(img.colours(limit=31)) > 30, f"{name}: only {len(img.colours())} colours")
            busy = sum(1 for r in img.rows for i in range(0, len(r), 4) if tuple(r[i:i + 3]) != background)
            check(busy > 0.02 * img.width * img.height, f"{name}: {busy} pixels besides the background")
        if bars:
            m1, m2 = len(one.mask(bars, 4)), len(two.mask(bars, 4))
            print(f"{name}: {m1} bar pixels at 1x, {m2} at 2x")
            check(m1 > 20000, f"{name}: only {m1} pixels of the working-block colour")
            check(3.0 < m2 / m1 < 5.0, f"{name}: bar area grows {m2 / m1:.2f}x from 1x to 2x")
    # Light theme, white background, and the default name in a folder.
    folder = run.path("deck")
    os.makedirs(folder, exist_ok=True)
    run.export("--trace", GRID_TRACE, "--panel", "timeline", "--step", "5", "--scale", "2",
               "--theme", "light", "--background", "white", "--format", "png", "--out", folder)
    name = os.path.join(folder, "decoupled-lookback_n1048576_step5_timeline@2x.png")
    check(os.path.exists(name), f"in {folder}: {os.listdir(folder)}")
    light = Png(name)
    check(light.pixel(0, 0) == (255, 255, 255, 255), f"corner of the light timeline: {light.pixel(0, 0)}")
    check(len(light.mask(ACCENT_LIGHT, 4)) > 40000, "the light timeline has no working-block bars")
    run.export("--trace", GRID_TRACE, "--panel", "timeline", "--lanes", "block",
               "--out", run.path("byblock.svg"))
    lanes = texts(run.svg("byblock.svg"), "lane-label")
    check(lanes and all(l.startswith("block ") for l in lanes), f"lanes by block: {lanes[:5]}")
    bars = [e for e in run.svg("byblock.svg").iter(SVG_NS + "rect") if e.get("class") == "block-bar"]
    check(len(bars) == 512, f"{len(bars)} block bars for the 512 blocks of the trace")


def case_panel_errors(run):
    out = run.path("timeline.png")
    r = run.export(*LESSON, "--panel", "timeline", "--out", out, expect=2)
    lines = [l for l in r.stderr.splitlines() if l.strip()]
    print(lines)
    check(len(lines) == 1, f"expected one line on stderr, got {lines}")
    for words in ("per-block timings", "kogge-stone", "block-level", "decoupled-lookback", "hierarchical"):
        check(words in lines[0], f"the message does not name {words!r}: {lines[0]}")
    check(not os.path.exists(out), "a refused timeline left a file")
    bad = [
        (["--panel", "counters", "--format", "gif", "--out", run.path("x.gif")], "PNG, SVG or PDF"),
        (["--panel", "counters", "--all", "--out", run.path("x.svg")], "one step"),
        (["--panel", "counters", "--lanes", "sm", "--out", run.path("x.svg")], "--panel timeline"),
        (["--panel", "timeline", "--lanes", "warp", "--out", run.path("x.svg")], "sm, block"),
        (["--panel", "plot", "--out", run.path("x.svg")], "--bench"),
        (["--panel", "heat", "--out", run.path("x.svg")], "counters, timeline"),
    ]
    for args, words in bad:
        r = run.export(*LESSON, *args, expect=2)
        lines = [l for l in r.stderr.splitlines() if l.strip()]
        check(len(lines) == 1 and words in lines[0], f"{args}: stderr {r.stderr!r} does not name {words!r}")


def case_bench_plot(run):
    report = os.path.join(os.path.dirname(__file__), "..", "..", "docs", "results", "2026-11-22-h200",
                          "bench-baseline.json")
    check(os.path.exists(report), f"no benchmark report at {report}")
    run.export("--bench", report, "--subjects", "brent-kung,decoupled-lookback,cub,copy", "--theme", "light",
               "--out", run.path("bench.svg"))
    root = run.svg("bench.svg")
    legend = [t.text for t in root.iter(SVG_NS + "text") if t.get("class") == "legend"]
    check(legend == ["device copy (limit)", "CUB DeviceScan", "Brent-Kung", "Decoupled look-back"],
          f"legend of the throughput plot: {legend}")
    check(len([e for e in root.iter(SVG_NS + "rect") if e.get("class") == "marker"]) >= 10, "markers")
    png = run.render_svg("bench.svg", "bench-rsvg.png")
    check(len(png.colours(limit=21)) > 20, "rsvg-convert's plot is blank")
    run.export("--bench", report, "--scale", "2", "--out", run.path("bench.png"))
    drawn = Png(run.path("bench.png"))
    check((drawn.width, drawn.height) == (1920, 1200), f"2x plot is {drawn.width}x{drawn.height}")
    # --background white is the picture's background: the plot's frame fills the picture, so it
    # takes the colour; away from the text and lines most of the picture is then white.
    run.export("--bench", report, "--theme", "light", "--background", "white", "--out", run.path("white.png"))
    white = Png(run.path("white.png"))
    check(white.pixel(2, 2)[:3] == (255, 255, 255), f"--background white: corner {white.pixel(2, 2)}")
    check(len(white.mask((255, 255, 255), tolerance=0)) > white.width * white.height // 2,
          "--background white: the plot is not on white")
    run.export("--bench", report, "--subjects", "nonsense", "--out", run.path("x.svg"), expect=2)
    # `--panel plot` names what --bench draws; another panel does not go with it.
    run.export("--bench", report, "--panel", "plot", "--out", run.path("alias.svg"))
    check([t.text for t in run.svg("alias.svg").iter(SVG_NS + "text") if t.get("class") == "legend"],
          "the plot of --panel plot has no legend")
    run.export("--bench", report, "--panel", "counters", "--out", run.path("x.svg"), expect=2)


SEED_LESSON = ["--input", "3,1,7,0,4,1,6,3", "--backend", "cpu"]


def case_symbolic_in_every_format(run):
    """--symbolic: seed 003's Blelloch tables, in SVG, a filmstrip, a GIF and 2x PNGs of both themes."""
    blelloch = ["--algorithm", "blelloch", *SEED_LESSON]
    # Step 6, down-sweep stride 2: seed 003's "step2 res: [a0] [0] [a2] [a0+a1] [a4] [a0+a1+a2+a3] ...".
    run.export(*blelloch, "--step", "6", "--symbolic", "--out", run.path("down2.svg"))
    root = run.svg("down2.svg")
    cells = texts(root, "cell-value")
    check(cells == ["x0", "0", "x2", "x0..x1", "x4", "x0..x3", "x6", "x0..x5"], f"symbolic cells: {cells}")
    before = texts(root, "before-cell-value")
    check(before == ["x0", "x0..x1", "x2", "0", "x4", "x4..x5", "x6", "x0..x3"], f"before row: {before}")
    legend = [t.text for t in root.iter(SVG_NS + "text") if t.get("class") == "legend"]
    check(any(t.startswith("xi..xj = xi + ") for t in legend), f"no legend line for the symbols: {legend}")
    # Without the flag the same step shows its numbers.
    run.export(*blelloch, "--step", "6", "--out", run.path("values.svg"))
    check(texts(run.svg("values.svg"), "cell-value") == ["3", "0", "7", "4", "4", "11", "6", "16"],
          "the numbers without --symbolic")
    # The filmstrip: every row symbolic, the result rows by the scan's definition.
    run.export(*blelloch, "--all", "--symbolic", "--out", run.path("all.svg"))
    strip = run.svg("all.svg")
    values = [t.text for t in strip.iter(SVG_NS + "text") if (t.get("class") or "").endswith("-value")]
    check("x0..x7" in values and not any(v.isdigit() and v != "0" for v in values),
          f"filmstrip values: {values}")
    check(texts(strip, "result-inclusive-value") == ["x0"] + [f"x0..x{i}" for i in range(1, 8)],
          f"inclusive result row: {texts(strip, 'result-inclusive-value')}")
    # GIF: one frame a step, and the symbols change what is drawn.
    run.export(*blelloch, "--format", "gif", "--symbolic", "--out", run.path("sym.gif"))
    run.export(*blelloch, "--format", "gif", "--out", run.path("num.gif"))
    sym, num = read_gif(run.path("sym.gif")), read_gif(run.path("num.gif"))
    check(sym["frames"] == num["frames"] == 8, f"GIF frames: {sym['frames']}")
    check(open(run.path("sym.gif"), "rb").read() != open(run.path("num.gif"), "rb").read(),
          "the symbolic GIF is the numeric one")
    for theme in ("dark", "light"):
        check_scaled_pngs(run, [*blelloch, "--step", "6", "--symbolic"], "down2", theme, not_blank=True)


PMPP_FIGURE = ["--algorithm", "hierarchical", "--input", "2,1,3,1,0,4,1,2,0,3,1,2,5,3,1,2",
               "--block-size", "2", "--backend", "cpu", "--panel", "figure"]


def case_figure_in_every_format(run):
    """--panel figure: PMPP Fig. 8.9 as SVG (S as a row, its scan, the add-back arrows), a GIF that
    fills in step by step, 2x PNGs of both themes; a filmstrip and a one-block run are refused."""
    run.export(*PMPP_FIGURE, "--out", run.path("fig.svg"))
    root = run.svg("fig.svg")
    check(texts(root, "sums-value") == ["7", "7", "6", "11"], f"S: {texts(root, 'sums-value')}")
    check(texts(root, "sums-scanned-value") == ["7", "14", "20", "31"], f"S scanned: {texts(root, 'sums-scanned-value')}")
    check(texts(root, "result-value")[4:8] == ["7", "11", "12", "14"], f"Y: {texts(root, 'result-value')}")
    labels = [t.text for t in root.iter(SVG_NS + "text") if t.get("class") == "row-label"]
    check("block sums S" in labels and "S scanned" in labels, f"row labels {labels}")
    arrows = [e for e in root.iter() if e.get("class") == "addback-arrow"]
    check(len(arrows) >= 12, f"{len(arrows)} add-back arrows, expected one into each of 12 elements")
    run.export(*PMPP_FIGURE, "--symbolic", "--out", run.path("sym.svg"))
    check(texts(run.svg("sym.svg"), "sums-scanned-value") == ["x0..x3", "x0..x7", "x0..x11", "x0..x15"],
          f"symbolic S scanned: {texts(run.svg('sym.svg'), 'sums-scanned-value')}")
    run.export(*PMPP_FIGURE, "--format", "gif", "--out", run.path("fig.gif"))
    gif = read_gif(run.path("fig.gif"))
    check(gif["frames"] == 10, f"{gif['frames']} GIF frames, one a step expected")
    for theme in ("dark", "light"):
        check_scaled_pngs(run, PMPP_FIGURE, "fig", theme)
    r = run.export(*PMPP_FIGURE, "--all", "--out", run.path("strip.png"), expect=2)
    check("one picture of one step" in r.stderr, r.stderr)
    r = run.export("--algorithm", "kogge-stone", "--backend", "cpu", "--panel", "figure",
                   "--out", run.path("none.svg"), expect=2)
    check("more than one block" in r.stderr and not os.path.exists(run.path("none.svg")), r.stderr)



BANKS = ["--algorithm", "blelloch", "--n", "256", "--block-size", "128", "--backend", "cpu",
         "--panel", "banks", "--width", "1920", "--theme", "light"]
GRAPH = ["--algorithm", "kogge-stone", "--backend", "cpu", "--panel", "graph", "--width", "1920",
         "--theme", "light"]


def case_work_figures(run):
    """--panel banks and --panel graph: Blelloch's bank conflicts on 256 elements at up-sweep
    stride 1 (step 1) as SVG (2-way in every row of the plain layout, 12 replays, the padded
    layout conflict-free) and a 1920-wide PNG; Kogge-Stone's dependence graph on 8 elements with
    --processors 2 (W = 17, D = 3, T_P = 9) as SVG and PNG, and a GIF of the banks a frame a step."""
    run.export(*BANKS, "--step", "1", "--out", run.path("banks.svg"))
    root = run.svg("banks.svg")
    totals = texts(root, "bank-total")
    check(totals == ["worst 2-way  \u00b7  12 replays", "conflict-free  \u00b7  0 replays"], f"totals {totals}")
    check(texts(root, "bank-way-plain") == ["2-way"] * 8, f"ways {texts(root, 'bank-way-plain')}")
    run.export(*BANKS, "--step", "1", "--out", run.path("banks.png"))
    png = Png(run.path("banks.png"))
    check(png.width == 1920 and 900 <= png.height <= 1200, f"banks PNG {png.width} x {png.height}")
    run.export(*GRAPH, "--processors", "2", "--out", run.path("graph.svg"))
    root = run.svg("graph.svg")
    check(texts(root, "graph-work") == ["W = 17 applications (nodes)"], f"W {texts(root, 'graph-work')}")
    check(texts(root, "graph-depth") == ["D = 3 (the lit chain)"], f"D {texts(root, 'graph-depth')}")
    check(texts(root, "brent-time") == ["P = 2:  T_P = 9"], f"T_P {texts(root, 'brent-time')}")
    nodes = [e for e in root.iter() if e.get("class") == "graph-node"]
    check(len(nodes) == 17, f"{len(nodes)} nodes")
    run.export(*GRAPH, "--processors", "4", "--out", run.path("graph4.svg"))
    check(texts(run.svg("graph4.svg"), "brent-time") == ["P = 4:  T_P = 5"], "P = 4")
    run.export(*GRAPH, "--processors", "2", "--out", run.path("graph.png"))
    png = Png(run.path("graph.png"))
    check(png.width == 1920 and 900 <= png.height <= 1200, f"graph PNG {png.width} x {png.height}")
    run.export(*BANKS, "--format", "gif", "--out", run.path("banks.gif"))
    gif = read_gif(run.path("banks.gif"))
    check(gif["frames"] == 18, f"{gif['frames']} GIF frames, one a step expected (load, 8 up, clear, 8 down)")
    r = run.export(*GRAPH[:-4], "--n", "64", "--out", run.path("none.svg"), expect=2)
    check("up to 32" in r.stderr and not os.path.exists(run.path("none.svg")), r.stderr)


APPLICATION = ["--application", "quicksort-step", "--backend", "cpu", "--panel", "application"]
QUICKSORT_AFTER = ["2", "4", "1", "6", "9", "6", "8", "1", "2", "3", "5", "7"]


def case_application_in_every_format(run):
    """--panel application: one step is the domain's picture alone (SVG, PNG); a filmstrip puts the
    steps of the application's scan under it, a GIF and a PNG sequence have a frame a step with the
    picture above each."""
    run.export(*APPLICATION, "--out", run.path("app.svg"))
    one = run.svg("app.svg")
    check(texts(one, "sorted-value") == QUICKSORT_AFTER, f"keys after the step {texts(one, 'sorted-value')}")
    check(texts(one, "step-label") == [], "one step: the picture alone")
    run.export(*APPLICATION, "--range", "0:2", "--out", run.path("strip.svg"))
    strip = run.svg("strip.svg")
    check(texts(strip, "sorted-value") == QUICKSORT_AFTER, "the filmstrip lost the picture")
    check(texts(strip, "step-label") == ["step 0", "step 1", "step 2"], f"step labels {texts(strip, 'step-label')}")
    check(svg_size(strip)[1] > svg_size(one)[1] * 1.5, f"filmstrip {svg_size(strip)}, picture {svg_size(one)}")
    run.render_svg("strip.svg", "strip-rsvg.png")
    run.export(*APPLICATION, "--all", "--out", run.path("strip.png"))
    check(Png(run.path("strip.png")).height > svg_size(one)[1] * 1.5, "the PNG filmstrip has no steps")
    run.export(*APPLICATION, "--format", "gif", "--out", run.path("app.gif"))
    gif = read_gif(run.path("app.gif"))
    check(gif["frames"] == 5, f"{gif['frames']} GIF frames; segmented-kogge-stone takes 5 steps on 12 keys")
    check(gif["height"] > svg_size(one)[1] * 1.5, f"GIF frames are {gif['height']} high: no step under the picture")
    run.export(*APPLICATION, "--scan", "3", "--format", "png-seq", "--range", "0:1", "--out", run.path("seq"))
    check(len(os.listdir(run.path("seq"))) == 2, f"frames {os.listdir(run.path('seq'))}")


CHAINED_FIGURE = ["--algorithm", "single-pass-chained", "--input", "3,1,7,0,4,1,6,3,2,5,1,4,0,2,3,1",
                  "--block-size", "2", "--backend", "cpu", "--panel", "figure"]


def case_chained_figure_in_every_format(run):
    """--panel figure on single-pass-chained: PMPP 8.7's hand-off as SVG (its title, the running
    sums, the sums each block makes, the rounds), a GIF that fills in, 2x and 4x PNGs of both
    themes."""
    run.export(*CHAINED_FIGURE, "--out", run.path("chain.svg"))
    root = run.svg("chain.svg")
    title = [t.text for t in root.iter(SVG_NS + "text") if t.get("class") == "title"]
    check(title and title[0].startswith("Block-to-block hand-off (PMPP 8.7)"), f"title {title}")
    check(texts(root, "handoff-value") == ["11", "25", "37", "43"], f"running sums {texts(root, 'handoff-value')}")
    check(texts(root, "handoff-sum") == ["11 + 14 = 25", "25 + 12 = 37", "37 + 6 = 43"], texts(root, "handoff-sum"))
    check(texts(root, "handoff-round") == ["round 2", "round 3", "round 4"], texts(root, "handoff-round"))
    labels = [t.text for t in root.iter(SVG_NS + "text") if t.get("class") == "row-label"]
    check(labels == ["input X", "each block scans its tile", "running sum handed on", "prefix added: Y"], labels)
    run.export(*CHAINED_FIGURE, "--symbolic", "--out", run.path("chain-sym.svg"))
    sym = run.svg("chain-sym.svg")
    check(texts(sym, "handoff-value") == ["x0..x3", "x0..x7", "x0..x11", "x0..x15"], texts(sym, "handoff-value"))
    check(texts(sym, "handoff-sum") == ["\u22110..3 + \u22114..7 = \u22110..7", "\u22110..7 + \u22118..11 = \u22110..11",
                                        "\u22110..11 + \u221112..15 = \u22110..15"], texts(sym, "handoff-sum"))
    run.export(*CHAINED_FIGURE, "--format", "gif", "--out", run.path("chain.gif"))
    check(read_gif(run.path("chain.gif"))["frames"] == 5, "one GIF frame a step expected")
    for theme in ("dark", "light"):
        check_scaled_pngs(run, CHAINED_FIGURE, "chain", theme, scales=(2, 4))


def case_deadlock_figure(run):
    """--panel figure on a chained run with static block ids that deadlocks (spot the bug's
    chained-static-ids): the deadlock as SVG (the blocks spinning and the one without a slot, the
    waits, the slots) and PNG at 2x of both themes; a GIF is refused with the reason."""
    dead = ["--algorithm", "single-pass-chained", "--input", "3,1,7,0,4,1,6,3,2,5,1,4,0,2,3,1",
            "--block-size", "2", "--backend", "cpu", "--static-block-ids", "--launch-order", "descending",
            "--resident-blocks", "2", "--panel", "figure"]
    run.export(*dead, "--out", run.path("dead.svg"))
    root = run.svg("dead.svg")
    check(texts(root, "title") == ["Static block ids: a deadlock (PMPP 8.7)"], texts(root, "title"))
    check(texts(root, "block-state") == ["no slot", "no slot", "spins", "spins"], texts(root, "block-state"))
    check(sorted(texts(root, "wait-label")) == ["waits for block 1", "waits for block 2"], texts(root, "wait-label"))
    check(any("block 1 has not started" in t for t in texts(root, "caption")) or
          "block 1 has not started" in " ".join(texts(root, "caption")), texts(root, "caption"))
    for theme in ("dark", "light"):
        check_scaled_pngs(run, dead, "dead", theme)
    r = run.export(*dead, "--format", "gif", "--out", run.path("dead.gif"), expect=2)
    check("one picture of the deadlock" in r.stderr and not os.path.exists(run.path("dead.gif")), r.stderr)

TREE_FIGURE = ["--algorithm", "blelloch", "--input", "3,1,7,0,4,1,6,3", "--exclusive", "--backend", "cpu",
               "--panel", "figure"]


def node_texts(root, half):
    """The values of one half of the tree figure ("up" or "down"), in drawing order."""
    return [t.text for t in root.iter(SVG_NS + "text")
            if (t.get("class") or "").startswith(half + "-node") and t.get("class").endswith("-value")]


def case_tree_figure_in_every_format(run):
    """--panel figure on one-block Blelloch and Brent-Kung: seed 003's tables on the tree as SVG
    (title, every node's value, symbolic ranges), a GIF and a PNG sequence that fill in a step a
    frame, 2x and 4x PNGs of both themes."""
    run.export(*TREE_FIGURE, "--out", run.path("tree.svg"))
    root = run.svg("tree.svg")
    check(texts(root, "title")[0].startswith("Blelloch's tree"), texts(root, "title"))
    check(node_texts(root, "up") == ["3", "1", "7", "0", "4", "1", "6", "3", "4", "7", "5", "9", "11", "14", "25"],
          f"up-sweep {node_texts(root, 'up')}")
    check(node_texts(root, "down")[-8:] == ["0", "3", "4", "11", "11", "15", "16", "22"],
          f"down-sweep {node_texts(root, 'down')}")
    run.export(*TREE_FIGURE, "--symbolic", "--out", run.path("tree-sym.svg"))
    check(node_texts(run.svg("tree-sym.svg"), "up")[-3:] == ["x0..x3", "x4..x7", "x0..x7"],
          f"symbolic up-sweep {node_texts(run.svg('tree-sym.svg'), 'up')}")
    bk = ["--algorithm", "brent-kung", "--input", "2,1,3,1,0,4,1,2,0,3,1,2,5,3,1,2", "--backend", "cpu",
          "--panel", "figure"]
    run.export(*bk, "--symbolic", "--out", run.path("bk.svg"))
    check(node_texts(run.svg("bk.svg"), "down")[-16:] == [f"x0..x{i}" if i else "x0" for i in range(16)],
          f"Brent-Kung's distribution tree {node_texts(run.svg('bk.svg'), 'down')}")
    run.export(*TREE_FIGURE, "--format", "gif", "--out", run.path("tree.gif"))
    check(read_gif(run.path("tree.gif"))["frames"] == 8, "one GIF frame a step expected")
    run.export(*TREE_FIGURE, "--format", "png-seq", "--out", run.path("seq"))
    check(len(os.listdir(run.path("seq"))) == 8, f"frames {os.listdir(run.path('seq'))}")
    for theme in ("dark", "light"):
        check_scaled_pngs(run, TREE_FIGURE, "tree", theme, scales=(2, 4), not_blank=True)


SECTION_FIGURES = {
    "hillis-steele": ["--algorithm", "hillis-steele", "--input", "3,1,7,0,4,1,6,3"],
    "three-phase": ["--algorithm", "three-phase", "--block-size", "4", "--input", "2,1,3,1,0,4,1,2,0,3,1,2,5,3,1,2"],
    "kogge-stone-exclusive": ["--algorithm", "kogge-stone-exclusive", "--input", "3,1,7,0,4,1,6,3"],
}


def cell_texts(root, prefix):
    """The values of the cells whose class starts with `prefix`, in drawing order."""
    return [t.text for t in root.iter(SVG_NS + "text")
            if (t.get("class") or "").startswith(prefix) and t.get("class").endswith("-value")]


def case_section_figures_in_every_format(run):
    """--panel figure on one-block hillis-steele (the two buffers), three-phase (the corner-turned
    load) and kogge-stone-exclusive (the shifted input row): their SVG text, a GIF and a PNG
    sequence of a frame a step, 2x PNGs of both themes and a 4x PNG."""
    for index, (name, args) in enumerate(SECTION_FIGURES.items()):
        fig = [*args, "--backend", "cpu", "--panel", "figure"]
        run.export(*fig, "--out", run.path(f"{name}.svg"))
        root = run.svg(f"{name}.svg")
        if name == "hillis-steele":
            check(texts(root, "buffer-name") == ["A", "B", "A", "B"], f"buffers {texts(root, 'buffer-name')}")
            check(cell_texts(root, "buffer-")[-8:] == ["3", "4", "11", "11", "15", "16", "22", "25"],
                  f"last buffer {cell_texts(root, 'buffer-')[-8:]}")
        elif name == "three-phase":
            threads = [t.text for t in root.iter(SVG_NS + "text") if t.get("class") == "global-thread"]
            check(threads == ["t0", "t1", "t2", "t3"] * 4, f"loading threads {threads}")
            check(cell_texts(root, "subsections") == ["2", "3", "6", "7", "0", "4", "5", "7", "0", "3", "4", "6",
                                                      "5", "8", "9", "11"], cell_texts(root, "subsections"))
        else:
            check(cell_texts(root, "shifted") == ["0", "3", "1", "7", "0", "4", "1", "6"], cell_texts(root, "shifted"))
        run.export(*fig, "--format", "gif", "--out", run.path(f"{name}.gif"))
        steps = len(run.svg(f"{name}.svg").findall(".//*"))  # a parse check; frames are counted below
        frames = read_gif(run.path(f"{name}.gif"))["frames"]
        check(frames == {"hillis-steele": 4, "three-phase": 5, "kogge-stone-exclusive": 4}[name] and steps > 0,
              f"{name}: {frames} GIF frames")
        run.export(*fig, "--format", "png-seq", "--out", run.path(f"{name}-seq"))
        check(len(os.listdir(run.path(f"{name}-seq"))) == frames, f"{name} PNG sequence")
        for theme in ("dark", "light"):
            scales = (2, 4) if (index + (theme == "light")) % 2 == 0 else (2,)
            check_scaled_pngs(run, fig, name, theme, scales=scales, not_blank=True)


CASES = cases_of(globals())


if __name__ == "__main__":
    sys.exit(run_cases(CASES, lambda args, _name: Runner(args.binary, args.rsvg, args.work), __doc__,
                       lambda parser: parser.add_argument("--rsvg", default="rsvg-convert")))
