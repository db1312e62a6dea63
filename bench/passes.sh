#!/usr/bin/env bash
# bench/passes.sh: -cse / -canonicalize, strata-opt vs mlir-opt.
#
# Two inputs from ../shared/bench/gen_arith.py, both with --ops 400000 (pass
# another count as $1): one huge function (--funcs 1) and 400 functions of
# ~1000 ops each (--funcs 400; ~533k lines, the same size), where function
# passes can run in parallel. Pass sets:
#   -cse    -canonicalize    -cse -canonicalize           (both inputs)
#   --pass-pipeline='builtin.module(func.func(cse))'       (the 400-function input:
#   ... (canonicalize), (cse,canonicalize)                  mlir-opt runs these in parallel;
#                                                            the flag forms run on the module)
# For each input and pass set:
#   * end to end: `TOOL PASSES in.mlir -o /dev/null`, 3 runs per tool,
#     alternating, median wall time (s) and peak RSS (KiB) by GNU time;
#   * pass time alone: one more run with --mlir-timing (output to a file),
#     the wall time of the report's top-level rows other than Parser, Output
#     and Rest (i.e. the passes, or the 'func.func' Pipeline row);
#   * correctness: the outputs of that run must be identical, byte for byte
#     or after both are re-printed by `mlir-opt --mlir-print-op-generic`.
# Prints one table row per case with the ratios strata/mlir.
# Target (issue): end-to-end wall ratio <= 0.33 on both inputs.
#
# This is a benchmark: it never fails on slow results. It exits 1 if an
# output differs (a wrong answer makes the timing meaningless), 2 on setup
# errors. A pass set strata-opt rejects (unknown flag) is reported as
# SKIPPED with its error, and the run goes on; so is a missing --mlir-timing.
#
# Env: STRATA_BIN_DIR (default <repo>/target/release), MLIR_OPT (default
# /usr/lib/llvm-22/bin/mlir-opt), RUNS (default 3).
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
ops=${1:-400000}
runs=${RUNS:-3}
strata_opt=${STRATA_BIN_DIR:-$repo/target/release}/strata-opt
mlir_opt=${MLIR_OPT:-/usr/lib/llvm-22/bin/mlir-opt}
gen=$repo/../shared/bench/gen_arith.py

for tool in "$strata_opt" "$mlir_opt"; do
  [[ -x $tool ]] || { echo "not found: $tool (build with cargo build --release)" >&2; exit 2; }
done
[[ -f $gen ]] || { echo "not found: $gen (the shared folder sits beside the repo)" >&2; exit 2; }
[[ -x /usr/bin/time ]] || { echo "needs /usr/bin/time (apt-get install time)" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 "$gen" --ops "$ops" --funcs 1 >"$work/one.mlir"
python3 "$gen" --ops "$ops" --funcs 400 >"$work/many.mlir"
for f in one many; do
  echo "input $f: $(wc -l <"$work/$f.mlir") lines, $(du -h "$work/$f.mlir" | cut -f1)," \
    "$(grep -c '^func.func' "$work/$f.mlir") function(s) (gen_arith.py --ops $ops)"
done
printf 'func.func @f(%%a: i64) -> i64 {\n  %%0 = arith.addi %%a, %%a : i64\n  return %%0 : i64\n}\n' >"$work/tiny.mlir"

# Cases: "input|passes" (passes split on spaces; no spaces inside one flag).
cases=()
for p in "-cse" "-canonicalize" "-cse -canonicalize"; do
  cases+=("one|$p" "many|$p")
done
for p in "cse" "canonicalize" "cse,canonicalize"; do
  cases+=("many|--pass-pipeline=builtin.module(func.func($p))")
done

# measure LABEL TOOL INPUT PASSES...: appends "wall rss" to $work/LABEL.
measure() {
  local label=$1 tool=$2 input=$3
  shift 3
  /usr/bin/time -f '%e %M' -o "$work/time.out" "$tool" "$@" "$input" -o /dev/null
  cat "$work/time.out" >>"$work/$label"
}

# pass_time REPORT: wall seconds of the top-level rows of an --mlir-timing
# report other than Parser/Output/Rest/Total; empty if there is no report.
pass_time() {
  python3 - "$1" <<'PY'
import re, sys
total = None
rows = 0
for line in open(sys.argv[1], errors="replace"):
    # "  [user (pct)]  wall (pct)  <indent>Name"; top-level names have no indent.
    m = re.match(r"^\s+(?:[\d.]+ \(\s*[\d.]+%\)\s+)?([\d.]+) \(\s*[\d.]+%\)  (\S.*)$", line)
    if not m:
        continue
    name = m.group(2).strip()
    if name in ("Parser", "Output", "Rest", "Total"):
        continue
    total = (total or 0.0) + float(m.group(1))
    rows += 1
print("" if total is None else "%.4f" % total)
PY
}

status=0
results=$work/results
: >"$results"
for c in "${cases[@]}"; do
  input=$work/${c%%|*}.mlir
  read -r -a passes <<<"${c#*|}"
  name="${c%%|*} ${c#*|}"
  echo "== $name"
  if ! "$strata_opt" "${passes[@]}" "$work/tiny.mlir" -o /dev/null 2>"$work/err"; then
    echo "SKIPPED: strata-opt rejects ${passes[*]}: $(head -c 300 "$work/err")"
    printf '%s\tSKIPPED\n' "$name" >>"$results"
    continue
  fi
  rm -f "$work/strata" "$work/mlir"
  for _ in $(seq "$runs"); do
    measure mlir "$mlir_opt" "$input" "${passes[@]}"
    measure strata "$strata_opt" "$input" "${passes[@]}"
  done
  # One more run each with --mlir-timing: pass time and the outputs to compare.
  "$mlir_opt" "${passes[@]}" --mlir-timing "$input" -o "$work/out.mlir-opt" 2>"$work/timing.mlir-opt"
  m_pass=$(pass_time "$work/timing.mlir-opt")
  if "$strata_opt" "${passes[@]}" --mlir-timing "$input" -o "$work/out.strata-opt" 2>"$work/timing.strata-opt"; then
    s_pass=$(pass_time "$work/timing.strata-opt")
    [[ -n $s_pass ]] || echo "note: strata-opt printed no --mlir-timing report"
  else
    echo "note: strata-opt fails with --mlir-timing: $(head -c 300 "$work/timing.strata-opt"); output taken without it"
    "$strata_opt" "${passes[@]}" "$input" -o "$work/out.strata-opt"
    s_pass=""
  fi
  same=identical
  if ! cmp -s "$work/out.mlir-opt" "$work/out.strata-opt"; then
    "$mlir_opt" --mlir-print-op-generic "$work/out.mlir-opt" -o "$work/gen.mlir-opt"
    if "$mlir_opt" --mlir-print-op-generic "$work/out.strata-opt" -o "$work/gen.strata-opt" 2>"$work/err" \
       && cmp -s "$work/gen.mlir-opt" "$work/gen.strata-opt"; then
      same="identical after generic re-print"
    else
      same="DIFFERENT"
      status=1
      echo "WRONG OUTPUT for $name:"
      head -5 "$work/err"
      diff "$work/gen.mlir-opt" "$work/gen.strata-opt" 2>/dev/null | head -20 || true
    fi
  fi
  echo "outputs: $same"
  python3 - "$work/strata" "$work/mlir" "$s_pass" "$m_pass" "$name" "$same" >>"$results" <<'PY'
import statistics, sys
def load(path):
    rows = [tuple(float(x) for x in line.split()) for line in open(path) if line.strip()]
    return statistics.median(r[0] for r in rows), statistics.median(r[1] for r in rows)
s_wall, s_rss = load(sys.argv[1])
m_wall, m_rss = load(sys.argv[2])
s_pass = float(sys.argv[3]) if sys.argv[3] else None
m_pass = float(sys.argv[4]) if sys.argv[4] else None
r = lambda a, b: "%.3f" % (a / b) if a is not None and b else "n/a"
f = lambda x: "%.3f" % x if x is not None else "n/a"
print("\t".join([sys.argv[5], "%.2f" % s_wall, "%.2f" % m_wall, r(s_wall, m_wall),
                 "%.0f" % s_rss, "%.0f" % m_rss, r(s_rss, m_rss),
                 f(s_pass), f(m_pass), r(s_pass, m_pass), sys.argv[6]]))
PY
  tail -n 1 "$results" | cut -f2-4 | awk -F'\t' '{print "wall: strata " $1 " s, mlir " $2 " s, ratio " $3}'
done

echo
echo "Summary (median of $runs runs; pass = --mlir-timing wall of the passes; ratio = strata/mlir; target wall ratio <= 0.33)"
python3 - "$results" <<'PY'
import sys
hdr = ["case", "strata s", "mlir s", "wall", "strata KiB", "mlir KiB", "RSS",
       "strata pass", "mlir pass", "pass", "outputs"]
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1]) if l.strip()]
rows = [r + [""] * (len(hdr) - len(r)) for r in rows]
w = [max(len(str(x[i])) for x in rows + [hdr]) for i in range(len(hdr))]
for r in [hdr] + rows:
    print("  ".join(str(c).ljust(w[i]) for i, c in enumerate(r)).rstrip())
PY
exit $status
