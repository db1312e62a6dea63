#!/usr/bin/env python3
"""Mutation check of tx8c on real models: nothing panics on broken copies.

For every `model.onnx` under the given directories (the model zoo, the
generated test models), it writes seeded mutated copies and compiles each
with `tx8c MODEL -o DIR -q` (to main.c: the importer, every pass and
codegen), with a timeout. A mutation is one of

- bytes: a few random bytes of the file overwritten, or the file cut short;
- structure (through onnx's protobuf classes, so the file still parses and
  the damage reaches the importer and the passes): a node's op type
  replaced by another op type of the same graph, a node dropped, a node's
  inputs swapped or one renamed to an undefined value, an integer
  attribute set to 0, -1, a huge value or a list emptied, an input's or an
  initializer's dims set to 0, -1 or a huge value, an initializer's element
  type changed, the opset changed, a graph output listed twice or dropped,
  a tensor written by two nodes.

Every run must end with exit 0 or with a non-zero exit and an error message
(`error` on stderr); a panic (exit 101 or "panicked"), a signal (an abort or
a crash), a timeout or a non-zero exit without a message is a failure,
printed with the mutation and the path of the kept copy.

    python3 tests/tx8/mutate_models.py tests/zoo/models --per-model 8
    python3 tests/tx8/mutate_models.py target/tx8-models --only 'resnet*' --keep /tmp/mut

The last line is `N passed, N failed`; exit 1 when anything failed.
"""

import argparse
import fnmatch
import os
import random
import shutil
import subprocess
import sys
import tempfile

import onnx

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from modelgen.tx8c_tool import tx8c_binary  # noqa: E402

HUGE = (1 << 40) + 3


def models_under(roots, only):
    found = []
    for root in roots:
        for d, _, files in sorted(os.walk(root)):
            if "model.onnx" in files:
                name = os.path.relpath(d, root)
                if not only or any(fnmatch.fnmatch(name, p) for p in only):
                    found.append((name, os.path.join(d, "model.onnx")))
    return found


# -- mutations: each takes (ModelProto or bytes, rng) and returns (bytes, description) --

def byte_flips(data, rng):
    b = bytearray(data)
    count = rng.randint(1, 8)
    for _ in range(count):
        b[rng.randrange(len(b))] = rng.randrange(256)
    return bytes(b), f"{count} random bytes overwritten"


def truncate(data, rng):
    cut = rng.randrange(1, max(2, len(data)))
    return data[:cut], f"cut at byte {cut} of {len(data)}"


def structural(model, rng):
    g = model.graph
    nodes = list(g.node)
    kinds = []
    if nodes:
        kinds += ["op_type", "drop_node", "swap_inputs", "undefined_input", "int_attr", "double_write"]
    if g.initializer:
        kinds += ["init_dims", "init_type"]
    if g.input:
        kinds += ["input_dims"]
    kinds += ["opset", "output_twice", "drop_output"]
    kind = rng.choice(kinds)
    n = rng.choice(nodes) if nodes else None
    if kind == "op_type":
        other = rng.choice(nodes).op_type
        what = f"node '{n.name}' {n.op_type} -> {other}"
        n.op_type = other
    elif kind == "drop_node":
        g.node.remove(n)
        what = f"node '{n.name}' ({n.op_type}) dropped"
    elif kind == "swap_inputs" and len(n.input) >= 2:
        n.input[0], n.input[1] = n.input[1], n.input[0]
        what = f"node '{n.name}' inputs 0 and 1 swapped"
    elif kind in ("swap_inputs", "undefined_input") and len(n.input) >= 1:
        k = rng.randrange(len(n.input))
        n.input[k] = "no_such_value"
        what = f"node '{n.name}' input {k} undefined"
    elif kind == "int_attr" and any(a.type in (onnx.AttributeProto.INT, onnx.AttributeProto.INTS) for a in n.attribute):
        a = rng.choice([a for a in n.attribute if a.type in (onnx.AttributeProto.INT, onnx.AttributeProto.INTS)])
        value = rng.choice([0, -1, HUGE, -HUGE])
        if a.type == onnx.AttributeProto.INT:
            a.i = value
        elif a.ints and rng.random() < 0.5:
            a.ints[rng.randrange(len(a.ints))] = value
        else:
            del a.ints[:]
            value = "[]"
        what = f"node '{n.name}' attribute {a.name} = {value}"
    elif kind == "double_write" and len(nodes) >= 2 and nodes[0].output:
        other = rng.choice(nodes[1:])
        if other.output:
            other.output[0] = nodes[0].output[0]
        what = f"node '{other.name}' writes '{nodes[0].output[0]}' too"
    elif kind == "init_dims":
        t = rng.choice(list(g.initializer))
        if t.dims:
            t.dims[rng.randrange(len(t.dims))] = rng.choice([0, -1, HUGE])
        else:
            t.dims.append(rng.choice([0, 2, HUGE]))
        what = f"initializer '{t.name}' dims {list(t.dims)}"
    elif kind == "init_type":
        t = rng.choice(list(g.initializer))
        new = rng.choice([onnx.TensorProto.FLOAT, onnx.TensorProto.INT64, onnx.TensorProto.BOOL, onnx.TensorProto.STRING, onnx.TensorProto.DOUBLE, onnx.TensorProto.UINT16, 99])
        what = f"initializer '{t.name}' element type {t.data_type} -> {new}"
        t.data_type = new
    elif kind == "input_dims":
        i = rng.choice(list(g.input))
        dims = i.type.tensor_type.shape.dim
        if dims:
            d = dims[rng.randrange(len(dims))]
            d.dim_value = rng.choice([0, -1, HUGE])
            what = f"input '{i.name}' dim -> {d.dim_value}"
        else:
            what = f"input '{i.name}' unchanged (rank 0)"
    elif kind == "opset":
        v = rng.choice([1, 7, 12, 22, 99, -1])
        for o in model.opset_import:
            if o.domain in ("", "ai.onnx"):
                o.version = v
        what = f"opset -> {v}"
    elif kind == "output_twice" and g.output:
        g.output.append(g.output[0])
        what = f"output '{g.output[0].name}' listed twice"
    elif g.output:
        what = f"output '{g.output[0].name}' dropped"
        g.output.remove(g.output[0])
    else:
        what = "unchanged"
    return model.SerializeToString(), what


def mutate(data, seed):
    rng = random.Random(seed)
    r = rng.random()
    if r < 0.2:
        return byte_flips(data, rng)
    if r < 0.3:
        return truncate(data, rng)
    model = onnx.load_from_string(data)
    return structural(model, rng)


def run_one(binary, path, out, timeout):
    """(None when tx8c behaved, else why not; whether it compiled)."""
    try:
        p = subprocess.run([binary, path, "-o", out, "-q"], capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return f"timed out after {timeout} s", False
    err = p.stderr
    if p.returncode == 101 or "panicked" in err:
        return "panicked: " + err.strip()[-800:], False
    if p.returncode < 0:
        return f"killed by signal {-p.returncode}: " + err.strip()[-400:], False
    if p.returncode != 0 and "error" not in err:
        return f"exit {p.returncode} without an error message: " + err.strip()[-400:], False
    return None, p.returncode == 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("roots", nargs="+", help="directories holding <name>/model.onnx")
    ap.add_argument("--per-model", type=int, default=6, help="mutations per model (default 6)")
    ap.add_argument("--only", action="append", help="glob on model names (repeatable)")
    ap.add_argument("--max-bytes", type=int, default=8 << 20, help="skip models larger than this (default 8 MB)")
    ap.add_argument("--timeout", type=int, default=120)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--keep", help="work directory to keep (default: a temporary one)")
    args = ap.parse_args()
    binary = tx8c_binary()
    if not os.path.exists(binary):
        print(f"mutate_models: {binary} not found (build tx8c or set STRATA_BIN_DIR)", file=sys.stderr)
        return 2
    work = args.keep or tempfile.mkdtemp(prefix="tx8-mutate-")
    os.makedirs(work, exist_ok=True)
    passed = failed = skipped = compiled = 0
    for index, (name, path) in enumerate(models_under(args.roots, args.only)):
        if os.path.getsize(path) > args.max_bytes or os.path.exists(path + ".data"):
            skipped += 1
            continue
        with open(path, "rb") as f:
            data = f.read()
        for k in range(args.per_model):
            seed = args.seed * 1_000_003 + index * 1009 + k
            try:
                mutated, what = mutate(data, seed)
            except Exception as e:  # a mutation onnx itself cannot express
                mutated, what = data[: len(data) // 2], f"cut in half ({type(e).__name__} mutating)"
            d = os.path.join(work, name.replace(os.sep, "_"), f"m{k}")
            os.makedirs(d, exist_ok=True)
            m = os.path.join(d, "model.onnx")
            with open(m, "wb") as f:
                f.write(mutated)
            why, ok = run_one(binary, m, os.path.join(d, "out"), args.timeout)
            compiled += ok
            if why is None:
                passed += 1
                if not args.keep:
                    shutil.rmtree(d, ignore_errors=True)
            else:
                failed += 1
                print(f"FAIL {name} mutation {k} ({what}): {why}\n  (copy in {m})")
    print(f"mutate_models: {passed + failed} runs over models under {', '.join(args.roots)} ({compiled} compiled, the others refused); {skipped} models skipped (too large or external data)")
    if not args.keep and failed == 0:
        shutil.rmtree(work, ignore_errors=True)
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
