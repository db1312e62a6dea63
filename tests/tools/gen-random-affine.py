#!/usr/bin/env python3
"""Seeded generator of random valid affine programs: chains of affine.apply
feeding each other and affine.load/affine.store inside nested affine.for
loops, for the differential pass suite (tests/diff/run-diff.py, inputs
`affine:SEED`).

What it aims at is the class behind issue 12 item 7: canonicalization must
compose every apply chain into the maps of its users
(composeAffineMapAndOperands), fold constant and duplicate operands
(canonicalizeMapAndOperands), simplify by flattening (`s0 + s0 mod 2 - s0`
-> `s0 mod 2`) and with loop bounds (`d0 mod 16` for d0 in [0, 10)). So the
generator mixes: loop induction variables (dims) and function arguments
(symbols) in dim and symbol positions, constants as operands, the same value
passed twice, mod/floordiv/ceildiv by positive constants, products by
constants, terms that cancel, and loops with steps and constant bounds.
For -affine-scalrep (item 9) it also allocates local buffers next to the
memref arguments and reads back / overwrites elements stored earlier, so
stores are forwarded, overwritten stores dropped and dead buffers erased.

With --semi-affine, expressions also multiply by, divide by and take `mod`
of symbols (semi-affine maps), with dividends that are multiples of the
divisor and sums in which such terms cancel: what canonicalization's
semi-affine simplification rewrites (inputs `semi-affine:SEED`).

    gen-random-affine.py --seed 7 [--semi-affine] [-o out.mlir]
"""
import argparse
import random
import sys


class Expr:
    """Builds the text of a random pure affine expression over `nd` dims
    and `ns` symbols."""

    def __init__(self, rng, nd, ns, semi_affine=False):
        self.r, self.nd, self.ns = rng, nd, ns
        self.semi = semi_affine and ns > 0

    def leaf(self):
        choices = ["d%d" % i for i in range(self.nd)] + ["s%d" % i for i in range(self.ns)]
        if not choices or self.r.random() < 0.15:
            return str(self.r.randint(-4, 9))
        return self.r.choice(choices)

    def expr(self, depth):
        if depth <= 0 or self.r.random() < 0.25:
            return self.leaf()
        a = self.expr(depth - 1)
        if self.semi and self.r.random() < 0.4:
            return self.semi_term(a, depth)
        k = self.r.random()
        if k < 0.3:
            return "(%s + %s)" % (a, self.expr(depth - 1))
        if k < 0.42:
            return "(%s - %s)" % (a, self.expr(depth - 1))
        if k < 0.55:
            return "(%s * %d)" % (a, self.r.choice([-3, -1, 2, 3, 4, 8]))
        if k < 0.7:
            return "(%s mod %d)" % (a, self.r.choice([1, 2, 3, 4, 8, 16]))
        if k < 0.85:
            return "(%s floordiv %d)" % (a, self.r.choice([1, 2, 3, 4, 8, 128]))
        if k < 0.93:
            return "(%s ceildiv %d)" % (a, self.r.choice([2, 4, 5, 128]))
        # A term that cancels once duplicate operands are merged.
        b = self.leaf()
        return "(%s + %s - %s)" % (a, b, b)


    def semi_term(self, a, depth):
        """A product with, or a division or `mod` by, a symbol; half of the
        time of a dividend that is a multiple of it."""
        sym = "s%d" % self.r.randrange(self.ns)
        k = self.r.random()
        if k < 0.3:
            return "(%s * %s)" % (a, sym)
        op = self.r.choice(["mod", "floordiv", "ceildiv"])
        if k < 0.65:
            multiple = "(%s * %s)" % (a, sym)
            if self.r.random() < 0.5:
                multiple = "(%s + %s * %d)" % (multiple, sym, self.r.randint(-2, 3))
            return "(%s %s %s)" % (multiple, op, sym)
        if k < 0.8:
            # A term that cancels only when semi-affine terms are flattened.
            b = "(%s * %s)" % (self.leaf(), sym)
            return "(%s + %s - %s)" % (b, self.expr(depth - 1), b)
        return "(%s %s %s)" % (a, op, sym)


class Gen:
    def __init__(self, seed, semi_affine=False):
        self.semi_affine = semi_affine
        self.r = random.Random(seed)
        self.lines = []
        self.n = 0

    def fresh(self, prefix="v"):
        self.n += 1
        return "%%%s%d" % (prefix, self.n)

    def emit(self, indent, s):
        self.lines.append("  " * indent + s)

    def operand(self, dims, syms, consts):
        """An index value: a loop IV, a function argument, an earlier apply
        result or a constant."""
        pool = dims + syms
        k = self.r.random()
        if consts and (k < 0.15 or not pool):
            return self.r.choice(consts)
        return self.r.choice(pool)

    def apply(self, indent, dims, syms, consts, applies):
        nd = self.r.randint(0, 2)
        ns = self.r.randint(0, 2) if syms or consts else 0
        if nd + ns == 0:
            nd = 1
        expr = Expr(self.r, nd, ns, self.semi_affine).expr(self.r.randint(1, 3))
        # Dim operands may be anything; symbols must be valid symbols
        # (function arguments, constants, applies of those).
        dim_ops = [self.operand(dims + applies, syms, consts) for _ in range(nd)]
        if dim_ops and self.r.random() < 0.2:
            dim_ops[-1] = dim_ops[0]  # the same value twice
        sym_ops = [self.r.choice(syms + consts) for _ in range(ns)]
        names = ", ".join("d%d" % i for i in range(nd))
        snames = ", ".join("s%d" % i for i in range(ns))
        m = "affine_map<(%s)%s -> (%s)>" % (names, "[%s]" % snames if ns else "", expr)
        v = self.fresh("a")
        self.emit(indent, "%s = affine.apply %s(%s)%s" % (
            v, m, ", ".join(dim_ops), "[%s]" % ", ".join(sym_ops) if ns else ""))
        return v

    def subscript(self, dims, syms, consts, applies):
        """An access subscript: an apply result, an IV, or an inline
        expression over them."""
        k = self.r.random()
        if applies and k < 0.55:
            return self.r.choice(applies)
        vals = dims + applies
        if vals and k < 0.8:
            v = self.r.choice(vals)
            return "%s + %d" % (v, self.r.randint(0, 3)) if self.r.random() < 0.5 else v
        return self.operand(dims, syms, consts)

    def body(self, indent, dims, syms, consts, memrefs, depth, stored):
        # Accesses stored to so far whose subscripts are visible here.
        stored = list(stored)
        applies = []
        vals = []
        start = len(self.lines)
        for _ in range(self.r.randint(2, 6)):
            k = self.r.random()
            if k < 0.45:
                # Chain: later applies take earlier ones as operands.
                applies.append(self.apply(indent, dims, syms + [a for a in applies if not dims], consts, applies))
            elif k < 0.7:
                if stored and self.r.random() < 0.5:
                    # Read back an element stored earlier (forwarding).
                    m, rank, subs = self.r.choice(stored)
                else:
                    m, rank = self.r.choice(memrefs)
                    subs = ", ".join(self.subscript(dims, syms, consts, applies) for _ in range(rank))
                v = self.fresh("l")
                self.emit(indent, "%s = affine.load %s[%s] : memref<%sf32>" % (v, m, subs, "?x" * rank))
                vals.append(v)
            elif k < 0.9 and vals:
                if stored and self.r.random() < 0.3:
                    # Overwrite an element stored earlier (dead stores).
                    m, rank, subs = self.r.choice(stored)
                else:
                    m, rank = self.r.choice(memrefs)
                    subs = ", ".join(self.subscript(dims, syms, consts, applies) for _ in range(rank))
                self.emit(indent, "affine.store %s, %s[%s] : memref<%sf32>" % (
                    self.r.choice(vals), m, subs, "?x" * rank))
                stored.append((m, rank, subs))
            elif depth > 0:
                iv = self.fresh("i")
                lb = self.r.choice([0, 0, 0, 1, 3])
                ub = lb + self.r.choice([1, 4, 10, 16, 64])
                step = self.r.choice([1, 1, 2, 4])
                self.emit(indent, "affine.for %s = %d to %d%s {" % (
                    iv, lb, ub, " step %d" % step if step != 1 else ""))
                self.body(indent + 1, dims + [iv], syms, consts, memrefs, depth - 1, stored)
                self.emit(indent, "}")
        # Every loop body keeps a store, so no loop becomes empty and is
        # erased: erasing emptied nested loops is issue 12 item 1, which
        # this generator does not target.
        if dims and not any("affine.store" in l for l in self.lines[start:]):
            m, rank = self.r.choice(memrefs)
            subs = ", ".join(self.subscript(dims, syms, consts, applies) for _ in range(rank))
            if not vals:
                v = self.fresh("l")
                self.emit(indent, "%s = affine.load %s[%s] : memref<%sf32>" % (v, m, subs, "?x" * rank))
                vals.append(v)
            self.emit(indent, "affine.store %s, %s[%s] : memref<%sf32>" % (vals[-1], m, subs, "?x" * rank))
        # Keep some apply results alive past the loop body.
        for a in applies:
            if self.r.random() < 0.5 and vals:
                m, rank = self.r.choice(memrefs)
                subs = ", ".join([a] * rank)
                self.emit(indent, "affine.store %s, %s[%s] : memref<%sf32>" % (
                    self.r.choice(vals), m, subs, "?x" * rank))
        return applies

    def function(self, name):
        nidx = self.r.randint(1, 3)
        syms = ["%%n%d" % i for i in range(nidx)]
        memrefs = [("%%m%d" % i, self.r.choice([1, 1, 2])) for i in range(self.r.randint(1, 2))]
        args = ["%s: index" % s for s in syms] + ["%s: memref<%sf32>" % (m, "?x" * r) for m, r in memrefs]
        self.emit(0, "func.func @%s(%s) -> index {" % (name, ", ".join(args)))
        consts = []
        for c in self.r.sample([0, 1, 2, 5, 7], self.r.randint(1, 3)):
            v = "%%c%d" % c
            self.emit(1, "%s = arith.constant %d : index" % (v, c))
            consts.append(v)
        # Local buffers: stores to them must not block forwarding from the
        # arguments, and once their loads are forwarded they are dead.
        buffers = []
        for i in range(self.r.randint(0, 2)):
            b, rank = "%%b%d" % i, self.r.choice([1, 2])
            self.emit(1, "%s = memref.alloc(%s) : memref<%sf32>" % (b, ", ".join([syms[0]] * rank), "?x" * rank))
            buffers.append((b, rank))
        applies = self.body(1, [], syms, consts, memrefs + buffers, depth=self.r.randint(1, 3), stored=[])
        for b, rank in buffers:
            if self.r.random() < 0.5:
                self.emit(1, "memref.dealloc %s : memref<%sf32>" % (b, "?x" * rank))
        # Top-level applies are valid symbols: return one so it survives.
        ret = self.apply(1, [], syms + applies, consts, applies)
        self.emit(1, "return %s : index" % ret)
        self.emit(0, "}")

    def program(self):
        for i in range(self.r.randint(1, 3)):
            self.function("f%d" % i)
        return "\n".join(self.lines) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--semi-affine", action="store_true", help="products with, divisions and mod by symbols")
    ap.add_argument("-o", "--output", default="-")
    a = ap.parse_args()
    text = Gen(a.seed, a.semi_affine).program()
    if a.output == "-":
        sys.stdout.write(text)
    else:
        with open(a.output, "w") as fh:
            fh.write(text)


if __name__ == "__main__":
    main()
