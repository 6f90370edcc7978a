#!/usr/bin/env python3
"""Validates traces against docs/trace.schema.json: every sample trace in assets/traces, traces the
binary writes now (block-level, grid-level with whole-array rows, float32 exclusive), and files
that break the format on purpose, which must be refused.

usage: check_trace_schema.py --binary build/app/scanviz --schema docs/trace.schema.json
                             --samples assets/traces --work DIR
"""
import copy
import glob
import json
import os
import subprocess
import sys

from schema_check import first_error, parse_args, validator_of


def main():
    args = parse_args("--samples")
    validator = validator_of(args.schema)
    failures = []

    def check(name, trace):
        error = first_error(validator, trace)
        if error:
            failures.append(f"{name}: {error}")

    samples = sorted(glob.glob(os.path.join(args.samples, "*.json")))
    if not samples:
        failures.append(f"no sample traces in {args.samples}")
    for path in samples:
        with open(path) as f:
            check(os.path.basename(path), json.load(f))

    os.makedirs(args.work, exist_ok=True)
    written = []
    for name, options in [
        ("lesson", ["--algorithm", "brent-kung"]),
        ("grid-whole-rows", ["--algorithm", "decoupled-lookback", "--n", "5000", "--block-size", "64"]),
        ("float-exclusive", ["--algorithm", "blelloch", "--n", "100", "--dtype", "float32", "--exclusive"]),
    ]:
        out = os.path.join(args.work, name + ".json")
        proc = subprocess.run([args.binary, "capture", *options, "--backend", "cpu", "--out", out],
                              capture_output=True, text=True)
        if proc.returncode != 0:
            failures.append(f"capture {name}: {proc.stderr.strip()}")
            continue
        with open(out) as f:
            trace = json.load(f)
        check(name, trace)
        written.append(trace)
    if written and not any("whole" in s for t in written for s in t["steps"]):
        failures.append("no written trace has whole-array rows: the v2 part of the schema went untested")

    # Files that break the format must be refused, or the schema checks nothing.
    base = written[0] if written else None
    broken = {
        "version 5": lambda t: t.update(version=5),
        "moves in version 3": lambda t: (t.update(version=3), t["steps"][0].update(moves=[[0, -1]])),
        "move of three": lambda t: t["steps"][0].update(moves=[[0, -1, 2]]),
        "flags in version 2": lambda t: t.update(version=2, flags=[1] + [0] * (len(t["input"]) - 1)),
        "flag 2": lambda t: t.update(flags=[2] + [0] * (len(t["input"]) - 1)),
        "step flag 2": lambda t: t["steps"][0].update(flags=[2] * len(t["steps"][0]["values"])),
        "second array of floats": lambda t: t.update(second=[0.5] * len(t["input"])),
        "no steps": lambda t: t.pop("steps"),
        "dtype int64": lambda t: t["meta"].update(dtype="int64"),
        "edge of three": lambda t: t["steps"][1].update(edges=[[1, 0, 2]]),
        "string value": lambda t: t["steps"][0]["values"].__setitem__(0, "3"),
        "negative wait": lambda t: t["blocks"][0].update(wait_ns=-1),
        "unknown top-level field": lambda t: t.update(extra=1),
        "whole in version 1": lambda t: (t.update(version=1), t["steps"][0].update(whole=[1])),
    }
    # Version 3's rows, well formed, are accepted (captures with --flags are checked in the unit tests).
    if base is not None:
        t = copy.deepcopy(base)
        t.update(flags=[1] + [0] * (len(t["input"]) - 1), second=list(range(len(t["input"]))))
        t["meta"]["second_name"] = "indices"
        t["steps"][0].update(flags=[1] * len(t["steps"][0]["values"]))
        check("version 3 rows", t)
    for name, breakIt in broken.items():
        if base is None:
            break
        t = copy.deepcopy(base)
        breakIt(t)
        if validator.is_valid(t):
            failures.append(f"the schema accepts a trace with {name}")

    print(f"{len(samples)} sample traces, {len(written)} written traces, {len(broken)} broken ones")
    if failures:
        print("FAIL:\n  " + "\n  ".join(failures))
        return 1
    print("ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
