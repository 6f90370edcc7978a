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


# ---- issue 35: every bad input refused early, with exit 2 and the right message ------------------

@case
def window_refuses_a_bad_drop_and_a_step_past_the_end(binary, work):
    """Before: exit 0 and a picture of the default lesson (or of the last step)."""
    with open(os.path.join(work, "garbage.json"), "w") as f:
        f.write("{ not json")
    refused(binary, work, ["--drop", "garbage.json", "--screenshot", "s.png"], "garbage.json",
            out="s.png")
    refused(binary, work, ["--algorithm", "kogge-stone", "--step", "999", "--screenshot", "s.png"],
            "--step 999", "steps are 0 to", out="s.png")


@case
def window_outputs_are_checked_before_the_window_opens(binary, work):
    """Before: --screenshot into a missing folder failed after rendering, with exit 1; a failed
    --save-session exited 0 with no file."""
    started = time.monotonic()
    refused(binary, work, ["--screenshot", "missing/s.png"], "--screenshot", "does not exist")
    refused(binary, work, ["--save-session", "missing/x.json", "--screenshot", "s.png"],
            "--save-session", "does not exist", out="s.png")
    expect(time.monotonic() - started < 20, "the refusals took too long")
    # A folder that takes files, a name whose temporary file is too long to make: the write
    # itself fails (exit 1), with the message.
    long_name = "x" * 250 + ".json"
    rc, text, _ = run(["--save-session", long_name, "--screenshot", "s.png"], binary, work)
    expect(rc == 1 and "--save-session" in text and os.strerror(36) in text, f"exit {rc}:\n{text}")


@case
def perfetto_export_to_a_folder_is_bad_input(binary, work):
    os.makedirs(os.path.join(work, "traces"))
    refused(binary, work, ["export", "--algorithm", "decoupled-lookback", "--n", "300",
                           "--format", "perfetto", "--out", "traces"], "it is a folder")


@case
def bench_reports_are_capped_and_checked(binary, work):
    started = time.monotonic()
    refused(binary, work, ["export", "--bench", "/dev/zero", "--out", "p.svg"],
            "bench reports are read up to", out="p.svg")
    expect(time.monotonic() - started < 10, f"/dev/zero was read for {time.monotonic() - started:.0f} s")
    point = {"subject": "kogge-stone", "dtype": "int32", "n": 1024, "median_ms": 0.5, "gb_per_s": 1}
    for bad, phrase in (({"version": 99, "results": [point]}, "version 99"),
                        ({"version": 1, "results": [dict(point, median_ms=-2)]}, "median_ms: -2")):
        with open(os.path.join(work, "r.json"), "w") as f:
            json.dump(bad, f)
        refused(binary, work, ["export", "--bench", "r.json", "--out", "p.svg"], phrase, out="p.svg")


@case
def a_session_naming_a_fifo_is_refused_without_hanging(binary, work):
    """Before: export and the window waited for a writer that never came."""
    os.mkfifo(os.path.join(work, "pipe"))
    with open(os.path.join(work, "s.scanviz-session.json"), "w") as f:
        json.dump({"kind": "scanviz-session", "version": 1, "trace_file": "pipe"}, f)
    started = time.monotonic()
    refused(binary, work, ["export", "--session", "s.scanviz-session.json", "--format", "svg",
                           "--out", "x.svg"], "FIFO", out="x.svg")
    refused(binary, work, ["--session", "s.scanviz-session.json", "--screenshot", "s.png"], "FIFO",
            out="s.png")
    refused(binary, work, ["--drop", "pipe", "--screenshot", "s.png"], "FIFO", out="s.png")
    expect(time.monotonic() - started < 60, "the refusals took too long")


@case
def a_session_opens_its_trace_from_its_own_folder(binary, work):
    """Before: a relative trace_file was looked for in the working directory."""
    lesson = os.path.join(work, "lesson")
    os.makedirs(lesson)
    rc, text, _ = run(["capture", "--algorithm", "blelloch", "--out", "lesson/b.json"], binary, work)
    expect(rc == 0, text)
    with open(os.path.join(lesson, "s.scanviz-session.json"), "w") as f:
        json.dump({"kind": "scanviz-session", "version": 1, "trace_file": "b.json", "step": 2}, f)
    rc, text, _ = run(["export", "--session", "lesson/s.scanviz-session.json", "--format", "svg",
                       "--out", "x.svg"], binary, work)
    expect(rc == 0 and os.path.exists(os.path.join(work, "x.svg")), text)
    # The window opens it too, and its title names the file (before: always the app's title).
    rc, text, _ = run(["--session", "lesson/s.scanviz-session.json", "--dump-scene", "d.json"],
                      binary, work)
    expect(rc == 0, text)
    with open(os.path.join(work, "d.json")) as f:
        report = json.load(f)
    expect(report["title"] == "s.scanviz-session.json - scanviz", report["title"])
    expect(report["step"] == 2, report["step"])


def fresh_work_folder(args, _name):
    shutil.rmtree(args.work, ignore_errors=True)
    os.makedirs(args.work)
    return args


if __name__ == "__main__":
    sys.exit(run_cases({name: (lambda a, fn=fn: fn(a.binary, a.work)) for name, fn in CASES.items()},
                       fresh_work_folder, __doc__))
