#!/usr/bin/env bash
# check-corpus.sh: checks the test corpus itself against the reference mlir-opt
# (no strata-opt needed), so a bad test is caught before it blames strata:
#   - every tests/roundtrip file is accepted by mlir-opt, in pretty and generic
#     form, with the flags its RUN line asks for;
#   - every tests/invalid file in --verify-diagnostics style passes
#     `mlir-opt F -split-input-file -verify-diagnostics` (the expected
#     messages are mlir-opt's own), is rejected without it, and has at least
#     one expected-error in every chunk;
#   - the tests/invalid, cli and robustness suites pass under lit with mlir-opt
#     standing in for strata-opt (their RUN lines compare against mlir-opt or
#     pin mlir-opt's messages, so the reference itself must pass them);
#   - every input of the differential pass suite (tests/diff: generated seeds
#     and hand-written inputs) runs through mlir-opt with every pass set.
# Exit status is non-zero if anything is wrong.
set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
tests=$(cd "$here/.." && pwd)
llvm_bin=${LLVM_BIN_DIR:-/usr/lib/llvm-22/bin}
mlir_opt=$llvm_bin/mlir-opt
bad=0

flags_of() {
  local run_lines
  run_lines=$(grep -E '^[[:space:]]*//[[:space:]]*RUN:' "$1" || true)
  # Everything after `%roundtrip %s` on the RUN line is a flag for both tools.
  sed -nE 's/.*%roundtrip %s(.*)$/\1/p' <<<"$run_lines" | head -1
}

for f in "$tests"/roundtrip/*.mlir; do
  # Files whose reference output does not read back (NO-GENERIC-REREAD) use
  # plain diff RUN lines instead of %roundtrip; lit checks them.
  if grep -q 'NO-GENERIC-REREAD' "$f"; then continue; fi
  if ! grep -qE '^// RUN: %roundtrip %s' "$f"; then
    echo "BAD (no '// RUN: %roundtrip %s' line): $f"; bad=1; continue
  fi
  # shellcheck disable=SC2046
  read -r -a flags <<<"$(flags_of "$f")"
  for mode in "" "--mlir-print-op-generic"; do
    if ! "$mlir_opt" "${flags[@]+"${flags[@]}"}" $mode "$f" -o /dev/null 2>/tmp/check-corpus.err.$$; then
      echo "BAD (mlir-opt rejects${mode:+ with $mode}): $f"; head -5 /tmp/check-corpus.err.$$; bad=1
    fi
  done
done
rm -f /tmp/check-corpus.err.$$

for f in "$tests"/invalid/*.mlir; do
  if head -1 "$f" | grep -q -- '-verify-diagnostics'; then
    if ! "$mlir_opt" "$f" -split-input-file -verify-diagnostics -o /dev/null; then
      echo "BAD (mlir-opt -verify-diagnostics fails): $f"; bad=1
    fi
    if "$mlir_opt" "$f" -split-input-file -o /dev/null 2>/dev/null; then
      echo "BAD (mlir-opt accepts it: nothing invalid): $f"; bad=1
    fi
    # Every chunk must expect at least one error.
    if ! awk -v f="$f" '
        /\/\/ -----/ { if (!seen) { print "BAD (chunk without expected-error): " f " before line " NR; bad=1 } seen=0; next }
        /expected-error/ { seen=1 }
        END { if (!seen) { print "BAD (chunk without expected-error): " f " at end"; bad=1 } exit bad }' "$f"; then
      bad=1
    fi
  fi
done

# Run the invalid and cli suites through lit with mlir-opt standing in for
# strata-opt.
stand_in=$(mktemp -d)
trap 'rm -rf "$stand_in"' EXIT
printf '#!/bin/sh\nexec %s "$@"\n' "$mlir_opt" >"$stand_in/strata-opt"
chmod +x "$stand_in/strata-opt"
if ! STRATA_REFERENCE_STAND_IN=1 STRATA_BIN_DIR=$stand_in "$llvm_bin/lit" -q "$tests/invalid" "$tests/cli" "$tests/robustness"; then
  echo "BAD: tests/invalid, cli or robustness fail with mlir-opt standing in for strata-opt"; bad=1
fi

if ! python3 "$tests/diff/run-diff.py" --reference-only >/tmp/check-corpus.diff.$$ 2>&1; then
  echo "BAD: mlir-opt fails on inputs of the differential suite (tests/diff/run-diff.py --reference-only):"
  grep -v '^  ' /tmp/check-corpus.diff.$$ | head -30; bad=1
fi
rm -f /tmp/check-corpus.diff.$$

n_rt=$(ls "$tests"/roundtrip/*.mlir | wc -l)
n_inv=$(ls "$tests"/invalid/*.mlir | wc -l)
if [[ $bad == 0 ]]; then
  echo "corpus OK: $n_rt roundtrip files, $n_inv invalid files"
else
  echo "corpus has problems (see BAD lines above)"
fi
exit $bad
