#!/usr/bin/env python3
"""Generate inputs with many blocks, for bench/blocks.sh.

  gen_blocks.py --shape chain   --blocks 24000 > chain.mlir
  gen_blocks.py --shape diamond --blocks 24000 > diamond.mlir
  gen_blocks.py --shape toy     --blocks 24000 > prog.toy

chain:   one function whose blocks form a chain: each block takes two block
         arguments, computes on them, on the function's arguments and on
         values of blocks a few steps back (values used across blocks), and
         ends in `cf.cond_br` to the next block (with arguments) or to the
         one exit block (which so has about N predecessors); every fourth
         block ends in a `cf.br` instead, so its successor can be merged.
         Duplicated expressions (work for -cse), additions of zero and
         multiplications by one (work for -canonicalize).
diamond: one function of diamonds: a head `cf.cond_br` to two sides that
         `cf.br` to a join with a block argument, which heads the next
         diamond (3 blocks per diamond); sides recompute values of the
         dominating heads (work for -cse), one diamond in four has empty
         sides passing values through (work for -canonicalize), one in
         eight branches on a constant.
toy:     a Toy program of N/3 statements (`var` definitions of vectors and
         element-wise adds/muls of earlier ones, a few prints), each of which
         becomes one loop, i.e. about 3 blocks, in `toyc -emit=llvm`.

The MLIR output only uses upstream syntax, so mlir-opt reads it too.
Deterministic: the same arguments give the same file.
"""
import argparse
import random


def chain(n, rnd):
    out = ["func.func @chain(%p0: i64, %p1: i64) -> i64 {",
           "  %zero = arith.constant 0 : i64",
           "  %one = arith.constant 1 : i64",
           "  cf.br ^bb1(%p0, %p1 : i64, i64)"]
    # Values defined so far, by block: block i defines %x{i}, %y{i}.
    for i in range(1, n - 1):
        out.append(f"^bb{i}(%a{i}: i64, %b{i}: i64):")
        out.append(f"  %x{i} = arith.addi %a{i}, %b{i} : i64")
        out.append(f"  %d{i} = arith.addi %a{i}, %b{i} : i64")
        out.append(f"  %y{i} = arith.muli %x{i}, %p0 : i64")
        back = max(1, i - rnd.randint(1, 8))
        if back < i:
            out.append(f"  %z{i} = arith.subi %y{i}, %x{back} : i64")
        else:
            out.append(f"  %z{i} = arith.subi %y{i}, %p1 : i64")
        k = rnd.random()
        if k < 0.2:
            out.append(f"  %w{i} = arith.addi %z{i}, %zero : i64")
        elif k < 0.4:
            out.append(f"  %w{i} = arith.muli %one, %z{i} : i64")
        else:
            out.append(f"  %w{i} = arith.xori %z{i}, %d{i} : i64")
        if i + 1 == n - 1:
            out.append(f"  cf.br ^bb{n - 1}(%w{i} : i64)")
        elif i % 4 == 0:
            out.append(f"  cf.br ^bb{i + 1}(%w{i}, %x{i} : i64, i64)")
        else:
            out.append(f"  %c{i} = arith.cmpi slt, %w{i}, %p1 : i64")
            out.append(f"  cf.cond_br %c{i}, ^bb{i + 1}(%w{i}, %d{i} : i64, i64), ^bb{n - 1}(%y{i} : i64)")
    out.append(f"^bb{n - 1}(%r: i64):")
    out.append("  return %r : i64")
    out.append("}")
    return out


def diamond(n, rnd):
    out = ["func.func @diamond(%p0: i64, %p1: i64) -> i64 {",
           "  %zero = arith.constant 0 : i64",
           "  %true = arith.constant true",
           "  %h0 = arith.addi %p0, %p1 : i64",
           "  cf.br ^j0(%h0 : i64)"]
    diamonds = max(1, (n - 2) // 3)
    for i in range(diamonds):
        out.append(f"^j{i}(%m{i}: i64):")
        out.append(f"  %s{i} = arith.addi %m{i}, %p0 : i64")
        back = max(0, i - rnd.randint(1, 6))
        out.append(f"  %t{i} = arith.muli %s{i}, %m{back} : i64")
        if i % 8 == 7:
            cond = "%true"
        else:
            out.append(f"  %c{i} = arith.cmpi ult, %t{i}, %p1 : i64")
            cond = f"%c{i}"
        out.append(f"  cf.cond_br {cond}, ^l{i}, ^r{i}")
        if i % 4 == 3:
            out.append(f"^l{i}:")
            out.append(f"  cf.br ^j{i + 1}(%s{i} : i64)")
            out.append(f"^r{i}:")
            out.append(f"  cf.br ^j{i + 1}(%t{i} : i64)")
        else:
            out.append(f"^l{i}:")
            out.append(f"  %u{i} = arith.addi %m{i}, %p0 : i64")
            out.append(f"  %lu{i} = arith.subi %u{i}, %t{i} : i64")
            out.append(f"  cf.br ^j{i + 1}(%lu{i} : i64)")
            out.append(f"^r{i}:")
            out.append(f"  %v{i} = arith.muli %s{i}, %m{back} : i64")
            out.append(f"  %rv{i} = arith.addi %v{i}, %zero : i64")
            out.append(f"  cf.br ^j{i + 1}(%rv{i} : i64)")
    out.append(f"^j{diamonds}(%m{diamonds}: i64):")
    out.append(f"  return %m{diamonds} : i64")
    out.append("}")
    return out


def toy(n, rnd):
    stmts = max(2, n // 3)
    out = ["def main() {",
           "  var v0 = [1, 2, 3, 4];",
           "  var v1 = [5, 6, 7, 8];"]
    for i in range(2, stmts):
        a = i - 1
        b = rnd.randint(max(0, i - 6), i - 1)
        op = "+" if rnd.random() < 0.6 else "*"
        if i % 50 == 0:
            out.append(f"  print(v{a});")
        out.append(f"  var v{i} = v{a} {op} v{b};")
    out.append(f"  print(v{stmts - 1});")
    out.append("}")
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--shape", choices=["chain", "diamond", "toy"], required=True)
    ap.add_argument("--blocks", type=int, default=6000)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    rnd = random.Random(a.seed)
    n = max(4, a.blocks)
    lines = {"chain": chain, "diamond": diamond, "toy": toy}[a.shape](n, rnd)
    print("\n".join(lines))


if __name__ == "__main__":
    main()
