#!/usr/bin/env python3
"""Seeded generator of random valid structured-control-flow programs for the
differential pass suite (tests/diff/run-diff.py, inputs `scf:SEED`): scf.for
loops over index and i32 bounds with iter_args (loop-carried values used,
unused, yielded unchanged), scf.if with and without results and else
branches, scf.while in both lowering forms (a payload in the "after" region,
or a forwarding "after" region, which convert-scf-to-cf turns into a
do-while), scf.execute_region with one block or several joined by cf
branches, scf.index_switch on a value or on a constant, scf.parallel with
and without scf.reduce, scf.forall in both bound forms, nested in one
another, with arith compute, memref accesses and a few index constants (so
that trip counts, constant cases and single-iteration loops fold).

What it aims at: -convert-scf-to-cf must place blocks, block arguments and
branches exactly where upstream's SCFToControlFlow.cpp puts them, whatever
the nesting, and -canonicalize must apply upstream's scf patterns (loop and
if folding, while, execute_region, index_switch, parallel and forall
patterns) as upstream does. The programs only need to be valid IR (they
are never run). Each program says which pass sets it runs
(`// DIFF-PASS-SETS:`).

    gen-random-scf.py --seed 7 [-o out.mlir]
"""
import argparse
import random
import sys

# Indices into run-diff.py's PASS_SETS: every set but those for affine
# programs (-affine-scalrep) and the single-dialect llvm lowerings, whose
# inputs must already be lowered: cse, canonicalize (both directions and
# orders, aggressive region simplification), inline, symbol-dce, the scf
# conversions and the whole pipeline to the llvm dialect.
PASS_SETS = "0,1,2,3,4,5,6,7,8,9,12,13,14,19"


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
        kind = self.r.choice(["for", "for", "if", "if", "while", "exec", "switch", "parallel", "forall"])
        getattr(self, "gen_" + kind)(depth, scope, budget - 1)

    def gen_for(self, depth, scope, budget):
        on_i32 = self.r.random() < 0.25
        ty = "i32" if on_i32 else "index"
        lb, ub = self.pick(scope, ty), self.pick(scope, ty)
        step = self.pick(scope, "i32" if on_i32 else "step")
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

    def results_head(self, results):
        n = len(results)
        if not n:
            return ""
        return "%s = " % results[0] if n == 1 else "%s:%d = " % (results[0], n)

    def yield_line(self, depth, values):
        if values:
            self.emit(depth, "scf.yield %s : %s" % (", ".join(values), ", ".join(["i32"] * len(values))))
        else:
            self.emit(depth, "scf.yield")

    def gen_exec(self, depth, scope, budget):
        n = self.r.randint(0, 2)
        results = [self.fresh("r") for _ in range(n)]
        text = "%sscf.execute_region" % self.results_head(results)
        if n:
            text += " -> (%s)" % ", ".join(["i32"] * n)
        self.emit(depth, text + " {")
        entry = self.child(scope)
        self.body(depth + 1, entry, budget)
        if self.r.random() < 0.4:
            # Several blocks: the entry block branches to two exits, each
            # yielding; both see what the entry block defined.
            b1, b2 = self.fresh("bb").replace("%", "^"), self.fresh("bb").replace("%", "^")
            self.emit(depth + 1, "cf.cond_br %s, %s, %s" % (self.pick(entry, "i1"), b1, b2))
            for b in (b1, b2):
                self.emit(depth, "%s:" % b)
                inner = self.child(entry)
                self.body(depth + 1, inner, budget)
                self.yield_line(depth + 1, [self.pick(inner, "i32") for _ in range(n)])
        else:
            self.yield_line(depth + 1, [self.pick(entry, "i32") for _ in range(n)])
        self.emit(depth, "}")
        self.publish(scope, results, n)

    def gen_switch(self, depth, scope, budget):
        n = self.r.randint(0, 2)
        results = [self.fresh("r") for _ in range(n)]
        cases = sorted(self.r.sample(range(-1, 6), self.r.randint(0, 3)))
        text = "%sscf.index_switch %s" % (self.results_head(results), self.pick(scope, "index"))
        if n:
            text += " -> %s" % ", ".join(["i32"] * n)
        self.emit(depth, text)
        for label in ["case %d" % c for c in cases] + ["default"]:
            self.emit(depth, label + " {")
            inner = self.child(scope)
            self.body(depth + 1, inner, budget)
            self.yield_line(depth + 1, [self.pick(inner, "i32") for _ in range(n)])
            self.emit(depth, "}")
        self.publish(scope, results, n)

    def loop_bounds(self, scope, dims):
        """`(lbs) to (ubs) step (steps)` of a parallel loop over `dims`."""
        lbs = [self.pick(scope, "index") for _ in range(dims)]
        ubs = [self.pick(scope, "index") for _ in range(dims)]
        steps = [self.pick(scope, "step") for _ in range(dims)]
        return "(%s) to (%s) step (%s)" % (", ".join(lbs), ", ".join(ubs), ", ".join(steps))

    def gen_parallel(self, depth, scope, budget):
        dims = self.r.randint(1, 2)
        ivs = [self.fresh("iv") for _ in range(dims)]
        bounds = self.loop_bounds(scope, dims)
        n = self.r.randint(0, 2)
        results = [self.fresh("r") for _ in range(n)]
        text = "%sscf.parallel (%s) = %s" % (self.results_head(results), ", ".join(ivs), bounds)
        if n:
            text += " init (%s) -> (%s)" % (", ".join(self.pick(scope, "i32") for _ in range(n)), ", ".join(["i32"] * n))
        self.emit(depth, text + " {")
        inner = self.child(scope)
        inner["index"].extend(ivs)
        self.body(depth + 1, inner, budget)
        if n:
            reduced = [self.pick(inner, "i32") for _ in range(n)]
            self.emit(depth + 1, "scf.reduce(%s : %s) {" % (", ".join(reduced), ", ".join(["i32"] * n)))
            for i in range(n):
                if i:
                    self.emit(depth + 1, "}, {")
                lhs, rhs, out = self.fresh("l"), self.fresh("q"), self.fresh("o")
                self.emit(depth + 1, "^bb0(%s: i32, %s: i32):" % (lhs, rhs))
                op = self.r.choice(["addi", "muli", "maxsi", "xori"])
                self.emit(depth + 2, "%s = arith.%s %s, %s : i32" % (out, op, lhs, rhs))
                self.emit(depth + 2, "scf.reduce.return %s : i32" % out)
            self.emit(depth + 1, "}")
        self.emit(depth, "}")
        self.publish(scope, results, n)

    def gen_forall(self, depth, scope, budget):
        dims = self.r.randint(1, 2)
        ivs = [self.fresh("iv") for _ in range(dims)]
        if self.r.random() < 0.5:
            ubs = [self.r.choice([self.pick(scope, "index"), str(self.r.randint(1, 4))]) for _ in range(dims)]
            self.emit(depth, "scf.forall (%s) in (%s) {" % (", ".join(ivs), ", ".join(ubs)))
        else:
            self.emit(depth, "scf.forall (%s) = %s {" % (", ".join(ivs), self.loop_bounds(scope, dims)))
        inner = self.child(scope)
        inner["index"].extend(ivs)
        self.body(depth + 1, inner, budget)
        # The body has no results to give back: it only stores.
        self.emit(depth + 1, "memref.store %s, %%m[%s] : memref<?xi32>" % (self.pick(inner, "i32"), self.pick(inner, "index")))
        self.emit(depth, "}")

    def function(self, name):
        self.emit(-1, "func.func @%s(%%n: index, %%s: index, %%c: i1, %%x: i32, %%y: i32, %%m: memref<?xi32>) -> i32 {" % name)
        scope = {"index": ["%n", "%s"], "i1": ["%c"], "i32": ["%x", "%y"], "step": ["%s"]}
        # A few index constants, so that trip counts, constant switch cases
        # and single-iteration loops fold under -canonicalize. Steps are
        # positive constants or %s (loops with a zero constant step are
        # invalid).
        for value in sorted(self.r.sample(range(0, 5), self.r.randint(0, 3))):
            name = "%%k%d" % value
            self.emit(0, "%s = arith.constant %d : index" % (name, value))
            scope["index"].append(name)
            if value:
                scope["step"].append(name)
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
