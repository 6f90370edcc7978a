#!/usr/bin/env bash
# One device call for students' kernels on a GPU (docs/student-kernels.md): build the CLI and the
# student tests without the GUI (libclang's C headers carried in .libclang/ where the machine has
# the library alone), run the GPU tests of tests/student_kernels/, grade every file there with
# --backend cuda as its `scanviz-expect:` line says, run one correct and one racy kernel under
# compute-sanitizer (the NVRTC-compiled kernel in the child process), and print a table last.
set -uo pipefail
cd "$(dirname "$0")/.."
steps=all
source tools/gpu-common.sh
record_device
build_gpu scanviz scanviz_student_tests scanviz_student_gpu_tests
note build "ok ($build_seconds s)"
bin=$build/app/scanviz

(cd $build && ctest -R "GpuStudentKernels|StudentKernel" --output-on-failure --timeout 600 -V) >"$OUT/student-tests.txt" 2>&1
note "student tests" "$(grep -E 'tests passed|tests failed' "$OUT/student-tests.txt" | tail -1)"

: >"$OUT/verdicts.jsonl"
for f in tests/student_kernels/*.cu; do
  opts=$(grep -m1 "scanviz-expect:" "$f" | sed 's/.*scanviz-expect://; s/^[^-]*//')
  # shellcheck disable=SC2086
  $bin kernel "$f" $opts --backend cuda --json >>"$OUT/verdicts.jsonl" 2>>"$OUT/verdicts.err"
done
note "files graded on the GPU" "$(wc -l <"$OUT/verdicts.jsonl")"

for f in kogge_stone mistake_one_barrier; do
  log=$(compute-sanitizer --tool memcheck --target-processes all --error-exitcode 99 \
    $bin kernel tests/student_kernels/$f.cu --like kogge-stone --n 1000 --block-size 256 --backend cuda 2>&1)
  echo "$log" >"$OUT/memcheck-$f.txt"
  note "memcheck $f" "$(echo "$log" | grep -E 'ERROR SUMMARY' | tail -1)"
done
log=$(compute-sanitizer --tool memcheck --target-processes all --error-exitcode 99 $bin kernel \
  tests/student_kernels/hierarchical.cu --like hierarchical --n 20000 --block-size 128 --backend cuda 2>&1)
echo "$log" >"$OUT/memcheck-hierarchical.txt"
note "memcheck hierarchical" "$(echo "$log" | grep -E 'ERROR SUMMARY' | tail -1)"

# A class's submissions in one call: one GPU child, one CUDA context, for every file.
class=(kogge_stone mistake_one_barrier mistake_missing_second_barrier mistake_stride_off_by_one
  mistake_wrong_index kogge_stone)
$bin kernel $(printf 'tests/student_kernels/%s.cu ' "${class[@]}") --like kogge-stone --n 1024 \
  --block-size 1024 --backend cuda --json >"$OUT/class.jsonl" 2>"$OUT/class.err"
note "one call, ${#class[@]} files" "$(python3 -c "
import json,sys
rows=[json.loads(l) for l in open(sys.argv[1])]
warm=[r['verdict_ms'] for r in rows[1:]]
print(f\"first {rows[0]['verdict_ms']:.0f} ms, then {min(warm):.0f}-{max(warm):.0f} ms a verdict; NVRTC {min(r['gpu'].get('compile_ms',0) for r in rows[1:]):.0f}-{max(r['gpu'].get('compile_ms',0) for r in rows[1:]):.0f} ms\")
" "$OUT/class.jsonl")"

python3 - "$OUT/verdicts.jsonl" <<'PY' | tee "$OUT/verdicts.txt"
import json, sys
print(f"{'file':36} {'verdict':20} {'line':>4}  {'gpu':12} {'output':8} {'steps':>9} {'nvrtc ms':>9} {'run ms':>7} {'all ms':>7}")
for line in open(sys.argv[1]):
    o = json.loads(line)
    g = o.get("gpu", {})
    out = "" if "wrong_index" not in g else ("right" if g["wrong_index"] < 0 else "wrong")
    steps = "" if "steps_compared" not in g else f"{g['steps_compared']}/{'=' if g['first_different_step'] < 0 else g['first_different_step']}"
    print(f"{o['file'].split('/')[-1]:36} {o['verdict']:20} {o.get('line', 0):>4}  {g.get('status', ''):12} {out:8} "
          f"{steps:>9} {g.get('compile_ms', 0):9.1f} {g.get('run_ms', 0):7.1f} {o.get('verdict_ms', 0):7.0f}")
PY
print_summary "students' kernels on the GPU"
