#!/usr/bin/env python3
"""Seeded generator of functions made of affine.for loops: empty bodies
(`{}`, which must still hold the induction variable), bodies with dead
arithmetic, loops with iter_args yielding the accumulator, a body value or a
value from outside, zero-trip and non-constant bounds, loops nested in loops
with iter_args, and a caller so -inline has something to inline.

The class under test (issue 12, item 1): passes that erase or fold such
loops (dead loops, dead ops in their bodies) notify the greedy driver for
every nested op; any order or bookkeeping error there panicked. Each seed's
program is valid MLIR; tests/robustness/affine-loops-no-crash.mlir runs
-canonicalize, -inline and -cse on many seeds and accepts no crash.

Usage: gen-affine-loops.py --seed N [--out FILE]
"""
import argparse
import random


def loop(r, depth, env, names):
    lb = r.choice(["0", "1"])
    ub = r.choice(["4", "%n", "0"])
    iv = "%%i%d" % next(names)
    if r.random() < 0.4 or depth > 1:
        body = "" if r.random() < 0.6 else "    %%t%d = arith.addi %%x, %%x : i32\n" % next(names)
        return "  affine.for %s = %s to %s {\n%s  }\n" % (iv, lb, ub, body), None
    v = "%%r%d" % next(names)
    acc = "%%acc%d" % next(names)
    s = "%%s%d" % next(names)
    init = r.choice(env)
    inner = ""
    if r.random() < 0.5:
        inner, _ = loop(r, depth + 1, env, names)
    y = r.choice([acc, "%x", s])
    text = "  %s = affine.for %s = %s to %s iter_args(%s = %s) -> (i32) {\n%s    %s = arith.addi %s, %%x : i32\n    affine.yield %s : i32\n  }\n" % (
        v, iv, lb, ub, acc, init, inner, s, acc, y)
    return text, v


def program(seed):
    r = random.Random(seed)
    counter = iter(range(1 << 30))
    env = ["%x"]
    body = ""
    for _ in range(r.randint(1, 5)):
        text, v = loop(r, 0, env, counter)
        body += text
        if v:
            env.append(v)
    visibility = r.choice(["", "private "])
    return ("func.func %s@f(%%n: index, %%x: i32) -> i32 {\n%s  return %s : i32\n}\n"
            "func.func @g(%%n: index, %%x: i32) -> i32 {\n  %%r = func.call @f(%%n, %%x) : (index, i32) -> i32\n  return %%r : i32\n}\n"
            % (visibility, body, env[-1]))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--out")
    a = ap.parse_args()
    text = program(a.seed)
    if a.out:
        with open(a.out, "w") as f:
            f.write(text)
    else:
        print(text, end="")


if __name__ == "__main__":
    main()
