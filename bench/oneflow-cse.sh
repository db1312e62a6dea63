#!/usr/bin/env bash
# bench/oneflow-cse.sh: OneFlow's CSE flow on a generated UNet-like module.
#
# Generates a seeded module with bench/gen_oneflow_unet.py (default 10,000
# oneflow ops in 4 functions, seed 1; override with $1 ops, $2 funcs,
# $3 seed), then runs
#   strata-opt in.mlir -cse-with-attributes-ignored -cse -cse-put-attributes -canonicalize
# and reports the oneflow op counts before and after, the duplicates removed
# against the number the generator planted, and the wall time (median of
# RUNS runs, default 3, end to end including parse and print).
# Checks (exit 1 if any fails; the time is never a failure):
#   * removed == planted, and plain -cse alone removes nothing (the planted
#     duplicates differ only in op_name/scope_symbol_id);
#   * no magic value is left, every op_name of the output is unique and
#     comes from the input;
#   * -oneflow-cse prints the same module as the four flags;
#   * mlir-opt parses the output (--allow-unregistered-dialect).
# Env: STRATA_BIN_DIR (default <repo>/target/release), MLIR_OPT, RUNS.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
ops=${1:-10000}
funcs=${2:-4}
seed=${3:-1}
runs=${RUNS:-3}
strata_opt=${STRATA_BIN_DIR:-$repo/target/release}/strata-opt
mlir_opt=${MLIR_OPT:-/usr/lib/llvm-22/bin/mlir-opt}
[[ -x $strata_opt ]] || { echo "not found: $strata_opt (cargo build --release -p strata-opt)" >&2; exit 2; }

tmp=$(mktemp -d /tmp/oneflow-cse-bench.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
in=$tmp/unet.mlir
planted=$(python3 "$repo/bench/gen_oneflow_unet.py" --ops "$ops" --funcs "$funcs" --seed "$seed" 2>&1 >"$in" | sed -n 's/.*planted=\([0-9]*\).*/\1/p')

count_ops() { grep -c '"oneflow\.' "$1" || true; }
before=$(count_ops "$in")

times=()
for ((i = 0; i < runs; i++)); do
  start=$(date +%s.%N)
  "$strata_opt" "$in" -cse-with-attributes-ignored -cse -cse-put-attributes -canonicalize -o "$tmp/out.mlir"
  end=$(date +%s.%N)
  times+=("$(echo "$end - $start" | bc)")
done
median=$(printf '%s\n' "${times[@]}" | sort -n | sed -n "$(( (runs + 1) / 2 ))p")
after=$(count_ops "$tmp/out.mlir")
removed=$((before - after))

fail=0
"$strata_opt" "$in" -cse -o "$tmp/plain.mlir"
plain_removed=$((before - $(count_ops "$tmp/plain.mlir")))
[[ $plain_removed -eq 0 ]] || { echo "FAIL: plain -cse removed $plain_removed ops (duplicates should differ in names)"; fail=1; }
[[ $removed -eq $planted ]] || { echo "FAIL: removed $removed duplicates, planted $planted"; fail=1; }
if grep -q 'ONEFLOW_ERASE_MAGIC\|77777 : i64' "$tmp/out.mlir"; then echo "FAIL: magic values left in the output"; fail=1; fi
grep -o 'op_name = "[^"]*"' "$tmp/out.mlir" | sort > "$tmp/out.names"
grep -o 'op_name = "[^"]*"' "$in" | sort > "$tmp/in.names"
dups=$(uniq -d "$tmp/out.names" | wc -l)
[[ $dups -eq 0 ]] || { echo "FAIL: $dups op_names occur twice in the output"; fail=1; }
foreign=$(comm -23 "$tmp/out.names" "$tmp/in.names" | wc -l)
[[ $foreign -eq 0 ]] || { echo "FAIL: $foreign op_names of the output are not in the input"; fail=1; }
"$strata_opt" "$in" -oneflow-cse -o "$tmp/pipeline.mlir"
cmp -s "$tmp/out.mlir" "$tmp/pipeline.mlir" || { echo "FAIL: -oneflow-cse differs from the four flags"; fail=1; }
if [[ -x $mlir_opt ]]; then
  "$mlir_opt" --allow-unregistered-dialect "$tmp/out.mlir" -o /dev/null || { echo "FAIL: mlir-opt does not parse the output"; fail=1; }
fi

printf 'input: %s oneflow ops in %s functions (seed %s)\n' "$before" "$funcs" "$seed"
printf 'after -cse-with-attributes-ignored -cse -cse-put-attributes -canonicalize: %s ops\n' "$after"
printf 'duplicates removed: %s of %s planted (plain -cse alone: %s)\n' "$removed" "$planted" "$plain_removed"
printf 'wall time (median of %s, parse+passes+print): %.3f s\n' "$runs" "$median"
exit $fail
