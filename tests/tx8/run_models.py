#!/usr/bin/env python3
"""Runs tx8c on every model gen_models.py writes and checks the outcome.

This file owns the model suite of issue 11: which tx8c runs each manifest
entry gets, what counts as a pass, the known-failures bookkeeping and the
summary line .ci/run reads.

- `op` and `net` models (expect "pass"): compiled, run on the C model and
  compared with onnxruntime's ref.npz, once with --dtype bf16 and once with
  --dtype fp32 (tx8c applies the issue's cosine thresholds per dtype:
  >= 0.99 bf16, >= 0.9999 fp32, and exits non-zero when one fails).
- `bad` models (expect "error"): tx8c must exit non-zero, not panic (exit
  101 or "panicked" in its stderr), and its stderr must contain every
  `error_contains` substring. A bad model with `extra_args` (the symbolic
  batch) must then pass --compare in both dtypes when given those args.
- the --compare-all check of compare_all_check.py (a perturbed weight must be
  named; the unperturbed model must pass).
- a model whose manifest entry has `groups` (a case about a fusion) must
  also run as that many groups (run.json's `groups`): a fused LayerNorm,
  GELU or softmax is checked to be one group, not assumed.

Each check is one line of tests/tx8/known-failures.txt: `NAME DTYPE`, DTYPE
being bf16, fp32, `error` (a bad model's refusal) or `compare-all`. Listed
checks still run: failing, they count as skipped; passing, they are reported
as XPASS and fail the suite, so the list cannot go stale.

    python3 tests/tx8/run_models.py                  # generate small models, run all
    python3 tests/tx8/run_models.py --only 'conv_*' --dtype bf16 --no-generate

The last line is `N passed, N failed`; the exit status is non-zero when
anything failed or passed unexpectedly.
"""

import argparse
import concurrent.futures
import fnmatch
import json
import os
import subprocess
import sys
import time
from dataclasses import dataclass, field

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)

import compare_all_check  # noqa: E402  (beside this file)

DTYPES = ("bf16", "fp32")
# A run longer than this is a hang (the small nets take seconds).
DEFAULT_TIMEOUT_S = 300
# Lines of tx8c's stderr shown per failure; the rest is in the run directory.
STDERR_TAIL_LINES = 30


@dataclass
class Check:
    """One tx8c invocation and what its outcome must be."""

    name: str
    label: str  # bf16 / fp32 / error / compare-all: the known-failures key's second word
    expect_error: bool = False
    error_contains: list = field(default_factory=list)
    args: list = field(default_factory=list)
    # For compare-all: the whole check is a function, not one tx8c run.
    custom: object = None
    # Sort key: bigger runs first, so two workers finish together.
    weight: int = 0
    # The number of groups the run must have (None: unchecked).
    groups: object = None

    @property
    def key(self):
        return f"{self.name} {self.label}"


@dataclass
class Outcome:
    check: Check
    ok: bool
    why: str  # empty when ok
    stderr: str
    seconds: float


def is_panic(returncode, stderr):
    return returncode == 101 or "panicked" in stderr


def judge(check, returncode, stderr):
    """Empty string when the run did what the check expects, else why not."""
    if returncode is None:
        return "timed out"
    if is_panic(returncode, stderr):
        return f"tx8c panicked (exit {returncode})"
    if returncode < 0:
        return f"tx8c killed by signal {-returncode}"
    if check.expect_error:
        if returncode == 0:
            return "tx8c accepted a bad model (exit 0)"
        missing = [s for s in check.error_contains if s not in stderr]
        if missing:
            return f"error message lacks {missing}"
        return ""
    if returncode != 0:
        return f"exit {returncode}"
    return ""


def run_tx8c(tx8c, model, out_dir, args, timeout):
    """(exit code or None on timeout, stderr)."""
    cmd = [tx8c, model, "-o", out_dir, "-q"] + args
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout)
    except subprocess.TimeoutExpired as e:
        err = (e.stderr or b"").decode("utf-8", "replace")
        return None, err
    out = p.stdout.decode("utf-8", "replace")
    err = p.stderr.decode("utf-8", "replace")
    # tx8c prints diagnostics on stderr; stdout is kept in case one goes there.
    return p.returncode, err + (("\n[stdout]\n" + out) if out.strip() else "")


def checks_for(entry, models_dir, dtypes):
    """The checks of one manifest entry."""
    name = entry["name"]
    d = os.path.join(models_dir, name)
    data = []
    if os.path.exists(os.path.join(d, "inputs.npz")):
        data += ["--inputs", os.path.join(d, "inputs.npz")]
    compare = []
    if os.path.exists(os.path.join(d, "ref.npz")):
        compare = ["--compare", os.path.join(d, "ref.npz")]
    extra = list(entry.get("extra_args") or [])
    weight = sum(entry.get("files", {}).values()) + (10**9 if entry["kind"] == "net" else 0)
    out = []
    if entry.get("expect") == "error":
        # Data and reference are given, and the program run, so errors found
        # only when inputs are read (an inputs.npz of the wrong shape) are
        # reached too: without --run or --compare tx8c only compiles.
        run = [] if compare or not data else ["--run"]
        out.append(Check(name, "error", expect_error=True, error_contains=list(entry.get("error_contains") or []),
                         args=data + compare + run, weight=weight))
        if extra:
            for dt in dtypes:
                out.append(Check(name, dt, args=["--dtype", dt] + data + compare + extra, weight=weight))
    else:
        for dt in dtypes:
            out.append(Check(name, dt, args=["--dtype", dt] + data + compare + extra, weight=weight,
                             groups=entry.get("groups")))
    return out


def group_count(out_dir):
    """The number of groups run.json reports (None without one)."""
    try:
        with open(os.path.join(out_dir, "run.json")) as f:
            return len(json.load(f).get("groups") or [])
    except (OSError, ValueError):
        return None


def read_known_failures(path):
    """{key: reason}; a malformed line is an error (a typo would hide a failure)."""
    known = {}
    if not os.path.exists(path):
        return known
    with open(path) as f:
        for n, line in enumerate(f, 1):
            text, _, reason = line.partition("#")
            words = text.split()
            if not words:
                continue
            if len(words) != 2:
                sys.exit(f"{path}:{n}: expected 'NAME DTYPE  # reason', got {line.strip()!r}")
            if not reason.strip():
                sys.exit(f"{path}:{n}: '{text.strip()}' has no '# reason'")
            known[" ".join(words)] = reason.strip()
    return known


def execute(check, models_dir, runs_dir, tx8c, timeout):
    start = time.monotonic()
    if check.custom is not None:
        why, stderr = check.custom(tx8c, models_dir, runs_dir, timeout)
        return Outcome(check, not why, why, stderr, time.monotonic() - start)
    out_dir = os.path.join(runs_dir, f"{check.name}.{check.label}")
    model = os.path.join(models_dir, check.name, "model.onnx")
    code, stderr = run_tx8c(tx8c, model, out_dir, check.args, timeout)
    why = judge(check, code, stderr)
    if not why and check.groups is not None:
        n = group_count(out_dir)
        if n != check.groups:
            why = f"ran as {n} groups, not {check.groups}"
    return Outcome(check, not why, why, stderr, time.monotonic() - start)


def tail(text, lines):
    rows = text.rstrip("\n").splitlines()
    if len(rows) > lines:
        rows = [f"... ({len(rows) - lines} lines above)"] + rows[-lines:]
    return "\n".join("    " + r for r in rows)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--models", default=os.path.join(REPO, "target", "tx8-models"),
                    help="directory gen_models.py writes into (default target/tx8-models)")
    ap.add_argument("--runs", default=os.path.join(REPO, "target", "tx8-runs"),
                    help="tx8c's output directories, one per check (default target/tx8-runs)")
    ap.add_argument("--tx8c", default=os.path.join(os.environ.get("STRATA_BIN_DIR", os.path.join(REPO, "target", "release")), "tx8c"))
    ap.add_argument("--no-generate", action="store_true", help="use the models already in --models")
    ap.add_argument("--only", action="append", default=[], help="shell glob on model names (repeatable)")
    ap.add_argument("--dtype", action="append", choices=DTYPES, help="only these dtypes (default both)")
    ap.add_argument("-j", "--jobs", type=int, default=2)
    ap.add_argument("--timeout", type=int, default=DEFAULT_TIMEOUT_S, help="seconds per tx8c run")
    ap.add_argument("--known-failures", default=os.path.join(HERE, "known-failures.txt"))
    ap.add_argument("--no-compare-all", action="store_true", help="skip the --compare-all check")
    args = ap.parse_args()

    if not os.access(args.tx8c, os.X_OK):
        sys.exit(f"run_models: no tx8c at {args.tx8c} (cargo build --release -p tx8c)")
    if not args.no_generate:
        gen = [sys.executable, os.path.join(HERE, "gen_models.py"), "--out", args.models, "--size", "small"]
        for g in args.only:
            gen += ["--only", g]
        subprocess.run(gen, check=True, stdout=subprocess.DEVNULL)
    with open(os.path.join(args.models, "manifest.json")) as f:
        manifest = json.load(f)
    dtypes = tuple(args.dtype) if args.dtype else DTYPES

    checks = []
    for entry in manifest["models"]:
        if entry.get("size", "small") != "small":
            continue
        if args.only and not any(fnmatch.fnmatch(entry["name"], g) for g in args.only):
            continue
        checks += checks_for(entry, args.models, dtypes)
    if not args.no_compare_all:
        for c in compare_all_check.checks(manifest, args.only):
            checks.append(Check(c.model, "compare-all", custom=c.run, weight=10**10))
    if not checks:
        sys.exit("run_models: no model matches")
    checks.sort(key=lambda c: -c.weight)

    known = read_known_failures(args.known_failures)
    os.makedirs(args.runs, exist_ok=True)
    start = time.monotonic()
    passed, failed, skipped = 0, 0, 0
    failures = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futures = [pool.submit(execute, c, args.models, args.runs, args.tx8c, args.timeout) for c in checks]
        for fut in concurrent.futures.as_completed(futures):
            o = fut.result()
            reason = known.get(o.check.key)
            if o.ok and reason is None:
                passed += 1
            elif o.ok:
                failed += 1
                failures.append(f"XPASS {o.check.key}: passes but is listed in {os.path.relpath(args.known_failures, REPO)} ({reason})")
            elif reason is not None:
                skipped += 1
            else:
                failed += 1
                failures.append(f"FAIL {o.check.key}: {o.why} ({o.seconds:.1f} s)\n{tail(o.stderr, STDERR_TAIL_LINES)}")
    ran = {c.key for c in checks}
    stale = sorted(k for k in known if k not in ran and not args.only and not args.dtype and not args.no_compare_all)
    for k in stale:
        failed += 1
        failures.append(f"STALE {k}: listed in known-failures but no such check")

    for f in sorted(failures):
        print(f)
    print(f"run_models: {len(checks)} checks in {time.monotonic() - start:.0f} s with {args.jobs} jobs; "
          f"{skipped} known failures skipped")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
