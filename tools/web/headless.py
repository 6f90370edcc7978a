"""Headless Chromium on the page, for tests/web/web_selftest.py and tools/web/measure.py.

serve(root) runs `python3 -m http.server` on a free port of 127.0.0.1 (a plain static server: no
cross-origin isolation headers); open_page(url, ...) runs Debian's chromium on it with SwiftShader's
WebGL2 and returns what the page printed on its console; watch_page(url, ...) does the same in real
time, for measurements.
"""
import contextlib
import os
import re
import socket
import subprocess
import sys
import tempfile
import time

SIZE = (1920, 1080)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def serve(root):
    """Yields the base address of `root` served from 127.0.0.1."""
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind",
                               "127.0.0.1", "--directory", root],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(50):  # until it answers
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", port)) == 0:
                    break
            time.sleep(0.1)
        yield f"http://127.0.0.1:{port}"
    finally:
        server.terminate()
        server.wait()


def _command(profile):
    return ["chromium", "--headless", "--no-sandbox", "--no-first-run", "--disable-extensions",
            f"--user-data-dir={profile}", "--use-angle=swiftshader", "--enable-unsafe-swiftshader",
            "--enable-logging=stderr", "--v=0", f"--window-size={SIZE[0]},{SIZE[1]}"]


def _console(stderr_text):
    return [m.group(1) for m in re.finditer(r'CONSOLE[:(]\d+\)?\] "(.*)", source:', stderr_text)]


def open_page(url, work, screenshot, seconds=60):
    """The page's console lines, after the browser ran it until idle (a virtual clock, up to
    `seconds` of page time) and took the screenshot."""
    profile = tempfile.mkdtemp(prefix="chromium-", dir=work)
    cmd = _command(profile) + [f"--virtual-time-budget={seconds * 1000}",
                               f"--screenshot={screenshot}", url]
    run = subprocess.run(cmd, capture_output=True, text=True, timeout=seconds + 240)
    return _console(run.stderr)


def watch_page(url, work, until, seconds=60):
    """The page's console lines in real time (its clocks measure real durations), until a line
    starts with `until` or `seconds` have passed; then the browser is stopped."""
    profile = tempfile.mkdtemp(prefix="chromium-", dir=work)
    log_path = os.path.join(profile, "stderr.log")
    with open(log_path, "w") as log:
        browser = subprocess.Popen(_command(profile) + ["--remote-debugging-port=0", url],
                                   stdout=subprocess.DEVNULL, stderr=log)
    try:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            with open(log_path) as f:
                console = _console(f.read())
            if any(line.startswith(until) for line in console):
                return console
            time.sleep(0.2)
        return console
    finally:
        browser.terminate()
        browser.wait()
