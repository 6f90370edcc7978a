#!/usr/bin/env python3
"""Tests of python/scanviz_trace.py and its matplotlib example (CTest label unit).

The reader must load every sample trace shipped in assets/traces and agree with them: the stored
output is the sequential scan of the stored input; non-finite floats written as strings read back;
files that are not traces are refused with a FormatError naming the problem. The example must run
and write two PNG pictures.
"""

import glob
import json
import math
import os
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "python"))
import scanviz_trace as st  # noqa: E402

INT32_MIN, INT32_MAX = -2**31, 2**31 - 1
IDENTITY = {("add", "int32"): 0, ("add", "float32"): 0.0, ("mul", "int32"): 1, ("mul", "float32"): 1.0,
            ("max", "int32"): INT32_MIN, ("max", "float32"): -math.inf,
            ("min", "int32"): INT32_MAX, ("min", "float32"): math.inf}


class SampleTraces(unittest.TestCase):
    def test_every_sample_trace_loads_and_its_output_is_the_scan_of_its_input(self):
        paths = sorted(glob.glob(os.path.join(ROOT, "assets", "traces", "*.json")))
        self.assertGreaterEqual(len(paths), 20)
        for path in paths:
            with self.subTest(trace=os.path.basename(path)):
                t = st.load_trace(path)
                self.assertEqual(len(t.input), len(t.output))
                self.assertGreater(len(t.steps), 1)
                m = t.meta
                ident = IDENTITY[(m["operator"], m["dtype"])]
                want = st.reference_scan(t.input, m["operator"], m.get("inclusive", True), ident)
                if m["dtype"] == "int32" and m["operator"] == "add":
                    # Stored values are a prefix of the input, so the scan of the prefix is exact.
                    self.assertEqual(t.output, want)
                self.assertEqual(t.steps[0].index, 0)
                for s in t.steps:
                    for dst, src in s.edges:
                        self.assertGreaterEqual(dst, 0)
                        self.assertGreaterEqual(src, -1)

    def test_lesson_trace_matches_the_seed_example(self):
        t = st.load_trace(os.path.join(ROOT, "assets", "traces", "kogge-stone-lesson.json"))
        self.assertEqual(t.input, [3, 1, 7, 0, 4, 1, 6, 3])
        self.assertEqual(t.output, [3, 4, 11, 11, 15, 16, 22, 25])
        self.assertEqual(t.algorithm, "kogge-stone")
        self.assertIn("kogge-stone, N = 8, add, int32", t.title())


class Parsing(unittest.TestCase):
    def minimal(self, **changes):
        doc = {"version": 2, "meta": {"algorithm": "sequential", "n": 2, "operator": "add",
                                      "dtype": "float32", "inclusive": True},
               "input": [1.5, "inf"], "output": [1.5, "inf"],
               "steps": [{"label": "load", "values": ["-inf", "nan"], "edges": [[1, 0]], "ops": 1}]}
        doc.update(changes)
        return doc

    def test_non_finite_strings_read_back_as_floats(self):
        t = st.parse_trace(self.minimal())
        self.assertEqual(t.input, [1.5, math.inf])
        self.assertEqual(t.steps[0].values[0], -math.inf)
        self.assertTrue(math.isnan(t.steps[0].values[1]))

    def test_unknown_version_is_refused_with_the_version_named(self):
        with self.assertRaisesRegex(st.FormatError, "version 99"):
            st.parse_trace(self.minimal(version=99))

    def test_a_value_that_is_not_a_number_names_where_it_is(self):
        with self.assertRaisesRegex(st.FormatError, r"input\[1\]"):
            st.parse_trace(self.minimal(input=[1, "seven"]))

    def test_a_bench_report_is_not_a_trace(self):
        with self.assertRaisesRegex(st.FormatError, "not a scanviz trace"):
            st.parse_trace({"results": []})

    def test_version_3_flags_and_second_array_read_back(self):
        step = {"label": "load", "values": [1.5, 2.0], "flags": [1, 0], "second": [7, -3]}
        t = st.parse_trace(self.minimal(version=3, input=[1.5, 2.0], output=[1.5, 3.5],
                                        flags=[1, 1], second=[4, 9], steps=[step]))
        self.assertEqual(t.flags, [1, 1])
        self.assertEqual(t.second, [4, 9])
        self.assertEqual(t.steps[0].flags, [1, 0])
        self.assertEqual(t.steps[0].second, [7, -3])
        self.assertEqual(st.parse_trace(self.minimal()).flags, [])

    def test_a_flag_other_than_0_or_1_names_where_it_is(self):
        with self.assertRaisesRegex(st.FormatError, r"flags\[1\]"):
            st.parse_trace(self.minimal(version=3, flags=[1, 2]))

    def test_segmented_reference_scan_restarts_at_each_head(self):
        flags = [1, 0, 0, 1, 0, 1, 0, 0]
        values = [3, 1, 7, 0, 4, 1, 6, 3]
        self.assertEqual(st.reference_scan(values, "add", True, 0, flags), [3, 4, 11, 0, 4, 1, 7, 10])
        self.assertEqual(st.reference_scan(values, "add", False, 0, flags), [0, 3, 4, 0, 0, 0, 1, 7])

    def test_reference_scan_exclusive_starts_with_the_identity(self):
        self.assertEqual(st.reference_scan([3, 1, 7, 0], "add", False, 0), [0, 3, 4, 11])
        self.assertEqual(st.reference_scan([3, 1, 7, 0], "max", True), [3, 3, 7, 7])


class BenchReports(unittest.TestCase):
    REPORT = os.path.join(ROOT, "docs", "results", "2026-11-23-h100", "final", "bench.json")

    def test_rows_filter_by_fields(self):
        r = st.load_bench(self.REPORT)
        rows = r.rows(subject="decoupled-lookback", dtype="int32")
        self.assertGreater(len(rows), 0)
        self.assertTrue(all(row["subject"] == "decoupled-lookback" for row in rows))
        self.assertIn("copy", r.subjects())
        self.assertEqual(r.meta["device"], "NVIDIA H100 80GB HBM3")

    def test_the_command_line_summary_names_every_file_and_fails_on_a_bad_one(self):
        with tempfile.TemporaryDirectory() as tmp:
            bad = os.path.join(tmp, "bad.json")
            with open(bad, "w") as f:
                json.dump({"steps": [], "meta": {}, "version": 7}, f)
            r = subprocess.run([sys.executable, "-m", "scanviz_trace", self.REPORT, bad],
                               capture_output=True, text=True, cwd=os.path.join(ROOT, "python"))
        self.assertEqual(r.returncode, 2)
        self.assertIn("bench on NVIDIA H100", r.stdout)
        self.assertIn("version 7", r.stderr)


class NotebookPictures(unittest.TestCase):
    def test_a_trace_draws_itself_as_svg_with_a_cell_per_value(self):
        import xml.etree.ElementTree as ET
        t = st.load_trace(os.path.join(ROOT, "assets", "traces", "kogge-stone-lesson.json"))
        root = ET.fromstring(t._repr_svg_())
        self.assertEqual(root.tag, "{http://www.w3.org/2000/svg}svg")
        texts = [e.text for e in root.iter("{http://www.w3.org/2000/svg}text")]
        self.assertIn("25", texts)  # the last inclusive sum of 3 1 7 0 4 1 6 3
        self.assertTrue(any(t.title() in (x or "") for x in texts))

    def test_a_scene_shows_the_svg_it_holds(self):
        self.assertEqual(st.Scene("<svg/>")._repr_svg_(), "<svg/>")

    def test_the_package_declares_itself(self):
        with open(os.path.join(ROOT, "python", "pyproject.toml"), encoding="utf-8") as f:
            text = f.read()
        self.assertIn('name = "scanviz-trace"', text)
        self.assertIn('packages = ["scanviz_trace"]', text)


class Example(unittest.TestCase):
    def test_the_matplotlib_example_writes_two_pictures(self):
        with tempfile.TemporaryDirectory() as tmp:
            r = subprocess.run([sys.executable, os.path.join(ROOT, "python", "examples", "plot_trace.py"),
                                "--trace", os.path.join(ROOT, "assets", "traces", "brent-kung-lesson.json"),
                                "--bench", BenchReports.REPORT, "--out", tmp],
                               capture_output=True, text=True, timeout=120)
            self.assertEqual(r.returncode, 0, r.stderr)
            for name in ("steps.png", "bench.png"):
                with open(os.path.join(tmp, name), "rb") as f:
                    data = f.read()
                self.assertEqual(data[:8], b"\x89PNG\r\n\x1a\n")
                self.assertGreater(len(data), 10000)


if __name__ == "__main__":
    unittest.main(verbosity=2)
