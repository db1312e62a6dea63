#!/usr/bin/env bash
# affine-loops-no-crash.sh FIRST LAST: for seeds FIRST..LAST, generates a
# program with gen-affine-loops.py and runs strata-opt ($STRATA_OPT) with
# -canonicalize, -inline and -cse on it under no-crash.sh; also checks that
# the program itself is accepted by mlir-opt ($MLIR_OPT) and by strata-opt
# (so the generator makes valid inputs). Exit 1 on the first failure.
set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for seed in $(seq "$1" "$2"); do
  f="$tmp/seed$seed.mlir"
  python3 "$here/gen-affine-loops.py" --seed "$seed" --out "$f"
  "$MLIR_OPT" "$f" >/dev/null || { echo "seed $seed: the reference rejects the generated program" >&2; exit 1; }
  "$STRATA_OPT" "$f" >/dev/null || { echo "seed $seed: strata-opt rejects the generated program" >&2; exit 1; }
  for p in -canonicalize -inline -cse; do
    bash "$here/no-crash.sh" "$STRATA_OPT" "$p" "$f" || { echo "seed $seed, $p" >&2; cat "$f" >&2; exit 1; }
  done
done
