#!/usr/bin/env python3
"""Golden pictures: the exports of a fixed set of figures compared with the ones stored in
tests/golden/data, so that a refactoring that should not change what scanviz draws is caught when
it does (CTest label `ui`, run under Xvfb with Mesa's software renderer).

- PNG: same size; at most 0.2% of the pixels may differ by more than 24 in a channel (text
  antialiasing may move by a shade between Mesa versions, a moved or missing shape may not).
- SVG: the same text content, in order, and the same number of elements of every kind.
- GIF: the same frame count, delays and size, and every frame decoded, composed over the ones
  before it as a viewer shows it, and compared like a PNG.

A change that is meant to change a figure updates the stored file in the same commit:

    xvfb-run -a env LIBGL_ALWAYS_SOFTWARE=1 python3 tests/golden/golden_check.py \\
        --binary build/app/scanviz --work /tmp/golden --update CASE...
"""

import os
import shutil
import struct
import subprocess
import sys
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "common"))
from checks import Png, check, read_gif, run_cases  # noqa: E402

DATA = os.path.join(HERE, "data")
ROOT = os.path.join(HERE, "..", "..")
LESSON = ["--algorithm", "kogge-stone", "--backend", "cpu"]
GRID_TRACE = os.path.join(ROOT, "assets", "traces", "decoupled-lookback-1024.json")
BENCH = os.path.join(ROOT, "docs", "results", "2026-11-22-h200", "bench-baseline.json")

# name -> (file written, export arguments). One figure of every kind the exporters make.
CASES = {
    "window": ("window.png", [*LESSON, "--panel", "window", "--step", "1", "--size", "1024x700"]),
    "step_png": ("step.png", [*LESSON, "--step", "2", "--pixel-scale", "2"]),
    "step_svg": ("step.svg", ["--algorithm", "brent-kung", "--backend", "cpu", "--step", "3"]),
    "gif": ("steps.gif", ["--algorithm", "hillis-steele", "--backend", "cpu", "--all"]),
    "filmstrip": ("filmstrip.png", ["--algorithm", "brent-kung", "--backend", "cpu", "--all",
                                    "--theme", "light"]),
    "timeline_svg": ("timeline.svg", ["--trace", GRID_TRACE, "--panel", "timeline"]),
    "timeline_png": ("timeline.png", ["--trace", GRID_TRACE, "--panel", "timeline"]),
    "counters_svg": ("counters.svg", [*LESSON, "--panel", "counters", "--step", "2"]),
    "plot_svg": ("plot.svg", ["--bench", BENCH, "--subjects", "brent-kung,decoupled-lookback,cub,copy"]),
    "plot_png": ("plot.png", ["--bench", BENCH, "--subjects", "brent-kung,decoupled-lookback,cub,copy",
                              "--theme", "light"]),
}


# ---- GIF frames, decoded (LZW) so that frames compare as pictures -----------------------------

def _lzw_decode(data, min_size):
    clear, end = 1 << min_size, (1 << min_size) + 1
    table = [bytes([i]) for i in range(clear)] + [b"", b""]
    size, out, prev, bits, nbits = min_size + 1, bytearray(), None, 0, 0
    for byte in data:
        bits |= byte << nbits
        nbits += 8
        while nbits >= size:
            code, bits, nbits = bits & ((1 << size) - 1), bits >> size, nbits - size
            if code == clear:
                table, size, prev = table[:end + 1], min_size + 1, None
                continue
            if code == end:
                return bytes(out)
            if code < len(table):
                entry = table[code]
                if prev is not None:
                    table.append(prev + entry[:1])
            else:
                entry = prev + prev[:1]
                table.append(entry)
            out += entry
            prev = entry
            if len(table) == (1 << size) and size < 12:
                size += 1
    return bytes(out)


def gif_frames(path):
    """Every frame as a viewer shows it: RGBA bytes of the whole picture, each frame drawn over the
    ones before (its transparent index leaves a pixel as it was) and disposed of as its graphic
    control extension says (2: cleared to see-through, 3: put back as before)."""
    with open(path, "rb") as f:
        data = f.read()
    width, height, flags = struct.unpack("<HHB", data[6:11])
    pos, palette = 13, b""
    if flags & 0x80:
        n = 3 * (2 << (flags & 7))
        palette, pos = data[13:13 + n], 13 + n
    canvas = bytearray(4 * width * height)
    frames, disposal, transparent = [], 0, None
    while pos < len(data) and data[pos] != 0x3B:
        if data[pos] == 0x21:
            if data[pos + 1] == 0xF9:
                packed = data[pos + 3]
                disposal = (packed >> 2) & 7
                transparent = data[pos + 6] if packed & 1 else None
            pos += 2
            while data[pos]:
                pos += data[pos] + 1
            pos += 1
            continue
        left, top, w, h, packed = struct.unpack("<HHHHB", data[pos + 1:pos + 10])
        pos += 10
        local = palette
        if packed & 0x80:
            n = 3 * (2 << (packed & 7))
            local, pos = data[pos:pos + n], pos + n
        min_size, pos, lzw = data[pos], pos + 1, bytearray()
        while data[pos]:
            lzw += data[pos + 1:pos + 1 + data[pos]]
            pos += data[pos] + 1
        pos += 1
        indices = _lzw_decode(bytes(lzw), min_size)
        before = bytes(canvas)
        for y in range(h):
            row = 4 * ((top + y) * width + left)
            for x in range(w):
                i = indices[y * w + x]
                if i != transparent:
                    canvas[row + 4 * x:row + 4 * x + 4] = local[3 * i:3 * i + 3] + b"\xff"
        frames.append(bytes(canvas))
        if disposal in (2, 3):
            for y in range(h):
                row = 4 * ((top + y) * width + left)
                canvas[row:row + 4 * w] = bytes(4 * w) if disposal == 2 else before[row:row + 4 * w]
        disposal, transparent = 0, None
    return frames


# ---- comparisons -------------------------------------------------------------------------------

def differing_fraction(a, b, channels):
    """Fraction of pixels whose largest channel difference exceeds 24."""
    bad = 0
    for i in range(0, len(a), channels):
        if max(abs(a[i + c] - b[i + c]) for c in range(channels)) > 24:
            bad += 1
    return bad / max(1, len(a) // channels)


def compare_png(got, want):
    g, w = Png(got), Png(want)
    check((g.width, g.height) == (w.width, w.height),
          f"size {g.width}x{g.height}, golden {w.width}x{w.height}")
    frac = differing_fraction(b"".join(g.rows), b"".join(w.rows), 4)
    check(frac <= 0.002, f"{100 * frac:.2f}% of the pixels differ from the golden picture")


def svg_summary(path):
    root = ET.parse(path).getroot()
    texts = ["".join(e.itertext()) for e in root.iter() if e.tag.endswith("}text") or e.tag == "text"]
    counts = {}
    for e in root.iter():
        counts[e.tag] = counts.get(e.tag, 0) + 1
    return texts, counts


def compare_svg(got, want):
    gt, gc = svg_summary(got)
    wt, wc = svg_summary(want)
    check(gt == wt, f"text differs: got {gt[:12]}..., golden {wt[:12]}...")
    check(gc == wc, f"element counts differ: got {gc}, golden {wc}")


def compare_gif(got, want):
    g, w = read_gif(got), read_gif(want)
    for key in ("width", "height", "frames", "delays", "loops"):
        check(g[key] == w[key], f"{key}: got {g[key]}, golden {w[key]}")
    # Frames compare as pictures: how they are stored (the rectangle of changes, unchanged pixels
    # left transparent) may change without the GIF looking different.
    for k, (fg, fw) in enumerate(zip(gif_frames(got), gif_frames(want))):
        frac = differing_fraction(fg, fw, 4)
        check(frac <= 0.002, f"frame {k}: {100 * frac:.2f}% of the pixels differ")


COMPARE = {".png": compare_png, ".svg": compare_svg, ".gif": compare_gif}


def run_case(binary, work, name, update):
    filename, args = CASES[name]
    out = os.path.join(work, filename)
    if os.path.exists(out):
        os.remove(out)
    cmd = [binary, "export", *args, "--out", out]
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=240)
    check(r.returncode == 0, f"{' '.join(cmd)} exited {r.returncode}\n{r.stdout}\n{r.stderr}")
    golden = os.path.join(DATA, filename)
    if update:
        os.makedirs(DATA, exist_ok=True)
        shutil.copyfile(out, golden)
        print(f"updated {golden}")
        return
    check(os.path.exists(golden), f"no golden file {golden} (run with --update to make it)")
    COMPARE[os.path.splitext(filename)[1]](out, golden)


def context_for(args, _name):
    os.makedirs(args.work, exist_ok=True)
    return args


CASE_RUNS = {name: (lambda ctx, name=name: run_case(ctx.binary, ctx.work, name, ctx.update)) for name in CASES}

if __name__ == "__main__":
    sys.exit(run_cases(CASE_RUNS, context_for, __doc__,
                       lambda p: p.add_argument("--update", action="store_true",
                                                help="store the new pictures as the golden ones")))
