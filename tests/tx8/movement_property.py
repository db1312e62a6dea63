#!/usr/bin/env python3
"""Property test of data movement: random chains of transposes, slices,
gathers, reshapes, concats and squeezes feeding each other.

For seeds 1..N it builds an ONNX graph from one input of rank 2..4 (dims
2..12, a last dim of 16..64) through 3..7 random movement steps, each one
of: Transpose (any permutation), Slice (any axis, start, end, step 1 or
2, negative starts), Gather (any axis; a scalar index, as
torch.nn.MultiheadAttention splits q/k/v, or a 1-D or 2-D index tensor
with negative entries), Reshape (two adjacent dims merged or one split),
Concat with an earlier value of the chain's shape, Unsqueeze/Squeeze of a
unit dim, and Flatten; between steps now and then an element-wise op
(Add of a constant, Relu, Mul by a constant) so groups form around the
movement and tx8c's views (transposes and slices read through by loads),
gathers reading their table from DDR, and reshapes between them meet in
every order. The chain's last value and one earlier value are outputs.

Each model is compiled with tx8c's default pipeline and run on the C model
twice: with --compare-all (every group's stored output against tx8c's
reference interpreter) and with --compare against onnxruntime's outputs,
in fp32 on odd seeds and bf16 on even ones (movement is exact: the
thresholds leave no room for a moved element). A view that a reader does
not honour (op_gather reading a transpose view's operand as if it were
the view) gives wrong numbers on the C model while the reference
interpreter is right, so the onnxruntime comparison is the one that
catches it.

    python3 tests/tx8/movement_property.py              # seeds 1..24
    python3 tests/tx8/movement_property.py --only 5 --keep /tmp/mp

Last line `N passed, N failed`; exit 1 when anything failed.
"""

import os
import subprocess
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from modelgen.files import save_model, save_npz  # noqa: E402
from modelgen.graph import Graph, normal  # noqa: E402
from modelgen.runtime import run_onnxruntime  # noqa: E402
from modelgen.tx8c_tool import property_arguments, property_finish, property_setup, tx8c  # noqa: E402

MAX_ELEMENTS = 1 << 14


class Chain:
    """The value being moved: its ONNX name and its shape."""

    def __init__(self, g, name, shape):
        self.g, self.name, self.shape = g, name, list(shape)
        self.history = [(name, list(shape))]
        self.steps = []

    def set(self, name, shape, what):
        self.name, self.shape = name, list(shape)
        self.history.append((name, list(shape)))
        self.steps.append(what)


def transpose(c, rng):
    perm = [int(p) for p in rng.permutation(len(c.shape))]
    c.set(c.g.node("Transpose", [c.name], perm=perm), [c.shape[p] for p in perm], f"transpose{perm}")


def slice_(c, rng):
    axis = int(rng.integers(len(c.shape)))
    n = c.shape[axis]
    if n < 2:
        return transpose(c, rng)
    step = 2 if n >= 4 and rng.random() < 0.3 else 1
    start = int(rng.integers(0, n - 1))
    end = int(rng.integers(start + 1, n + 1))
    length = len(range(start, end, step))
    # Exporters write negative starts and an INT64_MAX end for "to the end".
    s = start - n if rng.random() < 0.3 else start
    e = np.iinfo(np.int64).max if end == n and rng.random() < 0.5 else end
    g = c.g
    name = g.node("Slice", [c.name, g.ints("starts", [s]), g.ints("ends", [e]), g.ints("axes", [axis]), g.ints("steps", [step])])
    shape = list(c.shape)
    shape[axis] = length
    c.set(name, shape, f"slice(axis {axis}, {s}:{e}:{step})")


def gather(c, rng):
    axis = int(rng.integers(len(c.shape)))
    n = c.shape[axis]
    form = rng.integers(3)
    g = c.g
    if form == 0 and len(c.shape) > 1:
        idx = int(rng.integers(-n, n))
        name = g.node("Gather", [c.name, g.const("index", np.array(idx, dtype=np.int64))], axis=axis)
        c.set(name, c.shape[:axis] + c.shape[axis + 1:], f"gather(axis {axis}, scalar {idx})")
        return
    count = int(rng.integers(1, 5))
    idx = rng.integers(-n, n, size=(count,) if form != 2 else (2, count))
    name = g.node("Gather", [c.name, g.const("indices", idx.astype(np.int64))], axis=axis)
    c.set(name, c.shape[:axis] + list(idx.shape) + c.shape[axis + 1:], f"gather(axis {axis}, indices {idx.tolist()})")


def reshape(c, rng):
    g = c.g
    shape = list(c.shape)
    if len(shape) >= 2 and (rng.random() < 0.5 or len(shape) >= 5):
        k = int(rng.integers(len(shape) - 1))
        new = shape[:k] + [shape[k] * shape[k + 1]] + shape[k + 2:]
    else:
        splittable = [k for k, d in enumerate(shape) if d >= 4 and d % 2 == 0]
        if not splittable:
            return transpose(c, rng)
        k = int(rng.choice(splittable))
        new = shape[:k] + [2, shape[k] // 2] + shape[k + 1:]
    c.set(g.node("Reshape", [c.name, g.ints("shape", new)]), new, f"reshape{new}")


def concat(c, rng):
    same = [n for n, s in c.history[:-1] if s == c.shape]
    other = same[int(rng.integers(len(same)))] if same else c.name
    axis = int(rng.integers(len(c.shape)))
    shape = list(c.shape)
    shape[axis] *= 2
    c.set(c.g.node("Concat", [c.name, other], axis=axis), shape, f"concat(axis {axis})")


def squeeze(c, rng):
    g = c.g
    ones = [k for k, d in enumerate(c.shape) if d == 1]
    if ones and len(c.shape) > 1:
        k = ones[0]
        c.set(g.node("Squeeze", [c.name, g.ints("axes", [k])]), c.shape[:k] + c.shape[k + 1:], f"squeeze({k})")
    elif len(c.shape) < 5:
        k = int(rng.integers(len(c.shape) + 1))
        c.set(g.node("Unsqueeze", [c.name, g.ints("axes", [k])]), c.shape[:k] + [1] + c.shape[k:], f"unsqueeze({k})")
    else:
        reshape(c, rng)


def flatten(c, rng):
    axis = int(rng.integers(1, len(c.shape))) if len(c.shape) > 1 else 1
    lead = int(np.prod(c.shape[:axis]))
    c.set(c.g.node("Flatten", [c.name], axis=axis), [lead, int(np.prod(c.shape[axis:]))], f"flatten({axis})")


def elementwise(c, rng):
    g = c.g
    kind = rng.integers(3)
    if kind == 0:
        name = g.node("Add", [c.name, g.floats("bias", normal(rng, c.shape[-1:]))])
    elif kind == 1:
        name = g.node("Relu", [c.name])
    else:
        name = g.node("Mul", [g.floats("scale", normal(rng, [1])), c.name])
    c.set(name, c.shape, ("add", "relu", "mul")[kind])


STEPS = (transpose, transpose, slice_, gather, gather, reshape, concat, squeeze, flatten)


def build(seed, directory):
    """Writes model.onnx, inputs.npz and ref.npz of seed `seed` into
    `directory`; returns a one-line description."""
    rng = np.random.default_rng(seed)
    g = Graph(f"movement_property_{seed}", rng)
    rank = int(rng.integers(2, 5))
    shape = [int(rng.integers(2, 13)) for _ in range(rank - 1)] + [int(rng.choice((16, 32, 48, 64)))]
    x = g.input("x", normal(rng, shape))
    c = Chain(g, x, shape)
    if rng.random() < 0.5:
        elementwise(c, rng)
    for _ in range(int(rng.integers(3, 8))):
        before = (c.name, list(c.shape), len(c.history), len(c.steps))
        STEPS[int(rng.integers(len(STEPS)))](c, rng)
        if int(np.prod(c.shape)) > MAX_ELEMENTS or 0 in c.shape:
            # Drop a step that grew the value too much (a concat of concats):
            # its nodes stay in the graph, unused.
            c.name, c.shape = before[0], before[1]
            del c.history[before[2]:], c.steps[before[3]:]
            continue
        if rng.random() < 0.3:
            elementwise(c, rng)
    if c.shape == [] or c.name == x:
        elementwise(c, rng)
    middle = c.history[len(c.history) // 2][0]
    outputs = [c.name] if middle in (c.name, x) else [c.name, middle]
    for k, o in enumerate(outputs):
        g.output(o, f"y{k}")
    model = g.model(17)
    os.makedirs(directory, exist_ok=True)
    save_model(model, directory, False)
    save_npz(os.path.join(directory, "inputs.npz"), g.input_data)
    ref = run_onnxruntime(os.path.join(directory, "model.onnx"), g.input_data)
    save_npz(os.path.join(directory, "ref.npz"), ref)
    return f"x{shape}: " + ", ".join(c.steps)


def check(seed, root, binary, dtype, timeout):
    """Returns (failure message or None, description)."""
    d = os.path.join(root, f"seed{seed}")
    what = build(seed, d)
    model, inputs, ref = (os.path.join(d, f) for f in ("model.onnx", "inputs.npz", "ref.npz"))
    for flag, out in (("--compare-all", "out-all"), ("--compare", "out")):
        extra = [flag] if flag == "--compare-all" else [flag, ref]
        run = tx8c(binary, [model, "-o", os.path.join(d, out), "-q", "--dtype", dtype, "--run", "--inputs", inputs] + extra, timeout)
        if run.returncode != 0:
            return f"tx8c --run {flag} failed ({run.returncode}): {run.stderr.strip()[-1200:]}", what
    return None, what


def main():
    args = property_arguments(__doc__, 24)
    setup = property_setup("movement_property", args)
    if setup is None:
        return 2
    binary, root, seeds = setup
    passed = failed = 0
    for seed in seeds:
        dtype = "fp32" if seed % 2 else "bf16"
        try:
            msg, what = check(seed, root, binary, dtype, args.timeout)
        except subprocess.TimeoutExpired:
            msg, what = f"tx8c timed out after {args.timeout} s", ""
        if msg is None:
            passed += 1
        else:
            failed += 1
            print(f"FAIL seed {seed} ({dtype}, {what}): {msg}\n  (model in {os.path.join(root, f'seed{seed}')})")
    return property_finish(args, root, passed, failed)


if __name__ == "__main__":
    sys.exit(main())
