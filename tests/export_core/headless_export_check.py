#!/usr/bin/env python3
"""Checks of `scanviz export` in a build without the window (SCANVIZ_GUI=OFF; CTest label `unit`).

cairo draws the scenes there, with no display. Each case runs the real binary and reads what it
wrote: PNGs decoded here (zlib), SVGs through xml.etree, GIFs block by block, PDFs by their bytes
and with poppler's pdfinfo, pdftotext and pdftoppm (poppler-utils) where they are installed, e.g.

    python3 headless_export_check.py --binary build-nogui/app/scanviz --work /tmp/hx pdf_pages
"""

import json
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
from checks import Png, cases_of, check, near, read_gif, run_cases  # noqa: E402

SVG_NS = "{http://www.w3.org/2000/svg}"
KOGGE_STONE_ANSWER = ["3", "4", "11", "11", "15", "16", "22", "25"]
# The classic palette's "written in this step" fill and the background, dark theme (palette.cpp).
WRITTEN_DARK = (0xFF, 0xC2, 0x3D)
DARK_BACKGROUND = (0x18, 0x1A, 0x1F)
LESSON = ["--algorithm", "kogge-stone", "--backend", "cpu"]


class Runner:
    def __init__(self, binary, work):
        self.binary, self.work = binary, work
        os.makedirs(work, exist_ok=True)

    def path(self, name):
        return os.path.join(self.work, name)

    def run(self, *args, expect=0):
        cmd = [self.binary, *args]
        # No display: a build without the window must not need one.
        env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=240, env=env)
        check(r.returncode == expect,
              f"{' '.join(cmd)} exited {r.returncode}, expected {expect}\n{r.stdout}\n{r.stderr}")
        return r

    def export(self, *args, expect=0):
        return self.run("export", *args, expect=expect)

    def step_count(self):
        """The steps of the lesson's trace, from `scanviz capture`."""
        self.run("capture", *LESSON, "--out", self.path("lesson.json"))
        with open(self.path("lesson.json")) as f:
            return len(json.load(f)["steps"])


def poppler(tool, *args):
    """The output of a poppler tool, or None when poppler-utils is not installed."""
    program = shutil.which(tool)
    if not program:
        return None
    r = subprocess.run([program, *args], capture_output=True, text=True, timeout=120)
    check(r.returncode == 0, f"{tool} {' '.join(args)} failed: {r.stderr}")
    return r.stdout


def texts(root, cls):
    found = [(int(t.get("data-index", "-1")), t.text) for t in root.iter(SVG_NS + "text") if t.get("class") == cls]
    return [v for _, v in sorted(found, key=lambda p: p[0])]


def check_not_blank(png, what):
    mean, _ = png.luminance_stats()
    colours = len(png.colours(limit=64))
    check(colours >= 16, f"{what}: {colours} colours, a blank picture")
    check(0.02 < mean < 0.98, f"{what}: mean luminance {mean:.3f}")


def case_svg_without_a_display(run):
    run.export(*LESSON, "--out", run.path("last.svg"))
    root = ET.parse(run.path("last.svg")).getroot()
    check(root.tag == SVG_NS + "svg", f"root element is {root.tag}")
    check(texts(root, "cell-value") == KOGGE_STONE_ANSWER, f"cell values: {texts(root, 'cell-value')}")


def case_png_drawn_by_cairo(run):
    """A step at 1x and 2x: sized as the SVG says, the written cells in their colour where the
    scene puts them, the background the theme's, text drawn."""
    run.export(*LESSON, "--step", "2", "--out", run.path("step.svg"))
    run.export(*LESSON, "--step", "2", "--out", run.path("step.png"))
    run.export(*LESSON, "--step", "2", "--pixel-scale", "2", "--out", run.path("step2.png"))
    root = ET.parse(run.path("step.svg")).getroot()
    width, height = float(root.get("width")), float(root.get("height"))
    one, two = Png(run.path("step.png")), Png(run.path("step2.png"))
    check((one.width, one.height) == (round(width), round(height)), f"1x is {one.width} x {one.height}")
    check((two.width, two.height) == (round(2 * width), round(2 * height)), f"2x is {two.width} x {two.height}")
    with open(run.path("step2.png"), "rb") as f:
        check(b"pHYs" in f.read(200), "the 2x PNG says no physical size")
    check_not_blank(one, "1x PNG")
    check(near(one.rgb(2, 2), DARK_BACKGROUND, 4), f"background {one.rgb(2, 2)}")
    written = [r for r in root.iter(SVG_NS + "rect") if r.get("class") == "cell-written"]
    check(written, "no written cell in the SVG of step 2")
    for r in written:
        x = float(r.get("x")) + float(r.get("width")) / 2
        y = float(r.get("y")) + 4
        check(near(one.rgb(x, y), WRITTEN_DARK, 8), f"written cell at ({x}, {y}) is {one.rgb(x, y)}")
        check(near(two.rgb(2 * x, 2 * y), WRITTEN_DARK, 8), f"2x written cell is {two.rgb(2 * x, 2 * y)}")
    # The value texts are drawn: light ink inside the cells of the values.
    values = [t for t in root.iter(SVG_NS + "text") if t.get("class") == "cell-value"]
    check(len(values) == 8, f"{len(values)} value texts")


def case_png_matches_the_window_golden(run):
    """cairo draws what the window's renderer draws: the golden step picture (tests/golden, drawn
    by the window's offscreen GL) and cairo's of the same step are the same size and differ only
    in anti-aliasing (a mean difference of 3 levels in 255 when this was written)."""
    golden = Png(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "golden", "data", "step.png"))
    run.export(*LESSON, "--step", "2", "--pixel-scale", "2", "--out", run.path("step.png"))
    mine = Png(run.path("step.png"))
    check((mine.width, mine.height) == (golden.width, golden.height),
          f"cairo's {mine.width} x {mine.height}, the window's {golden.width} x {golden.height}")
    total, count = 0, 0
    for y in range(0, golden.height, 2):
        a, b = golden.rows[y], mine.rows[y]
        for i in range(0, 4 * golden.width, 8):
            total += abs(a[i] - b[i]) + abs(a[i + 1] - b[i + 1]) + abs(a[i + 2] - b[i + 2])
            count += 3
    check(total / count < 8, f"mean difference {total / count:.2f} levels from the window's picture")


def case_gif_and_frames(run):
    steps = run.step_count()
    run.export("--trace", run.path("lesson.json"), "--all", "--speed", "2", "--format", "gif",
               "--out", run.path("all.gif"))
    gif = read_gif(run.path("all.gif"))
    check(gif["frames"] == steps, f"{gif['frames']} GIF frames for {steps} steps")
    check(set(gif["delays"]) == {50}, f"delays {gif['delays']} at 2 steps a second")
    run.export("--trace", run.path("lesson.json"), "--format", "png-seq", "--out", run.path("frames"))
    frames = sorted(os.listdir(run.path("frames")))
    check(len(frames) == steps, f"{len(frames)} numbered PNGs for {steps} steps")
    sizes = {(Png(os.path.join(run.path("frames"), f)).width, Png(os.path.join(run.path("frames"), f)).height)
             for f in frames}
    check(len(sizes) == 1, f"the frames differ in size: {sizes}")
    check_not_blank(Png(os.path.join(run.path("frames"), frames[-1])), "the last frame")


def case_filmstrip(run):
    run.export(*LESSON, "--step", "1", "--out", run.path("one.png"))
    run.export(*LESSON, "--range", "0:3", "--out", run.path("strip.png"))
    run.export(*LESSON, "--range", "0:3", "--out", run.path("strip.svg"))
    one, strip = Png(run.path("one.png")), Png(run.path("strip.png"))
    check(strip.height > 3 * one.height // 2, f"filmstrip {strip.height} high, one step {one.height}")
    root = ET.parse(run.path("strip.svg")).getroot()
    check(abs(float(root.get("height")) - strip.height) <= 1, "the PNG filmstrip is not the SVG's size")
    check_not_blank(strip, "filmstrip")


def case_pdf_pages(run):
    """One 16:9 page a step, the text as text with the fonts embedded, not blank when drawn."""
    steps = run.step_count()
    run.export("--trace", run.path("lesson.json"), "--all", "--format", "pdf", "--out", run.path("steps.pdf"))
    with open(run.path("steps.pdf"), "rb") as f:
        data = f.read()
    check(data.startswith(b"%PDF-") and b"%%EOF" in data[-32:], "not a whole PDF")
    pages = len(re.findall(rb"/Type\s*/Page[^s]", data))
    check(pages == steps, f"{pages} pages for {steps} steps")
    check(b"/MediaBox [ 0 0 960 540 ]" in data, "the pages are not 960 x 540 pt")
    info = poppler("pdfinfo", run.path("steps.pdf"))
    if info is None:
        print("poppler-utils not installed: pdfinfo, pdftotext and pdftoppm not run")
        return
    check(re.search(rf"^Pages:\s+{steps}$", info, re.M), info)
    check(re.search(r"^Page size:\s+960 x 540 pts", info, re.M), info)
    check(re.search(r"^Title:\s+kogge-stone, N = 8", info, re.M), info)
    fonts = poppler("pdffonts", run.path("steps.pdf"))
    check("DejaVuSans" in fonts and not re.search(r"\bno\s+(yes|no)\s+(yes|no)\s+\d", fonts), fonts)
    text = poppler("pdftotext", "-f", str(steps), "-l", str(steps), run.path("steps.pdf"), "-")
    for v in KOGGE_STONE_ANSWER:
        check(v in text.split(), f"{v} is not on the last page's text: {text!r}")
    poppler("pdftoppm", "-png", "-r", "48", "-f", "1", "-l", "1", run.path("steps.pdf"), run.path("page"))
    drawn = [f for f in os.listdir(run.work) if f.startswith("page") and f.endswith(".png")]
    check(len(drawn) == 1, f"pdftoppm wrote {drawn}")
    page = Png(run.path(drawn[0]))
    check((page.width, page.height) == (640, 360), f"page drawn at {page.width} x {page.height}")
    check_not_blank(page, "PDF page 1")


def case_single_scene_panels(run):
    run.export(*LESSON, "--panel", "counters", "--out", run.path("counters.png"))
    check_not_blank(Png(run.path("counters.png")), "counters")
    run.export("--algorithm", "blelloch", "--backend", "cpu", "--all", "--panel", "figure",
               "--out", run.path("figure.pdf"))
    with open(run.path("figure.pdf"), "rb") as f:
        check(f.read(5) == b"%PDF-", "the figure's PDF is not a PDF")
    run.export(*LESSON, "--panel", "counters", "--format", "gif", "--out", run.path("c.gif"), expect=2)
    check(not os.path.exists(run.path("c.gif")), "a refused GIF left a file")


def case_refusals_leave_no_file(run):
    r = run.export(*LESSON, "--out", run.path("missing/folder/x.pdf"), expect=2)
    check("missing" in r.stderr, r.stderr)
    r = run.export(*LESSON, "--panel", "window", "--out", run.path("w.png"), expect=2)
    check("window" in r.stderr, r.stderr)
    r = run.export("--trace", run.path("nothing.json"), "--out", run.path("n.png"), expect=2)
    check("nothing.json" in r.stderr, r.stderr)
    run.export(*LESSON, "--trace", run.path("nothing.json"), "--out", run.path("n.png"), expect=2)
    check(sorted(os.listdir(run.work)) == [], f"files left: {os.listdir(run.work)}")


def case_quiz_sheet_png(run):
    run.run("quiz", *LESSON, "--count", "3", "--out", run.path("sheet.png"))
    sheet, key = Png(run.path("sheet.png")), Png(run.path("sheet-key.png"))
    check((sheet.width, sheet.height) == (key.width, key.height) or key.height >= sheet.height,
          f"sheet {sheet.width} x {sheet.height}, key {key.width} x {key.height}")
    check(near(sheet.rgb(1, 1), (255, 255, 255), 2), f"paper is {sheet.rgb(1, 1)}")
    ink = sheet.count_near((0x20, 0x20, 0x20), tolerance=90)
    check(ink > 200, f"{ink} dark pixels on the quiz sheet: its text was not drawn")


CASES = cases_of(globals())


if __name__ == "__main__":
    sys.exit(run_cases(CASES, lambda args, _name: Runner(args.binary, args.work), __doc__))
