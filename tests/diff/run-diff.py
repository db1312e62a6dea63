#!/usr/bin/env python3
"""Differential test of strata-opt's passes against mlir-opt.

For every input -- the programs of tests/tools/gen-random-ir.py for seeds
1..N (`gen:N`), those of tests/tools/gen-random-affine.py (affine.apply chains
feeding affine.load/store in loops) for seeds 1..M (`affine:M`), those of
tests/tools/gen-random-scf.py (nested scf.for/if/while) for seeds 1..K
(`scf:K`), those of tests/tools/gen-random-llvm.py (llvm-dialect block graphs
with memory, aggregates and calls) for seeds 1..L (`llvm:L`), the affine
generator's semi-affine programs (`semi-affine:S`), those of
tests/tools/gen-random-tensor.py (chains of the core tensor ops) for seeds
1..T (`tensor:T`), plus every
tests/diff/inputs/*.mlir -- and every pass set below, run

    mlir-opt   <passes> F        and        strata-opt <passes> F

and compare the outputs: equal bytes pass at once; otherwise both outputs are
re-printed by `mlir-opt --mlir-print-op-generic` and must then be equal (so
naming and pretty-printing differences that do not change the IR are
forgiven, while any difference in ops, attributes, types or order is not).
If mlir-opt cannot read back its own pretty output (it prints a negative
cf.switch case on i64 as an unsigned number it then rejects), both tools'
direct --mlir-print-op-generic outputs are compared instead.
A strata-opt failure (non-zero exit, timeout) is a failure; so is an input
the reference itself rejects (a corpus bug).

    run-diff.py                       # the whole suite (as CI runs it)
    run-diff.py --seeds 20 -j 4       # fewer generated inputs, more jobs
    run-diff.py --first-seed 1001 --seeds 200 --no-inputs-dir   # fresh seeds only
    run-diff.py --only gen:17         # one input (all pass sets), verbose
    run-diff.py --only tests/diff/inputs/cse-dominance.mlir --passes=-cse
    run-diff.py --list-pass-sets
    run-diff.py --reference-only      # corpus check: mlir-opt accepts every case

Last line: `N passed, N failed`. Exit 1 if anything failed, 2 on usage or
setup errors. strata-opt is $STRATA_BIN_DIR/strata-opt (default
<repo>/target/release), mlir-opt is $LLVM_BIN_DIR/mlir-opt (default
/usr/lib/llvm-22/bin), as in tests/lit.cfg.py.

An input file may carry `// DIFF-FLAGS: <flags>` (added to every tool call,
e.g. --allow-unregistered-dialect) and `// DIFF-PASS-SETS: <i>,<j>` (run only
these pass sets, by index of --list-pass-sets).
"""
import argparse
import concurrent.futures
import difflib
import importlib.util
import os
import re
import shlex
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))

PASS_SETS = [
    ["-cse"],
    ["-canonicalize"],
    ["-inline"],
    ["-symbol-dce"],
    ["-cse", "-canonicalize"],
    ["-canonicalize", "-cse"],
    ["-inline", "-cse", "-canonicalize", "-symbol-dce"],
    ["--canonicalize=top-down=false"],
    ["--pass-pipeline=builtin.module(func.func(cse,canonicalize))"],
    # Identical-block merging and argument dropping (issue 12 item 8).
    ["--canonicalize=region-simplify=aggressive"],
    # Store-to-load forwarding, dead stores and buffers (issue 12 item 9).
    ["-affine-scalrep"],
    ["-canonicalize", "-affine-scalrep"],
    # Dialect conversions (issue 15): affine -> scf, scf -> cf, and both.
    ["-lower-affine"],
    ["-convert-scf-to-cf"],
    ["-lower-affine", "-convert-scf-to-cf"],
    # Lowering to the llvm dialect (issue 15). Affine inputs are lowered
    # first (their ops cannot take the casts the conversions leave), and
    # canonicalize first removes unreachable blocks, which upstream's
    # drivers leave unconverted (invalid IR for cf and func).
    ["-lower-affine", "-convert-arith-to-llvm"],
    ["-lower-affine", "-finalize-memref-to-llvm"],
    ["-canonicalize", "-convert-cf-to-llvm"],
    ["-canonicalize", "-convert-func-to-llvm"],
    ["-lower-affine", "-convert-scf-to-cf", "-canonicalize", "-convert-arith-to-llvm", "-finalize-memref-to-llvm",
     "-convert-cf-to-llvm", "-convert-func-to-llvm", "-reconcile-unrealized-casts"],
]

# Per tool call; a loaded machine can need more (DIFF_TIMEOUT=seconds).
TIMEOUT = int(os.environ.get("DIFF_TIMEOUT", "60"))


def load_generator(name="gen-random-ir.py"):
    path = os.path.join(REPO, "tests", "tools", name)
    spec = importlib.util.spec_from_file_location(name[:-3].replace("-", "_"), path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


# The seeded generators: input prefix -> (script, its Gen's arguments after
# the seed, the same as command-line flags, the --*-seeds option's default).
GENERATORS = {
    "gen": ("gen-random-ir.py", (2,), " --size 2", 100),
    "affine": ("gen-random-affine.py", (), "", 40),
    "semi-affine": ("gen-random-affine.py", (True,), " --semi-affine", 20),
    "scf": ("gen-random-scf.py", (), "", 40),
    "llvm": ("gen-random-llvm.py", (), "", 30),
    "tensor": ("gen-random-tensor.py", (), "", 40),
}


def seeds_dest(kind):
    return "%s_seeds" % kind.replace("-", "_")


def generated_text(mod, kind, seed):
    script, extra, flags, _ = GENERATORS[kind]
    return "// %s --seed %d%s\n" % (script, seed, flags) + mod.Gen(seed, *extra).program()


def run(cmd, stdin_bytes=None):
    try:
        p = subprocess.run(cmd, input=stdin_bytes, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, timeout=TIMEOUT)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        return 124, b"", b"timeout after %ds" % TIMEOUT
    except OSError as e:
        return 127, b"", str(e).encode()


def header_flags(text):
    flags, sets = [], None
    for line in text.splitlines()[:20]:
        m = re.match(r"\s*//\s*DIFF-FLAGS:(.*)", line)
        if m:
            flags += shlex.split(m.group(1))
        m = re.match(r"\s*//\s*DIFF-PASS-SETS:(.*)", line)
        if m:
            sets = [int(x) for x in m.group(1).replace(",", " ").split()]
    return flags, sets


class Case:
    def __init__(self, name, path, flags, passes, set_index):
        self.name, self.path, self.flags = name, path, flags
        self.passes, self.set_index = passes, set_index

    def label(self):
        return "%s  [%s]" % (self.name, " ".join(self.passes))


def check(case, mlir_opt, strata_opt):
    """Returns (ok, message). message is a short report for failures.
    strata_opt None: check only that the reference accepts the case."""
    argv = case.flags + case.passes + [case.path]
    rc, ref, err = run([mlir_opt] + argv)
    if rc != 0:
        return False, "reference mlir-opt rejects the input (corpus bug):\n" + err.decode(errors="replace")[:2000]
    if strata_opt is None:
        return True, ""
    rc, ours, err = run([strata_opt] + argv)
    if rc != 0:
        return False, "strata-opt exited with %d:\n%s" % (rc, err.decode(errors="replace")[:2000])
    if ours == ref:
        return True, ""
    generic = [mlir_opt, "--mlir-print-op-generic"] + [f for f in case.flags if f == "--allow-unregistered-dialect"] + ["-"]
    rc1, gref, e1 = run(generic, ref)
    rc2, gours, e2 = run(generic, ours)
    how = "after generic re-print"
    if rc1 != 0:
        how = "in direct --mlir-print-op-generic output (mlir-opt cannot re-read its pretty output)"
        # mlir-opt 22 prints some things it cannot read back (cf.switch on
        # i64 with a negative case value prints it as an unsigned 64-bit
        # number, "integer value too large" on re-reading). Compare both
        # tools' own generic output instead.
        rc1, gref, e1 = run([mlir_opt, "--mlir-print-op-generic"] + argv)
        rc2, gours, e2 = run([strata_opt, "--mlir-print-op-generic"] + argv)
        if rc1 != 0:
            return False, "mlir-opt fails with --mlir-print-op-generic:\n" + e1.decode(errors="replace")[:2000]
        if rc2 != 0:
            return False, "strata-opt --mlir-print-op-generic exited with %d:\n%s" % (
                rc2, e2.decode(errors="replace")[:2000])
    if rc2 != 0:
        return False, "mlir-opt rejects strata-opt's output:\n" + e2.decode(errors="replace")[:2000]
    if gours == gref:
        return True, ""
    diff = difflib.unified_diff(gref.decode(errors="replace").splitlines(),
                                gours.decode(errors="replace").splitlines(),
                                "mlir-opt (generic)", "strata-opt (generic)", lineterm="", n=2)
    lines = list(diff)
    more = "\n  ... (%d more diff lines)" % (len(lines) - 40) if len(lines) > 40 else ""
    return False, "outputs differ " + how + ":\n" + "\n".join(lines[:40]) + more


def main():
    ap = argparse.ArgumentParser(description="strata-opt vs mlir-opt on passes",
                                 formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    for kind, (script, _, flags, default) in GENERATORS.items():
        option = "--seeds" if kind == "gen" else "--%s-seeds" % kind
        ap.add_argument(option, type=int, default=default, dest=seeds_dest(kind),
                        help="inputs of tests/tools/%s%s: N seeds from --first-seed (default %d)"
                        % (script, flags, default))
    ap.add_argument("--first-seed", type=int, default=1,
                    help="first seed of every generator (default 1; a larger one gives inputs CI never ran)")
    ap.add_argument("--no-inputs-dir", action="store_true", help="leave out tests/diff/inputs/*.mlir")
    ap.add_argument("--only", help="one input: a .mlir path or KIND:SEED (KIND: %s); implies -v" % ", ".join(GENERATORS))
    ap.add_argument("--passes", action="append",
                    help="run only this pass set, e.g. --passes='-cse -canonicalize' (repeatable)")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("-v", "--verbose", action="store_true", help="print every case")
    ap.add_argument("--show", type=int, default=5, help="diffs shown in full (default 5)")
    ap.add_argument("--keep", metavar="DIR", help="write generated inputs to DIR (kept)")
    ap.add_argument("--list-pass-sets", action="store_true")
    ap.add_argument("--reference-only", action="store_true",
                    help="check the corpus: only run mlir-opt, every case must succeed (no strata-opt needed)")
    a = ap.parse_args()

    if a.list_pass_sets:
        for i, p in enumerate(PASS_SETS):
            print(i, " ".join(p))
        return 0

    llvm_bin = os.environ.get("LLVM_BIN_DIR", "/usr/lib/llvm-22/bin")
    mlir_opt = os.path.join(llvm_bin, "mlir-opt")
    strata_opt = os.path.join(os.path.abspath(os.environ.get(
        "STRATA_BIN_DIR", os.path.join(REPO, "target", "release"))), "strata-opt")
    for tool in (mlir_opt,) if a.reference_only else (mlir_opt, strata_opt):
        if not os.access(tool, os.X_OK):
            print("not found: %s" % tool, file=sys.stderr)
            return 2

    pass_sets = list(enumerate(PASS_SETS))
    if a.passes:
        pass_sets = [(-1, shlex.split(p)) for p in a.passes]

    tmp = a.keep or tempfile.mkdtemp(prefix="strata-diff-")
    os.makedirs(tmp, exist_ok=True)
    generators = {}

    def generated_input(kind, seed):
        if kind not in generators:
            generators[kind] = load_generator(GENERATORS[kind][0])
        path = os.path.join(tmp, "%s-%d.mlir" % (kind, seed))
        with open(path, "w") as fh:
            fh.write(generated_text(generators[kind], kind, seed))
        return path

    inputs = []  # (name, path)
    if a.only:
        a.verbose = True
        kind, _, seed = a.only.partition(":")
        if kind in GENERATORS and seed.isdigit():
            inputs.append((a.only, generated_input(kind, int(seed))))
        else:
            inputs.append((os.path.relpath(a.only, REPO), os.path.abspath(a.only)))
    else:
        for kind in GENERATORS:
            for seed in range(a.first_seed, a.first_seed + getattr(a, seeds_dest(kind))):
                inputs.append(("%s:%d" % (kind, seed), generated_input(kind, seed)))
        indir = os.path.join(HERE, "inputs")
        for f in sorted(os.listdir(indir)) if os.path.isdir(indir) and not a.no_inputs_dir else []:
            if f.endswith(".mlir"):
                inputs.append(("tests/diff/inputs/" + f, os.path.join(indir, f)))

    cases = []
    for name, path in inputs:
        with open(path) as fh:
            flags, only_sets = header_flags(fh.read())
        for idx, passes in pass_sets:
            if only_sets is not None and idx >= 0 and idx not in only_sets:
                continue
            cases.append(Case(name, path, flags, passes, idx))

    # Cases known to differ (tests/diff/known-failures.txt, one case label per
    # line): they fail as expected; one that passes is an error (XPASS), so
    # the list can only shrink.
    known_path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "known-failures.txt")
    known = set()
    if os.path.exists(known_path):
        with open(known_path) as fh:
            known = {" ".join(l.split()) for l in fh if l.strip() and not l.startswith("#")}
    expected = 0

    start = time.time()
    failures = []
    passed = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs) as ex:
        futs = {ex.submit(check, c, mlir_opt, None if a.reference_only else strata_opt): c
                for c in cases}
        for fut in concurrent.futures.as_completed(futs):
            c = futs[fut]
            ok, msg = fut.result()
            is_known = " ".join(c.label().split()) in known and not a.reference_only
            if is_known and not ok:
                expected += 1
                continue
            if is_known and ok:
                ok, msg = False, "XPASS: listed in tests/diff/known-failures.txt but now passes; remove the line"
            if ok:
                passed += 1
                if a.verbose:
                    print("PASS: %s" % c.label())
            else:
                failures.append((c, msg))
                if a.verbose:
                    print("FAIL: %s" % c.label())

    order = {id(c): i for i, c in enumerate(cases)}
    failures.sort(key=lambda f: order[id(f[0])])
    if failures:
        print("\nFailures (%d):" % len(failures))
        for c, msg in failures:
            print("  %s" % c.label())
        for c, msg in failures[:a.show if not a.only else len(failures)]:
            print("\n=== %s\n%s" % (c.label(), msg.rstrip()))
        if not a.keep and any(c.name.partition(":")[0] in GENERATORS for c, _ in failures):
            print("\n(reproduce a generated input KIND:N with --only KIND:N, or with the generator's "
                  "own --seed N: %s)" % ", ".join("%s: tests/tools/%s" % (k, g[0]) for k, g in GENERATORS.items()))
    print("diff suite: %d inputs x %s pass sets, %.1f s" % (
        len(inputs), len(pass_sets), time.time() - start), file=sys.stderr)
    if not a.keep:
        for name, path in inputs:
            if name.partition(":")[0] in GENERATORS:
                os.remove(path)
        try:
            os.rmdir(tmp)
        except OSError:
            pass
    if expected:
        print("%d expected failures (tests/diff/known-failures.txt)" % expected)
    print("%d passed, %d failed" % (passed, len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
