#!/usr/bin/env python3
"""Every file scanviz writes is the old one or the whole new one (issue 15, the write side).

Each case runs the real binary against a hostile output: a full device, a file-size limit
(`ulimit -f`, RLIMIT_FSIZE here), a signal sent to the running process, a symlink, a character
device, a FIFO, `-`, a folder that is not there. It then checks the exit code (0 ok, 1 failed
write, 2 bad input, 130 SIGINT, 143 SIGTERM), the message, that the previous file is intact and
that no temporary or partial file stays. Cases that draw need a display: run them under
`xvfb-run -a` with LIBGL_ALWAYS_SOFTWARE=1, as CTest does.

    python3 write_safety_check.py --binary build/app/scanviz --work /tmp/ws png_file_size_limit
"""

import hashlib
import json
import os
import resource
import shutil
import signal
import stat
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
from checks import CheckFailed, cases_of, check, needs_display, run_cases  # noqa: E402

EXPORT_LESSON = ["--algorithm", "kogge-stone", "--n", "64", "--all", "--scale", "2"]
# A lesson whose GIF or frames take a few seconds under software GL: time to send a signal.
SLOW_LESSON = ["--algorithm", "kogge-stone", "--n", "64", "--all", "--scale", "4"]
OLD = b"the previous file, which must survive\n"


def digest(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


class Context:
    def __init__(self, binary, work):
        self.binary = binary
        self.work = work
        shutil.rmtree(work, ignore_errors=True)
        os.makedirs(work)
        self.env = dict(os.environ)
        self.env["XDG_CONFIG_HOME"] = os.path.join(work, "config")  # never the user's settings
        self.env.setdefault("LIBGL_ALWAYS_SOFTWARE", "1")

    def path(self, *names):
        return os.path.join(self.work, *names)

    def folder(self, name):
        path = self.path(name)
        os.makedirs(path, exist_ok=True)
        return path

    def old_file(self, path):
        with open(path, "wb") as f:
            f.write(OLD)
        return digest(path)

    def run(self, *args, file_size_limit=None, ignore_sigxfsz=True, timeout=300, stdin=None):
        """Runs scanviz; with file_size_limit (bytes) as `ulimit -f` would."""
        def limit():
            if file_size_limit is not None:
                resource.setrlimit(resource.RLIMIT_FSIZE, (file_size_limit, file_size_limit))
            if ignore_sigxfsz:
                signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        start = time.monotonic()
        proc = subprocess.run([self.binary, *args], env=self.env, capture_output=True,
                              timeout=timeout, cwd=self.work, preexec_fn=limit, input=stdin)
        proc.seconds = time.monotonic() - start
        proc.out = proc.stdout.decode(errors="replace")
        proc.err = proc.stderr.decode(errors="replace")
        return proc

    def start(self, *args):
        return subprocess.Popen([self.binary, *args], env=self.env, cwd=self.work,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def expect_rc(proc, rc, what):
    check(proc.returncode == rc,
          f"{what}: exited {proc.returncode}, expected {rc}; stdout: {proc.out[-600:]} "
          f"stderr: {proc.err[-600:]}")


def expect_signalled(proc, sig, what):
    """Ended by the signal itself (returncode -sig; a shell's $? is 128 + sig), not by exit(128 +
    sig): only then does a shell loop or make stop at Ctrl-C."""
    check(proc.returncode == -sig,
          f"{what}: returncode {proc.returncode}, expected -{int(sig)} (killed by the signal); "
          f"stdout: {proc.out[-600:]} stderr: {proc.err[-600:]}")


def only(folder, names, what):
    """Nothing but `names` in `folder`: no temporary or partial file stayed."""
    found = sorted(os.listdir(folder))
    check(found == sorted(names), f"{what}: the folder holds {found}, expected {sorted(names)}")


def intact(path, old_digest, what):
    check(os.path.isfile(path) and digest(path) == old_digest, f"{what}: '{path}' was changed or removed")


def names_path_and_reason(proc, path, reason, what):
    check(path in proc.err and reason in proc.err,
          f"{what}: stderr does not name '{path}' and '{reason}': {proc.err}")


def signal_when(proc, ready, sig, what, timeout=120):
    """Sends `sig` once ready() says the work is under way; returns the process's output."""
    deadline = time.monotonic() + timeout
    while not ready():
        if proc.poll() is not None:
            err = proc.stderr.read().decode(errors="replace")
            raise CheckFailed(f"{what}: finished (exit {proc.returncode}) before the signal could "
                              f"be sent; stderr: {err[-600:]}")
        check(time.monotonic() < deadline, f"{what}: the work never started")
        time.sleep(0.01)
    proc.send_signal(sig)
    out, err = proc.communicate(timeout=120)
    proc.out, proc.err = out.decode(errors="replace"), err.decode(errors="replace")
    return proc


def listing(folder):
    """Names with sizes and times: any file made, grown or rewritten changes it."""
    out = {}
    for name in os.listdir(folder):
        st = os.stat(os.path.join(folder, name))
        out[name] = (st.st_size, st.st_mtime_ns)
    return out


def changed(folder):
    before = listing(folder)
    return lambda: listing(folder) != before


# ---- 1. full disks and file-size limits: exit 1, the old file intact, nothing left -----------

def written_over_the_limit(ctx, name, command, limit, what, **run_options):
    """`command` writing out/`name` (its path appended) under `ulimit -f` of `limit` bytes: exit 1
    with a message naming the file and EFBIG, the previous file intact, nothing else left."""
    out = ctx.folder("out")
    target = os.path.join(out, name)
    old = ctx.old_file(target)
    proc = ctx.run(*command, target, file_size_limit=limit, **run_options)
    expect_rc(proc, 1, f"{what} over the file-size limit")
    names_path_and_reason(proc, target, os.strerror(27), f"{what} over the limit")  # EFBIG
    intact(target, old, f"{what} over the limit")
    only(out, [name], f"{what} over the limit")


@needs_display
def case_png_file_size_limit(ctx):
    """`ulimit -f 8` under a PNG export: before, exit 0 and a PNG cut at 8 KiB."""
    written_over_the_limit(ctx, "old.png", ["export", *EXPORT_LESSON, "--out"], 8 * 1024, "PNG export")


@needs_display
def case_gif_file_size_limit(ctx):
    """A GIF over the limit; the process itself must ignore SIGXFSZ (the test does not)."""
    written_over_the_limit(ctx, "old.gif", ["export", *EXPORT_LESSON, "--format", "gif", "--out"],
                           8 * 1024, "GIF export", ignore_sigxfsz=False)


@needs_display
def case_png_sequence_file_size_limit(ctx):
    """Frames are all or nothing: the earlier frames of the folder stay as they were."""
    out = ctx.folder("frames")
    first = os.path.join(out, "kogge-stone_n64_step0@2x.png")
    old = ctx.old_file(first)
    proc = ctx.run("export", *EXPORT_LESSON, "--format", "png-seq", "--out", out,
                   file_size_limit=8 * 1024)
    expect_rc(proc, 1, "PNG sequence over the file-size limit")
    intact(first, old, "PNG sequence over the limit")
    only(out, [os.path.basename(first)], "PNG sequence over the limit")


@needs_display
def case_screenshot_dev_full(ctx):
    """`--screenshot /dev/full`: before, exit 0."""
    proc = ctx.run("--screenshot", "/dev/full", "--size", "800x600")
    expect_rc(proc, 1, "--screenshot /dev/full")
    names_path_and_reason(proc, "/dev/full", os.strerror(28), "--screenshot /dev/full")  # ENOSPC
    check(stat.S_ISCHR(os.stat("/dev/full").st_mode), "/dev/full is no longer a character device")


@needs_display
def case_screenshot_and_dump_file_size_limit(ctx):
    out = ctx.folder("out")
    shot, dump = os.path.join(out, "shot.png"), os.path.join(out, "dump.json")
    old_shot, old_dump = ctx.old_file(shot), ctx.old_file(dump)
    proc = ctx.run("--screenshot", shot, "--size", "800x600", file_size_limit=8 * 1024)
    expect_rc(proc, 1, "--screenshot over the file-size limit")
    intact(shot, old_shot, "--screenshot over the limit")
    proc = ctx.run("--dump-scene", dump, "--size", "800x600", file_size_limit=1024)
    expect_rc(proc, 1, "--dump-scene over the file-size limit")
    intact(dump, old_dump, "--dump-scene over the limit")
    only(out, ["dump.json", "shot.png"], "screenshot and dump over the limit")


def case_capture_file_size_limit(ctx):
    """A trace that does not fit: exit 1 (a failed write), not 2 (bad input)."""
    written_over_the_limit(ctx, "old.json", ["capture", "--n", "4096", "--out"], 16 * 1024, "capture")


def case_bench_file_size_limit(ctx):
    written_over_the_limit(ctx, "old.json", ["bench", "--backend", "cpu", "--algorithms", "kogge-stone",
                                             "--sizes", "2^10", "--repeats", "1", "--no-capture", "--json"],
                           1024, "bench --json")


# ---- 2. signals: ended by SIGINT/SIGTERM (130/143), temporary and partial files removed -----------------------------

def interrupted_export(ctx, fmt, sig):
    out = ctx.folder("out")
    if fmt == "gif":
        target = os.path.join(out, "old.gif")
        kept = ["old.gif"]
    else:
        target = os.path.join(out, "frames")
        os.makedirs(target)
        kept = ["frames"]
    old_file = os.path.join(out, "old.gif") if fmt == "gif" else os.path.join(
        target, "kogge-stone_n64_step0@4x.png")
    old = ctx.old_file(old_file)
    proc = ctx.start("export", *SLOW_LESSON, "--format", fmt, "--out", target)
    # Signalled once writing has begun: a file appeared or changed in the folder.
    proc = signal_when(proc, changed(out if fmt == "gif" else target), sig, f"{fmt} export")
    expect_signalled(proc, sig, f"{fmt} export stopped by signal {sig}")
    intact(old_file, old, f"{fmt} export stopped by a signal")
    only(out, kept, f"{fmt} export stopped by a signal")
    if fmt == "png-seq":
        only(target, [os.path.basename(old_file)], "PNG sequence stopped by a signal")


def interrupted_export_case(fmt, sig):
    return needs_display(lambda ctx: interrupted_export(ctx, fmt, sig))


case_gif_sigint = interrupted_export_case("gif", signal.SIGINT)
case_gif_sigterm = interrupted_export_case("gif", signal.SIGTERM)
case_png_sequence_sigterm = interrupted_export_case("png-seq", signal.SIGTERM)
case_png_sequence_sigint = interrupted_export_case("png-seq", signal.SIGINT)


def case_capture_sigterm(ctx):
    """SIGTERM while a large capture runs: ended by SIGTERM (143), no file, no temporary file."""
    out = ctx.folder("out")
    target = os.path.join(out, "big.json")
    proc = ctx.start("capture", "--backend", "cpu", "--n", str(1 << 23), "--out", target)
    time.sleep(0.5)
    check(proc.poll() is None, "the capture ended before the signal")
    proc = signal_when(proc, lambda: True, signal.SIGTERM, "capture")
    expect_signalled(proc, signal.SIGTERM, "capture stopped by SIGTERM")
    only(out, [], "capture stopped by SIGTERM")


def bench_args(json_path, csv_path):
    # Enough points that the run is still going after the first row.
    return ["bench", "--backend", "cpu", "--algorithms", "all", "--sizes", "2^12..2^22",
            "--repeats", "3", "--no-capture", "--no-progress", "--json", json_path, "--csv",
            csv_path]


def interrupted_bench(ctx, sig):
    out = ctx.folder("out")
    json_path, csv_path = os.path.join(out, "bench.json"), os.path.join(out, "bench.csv")
    proc = ctx.start(*bench_args(json_path, csv_path))
    # The table's first row: a point was measured.
    lines = []

    def read_stdout():
        for line in proc.stdout:
            lines.append(line.decode(errors="replace"))
    reader = threading.Thread(target=read_stdout, daemon=True)
    reader.start()
    deadline = time.monotonic() + 120
    while not any("kogge-stone" in line for line in lines):
        check(proc.poll() is None, f"bench ended (exit {proc.returncode}) before a point")
        check(time.monotonic() < deadline, "bench measured nothing in 120 s")
        time.sleep(0.02)
    proc.send_signal(sig)
    proc.wait(timeout=120)
    reader.join(timeout=10)
    err = proc.stderr.read().decode(errors="replace")
    check(proc.returncode == -sig,
          f"bench stopped by signal {sig}: returncode {proc.returncode}, expected -{int(sig)}; "
          f"stderr: {err[-600:]}")
    check(os.path.isfile(json_path) and os.path.isfile(csv_path),
          f"bench stopped by signal {sig} saved {sorted(os.listdir(out))}, not the JSON and CSV")
    with open(json_path) as f:
        report = json.load(f)
    points = report.get("results", [])
    check(len(points) >= 1, "the saved JSON holds no point")
    with open(csv_path) as f:
        rows = [line for line in f if line.strip()]
    check(len(rows) >= 2, f"the saved CSV holds {len(rows)} lines")
    only(out, ["bench.csv", "bench.json"], f"bench stopped by signal {sig}")


def case_bench_sigint(ctx):
    """Ctrl-C saves the partial results, then ends by SIGINT (a shell's 130)."""
    interrupted_bench(ctx, signal.SIGINT)


def case_bench_sigterm(ctx):
    """SIGTERM saves them as Ctrl-C does (before: nothing saved)."""
    interrupted_bench(ctx, signal.SIGTERM)


# ---- 3. links, devices, FIFOs and stdout: written through, never replaced ---------------------

def case_capture_symlink(ctx):
    real = ctx.folder("real")
    target = os.path.join(real, "trace.json")
    ctx.old_file(target)
    link = ctx.path("link.json")
    os.symlink(os.path.join("real", "trace.json"), link)
    proc = ctx.run("capture", "--n", "16", "--out", link)
    expect_rc(proc, 0, "capture to a symlink")
    check(os.path.islink(link), "the symlink was replaced by a file")
    with open(target) as f:
        check(json.load(f)["meta"]["n"] == 16, "the link's target does not hold the new trace")
    only(real, ["trace.json"], "capture through a symlink")


def case_capture_character_device(ctx):
    """A private copy of /dev/null: as root, `--out /dev/null` must not replace the node."""
    node = ctx.path("null")
    try:
        os.mknod(node, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    except PermissionError:
        node = "/dev/null"  # not root: it cannot be replaced anyway, still checked below
    proc = ctx.run("capture", "--n", "16", "--out", node)
    expect_rc(proc, 0, "capture to a character device")
    check(stat.S_ISCHR(os.stat(node).st_mode), f"{node} is no longer a character device")
    only(ctx.work, ["null"] if node != "/dev/null" else [], "capture to a character device")


def written_to_a_fifo(ctx, name, *args, timeout=60):
    """Runs scanviz ARGS FIFO with a reader on the FIFO `name`; returns (process, bytes read)."""
    fifo = ctx.path(name)
    os.mkfifo(fifo)
    received = []

    def drain():
        with open(fifo, "rb") as f:
            received.append(f.read())
    reader = threading.Thread(target=drain, daemon=True)
    reader.start()
    proc = ctx.run(*args, fifo, timeout=timeout)
    reader.join(timeout=30)
    return proc, received


def case_capture_fifo_and_stdout(ctx):
    fifo = ctx.path("pipe")
    proc, received = written_to_a_fifo(ctx, "pipe", "capture", "--n", "16", "--out")
    expect_rc(proc, 0, "capture to a FIFO")
    check(stat.S_ISFIFO(os.stat(fifo).st_mode), "the FIFO was replaced")
    check(received and json.loads(received[0])["meta"]["n"] == 16, "the FIFO's reader got no trace")
    proc = ctx.run("capture", "--n", "16", "--out", "-")
    expect_rc(proc, 0, "capture --out -")
    check(json.loads(proc.out)["meta"]["n"] == 16, f"stdout is not the trace: {proc.out[:200]}")
    only(ctx.work, ["pipe"], "capture to a FIFO and stdout")


def case_capture_to_a_pipe_closed_early(ctx):
    """`capture --out - | head -c 10`: the reader goes away after 10 bytes. A one-line message and
    exit 1 (a write that could not finish), not death by SIGPIPE (141) in silence."""
    proc = ctx.start("capture", "--backend", "cpu", "--n", str(10 ** 6), "--out", "-")
    head = proc.stdout.read(10)
    proc.stdout.close()
    proc.wait(timeout=120)
    err = proc.stderr.read().decode(errors="replace")
    check(len(head) == 10, f"read {len(head)} bytes before closing")
    check(proc.returncode == 1, f"capture into a closed pipe: returncode {proc.returncode}, "
          f"expected 1; stderr: {err[-600:]}")
    lines = [line for line in err.splitlines() if line.strip()]
    check(len(lines) == 1 and "standard output" in lines[0] and "closed" in lines[0],
          f"expected one line saying standard output was closed, got: {err[-600:]}")
    only(ctx.work, [], "capture into a closed pipe")


def case_bench_report_to_stdout(ctx):
    """`bench --json -` (or --csv -): standard output is the report alone, the table goes to stderr."""
    small = ["bench", "--backend", "cpu", "--algorithms", "kogge-stone", "--sizes", "2^10",
             "--dtype", "int32", "--repeats", "1", "--no-capture", "--quiet"]
    proc = ctx.run(*small, "--json", "-", timeout=60)
    expect_rc(proc, 0, "bench --json -")
    report = json.loads(proc.out)
    check([r["subject"] for r in report["results"] if r["subject"] == "kogge-stone"] == ["kogge-stone"],
          f"the JSON on stdout lacks the kogge-stone point: {proc.out[:300]}")
    check("kogge-stone" in proc.err and "int32" in proc.err, f"the table is not on stderr: {proc.err[:300]}")
    proc = ctx.run(*small, "--csv", "-", timeout=60)
    expect_rc(proc, 0, "bench --csv -")
    rows = proc.out.strip().splitlines()
    check(len(rows) >= 2 and "," in rows[0] and any("kogge-stone" in r for r in rows[1:]),
          f"stdout is not the CSV: {proc.out[:300]}")
    proc = ctx.run(*small, "--json", "-", "--csv", "-", timeout=60)
    expect_rc(proc, 2, "bench --json - --csv -")
    check("standard output" in proc.err, proc.err)
    only(ctx.work, [], "bench reports to stdout")


@needs_display
def case_export_png_to_device(ctx):
    node = ctx.path("null")
    try:
        os.mknod(node, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    except PermissionError:
        return
    proc = ctx.run("export", *EXPORT_LESSON, "--out", node, "--format", "png")
    expect_rc(proc, 0, "PNG export to a character device")
    check(stat.S_ISCHR(os.stat(node).st_mode), "the device node was replaced")


# ---- 3b. pictures through pipes (issue 35): `-` and /dev/stdout are standard output, a device
# or FIFO is written as it is named, with no extension added -----------------------------------

PICTURE_MAGIC = {"svg": b"<svg", "png": b"\x89PNG\r\n\x1a\n", "gif": b"GIF8"}
ONE_STEP = ["--algorithm", "kogge-stone", "--n", "8", "--step", "2"]


def case_capture_to_dev_stdout(ctx):
    """`--out /dev/stdout` on a pipe: before, the link was followed into /proc and the write
    failed (or, for a file, replaced the file by a renamed one)."""
    proc = ctx.run("capture", "--n", "16", "--out", "/dev/stdout")
    expect_rc(proc, 0, "capture --out /dev/stdout")
    check(json.loads(proc.out)["meta"]["n"] == 16, f"stdout is not the trace: {proc.out[:200]}")
    check("wrote /dev/stdout" in proc.err, f"the summary is not on stderr: {proc.err}")
    only(ctx.work, [], "capture --out /dev/stdout")


@needs_display
def case_export_pictures_to_standard_output(ctx):
    """Before: `--out -` wrote a file named -.svg (-.png, -.gif) and exit 0."""
    for fmt, out in (("svg", "-"), ("png", "-"), ("gif", "-"), ("png", "/dev/stdout")):
        extra = ["--all"] if fmt == "gif" else []
        lesson = ONE_STEP[:4] + (extra or ONE_STEP[4:])
        proc = ctx.run("export", *lesson, "--format", fmt, "--out", out)
        expect_rc(proc, 0, f"export --format {fmt} --out {out}")
        head = proc.stdout[:200]
        check(PICTURE_MAGIC[fmt] in head if fmt == "svg" else head.startswith(PICTURE_MAGIC[fmt]),
              f"export --format {fmt} --out {out}: stdout is not the picture: {head[:40]!r}")
        check(f"wrote {out}" in proc.err, f"the summary is not on stderr: {proc.err}")
        check(not os.path.exists(ctx.path(f"-.{fmt}")), f"a file named -.{fmt} was written")
    only(ctx.work, ["config"] if os.path.exists(ctx.path("config")) else [], "pictures to stdout")


@needs_display
def case_export_to_fifo_and_device_adds_no_extension(ctx):
    """Before: `--out pic` for a FIFO (or a character device) wrote pic.svg beside it."""
    fifo = ctx.path("pic")
    proc, received = written_to_a_fifo(ctx, "pic", "export", *ONE_STEP, "--format", "svg", "--out",
                                       timeout=120)
    expect_rc(proc, 0, "export to a FIFO")
    check(received and b"<svg" in received[0][:400], "the FIFO's reader got no SVG")
    check(not os.path.exists(fifo + ".svg"), "pic.svg was written beside the FIFO")
    check(stat.S_ISFIFO(os.stat(fifo).st_mode), "the FIFO was replaced")
    node = ctx.path("null")
    try:
        os.mknod(node, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    except PermissionError:
        return
    proc = ctx.run("export", *ONE_STEP, "--format", "svg", "--out", node)
    expect_rc(proc, 0, "SVG export to a character device")
    check(not os.path.exists(node + ".svg"), "null.svg was written beside the device")
    check(stat.S_ISCHR(os.stat(node).st_mode), "the device node was replaced")


@needs_display
def case_export_frames_to_a_stream_is_refused(ctx):
    """Before: `--format png-seq --out -` made a folder named -."""
    proc = ctx.run("export", *ONE_STEP[:4], "--all", "--format", "png-seq", "--out", "-")
    expect_rc(proc, 2, "png-seq to standard output")
    check("png-seq writes a folder" in proc.err, proc.err)
    check(not os.path.exists(ctx.path("-")), "a folder named - was made")


@needs_display
def case_session_and_bench_from_standard_input(ctx):
    """`--session -` and `--bench -` read standard input, as `--trace -` does."""
    session = json.dumps({"kind": "scanviz-session", "version": 1, "step": 1,
                          "config": {"algorithm": "blelloch"}}).encode()
    proc = ctx.run("export", "--session", "-", "--format", "svg", "--out", "s.svg", stdin=session)
    expect_rc(proc, 0, "export --session -")
    check(os.path.isfile(ctx.path("s.svg")), "no s.svg")
    bench = ctx.run("bench", "--backend", "cpu", "--algorithms", "kogge-stone", "--sizes", "2^10",
                    "--dtype", "int32", "--repeats", "1", "--no-capture", "--quiet", "--json", "-",
                    timeout=60)
    expect_rc(bench, 0, "bench --json -")
    proc = ctx.run("export", "--bench", "-", "--format", "svg", "--out", "plot.svg",
                   stdin=bench.stdout)
    expect_rc(proc, 0, "export --bench -")
    check(os.path.isfile(ctx.path("plot.svg")), "no plot.svg")


# ---- 4. outputs checked before the work ------------------------------------------------------

def refused_fast(proc, what, path):
    expect_rc(proc, 2, what)
    check(proc.seconds < 1.0, f"{what}: refused after {proc.seconds:.1f} s, not before the work")
    check(path in proc.err, f"{what}: the message does not name '{path}': {proc.err}")


def case_bench_unwritable_output(ctx):
    """Before: refused only after the whole benchmark (the table printed first)."""
    for option in ("--json", "--csv"):
        for bad in (ctx.path("no-such-folder", "r.out"), "/proc/version/r.out"):
            args = bench_args(ctx.path("ok.json"), ctx.path("ok.csv"))
            args[args.index(option) + 1] = bad
            proc = ctx.run(*args, timeout=60)
            refused_fast(proc, f"bench {option} {bad}", bad)
            check("kogge-stone" not in proc.out, f"bench {option} {bad} measured before refusing")
    only(ctx.work, [], "bench refused")


def case_capture_unwritable_output(ctx):
    bad = ctx.path("no-such-folder", "t.json")
    proc = ctx.run("capture", "--backend", "cpu", "--n", str(1 << 23), "--out", bad, timeout=60)
    refused_fast(proc, "capture --out into a missing folder", bad)
    only(ctx.work, [], "capture refused")


@needs_display
def case_export_unwritable_output(ctx):
    # A lesson that takes seconds to capture and draw: the refusal must come before that.
    big = ["--algorithm", "kogge-stone", "--n", str(1 << 22), "--range", "0:2"]
    for fmt, bad in (("png", ctx.path("no-such-folder", "x.png")),
                     ("gif", ctx.path("no-such-folder", "x.gif")),
                     ("png-seq", "/proc/version/frames")):
        proc = ctx.run("export", *big, "--format", fmt, "--out", bad, timeout=120)
        refused_fast(proc, f"export --format {fmt} --out {bad}", bad)
    only(ctx.work, [], "export refused")


CASES = cases_of(globals())


if __name__ == "__main__":
    sys.exit(run_cases(CASES, lambda args, name: Context(args.binary, os.path.join(args.work, name)), __doc__))
