#!/usr/bin/env bash
# Benchmark of `toyc -emit=jit` (not a test): a generated Toy program doing
# a few million element operations (a chain of K element-wise ops and
# transposes on an NxN value), timed end to end, lowered-only (compile
# time), and the difference (execution).
#
#   bench/toy-jit.sh [N] [K]      (defaults: N=100, K=300 -> 4.5M element ops)
#
# Uses $STRATA_BIN_DIR/toyc (default target/release).
set -euo pipefail
N=${1:-100}
K=${2:-300}
bin=${STRATA_BIN_DIR:-$(dirname "$0")/../target/release}
toyc="$bin/toyc"
src=$(mktemp /tmp/toy-jit-bench.XXXXXX.toy)
trap 'rm -f "$src"' EXIT
{
  echo "def main() {"
  echo "  var x<$N, $N> = 0.5;"
  echo "  var y<$N, $N> = 1.25;"
  prev=x
  for ((i = 0; i < K; i++)); do
    case $((i % 4)) in
      0) echo "  var v$i = $prev * y;" ;;
      1) echo "  var v$i = $prev + transpose($prev);" ;;
      2) echo "  var v$i = transpose($prev) * x;" ;;
      3) echo "  var v$i = $prev + x;" ;;
    esac
    prev=v$i
  done
  echo "  print($prev);"
  echo "}"
} > "$src"
# Element operations executed: one per element per add/mul, one per
# transpose copy, plus the two constant initialisations.
ops=0
for ((i = 0; i < K; i++)); do
  case $((i % 4)) in
    1|2) ops=$((ops + 2 * N * N)) ;;
    *) ops=$((ops + N * N)) ;;
  esac
done
ops=$((ops + 2 * N * N))
now() { date +%s.%N; }
t0=$(now); "$toyc" -emit=mlir-affine "$src" 2>/dev/null >/dev/null; t1=$(now)
"$toyc" -emit=jit "$src" > /tmp/toy-jit-bench.out; t2=$(now)
compile=$(echo "$t1 - $t0" | bc -l)
total=$(echo "$t2 - $t1" | bc -l)
printf 'N=%d K=%d element ops=%d\n' "$N" "$K" "$ops"
printf 'lower only (-emit=mlir-affine): %.3f s\n' "$compile"
printf 'jit total   (-emit=jit):        %.3f s\n' "$total"
printf 'execution (difference):         %.3f s\n' "$(echo "$total - $compile" | bc -l)"
printf 'output: %d lines\n' "$(wc -l < /tmp/toy-jit-bench.out)"
