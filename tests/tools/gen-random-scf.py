#!/usr/bin/env python3
"""Seeded generator of random valid structured-control-flow programs for the
differential pass suite (tests/diff/run-diff.py, inputs `scf:SEED`): scf.for
loops over index and i32 bounds with iter_args (loop-carried values used,
unused, yielded unchanged), scf.if with and without results and else
branches, scf.while in both lowering forms (a payload in the "after" region,
or a forwarding "after" region, which convert-scf-to-cf turns into a
do-while), nested in one another, with arith compute and memref accesses.

What it aims at is issue 15: -convert-scf-to-cf must place blocks, block
arguments and branches exactly where upstream's SCFToControlFlow.cpp puts
them, whatever the nesting. The programs only need to be valid IR (they are
never run). Each program says which pass sets it runs (`// DIFF-PASS-SETS:`):
cse and the conversions; canonicalization of scf.while and upstream's
CombineIfs/CombineNestedIfs are not in Strata, so -canonicalize is checked on
the hand-written inputs instead.

    gen-random-scf.py --seed 7 [-o out.mlir]
"""
import argparse
import random
import sys

# Indices into run-diff.py's PASS_SETS: -cse, -convert-scf-to-cf,
# -lower-affine -convert-scf-to-cf.
PASS_SETS = "0,13,14"


class Gen:
    def __init__(self, seed):
        self.r = random.Random(seed)
        self.n = 0
        self.lines = []

    def fresh(self, prefix="v"):
        self.n += 1
        return "%%%s%d" % (prefix, self.n)

    def emit(self, depth, text):
        self.lines.append("  " * (depth + 1) + text)

    def pick(self, scope, ty):
        return self.r.choice(scope[ty])

    def arith(self, depth, scope):
        """One arith op; its result joins the scope."""
        k = self.r.random()
        if k < 0.45:
            op = self.r.choice(["addi", "subi", "muli", "xori", "maxsi"])
            v = self.fresh()
            self.emit(depth, "%s = arith.%s %s, %s : i32" % (v, op, self.pick(scope, "i32"), self.pick(scope, "i32")))
            scope["i32"].append(v)
        elif k < 0.65:
            v = self.fresh("c")
            pred = self.r.choice(["slt", "sle", "eq", "ne", "ugt"])
            self.emit(depth, "%s = arith.cmpi %s, %s, %s : i32" % (v, pred, self.pick(scope, "i32"), self.pick(scope, "i32")))
            scope["i1"].append(v)
        elif k < 0.8:
            v = self.fresh("i")
            self.emit(depth, "%s = arith.addi %s, %s : index" % (v, self.pick(scope, "index"), self.pick(scope, "index")))
            scope["index"].append(v)
        elif k < 0.9:
            v = self.fresh()
            self.emit(depth, "%s = memref.load %%m[%s] : memref<?xi32>" % (v, self.pick(scope, "index")))
            scope["i32"].append(v)
        else:
            self.emit(depth, "memref.store %s, %%m[%s] : memref<?xi32>" % (self.pick(scope, "i32"), self.pick(scope, "index")))

    def child(self, scope):
        return {k: list(v) for k, v in scope.items()}

    def body(self, depth, scope, budget):
        for _ in range(self.r.randint(1, 3)):
            self.stmt(depth, scope, budget)

    def stmt(self, depth, scope, budget):
        if depth >= 3 or budget <= 0 or self.r.random() < 0.45:
            self.arith(depth, scope)
            return
        kind = self.r.choice(["for", "for", "if", "if", "while"])
        getattr(self, "gen_" + kind)(depth, scope, budget - 1)

    def gen_for(self, depth, scope, budget):
        on_i32 = self.r.random() < 0.25
        ty = "i32" if on_i32 else "index"
        lb, ub, step = (self.pick(scope, ty) for _ in range(3))
        iv = self.fresh("iv")
        carried = self.r.randint(0, 2)
        args = [self.fresh("a") for _ in range(carried)]
        inits = [self.pick(scope, "i32") for _ in range(carried)]
        results = [self.fresh("r") for _ in range(carried)]
        head = ""
        if carried:
            head = "%s = " % results[0] if carried == 1 else "%s:%d = " % (results[0], carried)
        unsigned = "unsigned " if on_i32 and self.r.random() < 0.3 else ""
        text = "%sscf.for %s%s = %s to %s step %s" % (head, unsigned, iv, lb, ub, step)
        if carried:
            text += " iter_args(%s) -> (%s)" % (", ".join("%s = %s" % p for p in zip(args, inits)), ", ".join(["i32"] * carried))
        if on_i32:
            text += " : i32"
        self.emit(depth, text + " {")
        inner = self.child(scope)
        inner[ty].append(iv)
        inner["i32"].extend(args)
        self.body(depth + 1, inner, budget)
        if carried:
            # Yield a mix of computed values, the iter_args unchanged, and
            # values from outside the loop.
            ys = [self.r.choice([self.pick(inner, "i32"), args[i], self.pick(scope, "i32")]) for i in range(carried)]
            self.emit(depth + 1, "scf.yield %s : %s" % (", ".join(ys), ", ".join(["i32"] * carried)))
        self.emit(depth, "}")
        self.publish(scope, results, carried)

    def publish(self, scope, results, n):
        if n == 1:
            scope["i32"].append(results[0])
        else:
            scope["i32"].extend("%s#%d" % (results[0], i) for i in range(n))

    def gen_if(self, depth, scope, budget):
        n = self.r.randint(0, 2)
        results = [self.fresh("r") for _ in range(n)]
        head = ""
        if n:
            head = "%s = " % results[0] if n == 1 else "%s:%d = " % (results[0], n)
        text = "%sscf.if %s" % (head, self.pick(scope, "i1"))
        if n:
            text += " -> (%s)" % ", ".join(["i32"] * n)
        self.emit(depth, text + " {")
        branches = 2 if n or self.r.random() < 0.5 else 1
        for b in range(branches):
            if b == 1:
                self.emit(depth, "} else {")
            inner = self.child(scope)
            self.body(depth + 1, inner, budget)
            if n:
                ys = [self.pick(inner, "i32") for _ in range(n)]
                self.emit(depth + 1, "scf.yield %s : %s" % (", ".join(ys), ", ".join(["i32"] * n)))
        self.emit(depth, "}")
        self.publish(scope, results, n)

    def gen_while(self, depth, scope, budget):
        n = self.r.randint(1, 2)
        args = [self.fresh("w") for _ in range(n)]
        inits = [self.pick(scope, "i32") for _ in range(n)]
        results = [self.fresh("r") for _ in range(n)]
        tys = ", ".join(["i32"] * n)
        head = "%s = " % results[0] if n == 1 else "%s:%d = " % (results[0], n)
        self.emit(depth, "%sscf.while (%s) : (%s) -> (%s) {" % (head, ", ".join("%s = %s" % p for p in zip(args, inits)), tys, tys))
        before = self.child(scope)
        before["i32"].extend(args)
        self.body(depth + 1, before, budget)
        cond = self.fresh("c")
        self.emit(depth + 1, "%s = arith.cmpi slt, %s, %s : i32" % (cond, self.pick(before, "i32"), self.pick(before, "i32")))
        passed = [self.pick(before, "i32") for _ in range(n)]
        self.emit(depth + 1, "scf.condition(%s) %s : %s" % (cond, ", ".join(passed), tys))
        self.emit(depth, "} do {")
        after_args = [self.fresh("b") for _ in range(n)]
        self.emit(depth, "^bb0(%s):" % ", ".join("%s: i32" % a for a in after_args))
        if self.r.random() < 0.35:
            # Forwarding "after" region: the do-while form.
            self.emit(depth + 1, "scf.yield %s : %s" % (", ".join(after_args), tys))
        else:
            after = self.child(scope)
            after["i32"].extend(after_args)
            self.body(depth + 1, after, budget)
            ys = [self.pick(after, "i32") for _ in range(n)]
            self.emit(depth + 1, "scf.yield %s : %s" % (", ".join(ys), tys))
        self.emit(depth, "}")
        self.publish(scope, results, n)

    def function(self, name):
        self.emit(-1, "func.func @%s(%%n: index, %%s: index, %%c: i1, %%x: i32, %%y: i32, %%m: memref<?xi32>) -> i32 {" % name)
        scope = {"index": ["%n", "%s"], "i1": ["%c"], "i32": ["%x", "%y"]}
        for _ in range(self.r.randint(2, 4)):
            self.stmt(0, scope, 4)
        self.emit(0, "return %s : i32" % self.pick(scope, "i32"))
        self.emit(-1, "}")

    def program(self):
        self.lines.append("// DIFF-PASS-SETS: " + PASS_SETS)
        for i in range(self.r.randint(1, 2)):
            self.function("f%d" % i)
        return "\n".join(self.lines) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("-o", "--output")
    a = ap.parse_args()
    text = Gen(a.seed).program()
    if a.output:
        with open(a.output, "w") as fh:
            fh.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
