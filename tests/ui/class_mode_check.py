#!/usr/bin/env python3
"""UI tests of class mode (predict, then reveal) in the real scanviz window (CTest label `ui`).

Each case opens class mode with `--class` on a lesson, stands at a question and phase
(`--class-question`, `--class-answer`, `--class-at asking|counting|revealed`, as the lecturer's
keys S and Enter would), writes a screenshot and the frame report (its "panels" entry "class_mode"
holds what was shown, with the scene), and asserts on both. E.g.

    xvfb-run -a -s "-screen 0 1600x1000x24" env LIBGL_ALWAYS_SOFTWARE=1 \\
        python3 class_mode_check.py --binary build/app/scanviz --work /tmp/ui class_mode_hides_the_answer
"""

import json
import sys

from ui_check import cases_of, check, context_for, hex_rgb, run_cases
from views_check import Panel

LESSON = ["--algorithm", "kogge-stone", "--backend", "cpu", "--input", "3,1,7,0,4,1,6,3"]


def quiz_sheet(ctx, count, seed):
    """What `scanviz quiz --json` asks of the same lesson with the same seed."""
    proc = ctx.run_raw("quiz", *LESSON, "--count", str(count), "--seed", str(seed), "--json")
    check(proc.returncode == 0, proc.stderr)
    return json.loads(proc.stdout)


def fmt(value):
    """A number as the window writes it: 7, not 7.0."""
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def cell_values(panel, role, index):
    return [t["text"] for t in panel.texts(role) if t["index"] == index]


def ink_near(run, panel, text, box_pad=4):
    """Pixels of a scene text's colour over where that text stands."""
    x0, y0 = panel.to_pixels(text["x"] - (0 if text["align"] == "left" else 400), text["y"])
    x1, y1 = panel.to_pixels(text["x"] + (400 if text["align"] == "left" else 0),
                             text["y"] + text["size"])
    return run.image.count_near(hex_rgb(text["color"]), (x0 - box_pad, y0 - box_pad, x1, y1),
                                tolerance=40, step=1)


def case_class_mode_hides_the_answer(ctx):
    """Before the reveal nothing of the answer is on screen; after it, the answer, the step, the verdict."""
    sheet = quiz_sheet(ctx, 10, 1)
    # The first question about a cell's value: its index on the sheet is the question's number.
    number = next(i for i, q in enumerate(sheet) if q["kind"] == "value") + 1
    q = sheet[number - 1]
    answer = fmt(q["answer"])
    common = [*LESSON, "--class", "--class-seed", "1", "--class-question", str(number),
              "--countdown", "30"]
    before = ctx.run(*common, "--class-answer", str(answer), "--class-at", "counting")
    b = Panel(before, "class_mode")
    check(b.data["question"] == q["question"], f"{b.data['question']} != {q['question']}")
    check(b.data["phase"] == "counting" and b.data["seconds_left"] == 30, str(b.data))
    check("answer" not in b.data and "right" not in b.data, f"the report tells: {b.data}")
    check(b.data["picture_step"] == q["step"] - 1, f"picture at step {b.data['picture_step']}")
    check(not b.texts("class-answer") and not b.texts("class-verdict"), "answer drawn before reveal")
    check([t["text"] for t in b.texts("class-countdown")] == ["30"], str(b.texts("class-countdown")))
    check([t["text"] for t in b.texts("class-question")], "no question drawn")
    asked = b.rects("class-asked")
    check(len(asked) == 1, f"{len(asked)} asked-cell marks")
    cell = asked[0]["index"]
    shown = cell_values(b, "cell-value", cell) + cell_values(b, "cell-written-value", cell)
    check(shown and answer not in shown, f"cell {cell} shows {shown} before the reveal")

    after = ctx.run(*common, "--class-answer", str(answer), "--class-at", "revealed")
    a = Panel(after, "class_mode")
    check(a.data["answer"] == [q["answer"]] and a.data["right"] is True, str(a.data))
    check(a.data["score"] == 1 and a.data["revealed"] == 1, str(a.data))
    check(a.data["picture_step"] == q["step"], f"picture at step {a.data['picture_step']}")
    texts = a.texts("class-answer")
    check([t["text"] for t in texts] == [f"The answer: {answer}"], str(texts))
    check([t["text"] for t in a.texts("class-verdict")] == ["Right!"], str(a.texts("class-verdict")))
    shown = cell_values(a, "cell-value", cell) + cell_values(a, "cell-written-value", cell)
    check(answer in shown, f"cell {cell} shows {shown} after the reveal")
    # Where the answer stands after the reveal, the screenshot before it has none of its ink.
    ink_after, ink_before = ink_near(after, a, texts[0]), ink_near(before, a, texts[0])
    check(ink_after > 50, f"only {ink_after} answer pixels after the reveal")
    check(ink_before < 5, f"{ink_before} pixels of the answer's colour there before the reveal")


def case_class_mode_wrong_answer(ctx):
    """A wrong typed answer is judged wrong, the score stays 0 of 1, the answer is shown."""
    sheet = quiz_sheet(ctx, 10, 2)
    q = sheet[0]
    wrong = "12345"
    r = ctx.run(*LESSON, "--class", "--class-seed", "2", "--class-answer", wrong, "--class-at",
                "revealed")
    p = Panel(r, "class_mode")
    check(p.data["question"] == q["question"], p.data["question"])
    check(p.data["right"] is False and p.data["score"] == 0 and p.data["revealed"] == 1, str(p.data))
    check([t["text"] for t in p.texts("class-verdict")] == ["Not this time"], str(p.texts("class-verdict")))
    check([t["text"] for t in p.texts("class-given")] == [f"Your answer: {wrong}"], str(p.texts("class-given")))


def case_class_mode_usage_errors(ctx):
    """Bad class options: one line on stderr naming the problem, exit 2."""
    for args, words in ((["--class", "--class-at", "later"], "asking, counting, revealed"),
                        (["--class", "--class-answer", "seven"], "'seven' is not a number"),
                        (["--class-count", "3"], "needs --class"),
                        (["--class", "--panel", "timing"], "does not go with --panel timing")):
        proc = ctx.run_raw(*args)
        check(proc.returncode == 2, f"{args}: exit {proc.returncode}")
        check(words in proc.stderr and len(proc.stderr.strip().splitlines()) == 1, proc.stderr)


CASES = cases_of(globals())


if __name__ == "__main__":
    sys.exit(run_cases(CASES, context_for, __doc__))
