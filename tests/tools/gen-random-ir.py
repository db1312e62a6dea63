#!/usr/bin/env python3
"""Seeded generator of random, valid MLIR programs (builtin/func/arith/cf only).

    gen-random-ir.py --seed N [--size S] [-o FILE]

The same seed always gives the same text (Python 3 stdlib only, no hashing of
unordered containers). Programs are built to exercise -cse, -canonicalize,
-inline and -symbol-dce:

  * public and private functions, private declarations, a nested
    `module @m {...}` symbol table, unused private functions (symbol-dce);
  * small private functions called once, many times or recursively, func.call
    with 0/1/2 results, func.constant + func.call_indirect (inline);
  * integer ops on i1/i8/i32/i64/index (including the two-result extended
    add/mul), float ops on f32/f64 with occasional fastmath flags,
    `overflow<nsw>`-style flags, casts (int/float, extf/truncf, bitcast),
    cmpi/cmpf/select, cmpf of an int-to-float cast against a constant;
  * constants including duplicates and edge values (0, 1, -1, min/max ints,
    nan/inf/-0.0 floats), foldable expressions (x+0, x*1, x-x, x^x, cmpi on
    equal operands, select on a constant, ext/trunc chains, constant trees);
  * multi-block CFGs: diamonds (cf.cond_br with block arguments), cf.switch,
    loops with back edges, early returns, unreachable blocks;
  * dead pure ops and redundant expressions in dominating blocks (cse);
  * calls to a private `@sink` declaration (one operand per type) keep values
    alive, and operands prefer non-constant values (casting one from another
    type if need be), so that canonicalize must fold, not just delete.

Undefined behaviour that folders special-case is avoided: divisors are
non-zero constants (never -1 for signed division) or values that are not
constants, and constant shift amounts are below the bit width.
"""
import argparse
import random
import sys

INT_TYPES = ["i1", "i8", "i32", "i64", "index"]
FLOAT_TYPES = ["f32", "f64"]
ALL_TYPES = INT_TYPES + FLOAT_TYPES
WIDTH = {"i1": 1, "i8": 8, "i32": 32, "i64": 64, "index": 64}

INT_BIN = ["addi", "subi", "muli", "andi", "ori", "xori", "maxsi", "maxui",
           "minsi", "minui"]
OVF_OPS = {"addi", "subi", "muli", "shli"}
DIV_OPS = ["divsi", "divui", "remsi", "remui", "ceildivsi", "ceildivui", "floordivsi"]
SHIFT_OPS = ["shli", "shrsi", "shrui"]
FLOAT_BIN = ["addf", "subf", "mulf", "divf", "maximumf", "minimumf", "maxnumf", "minnumf", "remf"]
# Float constants for cmpf against an integer converted to float
# (CmpFIntToFPConst): fractional, negative, out of every int range, inf.
CMPF_INT_CONSTS = ["4.500000e+00", "-4.500000e+00", "7.000000e+00", "-1.280000e+02",
                   "2.550000e+02", "1.000000e+10", "-0.000000e+00", "0.000000e+00"]
CMPI_PREDS = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"]
# No "false"/"true": mlir-opt 22 -canonicalize segfaults on
# `arith.cmpf false|true, (arith.sitofp %x), %const` (CmpFIntToFPConst).
CMPF_PREDS = ["oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq",
              "ugt", "uge", "ult", "ule", "une", "uno"]
FASTMATH = ["fast", "nnan", "ninf", "nnan,ninf", "contract", "reassoc,nsz"]
OVF_FLAGS = ["nsw", "nuw", "nsw, nuw"]


def int_edges(t):
    w = WIDTH[t]
    if t == "i1":
        return [0, 1, -1]  # printed as false/true
    return [0, 1, -1, 2, 7, (1 << (w - 1)) - 1, -(1 << (w - 1)), (1 << w) - 1 if w < 64 else -1]


class Func:
    def __init__(self, name, args, results, private, decl=False):
        self.name, self.args, self.results = name, args, results
        self.private, self.decl = private, decl

    def sig(self):
        res = ", ".join(self.results)
        if len(self.results) != 1:
            res = "(" + res + ")"
        return "(" + ", ".join(self.args) + ") -> " + res


class Scope:
    """Values visible at a point: (name, type), plus expressions seen."""

    def __init__(self, vals=None, exprs=None, consts=None):
        self.vals = list(vals or [])
        self.exprs = list(exprs or [])   # (text-after-'=', type) of pure ops
        self.consts = dict(consts or {})  # (type, value text) -> name

    def copy(self):
        return Scope(self.vals, self.exprs, self.consts)

    def of(self, t):
        return [n for n, ty in self.vals if ty == t]


class FuncGen:
    def __init__(self, gen, func, callees):
        self.g, self.r, self.f = gen, gen.r, func
        self.callees = callees  # functions this one may call
        # A private declaration taking one value of each type: calls to it keep
        # values alive, so canonicalize has to fold them rather than drop them.
        self.sink = next((c for c in callees if c.name.endswith("sink")), None)
        self.lines = []
        self.nval = 0
        self.nblock = 0
        self.budget = 0

    # -- naming ----------------------------------------------------------
    def fresh(self):
        self.nval += 1
        return "%%v%d" % self.nval

    def block(self):
        self.nblock += 1
        return "^bb%d" % self.nblock

    def emit(self, s):
        self.lines.append("    " + s)

    def label(self, name, args):
        if args:
            self.lines.append("  %s(%s):" % (name, ", ".join("%s: %s" % a for a in args)))
        else:
            self.lines.append("  %s:" % name)

    # -- values ----------------------------------------------------------
    def const_text(self, t, v=None):
        r = self.r
        if t in FLOAT_TYPES:
            if v is None:
                v = r.choice(["0.000000e+00", "1.000000e+00", "-1.000000e+00", "2.500000e+00",
                              "-0.000000e+00", "0x7FC00000" if t == "f32" else "0x7FF8000000000000",
                              "0x7F800000" if t == "f32" else "0x7FF0000000000000",
                              "0xFF800000" if t == "f32" else "0xFFF0000000000000",
                              "3.140000e+00", "1.000000e+10"])
            return v
        if v is None:
            if r.random() < 0.6:
                v = r.choice(int_edges(t))
            else:
                v = r.randint(-20, 20)
        if t == "i1":
            return "true" if v & 1 else "false"
        return str(v)

    def const(self, s, t, v=None, reuse=True):
        text = self.const_text(t, v)
        key = (t, text)
        # Usually reuse a visible constant, sometimes emit a duplicate (cse/canonicalize work).
        if reuse and key in s.consts and self.r.random() < 0.7:
            return s.consts[key]
        n = self.fresh()
        if t == "i1":
            self.emit("%s = arith.constant %s" % (n, text))
        else:
            self.emit("%s = arith.constant %s : %s" % (n, text, t))
        s.vals.append((n, t))
        s.consts.setdefault(key, n)
        return n

    def pick(self, s, t, fresh_const_p=0.15, plain=False):
        cands = s.of(t)
        if plain:
            # cf.switch's successor operands are parsed as an argument list,
            # where mlir-opt refuses `%x#N` ("result number not allowed").
            cands = [n for n in cands if "#" not in n]
        if not cands or self.r.random() < fresh_const_p:
            return self.const(s, t)
        # Prefer values that are not constants, so that not everything folds;
        # derive one by a cast from a value of another type if need be.
        consts = set(s.consts.values())
        nonconst = [n for n in cands if n not in consts]
        if self.r.random() < 0.75:
            if nonconst:
                cands = nonconst
            elif not plain:
                d = self.derive(s, t, consts)
                if d:
                    return d
        # Prefer recent values, but reach back sometimes.
        if self.r.random() < 0.7:
            return self.r.choice(cands[-6:])
        return self.r.choice(cands)

    def derive(self, s, t, consts):
        """A cast of a non-constant value of another type to t, or None."""
        srcs = [(n, u) for n, u in s.vals if n not in consts and u != t]
        if t in FLOAT_TYPES:
            srcs = [(n, u) for n, u in srcs if u in ("i8", "i32", "i64")]
        elif t == "i1":
            srcs = [(n, u) for n, u in srcs if u in ("i8", "i32", "i64")]
        elif t == "index":
            srcs = [(n, u) for n, u in srcs if u in ("i8", "i32", "i64")]
        else:
            srcs = [(n, u) for n, u in srcs if u in INT_TYPES or u in FLOAT_TYPES]
        if not srcs:
            return None
        n, u = self.r.choice(srcs[-8:])
        if t in FLOAT_TYPES:
            rhs = "arith.sitofp %s : %s to %s" % (n, u, t)
        elif t == "index":
            rhs = "arith.index_cast %s : %s to index" % (n, u)
        elif u == "index":
            rhs = "arith.index_cast %s : index to %s" % (n, t)
        elif u in FLOAT_TYPES:
            rhs = "arith.fptosi %s : %s to %s" % (n, u, t)
        elif WIDTH[u] < WIDTH[t]:
            rhs = "arith.%s %s : %s to %s" % (self.r.choice(["extsi", "extui"]), n, u, t)
        else:
            rhs = "arith.trunci %s : %s to %s" % (n, u, t)
        return self.pure(s, rhs, t)

    def nonconst_pick(self, s, t):
        consts = set(s.consts.values())
        cands = [n for n in s.of(t) if n not in consts]
        return self.r.choice(cands) if cands else None

    def pure(self, s, rhs, t):
        """Emit a pure op `%n = rhs`, result type t, record it for duplication."""
        n = self.fresh()
        self.emit("%s = %s" % (n, rhs))
        s.vals.append((n, t))
        s.exprs.append((rhs, t))
        return n

    # -- op generators ------------------------------------------------------
    def gen_int_binop(self, s, t):
        r = self.r
        op = r.choice(INT_BIN)
        a = self.pick(s, t)
        b = self.pick(s, t)
        k = r.random()
        if k < 0.08:
            b = a  # x op x: foldable for subi/xori/andi/ori/max/min
        elif k < 0.16:
            b = self.const(s, t, 0 if op in ("addi", "subi", "ori", "xori") else 1)
        flags = ""
        if op in OVF_OPS and r.random() < 0.25:
            flags = " overflow<%s>" % r.choice(OVF_FLAGS)
        return self.pure(s, "arith.%s %s, %s%s : %s" % (op, a, b, flags, t), t)

    def gen_div(self, s, t):
        r = self.r
        if t == "i1":
            return self.gen_int_binop(s, t)
        op = r.choice(DIV_OPS)
        a = self.pick(s, t)
        signed = op in ("divsi", "remsi", "ceildivsi", "floordivsi")
        b = None
        if r.random() < 0.5:
            b = self.nonconst_pick(s, t)  # not a constant here (may fold to one later)
        if b is None:
            b = self.const(s, t, r.choice([1, 2, 3, 7, -3, -2] if signed else [1, 2, 3, 7, -1, -2]))
        return self.pure(s, "arith.%s %s, %s : %s" % (op, a, b, t), t)

    def gen_shift(self, s, t):
        r = self.r
        if t == "i1":
            return self.gen_int_binop(s, t)
        op = r.choice(SHIFT_OPS)
        a = self.pick(s, t)
        if r.random() < 0.7:
            b = self.const(s, t, r.randint(0, WIDTH[t] - 1))
        else:
            b = self.nonconst_pick(s, t) or self.const(s, t, 1)
        flags = ""
        if op == "shli" and r.random() < 0.2:
            flags = " overflow<%s>" % r.choice(OVF_FLAGS)
        return self.pure(s, "arith.%s %s, %s%s : %s" % (op, a, b, flags, t), t)

    def gen_cmpi(self, s):
        r = self.r
        t = r.choice(INT_TYPES)
        a = self.pick(s, t)
        b = a if r.random() < 0.15 else self.pick(s, t)
        return self.pure(s, "arith.cmpi %s, %s, %s : %s" % (r.choice(CMPI_PREDS), a, b, t), "i1")

    def gen_cmpf(self, s):
        r = self.r
        t = r.choice(FLOAT_TYPES)
        if r.random() < 0.3:
            src = r.choice(["i8", "i32", "i64"])
            a = self.pure(s, "arith.%s %s : %s to %s" % (r.choice(["sitofp", "uitofp"]), self.pick(s, src), src, t), t)
            b = self.const(s, t, r.choice(CMPF_INT_CONSTS + ["0x7F800000" if t == "f32" else "0x7FF0000000000000"]))
            return self.pure(s, "arith.cmpf %s, %s, %s : %s" % (r.choice(CMPF_PREDS), a, b, t), "i1")
        a = self.pick(s, t)
        b = a if r.random() < 0.15 else self.pick(s, t)
        fm = " fastmath<%s>" % r.choice(FASTMATH) if r.random() < 0.15 else ""
        return self.pure(s, "arith.cmpf %s, %s, %s%s : %s" % (r.choice(CMPF_PREDS), a, b, fm, t), "i1")

    def gen_select(self, s, t):
        r = self.r
        if r.random() < 0.25:
            c = self.const(s, "i1", r.choice([0, 1]))
        else:
            c = self.pick(s, "i1")
        a = self.pick(s, t)
        b = a if r.random() < 0.1 else self.pick(s, t)
        return self.pure(s, "arith.select %s, %s, %s : %s" % (c, a, b, t), t)

    def gen_cast(self, s, t):
        """A cast producing type t (possibly a chain ext -> trunc)."""
        r = self.r
        ints = ["i1", "i8", "i32", "i64"]
        if r.random() < 0.04:
            # Identity casts (same type in and out) fold to their operand
            # through CastOpInterface: bitcast is the arith cast that allows
            # one; builtin.unrealized_conversion_cast (also multi-value, and
            # its a -> b -> a round trips) folds the same way.
            a = self.pick(s, t)
            if r.random() < 0.5 and t != "index":
                return self.pure(s, "arith.bitcast %s : %s to %s" % (a, t, t), t)
            return self.pure(s, "builtin.unrealized_conversion_cast %s : %s to %s" % (a, t, t), t)
        if t in FLOAT_TYPES:
            k = r.random()
            if k < 0.15:
                other = "f64" if t == "f32" else "f32"
                op = "extf" if t == "f64" else "truncf"
                return self.pure(s, "arith.%s %s : %s to %s" % (op, self.pick(s, other), other, t), t)
            if k < 0.25:
                src = "i32" if t == "f32" else "i64"
                return self.pure(s, "arith.bitcast %s : %s to %s" % (self.pick(s, src), src, t), t)
            if r.random() < 0.5:
                src = r.choice(["i8", "i32", "i64"])
                op = r.choice(["sitofp", "uitofp"])
                return self.pure(s, "arith.%s %s : %s to %s" % (op, self.pick(s, src), src, t), t)
            a = self.pick(s, t)
            fm = " fastmath<%s>" % r.choice(FASTMATH) if r.random() < 0.2 else ""
            return self.pure(s, "arith.negf %s%s : %s" % (a, fm, t), t)
        if t == "index":
            src = r.choice(["i8", "i32", "i64"])
            op = r.choice(["index_cast", "index_castui"])
            return self.pure(s, "arith.%s %s : %s to index" % (op, self.pick(s, src), src), t)
        w = WIDTH[t]
        k = r.random()
        if k < 0.15 and t != "i1":
            src = r.choice(FLOAT_TYPES)
            op = r.choice(["fptosi", "fptoui"])
            return self.pure(s, "arith.%s %s : %s to %s" % (op, self.pick(s, src), src, t), t)
        if k < 0.3 and t != "i1":
            op = r.choice(["index_cast", "index_castui"])
            return self.pure(s, "arith.%s %s : index to %s" % (op, self.pick(s, "index"), t), t)
        narrower = [x for x in ints if WIDTH[x] < w]
        wider = [x for x in ints if WIDTH[x] > w]
        if narrower and (not wider or r.random() < 0.5):
            src = r.choice(narrower)
            op = r.choice(["extsi", "extui"])
            v = self.pick(s, src)
            if r.random() < 0.3 and WIDTH[src] > 1:
                # trunc then ext, or ext of an ext: chains for canonicalize
                mid = [x for x in ints if WIDTH[x] < WIDTH[src]]
                if mid:
                    m = r.choice(mid)
                    v = self.pure(s, "arith.%s %s : %s to %s" % (r.choice(["extsi", "extui"]),
                                                               self.pick(s, m), m, src), src)
            return self.pure(s, "arith.%s %s : %s to %s" % (op, v, src, t), t)
        src = r.choice(wider)
        v = self.pick(s, src)
        if r.random() < 0.35:
            # ext then trunc: trunci(ext(x)) folds / canonicalizes
            v = self.pure(s, "arith.%s %s : %s to %s" % (r.choice(["extsi", "extui"]),
                                                      self.pick(s, t), t, src), src)
        flags = ""
        if r.random() < 0.1:
            flags = " overflow<%s>" % r.choice(["nsw", "nuw"])
        return self.pure(s, "arith.trunci %s%s : %s to %s" % (v, flags, src, t), t)

    def gen_extended(self, s, t):
        """addui_extended / mulsi_extended / mului_extended: two results, the
        second often unused (canonicalize turns those into addi/muli)."""
        r = self.r
        op = r.choice(["addui_extended", "mulsi_extended", "mului_extended"])
        a = self.pick(s, t)
        b = self.const(s, t, 1) if r.random() < 0.15 else self.pick(s, t)
        second = "i1" if op == "addui_extended" else t
        n = self.fresh()
        tys = "%s, %s" % (t, second) if op == "addui_extended" else t
        self.emit("%s:2 = arith.%s %s, %s : %s" % (n, op, a, b, tys))
        s.vals.append(("%s#0" % n, t))
        if r.random() < 0.5:
            s.vals.append(("%s#1" % n, second))
        return n

    def gen_float(self, s, t):
        r = self.r
        op = r.choice(FLOAT_BIN)
        a = self.pick(s, t)
        b = a if r.random() < 0.1 else self.pick(s, t)
        fm = " fastmath<%s>" % r.choice(FASTMATH) if r.random() < 0.2 else ""
        return self.pure(s, "arith.%s %s, %s%s : %s" % (op, a, b, fm, t), t)

    def gen_call(self, s):
        r = self.r
        if not self.callees:
            return None
        c = r.choice(self.callees)
        args = [self.pick(s, t) for t in c.args]
        sig = c.sig()
        if c.results and r.random() < 0.12 and not c.decl:
            fv = self.fresh()
            self.emit("%s = func.constant @%s : %s" % (fv, c.name, sig))
            call = "func.call_indirect %s(%s) : %s" % (fv, ", ".join(args), sig)
        else:
            call = "func.call @%s(%s) : %s" % (c.name, ", ".join(args), sig)
        if not c.results:
            self.emit(call)
            return None
        n = self.fresh()
        if len(c.results) == 1:
            self.emit("%s = %s" % (n, call))
            s.vals.append((n, c.results[0]))
        else:
            self.emit("%s:%d = %s" % (n, len(c.results), call))
            for i, t in enumerate(c.results):
                s.vals.append(("%s#%d" % (n, i), t))
        return n

    def gen_dup(self, s):
        """Repeat a pure expression already computed in a dominating position."""
        if not s.exprs:
            return None
        rhs, t = self.r.choice(s.exprs)
        n = self.fresh()
        self.emit("%s = %s" % (n, rhs))
        s.vals.append((n, t))
        return n

    def gen_const_tree(self, s):
        """arith on constants only: folds to one constant."""
        r = self.r
        t = r.choice(["i8", "i32", "i64", "index", "f32", "f64"])
        a = self.const(s, t, reuse=False)
        b = self.const(s, t)
        if t in FLOAT_TYPES:
            op = r.choice(["addf", "mulf", "subf", "maximumf"])
        else:
            op = r.choice(["addi", "subi", "muli", "andi", "ori", "xori", "maxsi", "minui"])
        return self.pure(s, "arith.%s %s, %s : %s" % (op, a, b, t), t)

    def gen_sink(self, s):
        # Mostly recent values (the ones just computed), one per type.
        args = [self.pick(s, t, fresh_const_p=0.05) for t in self.sink.args]
        self.emit("func.call @%s(%s) : %s" % (self.sink.name, ", ".join(args), self.sink.sig()))

    def gen_op(self, s):
        r = self.r
        self.budget -= 1
        k = r.random()
        if self.sink and r.random() < 0.07:
            return self.gen_sink(s)
        if k < 0.08:
            return self.gen_dup(s)
        if k < 0.13:
            return self.gen_call(s)
        if k < 0.17:
            return self.gen_const_tree(s)
        if k < 0.20:
            return self.const(s, r.choice(ALL_TYPES), reuse=False)
        t = r.choice(ALL_TYPES)
        if t in FLOAT_TYPES:
            k = r.random()
            if k < 0.6:
                return self.gen_float(s, t)
            if k < 0.8:
                return self.gen_cast(s, t)
            return self.gen_cmpf(s)
        k = r.random()
        if k < 0.40:
            return self.gen_int_binop(s, t)
        if k < 0.50:
            return self.gen_div(s, t)
        if k < 0.58:
            return self.gen_shift(s, t)
        if k < 0.72:
            return self.gen_cmpi(s)
        if k < 0.76 and t in ("i8", "i32", "i64"):
            return self.gen_extended(s, t)
        if k < 0.82:
            return self.gen_select(s, t)
        return self.gen_cast(s, t)

    def straight(self, s, n):
        for _ in range(n):
            self.gen_op(s)

    # -- control flow -------------------------------------------------------
    def cond(self, s):
        if self.r.random() < 0.15:
            return self.const(s, "i1", self.r.choice([0, 1]))
        if self.r.random() < 0.5:
            return self.gen_cmpi(s)
        return self.pick(s, "i1")

    def ret(self, s):
        vals = [self.pick(s, t) for t in self.f.results]
        if vals:
            self.emit("func.return %s : %s" % (", ".join(vals), ", ".join(self.f.results)))
        else:
            self.emit("func.return")

    def br_args(self, s, types, plain=False):
        vals = [self.pick(s, t, plain=plain) for t in types]
        if not vals:
            return ""
        return "(%s : %s)" % (", ".join(vals), ", ".join(types))

    def arg_types(self, maxn=2):
        return [self.r.choice(ALL_TYPES) for _ in range(self.r.randint(0, maxn))]

    def new_args(self, types):
        return [(self.fresh(), t) for t in types]

    def body(self, s, depth):
        """Emit ops and control flow into the current (open) block. Returns the
        scope at the end, with the block still open; None if the block was
        terminated (e.g. by a return)."""
        r = self.r
        while self.budget > 0:
            k = r.random()
            if depth < 3 and k < 0.12:
                s = self.diamond(s, depth)
            elif depth < 3 and k < 0.17:
                s = self.loop(s, depth)
            elif depth < 3 and k < 0.20:
                s = self.switch(s, depth)
            elif k < 0.22 and depth > 0:
                self.ret(s)  # early return: the block is closed
                return None
            elif k < 0.24:
                return s
            else:
                self.straight(s, r.randint(1, 4))
            if s is None:
                return None
        return s

    def diamond(self, s, depth):
        r = self.r
        c = self.cond(s)
        bt, be, bm = self.block(), self.block(), self.block()
        ta, ea, ma = self.arg_types(), self.arg_types(), self.arg_types(3)
        self.emit("cf.cond_br %s, %s%s, %s%s" % (c, bt, self.br_args(s, ta), be, self.br_args(s, ea)))
        reach = 0
        for name, types in ((bt, ta), (be, ea)):
            args = self.new_args(types)
            self.label(name, args)
            sub = s.copy()
            sub.vals += args
            end = self.body(sub, depth + 1)
            if end is not None:
                self.emit("cf.br %s%s" % (bm, self.br_args(end, ma)))
                reach += 1
        margs = self.new_args(ma)
        self.label(bm, margs)
        out = s.copy()  # the branch point dominates the merge block
        out.vals += margs
        return out

    def switch(self, s, depth):
        r = self.r
        ft = r.choice(["i8", "i32", "i64"])
        flag = self.pick(s, ft, fresh_const_p=0.2)
        # At least one case: mlir-opt 22 --canonicalize=top-down=false
        # segfaults on a switch on %f in a block whose only predecessor ends
        # in a case-less switch on %f (case_values is absent there).
        ncases = r.randint(1, 3)
        vals = sorted(set(r.randint(-5, 10) for _ in range(ncases)))
        blocks = [(self.block(), self.arg_types(1)) for _ in range(len(vals) + 1)]
        bm = self.block()
        ma = self.arg_types(2)
        parts = ["default: %s%s" % (blocks[0][0], self.br_args(s, blocks[0][1], plain=True))]
        for v, (b, ts) in zip(vals, blocks[1:]):
            parts.append("%d: %s%s" % (v, b, self.br_args(s, ts, plain=True)))
        self.emit("cf.switch %s : %s, [\n      %s\n    ]" % (flag, ft, ",\n      ".join(parts)))
        for b, ts in blocks:
            args = self.new_args(ts)
            self.label(b, args)
            sub = s.copy()
            sub.vals += args
            end = self.body(sub, depth + 1)
            if end is not None:
                self.emit("cf.br %s%s" % (bm, self.br_args(end, ma)))
        margs = self.new_args(ma)
        self.label(bm, margs)
        out = s.copy()
        out.vals += margs
        return out

    def loop(self, s, depth):
        r = self.r
        hdr, bdy, ext = self.block(), self.block(), self.block()
        carried = [r.choice(["i32", "i64", "index", "f32"]) for _ in range(r.randint(1, 3))]
        self.emit("cf.br %s%s" % (hdr, self.br_args(s, carried)))
        hargs = self.new_args(carried)
        self.label(hdr, hargs)
        hs = s.copy()
        hs.vals += hargs
        self.straight(hs, r.randint(0, 3))
        c = self.cond(hs)
        self.emit("cf.cond_br %s, %s, %s" % (c, bdy, ext))
        self.label(bdy, [])
        bs = hs.copy()
        end = self.body(bs, depth + 1)
        if end is not None:
            # Back edge: carried values updated in the body.
            self.emit("cf.br %s%s" % (hdr, self.br_args(end, carried)))
        self.label(ext, [])
        return hs.copy()  # the header dominates the exit

    def generate(self, budget):
        f = self.f
        self.budget = budget
        args = [("%%a%d" % i, t) for i, t in enumerate(f.args)]
        vis = "private " if f.private else ""
        res = ""
        if f.results:
            res = " -> " + (f.results[0] if len(f.results) == 1 else "(" + ", ".join(f.results) + ")")
        out = ["  func.func %s@%s(%s)%s {" % (vis, f.name, ", ".join("%s: %s" % a for a in args), res)]
        s = Scope(args)
        end = self.body(s, 0)
        if end is not None:
            self.ret(end)
        # Sometimes an unreachable block at the end: uses only its own arguments
        # and values of the entry block (which dominates nothing here, but an
        # unreachable block is dominated by every block).
        if self.r.random() < 0.25:
            ua = self.new_args(self.arg_types(2))
            self.label(self.block(), ua)
            us = Scope(args + ua)
            self.straight(us, self.r.randint(1, 4))
            target = self._argless_block() if self.r.random() < 0.5 else None
            if target:
                self.emit("cf.br %s" % target)
            else:
                self.ret(us)
        out += self.lines
        out.append("  }")
        return out

    def _argless_block(self):
        labels = [l.strip()[:-1] for l in self.lines if l.startswith("  ^") and l.rstrip().endswith(":")
                  and "(" not in l]
        return self.r.choice(labels) if labels else None


class Gen:
    def __init__(self, seed, size):
        self.r = random.Random(seed)
        self.size = size

    def sig(self, minargs=0, maxargs=3, maxres=2):
        r = self.r
        args = [r.choice(ALL_TYPES) for _ in range(r.randint(minargs, maxargs))]
        nres = r.choices([0, 1, 2], weights=[1, 6, 2])[0] if maxres else 0
        return args, [r.choice(ALL_TYPES) for _ in range(min(nres, maxres))]

    def symbol_table(self, prefix, indent, nested):
        """Functions of one symbol table; returns text lines."""
        r = self.r
        funcs = [Func("%ssink" % prefix, ALL_TYPES, [], private=True, decl=True)]
        # Leaves first: small private helpers (inline candidates), a private
        # declaration, an unused private function, then public functions.
        for i in range(r.randint(1, 4)):
            a, res = self.sig()
            funcs.append(Func("%shelper%d" % (prefix, i), a, res, private=True))
        if r.random() < 0.5:
            a, res = self.sig()
            funcs.append(Func("%sext" % prefix, a, res, private=True, decl=True))
        if r.random() < 0.6:
            a, res = self.sig()
            funcs.append(Func("%sdead%d" % (prefix, 0), a, res, private=True))
        for i in range(r.randint(1, 3) if not nested else 1):
            a, res = self.sig(2, 6)
            funcs.append(Func("%sf%d" % (prefix, i), a, res, private=nested and r.random() < 0.3))
        text = []
        for idx, f in enumerate(funcs):
            if f.decl:
                text.append("  func.func private @%s%s" % (f.name, self._decl_sig(f)))
                continue
            # Call graph: a function may call those defined before it (a DAG),
            # itself (recursion, rarely), and declarations; "dead" functions are
            # never called by anyone after them, and calls go to helpers.
            callees = [g for g in funcs[:idx] if "dead" not in g.name]
            if r.random() < 0.15:
                callees.append(f)
            small = "helper" in f.name or "dead" in f.name
            budget = r.randint(2, 10) if small else r.randint(15, 25 * self.size)
            fg = FuncGen(self, f, callees)
            text += fg.generate(budget)
        if r.random() < 0.3:
            # A private function only referenced by another unused private one.
            text.append("  func.func private @%sdead_a() {" % prefix)
            text.append("    func.call @%sdead_b() : () -> ()" % prefix)
            text.append("    func.return")
            text.append("  }")
            text.append("  func.func private @%sdead_b() {" % prefix)
            text.append("    func.return")
            text.append("  }")
        return [(" " * indent) + l for l in text]

    @staticmethod
    def _decl_sig(f):
        res = ""
        if f.results:
            res = " -> " + (f.results[0] if len(f.results) == 1 else "(" + ", ".join(f.results) + ")")
        return "(%s)%s" % (", ".join(f.args), res)

    def program(self):
        out = ["module {"]
        out += self.symbol_table("", 0, nested=False)
        if self.r.random() < 0.35:
            out.append("  module @m {")
            out += self.symbol_table("m_", 2, nested=True)
            out.append("  }")
        out.append("}")
        return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--size", type=int, default=2, help="scale of public function bodies (default 2)")
    ap.add_argument("-o", "--output", default="-")
    a = ap.parse_args()
    text = "// gen-random-ir.py --seed %d --size %d\n" % (a.seed, a.size) + Gen(a.seed, a.size).program()
    if a.output == "-":
        sys.stdout.write(text)
    else:
        with open(a.output, "w") as fh:
            fh.write(text)


if __name__ == "__main__":
    main()
