#!/usr/bin/env python3
"""Seeded generator of a UNet-like OneFlow module with planted duplicates.

bench/oneflow-cse.sh runs the OneFlow CSE flow on its output and checks that
every planted duplicate is removed. The module holds --funcs functions, each
a chain of Stable-Diffusion-style blocks on NHWC tensors (2x64x64xC, f16):

  resnet block: group_norm, silu, transpose(weight variable), conv2d,
                broadcast_add (time embedding), group_norm, silu,
                transpose, conv2d, add_n2 (residual)
  attention-ish: reshape to (8192, C), matmul with a variable, reshape back
  up blocks:    concat with the matching down block's output, then a conv2d
                that brings the channels back

Every op has a unique op_name and its block's scope_symbol_id, so without
the pre-pass nothing is equal. Duplicates are planted as OneFlow's graphs
have them: a second transpose + conv2d of the same weight and input (2 ops),
a second silu (1), a second f16->f32 cast (1), a second reshape whose
matmul then also becomes a duplicate (2); each pair feeds an add_n so both
copies are used. The number of planted duplicates goes to stderr as
`planted=N` and into the module as a comment; exactly those must vanish.

Usage: gen_oneflow_unet.py [--ops 10000] [--funcs 4] [--seed 1] > unet.mlir
"""

import argparse
import random
import sys

C = 320
N, H, W = 2, 64, 64
GROUPS = 32


class Gen:
    def __init__(self, rng, func_index):
        self.rng = rng
        self.lines = []
        self.next_value = 0
        self.next_name = 0
        self.f = func_index
        self.scope = 100
        self.ops = 0
        self.planted = 0

    def value(self):
        self.next_value += 1
        return f"%v{self.next_value}"

    def name(self, kind):
        self.next_name += 1
        return f"unet{self.f}.{kind}-{self.next_name}"

    def base(self, kind):
        return (f'device_name = ["@0:0"], device_tag = "cuda", hierarchy = [1], '
                f'op_name = "{self.name(kind)}", scope_symbol_id = {self.scope} : i64')

    def op(self, text):
        self.lines.append("    " + text)
        self.ops += 1

    def t(self, c=C, dtype="f16"):
        return f"tensor<{N}x{H}x{W}x{c}x{dtype}>"

    # -- single ops ---------------------------------------------------------

    def variable(self, shape):
        v = self.value()
        dims = ", ".join(str(d) for d in shape)
        ty = "tensor<" + "x".join(str(d) for d in shape) + "xf16>"
        self.op(f'{v} = "oneflow.variable"() {{{self.base("variable")}, shape = [{dims}]}} : () -> {ty}')
        return v

    def transpose(self, w, cin, kind="transpose"):
        v = self.value()
        self.op(f'{v} = "oneflow.transpose"({w}) {{{self.base(kind)}, perm = [0 : si32, 2 : si32, 3 : si32, 1 : si32]}} '
                f': (tensor<{C}x{cin}x3x3xf16>) -> tensor<{C}x3x3x{cin}xf16>')
        return v

    def conv(self, x, wt, b, cin):
        v = self.value()
        attrs = ('data_format = "channels_last", dilation_rate = [1 : si32, 1 : si32], '
                 f'filters = {C} : si32, groups = 1 : si32, kernel_size = [3 : si32, 3 : si32], '
                 'operand_segment_sizes = array<i32: 1, 1, 1, 0>, padding_before = [1 : si32, 1 : si32], '
                 'strides = [1 : si32, 1 : si32], tuning_cache = ""')
        self.op(f'{v} = "oneflow.conv2d"({x}, {wt}, {b}) {{{self.base("conv2d")}, {attrs}}} '
                f': ({self.t(cin)}, tensor<{C}x3x3x{cin}xf16>, tensor<{C}xf16>) -> {self.t()}')
        return v

    def unary(self, kind, x):
        v = self.value()
        self.op(f'{v} = "oneflow.{kind}"({x}) {{{self.base(kind)}}} : ({self.t()}) -> {self.t()}')
        return v

    def group_norm(self, x):
        y, mean, inv = self.value(), self.value(), self.value()
        self.op(f'{y}, {mean}, {inv} = "oneflow.group_norm"({x}) {{{self.base("group_norm")}, activation = "none", '
                f'affine = false, data_format = "channels_last", epsilon = 1.000000e-05 : f64, num_groups = {GROUPS} : si32, '
                f'operand_segment_sizes = array<i32: 1, 0, 0>}} : ({self.t()}) -> ({self.t()}, tensor<{N}x{GROUPS}xf16>, tensor<{N}x{GROUPS}xf16>)')
        return y

    def add_n(self, xs, ty=None):
        v = self.value()
        ty = ty or self.t()
        self.op(f'{v} = "oneflow.add_n"({", ".join(xs)}) {{{self.base("add_n")}, op_type_name = "add_n"}} '
                f': ({", ".join([ty] * len(xs))}) -> {ty}')
        return v

    def add_n2(self, a, b):
        v = self.value()
        self.op(f'{v} = "oneflow.add_n2"({a}, {b}) {{{self.base("add_n2")}, op_type_name = "add_n"}} '
                f': ({self.t()}, {self.t()}) -> {self.t()}')
        return v

    def broadcast_add(self, x, temb):
        v = self.value()
        self.op(f'{v} = "oneflow.broadcast_add"({x}, {temb}) {{{self.base("broadcast_add")}}} '
                f': ({self.t()}, tensor<{N}x1x1x{C}xf16>) -> {self.t()}')
        return v

    def cast(self, x, to):
        v = self.value()
        src, dst, dtype = ("f16", "f32", 2) if to == "f32" else ("f32", "f16", 9)
        self.op(f'{v} = "oneflow.cast"({x}) {{{self.base("cast")}, dtype = {dtype} : i32, pin_memory = false}} '
                f': ({self.t(dtype=src)}) -> {self.t(dtype=dst)}')
        return v

    def reshape(self, x, to_flat):
        v = self.value()
        flat = f"tensor<{N * H * W}x{C}xf16>"
        if to_flat:
            self.op(f'{v} = "oneflow.reshape"({x}) {{{self.base("reshape")}, shape = [{N * H * W}, {C}]}} : ({self.t()}) -> {flat}')
        else:
            self.op(f'{v} = "oneflow.reshape"({x}) {{{self.base("reshape")}, shape = [{N}, {H}, {W}, {C}]}} : ({flat}) -> {self.t()}')
        return v

    def matmul(self, a, w):
        v = self.value()
        flat = f"tensor<{N * H * W}x{C}xf16>"
        self.op(f'{v} = "oneflow.matmul"({a}, {w}) {{{self.base("matmul")}, alpha = 1.000000e+00 : f64, '
                f'operand_segment_sizes = array<i32: 1, 1, 0>, transpose_a = false, transpose_b = false}} '
                f': ({flat}, tensor<{C}x{C}xf16>) -> {flat}')
        return v

    def concat(self, a, b):
        v = self.value()
        self.op(f'{v} = "oneflow.concat"({a}, {b}) {{{self.base("concat")}, axis = 3 : si64, max_dim_size = {2 * C} : si64}} '
                f': ({self.t()}, {self.t()}) -> {self.t(2 * C)}')
        return v

    # -- blocks -------------------------------------------------------------

    def conv_of(self, x, cin, duplicate):
        w = self.variable([C, cin, 3, 3])
        b = self.variable([C])
        wt = self.transpose(w, cin, "conv2d_transpose_input")
        y = self.conv(x, wt, b, cin)
        if not duplicate:
            return y
        wt2 = self.transpose(w, cin, "conv2d_transpose_input")
        y2 = self.conv(x, wt2, b, cin)
        self.planted += 2
        return self.add_n([y, y2])

    def silu_of(self, x, duplicate):
        y = self.unary("silu", x)
        if not duplicate:
            return y
        y2 = self.unary("silu", x)
        self.planted += 1
        return self.add_n([y, y2])

    def resnet(self, x, temb, p):
        self.scope += 1
        h = self.group_norm(x)
        h = self.silu_of(h, self.rng.random() < p)
        h = self.conv_of(h, C, self.rng.random() < p)
        h = self.broadcast_add(h, temb)
        if self.rng.random() < p:
            # An f32 round trip whose cast is computed twice.
            c1 = self.cast(h, "f32")
            c2 = self.cast(h, "f32")
            self.planted += 1
            h = self.cast(self.add_n([c1, c2], self.t(dtype="f32")), "f16")
        h = self.group_norm(h)
        h = self.silu_of(h, self.rng.random() < p)
        h = self.conv_of(h, C, self.rng.random() < p)
        return self.add_n2(x, h)

    def attention(self, x, p):
        self.scope += 1
        w = self.variable([C, C])
        r = self.reshape(x, True)
        m = self.matmul(r, w)
        if self.rng.random() < p:
            r2 = self.reshape(x, True)
            m2 = self.matmul(r2, w)
            self.planted += 2
            m = self.add_n([m, m2], f"tensor<{N * H * W}x{C}xf16>")
        return self.add_n2(x, self.reshape(m, False))

    def up(self, x, skip, p):
        self.scope += 1
        cat = self.concat(x, skip)
        return self.conv_of(cat, 2 * C, self.rng.random() < p)


def gen_function(rng, index, ops_budget, p):
    g = Gen(rng, index)
    skips = []
    x, temb = "%arg0", "%arg1"
    # Down path until half the budget, then the up path consumes the skips.
    while g.ops < ops_budget // 2:
        x = g.resnet(x, temb, p)
        x = g.attention(x, p)
        skips.append(x)
    while skips and g.ops < ops_budget:
        x = g.up(x, skips.pop(), p)
        x = g.resnet(x, temb, p)
    while g.ops < ops_budget:
        x = g.resnet(x, temb, p)
    t = g.t()
    head = f'  func.func @unet_{index}(%arg0: {t}, %arg1: tensor<{N}x1x1x{C}xf16>) -> {t} {{'
    return [head] + g.lines + [f"    return {x} : {t}", "  }"], g.ops, g.planted


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ops", type=int, default=10000, help="approximate number of oneflow ops")
    ap.add_argument("--funcs", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--dup-probability", type=float, default=0.3)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    out, total_ops, planted = [], 0, 0
    for f in range(args.funcs):
        lines, ops, dups = gen_function(rng, f, args.ops // args.funcs, args.dup_probability)
        out += lines
        total_ops += ops
        planted += dups
    sys.stdout.write(f"// gen_oneflow_unet.py --ops {args.ops} --funcs {args.funcs} --seed {args.seed}: "
                     f"{total_ops} oneflow ops, planted={planted}\n")
    sys.stdout.write("module {\n" + "\n".join(out) + "\n}\n")
    print(f"ops={total_ops} planted={planted}", file=sys.stderr)


if __name__ == "__main__":
    main()
