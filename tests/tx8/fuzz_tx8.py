#!/usr/bin/env python3
"""A time-bounded fuzz campaign of tx8c and tx8-run on mutated real inputs.

Not a test of the suite (it runs for minutes and its verdicts are recorded
in fuzz/README.md); tests/tx8/mutate_models.py is the bounded check CI runs.
Round robin until --minutes are up, each case with a seed of its own:

- onnx: a zoo or example model (at most --max-bytes), mutated as
  mutate_models.py does (bytes, truncation, graph structure), run with
  `tx8c MODEL -o DIR -q --run` so the C model runs whatever compiles;
- stablehlo: a StableHLO text file (the zoo's JAX exports, tests/stablehlo)
  mutated at the token level (a number replaced by 0, -1, a huge or a
  random value, a type's element type or a dim changed, a line dropped,
  duplicated or swapped with the next, an op name swapped for another of
  the file, the text cut short), run the same way;
- c: a main.c that tx8c wrote for a small model, mutated (an integer
  literal replaced, a line dropped or duplicated, an `exit(0);` or a
  `return;` put at the start of a line of tile_main), run by tx8-run with
  the model's weights, inputs and outputs.

A case fails when the tool panics (exit 101 or "panicked"), dies of a
signal, hangs past --timeout, exits non-zero without a message, or exits 0
without its results (tx8c: run.json and outputs.npz; tx8-run: report.json
and every --output file). A failing case's input is kept under --keep.

    python3 tests/tx8/fuzz_tx8.py --minutes 10
    python3 tests/tx8/fuzz_tx8.py --minutes 1 --targets c --keep /tmp/fuzz

The last line is `N passed, N failed`; exit 1 when anything failed.
"""

import argparse
import glob
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)

from modelgen.tx8c_tool import tx8c_binary  # noqa: E402
from mutate_models import mutate as mutate_onnx  # noqa: E402

TARGETS = ("onnx", "stablehlo", "c")
HUGE_NUMBERS = ("0", "-1", "1099511627779", "2147483648", "-2147483649", "65536", "3")


def verdict(p, timeout_hit, timeout):
    """None when the tool behaved so far (its exit and message), else why not."""
    if timeout_hit:
        return f"timed out after {timeout} s"
    err = p.stderr
    if p.returncode == 101 or "panicked" in err:
        return "panicked: " + err.strip()[-800:]
    if p.returncode < 0:
        return f"killed by signal {-p.returncode}: " + err.strip()[-400:]
    if p.returncode != 0 and not err.strip():
        return f"exit {p.returncode} without a message"
    return None


def run(cmd, timeout):
    try:
        return subprocess.run(cmd, capture_output=True, text=True, errors="replace", timeout=timeout), False
    except subprocess.TimeoutExpired:
        return None, True


# -- StableHLO text mutations --------------------------------------------

NUMBER = re.compile(r"(?<![\w.#%@])-?\d+(\.\d+)?(e[-+]?\d+)?(?![\w.])")
ELEMENT = re.compile(r"\b(f32|f16|bf16|i64|i32|i1|f64)\b")
DIMS = re.compile(r"tensor<((\d+x)+)")
OPNAME = re.compile(r"\b(stablehlo|chlo|func)\.[a-z_]+\b")


def mutate_text(text, rng):
    lines = text.split("\n")
    kind = rng.choice(["number", "element", "dim", "drop", "dup", "swap", "opname", "cut"])
    if kind == "number" and NUMBER.search(text):
        ms = list(NUMBER.finditer(text))
        m = rng.choice(ms)
        new = rng.choice(HUGE_NUMBERS + (str(rng.randint(-9, 99)),))
        return text[: m.start()] + new + text[m.end():], f"number {m.group(0)!r} at {m.start()} -> {new}"
    if kind == "element" and ELEMENT.search(text):
        m = rng.choice(list(ELEMENT.finditer(text)))
        new = rng.choice(["f32", "f16", "bf16", "i64", "i32", "i1", "f64", "ui8", "complex<f32>"])
        return text[: m.start()] + new + text[m.end():], f"element type {m.group(0)} at {m.start()} -> {new}"
    if kind == "dim" and DIMS.search(text):
        m = rng.choice(list(DIMS.finditer(text)))
        dims = m.group(1).rstrip("x").split("x")
        k = rng.randrange(len(dims))
        dims[k] = rng.choice(["0", "1", "?", "7", "1048576"])
        new = "tensor<" + "x".join(dims) + "x"
        return text[: m.start()] + new + text[m.end():], f"dims {m.group(0)} -> {new}"
    if kind == "opname" and OPNAME.search(text):
        names = sorted({m.group(0) for m in OPNAME.finditer(text)})
        m = rng.choice(list(OPNAME.finditer(text)))
        new = rng.choice(names)
        return text[: m.start()] + new + text[m.end():], f"op {m.group(0)} -> {new}"
    if kind == "cut":
        n = rng.randrange(len(text) + 1)
        return text[:n], f"cut at {n} of {len(text)}"
    if len(lines) < 2:
        return text + "\n}", "a brace added"
    i = rng.randrange(len(lines) - 1)
    if kind == "dup":
        return "\n".join(lines[: i + 1] + [lines[i]] + lines[i + 1:]), f"line {i + 1} duplicated"
    if kind == "swap":
        lines[i], lines[i + 1] = lines[i + 1], lines[i]
        return "\n".join(lines), f"lines {i + 1} and {i + 2} swapped"
    return "\n".join(lines[:i] + lines[i + 1:]), f"line {i + 1} dropped"


# -- C program mutations ---------------------------------------------------

C_INT = re.compile(r"(?<![\w.])\d+(?![\w.])")


def mutate_c(text, rng):
    lines = text.split("\n")
    body = [i for i, l in enumerate(lines) if l.startswith("    ") and l.strip().endswith(";")]
    kind = rng.choice(["int", "int", "int", "drop", "dup", "exit", "return"])
    if kind == "int":
        ms = list(C_INT.finditer(text))
        if ms:
            m = rng.choice(ms)
            new = rng.choice(HUGE_NUMBERS + (str(rng.randint(0, 4096)),))
            line = text.count("\n", 0, m.start()) + 1
            return text[: m.start()] + new + text[m.end():], f"line {line}: {m.group(0)} -> {new}"
    if not body:
        return text[: len(text) // 2], "cut in half"
    i = rng.choice(body)
    if kind == "drop":
        return "\n".join(lines[:i] + lines[i + 1:]), f"line {i + 1} dropped"
    if kind == "dup":
        return "\n".join(lines[: i + 1] + [lines[i]] + lines[i + 1:]), f"line {i + 1} duplicated"
    stmt = "exit(0);" if kind == "exit" else "return;"
    return "\n".join(lines[:i] + ["    " + stmt] + lines[i:]), f"`{stmt}` before line {i + 1}"


class CProgram:
    """A main.c tx8c wrote, with the tx8-run arguments that feed it."""

    def __init__(self, out_dir):
        self.main_c = os.path.join(out_dir, "main.c")
        with open(self.main_c) as f:
            self.text = f.read()
        with open(os.path.join(out_dir, "model.json")) as f:
            info = json.load(f)
        run_dir = os.path.join(out_dir, "run")
        self.args = ["--input", f"weights={os.path.join(out_dir, info['weights']['file'])}@{info['weights']['ddr_addr']:#x}"]
        for i, t in enumerate(info["inputs"]):
            self.args += ["--input", f"input_{i}={os.path.join(run_dir, f'input_{i}.bin')}@{t['ddr_addr']:#x}"]
        self.outputs = [f"output_{i}" for i in range(len(info["outputs"]))]
        for i, t in enumerate(info["outputs"]):
            self.args += ["--output", f"output_{i}={t['ddr_addr']:#x}:{t['bytes']}"]


def prepare_c_programs(tx8c, models, work, timeout):
    progs = []
    for k, m in enumerate(models):
        d = os.path.join(work, f"c-seed-{k}")
        p, hung = run([tx8c, m, "-o", d, "-q", "--run", "--force"], timeout)
        if not hung and p.returncode == 0:
            progs.append(CProgram(d))
    return progs


def corpus(max_bytes):
    onnx_models = [p for p in sorted(glob.glob(os.path.join(REPO, "tests/zoo/models/*/model.onnx"))
                                     + glob.glob(os.path.join(REPO, "examples/onnx/*/model.onnx")))
                   if os.path.getsize(p) <= max_bytes and not os.path.exists(p + ".data")]
    hlo = sorted(glob.glob(os.path.join(REPO, "tests/zoo/models/*/model.mlir"))
                 + glob.glob(os.path.join(REPO, "tests/stablehlo/*.mlir")))
    return onnx_models, hlo


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--minutes", type=float, default=10.0)
    ap.add_argument("--targets", default=",".join(TARGETS), help="comma list of onnx, stablehlo, c")
    ap.add_argument("--max-bytes", type=int, default=1 << 20, help="largest ONNX model mutated (default 1 MB)")
    ap.add_argument("--timeout", type=int, default=120, help="seconds per run")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--keep", help="where failing inputs are kept (default: a temporary directory)")
    args = ap.parse_args()
    targets = [t for t in args.targets.split(",") if t]
    if any(t not in TARGETS for t in targets):
        sys.exit(f"fuzz_tx8: --targets takes {', '.join(TARGETS)}")
    tx8c = tx8c_binary()
    tx8run = os.path.join(os.path.dirname(tx8c), "tx8-run")
    for b in (tx8c, tx8run):
        if not os.path.exists(b):
            sys.exit(f"fuzz_tx8: {b} not found (cargo build --release -p tx8c -p tx8-cmodel, or set STRATA_BIN_DIR)")
    work = tempfile.mkdtemp(prefix="tx8-fuzz-")
    keep = args.keep or os.path.join(work, "failures")
    os.makedirs(keep, exist_ok=True)
    onnx_models, hlo = corpus(args.max_bytes)
    c_progs = []
    if "c" in targets:
        seeds = [m for m in onnx_models if os.path.getsize(m) <= 256 << 10][:6]
        c_progs = prepare_c_programs(tx8c, seeds, work, args.timeout)
    pools = {"onnx": onnx_models, "stablehlo": hlo, "c": c_progs}
    targets = [t for t in targets if pools[t]]
    if not targets:
        sys.exit("fuzz_tx8: nothing to mutate")
    rng = random.Random(args.seed)
    deadline = time.monotonic() + args.minutes * 60
    counts = {t: [0, 0, 0] for t in targets}  # runs, failures, exits 0 with results
    failures = []
    case = 0
    while time.monotonic() < deadline:
        target = targets[case % len(targets)]
        seed = rng.randrange(1 << 62)
        case_rng = random.Random(seed)
        source = case_rng.choice(pools[target])
        d = os.path.join(work, f"case-{case}")
        os.makedirs(d)
        if target == "c":
            text, what = mutate_c(source.text, case_rng)
            path = os.path.join(d, "main.c")
            with open(path, "w") as f:
                f.write(text)
            out = os.path.join(d, "out")
            p, hung = run([tx8run, path, *source.args, "--out-dir", out], args.timeout)
            why = verdict(p, hung, args.timeout)
            if why is None and p.returncode == 0:
                missing = [n for n in ["report.json"] + [o + ".bin" for o in source.outputs]
                           if not os.path.exists(os.path.join(out, n))]
                if missing:
                    why = f"exit 0 without {', '.join(missing)}"
                else:
                    counts[target][2] += 1
            origin = source.main_c
        else:
            with open(source, "rb") as f:
                data = f.read()
            if target == "onnx":
                try:
                    mutated, what = mutate_onnx(data, seed)
                except Exception as e:  # a mutation onnx itself cannot express
                    mutated, what = data[: len(data) // 2], f"cut in half ({type(e).__name__} mutating)"
                path = os.path.join(d, "model.onnx")
            else:
                text, what = mutate_text(data.decode("utf-8", "replace"), case_rng)
                mutated, path = text.encode(), os.path.join(d, "model.mlir")
            with open(path, "wb") as f:
                f.write(mutated)
            out = os.path.join(d, "out")
            p, hung = run([tx8c, path, "-o", out, "-q", "--run"], args.timeout)
            why = verdict(p, hung, args.timeout)
            if why is None and p.returncode == 0:
                missing = [n for n in ("run.json", "outputs.npz") if not os.path.exists(os.path.join(out, n))]
                if missing:
                    why = f"exit 0 without {', '.join(missing)}"
                else:
                    counts[target][2] += 1
            origin = source
        counts[target][0] += 1
        if why is not None:
            counts[target][1] += 1
            kept = os.path.join(keep, f"case-{case}-{os.path.basename(path)}")
            shutil.copy(path, kept)
            failures.append(f"FAIL {target} case {case} (seed {seed}, {os.path.relpath(origin, REPO)}: {what}): {why}\n"
                            f"  (input kept in {kept})")
            print(failures[-1], flush=True)
        shutil.rmtree(d, ignore_errors=True)
        case += 1
    for t in targets:
        runs, failed, ok = counts[t]
        print(f"fuzz_tx8: {t}: {runs} runs over {len(pools[t])} seeds, {ok} exited 0 with results, "
              f"{runs - failed - ok} refused with a message, {failed} failed")
    if not failures and not args.keep:
        shutil.rmtree(work, ignore_errors=True)
    passed = sum(c[0] - c[1] for c in counts.values())
    print(f"{passed} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
