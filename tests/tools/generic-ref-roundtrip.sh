#!/usr/bin/env bash
# generic-ref-roundtrip.sh [FILES...]
#
# For each round-trip corpus file F: the reference prints F in generic form;
# strata-opt must read that text and print it back byte for byte
# (`strata-opt --allow-unregistered-dialect --mlir-print-op-generic`).
# Dialects strata-opt does not register yet are read as unregistered ops, so
# this checks the generic syntax of every type, attribute, location, region
# and naming rule independently of dialect support.
#
# Files marked `NO-GENERIC-REREAD` are skipped: the reference's own output
# for them does not read back to the same IR (see the file's comment).
#
# Prints one line per failure and a final `N passed, N failed` line; exits 1
# if anything failed.
set -uo pipefail
script_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo_root=$(cd "$script_dir/../.." && pwd)
strata_opt=${STRATA_OPT:-${STRATA_BIN_DIR:-$repo_root/target/release}/strata-opt}
mlir_opt=${MLIR_OPT:-/usr/lib/llvm-22/bin/mlir-opt}
files=("$@")
if [[ ${#files[@]} == 0 ]]; then
  files=("$repo_root"/tests/roundtrip/*.mlir)
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0
for f in "${files[@]}"; do
  if grep -q 'NO-GENERIC-REREAD' "$f"; then continue; fi
  flags=(--allow-unregistered-dialect)
  if grep -qE -- '--?split-input-file' "$f"; then flags+=(--split-input-file); fi
  if ! "$mlir_opt" "${flags[@]}" --mlir-print-op-generic "$f" > "$tmp/ref.mlir" 2>/dev/null; then
    echo "reference rejects $f" >&2
    failed=$((failed + 1))
    continue
  fi
  if timeout 60 "$strata_opt" "${flags[@]}" --mlir-print-op-generic "$tmp/ref.mlir" > "$tmp/ours.mlir" 2> "$tmp/err" \
     && cmp -s "$tmp/ref.mlir" "$tmp/ours.mlir"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL: $f" >&2
    head -5 "$tmp/err" >&2
    diff "$tmp/ref.mlir" "$tmp/ours.mlir" | head -6 >&2
  fi
done
echo "$passed passed, $failed failed"
[[ $failed == 0 ]]
