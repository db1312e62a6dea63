#!/usr/bin/env bash
# prefixes-no-crash.sh TOOL FILE STEP [flags...]: runs TOOL on every prefix of
# FILE whose length is a multiple of STEP bytes (plus the whole file). Each
# truncated input must be accepted or rejected with a diagnostic, never crash
# (see no-crash.sh). A cheap, deterministic stand-in for fuzzing the parser:
# truncation exercises every "unexpected end of input" path.
set -uo pipefail
tool=$1 file=$2 step=$3
shift 3
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
size=$(stat -c %s "$file")
bad=0
for ((n = 0; n <= size; n += step)); do
  head -c "$n" "$file" >"$tmp/prefix.mlir"
  if ! bash "$here/no-crash.sh" "$tool" "$@" "$tmp/prefix.mlir"; then
    echo "prefixes-no-crash: crash on the first $n bytes of $file" >&2
    bad=1
  fi
done
if ! bash "$here/no-crash.sh" "$tool" "$@" "$file"; then bad=1; fi
exit $bad
