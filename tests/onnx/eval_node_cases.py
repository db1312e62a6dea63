#!/usr/bin/env python3
"""Differential test of strata-onnx's reference evaluator (crates/strata-onnx/
src/eval/) against onnx's own backend node test cases.

onnx's wheel no longer ships the test data, but its generators
(`onnx.backend.test.case.node.collect_testcases`) rebuild every node case
(model, inputs, expected outputs) in a few seconds. Each case is written to
a temporary directory and run through the crate's `eval_node` example
(`cargo build --release -p strata-onnx --example eval_node`, built here
when missing or older than the crate's sources), which evaluates the
case's nodes in order and writes the graph outputs; they are compared with
onnx's expected outputs: exactly for integers and BOOL, within a tight
tolerance for floats (NaN where NaN is expected, infinities equal).

A case whose operators the evaluator does not claim (`eval::claims`), or
whose tensors have an element type the crate has no Tensor for (strings,
float8, 4-bit, uint16...), is skipped and counted. Every other case must
pass, unless it is listed with its reason in `eval-known-failures.txt`
beside this script (a listed case that passes fails the run, so the list
stays true).

    python3 tests/onnx/eval_node_cases.py             # all cases
    python3 tests/onnx/eval_node_cases.py -k gather   # names containing 'gather'
    python3 tests/onnx/eval_node_cases.py -v          # every case's outcome

Prints a table per operator family and per operator, then the last line
`N passed, N failed`; exits 1 when anything failed.
"""

import argparse
import collections
import os
import subprocess
import sys
import tempfile
import warnings

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
KNOWN = os.path.join(HERE, "eval-known-failures.txt")

# Tolerance per element type: |got - want| <= atol + rtol * |want|. The
# evaluator computes in f64 and rounds once, the generators in numpy at
# the case's type, so results may differ by an ulp or two of the type.
TOLERANCE = {
    np.dtype(np.float64): (1e-9, 1e-12),
    np.dtype(np.float32): (1e-5, 1e-6),
    np.dtype(np.float16): (2e-3, 1e-3),
}
BF16_TOLERANCE = (1e-2, 1e-2)

# Operator families, as the evaluator's files group them.
FAMILIES = {
    "unary": "Abs Neg Sign Relu Sin Cos Tan Asin Acos Atan Sinh Cosh Asinh Acosh Atanh Exp Log Sqrt Erf Tanh "
    "Sigmoid Floor Ceil Round Reciprocal Softplus Softsign HardSwish Mish LeakyRelu Elu Selu Celu "
    "HardSigmoid ThresholdedRelu Shrink Gelu IsNaN IsInf Not BitwiseNot Clip",
    "binary": "Add Sub Mul Div Pow Mod PRelu BitwiseAnd BitwiseOr BitwiseXor BitShift Equal Less LessOrEqual "
    "Greater GreaterOrEqual And Or Xor Max Min Sum Mean Where",
    "cast": "Cast CastLike",
    "movement": "Identity Dropout Shape Size Reshape Flatten Squeeze Unsqueeze Transpose Concat Split Slice "
    "Expand Tile Pad DepthToSpace SpaceToDepth",
    "indexing": "Gather GatherElements GatherND ScatterND ScatterElements NonZero OneHot Trilu",
    "generate": "Constant ConstantOfShape Range EyeLike",
    "reduce": "ReduceSum ReduceMean ReduceMax ReduceMin ReduceProd ReduceL1 ReduceL2 ReduceLogSum "
    "ReduceLogSumExp ReduceSumSquare ArgMax ArgMin CumSum Softmax LogSoftmax Hardmax",
    "linalg": "MatMul Gemm Einsum",
}
FAMILY_OF = {op: fam for fam, ops in FAMILIES.items() for op in ops.split()}


def eval_node_binary():
    """The eval_node example, built when missing or stale."""
    override = os.environ.get("STRATA_EVAL_NODE")
    if override:
        return override
    exe = os.path.join(REPO, "target", "release", "examples", "eval_node")
    crate = os.path.join(REPO, "crates", "strata-onnx")
    newest = max(
        os.path.getmtime(os.path.join(d, f))
        for sub in ("src", "examples")
        for d, _, files in os.walk(os.path.join(crate, sub))
        for f in files
    )
    if not os.path.exists(exe) or os.path.getmtime(exe) < newest:
        subprocess.run(
            ["cargo", "build", "--release", "-q", "-p", "strata-onnx", "--example", "eval_node"],
            cwd=REPO,
            check=True,
        )
    return exe


def read_known():
    known = {}
    if os.path.exists(KNOWN):
        for line in open(KNOWN):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            name, _, reason = line.partition("#")
            known[name.strip()] = reason.strip()
    return known


def case_key(model):
    """The operator a case is counted under: its only operator, or the
    non-Constant one of a one-op case; graphs of several operators (the
    expanded function bodies) are counted as 'graphs'."""
    ops = [n.op_type for n in model.graph.node]
    distinct = sorted(set(o for o in ops if o != "Constant")) or ["Constant"]
    return distinct[0] if len(distinct) == 1 else "(graphs of several operators)"


def compare(got, want):
    """None when `got` matches `want`, else a description."""
    if got.dtype != want.dtype:
        return f"type {got.dtype}, expected {want.dtype}"
    if got.shape != want.shape:
        return f"shape {got.shape}, expected {want.shape}"
    if want.dtype.kind in "biu":
        bad = got != want
        if bad.any():
            i = np.argwhere(bad)[0]
            return f"{bad.sum()} elements differ, first at {tuple(i)}: {got[tuple(i)]} vs {want[tuple(i)]}"
        return None
    if want.dtype.name == "bfloat16":
        rtol, atol = BF16_TOLERANCE
    else:
        rtol, atol = TOLERANCE.get(want.dtype, (1e-5, 1e-6))
    g = got.astype(np.float64)
    w = want.astype(np.float64)
    nan_g, nan_w = np.isnan(g), np.isnan(w)
    if (nan_g != nan_w).any():
        i = np.argwhere(nan_g != nan_w)[0]
        return f"NaN mismatch at {tuple(i)}: {g[tuple(i)]} vs {w[tuple(i)]}"
    ok = nan_w.copy()
    with np.errstate(invalid="ignore"):
        inf = np.isinf(w)
        ok |= inf & (g == w)
        finite = ~nan_w & ~inf
        ok |= finite & (np.abs(g - w) <= atol + rtol * np.abs(w))
    if not ok.all():
        i = np.argwhere(~ok)[0]
        return f"{(~ok).sum()} elements out of tolerance, first at {tuple(i)}: {g[tuple(i)]!r} vs {w[tuple(i)]!r}"
    return None


def tensor_value(x):
    """A case's input or output as a TensorProto, None for sequences,
    maps and optionals."""
    import onnx
    from onnx import numpy_helper

    if isinstance(x, onnx.TensorProto):
        return x
    if isinstance(x, (np.ndarray, np.generic)):
        return numpy_helper.from_array(np.asarray(x))
    return None


def run_case(exe, case, work):
    """(status, detail) of one case."""
    import onnx
    from onnx import numpy_helper

    os.makedirs(work, exist_ok=True)
    model_path = os.path.join(work, "model.onnx")
    onnx.save(case.model, model_path)
    outcomes = []
    for k, (inputs, outputs) in enumerate(case.data_sets):
        values = [tensor_value(x) for x in list(inputs) + list(outputs)]
        if any(v is None for v in values):
            return "skip-kind", "sequence, map or optional values"
        files = []
        for i, x in enumerate(values[: len(inputs)]):
            p = os.path.join(work, f"input_{k}_{i}.pb")
            with open(p, "wb") as f:
                f.write(x.SerializeToString())
            files.append(p)
        outputs = values[len(inputs) :]
        out_dir = os.path.join(work, f"out_{k}")
        r = subprocess.run([exe, model_path, out_dir] + files, capture_output=True, text=True, timeout=120)
        if r.returncode != 0:
            return "fail", f"eval_node exited with {r.returncode}: {r.stderr.strip()[-500:]}"
        status = (r.stdout.strip().splitlines() or ["error no output"])[-1]
        word, _, detail = status.partition(" ")
        if word in ("skip-op", "skip-dtype"):
            return word, detail
        if word != "ok":
            return "fail", status
        for i, want in enumerate(outputs):
            p = os.path.join(out_dir, f"output_{i}.pb")
            got_proto = onnx.load_tensor(p)
            if got_proto.data_type != want.data_type:
                return "fail", f"output {i}: type {got_proto.data_type}, expected {want.data_type}"
            got = numpy_helper.to_array(got_proto)
            want = numpy_helper.to_array(want)
            why = compare(got, want)
            if why:
                return "fail", f"output {i}: {why}"
        outcomes.append("ok")
    return "pass", ""


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-k", default="", help="only cases whose name contains this")
    ap.add_argument("-v", action="store_true", help="print every case's outcome")
    ap.add_argument("--keep", help="write the cases here (default: a temporary directory)")
    args = ap.parse_args()

    import onnx.backend.test.case.node as node_cases

    exe = eval_node_binary()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        np.seterr(all="ignore")
        try:
            collected = node_cases.collect_testcases(None)
        except TypeError:  # onnx before 1.14 takes no operator filter
            collected = node_cases.collect_testcases()
        cases = [c for c in collected if args.k in c.name]
    known = read_known()
    per_op = collections.defaultdict(collections.Counter)
    failures = []
    tmp = args.keep or tempfile.mkdtemp(prefix="eval-node-cases-")
    for case in sorted(cases, key=lambda c: c.name):
        key = case_key(case.model)
        try:
            status, detail = run_case(exe, case, os.path.join(tmp, case.name))
        except Exception as e:  # a case the harness cannot write or read
            status, detail = "fail", f"harness: {type(e).__name__}: {e}"
        if case.name in known:
            if status == "pass":
                status, detail = "fail", f"listed in {os.path.basename(KNOWN)} but passes"
            elif status == "fail":
                status, detail = "known", known[case.name]
        per_op[key][status] += 1
        if status == "fail":
            failures.append((case.name, detail))
        if args.v or status == "fail":
            print(f"{status:10} {case.name} {detail}")

    totals = collections.Counter()
    families = collections.defaultdict(collections.Counter)
    for op, c in per_op.items():
        totals.update(c)
        fam = FAMILY_OF.get(op, "graphs" if op.startswith("(") else "not claimed")
        families[fam].update(c)
    cols = ["pass", "fail", "known", "skip-op", "skip-dtype", "skip-kind"]
    print()
    print(f"{'family':24}" + "".join(f"{c:>11}" for c in cols))
    for fam in sorted(families):
        print(f"{fam:24}" + "".join(f"{families[fam][c]:>11}" for c in cols))
    print()
    print(f"{'operator':24}" + "".join(f"{c:>11}" for c in cols))
    for op in sorted(per_op, key=lambda o: (FAMILY_OF.get(o, "~"), o)):
        c = per_op[op]
        if c["pass"] + c["fail"] + c["known"] == 0:
            continue  # not claimed: summed in the family table
        print(f"{op:24}" + "".join(f"{c[k]:>11}" for k in cols))
    claimed = totals["pass"] + totals["fail"] + totals["known"]
    skipped = totals["skip-op"] + totals["skip-dtype"] + totals["skip-kind"]
    print()
    print(
        f"{len(cases)} cases: {claimed} claimed ({totals['pass']} passed, {totals['fail']} failed, "
        f"{totals['known']} known failures), {skipped} skipped ({totals['skip-op']} operators not claimed, "
        f"{totals['skip-dtype']} element types, {totals['skip-kind']} non-tensor values)"
    )
    if not args.keep:
        import shutil

        shutil.rmtree(tmp, ignore_errors=True)
    print(f"{totals['pass']} passed, {totals['fail']} failed")
    return 1 if totals["fail"] else 0


if __name__ == "__main__":
    sys.exit(main())
