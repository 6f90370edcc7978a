#!/usr/bin/env python3
"""UI tests of decks in the real scanviz window (CTest label `ui`).

A deck of views of many kinds is made in the window with keys (`--deck D` prepares it, `--keys`
presses G, X, C, ..., A adds the view on screen, Ctrl+D saves), reopened with `scanviz D`, each
view's scene dump compared with the one taken when it was added, and stepped through with
PageDown to its end; B blanks the screen, a number and Enter jump, V opens the presenter window.
The shipped chapter-8 deck opens, steps to its end and exports. E.g.

    xvfb-run -a -s "-screen 0 1600x1000x24" env LIBGL_ALWAYS_SOFTWARE=1 \\
        python3 deck_check.py --binary build/app/scanviz --work /tmp/ui made_with_keys
"""

import json
import os
import shutil
import re
import struct
import subprocess
import sys

from ui_check import Image, cases_of, check, context_for, run_cases
from checks import first_difference  # noqa: E402 (ui_check puts tests/common on the path)
from pdf_text import pdf_text_sizes  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SHIPPED = os.path.join(REPO, "assets", "decks", "pmpp-chapter-8.deck.json")
TRACES = os.path.join(REPO, "assets", "traces")
PMPP = "3,1,7,0,4,1,6,3"

# What each view of the made deck shows, how the window is opened and the keys that make it.
MADE = [
    ("view-lesson", ["--algorithm", "kogge-stone", "--input", PMPP], "Right,Right"),
    ("view-lesson", ["--algorithm", "brent-kung", "--n", "16"], "X,End"),
    # Compare opened by C in a running window can settle with scroll bars that a fresh window
    # never shows (the lanes are sized to the room the bars leave): it opens from the start here.
    ("view-compare", ["--compare", "kogge-stone,brent-kung", "--input", PMPP], "Right"),
    ("view-figure", ["--algorithm", "brent-kung", "--input", PMPP], "G,End"),
    ("view-banks", ["--algorithm", "blelloch", "--n", "256", "--block-size", "128"], "K,Right,Right"),
    ("view-graph", ["--algorithm", "kogge-stone", "--input", PMPP], "J,End"),
    ("view-timeline", ["--trace", os.path.join(TRACES, "single-pass-chained-1024.json")], "T"),
    ("view-brent", ["--algorithm", "kogge-stone"], "R"),
    ("view-class", ["--algorithm", "kogge-stone", "--input", PMPP], "Q"),
    ("view-compare", ["--spot-the-bug", "kogge-stone-one-barrier"], ""),
    ("view-compare", ["--spot-the-bug", "seed-000-work-ratio"], ""),
    ("view-lesson", ["--application", "sandwich"], ""),
    ("view-lesson", ["--algorithm", "segmented-kogge-stone"], "End"),
    ("view-warp-clock", ["--trace", os.path.join(TRACES, "kogge-stone-lesson.json")], "W"),
]


def scenes_of(dump):
    """What must be equal before saving and after reopening: the scenes drawn and where."""
    panels = {name: p.get("scene") for name, p in dump["panels"].items()
              if name not in ("deck", "presenter") and isinstance(p, dict) and "scene" in p}
    return {"scene": dump["scene"], "panels": panels, "step": dump["step"], "steps": dump["steps"],
            "trace": {k: v for k, v in dump.get("trace", {}).items() if k != "file"},
            "theme": dump["theme"], "presentation": dump["presentation"]}


def png_size(path):
    with open(path, "rb") as f:
        head = f.read(24)
    check(head[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG")
    return struct.unpack(">II", head[16:24])


def make_deck(ctx):
    deck = ctx.path("made.deck.json")
    scenes = deck.replace(".deck.json", ".before.json")
    # Made once for the cases of one run (the deck itself is saved again as they go); scenes
    # recorded before the binary or the sample traces they show changed are made again.
    inputs = [ctx.binary] + [os.path.join(TRACES, f) for f in os.listdir(TRACES)]
    if os.path.exists(scenes) and os.path.getmtime(scenes) > max(os.path.getmtime(f) for f in inputs):
        return deck, json.load(open(scenes))
    # From an empty folder: settings a window saved earlier (its last view) would change the views.
    shutil.rmtree(ctx.work)
    os.makedirs(ctx.work)
    before = []
    for i, (view, args, keys) in enumerate(MADE):
        pressed = ",".join(k for k in (keys, "A", "Ctrl+D") if k)
        r = ctx.run("--deck", deck, "--presentation", *args, "--keys", pressed)
        d = r.dump["panels"]["deck"]
        check(d["views"] == i + 1 and d["view"] == i + 1 and not d["dirty"],
              f"after {pressed}: view {d['view']} of {d['views']}, dirty {d['dirty']}")
        check(r.dump["banner"]["text"] == "" or not r.dump["banner"]["error"], r.dump["banner"])
        before.append(scenes_of(r.dump))
    with open(scenes, "w") as f:
        json.dump(before, f)
    return deck, before


def case_made_with_keys(ctx):
    """14 views of 13 kinds made with keys; each reopened view draws the scene it drew when added."""
    deck, before = make_deck(ctx)
    saved = json.load(open(deck))
    check(saved["kind"] == "scanviz-deck" and len(saved["views"]) == len(MADE), f"{len(saved['views'])} views")
    check([v["view"] for v in saved["views"]] == [m[0] for m in MADE], str([v["view"] for v in saved["views"]]))
    kinds = {(v["view"], v.get("spot_the_bug", "")[:4], "application" in v, v.get("symbolic", False))
             for v in saved["views"]}
    check(len(kinds) >= 12, f"{len(kinds)} kinds of view: {sorted(kinds)}")
    try:
        import jsonschema
        schema = json.load(open(os.path.join(REPO, "docs", "deck.schema.json")))
        errors = list(jsonschema.Draft7Validator(schema).iter_errors(saved))
        check(not errors, f"the saved deck breaks the schema: {errors[0].message if errors else ''}")
    except ImportError:
        pass  # schema.decks reports the missing package
    # The GPU trace is named relative to the deck (the deck and its traces move together).
    timeline = saved["views"][6]
    check(not os.path.isabs(timeline["trace_file"]) and timeline["trace_file"].endswith(
        "single-pass-chained-1024.json"), timeline["trace_file"])
    check(saved["views"][9]["spot_the_bug"] == "kogge-stone-one-barrier", str(saved["views"][9]))
    check(saved["views"][11]["application"]["id"] == "sandwich", str(saved["views"][11]))
    check(saved["views"][1]["symbolic"] is True and saved["views"][0]["step"] == 2, str(saved["views"][:2]))
    for k in range(1, len(MADE) + 1):
        # Ctrl+D again: the status line then says what it said when the view was saved (its
        # height shapes the views that fill the window).
        r = ctx.run(deck, "--view", str(k), "--keys", "Ctrl+D")
        d = r.dump["panels"]["deck"]
        check(d["presenting"] and d["view"] == k, f"view {k}: {d}")
        diff = first_difference(before[k - 1], scenes_of(r.dump), sides=("saved", "reopened"))
        check(not diff, f"view {k} ({MADE[k - 1][0]}) differs after reopening: {diff}")


def case_page_down_to_the_end(ctx):
    """PageDown steps through every step of the made deck and ends on its last view."""
    deck, _ = make_deck(ctx)
    r = ctx.run(deck, "--keys", ",".join(["PageDown"] * 120), screenshot=False)
    d = r.dump["panels"]["deck"]
    check(d["view"] == len(MADE) and d["views"] == len(MADE), f"ended at view {d['view']} of {d['views']}")
    # Fewer presses stop earlier: the steps of the views come between them.
    r = ctx.run(deck, "--keys", ",".join(["PageDown"] * len(MADE)), screenshot=False)
    check(r.dump["panels"]["deck"]["view"] < len(MADE), "PageDown skipped the steps")
    # PageUp goes back, and Right / Space step as the clicker does while the deck is given.
    # View 1 was saved at step 2 of 3: Right to its last step, Right again to view 2 (saved at
    # its last step, 7), PageUp one step back there.
    r = ctx.run(deck, "--keys", "Right,Right,PageUp", screenshot=False)
    d = r.dump["panels"]["deck"]
    check(r.dump["step"] == 6 and d["view"] == 2, f"view {d['view']}, step {r.dump['step']}")


def case_blank_and_jump(ctx):
    """B blanks the screen (black, the deck still on view 1); 1, 2, Enter goes to view 12."""
    deck, _ = make_deck(ctx)
    r = ctx.run(deck, "--keys", "B")
    check(r.dump["panels"]["deck"]["blank"], str(r.dump["panels"]["deck"]))
    w, h = r.image.width, r.image.height
    for x, y in ((w // 2, h // 2), (w // 4, h // 3), (w - 10, h - 10)):
        check(r.image.pixel(x, y) == (0, 0, 0), f"pixel ({x},{y}) is {r.image.pixel(x, y)}, not black")
    r = ctx.run(deck, "--keys", "1,2,Enter", screenshot=False)
    check(r.dump["panels"]["deck"]["view"] == 12, str(r.dump["panels"]["deck"]))
    check(r.dump["panels"]["deck"]["label"] == "Application: sandwich", r.dump["panels"]["deck"]["label"])


def case_presenter_window(ctx):
    """V opens the presenter window: view 2 of 14, its notes, the next view and the time."""
    deck, _ = make_deck(ctx)
    saved = json.load(open(deck))
    saved["views"][1]["notes"] = "- say **this**\n? ask that"
    with open(deck, "w") as f:
        json.dump(saved, f)
    r = ctx.run(deck, "--view", "2", "--keys", "V")
    p = r.dump["panels"]["presenter"]
    check(p["view"] == 2 and p["views"] == len(MADE), str(p))
    check(p["notes"] == ["\u2022 say this", "Ask: ask that"], str(p["notes"]))
    check(p["next"].startswith("3. "), p["next"])
    check(p["elapsed"].count(":") == 1, p["elapsed"])
    shot = ctx.path(f"shot{ctx.counter}.presenter.png")
    check(os.path.exists(shot), "no picture of the presenter window")
    check(Image(shot).width > 0, "empty presenter picture")


def case_shipped_deck(ctx):
    """The chapter-8 deck opens at view 1 in presentation mode and PageDown takes it to its end."""
    deck = json.load(open(SHIPPED))
    views = len(deck["views"])
    check(views >= 20, f"{views} views")
    r = ctx.run(SHIPPED)
    d = r.dump["panels"]["deck"]
    check(d["view"] == 1 and d["presenting"] and r.dump["presentation"], str(d))
    r = ctx.run(SHIPPED, "--keys", ",".join(["PageDown"] * 300), screenshot=False)
    check(r.dump["panels"]["deck"]["view"] == views, f"ended at view {r.dump['panels']['deck']['view']} of {views}")


def case_shipped_deck_exports(ctx):
    """export --deck writes one 16:9 PNG and one SVG a view, numbered in order."""
    views = len(json.load(open(SHIPPED))["views"])
    for fmt in ("png", "svg"):
        out = ctx.path(f"slides-{fmt}") + "/"
        proc = ctx.run_raw("export", "--deck", SHIPPED, "--format", fmt, "--out", out, "--quiet", timeout=600)
        check(proc.returncode == 0, f"export {fmt}: {proc.stderr}")
        files = sorted(os.listdir(out))
        check(files == [f"{i:02d}.{fmt}" for i in range(1, views + 1)], str(files))
        if fmt == "png":
            check(all(png_size(os.path.join(out, f)) == (1920, 1080) for f in files), "a slide is not 1920x1080")
        else:
            text = open(os.path.join(out, "04.svg")).read()
            check('viewBox="0 0 1920 1080"' in text, text[:300])
            check("Kogge-Stone" in text, "slide 4 has no title")
    out = ctx.path("handout") + "/"
    proc = ctx.run_raw("export", "--deck", SHIPPED, "--format", "png", "--handout", "--out", out, "--quiet",
                       timeout=600)
    check(proc.returncode == 0, proc.stderr)
    w, h = png_size(os.path.join(out, "01.png"))
    check(w == 1920 and h > 1080, f"handout page {w}x{h} has no notes band")


# The back row's 28 px of a 1080-line screen, as a share of a page's height (issue 34).
BACK_ROW_SHARE = 0.026


def check_pdf_slides(pdf, views):
    """pdfinfo: one 16:9 page a view, fonts embedded; and every text on every page at least 2.6% of
    the page's height, read from the PDF's own text operators (tests/common/pdf_text.py)."""
    info = subprocess.run(["pdfinfo", pdf], capture_output=True, text=True, check=True).stdout
    pages = int(re.search(r"^Pages:\s+(\d+)", info, re.M).group(1))
    check(pages == len(views), f"{pages} pages for {len(views)} views")
    size = re.search(r"^Page size:\s+([\d.]+) x ([\d.]+) pts", info, re.M)
    check(size and abs(float(size.group(1)) / float(size.group(2)) - 16 / 9) < 0.01, info)
    fonts = subprocess.run(["pdffonts", pdf], capture_output=True, text=True, check=True).stdout
    rows = [line.split() for line in fonts.splitlines()[2:] if line.strip()]
    check(rows and all("yes" in r[-5:-3] for r in rows), f"a font is not embedded:\n{fonts}")
    small = []
    for number, page in enumerate(pdf_text_sizes(pdf), 1):
        check(page["texts"], f"page {number} shows no text")
        size, text = min(page["texts"])
        if size < BACK_ROW_SHARE * page["height"]:
            small.append(f"page {number} ({views[number - 1].get('title', views[number - 1]['view'])}): "
                         f"'{text[:24]}' at {size / page['height']:.2%} of the page")
    check(not small, "texts under 2.6% of the page height: " + "; ".join(small))
    # Every view is its picture, none a note that the window draws it with widgets.
    text = subprocess.run(["pdftotext", pdf, "-"], capture_output=True, text=True, check=True).stdout
    check("drawn by the window's widgets" not in text, "a slide shows the widgets-only placeholder")


def case_made_deck_pdf(ctx):
    """The deck made with keys (a view of every kind) as a PDF of legible slides."""
    deck, _ = make_deck(ctx)
    pdf = ctx.path("made.pdf")
    proc = ctx.run_raw("export", "--deck", deck, "--out", pdf, "--quiet", timeout=600)
    check(proc.returncode == 0, f"export pdf: {proc.stderr}")
    check_pdf_slides(pdf, json.load(open(deck))["views"])


def case_shipped_deck_pdf(ctx):
    """export --deck D --out L.pdf: one 16:9 vector page a view, fonts embedded, text kept as text."""
    views = json.load(open(SHIPPED))["views"]
    pdf = ctx.path("lecture.pdf")
    proc = ctx.run_raw("export", "--deck", SHIPPED, "--out", pdf, "--quiet", timeout=600)
    check(proc.returncode == 0, f"export pdf: {proc.stderr}")
    check_pdf_slides(pdf, views)
    text = subprocess.run(["pdftotext", "-f", "4", "-l", "4", pdf, "-"], capture_output=True, text=True,
                          check=True).stdout
    check("Kogge-Stone" in text, f"page 4 has no title text: {text[:200]}")
    # A failed export leaves no file behind and says why.
    bad = ctx.path("missing-folder/l.pdf")
    proc = ctx.run_raw("export", "--deck", SHIPPED, "--out", bad, "--quiet")
    check(proc.returncode == 2 and not os.path.exists(bad), proc.stderr)


def case_shipped_deck_site_refusals(ctx):
    """export --format web: without the web build, a deck or a free folder, a message, exit 2 and
    no folder (the site itself is opened in Chromium by tests/web/web_selftest.py)."""
    out = ctx.path("site")
    for args, words in (
            (["--deck", SHIPPED, "--page", ctx.path("no-page")], "does not hold the web build"),
            (["--algorithm", "brent-kung"], "give --deck"),
            (["--deck", SHIPPED, "--handout"], "--handout"),
            (["--deck", SHIPPED, "--format", "png", "--page", ctx.path("no-page")], "--page DIR goes with")):
        fmt = [] if "--format" in args else ["--format", "web"]
        proc = ctx.run_raw("export", *args, *fmt, "--out", out)
        check(proc.returncode == 2 and words in proc.stderr, f"{args}: {proc.returncode} {proc.stderr}")
        check(not os.path.exists(out), f"{args}: {out} was made")


CASES = cases_of(globals())

if __name__ == "__main__":
    sys.exit(run_cases(CASES, context_for, __doc__))
