#!/usr/bin/env bash
# bench/parse-print.sh: parse + verify + print, strata-opt vs mlir-opt.
#
# Generates a large func+arith module with ../shared/bench/gen_arith.py
# (--ops 400000 by default; pass another count as $1), then runs
#   strata-opt in.mlir -o /dev/null     and     mlir-opt in.mlir -o /dev/null
# three times each, alternating, and reports the median wall time (s) and
# median peak RSS (KiB) of each, plus the ratios strata/mlir.
# Targets (issue 2): wall ratio <= 0.4, RSS ratio <= 0.5.
# This is a benchmark, not a test: it never fails on slow results.
#
# Env: STRATA_BIN_DIR (default <repo>/target/release), MLIR_OPT (default
# /usr/lib/llvm-22/bin/mlir-opt).
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
ops=${1:-400000}
runs=3
strata_opt=${STRATA_BIN_DIR:-$repo/target/release}/strata-opt
mlir_opt=${MLIR_OPT:-/usr/lib/llvm-22/bin/mlir-opt}
gen=$repo/../shared/bench/gen_arith.py

for tool in "$strata_opt" "$mlir_opt"; do
  [[ -x $tool ]] || { echo "not found: $tool (build with cargo build --release)" >&2; exit 2; }
done
[[ -f $gen ]] || { echo "not found: $gen (the shared folder sits beside the repo)" >&2; exit 2; }
# GNU time, not the shell keyword: it reports peak RSS (%M).
[[ -x /usr/bin/time ]] || { echo "needs /usr/bin/time (apt-get install time)" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
input=$work/in.mlir
python3 "$gen" --ops "$ops" >"$input"
echo "input: $(wc -l <"$input") lines, $(du -h "$input" | cut -f1) ($ops ops, gen_arith.py)"

# A wrong answer makes the timing meaningless: both tools must accept the
# input (output is discarded for timing, so check the exit status here once).
"$mlir_opt" "$input" -o /dev/null
"$strata_opt" "$input" -o /dev/null

# measure TOOL LABEL: appends "wall rss" lines to $work/LABEL.
measure() {
  local tool=$1 label=$2
  /usr/bin/time -f '%e %M' -o "$work/time.out" "$tool" "$input" -o /dev/null
  cat "$work/time.out" >>"$work/$label"
}
# Alternate the tools so that drift in machine load hits both alike.
for _ in $(seq "$runs"); do
  measure "$mlir_opt" mlir
  measure "$strata_opt" strata
done

python3 - "$work/strata" "$work/mlir" <<'PY'
import statistics, sys
def load(path):
    rows = [tuple(float(x) for x in line.split()) for line in open(path) if line.strip()]
    return statistics.median(r[0] for r in rows), statistics.median(r[1] for r in rows)
s_wall, s_rss = load(sys.argv[1])
m_wall, m_rss = load(sys.argv[2])
print(f"strata-opt: {s_wall:.2f} s wall, {s_rss:.0f} KiB peak RSS (median of 3)")
print(f"mlir-opt:   {m_wall:.2f} s wall, {m_rss:.0f} KiB peak RSS (median of 3)")
ratio = lambda a, b: a / b if b else float("inf")
print(f"ratio strata/mlir: wall {ratio(s_wall, m_wall):.3f} (target <= 0.4), "
      f"RSS {ratio(s_rss, m_rss):.3f} (target <= 0.5)")
PY
