#!/usr/bin/env bash
# affine-loops-no-crash.sh [--diff] FIRST LAST: for seeds FIRST..LAST,
# generates a program with gen-affine-loops.py and runs strata-opt
# ($STRATA_OPT) with -canonicalize, -inline and -cse on it under
# no-crash.sh; also checks that the program itself is accepted by mlir-opt
# ($MLIR_OPT) and by strata-opt (so the generator makes valid inputs). With
# --diff, each pass's output must also equal mlir-opt's. Exit 1 on the
# first failure.
set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
diff=0
if [[ ${1:-} == --diff ]]; then
  diff=1
  shift
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for seed in $(seq "$1" "$2"); do
  f="$tmp/seed$seed.mlir"
  python3 "$here/gen-affine-loops.py" --seed "$seed" --out "$f"
  "$MLIR_OPT" "$f" >/dev/null || { echo "seed $seed: the reference rejects the generated program" >&2; exit 1; }
  "$STRATA_OPT" "$f" >/dev/null || { echo "seed $seed: strata-opt rejects the generated program" >&2; exit 1; }
  for p in -canonicalize -inline -cse; do
    bash "$here/no-crash.sh" "$STRATA_OPT" "$p" "$f" || { echo "seed $seed, $p" >&2; cat "$f" >&2; exit 1; }
    if [[ $diff == 1 ]]; then
      "$MLIR_OPT" "$p" "$f" >"$tmp/ref" && "$STRATA_OPT" "$p" "$f" >"$tmp/out" || { echo "seed $seed, $p: a tool failed" >&2; exit 1; }
      diff -u "$tmp/ref" "$tmp/out" >&2 || { echo "seed $seed, $p: output differs from mlir-opt" >&2; cat "$f" >&2; exit 1; }
    fi
  done
done
