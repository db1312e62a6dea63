#!/usr/bin/env python3
"""Issue 15's end-to-end check of toyc's LLVM lowering, for every bundled
Toy example (examples/toy/*.toy and the tests/toy/ch6, ch7 programs):

  * `toyc -emit=llvm` output, run by LLVM 22's `lli`, prints exactly what
    `toyc -emit=jit` (the interpreter) prints;
  * `toyc -emit=mlir-llvm` output is re-printed identically by `mlir-opt`
    and accepted by `mlir-translate --mlir-to-llvmir`;

and, for the seeded random programs of tests/tools/gen-random-ir.py and
gen-random-affine.py (beyond Toy: calls, branches, switches, several
results, dynamic memrefs), `strata-opt` lowers them through the whole
pipeline to the llvm dialect and `llc` accepts `strata-translate`'s LLVM IR.

Usage: run-llvm.py [--bin-dir DIR] [--llvm-bin-dir DIR]; exits non-zero on
any mismatch, listing each failure.
"""
import argparse
import glob
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def run(cmd, stdin=None):
    return subprocess.run(cmd, input=stdin, capture_output=True, timeout=120)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin-dir", default=os.environ.get("STRATA_BIN_DIR", os.path.join(ROOT, "target", "release")))
    ap.add_argument("--llvm-bin-dir", default=os.environ.get("LLVM_BIN_DIR", "/usr/lib/llvm-22/bin"))
    args = ap.parse_args()
    toyc = os.path.join(args.bin_dir, "toyc")
    lli = os.path.join(args.llvm_bin_dir, "lli")
    mlir_opt = os.path.join(args.llvm_bin_dir, "mlir-opt")
    mlir_translate = os.path.join(args.llvm_bin_dir, "mlir-translate")
    programs = sorted(glob.glob(os.path.join(ROOT, "examples", "toy", "*.toy")))
    for ch in ("ch6", "ch7"):
        programs += sorted(glob.glob(os.path.join(ROOT, "tests", "toy", ch, "*.toy")))
    failures = []
    checked = 0
    for prog in programs:
        name = os.path.relpath(prog, ROOT)
        jit = run([toyc, prog, "-emit=jit"])
        if jit.returncode != 0:
            # Programs the tutorial's toyc rejects (error tests) are skipped.
            continue
        llvm = run([toyc, prog, "-emit=llvm"])
        if llvm.returncode != 0:
            failures.append(f"{name}: toyc -emit=llvm failed: {llvm.stderr.decode(errors='replace')[:400]}")
            continue
        with tempfile.NamedTemporaryFile("wb", suffix=".ll", delete=False) as f:
            f.write(llvm.stderr)
            ll = f.name
        ran = run([lli, ll])
        os.unlink(ll)
        # `main` returns void, as in the tutorial, so lli's exit status is
        # whatever the register held: only a crash (a signal) counts.
        if ran.returncode < 0 or ran.stdout != jit.stdout:
            failures.append(f"{name}: lli output differs from -emit=jit (lli exit {ran.returncode})\n  lli: {ran.stdout[:200]!r}\n  jit: {jit.stdout[:200]!r}")
        mlir = run([toyc, prog, "-emit=mlir-llvm"])
        if mlir.returncode != 0:
            failures.append(f"{name}: toyc -emit=mlir-llvm failed")
            continue
        text = mlir.stderr
        reprinted = run([mlir_opt], stdin=text)
        if reprinted.returncode != 0 or reprinted.stdout.rstrip() != text.rstrip():
            failures.append(f"{name}: mlir-opt does not re-print -emit=mlir-llvm output identically: {reprinted.stderr.decode(errors='replace')[:300]}")
        translated = run([mlir_translate, "--mlir-to-llvmir"], stdin=text)
        if translated.returncode != 0:
            failures.append(f"{name}: mlir-translate rejects -emit=mlir-llvm output: {translated.stderr.decode(errors='replace')[:300]}")
        checked += 1
    strata_opt = os.path.join(args.bin_dir, "strata-opt")
    strata_translate = os.path.join(args.bin_dir, "strata-translate")
    llc = os.path.join(args.llvm_bin_dir, "llc")
    pipeline = ["-lower-affine", "-convert-scf-to-cf", "-canonicalize", "-convert-arith-to-llvm",
                "-finalize-memref-to-llvm", "-convert-cf-to-llvm", "-convert-func-to-llvm",
                "-reconcile-unrealized-casts"]
    generators = [("gen-random-ir.py", 60), ("gen-random-affine.py", 20)]
    for gen, seeds in generators:
        for seed in range(1, seeds + 1):
            name = f"{gen} --seed {seed}"
            src = run([sys.executable, os.path.join(ROOT, "tests", "tools", gen), "--seed", str(seed)])
            if src.returncode != 0:
                failures.append(f"{name}: generator failed")
                continue
            lowered = run([strata_opt] + pipeline + ["-"], stdin=src.stdout)
            if lowered.returncode != 0:
                failures.append(f"{name}: strata-opt failed: {lowered.stderr.decode(errors='replace')[:300]}")
                continue
            ir = run([strata_translate, "--mlir-to-llvmir", "-"], stdin=lowered.stdout)
            if ir.returncode != 0:
                failures.append(f"{name}: strata-translate failed: {ir.stderr.decode(errors='replace')[:300]}")
                continue
            compiled = run([llc, "-o", os.devnull], stdin=ir.stdout)
            if compiled.returncode != 0:
                failures.append(f"{name}: llc rejects the LLVM IR: {compiled.stderr.decode(errors='replace')[:300]}")
            checked += 1
    for f in failures:
        print("FAIL", f)
    print(f"run-llvm: {checked} programs checked, {len(failures)} failures")
    return 1 if failures or checked == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
