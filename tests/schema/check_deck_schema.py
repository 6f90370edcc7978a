#!/usr/bin/env python3
"""Validates decks against docs/deck.schema.json: the shipped decks in assets/decks, and decks that
break the format on purpose, which must be refused (by the schema, and by scanviz itself when it
exports them: exit 2 and a message naming the view).

usage: check_deck_schema.py --binary build/app/scanviz --schema docs/deck.schema.json
                            --decks assets/decks --work DIR
"""
import copy
import glob
import json
import os
import subprocess
import sys

from schema_check import first_error, parse_args, validator_of


def main():
    args = parse_args("--decks")
    validator = validator_of(args.schema)
    failures = []

    decks = sorted(glob.glob(os.path.join(args.decks, "*.deck.json")))
    if not decks:
        failures.append(f"no decks in {args.decks}")
    for path in decks:
        with open(path) as f:
            deck = json.load(f)
        error = first_error(validator, deck)
        if error:
            failures.append(f"{os.path.basename(path)}: {error}")

    base = json.load(open(decks[0])) if decks else {"kind": "scanviz-deck", "views": [{}]}
    broken = {
        "kind session": lambda d: d.update(kind="scanviz-session"),
        "version 2": lambda d: d.update(version=2),
        "no views": lambda d: d.update(views=[]),
        "unknown view": lambda d: d["views"][0].update(view="view-nowhere"),
        "compare of one": lambda d: d["views"][0].update(compare=["blelloch"]),
        "scale 9": lambda d: d["views"][0].update(scale=9),
        "theme neon": lambda d: d["views"][0].update(theme="neon"),
        "notes number": lambda d: d["views"][0].update(notes=3),
        "step negative": lambda d: d["views"][0].update(step=-1),
        "quiz question 0": lambda d: d["views"][0].update(quiz={"question": 0}),
        "application without id": lambda d: d["views"][0].update(application={"scan": 0}),
        "stray field": lambda d: d["views"][0].update(colour="red"),
    }
    os.makedirs(args.work, exist_ok=True)
    for name, breaking in broken.items():
        deck = copy.deepcopy(base)
        breaking(deck)
        if validator.is_valid(deck):
            failures.append(f"the schema accepts a deck with {name}")
        if name == "stray field":
            continue  # scanviz ignores fields it does not know, as it does in sessions
        path = os.path.join(args.work, name.replace(" ", "-") + ".deck.json")
        with open(path, "w") as f:
            json.dump(deck, f)
        proc = subprocess.run([args.binary, "export", "--deck", path, "--format", "svg",
                               "--out", os.path.join(args.work, "out") + "/", "--quiet"],
                              capture_output=True, text=True, timeout=120)
        if proc.returncode != 2 or "scanviz export:" not in proc.stderr:
            failures.append(f"scanviz export took a deck with {name}: exit {proc.returncode}, {proc.stderr.strip()}")

    for f in failures:
        print("FAIL:", f)
    if failures:
        return 1
    print(f"ok: {len(decks)} decks valid, {len(broken)} broken decks refused")
    return 0


if __name__ == "__main__":
    sys.exit(main())
