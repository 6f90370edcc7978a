#!/usr/bin/env python3
"""Plot a scanviz trace and a bench report with matplotlib (Debian: python3-matplotlib).

    python3 python/examples/plot_trace.py --trace assets/traces/blelloch-lesson.json \\
        --bench docs/results/2026-11-23-h100/final/bench.json --out /tmp/plots

writes two pictures: steps.png (one row per recorded step of the trace's section, coloured by
value, the cells written in that step outlined) and bench.png (GB/s against N for every subject,
one line per dtype).
"""

import argparse
import os
import sys

import matplotlib

matplotlib.use("Agg")  # files only: no display needed
import matplotlib.pyplot as plt  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import scanviz_trace as st  # noqa: E402


def plot_steps(trace, path):
    steps = [s for s in trace.steps if s.array == "section" and s.level == 0]
    width = max(len(s.values) for s in steps)
    grid = [s.values + [float("nan")] * (width - len(s.values)) for s in steps]
    fig, ax = plt.subplots(figsize=(max(6, 0.5 * width + 2), 0.45 * len(steps) + 1.8))
    ax.imshow(grid, aspect="auto", cmap="viridis", interpolation="nearest")
    for row, s in enumerate(steps):
        for dst, _src in s.edges:
            ax.add_patch(plt.Rectangle((dst - 0.5, row - 0.5), 1, 1, fill=False, edgecolor="white", lw=1.2))
        if width <= 32:
            for col, v in enumerate(s.values):
                ax.text(col, row, f"{v:g}", ha="center", va="center", fontsize=8, color="black")
    ax.set_yticks(range(len(steps)), [f"{s.index}: {s.label}" for s in steps], fontsize=8)
    ax.set_xlabel("element")
    ax.set_title(trace.title(), fontsize=10)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


def plot_bench(report, path):
    """One colour per subject, solid for int32 and dashed for float32, legend beside the axes."""
    fig, ax = plt.subplots(figsize=(10, 5.5))
    colours = plt.get_cmap("tab20").colors
    for k, subject in enumerate(report.subjects()):
        for dtype, style in (("int32", "-"), ("float32", "--")):
            rows = [r for r in report.rows(subject=subject, dtype=dtype) if r.get("gb_per_s")]
            if rows:
                ax.plot([r["n"] for r in rows], [r["gb_per_s"] for r in rows], marker="o", markersize=3,
                        color=colours[k % len(colours)], linestyle=style,
                        label=subject if dtype == "int32" or not report.rows(subject=subject, dtype="int32")
                        else None)
    ax.set_xscale("log", base=2)
    ax.set_xlabel("N (elements)")
    ax.set_ylabel("GB/s (read + write)")
    ax.set_title(f"scanviz bench on {report.meta.get('device', '?')}, {report.meta.get('date', '')}\n"
                 "solid: int32, dashed: float32", fontsize=10)
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0))
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--trace", required=True)
    p.add_argument("--bench", required=True)
    p.add_argument("--out", required=True, help="folder for steps.png and bench.png")
    a = p.parse_args()
    os.makedirs(a.out, exist_ok=True)
    plot_steps(st.load_trace(a.trace), os.path.join(a.out, "steps.png"))
    plot_bench(st.load_bench(a.bench), os.path.join(a.out, "bench.png"))
    print(f"wrote {os.path.join(a.out, 'steps.png')} and {os.path.join(a.out, 'bench.png')}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
