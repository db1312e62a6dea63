#!/usr/bin/env python3
"""Generates one function per element-wise arith fold over huge splat
constants (default `tensor<100000x100000xT>`, 10^10 elements), with operand
values drawn from a seeded list of edge and random values.

The class under test (issue 12, item 2): a fold of splat operands must build
a splat result without expanding the tensor, so `strata-opt -canonicalize`
on this file finishes in milliseconds and prints what mlir-opt prints. A
fold that materialises every element runs out of memory instead.

Usage: gen-splat-folds.py [--seed N] [--shape 100000x100000]
"""
import argparse
import random

INT_BINARY = ["addi", "subi", "muli", "divui", "divsi", "ceildivui", "ceildivsi", "floordivsi",
              "remui", "remsi", "andi", "ori", "xori", "shli", "shrui", "shrsi",
              "maxsi", "maxui", "minsi", "minui"]
INT_EXTENDED = ["addui_extended", "mulsi_extended", "mului_extended"]
CMPI = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"]
FLOAT_BINARY = ["addf", "subf", "mulf", "divf", "remf", "maximumf", "minimumf", "maxnumf", "minnumf"]
CMPF = ["false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule", "une", "uno", "true"]
# (op, source element type, result element type)
CASTS = [("extui", "i32", "i64"), ("extsi", "i32", "i64"), ("extsi", "i1", "i32"), ("extf", "f32", "f64"),
         ("trunci", "i64", "i32"), ("truncf", "f64", "f32"), ("sitofp", "i32", "f32"),
         ("uitofp", "i32", "f32"), ("fptosi", "f32", "i32"), ("fptoui", "f32", "i32"),
         ("index_cast", "i32", "index"), ("index_cast", "index", "i32"),
         ("index_castui", "i32", "index"), ("bitcast", "i32", "f32"), ("bitcast", "f32", "i32")]


def int_value(rng, ty):
    if ty == "i1":
        return rng.choice(["true", "false"])
    edge = [0, 1, -1, 2, 7, -8, 2147483647, -2147483648, 31, 33]
    v = rng.choice(edge) if rng.random() < 0.6 else rng.randint(-2**31, 2**31 - 1)
    if ty == "i64" and rng.random() < 0.3:
        v = rng.randint(-2**63, 2**63 - 1)
    return str(v)


def float_value(rng):
    # Quarter-integers, signed zeros, infinities and NaN: the folded results
    # print the same whatever the float-printing algorithm (issue 12 item 4
    # is tested elsewhere), so a difference here is a folding difference.
    return rng.choice(["0.0", "-0.0", "1.0", "-2.5", "3.0e+00", "1.0e+30", "0x7FC00000", "0x7F800000", "0xFF800000",
                       "%.2f" % (rng.randint(-4096, 4096) / 4)])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--shape", default="100000x100000")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    t = lambda e: "tensor<%sx%s>" % (args.shape, e)
    out = []
    n = 0

    def func(body, ret_types, rets):
        nonlocal n
        out.append("func.func @f%d() -> (%s) {\n%s  return %s : %s\n}\n" % (
            n, ", ".join(ret_types), body, ", ".join(rets), ", ".join(ret_types)))
        n += 1

    def const(name, value, elem):
        return "  %%%s = arith.constant dense<%s> : %s\n" % (name, value, t(elem))

    for op in INT_BINARY:
        a, b = int_value(rng, "i32"), int_value(rng, "i32")
        func(const("a", a, "i32") + const("b", b, "i32") + "  %%r = arith.%s %%a, %%b : %s\n" % (op, t("i32")),
             [t("i32")], ["%r"])
    for op in INT_EXTENDED:
        a, b = int_value(rng, "i32"), int_value(rng, "i32")
        func(const("a", a, "i32") + const("b", b, "i32") +
             "  %%r:2 = arith.%s %%a, %%b : %s%s\n" % (op, t("i32"), ", " + t("i1") if op == "addui_extended" else ""),
             [t("i32"), t("i1") if op == "addui_extended" else t("i32")], ["%r#0", "%r#1"])
    for p in CMPI:
        a, b = int_value(rng, "i32"), int_value(rng, "i32")
        func(const("a", a, "i32") + const("b", b, "i32") + "  %%r = arith.cmpi %s, %%a, %%b : %s\n" % (p, t("i32")),
             [t("i1")], ["%r"])
    for c in ["true", "false"]:
        func(const("c", c, "i1") + const("a", int_value(rng, "i32"), "i32") + const("b", int_value(rng, "i32"), "i32") +
             "  %%r = arith.select %%c, %%a, %%b : %s, %s\n" % (t("i1"), t("i32")), [t("i32")], ["%r"])
    for op in FLOAT_BINARY:
        a, b = float_value(rng), float_value(rng)
        func(const("a", a, "f32") + const("b", b, "f32") + "  %%r = arith.%s %%a, %%b : %s\n" % (op, t("f32")),
             [t("f32")], ["%r"])
    func(const("a", float_value(rng), "f32") + "  %%r = arith.negf %%a : %s\n" % t("f32"), [t("f32")], ["%r"])
    for p in CMPF:
        a, b = float_value(rng), float_value(rng)
        func(const("a", a, "f32") + const("b", b, "f32") + "  %%r = arith.cmpf %s, %%a, %%b : %s\n" % (p, t("f32")),
             [t("i1")], ["%r"])
    for op, src, dst in CASTS:
        v = float_value(rng) if src.startswith("f") else int_value(rng, src if src != "index" else "i32")
        if op == "bitcast" and src == "i32":
            # Bit patterns of floats that print alike in both tools (see float_value).
            v = str(rng.choice([0, 1065353216, -1082130432, 2143289344, 2139095040, 1075838976]))
        func(const("a", v, src) + "  %%r = arith.%s %%a : %s to %s\n" % (op, t(src), t(dst)), [t(dst)], ["%r"])
    print("\n".join(out), end="")


if __name__ == "__main__":
    main()
