#!/usr/bin/env python3
"""The page against the desktop (ctest label `web`).

Serves the web build (build-web/app: scanviz.html, .js, .wasm and the sample traces) from
127.0.0.1 with `python3 -m http.server` (no cross-origin isolation headers), opens it in Debian's
headless Chromium with `selftest=1`, and compares the frame report that the page prints
(`scanviz-selftest {JSON}` on the console) with the desktop's `--dump-scene` for the same state:
the default lesson, a GPU sample trace at a given step, a session, a student's kernel graded in the
editor (the page's own parser against the desktop's libclang), a lecture exported as a site
(`scanviz export --deck D --format web`) at a view of a GPU trace, a file opened with File > Open
(the browser's picker, its choice made by the page's self-test, arriving as a drop), a session
saved as a download (the page reports it on the console), and the browser's window resized. Each case also takes a screenshot (1920x1080) that must not be blank; they are left
in --out for people to look at.

Exit 0: all cases agree; 1: a case differs or the page failed; 77: no web build (skipped).
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from urllib.parse import quote

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools", "web"))
from headless import SIZE, open_page, serve  # noqa: E402
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
from checks import first_difference  # noqa: E402

# The trace the session names; it lies beside the session on the server.
SESSION_TRACE = "blelloch-lesson.json"


# Why there is no GPU is worded by platform (the page: a build without CUDA; the desktop here: a
# CUDA build without a driver); that there is none, and what ran instead, is the same.
NO_GPU_WHY = re.compile(r"no CUDA device: .*?(?=; ran on the CPU emulator|$)")
# A file's folder in a text (the status line's "trace file /input/x.json").
FOLDER = re.compile(r"(?<![\w.])/(?:[\w.+-]+/)+(?=[\w.+-]+\.json)")


def normalise(report):
    """The report without what differs by platform only: the folders of the files (the page
    reads them from its in-memory file system) and the reason for having no GPU."""
    trace = report.get("trace")
    if trace and trace.get("file"):
        trace["file"] = os.path.basename(trace["file"])
    for recent in report.get("panels", {}).get("recent_files", []):
        if isinstance(recent, dict) and "path" in recent:
            recent["path"] = os.path.basename(recent["path"])

    def walk(value):
        if isinstance(value, dict):
            return {k: walk(v) for k, v in value.items()}
        if isinstance(value, list):
            return [walk(v) for v in value]
        if isinstance(value, str):
            return FOLDER.sub("", NO_GPU_WHY.sub("no CUDA device: (why)", value))
        return value

    return walk(report)


def desktop_report(scanviz, args, work, name):
    out = os.path.join(work, f"{name}.desktop.json")
    # Its own config folder, and a home of its own for what the Export dialog writes there.
    env = dict(os.environ, XDG_CONFIG_HOME=os.path.join(work, f"config-{name}"), HOME=os.path.join(work, f"home-{name}"))
    os.makedirs(env["HOME"], exist_ok=True)
    # A file to open comes first, as `scanviz FILE [options]` takes it.
    size = [] if "--size" in args else ["--size", f"{SIZE[0]}x{SIZE[1]}"]
    cmd = ["xvfb-run", "-a", "-s", f"-screen 0 {SIZE[0]}x{SIZE[1]}x24", scanviz, *args, *size, "--dump-scene", out]
    subprocess.run(cmd, check=True, env=env, timeout=300, stdout=subprocess.DEVNULL)
    with open(out) as f:
        return json.load(f)


# The page in an iframe of the browser's size, made 1280x720 once the app has drawn its first frame.
RESIZE_PAGE = """<!doctype html><html><body style="margin:0">
<iframe id="app" src="scanviz.html?selftest=1" style="border:0;display:block;width:%dpx;height:%dpx"></iframe>
<script>
const app = document.getElementById('app');
(function shrink() {
  if (app.contentWindow && app.contentWindow.scanvizFirstFrameDrawn) {
    app.style.width = '1280px';
    app.style.height = '720px';
  } else {
    requestAnimationFrame(shrink);
  }
})();
</script></body></html>
""" % SIZE


def session_downloaded(trace, step):
    """A check of the page's console: one download, a session of `trace` at `step`."""
    def check(console, _page):
        downloads = downloads_of(console)
        if len(downloads) != 1 or downloads[0]["name"] != "lesson.session.json":
            return f"downloads {[d['name'] for d in downloads]}, expected lesson.session.json"
        saved = json.loads(downloads[0]["text"])
        if saved.get("kind") != "scanviz-session" or saved.get("step") != step:
            return f"the downloaded session is {saved.get('kind')} at step {saved.get('step')}"
        if os.path.basename(saved.get("trace_file", "")) != os.path.basename(trace):
            return f"the downloaded session names {saved.get('trace_file')}, not {trace}"
        return None
    return check


def downloads_of(console):
    return [json.loads(line[len("scanviz-download "):]) for line in console if line.startswith("scanviz-download ")]


def picture_downloaded(console, _page):
    """A check of the page's console: one download, the PNG of the array view on screen."""
    downloads = downloads_of(console)
    if len(downloads) != 1 or not downloads[0]["name"].endswith(".png"):
        return f"downloads {[d['name'] for d in downloads]}, expected one PNG"
    width, height = downloads[0].get("png", (0, 0))
    if width < 400 or height < 100:
        return f"the downloaded PNG is {width}x{height}"
    return None


def kernel_graded(_console, page):
    """A check of the page's report: the starter kernel ran and its race was found at line 10."""
    kernel = page.get("panels", {}).get("kernel") or {}
    verdict = kernel.get("verdict", {})
    if not kernel.get("ran") or verdict.get("verdict") != "race" or verdict.get("line") != 10:
        return f"the page's kernel editor reports {kernel}"
    return None


def page_report(url, screenshot, work, name, attempts=3):
    """The frame report that the page printed, its first frame's time, and its console. Chromium's
    virtual clock can run out before a loaded machine lets the page settle (it ends the page
    without a report, seconds after its first frame): such a run is tried again, at most
    `attempts` times, and said so; a page that never reports still fails."""
    for attempt in range(1, attempts + 1):
        console = open_page(url, work, screenshot)
        report, first_frame = None, None
        for line in console:
            if line.startswith("scanviz-selftest "):
                report = json.loads(line[len("scanviz-selftest "):])
            elif line.startswith("scanviz-first-frame-ms "):
                first_frame = int(line.split()[1])
        if report is not None:
            return report, first_frame, console
        print(f"{name}: attempt {attempt}: the page ended before it printed its report")
    sys.stderr.write("\n".join(console[-20:]) + "\n")
    raise RuntimeError(f"{name}: the page printed no scanviz-selftest line in {attempts} attempts")


def not_blank(png_path):
    """A screenshot that is one colour (or missing) is blank: counts the distinct pixel colours."""
    if not os.path.exists(png_path):
        return False, "no screenshot written"
    from PIL import Image  # python3-pil, with python3-matplotlib

    with Image.open(png_path) as im:
        colours = im.convert("RGB").getcolors(maxcolors=1 << 20)
        n = len(colours) if colours else 1 << 20
        return n >= 16 and im.size == SIZE, f"{im.size[0]}x{im.size[1]}, {n} colours"


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--page", required=True, help="the web build's app folder (scanviz.html)")
    p.add_argument("--scanviz", required=True, help="the desktop binary")
    p.add_argument("--traces", required=True, help="assets/traces")
    p.add_argument("--deck", required=True, help="a lecture deck whose traces are in --traces")
    p.add_argument("--out", required=True, help="where screenshots and reports go")
    a = p.parse_args()
    a.traces = os.path.abspath(a.traces)  # the status line names the trace by its path
    if not os.path.exists(os.path.join(a.page, "scanviz.html")):
        print(f"no web build at {a.page} (tools/dev.sh web builds it): skipped")
        return 77
    os.makedirs(a.out, exist_ok=True)
    work = tempfile.mkdtemp(prefix="web-selftest-", dir=a.out)
    # What the server serves: the page, its traces, and a session beside its trace.
    root = os.path.join(work, "site")
    os.makedirs(os.path.join(root, "sessions"))
    for f in ("scanviz.html", "scanviz.js", "scanviz.wasm"):
        os.symlink(os.path.abspath(os.path.join(a.page, f)), os.path.join(root, f))
    os.symlink(os.path.abspath(a.traces), os.path.join(root, "traces"))
    shutil.copy(os.path.join(a.traces, SESSION_TRACE), os.path.join(root, "sessions", SESSION_TRACE))
    session = os.path.join(root, "sessions", "blelloch.session.json")
    subprocess.run(["xvfb-run", "-a", a.scanviz, "--trace",
                    os.path.join(root, "sessions", SESSION_TRACE), "--step", "5", "--save-session",
                    session, "--dump-scene", os.path.join(work, "saved.json")],
                   check=True, timeout=300, stdout=subprocess.DEVNULL,
                   env=dict(os.environ, XDG_CONFIG_HOME=os.path.join(work, "config-save")))
    # The shipped lecture deck as a site (`scanviz export --deck D --format web`), opened at its
    # first view of a GPU trace; the deck's own copy is opened on the desktop.
    site = os.path.join(root, "lecture")
    subprocess.run([a.scanviz, "export", "--deck", a.deck, "--format", "web", "--page", a.page, "--out", site],
                   check=True, timeout=300, stdout=subprocess.DEVNULL)
    deck = os.path.join(site, os.path.basename(a.deck))
    with open(deck) as f:
        views = json.load(f)["views"]
    gpu_view = 1 + next(k for k, v in enumerate(views) if v.get("trace_file"))
    blelloch = os.path.join(a.traces, SESSION_TRACE)
    cases = [
        ("lesson", "scanviz.html?", [], None),
        ("gpu-trace", "scanviz.html?trace=traces/kogge-stone-lesson.json&step=3",
         ["--trace", os.path.join(a.traces, "kogge-stone-lesson.json"), "--step", "3"], None),
        ("session", "scanviz.html?session=sessions/blelloch.session.json", ["--session", session], None),
        ("deck-site", f"lecture/?view={gpu_view}", [deck, "--view", str(gpu_view)], None),
        # File > Open (Ctrl+O): the browser's picker, its file chosen by the page's self-test, arrives
        # as a drop does; the desktop's drop of the same file.
        ("file-picker", f"scanviz.html?args={quote('--keys Ctrl+O')}&pick=traces/{SESSION_TRACE}",
         ["--drop", blelloch], None),
        # Save session (Ctrl+S): the page writes the session and hands it to the browser's downloads.
        ("download", f"scanviz.html?trace=traces/{SESSION_TRACE}&step=4&args={quote('--keys Ctrl+S')}",
         ["--trace", blelloch, "--step", "4", "--save-session", os.path.join(work, "lesson.session.json")],
         session_downloaded(blelloch, 4)),
        # Export (Ctrl+E, Enter: the dialog's choices as they open): the picture becomes a download.
        ("export-download", f"scanviz.html?args={quote('--keys Ctrl+E,Enter')}",
         ["--keys", "Ctrl+E,Enter"], picture_downloaded),
        # A student's kernel: Write a kernel (Ctrl+K) and run the starter (Ctrl+Enter). The page reads
        # it with scanviz's own parser of the subset, the desktop with libclang: the same verdict,
        # steps and picture.
        ("kernel-editor", f"scanviz.html?args={quote('--keys Ctrl+K,Ctrl+Enter')}",
         ["--keys", "Ctrl+K,Ctrl+Enter"], kernel_graded),
        # The browser's window (here an iframe's) shrinks after the first frame: the app is drawn
        # at the new size.
        ("resize", "resize.html?", ["--size", "1280x720"], None),
    ]
    with open(os.path.join(root, "resize.html"), "w") as f:
        f.write(RESIZE_PAGE)
    failures = 0
    with serve(root) as base:
        for name, path, args, also in cases:
            shot = os.path.join(a.out, f"web-{name}.png")
            url = f"{base}/{path}" + ("" if name == "resize" else f"&selftest=1&size={SIZE[0]}x{SIZE[1]}")
            page, first_frame, console = page_report(url, shot, work, name)
            desk = desktop_report(a.scanviz, args, work, name)
            with open(os.path.join(a.out, f"web-{name}.page.json"), "w") as f:
                json.dump(page, f, indent=1)
            diff = first_difference(normalise(page), normalise(desk), sides=("page", "desktop"),
                                    tolerance=1e-3)
            if diff is None and also:
                diff = also(console, page)
            ok_shot, shot_text = not_blank(shot)
            verdict = "agrees" if diff is None and ok_shot else "FAILS"
            print(f"{name}: page {verdict} with the desktop's --dump-scene; first frame "
                  f"{first_frame} ms (page time); screenshot {shot} ({shot_text})")
            if diff:
                print(f"  first difference: {diff}")
            if not ok_shot:
                print("  the screenshot is blank")
            failures += diff is not None or not ok_shot
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
