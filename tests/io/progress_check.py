#!/usr/bin/env python3
"""Progress lines on a terminal (issue 18): long command-line work draws a progress line on
stderr when stderr is a terminal (a pseudo-terminal here), nothing when it is a pipe, and nothing
with --quiet. stdout stays the command's own output in every case.

    python3 progress_check.py --binary build/app/scanviz CASE...
"""

import argparse
import os
import pty
import subprocess
import sys
import tempfile

ERASE = b"\r\x1b[K"


def run(cmd, tty):
    """Runs cmd with stderr on a pseudo-terminal (tty=True) or a pipe; returns (rc, out, err)."""
    if not tty:
        r = subprocess.run(cmd, capture_output=True, timeout=300)
        return r.returncode, r.stdout, r.stderr
    master, slave = pty.openpty()
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=slave, stdin=subprocess.DEVNULL)
    os.close(slave)
    err = b""
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:  # the child closed the terminal
            break
        if not chunk:
            break
        err += chunk
    out = p.stdout.read()
    p.wait(timeout=300)
    os.close(master)
    return p.returncode, out, err


def expect(cond, message):
    if not cond:
        raise AssertionError(message)


def three_ways(cmd):
    """On a terminal the line appears and is erased; piped or --quiet, stderr has none of it."""
    rc, out, err = run(cmd, tty=True)
    expect(rc == 0, f"{cmd} exited {rc}: {err[-400:]!r}")
    expect(ERASE + b"[" in err, f"no progress line on the terminal: {err[-400:]!r}")
    expect(err.rstrip(b"\r\n").endswith(ERASE) or err.count(ERASE) >= 2,
           f"the progress line is not erased at the end: {err[-200:]!r}")
    expect(ERASE not in out, "progress leaked into stdout")
    for variant, tty in ((cmd, False), (cmd + ["--quiet"], True)):
        rc, out, err = run(variant, tty)
        expect(rc == 0, f"{variant} exited {rc}")
        expect(ERASE not in err and b"\x1b[" not in err, f"{variant}: progress drawn: {err[-300:]!r}")


def case_verify(binary, work):
    three_ways([binary, "verify", "--backend", "cpu", "--smoke", "--algorithm", "brent-kung"])


def case_export_gif(binary, work):
    out = os.path.join(work, "steps.gif")
    three_ways([binary, "export", "--algorithm", "brent-kung", "--backend", "cpu", "--n", "64",
                "--all", "--out", out])


def case_capture_ticks_while_it_runs(binary, work):
    # A capture long enough (over a second) for the elapsed-time line to appear: the hierarchical
    # scan of 2^25 elements on the emulator takes about 3 s on a 2-core machine (the look-back
    # of the same size, which this used to run, now finishes in under one).
    out = os.path.join(work, "big.json")
    cmd = [binary, "capture", "--algorithm", "hierarchical", "--backend", "cpu", "--n", "33554432",
           "--out", out]
    rc, _, err = run(cmd, tty=True)
    expect(rc == 0, f"capture exited {rc}: {err[-300:]!r}")
    expect(b"capturing hierarchical" in err and b" s" in err, f"no elapsed line: {err[-300:]!r}")
    rc, _, err = run(cmd + ["--quiet"], tty=True)
    expect(rc == 0 and b"capturing" not in err, f"--quiet still draws: {err[-300:]!r}")


CASES = {name[5:]: f for name, f in globals().items() if name.startswith("case_")}


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--binary", required=True)
    p.add_argument("cases", nargs="*")
    a = p.parse_args()
    failed = 0
    with tempfile.TemporaryDirectory() as work:
        for name in a.cases or CASES:
            try:
                CASES[name](a.binary, work)
                print(f"ok   {name}")
            except AssertionError as e:
                failed += 1
                print(f"FAIL {name}: {e}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
