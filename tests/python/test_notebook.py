#!/usr/bin/env python3
"""The notebook example (python/examples/scan_in_a_notebook.ipynb) runs as Jupyter would run it,
without Jupyter: its code cells are executed in order in one namespace (nbconvert is not needed),
and what a cell ends with is displayed as Jupyter displays it, through _repr_svg_. The pictures it
shows must be SVG documents that an XML parser reads: the reader's drawing of the trace, with a
row of cells per step, and scanviz's own picture of a step.

    python3 tests/python/test_notebook.py --binary build/app/scanviz
"""

import argparse
import ast
import json
import os
import sys
import tempfile
import xml.etree.ElementTree as ET

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
NOTEBOOK = os.path.join(ROOT, "python", "examples", "scan_in_a_notebook.ipynb")
SVG = "{http://www.w3.org/2000/svg}"


def run_cell(source, namespace):
    """Executes one cell; returns the value of its last line when that is an expression, which
    Jupyter displays."""
    tree = ast.parse(source)
    last = tree.body[-1] if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    if last is not None:
        tree.body.pop()
    exec(compile(tree, "<cell>", "exec"), namespace)
    if last is None:
        return None
    return eval(compile(ast.Expression(last.value), "<cell>", "eval"), namespace)


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--binary", required=True)
    a = p.parse_args()
    with open(NOTEBOOK, encoding="utf-8") as f:
        nb = json.load(f)
    assert nb["nbformat"] == 4, nb["nbformat"]
    cells = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]
    assert cells, "the notebook has no code cells"
    os.environ["SCANVIZ"] = os.path.abspath(a.binary)
    os.environ["SCANVIZ_PYTHON"] = os.path.join(ROOT, "python")
    os.environ["MPLBACKEND"] = "Agg"
    shown = []
    with tempfile.TemporaryDirectory() as work:
        os.chdir(work)
        namespace = {"__name__": "__main__"}
        for i, source in enumerate(cells):
            try:
                value = run_cell(source, namespace)
            except Exception as e:  # noqa: BLE001 -- the cell's own failure, reported as such
                print(f"code cell {i + 1} failed: {type(e).__name__}: {e}\n{source}", file=sys.stderr)
                return 1
            if value is not None and hasattr(value, "_repr_svg_"):
                shown.append((type(value).__name__, value._repr_svg_()))
        trace = namespace["trace"]
    kinds = [k for k, _ in shown]
    assert kinds == ["Trace", "Scene"], f"the notebook shows {kinds}, expected a Trace and a Scene"
    for kind, svg in shown:
        root = ET.fromstring(svg)
        assert root.tag == SVG + "svg", f"{kind}: the root element is {root.tag}"
    # The reader's picture: one cell per value of every section step, the written ones filled.
    trace_svg = ET.fromstring(shown[0][1])
    cells_drawn = [r for r in trace_svg.iter(SVG + "rect") if r.get("width") != trace_svg.get("width")]
    steps = [s for s in trace.steps if s.array == "section" and s.level == 0]
    assert len(cells_drawn) == sum(len(s.values) for s in steps), len(cells_drawn)
    texts = [t.text for t in trace_svg.iter(SVG + "text")]
    assert "25" in texts, "the scan's last value, 25, is not drawn"  # 3 1 7 0 4 1 6 3 sums to 25
    assert trace.output == [0, 3, 4, 11, 11, 15, 16, 22], trace.output  # Blelloch is exclusive
    scene_texts = "".join(ET.fromstring(shown[1][1]).itertext())
    assert "Blelloch" in scene_texts or "blelloch" in scene_texts, scene_texts[:300]
    print(f"ran {len(cells)} code cells; shown: {', '.join(kinds)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
