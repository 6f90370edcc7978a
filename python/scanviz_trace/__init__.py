"""Read scanviz traces and bench reports from Python (standard library only).

A trace (docs/trace-format.md) is what `scanviz capture` writes: the input, the output and every
step of one scan, as recorded on a GPU or by the CPU emulator. A bench report is what
`scanviz bench --json` writes: one row per subject, dtype and N with times and ratios.

    import scanviz_trace as st
    trace = st.load_trace("bk.json")
    for step in trace.steps:
        print(step.index, step.label, step.ops, step.values)
    report = st.load_bench("bench.json")
    for row in report.rows(subject="decoupled-lookback", dtype="int32"):
        print(row["n"], row["gb_per_s"], row["x_copy"])

In a notebook a Trace draws itself (its steps as rows of cells, the cells each step wrote
marked), and `export_scene` shows any picture of `scanviz export` inline:

    trace                                          # the steps, drawn as SVG
    st.export_scene("scanviz", "--trace", "bk.json", "--step", "3")

`python3 -m scanviz_trace FILE...` prints a summary of each file given.
"""

import json
import math
import sys
from dataclasses import dataclass, field

KNOWN_TRACE_VERSIONS = (1, 2, 3, 4)
# Values a trace may hold as strings: floats that JSON numbers cannot write.
_NON_FINITE = {"inf": math.inf, "+inf": math.inf, "-inf": -math.inf, "nan": math.nan}


class FormatError(ValueError):
    """The file is not a scanviz trace or bench report this reader understands."""


def _number(v, where):
    if isinstance(v, bool):
        raise FormatError(f"{where}: expected a number, got {v!r}")
    if isinstance(v, (int, float)):
        return v
    if isinstance(v, str) and v.lower() in _NON_FINITE:
        return _NON_FINITE[v.lower()]
    raise FormatError(f"{where}: expected a number, got {v!r}")


def _numbers(values, where):
    if values is None:
        return []
    if not isinstance(values, list):
        raise FormatError(f"{where}: expected a list")
    return [_number(v, f"{where}[{i}]") for i, v in enumerate(values)]


@dataclass
class Step:
    """One barrier-separated round: `values` is the working array after it."""
    index: int
    label: str
    phase: str
    array: str
    block: int
    level: int
    values: list
    active: list
    edges: list  # [dst, src] pairs; src = -1 is a value held in a register
    ops: int
    whole: list = field(default_factory=list)
    warp_clock: list = field(default_factory=list)
    flags: list = field(default_factory=list)  # version 3: 0/1 per value, when the step records them
    second: list = field(default_factory=list)  # version 3: the second array, when recorded
    moves: list = field(default_factory=list)  # version 4: [dst, src] writes without an operator


@dataclass
class Block:
    id: int
    sm: int
    start: float
    wait: float
    end: float
    lookback: int = 0


@dataclass
class Trace:
    version: int
    meta: dict
    input: list
    output: list
    steps: list
    blocks: list
    counters: dict
    flags: list = field(default_factory=list)  # version 3: the input's head flags (1 starts a segment)
    second: list = field(default_factory=list)  # version 3: the input's second array (keys, indices)

    @property
    def second_name(self):
        return self.meta.get("second_name", "")

    @property
    def algorithm(self):
        return self.meta.get("algorithm", "")

    @property
    def n(self):
        return int(self.meta.get("n", len(self.input)))

    def _repr_svg_(self):
        """Jupyter's inline picture of the trace (scanviz_trace.svg.trace_svg)."""
        from .svg import trace_svg
        return trace_svg(self)

    def title(self):
        m = self.meta
        kind = "inclusive" if m.get("inclusive", True) else "exclusive"
        return (f"{m.get('algorithm', '?')}, N = {m.get('n', '?')}, {m.get('operator', '?')}, "
                f"{m.get('dtype', '?')}, {kind}, {m.get('backend', '?')}")


def _flags(values, where):
    flags = _numbers(values, where)
    for i, f in enumerate(flags):
        if f not in (0, 1):
            raise FormatError(f"{where}[{i}]: {f!r} is not a flag (0 or 1)")
    return [int(f) for f in flags]


def parse_trace(doc):
    """A Trace from an already parsed JSON document."""
    if not isinstance(doc, dict) or "steps" not in doc or "meta" not in doc:
        raise FormatError("not a scanviz trace (no 'meta' and 'steps')")
    version = doc.get("version")
    if version not in KNOWN_TRACE_VERSIONS:
        raise FormatError(f"trace version {version!r} is not one of {KNOWN_TRACE_VERSIONS}")
    steps = []
    for i, s in enumerate(doc["steps"]):
        where = f"steps[{i}]"
        steps.append(Step(index=i, label=s.get("label", ""), phase=s.get("phase", ""),
                          array=s.get("array", "section"), block=int(s.get("block", 0)),
                          level=int(s.get("level", 0)),
                          values=_numbers(s.get("values"), where + ".values"),
                          active=list(s.get("active", [])), edges=list(s.get("edges", [])),
                          ops=int(s.get("ops", 0)), whole=_numbers(s.get("whole"), where + ".whole"),
                          warp_clock=list(s.get("warp_clock", [])),
                          flags=_flags(s.get("flags"), where + ".flags"),
                          second=[int(v) for v in _numbers(s.get("second"), where + ".second")],
                          moves=list(s.get("moves", []))))
    blocks = [Block(id=int(b.get("id", k)), sm=int(b.get("sm", 0)), start=float(b.get("start_ns", 0)),
                    wait=float(b.get("wait_ns", 0)), end=float(b.get("end_ns", 0)),
                    lookback=int(b.get("lookback", 0)))
              for k, b in enumerate(doc.get("blocks", []))]
    return Trace(version=version, meta=dict(doc["meta"]), input=_numbers(doc.get("input"), "input"),
                 output=_numbers(doc.get("output"), "output"), steps=steps, blocks=blocks,
                 counters=dict(doc.get("counters", {})), flags=_flags(doc.get("flags"), "flags"),
                 second=[int(v) for v in _numbers(doc.get("second"), "second")])


def load_trace(path):
    with open(path, encoding="utf-8") as f:
        return parse_trace(json.load(f))


_OPERATORS = {"add": lambda a, b: a + b, "max": max, "min": min, "mul": lambda a, b: a * b}


def reference_scan(values, operator="add", inclusive=True, identity=None, flags=None):
    """The sequential scan the trace's output is checked against (for int32 and exact floats).
    With `flags` (1 starts a segment) it is the segmented scan: each segment scanned alone."""
    op = _OPERATORS[operator]
    out, acc = [], identity
    for i, v in enumerate(values):
        if flags and flags[i]:
            acc = identity
        if inclusive:
            acc = v if acc is None else op(acc, v)
            out.append(acc)
        else:
            out.append(acc)
            acc = v if acc is None else op(acc, v)
    return out


@dataclass
class BenchReport:
    meta: dict
    results: list

    def rows(self, **match):
        """Result rows whose fields equal every keyword given, in file order."""
        return [r for r in self.results if all(r.get(k) == v for k, v in match.items())]

    def subjects(self):
        seen = []
        for r in self.results:
            if r.get("subject") not in seen:
                seen.append(r.get("subject"))
        return seen


def load_bench(path):
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    if not isinstance(doc, dict) or not isinstance(doc.get("results"), list):
        raise FormatError("not a scanviz bench report (no 'results' list)")
    meta = {k: v for k, v in doc.items() if k != "results"}
    return BenchReport(meta=meta, results=doc["results"])


def _summary(path):
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    if isinstance(doc, dict) and "steps" in doc:
        t = parse_trace(doc)
        print(f"{path}: trace v{t.version}: {t.title()}; {len(t.steps)} steps, {len(t.blocks)} blocks, "
              f"work {t.counters.get('work')}, depth {t.counters.get('depth')}")
    else:
        r = load_bench(path)
        print(f"{path}: bench on {r.meta.get('device', '?')} ({r.meta.get('date', '?')}): "
              f"{len(r.results)} rows, subjects {', '.join(map(str, r.subjects()))}")


def main(argv):
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0 if argv else 2
    status = 0
    for path in argv:
        try:
            _summary(path)
        except (OSError, ValueError) as e:  # json.JSONDecodeError and FormatError are ValueErrors
            print(f"{path}: {e}", file=sys.stderr)
            status = 2
    return status


from .svg import Scene, export_scene, trace_svg  # noqa: E402,F401  (after the classes it draws)


def _entry():
    """The `scanviz-trace` command of the installed package."""
    sys.exit(main(sys.argv[1:]))
