#!/usr/bin/env python3
"""The page's budgets (docs/web.md): the gzip size of what a browser downloads, the first frame's
time in headless Chromium, and a 2^20 decoupled-look-back capture in the page.

  tools/web/measure.py [build-web/app]

Runs the page in real time (no virtual clock), served from 127.0.0.1 by a plain static server.
Prints one line a budget and exits 1 when one is exceeded.
"""
import gzip
import os
import re
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from headless import serve, watch_page  # noqa: E402

BUDGET_GZIP_BYTES = 3 * 1000 * 1000
BUDGET_FIRST_FRAME_MS = 3000
BUDGET_LOOKBACK_CAPTURE_MS = 2000


def gzip_size(path):
    with open(path, "rb") as f:
        return len(gzip.compress(f.read(), compresslevel=9))


def first_line(console, prefix):
    return next((line for line in console if line.startswith(prefix)), None)


def main():
    page = sys.argv[1] if len(sys.argv) > 1 else "build-web/app"
    files = [os.path.join(page, f) for f in ("scanviz.html", "scanviz.js", "scanviz.wasm")]
    sizes = {os.path.basename(f): (os.path.getsize(f), gzip_size(f)) for f in files}
    total = sum(z for _, z in sizes.values())
    over = []
    detail = ", ".join(f"{name} {raw / 1e6:.2f} MB ({z / 1e6:.2f} MB gzip)"
                       for name, (raw, z) in sizes.items())
    print(f"transfer: {total / 1e6:.2f} MB gzip in all (budget 3 MB): {detail}")
    over += ["size"] if total > BUDGET_GZIP_BYTES else []
    work = tempfile.mkdtemp(prefix="web-measure-")
    with serve(page) as base:
        console = watch_page(f"{base}/scanviz.html", work, "scanviz-first-frame-ms", seconds=30)
        line = first_line(console, "scanviz-first-frame-ms ")
        first = int(line.split()[1]) if line else None
        print(f"first frame: {first} ms after the page started (budget {BUDGET_FIRST_FRAME_MS} ms)")
        over += ["first frame"] if first is None or first > BUDGET_FIRST_FRAME_MS else []
        args = "--algorithm decoupled-lookback --n 1048576 --measure-recapture 1"
        console = watch_page(f"{base}/scanviz.html?args={args.replace(' ', '%20')}", work,
                             "median over", seconds=120)
        line = first_line(console, "first capture")
        m = re.search(r"of which capture ([0-9.]+) ms", line or "")
        capture = float(m.group(1)) if m else None
        print(f"2^20 decoupled look-back: capture {capture} ms in the page "
              f"(budget {BUDGET_LOOKBACK_CAPTURE_MS} ms): {line}")
        over += ["capture"] if capture is None or capture > BUDGET_LOOKBACK_CAPTURE_MS else []
    if over:
        print("over budget: " + ", ".join(over))
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
