#!/usr/bin/env python3
"""Prints a grouped tx8be module whose one group holds several compute ops
(the multi-op group contract, crates/tx8be/OPS.md "Groups"), for the
fusion tests (tests/tx8be/groups-run.mlir and the pass tests):

  conv_relu       Conv 1x1 (+bias) -> Relu
  conv_add_relu   Conv 1x1 (+bias) -> Add (the conv's input again: the same
                  external value loaded twice, a ResNet bottleneck's tail)
                  -> Relu; with --k 3 the conv reads halo rows the add
                  does not (the add's box lies inside the conv's)
  conv_relu_conv  Conv 3x3 pad 1 -> Relu -> Conv 3x3 pad 1 (a windowed op
                  reading an intermediate: halo rows recomputed per step)
  conv_relu_conv_add
                  Conv 3x3 -> Relu (r) -> Conv 3x3 -> Add r -> Relu: the
                  intermediate r is read by the second conv with halo rows
                  and by the add without (a narrowed read: the add's box is
                  copied out of r's buffer)
  gemm_unary      Gemm (+bias) -> Unary (gelu)

--group G gives every conv G groups (weight [k, k, cin/G, cout]; the
grouped-conv split tests, tests/tx8be/conv-groups-split-run.mlir).
--split prints the same computation as one-op groups (every intermediate
through DDR), the baseline of the fusion figures. Constants are fixed
deterministic patterns (inputs of the test, not expected outputs).

    fused_module.py conv_add_relu --n 1 --hw 56 --cin 64 --cout 64 --elem bf16
"""
import argparse


def pattern(n, a, b, m, scale):
    """n values in [-scale/2, scale/2): a fixed, non-constant pattern."""
    return [(((i * a + b) % m) / m - 0.5) * scale for i in range(n)]


def nest(v, dims):
    if len(dims) == 1:
        return "[" + ", ".join("%.6g" % x for x in v) + "]"
    step = len(v) // dims[0]
    return "[" + ", ".join(nest(v[i * step:(i + 1) * step], dims[1:]) for i in range(dims[0])) + "]"


class Module:
    def __init__(self):
        self.lines = []
        self.groups = 0

    def const(self, name, dims, ty, seed, attrs=None):
        n = 1
        for d in dims:
            n *= d
        # Small weights keep sums of many products in range for bf16.
        v = pattern(n, 37 + seed, 11 + seed, 97 + 2 * seed, 0.5)
        a = f" {{dev_info = {attrs}}}" if attrs else ""
        self.lines.append(f"  %{name} = tx8be.const{a} dense<{nest(v, dims)}> : {ty}")

    def group(self, out_ty, body):
        """body: list of (kind, text) with kind 'load' or 'op'; the last op's
        result %yN is stored."""
        i = self.groups
        self.groups += 1
        self.lines.append(f"  %g{i} = tx8be.group -> {out_ty} attributes {{group_id = {i} : i64}} {{")
        for text in body:
            self.lines.append("    " + text.replace("{i}", str(i)))
        self.lines.append(f"    %s{i} = tx8be.store_var %y{i} : {out_ty}")
        self.lines.append(f"    tx8be.yield %s{i} : {out_ty}")
        self.lines.append("  }")
        return f"%g{i}"


def dev(layout):
    return ("#tx8be.dev_attr<imm_size = 0, mem_layout = <%s>, multi_buf_en = false, multi_buf_num = 1, "
            "out_shape_buf_idx = [], temporal_mem_slice = [], source_type = 0, imm_addr = 0, mem_addr = []>" % layout)


# The conv reads and writes channel-blocked values (Cx for batch 1, NCx
# otherwise); the module blocks its argument and unblocks its result with
# channel_norm groups, as tx8be-layout-align-to-npu would.
BLOCKED = {"v": "Cx"}


def conv_text(res, x, w, b, xt, wt, bt, yt, pad, group=1):
    return (f"{res} = tx8be.Conv({x}, {w}, {b}) {{strides = array<i64: 1, 1>, pads = array<i64: {pad}, {pad}, {pad}, {pad}>, "
            f"dilations = array<i64: 1, 1>, group = {group} : i64, dev_info = {dev(BLOCKED['v'])}}} : ({xt}, {wt}, {bt}) -> {yt}")


def build(kind, n, hw, ci, co, e, split, kernel=None, group=1):
    m = Module()
    t = lambda c: f"tensor<{n}x{hw}x{hw}x{c}x{e}>"
    if kind == "gemm_unary":
        a_t, b_t, bias_t, y_t = f"tensor<{n}x{ci}x{e}>", f"tensor<{ci}x{co}x{e}>", f"tensor<{co}xf32>", f"tensor<{n}x{co}x{e}>"
        m.lines.append(f"func.func @main(%x: {a_t}) -> {y_t} {{")
        m.const("w", [ci, co], b_t, 1)
        m.const("bias", [co], bias_t, 2)
        gemm = lambda res, a: f"{res} = tx8be.Gemm({a}, %wl{{i}}, %bl{{i}}) : ({a_t}, {b_t}, {bias_t}) -> {y_t}"
        loads = [f"%a{{i}} = tx8be.load_var %x : {a_t}", f"%wl{{i}} = tx8be.load_const %w : {b_t}", f"%bl{{i}} = tx8be.load_const %bias : {bias_t}"]
        gelu = lambda res, a: f'{res} = tx8be.Unary({a}) {{kind = "gelu"}} : ({y_t}) -> {y_t}'
        if split:
            g = m.group(y_t, loads + [gemm("%y{i}", "%a{i}")])
            g = m.group(y_t, [f"%a{{i}} = tx8be.load_var {g} : {y_t}", gelu("%y{i}", "%a{i}")])
        else:
            g = m.group(y_t, loads + [gemm("%c{i}", "%a{i}"), gelu("%y{i}", "%c{i}")])
        m.lines.append(f"  return {g} : {y_t}")
        m.lines.append("}")
        return "\n".join(m.lines)

    x_t, y_t = t(ci), t(co)
    k = kernel or (3 if kind in ("conv_relu_conv", "conv_relu_conv_add") else 1)
    pad = k // 2
    blocked = "Cx" if n == 1 else "NCx"
    dense = "Tensor" if n == 1 else "NTensor"
    BLOCKED["v"] = blocked
    cx = dev("Cx")
    assert ci % group == 0 and co % group == 0, "groups must divide cin and cout"
    w_t, bias_t = f"tensor<{k}x{k}x{ci // group}x{co}x{e}>", f"tensor<{co}xf32>"
    m.lines.append(f"func.func @main(%arg: {x_t}) -> {y_t} {{")
    m.const("w", [k, k, ci // group, co], w_t, 1, cx)
    m.const("bias", [co], bias_t, 2, cx)
    x = m.group(x_t, [f"%a{{i}} = tx8be.load_var %arg : {x_t}",
                      f'%y{{i}} = tx8be.ChannelNorm(%a{{i}}) {{to_blocked = true, blocked = "{blocked}", dev_info = {dev(blocked)}}} : ({x_t}) -> {x_t}'])
    conv_loads = lambda src, st: [f"%a{{i}} = tx8be.load_var {src} : {st}", f"%wl{{i}} = tx8be.load_const %w {{dev_info = {cx}}} : {w_t}",
                                  f"%bl{{i}} = tx8be.load_const %bias {{dev_info = {cx}}} : {bias_t}"]
    conv = lambda res, a, xt: conv_text(res, a, "%wl{i}", "%bl{i}", xt, w_t, bias_t, y_t, pad, group)
    relu = lambda res, a: f'{res} = tx8be.Unary({a}) {{kind = "relu", dev_info = {dev(blocked)}}} : ({y_t}) -> {y_t}'
    if kind == "conv_relu":
        if split:
            g = m.group(y_t, conv_loads(x, x_t) + [conv("%y{i}", "%a{i}", x_t)])
            g = m.group(y_t, [f"%a{{i}} = tx8be.load_var {g} : {y_t}", relu("%y{i}", "%a{i}")])
        else:
            g = m.group(y_t, conv_loads(x, x_t) + [conv("%c{i}", "%a{i}", x_t), relu("%y{i}", "%c{i}")])
    elif kind == "conv_add_relu":
        assert ci == co, "the residual add needs cin == cout"
        add = lambda res, a, r: f'{res} = tx8be.Binary({a}, {r}) {{kind = "add", dev_info = {dev(blocked)}}} : ({y_t}, {y_t}) -> {y_t}'
        if split:
            c = m.group(y_t, conv_loads(x, x_t) + [conv("%y{i}", "%a{i}", x_t)])
            s = m.group(y_t, [f"%a{{i}} = tx8be.load_var {c} : {y_t}", f"%r{{i}} = tx8be.load_var {x} : {x_t}", add("%y{i}", "%a{i}", "%r{i}")])
            g = m.group(y_t, [f"%a{{i}} = tx8be.load_var {s} : {y_t}", relu("%y{i}", "%a{i}")])
        else:
            g = m.group(y_t, conv_loads(x, x_t) + [conv("%c{i}", "%a{i}", x_t), f"%r{{i}} = tx8be.load_var {x} : {x_t}", add("%d{i}", "%c{i}", "%r{i}"), relu("%y{i}", "%d{i}")])
    elif kind == "conv_relu_conv_add":
        assert ci == co, "the second conv and the add read the first's channels"
        add = lambda res, a, r: f'{res} = tx8be.Binary({a}, {r}) {{kind = "add", dev_info = {dev(blocked)}}} : ({y_t}, {y_t}) -> {y_t}'
        second = [f"%wm{{i}} = tx8be.load_const %w {{dev_info = {cx}}} : {w_t}", f"%bm{{i}} = tx8be.load_const %bias {{dev_info = {cx}}} : {bias_t}",
                  conv_text("%e{i}", "%r{i}", "%wm{i}", "%bm{i}", y_t, w_t, bias_t, y_t, pad, group)]
        if split:
            c = m.group(y_t, conv_loads(x, x_t) + [conv("%y{i}", "%a{i}", x_t)])
            r = m.group(y_t, [f"%a{{i}} = tx8be.load_var {c} : {y_t}", relu("%y{i}", "%a{i}")])
            e2 = m.group(y_t, conv_loads(r, y_t) + [conv("%y{i}", "%a{i}", y_t)])
            s = m.group(y_t, [f"%a{{i}} = tx8be.load_var {e2} : {y_t}", f"%q{{i}} = tx8be.load_var {r} : {y_t}", add("%y{i}", "%a{i}", "%q{i}")])
            g = m.group(y_t, [f"%a{{i}} = tx8be.load_var {s} : {y_t}", relu("%y{i}", "%a{i}")])
        else:
            g = m.group(y_t, conv_loads(x, x_t) + [conv("%c{i}", "%a{i}", x_t), relu("%r{i}", "%c{i}")] + second + [add("%d{i}", "%e{i}", "%r{i}"), relu("%y{i}", "%d{i}")])
    elif kind == "conv_relu_conv":
        assert ci == co, "the second conv reads the first's channels"
        if split:
            c = m.group(y_t, conv_loads(x, x_t) + [conv("%y{i}", "%a{i}", x_t)])
            r = m.group(y_t, [f"%a{{i}} = tx8be.load_var {c} : {y_t}", relu("%y{i}", "%a{i}")])
            g = m.group(y_t, conv_loads(r, y_t) + [conv("%y{i}", "%a{i}", y_t)])
        else:
            second = [f"%wm{{i}} = tx8be.load_const %w {{dev_info = {cx}}} : {w_t}", f"%bm{{i}} = tx8be.load_const %bias {{dev_info = {cx}}} : {bias_t}",
                      conv_text("%y{i}", "%r{i}", "%wm{i}", "%bm{i}", y_t, w_t, bias_t, y_t, pad, group)]
            g = m.group(y_t, conv_loads(x, x_t) + [conv("%c{i}", "%a{i}", x_t), relu("%r{i}", "%c{i}")] + second)
    else:
        raise SystemExit(f"unknown kind {kind}")
    g = m.group(y_t, [f"%a{{i}} = tx8be.load_var {g} : {y_t}",
                      f'%y{{i}} = tx8be.ChannelNorm(%a{{i}}) {{to_blocked = false, blocked = "{blocked}", dev_info = {dev(dense)}}} : ({y_t}) -> {y_t}'])
    m.lines.append(f"  return {g} : {y_t}")
    m.lines.append("}")
    return "\n".join(m.lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("kind", choices=["conv_relu", "conv_add_relu", "conv_relu_conv", "conv_relu_conv_add", "gemm_unary"])
    ap.add_argument("--n", type=int, default=1, help="batch (GEMM: rows of A)")
    ap.add_argument("--hw", type=int, default=8, help="height = width")
    ap.add_argument("--elem", default="f32", choices=["f32", "bf16", "f16"])
    ap.add_argument("--cin", type=int, default=16, help="input channels (GEMM: K)")
    ap.add_argument("--cout", type=int, default=16, help="output channels (GEMM: N)")
    ap.add_argument("--split", action="store_true", help="one op per group instead")
    ap.add_argument("--k", type=int, choices=[1, 3], help="conv kernel size (default: 3 for conv_relu_conv and conv_relu_conv_add, else 1)")
    ap.add_argument("--group", type=int, default=1, help="groups of every conv (weight [k, k, cin/group, cout])")
    a = ap.parse_args()
    print(build(a.kind, a.n, a.hw, a.cin, a.cout, a.elem, a.split, a.k, a.group))


if __name__ == "__main__":
    main()
