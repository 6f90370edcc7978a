"""SVG pictures for notebooks: a trace's steps drawn from the trace alone (`trace_svg`, what
`Trace._repr_svg_` shows), and any picture of `scanviz export` as a `Scene` that Jupyter shows
inline (`export_scene`, which runs the binary with `--format svg --out -`)."""

import subprocess
from xml.sax.saxutils import escape

# Beyond these the picture shows the first ones and says how many there are.
MAX_COLUMNS = 64
MAX_ROWS = 40
CELL_W, CELL_H, TITLE_H = 34, 22, 30
CHAR_W = 6.6  # an 11 px sans-serif character, about
WRITTEN = "#f4a259"  # the cells a step wrote
CELL = "#e9edf2"


def _fmt(v):
    return f"{v:g}" if isinstance(v, (int, float)) else str(v)


def trace_svg(trace):
    """The trace's level-0 section steps as rows of cells, the cells each step wrote filled."""
    steps = [s for s in trace.steps if s.array == "section" and s.level == 0] or list(trace.steps)
    shown = steps[:MAX_ROWS]
    width = min(MAX_COLUMNS, max((len(s.values) for s in shown), default=0))
    labels = [f"{s.index}: {s.label}" for s in shown]
    label_w = int(CHAR_W * max((len(t) for t in labels), default=0)) + 16
    w = max(label_w + CELL_W * width + 10, int(CHAR_W * 1.2 * len(trace.title())) + 12)
    h = TITLE_H + CELL_H * len(shown) + 24
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
           f'viewBox="0 0 {w} {h}" font-family="sans-serif" font-size="11">',
           f'<rect width="{w}" height="{h}" fill="white"/>',
           f'<text x="6" y="18" font-size="13" font-weight="bold">{escape(trace.title())}</text>']
    for row, s in enumerate(shown):
        y = TITLE_H + row * CELL_H
        written = {dst for dst, _src in s.edges} | {dst for dst, _src in s.moves}
        out.append(f'<text x="6" y="{y + 15}">{escape(labels[row])}</text>')
        for col, v in enumerate(s.values[:width]):
            x = label_w + col * CELL_W
            fill = WRITTEN if col in written else CELL
            out.append(f'<rect x="{x}" y="{y}" width="{CELL_W - 2}" height="{CELL_H - 2}" '
                       f'fill="{fill}"/>')
            out.append(f'<text x="{x + (CELL_W - 2) / 2}" y="{y + 15}" '
                       f'text-anchor="middle">{escape(_fmt(v)[:6])}</text>')
    more = []
    if len(steps) > len(shown):
        more.append(f"first {len(shown)} of {len(steps)} steps")
    if any(len(s.values) > width for s in shown):
        more.append(f"first {width} cells of each")
    note = "; ".join(more) + ("; " if more else "") + "filled: written in that step"
    out.append(f'<text x="6" y="{h - 8}" fill="#555">{escape(note)}</text>')
    out.append("</svg>")
    return "\n".join(out)


class Scene:
    """A picture of scanviz (an SVG document) that a notebook shows inline."""

    def __init__(self, svg):
        self.svg = svg

    def _repr_svg_(self):
        return self.svg

    def save(self, path):
        with open(path, "w", encoding="utf-8") as f:
            f.write(self.svg)


def export_scene(binary, *args):
    """`scanviz export ARGS --format svg --out -` as a Scene: the same picture as the window's and
    the exporters' (e.g. export_scene("scanviz", "--trace", "bk.json", "--panel", "timeline")).
    Raises RuntimeError with scanviz's message when the export is refused."""
    proc = subprocess.run([binary, "export", *args, "--format", "svg", "--out", "-"],
                          capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(f"scanviz export {' '.join(args)}: {proc.stderr.strip()}")
    return Scene(proc.stdout)
