#!/usr/bin/env python3
"""Seeded generator of random valid tensor-dialect programs for the
differential pass suite (tests/diff/run-diff.py, inputs `tensor:SEED`):
chains of the core tensor ops (empty, cast to and from dynamic dims, dim,
extract, insert, from_elements, reshape, expand_shape, collapse_shape,
extract_slice, insert_slice, concat, bitcast) over small static shapes,
with scalar arith on the extracted elements, so that every fold and
canonicalization pattern of those ops meets inputs it may or may not
apply to (casts of casts, slices of slices, inserts of extracts, dims of
casts, reshapes of reshapes, constant and argument indices).

The programs only need to be valid IR (they are never run): every index is
in bounds of the tensor's real shape, which the generator tracks beside the
type (a cast may make a dim dynamic, never wrong). Each program says which
pass sets it runs (`// DIFF-PASS-SETS:`): cse, canonicalize and both
orders, bottom-up canonicalize, inline.

    gen-random-tensor.py --seed 7 [-o out.mlir]
"""
import argparse
import random
import sys

# Indices into run-diff.py's PASS_SETS: -cse, -canonicalize, -inline,
# -cse -canonicalize, -canonicalize -cse, --canonicalize=top-down=false.
PASS_SETS = "0,1,2,4,5,7"

DIMS = [1, 2, 3, 4, 6, 8]
ELEMS = ["f32", "i32"]


class T:
    """A tensor value: its name, real shape, which dims its type leaves
    dynamic, and element type."""

    def __init__(self, name, shape, elem, dynamic=None):
        self.name, self.shape, self.elem = name, list(shape), elem
        self.dynamic = list(dynamic or [False] * len(shape))

    def ty(self):
        dims = "x".join("?" if d else str(s) for s, d in zip(self.shape, self.dynamic))
        return "tensor<%s%s%s>" % (dims, "x" if self.shape else "", self.elem)

    def static(self):
        return not any(self.dynamic)


class Gen:
    def __init__(self, seed):
        self.r = random.Random(seed)
        self.n = 0
        self.lines = []
        self.index_arg = True

    def fresh(self, prefix="t"):
        self.n += 1
        return "%%%s%d" % (prefix, self.n)

    def emit(self, text):
        self.lines.append("    " + text)

    def index(self, value):
        """An index constant (or the function's index argument when it is 0)."""
        if value == 0 and self.index_arg and self.r.random() < 0.3:
            return "%zero_arg"
        v = self.fresh("c")
        self.emit("%s = arith.constant %d : index" % (v, value))
        return v

    def scalar(self, scope, elem):
        options = scope["scalars"][elem]
        return self.r.choice(options)

    def pick(self, scope, pred=lambda t: True):
        ts = [t for t in scope["tensors"] if pred(t)]
        return self.r.choice(ts) if ts else None

    def add(self, scope, t):
        scope["tensors"].append(t)
        return t

    # One op each; each returns False when the scope has nothing it applies to.

    def op_empty(self, scope):
        shape = [self.r.choice(DIMS) for _ in range(self.r.randint(1, 3))]
        t = T(self.fresh(), shape, self.r.choice(ELEMS))
        self.emit("%s = tensor.empty() : %s" % (t.name, t.ty()))
        self.add(scope, t)
        return True

    def op_cast(self, scope):
        src = self.pick(scope)
        if src is None or not src.shape:
            return False
        dyn = [self.r.random() < 0.5 for _ in src.shape]
        t = T(self.fresh(), src.shape, src.elem, dyn)
        self.emit("%s = tensor.cast %s : %s to %s" % (t.name, src.name, src.ty(), t.ty()))
        self.add(scope, t)
        return True

    def op_dim(self, scope):
        src = self.pick(scope, lambda t: len(t.shape) > 0)
        if src is None:
            return False
        d = self.r.randrange(len(src.shape))
        v = self.fresh("d")
        self.emit("%s = tensor.dim %s, %s : %s" % (v, src.name, self.index(d), src.ty()))
        scope["scalars"]["index"].append(v)
        return True

    def op_extract(self, scope):
        src = self.pick(scope)
        if src is None:
            return False
        idx = [self.index(self.r.randrange(s)) for s in src.shape]
        v = self.fresh("e")
        self.emit("%s = tensor.extract %s[%s] : %s" % (v, src.name, ", ".join(idx), src.ty()))
        scope["scalars"][src.elem].append(v)
        return True

    def op_insert(self, scope):
        dest = self.pick(scope)
        if dest is None:
            return False
        idx = [self.index(self.r.randrange(s)) for s in dest.shape]
        t = T(self.fresh(), dest.shape, dest.elem, dest.dynamic)
        self.emit("%s = tensor.insert %s into %s[%s] : %s"
                  % (t.name, self.scalar(scope, dest.elem), dest.name, ", ".join(idx), dest.ty()))
        self.add(scope, t)
        return True

    def op_from_elements(self, scope):
        elem = self.r.choice(ELEMS)
        n = self.r.choice([1, 2, 4])
        t = T(self.fresh(), [n], elem)
        vals = [self.scalar(scope, elem) for _ in range(n)]
        self.emit("%s = tensor.from_elements %s : %s" % (t.name, ", ".join(vals), t.ty()))
        self.add(scope, t)
        return True

    def op_arith(self, scope):
        elem = self.r.choice(ELEMS)
        a, b = self.scalar(scope, elem), self.scalar(scope, elem)
        op = self.r.choice(["addf", "mulf", "maximumf"] if elem == "f32" else ["addi", "muli", "xori"])
        v = self.fresh("s")
        self.emit("%s = arith.%s %s, %s : %s" % (v, op, a, b, elem))
        scope["scalars"][elem].append(v)
        return True

    def op_expand(self, scope):
        src = self.pick(scope, lambda t: t.static() and len(t.shape) < 3
                        and any(s in (4, 6, 8) for s in t.shape))
        if src is None:
            return False
        k = self.r.choice([i for i, s in enumerate(src.shape) if s in (4, 6, 8)])
        s = src.shape[k]
        a = self.r.choice([f for f in (2, 3, 4) if s % f == 0 and f < s])
        shape = src.shape[:k] + [a, s // a] + src.shape[k + 1:]
        groups, j = [], 0
        for i in range(len(src.shape)):
            g = [j, j + 1] if i == k else [j]
            groups.append(g)
            j += len(g)
        t = T(self.fresh(), shape, src.elem)
        self.emit("%s = tensor.expand_shape %s %s output_shape [%s] : %s into %s"
                  % (t.name, src.name, fmt_groups(groups), ", ".join(map(str, shape)), src.ty(), t.ty()))
        self.add(scope, t)
        return True

    def op_collapse(self, scope):
        src = self.pick(scope, lambda t: t.static() and len(t.shape) >= 2)
        if src is None:
            return False
        k = self.r.randrange(len(src.shape) - 1)
        groups, j = [], 0
        while j < len(src.shape):
            if j == k:
                groups.append([j, j + 1])
                j += 2
            else:
                groups.append([j])
                j += 1
        shape = [eval_prod(src.shape, g) for g in groups]
        t = T(self.fresh(), shape, src.elem)
        self.emit("%s = tensor.collapse_shape %s %s : %s into %s"
                  % (t.name, src.name, fmt_groups(groups), src.ty(), t.ty()))
        self.add(scope, t)
        return True

    def op_reshape(self, scope):
        src = self.pick(scope, lambda t: t.static() and len(t.shape) >= 1)
        if src is None:
            return False
        total = eval_prod(src.shape, range(len(src.shape)))
        shape = [total] if len(src.shape) > 1 or self.r.random() < 0.5 else [1, total]
        s = self.fresh("shape")
        self.emit("%s = arith.constant dense<[%s]> : tensor<%dxindex>" % (s, ", ".join(map(str, shape)), len(shape)))
        t = T(self.fresh(), shape, src.elem)
        self.emit("%s = tensor.reshape %s(%s) : (%s, tensor<%dxindex>) -> %s"
                  % (t.name, src.name, s, src.ty(), len(shape), t.ty()))
        self.add(scope, t)
        return True

    def slice_params(self, shape):
        sizes = [self.r.randint(1, s) for s in shape]
        offsets = [self.r.randint(0, s - z) for s, z in zip(shape, sizes)]
        strides = [2 if z > 1 and o + 2 * (z - 1) < s and self.r.random() < 0.2 else 1
                   for s, z, o in zip(shape, sizes, offsets)]
        return offsets, sizes, strides

    def fmt_offsets(self, offsets):
        # Sometimes an offset as an SSA constant, which canonicalization folds in.
        out = []
        for o in offsets:
            out.append(self.index(o) if self.r.random() < 0.2 else str(o))
        return out

    def op_extract_slice(self, scope):
        src = self.pick(scope, lambda t: len(t.shape) > 0)
        if src is None:
            return False
        offsets, sizes, strides = self.slice_params(src.shape)
        t = T(self.fresh(), sizes, src.elem)
        self.emit("%s = tensor.extract_slice %s[%s] [%s] [%s] : %s to %s"
                  % (t.name, src.name, ", ".join(self.fmt_offsets(offsets)), ", ".join(map(str, sizes)),
                     ", ".join(map(str, strides)), src.ty(), t.ty()))
        self.add(scope, t)
        return True

    def op_insert_slice(self, scope):
        dest = self.pick(scope, lambda t: len(t.shape) > 0)
        if dest is None:
            return False
        offsets, sizes, strides = self.slice_params(dest.shape)
        src = self.pick(scope, lambda t: t.shape == sizes and t.elem == dest.elem and t.static())
        if src is None:
            return False
        t = T(self.fresh(), dest.shape, dest.elem, dest.dynamic)
        self.emit("%s = tensor.insert_slice %s into %s[%s] [%s] [%s] : %s into %s"
                  % (t.name, src.name, dest.name, ", ".join(self.fmt_offsets(offsets)), ", ".join(map(str, sizes)),
                     ", ".join(map(str, strides)), src.ty(), dest.ty()))
        self.add(scope, t)
        return True

    def op_concat(self, scope):
        a = self.pick(scope, lambda t: t.static() and len(t.shape) > 0)
        if a is None:
            return False
        d = self.r.randrange(len(a.shape))
        others = [t for t in scope["tensors"] if t.static() and t.elem == a.elem and len(t.shape) == len(a.shape)
                  and all(x == y for i, (x, y) in enumerate(zip(t.shape, a.shape)) if i != d)]
        parts = [a] + [self.r.choice(others) for _ in range(self.r.randint(0, 2))]
        shape = list(a.shape)
        shape[d] = sum(p.shape[d] for p in parts)
        t = T(self.fresh(), shape, a.elem)
        self.emit("%s = tensor.concat dim(%d) %s : (%s) -> %s"
                  % (t.name, d, ", ".join(p.name for p in parts), ", ".join(p.ty() for p in parts), t.ty()))
        self.add(scope, t)
        return True

    def op_bitcast(self, scope):
        src = self.pick(scope)
        if src is None:
            return False
        t = T(self.fresh(), src.shape, "i32" if src.elem == "f32" else "f32", src.dynamic)
        self.emit("%s = tensor.bitcast %s : %s to %s" % (t.name, src.name, src.ty(), t.ty()))
        self.add(scope, t)
        return True

    OPS = [
        (op_empty, 1), (op_cast, 3), (op_dim, 2), (op_extract, 3), (op_insert, 3), (op_from_elements, 1),
        (op_arith, 2), (op_expand, 2), (op_collapse, 2), (op_reshape, 1), (op_extract_slice, 4),
        (op_insert_slice, 3), (op_concat, 2), (op_bitcast, 1),
    ]

    def function(self, name, callee=None):
        args = [T("%%a%d" % i, [self.r.choice(DIMS) for _ in range(self.r.randint(1, 3))], self.r.choice(ELEMS))
                for i in range(self.r.randint(1, 2))]
        scope = {"tensors": list(args),
                 "scalars": {"f32": ["%x"], "i32": ["%y"], "index": ["%zero_arg"]}}
        start = len(self.lines)
        if callee is not None and self.r.random() < 0.6:
            arg, ret = callee
            src = self.pick(scope, lambda t: t.ty() == arg.ty())
            if src is None:
                src = T(self.fresh(), arg.shape, arg.elem)
                self.emit("%s = tensor.empty() : %s" % (src.name, src.ty()))
            t = T(self.fresh(), ret.shape, ret.elem, ret.dynamic)
            self.emit("%s = func.call @%s(%s) : (%s) -> %s" % (t.name, callee_name(callee), src.name, src.ty(), t.ty()))
            self.add(scope, t)
        fns = [f for f, _ in self.OPS]
        weights = [w for _, w in self.OPS]
        done = 0
        while done < self.r.randint(4, 14):
            if self.r.choices(fns, weights)[0](self, scope):
                done += 1
        rets = [scope["tensors"][-1]]
        if self.r.random() < 0.6:
            rets.append(self.r.choice(scope["tensors"]))
        scalar_elem = self.r.choice(ELEMS)
        scalar = self.scalar(scope, scalar_elem)
        body = self.lines[start:]
        del self.lines[start:]
        sig = ", ".join("%s: %s" % (a.name, a.ty()) for a in args)
        results = ", ".join([t.ty() for t in rets] + [scalar_elem])
        self.lines.append("  func.func @%s(%s, %%x: f32, %%y: i32, %%zero_arg: index) -> (%s) {" % (name, sig, results))
        self.lines.extend(body)
        self.lines.append("    return %s : %s" % (", ".join([t.name for t in rets] + [scalar]), results))
        self.lines.append("  }")
        return args, rets

    def helper(self):
        """A private function of one tensor argument, for -inline to inline."""
        arg = T("%h", [self.r.choice(DIMS) for _ in range(self.r.randint(1, 2))], self.r.choice(ELEMS))
        scope = {"tensors": [arg], "scalars": {"f32": [], "i32": [], "index": []}}
        start = len(self.lines)
        self.index_arg = False
        c = self.fresh("hc")
        self.emit("%s = arith.constant 0 : index" % c)
        scope["scalars"]["index"].append(c)
        ret = None
        for op in [self.op_cast, self.op_extract_slice, self.op_bitcast]:
            if self.r.random() < 0.7 and op(scope):
                ret = scope["tensors"][-1]
        ret = ret or arg
        self.index_arg = True
        body = self.lines[start:]
        del self.lines[start:]
        self.lines.append("  func.func private @helper(%s: %s) -> %s {" % (arg.name, arg.ty(), ret.ty()))
        self.lines.extend(body)
        self.lines.append("    return %s : %s" % (ret.name, ret.ty()))
        self.lines.append("  }")
        return arg, ret

    def program(self):
        self.lines.append("// DIFF-PASS-SETS: " + PASS_SETS)
        self.lines.append("module {")
        callee = self.helper() if self.r.random() < 0.5 else None
        for i in range(self.r.randint(1, 2)):
            self.function("f%d" % i, callee)
        self.lines.append("}")
        return "\n".join(self.lines) + "\n"


def callee_name(_callee):
    return "helper"


def fmt_groups(groups):
    return "[%s]" % ", ".join("[%s]" % ", ".join(map(str, g)) for g in groups)


def eval_prod(shape, idx):
    p = 1
    for i in idx:
        p *= shape[i]
    return p


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
