#!/usr/bin/env python3
"""Property check of the grouping passes (the group contract) on
whole models.

For each ONNX model it takes the tx8be IR just before grouping (tx8c
--emit stablehlo, then strata-opt with tx8c's lowering, layout and
constant passes) and runs

    strata-opt -tx8be-group-pattern -tx8be-group-optimization -tx8be-group-ldst

(default patterns unless --patterns FILE), then checks:

- the output parses and verifies again (strata-opt re-reads it);
- no compute op is lost or left outside a group (the compute ops of the
  grouped IR, by name, are those of the ungrouped IR; Reshape, const and
  load_const stay outside);
- every group follows the contract: each compute op's operands are loads
  of the group or results of earlier compute ops of the group, loads read
  only outside values, exactly one store_var, of the last compute op's
  result, and the yield returns it;
- the same IR through tx8be-group-ops has one group per compute op (the
  simple schedule is unchanged);
- with --interpret: tx8c's reference interpreter (--run=reference, same
  generated inputs) gives bit-identical outputs on the model (tx8c's own
  pipeline, single-op groups) and on the pattern-grouped IR (grouping
  only moves ops; loads and stores are copies).

It prints per model: compute ops, groups with -tx8be-group-ops, groups with
the patterns, multi-op groups and the most frequent grouped sequences.

    python3 tests/tx8/group_property.py /work/models13/full/*/model.onnx
    python3 tests/tx8/group_property.py --small     # gen_models.py --size small

Exit 1 when a check fails.
"""

import argparse
import collections
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))

PRE_GROUPING = [
    "-convert-stablehlo-to-tx8be", "-tx8be-cancel-transposes", "-tx8be-fold-constants",
    "-tx8be-layout-init", "-tx8be-layout-transmit", "-tx8be-layout-align-to-npu",
    "-tx8be-layout-align-opt", "-tx8be-move-constant", "-tx8be-const-norm",
]
NOT_COMPUTE = {"const", "Reshape", "group", "yield", "load_var", "load_const", "store_var"}

RESULT = re.compile(r"^\s*(%[\w#.$-]+)(?::\d+)? = ")
OP = re.compile(r"tx8be\.(\w+)")
CALL = re.compile(r"tx8be\.(\w+)\(([^)]*)\)")
LOAD = re.compile(r"tx8be\.(load_var|load_const|store_var) (%[\w#.$-]+)")
YIELD = re.compile(r"tx8be\.yield (%[\w#.$-]+)")
GROUP = re.compile(r"^(\s*)%[\w#.$-]+ = tx8be\.group\b.*\{\s*$")


def run(cmd, **kw):
    r = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if r.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed:\n{r.stderr[-2000:]}")
    return r.stdout


def compute_ops(text):
    """Names of the compute ops of the IR, with multiplicity."""
    c = collections.Counter()
    for line in text.splitlines():
        m = OP.search(line)
        if m and RESULT.match(line) and m.group(1) not in NOT_COMPUTE:
            c[m.group(1)] += 1
    return c


def groups(text):
    """Each group's body lines (between its '{' and matching '}'), plus
    the compute ops found outside any group."""
    lines = text.splitlines()
    out, outside, i = [], [], 0
    while i < len(lines):
        m = GROUP.match(lines[i])
        if m:
            indent = m.group(1)
            j = i + 1
            while not (lines[j].startswith(indent + "}") and len(lines[j]) - len(lines[j].lstrip()) == len(indent)):
                j += 1
            out.append(lines[i + 1:j])
            i = j + 1
            continue
        op = OP.search(lines[i])
        if op and RESULT.match(lines[i]) and op.group(1) not in NOT_COMPUTE:
            outside.append(op.group(1))
        i += 1
    return out, outside


def check_group(body):
    """Contract violations of one group's body (a list of messages) and
    its compute op sequence."""
    errors, defined, loads, seq = [], set(), set(), []
    last_compute, store_src, store_res, yielded = None, None, None, None
    stores = 0
    for line in body:
        res = RESULT.match(line)
        y = YIELD.search(line)
        if y:
            yielded = y.group(1)
            continue
        ld = LOAD.search(line)
        if ld:
            kind, src = ld.groups()
            if kind == "store_var":
                stores += 1
                store_src, store_res = src, res.group(1)
            elif src in defined:
                errors.append(f"a {kind} reads a value of its own group: {line.strip()}")
            loads.add(res.group(1))
            defined.add(res.group(1))
            continue
        call = CALL.search(line)
        if call and res:
            seq.append(call.group(1))
            for a in (x.strip() for x in call.group(2).split(",") if x.strip()):
                if a not in defined:
                    errors.append(f"operand {a} of {call.group(1)} is neither a load of the group nor an earlier result: {line.strip()}")
            defined.add(res.group(1))
            last_compute = res.group(1)
    if stores != 1:
        errors.append(f"{stores} store_var ops (the contract: exactly one)")
    elif store_src != last_compute:
        errors.append(f"the store reads {store_src}, not the last compute op's result {last_compute}")
    if yielded is None or yielded != store_res:
        errors.append("the yield does not return the store's result")
    return errors, seq


def check_model(onnx, opt, tx8c, work, patterns, interpret):
    name = os.path.basename(os.path.dirname(onnx)) or onnx
    d = os.path.join(work, name)
    os.makedirs(d, exist_ok=True)
    run([tx8c, onnx, "--emit", "stablehlo", "-o", d, "-q"])
    shlo = os.path.join(d, "model.stablehlo.mlir")
    pre = os.path.join(d, "pre.mlir")
    run([opt, shlo, *PRE_GROUPING, "-o", pre])
    pre_text = open(pre).read()
    flag = "-tx8be-group-pattern" + (f"=patterns={patterns}" if patterns else "")
    grouped = os.path.join(d, "grouped.mlir")
    run([opt, pre, flag, "-tx8be-group-optimization", "-tx8be-group-ldst", "-o", grouped])
    text = open(grouped).read()
    run([opt, grouped, "-o", os.devnull])  # parses and verifies again
    simple = run([opt, pre, "-tx8be-group-ops"])
    failures = []
    if compute_ops(text) != compute_ops(pre_text):
        failures.append(f"compute ops changed: {compute_ops(pre_text) - compute_ops(text)} lost, {compute_ops(text) - compute_ops(pre_text)} new")
    gs, outside = groups(text)
    if outside:
        failures.append(f"compute ops outside groups: {collections.Counter(outside)}")
    seqs = collections.Counter()
    for g in gs:
        errs, seq = check_group(g)
        failures += errs
        seqs[" ".join(seq)] += 1
    sgs, _ = groups(simple)
    n_compute = sum(compute_ops(pre_text).values())
    if len(sgs) != n_compute:
        failures.append(f"tx8be-group-ops made {len(sgs)} groups for {n_compute} compute ops")
    if interpret:
        failures += compare_reference(tx8c, onnx, grouped, d)
    multi = {s: n for s, n in seqs.items() if " " in s}
    print(f"{name}: {n_compute} compute ops; tx8be-group-ops {len(sgs)} groups; patterns {len(gs)} groups, "
          f"{sum(multi.values())} multi-op ({sum(n * len(s.split()) for s, n in multi.items())} ops in them)")
    for s, n in sorted(multi.items(), key=lambda kv: -kv[1])[:8]:
        print(f"    {n:4d} x {s}")
    for f in failures[:10]:
        print(f"  FAIL {name}: {f}")
    return not failures


def compare_reference(tx8c, onnx, grouped, d):
    import numpy as np

    # The ungrouped side is the model itself: tx8c re-running its layout
    # passes on pre.mlir (already laid out) is not what it is built for.
    outs = []
    for src, sub in ((onnx, "ref_model"), (grouped, "ref_grouped")):
        run([tx8c, src, "-o", os.path.join(d, sub), "--run=reference", "-q"])
        outs.append(np.load(os.path.join(d, sub, "outputs.npz")))
    a, b = outs
    if sorted(a.files) != sorted(b.files):
        return [f"reference outputs differ in names: {a.files} vs {b.files}"]
    return [f"reference output {k} differs after grouping" for k in a.files if not np.array_equal(a[k], b[k])]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("models", nargs="*", help="ONNX models")
    ap.add_argument("--small", action="store_true", help="also the models of gen_models.py --size small that tx8c must accept")
    ap.add_argument("--patterns", help="a pattern file instead of the built-in set")
    ap.add_argument("--interpret", action="store_true", help="also compare the reference interpreter's outputs before and after grouping")
    ap.add_argument("--bin", default=os.path.join(REPO, "target", "debug"), help="where strata-opt and tx8c are")
    ap.add_argument("--keep", help="work directory to keep (default: a temporary one)")
    args = ap.parse_args()
    opt, tx8c = os.path.join(args.bin, "strata-opt"), os.path.join(args.bin, "tx8c")
    work = args.keep or tempfile.mkdtemp(prefix="group_property_")
    models = list(args.models)
    if args.small:
        gm = os.path.join(work, "gm")
        run([sys.executable, os.path.join(HERE, "gen_models.py"), "--out", gm, "--size", "small"])
        # The bad_* models are meant to be refused by tx8c (expect "error").
        manifest = json.load(open(os.path.join(gm, "manifest.json")))
        models += [os.path.join(gm, m["name"], "model.onnx") for m in manifest["models"] if m.get("expect") == "pass"]
    ok = fail = 0
    for m in models:
        try:
            good = check_model(m, opt, tx8c, work, args.patterns, args.interpret)
        except RuntimeError as e:
            print(f"  FAIL {m}: {e}")
            good = False
        ok, fail = ok + good, fail + (not good)
    print(f"{ok} passed, {fail} failed")
    sys.exit(1 if fail else 0)


if __name__ == "__main__":
    main()
