#!/usr/bin/env python3
"""Runs tx8c on every exported model of the zoo and tabulates the outcome.

For each manifest entry of export_zoo.py (tests/zoo/models unless --models)
that was exported with a reference, once per dtype (bf16 and fp32):

    tx8c MODEL -o RUNS/NAME.DTYPE --run --inputs inputs.npz --compare ref.npz -q --dtype DTYPE
         [--compare-floor RUNS/.floors/NAME.DTYPE.npz]

with tx8c from $STRATA_BIN_DIR (default target/release), two at a time
(-j). A check passes when tx8c exits 0 (it fails the comparison below
cosine 0.99 in bf16, 0.9999 in fp32, or 20 dB SQNR); a timeout, a panic or
any other exit fails it. A bf16 check of an ONNX model also gets the
model's bf16 floor (tests/tx8/emulate_low_precision.py: onnxruntime with
every weight, input and intermediate rounded to bf16, in two realisations:
1-D weights rounded or kept in fp32): where even the worse of them is below
the thresholds, tx8c asks for it less 3 dB instead.

tests/zoo/known-failures.txt lists `NAME DTYPE  # reason` lines (the reason
quotes tx8c's error). Listed checks still run: failing, they count as
skipped; passing, they are reported as XPASS and fail the run; a line
naming no check is STALE and fails the run too.

Printed: every unexpected failure with the tail of tx8c's stderr; a
markdown table, one row per model (exporter, opset, nodes, and per dtype
the outcome, "(floor N dB)" after it when the bf16 floor decided, compile
seconds, simulated cycles, fraction of the roofline,
minimum cosine and SQNR over the outputs, from each run directory's
run.json and compare.json; '-' where a figure is missing), models the
exporter could not export listed with its error; the failing checks grouped
by tx8c's error line; and last `N passed, N failed`. The table also goes to
RUNS/table.md, rewritten as each check finishes, so an interrupted run
keeps the rows it has. With --prune, a passing check's run directory keeps
only run.json, compare.json and its files of at most 1 MB:
full-size models write weights images and DDR dumps of gigabytes each.
Each check leaves RUNS/NAME.DTYPE/outcome.json (its result and what it ran:
the sha256 of tx8c, tx8-run and the libtx8_cmodel.so it links, the size and
mtime of the model, inputs and reference); with --resume a check whose outcome.json matches all of those is
reported from it instead of run again, so an interrupted full-size run goes
on where it stopped and a rebuilt compiler or re-exported model is re-run.

    python3 tests/zoo/run_zoo.py
    python3 tests/zoo/run_zoo.py --only 'tv-*' --dtype fp32 -j 1
"""

import argparse
import collections
import concurrent.futures
import fnmatch
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))

DTYPES = ("bf16", "fp32")
DEFAULT_TIMEOUT_S = 300
STDERR_TAIL_LINES = 30
# Longest error text kept in a table cell.
CELL_CHARS = 110


@dataclass
class Check:
    name: str
    dtype: str
    model: str
    inputs: str
    ref: str
    weight: int

    @property
    def key(self):
        return f"{self.name} {self.dtype}"


@dataclass
class Outcome:
    check: Check
    ok: bool
    why: str
    error: str  # tx8c's error line ('' when it passed)
    stderr: str
    seconds: float
    run_dir: str


def model_file(directory):
    for f in ("model.onnx", "model.mlir"):
        if os.path.exists(os.path.join(directory, f)):
            return os.path.join(directory, f)
    return None


def checks_for(entry, models_dir, dtypes):
    if not entry.get("exported") or not entry.get("reference"):
        return []
    d = os.path.join(models_dir, entry["name"])
    model = model_file(d)
    if model is None:
        return []
    weight = sum(entry.get("files", {}).values()) + 1000 * entry.get("nodes", 0)
    return [Check(entry["name"], dt, model, os.path.join(d, "inputs.npz"), os.path.join(d, "ref.npz"), weight)
            for dt in dtypes]


def read_known_failures(path):
    known = {}
    if not os.path.exists(path):
        return known
    with open(path) as f:
        for n, line in enumerate(f, 1):
            text, _, reason = line.partition("#")
            words = text.split()
            if not words:
                continue
            if len(words) != 2 or words[1] not in DTYPES:
                sys.exit(f"{path}:{n}: expected 'NAME DTYPE  # reason', got {line.strip()!r}")
            if not reason.strip():
                sys.exit(f"{path}:{n}: '{text.strip()}' has no '# reason'")
            known[" ".join(words)] = reason.strip()
    return known


_UNSUPPORTED_NODE = re.compile(r"^node '.*': (\S+) \(domain ([^,]*),")


def error_line(stderr):
    """tx8c's error in one line: the first line holding `error` (a list of
    unsupported operators folded into it: `N unsupported operators: And,
    IsNaN x2`), else the last non-empty line."""
    lines = [l.strip() for l in stderr.splitlines() if l.strip()]
    for i, l in enumerate(lines):
        if "error" in l or "panicked" in l:
            if l.endswith(":"):
                ops = collections.Counter()
                for nxt in lines[i + 1:]:
                    m = _UNSUPPORTED_NODE.match(nxt)
                    if not m:
                        break
                    ops[m.group(1) if m.group(2) in ("ai.onnx", "") else f"{m.group(2)}.{m.group(1)}"] += 1
                if ops:
                    l += " " + ", ".join(op + (f" x{n}" if n > 1 else "") for op, n in sorted(ops.items()))
                elif i + 1 < len(lines):
                    l += " " + lines[i + 1]  # the reason is on the next line
            return l
    return lines[-1] if lines else ""


def unsupported_ops(err):
    """The operators of an `unsupported operators:` error (empty otherwise)."""
    m = re.search(r"unsupported operators?: (.*)$", err)
    if not m:
        return []
    return [re.sub(r" x\d+$", "", op.strip()) for op in m.group(1).split(",") if op.strip()]


FLOOR_SCRIPT = os.path.join(REPO, "tests", "tx8", "emulate_low_precision.py")
# Realisations of each bf16 floor (`floor_outputs`): 1-D weights rounded
# and in fp32; the worse is what a correct pipeline may reach.
FLOOR_REALISATIONS = 2
sys.path.insert(0, os.path.dirname(FLOOR_SCRIPT))  # imported by write_floor, once numpy is known to be there


def write_floor(check, runs_dir):
    """Writes the check's floor (see the module doc) and returns its path,
    or None with the reason when there is none: fp32, StableHLO input, or
    onnxruntime failing on the rounded model (then the fixed thresholds
    apply, which is stricter, and the reason goes to the check's stderr)."""
    if check.dtype == "fp32" or not check.model.endswith(".onnx"):
        return None, ""
    try:
        import numpy as np
        from emulate_low_precision import floor_outputs
        with np.load(check.inputs) as inputs:
            outputs = floor_outputs(check.model, dict(inputs.items()), check.dtype,
                                    realisations=FLOOR_REALISATIONS)
    except Exception as e:  # noqa: BLE001 - any failure means "no floor", reported
        return None, f"[floor] no {check.dtype} floor: {type(e).__name__}: {e}\n"
    path = os.path.join(runs_dir, ".floors", f"{check.name}.{check.dtype}.npz")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    np.savez(path, **outputs)
    return path, ""


def execute(check, runs_dir, tx8c, timeout):
    start = time.monotonic()
    out_dir = os.path.join(runs_dir, f"{check.name}.{check.dtype}")
    shutil.rmtree(out_dir, ignore_errors=True)  # no figures left from an earlier run
    cmd = [tx8c, check.model, "-o", out_dir, "--run", "--inputs", check.inputs, "--compare", check.ref, "-q",
           "--dtype", check.dtype]
    floor, floor_note = write_floor(check, runs_dir)
    if floor:
        cmd += ["--compare-floor", floor]
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout)
        code = p.returncode
        stderr = p.stderr.decode("utf-8", "replace")
        out = p.stdout.decode("utf-8", "replace")
        if out.strip():
            stderr += "\n[stdout]\n" + out
    except subprocess.TimeoutExpired as e:
        code, stderr = None, (e.stderr or b"").decode("utf-8", "replace")
    stderr = floor_note + stderr
    if code is None:
        why, err = f"timed out after {timeout} s", f"timeout ({timeout} s)"
    elif code == 101 or "panicked" in stderr:
        why, err = f"tx8c panicked (exit {code})", error_line(stderr) or "panic"
    elif code < 0:
        why, err = f"tx8c killed by signal {-code}", f"signal {-code}"
    elif code != 0:
        why, err = f"exit {code}", error_line(stderr)
    else:
        why, err = "", ""
    return Outcome(check, not why, why, err, stderr, time.monotonic() - start, out_dir)


OUTCOME_FILE = "outcome.json"


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def cmodel_library(tx8_run):
    """The libtx8_cmodel.so tx8-run links a program against: $TX8_LIB_DIR's,
    else the newest one next to tx8-run (its own rule)."""
    if os.environ.get("TX8_LIB_DIR"):
        dirs = [os.environ["TX8_LIB_DIR"]]
    else:
        d = os.path.dirname(os.path.abspath(tx8_run))
        dirs = [d, os.path.join(d, "deps"), os.path.join(d, "..")]
    libs = [os.path.join(d, "libtx8_cmodel.so") for d in dirs]
    libs = [l for l in libs if os.path.exists(l)]
    return max(libs, key=os.path.getmtime) if libs else None


def tools_identity(tx8c):
    """What decides a check's result besides its model: the compiler, the
    C model's runner (tx8-run beside it, or $TX8_RUN), its library and the
    script that computes the bf16 floors."""
    run = os.environ.get("TX8_RUN") or os.path.join(os.path.dirname(os.path.abspath(tx8c)), "tx8-run")
    lib = cmodel_library(run)
    return {"tx8c": sha256(tx8c), "tx8-run": sha256(run) if os.path.exists(run) else None,
            "libtx8_cmodel.so": sha256(lib) if lib else None, "floor": [sha256(FLOOR_SCRIPT), FLOOR_REALISATIONS]}


def check_identity(check, tools):
    files = {}
    for path in (check.model, check.inputs, check.ref):
        st = os.stat(path)
        files[os.path.basename(path)] = [st.st_size, st.st_mtime_ns]
    return {"tools": tools, "files": files, "dtype": check.dtype}


def save_outcome(o, identity):
    record = {"identity": identity, "ok": o.ok, "why": o.why, "error": o.error,
              "stderr": o.stderr[-20000:], "seconds": o.seconds}
    os.makedirs(o.run_dir, exist_ok=True)
    with open(os.path.join(o.run_dir, OUTCOME_FILE), "w") as f:
        json.dump(record, f)


def saved_outcome(check, runs_dir, identity):
    """The outcome an earlier run recorded for this very check, or None."""
    run_dir = os.path.join(runs_dir, f"{check.name}.{check.dtype}")
    record = read_json(os.path.join(run_dir, OUTCOME_FILE))
    if not record or record.get("identity") != identity:
        return None
    # A timeout or a kill says as much about the machine's load as about
    # the check: run it again.
    if record["why"].startswith(("timed out", "tx8c killed")):
        return None
    return Outcome(check, record["ok"], record["why"], record["error"], record["stderr"], record["seconds"], run_dir)


# Files a pruned run directory keeps whatever their size: the table's figures.
KEPT_NAMES = ("run.json", "compare.json", "outcome.json")
# Anything else up to this size stays too (the reports, a small main.c); a
# full-size model's trace.json and weights images are far larger.
KEPT_BYTES = 1 << 20


def prune(run_dir):
    """Deletes a run directory's large files, keeping what the table reads."""
    for root, _dirs, files in os.walk(run_dir):
        for name in files:
            path = os.path.join(root, name)
            try:
                if name not in KEPT_NAMES and os.path.getsize(path) > KEPT_BYTES:
                    os.remove(path)
            except OSError:
                pass


def tail(text, lines):
    rows = text.rstrip("\n").splitlines()
    if len(rows) > lines:
        rows = [f"... ({len(rows) - lines} lines above)"] + rows[-lines:]
    return "\n".join("    " + r for r in rows)


def read_json(path):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def figures(run_dir):
    """(compile s, cycles, roofline fraction, min cosine, min SQNR) or None each."""
    run = read_json(os.path.join(run_dir, "run.json")) or {}
    cmp = read_json(os.path.join(run_dir, "compare.json")) or {}
    outs = cmp.get("outputs") or []
    cos = [o["cosine"] for o in outs if isinstance(o.get("cosine"), (int, float))]
    sqnr = [o["sqnr"] for o in outs if isinstance(o.get("sqnr"), (int, float))]
    return (run.get("compile_seconds"), run.get("simulated_cycles"), run.get("fraction_of_roofline"),
            min(cos) if cos else None, min(sqnr) if sqnr else None)


def floor_decided(run_dir):
    """The lowest floor SQNR among the outputs the dtype's floor decided
    (tx8c's rule `dtype_floor`), or None."""
    outs = (read_json(os.path.join(run_dir, "compare.json")) or {}).get("outputs") or []
    floors = [o["floor"]["sqnr"] for o in outs if o.get("rule") == "dtype_floor"]
    return min(floors) if floors else None


def fmt(value, kind):
    if value is None:
        return "-"
    if kind == "s":
        return f"{value:.2f}"
    if kind == "cycles":
        return f"{value:,.0f}"
    if kind == "pct":
        return f"{100 * value:.1f}%"
    if kind == "cos":
        return f"{value:.5f}"
    if kind == "db":
        return "inf" if value == float("inf") else f"{value:.1f}"
    return str(value)


def cell(text):
    text = text.replace("|", "\\|").replace("\n", " ")
    return text if len(text) <= CELL_CHARS else text[: CELL_CHARS - 3] + "..."


def short_error(err, check):
    """tx8c's error line without the model's path and source location."""
    err = err.replace(check.model, "MODEL")
    err = re.sub(r"^(tx8c: )?(error: )?", "", err)
    err = re.sub(r"^MODEL(:\d+:\d+)?: (error: )?", "", err)
    return err


def group_key(err):
    """The error with node names, counts and shapes blurred, to group checks
    by cause (operator and op names are kept)."""
    g = re.sub(r"node '[^']*'", "node '…'", err)
    g = re.sub(r"^\d+ unsupported operators", "N unsupported operators", g)
    g = re.sub(r" x\d+(?=,|$)", "", g)
    g = re.sub(r"tensor<[^>]*>", "tensor<…>", g)
    g = re.sub(r"%[\w#]+", "%…", g)
    g = re.sub(r"^compare (\S+): cosine [^:]*: FAIL", r"compare \1: FAIL", g)
    return g


def table(entries, outcomes, dtypes, known):
    head = ["model", "exporter", "opset", "nodes"]
    for dt in dtypes:
        head += [dt, "compile s", "cycles", "roofline", "min cos", "min SQNR"]
    head.append("error")
    rows = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for e in entries:
        row = [e["name"], e.get("exporter", "-"), fmt(e.get("opset"), ""), fmt(e.get("nodes"), "")]
        errors = []
        per_dtype = {}
        if not e.get("exported"):
            row += ["not exported", "-", "-", "-", "-", "-"] * len(dtypes)
            errors.append(e.get("error") or e.get("skipped") or "")
        elif not e.get("reference"):
            row += ["no reference", "-", "-", "-", "-", "-"] * len(dtypes)
            errors.append(e.get("error") or "")
        else:
            for dt in dtypes:
                o = outcomes.get(f"{e['name']} {dt}")
                if o is None:
                    row += ["not run", "-", "-", "-", "-", "-"]
                    continue
                listed = o.check.key in known
                status = ("XPASS" if listed else "pass") if o.ok else ("known" if listed else "FAIL")
                floor = floor_decided(o.run_dir)
                if floor is not None:
                    status += f" (floor {floor:.1f} dB)"
                c, cyc, roof, cos, sq = figures(o.run_dir)
                row += [status, fmt(c, "s"), fmt(cyc, "cycles"), fmt(roof, "pct"), fmt(cos, "cos"), fmt(sq, "db")]
                if not o.ok:
                    per_dtype[dt] = short_error(o.error, o.check)
        if len(set(per_dtype.values())) == 1:
            errors.append(next(iter(per_dtype.values())))
        else:
            errors += [f"{dt}: {msg}" for dt, msg in per_dtype.items()]
        row.append(cell("; ".join(errors)))
        rows.append("| " + " | ".join(row) + " |")
    return "\n".join(rows)


KNOWN_HEADER = """\
# Zoo checks of tests/zoo/run_zoo.py expected to fail today: `NAME DTYPE  # reason`.
# DTYPE is bf16 or fp32; the reason quotes tx8c's error. A listed check still
# runs: failing it counts as skipped, passing it is an XPASS that fails the
# run (remove the line then), and a line naming no check is STALE.
# `run_zoo.py --update-known-failures` rewrites this list from a run.
"""


def write_known_failures(path, known, outcomes):
    header = KNOWN_HEADER
    if os.path.exists(path):
        with open(path) as f:
            lines = f.read().splitlines()
        top = []
        for l in lines:
            if l.startswith("#") or not l.strip():
                top.append(l)
            else:
                break
        if top:
            header = "\n".join(top).rstrip("\n") + "\n"
    rows = []
    for key, o in outcomes.items():
        if o.ok:
            continue
        quoted = short_error(o.error, o.check)
        if "error" in o.error and not o.error.startswith("tx8c: compare"):
            quoted = "error: " + quoted
        reason = known.get(key) or ("tx8c: " + quoted)
        rows.append((key, reason))
    width = max((len(k) for k, _ in rows), default=0)
    with open(path, "w") as f:
        f.write(header + "\n")
        for key, reason in sorted(rows):
            f.write(f"{key.ljust(width)}  # {reason}\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--models", default=os.path.join(HERE, "models"), help="export_zoo.py's output directory")
    ap.add_argument("--runs", default=os.path.join(REPO, "target", "zoo-runs"),
                    help="tx8c's output directories, one per check (default target/zoo-runs)")
    ap.add_argument("--tx8c", default=os.path.join(os.environ.get("STRATA_BIN_DIR", os.path.join(REPO, "target", "release")), "tx8c"))
    ap.add_argument("--only", action="append", default=[], help="shell glob on model names (repeatable)")
    ap.add_argument("--dtype", action="append", choices=DTYPES, help="only these dtypes (default both)")
    ap.add_argument("-j", "--jobs", type=int, default=2)
    ap.add_argument("--timeout", type=int, default=DEFAULT_TIMEOUT_S, help="seconds per tx8c run")
    ap.add_argument("--known-failures", default=os.path.join(HERE, "known-failures.txt"))
    ap.add_argument("--prune", action="store_true",
                    help="delete a passing check's large output files once its figures are read")
    ap.add_argument("--resume", action="store_true",
                    help="report a check from its outcome.json when the tools and model files are those it ran with")
    ap.add_argument("--update-known-failures", action="store_true",
                    help="rewrite the known-failures file from this run: listed checks that still fail keep their "
                         "reason, new failures get tx8c's error line, passing and stale lines go (whole runs only)")
    args = ap.parse_args()

    if not os.access(args.tx8c, os.X_OK):
        sys.exit(f"run_zoo: no tx8c at {args.tx8c} (cargo build --release -p tx8c -p tx8-cmodel)")
    manifest = read_json(os.path.join(args.models, "manifest.json"))
    if manifest is None:
        sys.exit(f"run_zoo: no manifest.json in {args.models} (run export_zoo.py)")
    dtypes = tuple(args.dtype) if args.dtype else DTYPES
    entries = [e for e in manifest["models"]
               if not args.only or any(fnmatch.fnmatchcase(e["name"], g) for g in args.only)]
    if not entries:
        sys.exit("run_zoo: no model matches")
    checks = [c for e in entries for c in checks_for(e, args.models, dtypes)]
    checks.sort(key=lambda c: -c.weight)

    known = read_known_failures(args.known_failures)
    os.makedirs(args.runs, exist_ok=True)
    start = time.monotonic()
    outcomes = {}
    table_path = os.path.join(args.runs, "table.md")
    tools = tools_identity(args.tx8c)
    identities = {c.key: check_identity(c, tools) for c in checks}
    resumed = 0
    if args.resume:
        for c in checks:
            o = saved_outcome(c, args.runs, identities[c.key])
            if o is not None:
                outcomes[c.key] = o
        resumed = len(outcomes)
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futures = [pool.submit(execute, c, args.runs, args.tx8c, args.timeout) for c in checks
                   if c.key not in outcomes]
        for done in concurrent.futures.as_completed(futures):
            o = done.result()
            outcomes[o.check.key] = o
            save_outcome(o, identities[o.check.key])
            if args.prune and o.ok:
                prune(o.run_dir)
            with open(table_path, "w") as f:
                f.write(table(entries, outcomes, dtypes, known) + "\n")

    passed, failed, skipped = 0, 0, 0
    failures = []
    for key in sorted(outcomes):
        o = outcomes[key]
        reason = known.get(key)
        if o.ok and reason is None:
            passed += 1
        elif o.ok:
            failed += 1
            failures.append(f"XPASS {key}: passes but is listed in {os.path.relpath(args.known_failures)} ({reason})")
        elif reason is not None:
            skipped += 1
        else:
            failed += 1
            failures.append(f"FAIL {key}: {o.why} ({o.seconds:.1f} s)\n{tail(o.stderr, STDERR_TAIL_LINES)}")
    filtered = bool(args.only or args.dtype)
    for k in sorted(known):
        if k not in outcomes and not filtered:
            failed += 1
            failures.append(f"STALE {k}: listed in known-failures but no such check")

    for f in failures:
        print(f)
    if args.update_known_failures:
        if filtered:
            sys.exit("run_zoo: --update-known-failures needs a run of every model and dtype")
        write_known_failures(args.known_failures, known, outcomes)
    text = table(entries, outcomes, dtypes, known)
    with open(table_path, "w") as f:
        f.write(text + "\n")
    print()
    print(text)

    groups = collections.defaultdict(list)
    for key, o in sorted(outcomes.items()):
        if not o.ok:
            groups[group_key(short_error(o.error, o.check))].append(key)
    if groups:
        print()
        print("Failing checks by tx8c error:")
        for g, keys in sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0])):
            models = sorted({k.split()[0] for k in keys})
            print(f"- {len(keys)} checks, {len(models)} models: {g}")
            print(f"    {', '.join(keys)}")
    needs = collections.defaultdict(set)
    for key, o in outcomes.items():
        if not o.ok:
            for op in unsupported_ops(short_error(o.error, o.check)):
                needs[op].add(key.split()[0])
    if needs:
        print()
        print("Unsupported operators, by the number of models needing them:")
        for op, models in sorted(needs.items(), key=lambda kv: (-len(kv[1]), kv[0])):
            print(f"- {op}: {len(models)} models ({', '.join(sorted(models))})")
    print()
    not_exported = sum(1 for e in entries if not e.get("exported"))
    print(f"run_zoo: {len(checks)} checks of {len(entries)} models ({not_exported} not exported) in "
          f"{time.monotonic() - start:.0f} s with {args.jobs} jobs ({resumed} from earlier runs); "
          f"{skipped} known failures skipped")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
