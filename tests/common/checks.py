"""What every Python test script of scanviz needs, written once: the failure type, a PNG and GIF
reader (standard library only: zlib and struct), and the command-line runner that turns a table of
`case_*` functions into `script.py --binary B --work W [CASE...]`.

A script adds this folder to sys.path:
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
"""

import argparse
import array
import json
import os
import struct
import subprocess
import sys
import time
import zlib


class CheckFailed(Exception):
    pass


def check(condition, message):
    if not condition:
        raise CheckFailed(message)


def near(a, b, tolerance=30):
    return all(abs(x - y) <= tolerance for x, y in zip(a, b))


def hex_rgb(text):
    return tuple(int(text[i:i + 2], 16) for i in (1, 3, 5))


def first_difference(a, b, path="$", sides=("left", "right"), tolerance=0.0):
    """Where two JSON values first differ, as "PATH: each side's value (its name in `sides`)";
    None where they agree. A float agrees within `tolerance` relative to b (or to 1, if larger)."""
    def differ(x, y):
        return f"{path}: {json.dumps(x)[:200]} ({sides[0]}) vs {json.dumps(y)[:200]} ({sides[1]})"

    if type(a) is not type(b):
        return differ(a, b)
    if isinstance(a, dict):
        for k in sorted(set(a) | set(b)):
            if k not in a or k not in b:
                return f"{path}.{k}: only in the {sides[1] if k in b else sides[0]}"
            d = first_difference(a[k], b[k], f"{path}.{k}", sides, tolerance)
            if d:
                return d
        return None
    if isinstance(a, list):
        if len(a) != len(b):
            return f"{path}: {len(a)} items ({sides[0]}) vs {len(b)} ({sides[1]})"
        for i, (x, y) in enumerate(zip(a, b)):
            d = first_difference(x, y, f"{path}[{i}]", sides, tolerance)
            if d:
                return d
        return None
    if isinstance(a, float) and abs(a - b) <= tolerance * max(1.0, abs(b)):
        return None
    return None if a == b else differ(a, b)


# ---- PNG ---------------------------------------------------------------------------------------

def _paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else (b if pb <= pc else c)


def _unfiltered_rows(raw, width, height, bpp):
    """The picture's rows, RGBA, one at a time: a row is decoded only when it is asked for (a
    4x figure has 17 million pixels and this is pure Python; most checks stop early)."""
    stride = width * bpp
    prev, pos = bytearray(stride), 0
    for _ in range(height):
        kind = raw[pos]
        line = bytearray(raw[pos + 1:pos + 1 + stride])
        pos += 1 + stride
        if kind == 1:
            for i in range(bpp, stride):
                line[i] = (line[i] + line[i - bpp]) & 0xFF
        elif kind == 2:
            line = bytearray((x + y) & 0xFF for x, y in zip(line, prev))
        elif kind == 3:
            for i in range(stride):
                a = line[i - bpp] if i >= bpp else 0
                line[i] = (line[i] + ((a + prev[i]) >> 1)) & 0xFF
        elif kind == 4:
            for i in range(stride):
                a = line[i - bpp] if i >= bpp else 0
                c = prev[i - bpp] if i >= bpp else 0
                line[i] = (line[i] + _paeth(a, prev[i], c)) & 0xFF
        prev = line
        if bpp == 3:
            rgba = bytearray(4 * width)
            rgba[0::4], rgba[1::4], rgba[2::4] = line[0::3], line[1::3], line[2::3]
            rgba[3::4] = b"\xff" * width
            line = rgba
        yield line


class Png:
    """An 8-bit RGB or RGBA PNG as RGBA rows: four bytes per pixel, decoded as they are read."""

    def __init__(self, path):
        with open(path, "rb") as f:
            data = f.read()
        check(data[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG")
        pos, idat = 8, b""
        while pos < len(data):
            length, kind = struct.unpack(">I4s", data[pos:pos + 8])
            body = data[pos + 8:pos + 8 + length]
            if kind == b"IHDR":
                self.width, self.height, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", body)
                check(depth == 8 and color in (2, 6) and interlace == 0, f"unexpected PNG format in {path}")
                bpp = 4 if color == 6 else 3
            elif kind == b"IDAT":
                idat += body
            pos += 12 + length
        self._pending = _unfiltered_rows(zlib.decompress(idat), self.width, self.height, bpp)
        self._decoded = []

    def _rows_so_far(self):
        """Every row decoded so far, then each further one as it is decoded."""
        yield from self._decoded
        for row in self._pending:
            self._decoded.append(row)
            yield row

    @property
    def rows(self):
        if len(self._decoded) < self.height:
            for _ in self._rows_so_far():
                pass
        return self._decoded

    def pixel(self, x, y):
        """RGBA at (x, y)."""
        r = self.rows[y]
        return tuple(r[4 * x:4 * x + 4])

    def rgb(self, x, y):
        """RGB at the nearest pixel inside the picture (probes computed from a scene may fall off it)."""
        x = min(max(int(x), 0), self.width - 1)
        y = min(max(int(y), 0), self.height - 1)
        return tuple(self.rows[y][4 * x:4 * x + 3])

    def colours(self, limit=100000):
        """The distinct RGBA colours (as 4-byte strings), reading rows only until `limit` are seen."""
        seen = set()
        for r in self._rows_so_far():
            seen.update(array.array("I", bytes(r)))
            if len(seen) >= limit:
                break
        return {v.to_bytes(4, sys.byteorder) for v in seen}

    def mask(self, rgb, tolerance=12):
        """Pixels within `tolerance` of a colour, as a set of (x, y)."""
        out = set()
        for y, r in enumerate(self.rows):
            for x in range(self.width):
                i = 4 * x
                if abs(r[i] - rgb[0]) <= tolerance and abs(r[i + 1] - rgb[1]) <= tolerance and \
                        abs(r[i + 2] - rgb[2]) <= tolerance and r[i + 3] > 200:
                    out.add((x, y))
        return out

    def luminance_stats(self, step=4):
        """Mean luminance and the share of light pixels, sampled every `step` pixels."""
        total, light, count = 0.0, 0, 0
        for y in range(0, self.height, step):
            row = self.rows[y]
            for x in range(0, self.width, step):
                i = 4 * x
                lum = (0.2126 * row[i] + 0.7152 * row[i + 1] + 0.0722 * row[i + 2]) / 255.0
                total += lum
                light += lum > 0.7
                count += 1
        return total / count, light / count

    def count_near(self, color, box=None, tolerance=30, step=2):
        x0, y0, x1, y1 = box or (0, 0, self.width, self.height)
        found = 0
        for y in range(max(0, int(y0)), min(self.height, int(y1)), step):
            for x in range(max(0, int(x0)), min(self.width, int(x1)), step):
                if near(self.rgb(x, y), color, tolerance):
                    found += 1
        return found


# ---- GIF ---------------------------------------------------------------------------------------

def read_gif(path):
    """Frames, delays (centiseconds) and whether it loops, read block by block."""
    with open(path, "rb") as f:
        data = f.read()
    check(data[:6] == b"GIF89a", f"{path} is not a GIF89a (got {data[:6]!r})")
    width, height, flags = struct.unpack("<HHB", data[6:11])
    pos = 13
    if flags & 0x80:
        pos += 3 * (2 << (flags & 7))
    frames, delays, loops = 0, [], False

    def skip_sub_blocks(p):
        while data[p] != 0:
            p += data[p] + 1
        return p + 1

    while pos < len(data):
        tag = data[pos]
        if tag == 0x3B:  # trailer
            break
        if tag == 0x21:  # extension
            label = data[pos + 1]
            if label == 0xF9:
                delays.append(struct.unpack("<H", data[pos + 4:pos + 6])[0])
            if label == 0xFF and data[pos + 3:pos + 14] == b"NETSCAPE2.0":
                loops = True
            pos = skip_sub_blocks(pos + 2)
        elif tag == 0x2C:  # image
            frames += 1
            packed = data[pos + 9]
            pos += 10
            if packed & 0x80:
                pos += 3 * (2 << (packed & 7))
            pos = skip_sub_blocks(pos + 1)  # LZW minimum code size, then the data
        else:
            raise CheckFailed(f"unexpected block 0x{tag:02x} in {path}")
    return {"width": width, "height": height, "frames": frames, "delays": delays, "loops": loops}


# ---- the runner --------------------------------------------------------------------------------

def needs_display(fn):
    """Marks a case that draws (a window, an export): CTest runs it under xvfb-run."""
    fn.needs_display = True
    return fn


def _listed(cases, which):
    """The names `--list` prints: all of them, or those that do (display) or do not (no-display)
    need a display."""
    if which == "all":
        return list(cases)
    wanted = which == "display"
    return [name for name, fn in cases.items() if getattr(fn, "needs_display", False) == wanted]


def cases_of(namespace, prefix="case_"):
    """The script's `case_*` functions by name, in the order they are written."""
    return {name[len(prefix):]: fn for name, fn in namespace.items() if name.startswith(prefix) and callable(fn)}


def run_cases(cases, make_context, doc="", extra_arguments=None, argv=None):
    """`--binary B --work W [CASE ... | all]` (no case: all of them). make_context(args, name) builds
    what a case receives; a case fails by raising CheckFailed or AssertionError or by timing out.
    Prints one line a case and returns the exit status. `--list [all|display|no-display]` prints
    the case names, one a line: the CMake lists read them, so a case is written here only."""
    parser = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--list", nargs="?", const="all", choices=["all", "display", "no-display"],
                        help="print the case names (those that need a display, or not) and exit")
    parser.add_argument("--binary")
    parser.add_argument("--work")
    if extra_arguments:
        extra_arguments(parser)
    parser.add_argument("cases", nargs="*", help="case names (default: all): " + ", ".join(cases))
    args = parser.parse_args(argv)
    if args.list:
        print("\n".join(_listed(cases, args.list)))
        return 0
    if not args.binary or not args.work:
        parser.error("--binary and --work are required")
    args.binary, args.work = os.path.abspath(args.binary), os.path.abspath(args.work)
    names = list(cases) if args.cases in ([], ["all"]) else args.cases
    unknown = [n for n in names if n not in cases]
    if unknown:
        parser.error(f"unknown case {', '.join(unknown)}; the cases are: {', '.join(cases)}")
    failed = 0
    for name in names:
        started = time.monotonic()
        try:
            cases[name](make_context(args, name))
            print(f"ok    {name} ({time.monotonic() - started:.1f} s)")
        except (CheckFailed, AssertionError, subprocess.TimeoutExpired) as e:
            failed += 1
            print(f"FAIL  {name}: {e}")
    sys.stdout.flush()
    return 1 if failed else 0
