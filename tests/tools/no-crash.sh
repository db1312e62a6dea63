#!/usr/bin/env bash
# no-crash.sh CMD ARGS...: passes when CMD ends normally, i.e. exits 0
# (input accepted) or 1 (input rejected with a diagnostic), within the time
# limit, without a panic or crash report on stderr. Fails on anything else:
# a Rust panic (exit 101), a signal (exit 128+N), a hang (timeout, 124), or
# other exit codes. Issue 2: "nothing panics on any input".
set -uo pipefail
err=$(mktemp)
trap 'rm -f "$err"' EXIT
timeout "${NO_CRASH_TIMEOUT:-60}" "$@" >/dev/null 2>"$err"
rc=$?
if [[ $rc != 0 && $rc != 1 ]] || grep -qE "panicked at|Stack dump:|RUST_BACKTRACE" "$err"; then
  echo "no-crash: exit $rc from: $*" >&2
  head -c 4000 "$err" >&2
  exit 1
fi
exit 0
