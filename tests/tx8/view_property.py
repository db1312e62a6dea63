#!/usr/bin/env python3
"""Property test of load views (tx8be-load-views, issue 14).

For seeds 1..N it builds a random attention-shaped ONNX graph whose
transposes and slices tx8c reads as views (op_dma_load_view: strided
copies of a box of a view of a DDR tensor) instead of groups of their own:
an input [b, s, h*d], projected to q, k, v either by three MatMuls (which
tx8be-merge-sibling-gemms merges into one, its outputs slices) or by one
fused MatMul and a Split (GPT-2's c_attn), or taken straight from the
input as slices; each split into heads by Reshape -> Transpose with a
random permutation of batch, sequence and heads (the innermost dim kept
or, now and then, moved: that transpose stays a group); scores q k^T,
softmax, context, the heads merged back by the inverse transpose, the
result added to the input. Batch 1..3, sequence 8..40, heads 2..6, head
size 16..64, so runs are 32 to 256 bytes and boxes cut the views at every
alignment the sharding search picks.

Each model is compiled with tx8c's default pipeline and run on the C model
with --compare-all: every group's stored output against tx8c's reference
interpreter (fp32 on odd seeds, bf16 on even ones). A view whose strides,
offset or box decomposition were wrong would change some group's input,
which --compare-all names. The merge back may instead be stored through
the view by the group before it (tx8be-store-views: op_dma_store_view,
when that takes fewer copies); a wrong store changes the reader's input
and the stored group's values, read back through the view. Over the run
it requires at least one load through a view of a transpose, one of a
slice and one store through a view (main.c), and prints how many it
exercised.

    python3 tests/tx8/view_property.py              # seeds 1..12
    python3 tests/tx8/view_property.py --only 5 --keep /tmp/vp

Last line `N passed, N failed`; exit 1 when anything failed.
"""

import os
import re
import subprocess
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from modelgen.files import save_model, save_npz  # noqa: E402
from modelgen.graph import Graph, normal  # noqa: E402
from modelgen.tx8c_tool import property_arguments, property_finish, property_setup, tx8c  # noqa: E402

# Head layouts a split into heads may take ([b, s, h, d] -> ...), the
# innermost dim kept (viewed) or moved (kept as a group).
PERMS = ([0, 2, 1, 3], [2, 0, 1, 3], [1, 0, 2, 3], [1, 2, 0, 3])
MOVED = [0, 2, 3, 1]


def inverse(p):
    inv = [0] * len(p)
    for i, x in enumerate(p):
        inv[x] = i
    return inv


def build(seed, directory):
    """Writes model.onnx and inputs.npz of seed `seed` into `directory`;
    returns a one-line description."""
    rng = np.random.default_rng(seed)
    g = Graph(f"view_property_{seed}", rng)
    b = int(rng.integers(1, 4))
    s = int(rng.choice((8, 16, 24, 40)))
    h = int(rng.choice((2, 3, 4, 6)))
    d = int(rng.choice((16, 32, 48, 64)))
    hd = h * d
    x = g.input("x", normal(rng, (b, s, hd)))
    how = ("three", "fused", "sliced")[int(rng.integers(3))]
    if how == "three":
        parts = [g.node("MatMul", [x, g.const("w", normal(rng, (hd, hd), float(1 / np.sqrt(hd))))]) for _ in range(3)]
    elif how == "fused":
        qkv = g.node("MatMul", [x, g.const("w", normal(rng, (hd, 3 * hd), float(1 / np.sqrt(hd))))])
        parts = g.node("Split", [qkv, g.ints("split", [hd] * 3)], outputs=3, axis=2)
    else:
        # q, k, v as slices of the input itself (a third of the columns each
        # would not divide into heads: take overlapping windows of hd / 2).
        wide = g.node("Concat", [x, x], axis=2)
        parts = [g.node("Slice", [wide, g.ints("st", [0, 0, o]), g.ints("en", [b, s, o + hd]), g.ints("ax", [0, 1, 2])]) for o in (0, hd // 2, hd)]
    perm = PERMS[int(rng.integers(len(PERMS)))] if rng.random() < 0.85 else MOVED
    heads = []
    for t in parts:
        r = g.node("Reshape", [t, g.ints("shape", [b, s, h, d])])
        heads.append(g.node("Transpose", [r], perm=perm))
    # Batched matmuls over the two leading dims of whatever layout the
    # heads took (MatMul batches the leading dims), then the heads merged
    # back by the inverse permutation.
    q, k, v = heads
    kt = g.node("Transpose", [k], perm=[0, 1, 3, 2])
    scores = g.node("Div", [g.node("MatMul", [q, kt]), g.floats("scale", np.float32(np.sqrt(d)))])
    p = g.node("Softmax", [scores], axis=-1)
    c = g.node("MatMul", [p, v])
    back = g.node("Transpose", [c], perm=inverse(perm))
    y = g.node("Reshape", [back, g.ints("shape", [b, s, hd])])
    g.output(g.node("Add", [y, x]), "y")
    model = g.model(17)
    os.makedirs(directory, exist_ok=True)
    save_model(model, directory, False)
    save_npz(os.path.join(directory, "inputs.npz"), g.input_data)
    return f"b={b} s={s} h={h} d={d} {how} perm={perm}"


def check(seed, root, binary, dtype, timeout):
    """Returns (failure message or None, description, loads through views
    of a transpose, of a slice, stores through views)."""
    d = os.path.join(root, f"seed{seed}")
    what = build(seed, d)
    model, inputs, out = os.path.join(d, "model.onnx"), os.path.join(d, "inputs.npz"), os.path.join(d, "out")
    run = tx8c(binary, [model, "-o", out, "-q", "--dtype", dtype, "--run", "--compare-all", "--inputs", inputs], timeout)
    if run.returncode != 0:
        return f"tx8c --run --compare-all failed ({run.returncode}): {run.stderr.strip()[-1200:]}", what, 0, 0, 0
    emit = tx8c(binary, [model, "-o", os.path.join(d, "ir"), "-q", "--dtype", dtype, "--emit", "tx8be"], timeout)
    if emit.returncode != 0:
        return f"tx8c --emit tx8be failed: {emit.stderr.strip()[-600:]}", what, 0, 0, 0
    with open(os.path.join(d, "ir", "model.tx8be.mlir")) as f:
        ir = f.read()
    with open(os.path.join(out, "main.c")) as f:
        main_c = f.read()
    loads = len(re.findall(r"op_dma_load_view\(", main_c))
    stores = len(re.findall(r"op_dma_store_view\(", main_c))
    # Views are the top-level (4-space indented) Transposes and Slices.
    transposes = len(re.findall(r"^    %\d+ = tx8be\.Transpose", ir, re.M))
    slices = len(re.findall(r"^    %\d+ = tx8be\.Slice", ir, re.M))
    return None, what, loads and transposes, loads and slices, stores


def main():
    args = property_arguments(__doc__, 12)
    setup = property_setup("view_property", args)
    if setup is None:
        return 2
    binary, root, seeds = setup
    passed = failed = 0
    with_transposes = with_slices = with_stores = 0
    for seed in seeds:
        dtype = "fp32" if seed % 2 else "bf16"
        try:
            msg, what, t, s, st = check(seed, root, binary, dtype, args.timeout)
        except subprocess.TimeoutExpired:
            msg, what, t, s, st = f"tx8c timed out after {args.timeout} s", "", 0, 0, 0
        with_transposes += bool(t)
        with_slices += bool(s)
        with_stores += bool(st)
        if msg is None:
            passed += 1
        else:
            failed += 1
            print(f"FAIL seed {seed} ({dtype}, {what}): {msg}\n  (model in {os.path.join(root, f'seed{seed}')})")
    print(f"view_property: {with_transposes} models load through transpose views, {with_slices} through slice views, {with_stores} store through views")
    if not args.only and (with_transposes == 0 or with_slices == 0 or with_stores == 0):
        failed += 1
        print("FAIL: no model loaded through a transpose view or a slice view, or stored through a view: the models no longer exercise them")
    return property_finish(args, root, passed, failed)


if __name__ == "__main__":
    sys.exit(main())
