#!/usr/bin/env python3
"""Property test of tx8c's layout and constant passes (issue 13).

For seeds 1..N it builds a random small ONNX graph of layout-sensitive
operators (convolutions with channel counts on both sides of the 32/64
channel-block thresholds, depthwise convolutions, pools, batch norms,
element-wise ops with per-channel and scalar constants, residual adds,
channel concats, global pools feeding Flatten + Gemm, transposes feeding
softmax, reshapes), with batch 1 (Tensor/Cx) or 2 (NTensor/NCx), then runs
tx8c twice on the same inputs:

    tx8c model.onnx --run=reference     the tx8be IR on the CPU (layouts do
                                        not exist there: channel_norm is an
                                        identity)
    tx8c model.onnx --run --compare ... the program on the C model, whose
                                        operator library reads and writes the
                                        physical layouts the passes chose

and requires the C model's outputs to equal the reference interpreter's
(tx8c's own comparison: fp32 needs cosine >= 0.9999 and SQNR >= 40 dB, or
every value within 1e-5). A wrong placement, a missing or misdirected
channel_norm or a constant written in the wrong layout scrambles channels,
which these thresholds catch.

    python3 tests/tx8/layout_property.py              # seeds 1..24
    python3 tests/tx8/layout_property.py --seeds 5 --keep /tmp/lp

Last line `N passed, N failed`; exit 1 when anything failed.
"""

import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from modelgen.files import save_model, save_npz  # noqa: E402
from modelgen.graph import Graph, he_weight, normal  # noqa: E402
from modelgen.tx8c_tool import property_arguments, property_finish, property_setup, tx8c  # noqa: E402

CHANNELS = (3, 8, 17, 32, 48, 64, 70, 130)


class Net:
    """A random network under construction: the graph and the current
    tensor's name and NCHW shape."""

    def __init__(self, g, rng, x, shape):
        self.g, self.rng, self.x, self.shape = g, rng, x, list(shape)

    def pick(self, seq):
        return seq[int(self.rng.integers(len(seq)))]

    # -- layers; each updates x and shape --------------------------------------

    def conv(self, c_out=None, k=None, stride=None, depthwise=False):
        n, c, h, w = self.shape
        k = k or self.pick((1, 3))
        stride = stride or (2 if min(h, w) >= 6 and self.rng.random() < 0.3 else 1)
        group = c if depthwise else 1
        c_out = c if depthwise else (c_out or self.pick(CHANNELS))
        wt = self.g.const("w", he_weight(self.rng, (c_out, c // group, k, k), c // group * k * k))
        ins = [self.x, wt]
        if self.rng.random() < 0.6:
            ins.append(self.g.const("b", normal(self.rng, (c_out,), 0.1)))
        self.x = self.g.node("Conv", ins, kernel_shape=[k, k], strides=[stride, stride],
                             pads=[k // 2] * 4, group=group if group != 1 else None)
        self.shape = [n, c_out, (h + 2 * (k // 2) - k) // stride + 1, (w + 2 * (k // 2) - k) // stride + 1]

    def unary(self):
        self.x = self.g.node(self.pick(("Relu", "Sigmoid", "Tanh")), [self.x])

    def channel_const(self):
        c = self.shape[1]
        per_channel = self.rng.random() < 0.7
        value = normal(self.rng, (c, 1, 1) if per_channel else (1,), 0.5)
        self.x = self.g.node(self.pick(("Add", "Mul")), [self.x, self.g.const("k", value)])

    def batchnorm(self):
        c = self.shape[1]
        params = [normal(self.rng, (c,), 0.1, 1.0), normal(self.rng, (c,), 0.1),
                  normal(self.rng, (c,), 0.1), np.abs(normal(self.rng, (c,), 0.2, 1.0)) + 0.1]
        names = [self.g.const(f"bn{i}", p.astype(np.float32)) for i, p in enumerate(params)]
        self.x = self.g.node("BatchNormalization", [self.x] + names, epsilon=1e-5)

    def pool(self):
        n, c, h, w = self.shape
        if min(h, w) < 3:
            return self.unary()
        op = self.pick(("MaxPool", "AveragePool"))
        self.x = self.g.node(op, [self.x], kernel_shape=[3, 3], strides=[2, 2], pads=[1, 1, 1, 1])
        self.shape = [n, c, (h - 1) // 2 + 1, (w - 1) // 2 + 1]

    def residual(self):
        skip = self.x
        self.conv(c_out=self.shape[1], k=3, stride=1)
        self.unary()
        self.x = self.g.node("Add", [self.x, skip])

    def concat(self):
        a, shape = self.x, list(self.shape)
        self.conv(k=1, stride=1)
        c_b = self.shape[1]
        self.x = self.g.node("Concat", [a, self.x], axis=1)
        self.shape = [shape[0], shape[1] + c_b, shape[2], shape[3]]

    def reshape_round_trip(self):
        n, c, h, w = self.shape
        flat = self.g.node("Reshape", [self.x, self.g.ints("s", [n, c, h * w])])
        self.x = self.g.node("Reshape", [flat, self.g.ints("s", [n, c, h, w])])

    def head(self):
        """The end of the network: a classifier, a softmax over channels, or nothing."""
        n, c, h, w = self.shape
        kind = self.pick(("classifier", "softmax", "none"))
        if kind == "classifier":
            p = self.g.node("GlobalAveragePool", [self.x])
            f = self.g.node("Flatten", [p], axis=1)
            classes = self.pick((10, 33, 70))
            wt = self.g.const("fc", he_weight(self.rng, (classes, c), c, gain=1.0))
            self.x = self.g.node("Gemm", [f, wt, self.g.const("fcb", normal(self.rng, (classes,), 0.1))], transB=1)
        elif kind == "softmax":
            t = self.g.node("Transpose", [self.x], perm=[0, 2, 3, 1])
            self.x = self.g.node("Softmax", [t], axis=-1)


def build(seed, directory):
    rng = np.random.default_rng(seed)
    g = Graph(f"layout_property_{seed}", rng)
    n = 1 if rng.random() < 0.6 else 2
    c = int(rng.choice(CHANNELS))
    h, w = int(rng.integers(5, 13)), int(rng.integers(5, 13))
    data = normal(rng, (n, c, h, w))
    net = Net(g, rng, g.input("x", data), (n, c, h, w))
    layers = [net.conv, net.conv, net.unary, net.channel_const, net.batchnorm, net.pool,
              net.residual, net.concat, net.reshape_round_trip,
              lambda: net.conv(depthwise=True)]
    net.conv()
    for _ in range(int(rng.integers(2, 7))):
        layers[int(rng.integers(len(layers)))]()
    net.head()
    g.output(net.x, "y")
    model = g.model(17)
    os.makedirs(directory, exist_ok=True)
    save_model(model, directory, False)
    save_npz(os.path.join(directory, "inputs.npz"), g.input_data)


def check(seed, root, binary, dtype, timeout):
    """Returns None on success, else a failure message."""
    d = os.path.join(root, f"seed{seed}")
    build(seed, d)
    model, inputs = os.path.join(d, "model.onnx"), os.path.join(d, "inputs.npz")
    ref = tx8c(binary, [model, "-o", os.path.join(d, "ref"), "-q", "--dtype", dtype,
                        "--run=reference", "--inputs", inputs], timeout)
    if ref.returncode != 0:
        return f"--run=reference failed ({ref.returncode}): {ref.stderr.strip()[-800:]}"
    card = tx8c(binary, [model, "-o", os.path.join(d, "card"), "-q", "--dtype", dtype, "--run",
                         "--inputs", inputs, "--compare", os.path.join(d, "ref", "outputs.npz")], timeout)
    if card.returncode != 0:
        return f"--run --compare failed ({card.returncode}): {card.stderr.strip()[-800:]}"
    return None


def main():
    args = property_arguments(__doc__, 24, lambda ap: ap.add_argument("--dtype", default="fp32", choices=("fp32", "bf16")))
    setup = property_setup("layout_property", args)
    if setup is None:
        return 2
    binary, root, seeds = setup
    passed = failed = 0
    for seed in seeds:
        msg = check(seed, root, binary, args.dtype, args.timeout)
        if msg is None:
            passed += 1
        else:
            failed += 1
            print(f"FAIL seed {seed} ({args.dtype}): {msg}\n  (model in {os.path.join(root, f'seed{seed}')})")
    return property_finish(args, root, passed, failed)


if __name__ == "__main__":
    sys.exit(main())
