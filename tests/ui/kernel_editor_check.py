#!/usr/bin/env python3
"""The kernel editor (File > Write a kernel, `scanviz --kernel FILE.cu`): the window runs a student's
kernel at start, shows its verdict with the source lines marked, and puts the run in the lesson's
place, so the array view draws the student's steps. Each case asserts on the frame report and on
the screenshot."""
import os
import sys

from ui_check import cases_of, check, context_for, run_cases

HERE = os.path.dirname(os.path.abspath(__file__))
KERNELS = os.path.join(HERE, "..", "student_kernels")


def case_race_found(ctx):
    """The seeds' one-barrier Kogge-Stone: a race on line 10, its threads named, and its steps on
    screen in the array view (the load, then each stride's writes)."""
    r = ctx.run("--kernel", os.path.join(KERNELS, "mistake_one_barrier.cu"), "--algorithm", "kogge-stone")
    k = r.dump["panels"].get("kernel")
    check(k is not None and k["ran"], f"no kernel editor in the report: {r.dump['panels'].keys()}")
    v = k["verdict"]
    check(v["verdict"] == "race" and v["line"] == 10, str(v))
    check("thread 1 writes XY[1] at line 10 and thread 2 reads it" in v["message"], v["message"])
    check(v["steps"] == 4, f"{v['steps']} steps")
    # The explanation describes the student's kernel, not the algorithm it is compared with.
    about = r.dump["explanation_about"]
    check(about.startswith("Your kernel ") and "race: thread 1 writes XY[1]" in about, about)
    check("race fixed" not in about, about)
    values = [t["text"] for t in sorted(r.texts("cell-value"), key=lambda t: t["index"])]
    check(values == ["3", "1", "7", "0", "4", "1", "6", "3"], f"step 0 shows {values}")
    # The verdict's band over the editor's marked line, in the failure colour, on screen.
    check(r.image.count_near((0xC6, 0x28, 0x28), (0, 0, r.image.width, r.image.height), tolerance=60) > 200,
          "no line marked in the failure colour")


def case_race_steps_drawn(ctx):
    """Step 1 of the racy kernel: the cells its threads wrote and an arrow for each read behind a
    write, as a built-in algorithm's step is drawn."""
    r = ctx.run("--kernel", os.path.join(KERNELS, "mistake_one_barrier.cu"), "--algorithm", "kogge-stone",
                "--step", "1")
    written = sorted(x["index"] for x in r.rects("cell-written"))
    check(written == list(range(1, 8)), f"written cells {written}")
    arrows = [l for l in r.scene["lines"] if l["role"] == "arrow"]
    check(len(arrows) == 7, f"{len(arrows)} arrows")
    values = [t["text"] for t in sorted(r.texts("cell-value"), key=lambda t: t["index"])]
    # Threads in ascending order each add the value their left neighbour has just written.
    check(values == ["3", "4", "11", "11", "15", "16", "22", "25"], f"step 1 shows {values}")
    # The code panel shows the student's own source, the step's line lit.
    code = r.dump["panels"]["code"]
    check(code["file"].endswith("mistake_one_barrier.cu") and code["first_line"] == 10 and code["last_line"] == 10,
          f"code panel: {code}")
    check("XY[threadIdx.x] += XY[threadIdx.x - stride]" in code["first_lit"], code["first_lit"])


def case_hierarchical_scan(ctx):
    """PMPP 8.6's three kernels in one file, at the step after the third kernel: the whole array,
    every element past the first section written, each with an arrow from the sum it added."""
    r = ctx.run("--kernel", os.path.join(KERNELS, "hierarchical.cu"), "--algorithm", "hierarchical",
                "--n", "64", "--block-size", "4", "--step", "13")
    v = r.dump["panels"]["kernel"]["verdict"]
    check(v["verdict"] == "correct" and v["steps_note"] == "its 14 steps equal hierarchical's", str(v))
    written = sorted(x["index"] for x in r.rects("cell-written"))
    check(written == list(range(8, 64)), f"written cells {written[:5]}... ({len(written)})")


def case_correct_kernel(ctx):
    """The textbook's Kogge-Stone with its second barrier: correct, its steps Kogge-Stone's."""
    r = ctx.run("--kernel", os.path.join(KERNELS, "kogge_stone.cu"), "--algorithm", "kogge-stone")
    v = r.dump["panels"]["kernel"]["verdict"]
    check(v["verdict"] == "correct" and v["line"] == 0, str(v))
    check(v["steps_note"] == "its 4 steps equal kogge-stone's", v["steps_note"])


def case_compile_error(ctx):
    """A missing semicolon: clang's message at the student's line, the lesson left as it was."""
    path = ctx.path("typo.cu")
    with open(path, "w") as f:
        f.write("__global__ void k(float *X, float *Y, unsigned int N) {\n  Y[0] = X[0]\n}\n")
    r = ctx.run("--kernel", path)
    v = r.dump["panels"]["kernel"]["verdict"]
    check(v["verdict"] == "compile error" and v["line"] == 2 and "expected ';'" in v["message"], str(v))
    check(r.dump["step"] == 0 and len(r.texts("cell-value")) == 8, "the default lesson stays on screen")


def case_missing_kernel_file(ctx):
    """A --kernel file that is not there: a message in the banner, the lesson still shown."""
    r = ctx.run("--kernel", ctx.path("absent.cu"))
    banner = r.dump["banner"]
    check("absent.cu" in banner["text"] and banner["error"], f"banner: {banner}")


CASES = cases_of(globals())

if __name__ == "__main__":
    sys.exit(run_cases(CASES, context_for, __doc__))
