#!/usr/bin/env python3
"""Seeded generator of random valid llvm-dialect programs for the
differential pass suite (tests/diff/run-diff.py, inputs `llvm:SEED`).

Each program is a few `llvm.func`s (one private and maybe never called, for
-symbol-dce and -inline) whose bodies are forward-branching block graphs:
`llvm.br` / `llvm.cond_br` / `llvm.switch` with block arguments, integer
and float arithmetic with overflow and fastmath flags, `llvm.icmp` and
`llvm.fcmp`, `llvm.select`, casts, `llvm.mlir.constant` (repeated values,
so CSE and the folder have something to merge), `llvm.alloca`,
`llvm.getelementptr`, `llvm.load` / `llvm.store` (loads repeated with and
without a store between, some results unused, some volatile), aggregates
through `llvm.mlir.poison` + `llvm.insertvalue` / `llvm.extractvalue`,
and `llvm.call`s. What it aims at is issue 29: -cse and -canonicalize on
the llvm dialect (equal loads merged, dead loads erased, constants folded
and hoisted) and the generic form of every op. The programs only need to be
valid IR (they are never run).

    gen-random-llvm.py --seed 7 [-o out.mlir]
"""
import argparse
import random
import sys

INT_TYPES = ("i32", "i64")
INT_BINARY = ("add", "sub", "mul", "and", "or", "xor", "shl", "lshr", "ashr", "sdiv", "udiv", "srem", "urem")
OVERFLOW = ("add", "sub", "mul", "shl")
FLOAT_BINARY = ("fadd", "fsub", "fmul", "fdiv")
ICMP = ("eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge")
FCMP = ("oeq", "one", "olt", "ole", "ogt", "oge", "ueq", "une", "ult", "ord", "uno")
STRUCT = "!llvm.struct<(i32, i64)>"


def llvm_type(t):
    """The type's spelling ("ptr" is the scope's key for !llvm.ptr)."""
    return "!llvm.ptr" if t == "ptr" else t


# Indices into run-diff.py's PASS_SETS: every pass set but the conversions
# (nothing of these programs is left to convert) and the func.func-anchored
# pipeline (it does not reach an llvm.func).
PASS_SETS = "0,1,2,3,4,5,6,7,9"


class Gen:
    def __init__(self, seed):
        self.r = random.Random(seed)
        self.n = 0
        self.lines = []

    def fresh(self):
        self.n += 1
        return "%%v%d" % self.n

    def emit(self, text, indent=2):
        self.lines.append(" " * indent + text)

    def pick(self, scope, ty):
        return self.r.choice(scope[ty])

    def constant(self, scope, ty):
        v = self.fresh()
        if ty == "f32":
            value = self.r.choice(["0.000000e+00", "1.000000e+00", "2.500000e+00", "-1.000000e+00"])
        else:
            value = str(self.r.choice([0, 1, 2, 3, 7, -1, 255]))
        self.emit("%s = llvm.mlir.constant(%s : %s) : %s" % (v, value, ty, ty))
        scope[ty].append(v)

    def op(self, scope):
        """One op whose results (if any) join the scope."""
        k = self.r.random()
        ty = self.r.choice(INT_TYPES)
        if k < 0.12:
            self.constant(scope, self.r.choice(("i32", "i64", "f32")))
        elif k < 0.37:
            name = self.r.choice(INT_BINARY)
            flags = ""
            if name in OVERFLOW and self.r.random() < 0.3:
                flags = " overflow<%s>" % self.r.choice(["nsw", "nuw", "nsw, nuw"])
            v = self.fresh()
            self.emit("%s = llvm.%s %s, %s%s : %s" % (v, name, self.pick(scope, ty), self.pick(scope, ty), flags, ty))
            scope[ty].append(v)
        elif k < 0.45:
            v = self.fresh()
            fm = " {fastmathFlags = #llvm.fastmath<fast>}" if self.r.random() < 0.25 else ""
            self.emit("%s = llvm.%s %s, %s%s : f32" % (v, self.r.choice(FLOAT_BINARY), self.pick(scope, "f32"),
                                                      self.pick(scope, "f32"), fm))
            scope["f32"].append(v)
        elif k < 0.53:
            v = self.fresh()
            self.emit('%s = llvm.icmp "%s" %s, %s : %s' % (v, self.r.choice(ICMP), self.pick(scope, ty),
                                                          self.pick(scope, ty), ty))
            scope["i1"].append(v)
        elif k < 0.56:
            v = self.fresh()
            self.emit('%s = llvm.fcmp "%s" %s, %s : f32' % (v, self.r.choice(FCMP), self.pick(scope, "f32"),
                                                           self.pick(scope, "f32")))
            scope["i1"].append(v)
        elif k < 0.61:
            v = self.fresh()
            self.emit("%s = llvm.select %s, %s, %s : i1, %s" % (v, self.pick(scope, "i1"), self.pick(scope, ty),
                                                               self.pick(scope, ty), ty))
            scope[ty].append(v)
        elif k < 0.67:
            v = self.fresh()
            if self.r.random() < 0.5:
                self.emit("%s = llvm.%s %s : i32 to i64" % (v, self.r.choice(["sext", "zext"]), self.pick(scope, "i32")))
                scope["i64"].append(v)
            else:
                self.emit("%s = llvm.trunc %s : i64 to i32" % (v, self.pick(scope, "i64")))
                scope["i32"].append(v)
        elif k < 0.80:
            self.memory(scope)
        elif k < 0.86:
            self.aggregate(scope)
        elif k < 0.92 and self.callees:
            name, args, result = self.r.choice(self.callees)
            operands = ", ".join(self.pick(scope, t) for t in args)
            sig = "(%s) -> %s" % (", ".join(llvm_type(t) for t in args), result)
            v = self.fresh()
            self.emit("%s = llvm.call @%s(%s) : %s" % (v, name, operands, sig))
            scope[result].append(v)
        else:
            v = self.fresh()
            self.emit("%s = llvm.add %s, %s : %s" % (v, self.pick(scope, ty), self.pick(scope, ty), ty))
            scope[ty].append(v)

    def memory(self, scope):
        """Loads and stores through the pointer arguments, an alloca or a GEP."""
        k = self.r.random()
        if k < 0.2:
            one = self.fresh()
            self.emit("%s = llvm.mlir.constant(1 : i64) : i64" % one)
            p = self.fresh()
            self.emit("%s = llvm.alloca %s x i32 : (i64) -> !llvm.ptr" % (p, one))
            scope["ptr"].append(p)
        elif k < 0.35:
            p = self.fresh()
            self.emit("%s = llvm.getelementptr %s[%s] : (!llvm.ptr, i64) -> !llvm.ptr, i32" % (
                p, self.pick(scope, "ptr"), self.pick(scope, "i64")))
            scope["ptr"].append(p)
        elif k < 0.75:
            p = self.pick(scope, "ptr")
            for _ in range(self.r.choice([1, 1, 2])):
                v = self.fresh()
                volatile = "volatile " if self.r.random() < 0.1 else ""
                self.emit("%s = llvm.load %s%s : !llvm.ptr -> i32" % (v, volatile, p))
                scope["i32"].append(v)
        else:
            volatile = "volatile " if self.r.random() < 0.1 else ""
            self.emit("llvm.store %s%s, %s : i32, !llvm.ptr" % (volatile, self.pick(scope, "i32"), self.pick(scope, "ptr")))

    def aggregate(self, scope):
        s0, s1, s2 = self.fresh(), self.fresh(), self.fresh()
        self.emit("%s = llvm.mlir.poison : %s" % (s0, STRUCT))
        self.emit("%s = llvm.insertvalue %s, %s[0] : %s" % (s1, self.pick(scope, "i32"), s0, STRUCT))
        self.emit("%s = llvm.insertvalue %s, %s[1] : %s" % (s2, self.pick(scope, "i64"), s1, STRUCT))
        index, ty = self.r.choice([(0, "i32"), (1, "i64")])
        v = self.fresh()
        self.emit("%s = llvm.extractvalue %s[%d] : %s" % (v, self.r.choice([s1, s2]) if index == 0 else s2, index, STRUCT))
        scope[ty].append(v)

    def branch_args(self, scope, target):
        if not target["args"]:
            return ""
        return "(%s : %s)" % (", ".join(self.pick(scope, t) for t in target["args"]), ", ".join(target["args"]))

    def terminator(self, scope, index, blocks, result):
        later = blocks[index + 1:]
        if not later:
            self.emit("llvm.return %s : %s" % (self.pick(scope, result), result))
            return
        k = self.r.random()
        if k < 0.4 or len(later) < 2:
            t = self.r.choice(later)
            self.emit("llvm.br ^%s%s" % (t["name"], self.branch_args(scope, t)))
        elif k < 0.85:
            a, b = self.r.sample(later, 2) if self.r.random() < 0.8 else [later[0], later[0]]
            self.emit("llvm.cond_br %s, ^%s%s, ^%s%s" % (self.pick(scope, "i1"), a["name"], self.branch_args(scope, a),
                                                         b["name"], self.branch_args(scope, b)))
        else:
            default = self.r.choice(later)
            cases = sorted(self.r.sample(range(-2, 6), self.r.randint(1, 3)))
            arms = ",\n".join("    %d: ^%s%s" % (c, t["name"], self.branch_args(scope, t))
                              for c in cases for t in [self.r.choice(later)])
            self.emit("llvm.switch %s : i32, ^%s%s [\n%s\n  ]" % (self.pick(scope, "i32"), default["name"],
                                                                 self.branch_args(scope, default), arms))

    def function(self, name, private, result):
        self.n = 0
        params = [("i32", "%a"), ("i64", "%b"), ("f32", "%x"), ("ptr", "%p"), ("ptr", "%q")]
        sig = ", ".join("%s: %s" % (v, llvm_type(t)) for t, v in params)
        linkage = "private " if private else ""
        self.emit("llvm.func %s@%s(%s) -> %s {" % (linkage, name, sig, result), 0)
        entry = {t: [] for t in ("i32", "i64", "f32", "i1", "ptr")}
        for t, v in params:
            entry[t].append(v)
        blocks = [{"name": "entry", "args": []}] + [
            {"name": "bb%d" % i, "args": [self.r.choice(INT_TYPES) for _ in range(self.r.randint(0, 2))]}
            for i in range(1, self.r.randint(1, 5))]
        for i, block in enumerate(blocks):
            scope = {t: list(vs) for t, vs in entry.items()}
            if i > 0:
                names = []
                for t in block["args"]:
                    v = self.fresh()
                    names.append("%s: %s" % (v, t))
                    scope[t].append(v)
                self.emit("^%s%s:" % (block["name"], "(%s)" % ", ".join(names) if names else ""), 0)
            else:
                # Every later block may use these: the entry block dominates them.
                self.constant(scope, "i32")
                self.constant(scope, "i64")
                self.constant(scope, "f32")
                v = self.fresh()
                self.emit('%s = llvm.icmp "slt" %%a, %s : i32' % (v, scope["i32"][-1]))
                scope["i1"].append(v)
                entry = {t: list(vs) for t, vs in scope.items()}
            for _ in range(self.r.randint(2, 7)):
                self.op(scope)
            self.terminator(scope, i, blocks, result)
        self.emit("}", 0)

    def program(self):
        self.callees = []
        self.lines = ["// DIFF-PASS-SETS: " + PASS_SETS]
        count = self.r.randint(1, 3)
        names = ["f%d" % i for i in range(count)]
        # Callees come first and are private: -inline may inline them and
        # -symbol-dce may then drop them.
        for i, name in enumerate(names):
            result = self.r.choice(("i32", "i64"))
            self.function(name, private=i + 1 < count, result=result)
            self.callees.append((name, ["i32", "i64", "f32", "ptr", "ptr"], result))
            self.lines.append("")
        return "\n".join(self.lines) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("-o", "--output")
    args = ap.parse_args()
    text = "// gen-random-llvm.py --seed %d\n" % args.seed + Gen(args.seed).program()
    if args.output:
        with open(args.output, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
