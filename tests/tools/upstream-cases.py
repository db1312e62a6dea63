#!/usr/bin/env python3
"""Pass rate of strata-opt on one of upstream MLIR's own test files.

    upstream-cases.py FILE [-v] [--case N] [--run K]

FILE is a test file of llvm-project's mlir/test (for example
Dialect/SCF/canonicalize.mlir), fetched by the developer: upstream's tests are
not part of this repository, so this is a developer tool, not a CI step.

The file is split on `// -----` lines as `--split-input-file` splits it. For
every case and every `// RUN:` line whose command is `mlir-opt ARGS %s ... |
FileCheck ...`:

  1. the reference: `mlir-opt ARGS` on the case, then FileCheck (with the
     RUN line's prefixes) of its output against the case's own text. A case
     the reference fails (exit status or FileCheck) is not counted: it does
     not pass on mlir-opt 22 either (upstream tests follow upstream's main).
  2. strata-opt: `strata-opt ARGS` on the case. It passes when its exit
     status is the reference's and both outputs, re-printed by
     `mlir-opt --mlir-print-op-generic`, are equal (so names, aliases and
     pretty-printing choices must match, not only what FileCheck looks at).

Upstream's mlir-opt registers the `test` dialect, which accepts unknown ops
such as "test.op"; strata-opt has no such dialect, so cases that use `test.`
ops run strata-opt with --allow-unregistered-dialect (the ops then behave as
MLIR's unknown ops do: unknown effects, not isolated).

Output: one line per (case, RUN line) with PASS / FAIL / REF-FAIL and the
case's first function name, then `N passed, N failed (of M the reference
passes)`. Tools: $STRATA_OPT (default <repo>/target/release/strata-opt),
$LLVM_BIN_DIR (default /usr/lib/llvm-22/bin) for mlir-opt and FileCheck.
"""

import argparse
import difflib
import os
import re
import shlex
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
TIMEOUT = 60


def run(cmd, stdin_bytes=None):
    try:
        p = subprocess.run(cmd, input=stdin_bytes, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=TIMEOUT)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        return -1, b"", b"timeout"


def run_lines(text):
    """The RUN commands of the file, continuation lines joined."""
    cmds, cur = [], None
    for line in text.splitlines():
        m = re.match(r"^\s*//\s*RUN:\s?(.*)$", line)
        if not m:
            if cur is not None:
                cmds.append(cur)
                cur = None
            continue
        part = m.group(1)
        cont = part.rstrip().endswith("\\")
        part = part.rstrip()[:-1] if cont else part
        cur = part if cur is None else cur + " " + part
        if not cont:
            cmds.append(cur)
            cur = None
    if cur is not None:
        cmds.append(cur)
    return cmds


class Run:
    """One RUN line: the mlir-opt arguments and the FileCheck arguments."""

    def __init__(self, index, opt_args, check_args):
        self.index = index
        self.opt_args = opt_args
        self.check_args = check_args

    def prefixes(self):
        prefixes = []
        for i, a in enumerate(self.check_args):
            for flag in ("--check-prefixes", "-check-prefixes", "--check-prefix", "-check-prefix"):
                if a.startswith(flag + "="):
                    prefixes += a.split("=", 1)[1].split(",")
                elif a == flag and i + 1 < len(self.check_args):
                    prefixes += self.check_args[i + 1].split(",")
        return prefixes or ["CHECK"]


def parse_runs(text):
    runs = []
    for i, cmd in enumerate(run_lines(text)):
        stages = [s.strip() for s in cmd.split("|")]
        opt = shlex.split(stages[0])
        if not opt or opt[0] != "mlir-opt":
            continue
        args = [a for a in opt[1:] if a not in ("%s", "-split-input-file", "--split-input-file")]
        check = []
        for s in stages[1:]:
            words = shlex.split(s)
            if words and words[0] == "FileCheck":
                check = [w for w in words[1:] if w != "%s"]
        runs.append(Run(i, args, check))
    return runs


def split_cases(text):
    cases, cur = [], []
    for line in text.splitlines(keepends=True):
        if re.match(r"^// -----", line):
            cases.append("".join(cur))
            cur = []
        else:
            cur.append(line)
    cases.append("".join(cur))
    return cases


def case_name(case):
    m = re.search(r"func\.func\s+(?:private\s+)?@([\w$.]+)", case)
    return m.group(1) if m else "?"


def has_checks(case, prefixes):
    return any(re.search(r"\b%s(-NEXT|-SAME|-DAG|-NOT|-LABEL|-COUNT-\d+)?:" % re.escape(p), case) for p in prefixes)


def reference_passes(mlir_opt, filecheck, run_, case, tmp):
    rc, out, err = run([mlir_opt] + run_.opt_args + ["-"], case.encode())
    if rc != 0:
        return False, rc, out, "mlir-opt exits %d: %s" % (rc, err.decode(errors="replace")[:300])
    if not has_checks(case, run_.prefixes()):
        return True, rc, out, ""
    path = os.path.join(tmp, "case.mlir")
    with open(path, "w") as f:
        f.write(case)
    # A case holds only some of the RUN line's prefixes.
    frc, _, ferr = run([filecheck, path, "--allow-unused-prefixes"] + run_.check_args, out)
    if frc != 0:
        return False, rc, out, "FileCheck fails on mlir-opt's output: %s" % ferr.decode(errors="replace")[:300]
    return True, rc, out, ""


def generic(mlir_opt, text):
    rc, out, err = run([mlir_opt, "--mlir-print-op-generic", "--allow-unregistered-dialect", "-"], text)
    return rc, out, err


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("file")
    ap.add_argument("-v", "--verbose", action="store_true", help="print why each failing case fails")
    ap.add_argument("--case", type=int, action="append", help="only this case (0-based; repeatable)")
    ap.add_argument("--run", type=int, action="append", help="only this RUN line (0-based; repeatable)")
    a = ap.parse_args()

    llvm_bin = os.environ.get("LLVM_BIN_DIR", "/usr/lib/llvm-22/bin")
    mlir_opt = os.path.join(llvm_bin, "mlir-opt")
    filecheck = os.path.join(llvm_bin, "FileCheck")
    strata_opt = os.environ.get("STRATA_OPT", os.path.join(REPO, "target", "release", "strata-opt"))

    text = open(a.file).read()
    runs = parse_runs(text)
    if not runs:
        sys.exit("upstream-cases: no `mlir-opt ... %s` RUN line in " + a.file)
    cases = split_cases(text)
    passed = failed = ref_failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        for ci, case in enumerate(cases):
            if a.case and ci not in a.case:
                continue
            for r in runs:
                if a.run and r.index not in a.run:
                    continue
                label = "case %d (@%s) RUN %d" % (ci, case_name(case), r.index)
                ok, ref_rc, ref_out, why = reference_passes(mlir_opt, filecheck, r, case, tmp)
                if not ok:
                    ref_failed += 1
                    print("REF-FAIL %s" % label)
                    if a.verbose:
                        print("  " + why.replace("\n", "\n  "))
                    continue
                extra = ["--allow-unregistered-dialect"] if re.search(r'"?test\.', case) else []
                rc, out, err = run([strata_opt] + r.opt_args + extra + ["-"], case.encode())
                reason = None
                if rc != ref_rc:
                    reason = "strata-opt exits %d (mlir-opt %d): %s" % (rc, ref_rc, err.decode(errors="replace")[:600])
                else:
                    grc, gref, _ = generic(mlir_opt, ref_out)
                    src, gours, serr = generic(mlir_opt, out)
                    if src != 0:
                        reason = "mlir-opt rejects strata-opt's output: " + serr.decode(errors="replace")[:600]
                    elif grc == 0 and gref != gours:
                        diff = difflib.unified_diff(gref.decode(errors="replace").splitlines(),
                                                    gours.decode(errors="replace").splitlines(),
                                                    "mlir-opt", "strata-opt", lineterm="", n=1)
                        reason = "outputs differ:\n" + "\n".join(list(diff)[:40])
                if reason is None:
                    passed += 1
                    print("PASS     %s" % label)
                else:
                    failed += 1
                    print("FAIL     %s" % label)
                    if a.verbose:
                        print("  " + reason.replace("\n", "\n  "))
    total = passed + failed
    print("%d passed, %d failed (of %d the reference passes; %d the reference fails)" % (passed, failed, total, ref_failed))


if __name__ == "__main__":
    main()
