#!/usr/bin/env bash
# roundtrip-check.sh F [extra mlir-opt flags...]
#
# Checks that strata-opt reads and prints F the way the reference mlir-opt 22
# does (issue 2, "Done when"):
#   (a) generic form: `strata-opt --mlir-print-op-generic F` must be
#       byte-identical to `mlir-opt --mlir-print-op-generic F`. (Comparing
#       the reference's re-print of strata's text instead would hide what the
#       reference fills in on reading, such as default-valued properties
#       strata-opt leaves out.)
#   (b) pretty form: `strata-opt F` must be byte-identical to `mlir-opt F`,
#       unless F needs --allow-unregistered-dialect (unregistered ops print
#       generically anyway and the check would add nothing dialect-specific).
#
# Flags: every flag after F is passed to both tools. In addition the flags
# --split-input-file, --allow-unregistered-dialect, --mlir-print-debuginfo and
# --mlir-print-local-scope are honoured when F's own `// RUN:` lines mention
# them, so running this script by hand on F checks the same thing lit does.
#
# Tools: $STRATA_OPT (default: $STRATA_BIN_DIR/strata-opt, else
# <repo>/target/release/strata-opt) and $MLIR_OPT (default
# /usr/lib/llvm-22/bin/mlir-opt).
#
# Each tool call is limited to $ROUNDTRIP_TIMEOUT seconds (default 120).
#
# Exit status: 0 when both checks pass; 1 with a unified diff on a mismatch;
# 2 on usage errors or when the reference itself rejects F (a corpus bug).
set -uo pipefail

if [[ $# -lt 1 ]]; then
  echo "usage: $0 FILE.mlir [flags...]" >&2
  exit 2
fi
file=$1
shift
if [[ ! -f $file ]]; then
  echo "roundtrip-check: no such file: $file" >&2
  exit 2
fi

script_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo_root=$(cd "$script_dir/../.." && pwd)
strata_opt=${STRATA_OPT:-${STRATA_BIN_DIR:-$repo_root/target/release}/strata-opt}
mlir_opt=${MLIR_OPT:-/usr/lib/llvm-22/bin/mlir-opt}

flags=("$@")
# Pick up the flags the file's RUN lines ask for (one or two dashes).
run_lines=$(grep -E '^[[:space:]]*//[[:space:]]*RUN:' "$file" || true)
for f in split-input-file allow-unregistered-dialect mlir-print-debuginfo mlir-print-local-scope; do
  if grep -qE -- "(^|[[:space:]])--?$f([[:space:]]|$)" <<<"$run_lines"; then
    already=0
    for g in "${flags[@]+"${flags[@]}"}"; do
      [[ $g == "-$f" || $g == "--$f" ]] && already=1
    done
    [[ $already == 0 ]] && flags+=("--$f")
  fi
done

unregistered=0
for g in "${flags[@]+"${flags[@]}"}"; do
  [[ $g == "-allow-unregistered-dialect" || $g == "--allow-unregistered-dialect" ]] && unregistered=1
done

tmp=$(mktemp -d "${TMPDIR:-/tmp}/roundtrip.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
name=$(basename "$file")
status=0

# Runs "$@" with stdout to $out and stderr to $out.err; reports a failure.
run_tool() {
  local out=$1 what=$2
  shift 2
  local in=/dev/null
  # A hung tool must fail the test, not stall the suite (timeout exits 124).
  timeout "${ROUNDTRIP_TIMEOUT:-120}" "$@" <"$in" >"$out" 2>"$out.err"
  local rc=$?
  if [[ $rc != 0 ]]; then
    echo "roundtrip-check: $what failed (exit $rc): $*" >&2
    cat "$out.err" >&2
    return 1
  fi
}

# Compares two outputs; prints a unified diff labelled with what each side is.
compare() {
  local want=$1 got=$2 want_label=$3 got_label=$4
  if ! diff -u --label "$want_label" --label "$got_label" "$want" "$got"; then
    echo "roundtrip-check: $name: output differs (- reference, + strata)" >&2
    return 1
  fi
}

# --- (a) generic form, byte for byte ---------------------------------------------
if ! run_tool "$tmp/generic.ref" "reference mlir-opt (generic)" \
    "$mlir_opt" "${flags[@]+"${flags[@]}"}" --mlir-print-op-generic "$file"; then
  echo "roundtrip-check: the reference rejects $file: fix the test corpus" >&2
  exit 2
fi
if run_tool "$tmp/generic.strata" "strata-opt (generic)" \
    "$strata_opt" "${flags[@]+"${flags[@]}"}" --mlir-print-op-generic "$file"; then
  compare "$tmp/generic.ref" "$tmp/generic.strata" \
    "mlir-opt --mlir-print-op-generic $name" \
    "strata-opt --mlir-print-op-generic $name" || status=1
else
  status=1
fi

# --- (b) pretty form, byte for byte ---------------------------------------------
if [[ $unregistered == 0 ]]; then
  if ! run_tool "$tmp/pretty.ref" "reference mlir-opt (pretty)" \
      "$mlir_opt" "${flags[@]+"${flags[@]}"}" "$file"; then
    echo "roundtrip-check: the reference rejects $file: fix the test corpus" >&2
    exit 2
  fi
  if run_tool "$tmp/pretty.strata" "strata-opt (pretty)" \
      "$strata_opt" "${flags[@]+"${flags[@]}"}" "$file"; then
    compare "$tmp/pretty.ref" "$tmp/pretty.strata" \
      "mlir-opt $name" "strata-opt $name" || status=1
  else
    status=1
  fi
fi

exit $status
