#!/usr/bin/env python3
"""`scanviz kernel` through the real binary: the verdicts and their exit codes (0 correct, 1 a
finding, 2 a compile error or bad input), the printed source line, JSON lines for a class's
files, and the trace --out writes (atomically: a refused run leaves no file)."""
import argparse
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def run(binary, *args):
    p = subprocess.run([binary, "kernel", *args], capture_output=True, text=True, timeout=120)
    return p.returncode, p.stdout, p.stderr


def expect(ok, what):
    if not ok:
        print("FAIL:", what)
        sys.exit(1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary", required=True)
    b = ap.parse_args().binary
    ks = os.path.join(HERE, "kogge_stone.cu")
    race = os.path.join(HERE, "mistake_one_barrier.cu")

    rc, out, err = run(b, ks, "--like", "kogge-stone", "--n", "16")
    expect(rc == 0 and out.startswith(ks + ": correct") and "5 steps equal kogge-stone's" in out,
           f"a correct kernel: rc {rc}, {out!r} {err!r}")

    rc, out, err = run(b, race, "--like", "kogge-stone")
    expect(rc == 1 and ": race: thread 1 writes XY[1] at line 10" in out, f"a race: rc {rc}, {out!r}")
    expect("10 |     if (threadIdx.x >= stride) XY[threadIdx.x] += XY[threadIdx.x - stride];" in out,
           f"the race's source line is printed: {out!r}")

    with tempfile.TemporaryDirectory() as tmp:
        typo = os.path.join(tmp, "typo.cu")
        with open(typo, "w") as f:
            f.write("__global__ void k(float *X, float *Y, unsigned int N) {\n  Y[0] = X[0]\n}\n")
        rc, out, err = run(b, typo)
        expect(rc == 2 and f"{typo}:2:" in err and "expected ';'" in err, f"a compile error: rc {rc}, {err!r}")

        rc, out, err = run(b, ks, race, typo, "--like", "kogge-stone", "--json")
        lines = [json.loads(line) for line in out.splitlines()]
        expect(rc == 2 and [o["verdict"] for o in lines] == ["correct", "race", "compile error"],
               f"--json grades each file: rc {rc}, {out!r}")
        expect(lines[1]["findings"][0]["cell"] == {"array": "XY", "index": 1} and lines[1]["line"] == 10,
               f"a race's cell and line in JSON: {lines[1]}")

        trace = os.path.join(tmp, "ks.json")
        rc, out, err = run(b, ks, "--like", "kogge-stone", "--out", trace)
        with open(trace) as f:
            t = json.load(f)
        expect(rc == 0 and [s["label"] for s in t["steps"]] == ["load", "stride 1", "stride 2", "stride 4"],
               f"--out writes the kernel's trace with kogge-stone's labels: rc {rc}, {err!r}")
        expect(t["steps"][1]["edges"] == [[i, i - 1] for i in range(1, 8)],
               f"the arrows come from the reads behind each write: {t['steps'][1]['edges']}")

        missing = os.path.join(tmp, "no", "such", "folder", "t.json")
        rc, out, err = run(b, ks, "--out", missing)
        expect(rc == 2 and not os.path.exists(missing), f"an --out that cannot be written: rc {rc}, {err!r}")

        rc, out, err = run(b, ks, "--like", "kogge-stoned")
        expect(rc == 2 and "kogge-stoned" in err, f"an unknown --like: rc {rc}, {err!r}")
        rc, out, err = run(b, os.path.join(tmp, "absent.cu"))
        expect(rc == 2 and "absent.cu" in err, f"a missing file: rc {rc}, {err!r}")
    print("ok: scanviz kernel's verdicts, exit codes, JSON lines and trace")


if __name__ == "__main__":
    main()
