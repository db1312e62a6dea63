#!/usr/bin/env python3
"""Property test of multi-op grouping and the sharding search (issue 14).

For seeds 1..N it builds a random ONNX chain that tx8c's default group
patterns take as multi-op groups, with shapes large enough that the
sharding search must split those groups in time (each step a slice of the
output, the convolutions' inputs read with halos): a stem convolution,
then ResNet basic blocks (Conv 3x3 -> Relu -> Conv 3x3 -> Add -> Relu) and
bottleneck blocks (Conv 1x1 -> Relu -> Conv 3x3 -> Relu -> Conv 1x1 -> Add
-> Relu), with stride 1 or 2, a 1x1 projection on the skip when the shape
changes, Sigmoid in place of some Relus, sometimes a MaxPool; batch 1 or 2,
spatial 28..112, channels 16..130; sometimes an MLP head (global pool,
Gemm -> Relu -> Gemm, plus a residual Add). Every fourth seed is wide
instead: batch 16, spatial 7..14, channels 192..384, so that groups
broadcast their filters over the NoC (one image per tile); and every
fourth (seeds 2, 6, ...) is a transformer's feed-forward blocks over 1024
tokens, whose down projection streams its input along the mesh rows.

Each model is compiled with tx8c's default pipeline and run on the C model
with --compare-all: every group's stored output against tx8c's reference
interpreter (tx8c's own thresholds; fp32 on odd seeds, bf16 on even ones).
A wrong halo, a misplaced step box or an intermediate buffer overwritten
inside a group changes some group's output, which --compare-all names.

Then it reads OUT/run.json `groups` (`ops`, `split`, `sharding`), takes
each group's output shape from the same compile's tx8be IR (--emit tx8be)
and, over the whole run, requires at least one group of >= 3 ops whose
split is smaller than its per-tile output (the output over `sharding`):
the property is only worth something when the search actually time-split
a long group; and at least one group that broadcasts its weights, one
that streams a load along mesh lines at every step, one that copies a load out of another load's buffer and one that reads an
intermediate through a narrowed copy (two residual blocks in one group:
the second block's add reads the first block's output without the halo
rows its conv reads), and one whose load slides (takes the halo rows it
shares with the step before from its other buffer: op_dma_load_slide),
and one whose weights the group before reads for it (`group_<id>_consts`)
(main.c). It prints how many of each it exercised.

    python3 tests/tx8/group_search_property.py              # seeds 1..16
    python3 tests/tx8/group_search_property.py --only 5 --keep /tmp/gsp

Last line `N passed, N failed`; exit 1 when anything failed.
"""

import json
import os
import re
import subprocess
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from modelgen.files import save_model, save_npz  # noqa: E402
from modelgen.graph import Graph, he_weight, normal  # noqa: E402
from modelgen.tx8c_tool import property_arguments, property_finish, property_setup, tx8c  # noqa: E402

CHANNELS = (16, 24, 32, 48, 64, 70, 96, 130)
# Every fourth seed is a wide net at batch 16 (ResNet's deeper stages):
# filters large enough that the search broadcasts them over the NoC.
WIDE_CHANNELS = (192, 256, 384)


class Net:
    """A random residual network under construction: the graph and the
    current tensor's name and NCHW shape."""

    def __init__(self, g, rng, x, shape, channels=CHANNELS):
        self.g, self.rng, self.x, self.shape = g, rng, x, list(shape)
        self.channels = channels

    def pick(self, seq):
        return seq[int(self.rng.integers(len(seq)))]

    def act(self, x):
        return self.g.node("Sigmoid" if self.rng.random() < 0.2 else "Relu", [x])

    def conv(self, x, shape, c_out, k, stride, gain=2.0):
        """A convolution of `x` (NCHW `shape`); returns (name, shape)."""
        n, c, h, w = shape
        wt = self.g.const("w", he_weight(self.rng, (c_out, c, k, k), c * k * k, gain))
        ins = [x, wt]
        if self.rng.random() < 0.7:
            ins.append(self.g.const("b", normal(self.rng, (c_out,), 0.1)))
        y = self.g.node("Conv", ins, kernel_shape=[k, k], strides=[stride, stride], pads=[k // 2] * 4)
        return y, [n, c_out, (h + 2 * (k // 2) - k) // stride + 1, (w + 2 * (k // 2) - k) // stride + 1]

    def stride(self):
        return 2 if min(self.shape[2:]) >= 24 and self.rng.random() < 0.35 else 1

    def skip(self, c_out, stride):
        """The residual path: identity, or a 1x1 projection when the shape changes."""
        if stride == 1 and c_out == self.shape[1]:
            return self.x
        y, _ = self.conv(self.x, self.shape, c_out, 1, stride, gain=1.0)
        return y

    # -- layers; each updates x and shape --------------------------------------

    def stem(self):
        c_out = self.pick(self.channels)
        self.x, self.shape = self.conv(self.x, self.shape, c_out, 3, self.stride())
        self.x = self.act(self.x)

    def basic_block(self):
        c_out, stride = self.pick(self.channels), self.stride()
        skip = self.skip(c_out, stride)
        y, s = self.conv(self.x, self.shape, c_out, 3, stride)
        y = self.act(y)
        # A small gain keeps the residual sum's scale from growing block by block.
        y, s = self.conv(y, s, c_out, 3, 1, gain=0.5)
        self.x = self.act(self.g.node("Add", [y, skip]))
        self.shape = s

    def bottleneck_block(self):
        c_out, stride = self.pick(self.channels), self.stride()
        mid = max(16, c_out // 4 * self.pick((1, 2)))
        skip = self.skip(c_out, stride)
        y, s = self.conv(self.x, self.shape, mid, 1, 1)
        y = self.act(y)
        y, s = self.conv(y, s, mid, 3, stride)
        y = self.act(y)
        y, s = self.conv(y, s, c_out, 1, 1, gain=0.5)
        self.x = self.act(self.g.node("Add", [y, skip]))
        self.shape = s

    def maxpool(self):
        n, c, h, w = self.shape
        if min(h, w) < 24:
            return self.basic_block()
        self.x = self.g.node("MaxPool", [self.x], kernel_shape=[3, 3], strides=[2, 2], pads=[1, 1, 1, 1])
        self.shape = [n, c, (h - 1) // 2 + 1, (w - 1) // 2 + 1]

    def mlp_head(self):
        """Global pool, then Gemm -> Relu -> Gemm with a residual Add."""
        n, c = self.shape[:2]
        p = self.g.node("GlobalAveragePool", [self.x])
        f = self.g.node("Flatten", [p], axis=1)
        hidden = self.pick((32, 64, 96))
        w1 = self.g.const("fc", he_weight(self.rng, (hidden, c), c))
        h1 = self.g.node("Relu", [self.g.node("Gemm", [f, w1, self.g.const("fcb", normal(self.rng, (hidden,), 0.1))], transB=1)])
        w2 = self.g.const("fc", he_weight(self.rng, (c, hidden), hidden, gain=1.0))
        h2 = self.g.node("Gemm", [h1, w2, self.g.const("fcb", normal(self.rng, (c,), 0.1))], transB=1)
        self.x = self.g.node("Add", [h2, f])
        self.shape = [n, c]


def token_mlp(g, rng):
    """A transformer's feed-forward blocks over 1024 tokens (bf16 seeds):
    x + Gemm(Relu(Gemm(x))), C -> 4C -> C. The down projection's [4, 4]
    schedule streams the hidden rows along the mesh rows at every step
    (stream_share.rs)."""
    t, c = 1024, 512
    x = g.input("x", normal(rng, (t, c)))
    for _ in range(int(rng.integers(1, 3))):
        hidden = 4 * c
        w1 = g.const("fc", he_weight(rng, (hidden, c), c))
        h = g.node("Relu", [g.node("Gemm", [x, w1, g.const("fcb", normal(rng, (hidden,), 0.1))], transB=1)])
        w2 = g.const("fc", he_weight(rng, (c, hidden), hidden, gain=0.5))
        y = g.node("Gemm", [h, w2, g.const("fcb", normal(rng, (c,), 0.1))], transB=1)
        x = g.node("Add", [y, x])
    return x


def build(seed, directory):
    """Writes model.onnx and inputs.npz of seed `seed` into `directory`."""
    rng = np.random.default_rng(seed)
    g = Graph(f"group_search_property_{seed}", rng)
    if seed % 4 == 2:
        g.output(token_mlp(g, rng), "y")
        model = g.model(17)
        os.makedirs(directory, exist_ok=True)
        save_model(model, directory, False)
        save_npz(os.path.join(directory, "inputs.npz"), g.input_data)
        return
    wide = seed % 4 == 0
    if wide:
        n, c = 16, 64
        h = int(rng.integers(7, 15))
        w = int(rng.integers(7, 15))
    else:
        n = 1 if rng.random() < 0.6 else 2
        c = int(rng.choice((3, 16, 32)))
        h = int(rng.integers(28, 113))
        w = int(rng.integers(28, 113))
    data = normal(rng, (n, c, h, w))
    net = Net(g, rng, g.input("x", data), (n, c, h, w), WIDE_CHANNELS if wide else CHANNELS)
    net.stem()
    if rng.random() < 0.3:
        net.maxpool()
    blocks = [net.basic_block, net.bottleneck_block]
    for _ in range(int(rng.integers(2, 5))):
        blocks[int(rng.integers(len(blocks)))]()
    if rng.random() < 0.35:
        net.mlp_head()
    g.output(net.x, "y")
    model = g.model(17)
    os.makedirs(directory, exist_ok=True)
    save_model(model, directory, False)
    save_npz(os.path.join(directory, "inputs.npz"), g.input_data)


GROUP_RESULT = re.compile(r"tx8be\.group -> tensor<([0-9x]+)x[a-z][a-z0-9]*>.*\bgroup_id = (\d+)")


def group_shapes(binary, model, dtype, directory, timeout):
    """group_id -> the group's output shape, from the scheduled tx8be IR
    (tx8c --emit tx8be; run.json does not carry shapes, and the groups'
    `loc` is shared by the ops tx8c inserts)."""
    emit = tx8c(binary, [model, "-o", directory, "-q", "--dtype", dtype, "--emit", "tx8be"], 120)
    if emit.returncode != 0:
        return {}
    with open(os.path.join(directory, "model.tx8be.mlir")) as f:
        return {int(m.group(2)): [int(d) for d in m.group(1).split("x")]
                for m in GROUP_RESULT.finditer(f.read())}


def time_split(group, shape):
    """True when the group's per-step output slice (`split`) is smaller, in
    some dim, than its per-tile output (the output shape over the `sharding`
    parts, rounded up): the search split the group in time."""
    split, sharding = group.get("split") or [], group.get("sharding") or []
    if shape is None or len(split) != len(shape):
        return False
    parts = sharding if len(sharding) == len(shape) else [1] * len(shape)
    return any(s < -(-d // max(p, 1)) for s, d, p in zip(split, shape, parts))


def check(seed, root, binary, dtype, timeout):
    """Returns (failure message or None, groups of run.json with their output shapes)."""
    d = os.path.join(root, f"seed{seed}")
    build(seed, d)
    model, inputs, out = os.path.join(d, "model.onnx"), os.path.join(d, "inputs.npz"), os.path.join(d, "out")
    run = tx8c(binary, [model, "-o", out, "-q", "--dtype", dtype, "--run", "--compare-all", "--inputs", inputs], timeout)
    if run.returncode != 0:
        return f"tx8c --run --compare-all failed ({run.returncode}): {run.stderr.strip()[-1200:]}", []
    try:
        with open(os.path.join(out, "run.json")) as f:
            groups = json.load(f).get("groups") or []
    except (OSError, ValueError) as e:
        return f"cannot read {os.path.join(out, 'run.json')}: {e}", []
    shapes = group_shapes(binary, model, dtype, os.path.join(d, "ir"), timeout)
    for group in groups:
        group["output_shape"] = shapes.get(group.get("id"))
    # Which groups broadcast weights or copy a load out of another's buffer
    # (main.c's group functions).
    try:
        with open(os.path.join(out, "main.c")) as f:
            functions = f.read().split("static void group_")
    except OSError:
        functions = []
    for group in groups:
        body = next((fn for fn in functions if fn.startswith(f"{group.get('id')}(void)")), "")
        # The broadcast's all-gather of the region's chunk (its DDR reads
        # may sit in the group before: `group_<id>_chunks`), and a load
        # shared along mesh lines.
        group["broadcast"] = ", a, a, b - a);" in body
        group["line"] = "shared along each mesh" in body
        # A load streamed along mesh lines at every step.
        group["stream"] = "streamed along each mesh" in body
        # A copied load (out of another load's buffer, `in<k>`) or a
        # narrowed read (out of an intermediate's, `m<j>`).
        group["copies"] = re.search(r"op_spm_box_copy\(at, (&in|x)\d", body) is not None
        group["narrowed"] = "op_spm_box_copy(at, &m" in body
        # A sliding load (halo rows taken from the other buffer).
        group["slides"] = "op_dma_load_slide(" in body
        # Weights read by the group before (`const_prefetch`).
        group["consts_ahead"] = f"if (i != g{group.get('id')}_first[t]) op_load_const(" in body
    return None, groups


def main():
    args = property_arguments(__doc__, 16)
    setup = property_setup("group_search_property", args)
    if setup is None:
        return 2
    binary, root, seeds = setup
    passed = failed = 0
    multi = split_multi = long_split = unknown = broadcast = lines = streams = copies = narrowed = slides = ahead = 0
    for seed in seeds:
        dtype = "fp32" if seed % 2 else "bf16"
        try:
            msg, groups = check(seed, root, binary, dtype, args.timeout)
        except subprocess.TimeoutExpired:
            msg, groups = f"tx8c timed out after {args.timeout} s", []
        for group in groups:
            broadcast += group.get("broadcast", False)
            lines += group.get("line", False)
            streams += group.get("stream", False)
            copies += group.get("copies", False)
            narrowed += group.get("narrowed", False)
            slides += group.get("slides", False)
            ahead += group.get("consts_ahead", False)
            ops = group.get("ops") or []
            if len(ops) < 2:
                continue
            multi += 1
            if group["output_shape"] is None:
                unknown += 1
            elif time_split(group, group["output_shape"]):
                split_multi += 1
                long_split += len(ops) >= 3
        if msg is None:
            passed += 1
        else:
            failed += 1
            print(f"FAIL seed {seed} ({dtype}): {msg}\n  (model in {os.path.join(root, f'seed{seed}')})")
    print(f"group_search_property: {multi} multi-op groups, {split_multi} of them split in time "
          f"({long_split} with >= 3 ops); {unknown} whose output shape the tx8be IR does not give")
    print(f"group_search_property: {broadcast} groups broadcast their weights, {lines} share a load along mesh lines, {streams} stream one at every step, {copies} copy a load out of another's buffer, "
          f"{narrowed} read an intermediate with a smaller box than its producer's (narrowed reads), {slides} slide a load (halo reuse), "
          f"{ahead} have their weights read by the group before")
    if not args.only and long_split == 0:
        failed += 1
        print("FAIL: no group of >= 3 ops was split in time: the models no longer exercise the search's halos")
    if not args.only and (broadcast == 0 or streams == 0 or copies == 0 or narrowed == 0 or slides == 0 or ahead == 0):
        failed += 1
        print("FAIL: no group broadcast its weights, streamed a load, copied a load, narrowed a read, slid a load or read the next group's weights: the models no longer exercise them")
    return property_finish(args, root, passed, failed)


if __name__ == "__main__":
    sys.exit(main())
