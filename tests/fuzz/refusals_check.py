#!/usr/bin/env python3
"""The scanviz binary, as a hostile user would drive it (issue 15): each case runs the real
command and asserts the exit code, the message and that no output file appears. Run under
xvfb-run (the PNG cases and the window's --screenshot need a display).

usage: refusals_check.py --binary build/app/scanviz --work DIR CASE
"""
import json
import os
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
from checks import run_cases  # noqa: E402

CASES = {}


def case(fn):
    CASES[fn.__name__] = fn
    return fn


def run(args, binary, work, timeout=120):
    started = time.monotonic()
    p = subprocess.run([binary] + args, cwd=work, capture_output=True, text=True, timeout=timeout)
    return p.returncode, p.stdout + p.stderr, time.monotonic() - started


def expect(cond, what):
    if not cond:
        raise AssertionError(what)


def refused(binary, work, args, *phrases, out=None, code=2):
    rc, text, _ = run(args, binary, work)
    expect(rc == code, f"{args}: exit {rc}, wanted {code}:\n{text}")
    for phrase in phrases:
        expect(phrase in text, f"{args}: message lacks {phrase!r}:\n{text}")
    if out:
        expect(not os.path.exists(os.path.join(work, out)), f"{args}: {out} was written")
    return text


def lesson_trace(binary, work, name="lesson.json"):
    rc, text, _ = run(["capture", "--algorithm", "decoupled-lookback", "--n", "3000",
                       "--backend", "cpu", "--out", name], binary, work)
    expect(rc == 0, text)
    with open(os.path.join(work, name)) as f:
        return json.load(f)


@case
def screenshot_exits_2_on_bad_capture_values(binary, work):
    refused(binary, work, ["--block-size", "3", "--screenshot", "s.png"], "--block-size 3",
            out="s.png")
    refused(binary, work, ["--n", "-1", "--screenshot", "s.png"], "N = -1", out="s.png")


@case
def screenshot_exits_2_on_a_broken_trace_or_session(binary, work):
    doc = lesson_trace(binary, work)
    doc["meta"]["operator"] = "pow"
    with open(os.path.join(work, "bad.json"), "w") as f:
        json.dump(doc, f)
    refused(binary, work, ["--trace", "bad.json", "--screenshot", "s.png"], "trace.meta.operator",
            out="s.png")
    with open(os.path.join(work, "bad.scanviz-session.json"), "w") as f:
        json.dump({"kind": "scanviz-session", "version": 1, "config": {"block_size": 3}}, f)
    refused(binary, work, ["--session", "bad.scanviz-session.json", "--screenshot", "s.png"],
            "config.block_size", out="s.png")


@case
def values_are_reported_as_typed(binary, work):
    text = refused(binary, work, ["capture", "--block-size", "2147483648", "--out", "x.json"],
                   "--block-size 2147483648", "between 2 and 1024", out="x.json")
    expect("-2147483648" not in text, text)
    os.makedirs(os.path.join(work, "folder"), exist_ok=True)
    refused(binary, work, ["capture", "--input-file", "folder", "--out", "x.json"],
            "is a directory", out="x.json")
    refused(binary, work, ["--trace", "folder", "--screenshot", "s.png"], "is a directory",
            out="s.png")


@case
def float_overflow_reads_back(binary, work):
    rc, text, _ = run(["capture", "--input", "3e38,3e38", "--dtype", "float32", "--backend", "cpu",
                       "--out", "f.json"], binary, work)
    expect(rc == 0, text)
    rc, text, _ = run(["export", "--trace", "f.json", "--format", "svg", "--out", "f.svg"], binary,
                      work)
    expect(rc == 0 and os.path.exists(os.path.join(work, "f.svg")), text)


@case
def timeline_at_2_to_53_ns_exports_promptly(binary, work):
    doc = lesson_trace(binary, work)
    for b in doc["blocks"]:
        b["start_ns"] += 9007199254740992
        b["end_ns"] += 9007199254740992
    with open(os.path.join(work, "late.json"), "w") as f:
        json.dump(doc, f)
    for fmt in ("svg", "png"):
        rc, text, seconds = run(["export", "--trace", "late.json", "--panel", "timeline",
                                 "--format", fmt, "--out", "late." + fmt], binary, work, timeout=60)
        expect(rc == 0 and os.path.exists(os.path.join(work, "late." + fmt)), text)
        expect(seconds < 30, f"{fmt}: {seconds:.1f} s")
    rc, text, seconds = run(["--trace", "late.json", "--panel", "timeline", "--screenshot",
                             "late-window.png"], binary, work, timeout=120)
    expect(rc == 0 and os.path.exists(os.path.join(work, "late-window.png")), text)


@case
def long_filmstrip_is_refused_before_drawing(binary, work):
    started = time.monotonic()
    refused(binary, work, ["export", "--algorithm", "sequential", "--n", "600", "--all",
                           "--out", "film.png"], "at most 512 steps", "--range", out="film.png")
    expect(time.monotonic() - started < 20, "the refusal took too long")


@case
def flags_counts_and_separators_are_named(binary, work):
    """Issue 35 item 20: the problem in plain words, exit 2, no file."""
    refused(binary, work, ["capture", "--algorithm", "segmented-kogge-stone", "--flags",
                           "1,0,0,1,0,1,0,0,1,0", "--out", "x.json"],
            "--flags gives 10 flags for 8 values", out="x.json")
    refused(binary, work, ["capture", "--flags", "1,0,0,1,0,1,0,0", "--out", "x.json"],
            "scans without segments", "segmented-blelloch", out="x.json")
    refused(binary, work, ["capture", "--input", "1;2", "--out", "x.json"],
            "';' is not a separator", "commas, spaces, tabs or line breaks", out="x.json")
    refused(binary, work, ["apply", "quicksort-step", "--input", "5 nan 3 1", "--out", "q.json"],
            "is NaN", out="q.json")
    refused(binary, work, ["--algorithm", "kogge-stone", "--segments", "3,2,3", "--screenshot",
                           "s.png"], "scans without segments", out="s.png")


def fresh_work_folder(args, _name):
    shutil.rmtree(args.work, ignore_errors=True)
    os.makedirs(args.work)
    return args


if __name__ == "__main__":
    sys.exit(run_cases({name: (lambda a, fn=fn: fn(a.binary, a.work)) for name, fn in CASES.items()},
                       fresh_work_folder, __doc__))
