#!/usr/bin/env python3
"""Prints a grouped tx8be module with channel-blocked values for the issue-13
layout tests (tests/tx8be/layouts-run.mlir): a channel_norm of the dense
argument, a 1x1 Conv with Cx weight and bias constants, a blocked Relu, a
blocked 2x2 max Pool, a blocked Binary with a per-channel Cx constant, and a
channel_norm back to dense before the return. Constants are fixed
deterministic patterns (inputs of the test, not expected outputs).

    layout_module.py --n 2 --hw 2 --elem bf16 --cin 36 --cout 130
"""
import argparse


def dev(layout):
    return ("#tx8be.dev_attr<imm_size = 0, mem_layout = <%s>, multi_buf_en = false, multi_buf_num = 1, "
            "out_shape_buf_idx = [], temporal_mem_slice = [], source_type = 0, imm_addr = 0, mem_addr = []>" % layout)


def pattern(n, a, b, m):
    """n values in [-0.5, 0.5): a fixed, non-constant pattern."""
    return [((i * a + b) % m) / m - 0.5 for i in range(n)]


def nest(v, dims):
    if len(dims) == 1:
        return "[" + ", ".join("%.6g" % x for x in v) + "]"
    step = len(v) // dims[0]
    return "[" + ", ".join(nest(v[i * step:(i + 1) * step], dims[1:]) for i in range(dims[0])) + "]"


def module(n, hw, e, ci, co, shard_cout=0):
    blocked = "Cx" if n == 1 else "NCx"
    given = ""
    if shard_cout:
        given = (", tile_parallel = #tx8be.parallel_attr<parallel = <none>, is_dp_inner = false, dp_dim_x = 1, "
                 "dp_dim_y = 1, dp_dim_z = 1, tp_dim_x = 1, tp_dim_y = 1, tp_dim_z = 1, sharding_is_given = true, "
                 f"shape_spatial_sharding = [1, 1, 1, {shard_cout}]>")
    dense = "Tensor" if n == 1 else "NTensor"
    t = f"tensor<{n}x{hw}x{hw}x{ci}x{e}>"
    y = f"tensor<{n}x{hw}x{hw}x{co}x{e}>"
    p = f"tensor<{n}x{hw // 2}x{hw // 2}x{co}x{e}>"
    wt, bt, vt = f"tensor<1x1x{ci}x{co}x{e}>", f"tensor<{co}xf32>", f"tensor<{co}x{e}>"
    out = [f"func.func @main(%x: {t}) -> {p} {{"]
    out.append(f"  %w = tx8be.const {{dev_info = {dev('Cx')}}} dense<{nest(pattern(ci * co, 37, 11, 97), [1, 1, ci, co])}> : {wt}")
    out.append(f"  %bias = tx8be.const {{dev_info = {dev('Cx')}}} dense<{nest(pattern(co, 13, 5, 31), [co])}> : {bt}")
    out.append(f"  %v = tx8be.const {{dev_info = {dev('Cx')}}} dense<{nest(pattern(co, 7, 3, 23), [co])}> : {vt}")

    def group(i, ty, loads, op):
        out.append(f"  %g{i} = tx8be.group -> {ty} attributes {{group_id = {i} : i64}} {{")
        out.extend("    " + load for load in loads)
        out.append("    " + op)
        out.append(f"    %s{i} = tx8be.store_var %y{i} : {ty}")
        out.append(f"    tx8be.yield %s{i} : {ty}")
        out.append("  }")

    group(0, t, [f"%a0 = tx8be.load_var %x : {t}"],
          f'%y0 = tx8be.ChannelNorm(%a0) {{to_blocked = true, blocked = "{blocked}", dev_info = {dev(blocked)}}} : ({t}) -> {t}')
    group(1, y, [f"%a1 = tx8be.load_var %g0 : {t}",
                 f"%w1 = tx8be.load_const %w {{dev_info = {dev('Cx')}}} : {wt}",
                 f"%b1 = tx8be.load_const %bias {{dev_info = {dev('Cx')}}} : {bt}"],
          f"%y1 = tx8be.Conv(%a1, %w1, %b1) {{strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, "
          f"dilations = array<i64: 1, 1>, group = 1 : i64, dev_info = {dev(blocked)}{given}}} : ({t}, {wt}, {bt}) -> {y}")
    group(2, y, [f"%a2 = tx8be.load_var %g1 : {y}"],
          f'%y2 = tx8be.Unary(%a2) {{kind = "relu", dev_info = {dev(blocked)}}} : ({y}) -> {y}')
    group(3, p, [f"%a3 = tx8be.load_var %g2 : {y}"],
          f'%y3 = tx8be.Pool(%a3) {{kind = "max", kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, '
          f'pads = array<i64: 0, 0, 0, 0>, dev_info = {dev(blocked)}}} : ({y}) -> {p}')
    group(4, p, [f"%a4 = tx8be.load_var %g3 : {p}", f"%v4 = tx8be.load_const %v {{dev_info = {dev('Cx')}}} : {vt}"],
          f'%y4 = tx8be.Binary(%a4, %v4) {{kind = "mul", dev_info = {dev(blocked)}}} : ({p}, {vt}) -> {p}')
    group(5, p, [f"%a5 = tx8be.load_var %g4 : {p}"],
          f'%y5 = tx8be.ChannelNorm(%a5) {{to_blocked = false, blocked = "{blocked}", dev_info = {dev(dense)}}} : ({p}) -> {p}')
    out.append(f"  return %g5 : {p}")
    out.append("}")
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=1, help="batch")
    ap.add_argument("--hw", type=int, default=4, help="height = width (even)")
    ap.add_argument("--elem", default="f32", choices=["f32", "bf16", "f16"])
    ap.add_argument("--cin", type=int, default=40)
    ap.add_argument("--cout", type=int, default=72)
    ap.add_argument("--shard-cout", type=int, default=0,
                    help="give the conv's sharding: its output channels over this many tiles (sharding_is_given)")
    a = ap.parse_args()
    print(module(a.n, a.hw, a.elem, a.cin, a.cout, a.shard_cout))


if __name__ == "__main__":
    main()
