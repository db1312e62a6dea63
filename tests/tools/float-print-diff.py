#!/usr/bin/env python3
"""Differential test of float attribute text: strata-opt against mlir-opt 22.

Generates random float literals for every float type both tools know (random
bit patterns as hex, decimal strings with few and many digits, subnormals,
values near each type's overflow and underflow thresholds, integers, signed
zeros, infinities and NaNs as hex), writes them as `arith.constant` ops (one
scalar constant per literal plus dense tensor constants holding the same
literals in groups, complex pairs, splats and `array<T: ...>` attributes),
runs both tools on the same files and compares the printed constants one by
one.

    python3 tests/tools/float-print-diff.py [--seed N] [--per-type N]

A second round feeds mlir-opt's own decimal output back to both tools, so the
forms only the printer produces (`984.20299999999997`, `8.15999996E-8`, the
21- and 36-digit f80/f128 texts) are read as well as written the same.

The last line is `N passed, N failed` (one count per literal of either round;
a literal also fails when a dense-tensor element made from it differs). Exit
status 1 when anything differs. The run is reproducible: the same seed gives
the same files.

Tools: STRATA_OPT (default target/debug/strata-opt, else target/release) and
MLIR_OPT (default /usr/lib/llvm-22/bin/mlir-opt), or --strata / --mlir-opt.

Inputs left out on purpose, because mlir-opt's answer there is undefined
behaviour rather than a format (LLVM reaches `llvm_unreachable` in release
mode and prints whatever bits result):
  * negative decimals for f8E8M0FNU (the format has no sign);
  * decimals beyond the f64 range for the types without infinity and NaN
    (f6E2M3FN, f6E3M2FN, f4E2M1FN): the literal becomes an f64 infinity
    first, and converting that to a finite-only format is unreachable.
"""

import argparse
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from decimal import ROUND_DOWN, ROUND_HALF_EVEN, ROUND_UP, Context, Decimal
from fractions import Fraction

# name: (width in bits, precision incl. leading bit, min exponent, max exponent)
# as in LLVM's fltSemantics (llvm/lib/Support/APFloat.cpp).
FLOAT_TYPES = {
    "f16": (16, 11, -14, 15),
    "bf16": (16, 8, -126, 127),
    "f32": (32, 24, -126, 127),
    "f64": (64, 53, -1022, 1023),
    "f80": (80, 64, -16382, 16383),
    "f128": (128, 113, -16382, 16383),
    "tf32": (19, 11, -126, 127),
    "f8E5M2": (8, 3, -14, 15),
    "f8E4M3": (8, 4, -6, 7),
    "f8E3M4": (8, 5, -2, 3),
    "f8E4M3FN": (8, 4, -6, 8),
    "f8E5M2FNUZ": (8, 3, -15, 15),
    "f8E4M3FNUZ": (8, 4, -7, 7),
    "f8E4M3B11FNUZ": (8, 4, -10, 4),
    "f8E8M0FNU": (8, 1, -127, 127),
    "f6E2M3FN": (6, 4, 0, 2),
    "f6E3M2FN": (6, 3, -2, 4),
    "f4E2M1FN": (4, 2, 0, 2),
}
FINITE_ONLY = {"f6E2M3FN", "f6E3M2FN", "f4E2M1FN"}
UNSIGNED = {"f8E8M0FNU"}
# Decimal literals are read through f64 (MLIR's parseFloatFromLiteral).
F64_MAX_EXP10 = 308

ROUNDINGS = [ROUND_HALF_EVEN, ROUND_DOWN, ROUND_UP]


def decimal_text(value, digits, rng):
    """A decimal literal (with a '.', as MLIR's lexer requires) for the
    positive Fraction `value`, rounded to `digits` significant digits."""
    ctx = Context(prec=digits, rounding=rng.choice(ROUNDINGS), Emin=-999999, Emax=999999)
    d = ctx.divide(Decimal(value.numerator), Decimal(value.denominator))
    sign, ds, exp = d.as_tuple()
    ds = "".join(map(str, ds)).lstrip("0") or "0"
    exp10 = exp + len(ds) - 1  # exponent of the leading digit
    style = rng.random()
    if style < 0.6 or abs(exp10) > 40:
        mant = ds[0] + "." + (ds[1:] or "0")
        e = rng.choice(["e", "E"])
        es = ("+" if rng.random() < 0.5 else "") if exp10 >= 0 else "-"
        return "%s%s%s%d" % (mant, e, es, abs(exp10))
    if exp10 >= 0:
        whole = ds[: exp10 + 1].ljust(exp10 + 1, "0")
        frac = ds[exp10 + 1 :] or "0"
        return whole + "." + frac
    return "0." + "0" * (-exp10 - 1) + ds


def random_value(rng, prec, emin, emax, spread=2):
    """A random exact value of the format's shape (normal, subnormal or
    just outside the range), as a Fraction."""
    r = rng.random()
    if r < 0.15:  # subnormal range
        m = rng.randrange(1, 1 << max(prec - 1, 1))
        e = emin - (prec - 1)
    else:
        m = rng.randrange(1 << (prec - 1), 1 << prec)
        e = rng.randint(emin - (prec - 1) - spread, emax - (prec - 1) + spread)
    return Fraction(m) * (Fraction(2) ** e)


def decimal_literals(rng, name, n):
    width, prec, emin, emax = FLOAT_TYPES[name]
    out = []
    while len(out) < n:
        kind = rng.random()
        if kind < 0.45:
            # A value of the format's own grid (or near its ends), written
            # with few or many digits: exercises ties, truncation and the
            # read-back check of the printer.
            v = random_value(rng, prec, emin, emax)
            digits = rng.choice([1, 2, 3, 6, 7, 8, 9, 10, 12, 16, 17, 18, 20, 21, 25, 36, 40])
            text = decimal_text(v, digits, rng)
        elif kind < 0.75:
            # Random digits with a random decimal exponent across the range.
            nd = rng.randint(1, 30)
            ds = str(rng.randint(1, 9)) + "".join(str(rng.randint(0, 9)) for _ in range(nd - 1))
            lo = int((emin - prec) * 0.30103) - 3
            hi = int(emax * 0.30103) + 3
            e10 = rng.randint(lo, hi)
            text = ds[0] + "." + (ds[1:] or "0") + "e" + str(e10)
        elif kind < 0.8:
            # Ties: the exact midpoint between two neighbours of the format,
            # or a hair away from it (closer than an f64 ulp, so the f64 step
            # of MLIR's literal reading lands on the midpoint), written out in
            # full. Checks round-to-nearest-even and the double rounding.
            if rng.random() < 0.2:  # between two subnormals
                m, e = 2 * rng.randrange(0, 1 << max(prec - 1, 0)) + 1, emin - prec
            else:
                m = (1 << prec) | 1 | rng.getrandbits(prec)
                e = rng.randint(emin, emax) - prec
            v = Fraction(m) * Fraction(2) ** e
            if rng.random() < 0.5:
                v *= 1 + Fraction(rng.choice([-1, 1]), 10 ** rng.randint(17, 30))
            text = decimal_text(v, 1200, rng)
            if len(text) > 1300:
                continue
        elif kind < 0.85:
            # Shortest round-trip text of a nearby f64 (Python's repr), the
            # form most tools write.
            v = random_value(rng, prec, max(emin, -1022), min(emax, 1020))
            text = repr(float(v))
            if "e" in text and "." not in text.split("e")[0]:
                text = text.replace("e", ".0e")
            elif "." not in text and "e" not in text:
                text += ".0"
            if "inf" in text:
                continue
        elif kind < 0.93:
            # Integers, written with a trailing ".0" or ".".
            bits = rng.randint(0, min(prec + 4, 120))
            i = rng.randrange(0, 1 << bits) if bits else 0
            text = str(i) + rng.choice([".0", ".", ".000"])
        else:
            text = rng.choice(["0.0", "-0.0", "1.0", "-1.0", "0.1", "0.5", "2.0", "10.0", "1.0e-6", "8.16e-08", "984.203",
                               "1.0e99999999999999999999", "1.0e-99999999999999999999", "0.0e99999999999999999999"])
        neg = text.startswith("-")
        if not neg and name not in UNSIGNED and rng.random() < 0.3:
            text, neg = "-" + text, True
        if neg and name in UNSIGNED:
            continue
        if name in FINITE_ONLY and magnitude_exp10(text) > F64_MAX_EXP10 - 1:
            continue
        out.append(text)
    return out


def magnitude_exp10(text):
    """Decimal exponent of the leading digit of a literal (-1e9 for zero);
    exponents beyond Decimal's range are fine."""
    m = re.match(r"-?(\d*)\.?(\d*)(?:[eE]([-+]?\d+))?$", text)
    whole, frac, exp = m.group(1), m.group(2), int(m.group(3) or 0)
    digits = (whole + frac).lstrip("0")
    if not digits:
        return -10**9
    return exp + len(whole) - 1 - ((len(whole + frac) - len(digits)))


def hex_literals(rng, name, n):
    width, prec, emin, emax = FLOAT_TYPES[name]
    out = []
    man_bits = prec - 1 if name != "f80" else 64
    specials = set()
    all_ones = (1 << width) - 1
    specials.update([0, all_ones, all_ones >> 1, 1, 1 << (width - 1), (1 << (width - 1)) | 1])
    exp_field_top = (all_ones >> (man_bits + 1) if name not in UNSIGNED else all_ones) << (man_bits if name not in UNSIGNED else 0)
    specials.add(exp_field_top)  # +inf / NaN / largest, depending on the format
    specials.add(exp_field_top | (1 << (width - 1)) if name not in UNSIGNED else exp_field_top)
    if man_bits > 0:
        specials.add(exp_field_top | (1 << (man_bits - 1)))  # quiet NaN
        specials.add(exp_field_top | 1)  # signaling NaN
        specials.add(exp_field_top - 1)  # largest finite (IEEE layouts)
        specials.add((1 << man_bits) - 1)  # largest subnormal
    for s in sorted(specials):
        if len(out) < n // 4:
            out.append("0x%X" % (s & all_ones))
    while len(out) < n:
        r = rng.random()
        if r < 0.7:
            bits = rng.getrandbits(width)
        elif r < 0.85 and man_bits > 0:
            # Subnormals: exponent field zero.
            bits = rng.getrandbits(man_bits) | (rng.getrandbits(1) << (width - 1))
        else:
            # All-ones exponent: infinities and NaNs with payloads.
            bits = exp_field_top | rng.getrandbits(max(man_bits, 1)) & ((1 << man_bits) - 1 if man_bits else 0)
            bits |= rng.getrandbits(1) << (width - 1)
        out.append("0x%X" % (bits & all_ones))
    return out


def build_files(rng, per_type, workdir):
    """Writes one .mlir file per type; returns [(type, path, entries)] where
    entries lists (literals, how), one per `-split-input-file` chunk, in file
    order. Every constant sits in a chunk of its own, so a literal one tool
    rejects fails alone instead of taking the whole file with it."""
    files = []
    for name in FLOAT_TYPES:
        n_dec = per_type * 3 // 5
        lits = decimal_literals(rng, name, n_dec) + hex_literals(rng, name, per_type - n_dec)
        rng.shuffle(lits)
        chunks = []
        entries = []

        def const(lits_used, how, attr, type_text):
            chunks.append("func.func @f() {\n  %%0 = arith.constant %s : %s\n  return\n}" % (attr, type_text))
            entries.append((lits_used, how))

        for lit in lits:
            const([lit], "scalar", lit, name)
        # Dense tensors over the same literals (hex elements may not carry a
        # leading minus; they never do here), eight at a time, plus splats.
        group = 8
        for g in range(0, len(lits) - group + 1, group * 4):
            chunk = lits[g : g + group]
            const(chunk, "dense", "dense<[%s]>" % ", ".join(chunk), "tensor<%dx%s>" % (len(chunk), name))
        # Complex elements: pairs of the same literals.
        for g in range(group, len(lits) - group + 1, group * 4):
            chunk = lits[g : g + group]
            pairs = ", ".join("(%s, %s)" % (chunk[i], chunk[i + 1]) for i in range(0, group, 2))
            const(chunk, "complex", "dense<[%s]>" % pairs, "tensor<%dxcomplex<%s>>" % (group // 2, name))
        for g in range(0, len(lits), 50):
            const([lits[g]], "splat", "dense<%s>" % lits[g], "tensor<3x%s>" % name)
        # Dense arrays (`array<f16: ...>`), for the types whose width is
        # whole bytes (MLIR rejects the others).
        if FLOAT_TYPES[name][0] % 8 == 0:
            for g in range(group * 2, len(lits) - group + 1, group * 4):
                chunk = lits[g : g + group]
                chunks.append("func.func private @f() attributes {a = array<%s: %s>}" % (name, ", ".join(chunk)))
                entries.append((chunk, "array"))
        path = os.path.join(workdir, "floats-%s.mlir" % name)
        write_chunks(path, chunks)
        files.append((name, path, entries))
    return files


def write_chunks(path, chunks):
    with open(path, "w") as f:
        f.write("\n// -----\n".join(chunks) + "\n")


CONST_RE = re.compile(r"arith\.constant (.*)$|attributes \{a = (.*)\}$")
ERROR_RE = re.compile(r":(\d+):\d+: error: (.*)$", re.M)


def printed_constants(tool, path, n_chunks):
    """For each chunk of `path`: the constant text the tool prints, or
    ("rejected: <its error>") when it rejects the chunk, or None when the
    output cannot be split into chunks at all."""
    p = subprocess.run([tool, "-split-input-file", path], capture_output=True, text=True)
    outs = re.split(r"^// -----$", p.stdout, flags=re.M)
    if len(outs) != n_chunks:
        return [None] * n_chunks
    # Errors carry the line in the whole file; map them to chunks.
    starts = []
    with open(path) as f:
        for lineno, line in enumerate(f, 1):
            if lineno == 1 or line.startswith("// -----"):
                starts.append(lineno)
    errors = {}
    for m in ERROR_RE.finditer(p.stderr):
        chunk = max(i for i, start in enumerate(starts) if start <= int(m.group(1)))
        errors.setdefault(chunk, m.group(2))
    texts = []
    for i, out in enumerate(outs):
        m = next((m for m in map(CONST_RE.search, out.splitlines()) if m), None)
        texts.append(m.group(1) or m.group(2) if m else "rejected: " + errors.get(i, "(no message)"))
    return texts


def default_strata(repo):
    env = os.environ.get("STRATA_OPT")
    if env:
        return env
    for build in ("debug", "release"):
        p = os.path.join(repo, "target", build, "strata-opt")
        if os.path.exists(p):
            return p
    return os.path.join(repo, "target", "debug", "strata-opt")


def main():
    repo = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=20261124)
    ap.add_argument("--per-type", type=int, default=700, help="literals per float type (18 types)")
    ap.add_argument("--strata", default=default_strata(repo))
    ap.add_argument("--mlir-opt", default=os.environ.get("MLIR_OPT", "/usr/lib/llvm-22/bin/mlir-opt"))
    ap.add_argument("--keep", help="write the generated files to this directory and keep them")
    ap.add_argument("--show", type=int, default=20, help="differences to print")
    args = ap.parse_args()
    for tool in (args.strata, args.mlir_opt):
        if not os.path.exists(tool):
            sys.exit("float-print-diff: tool not found: %s" % tool)

    start = time.time()
    rng = random.Random(args.seed)
    tmp = None
    workdir = args.keep
    if workdir:
        os.makedirs(workdir, exist_ok=True)
    else:
        tmp = tempfile.TemporaryDirectory(prefix="float-print-diff.")
        workdir = tmp.name
    files = build_files(rng, args.per_type, workdir)

    state = {"shown": 0, "limit": args.show}
    passed = failed = 0
    per_type = []
    reread_files = []
    for name, path, entries in files:
        p, f, ref = compare(args, name, path, entries, state)
        # Round two: mlir-opt's own decimal texts (`984.20299999999997`,
        # `8.15999996E-8`, 21- and 36-digit f80/f128 forms) must read back and
        # print the same in both tools.
        texts = [t.rsplit(" : ", 1)[0] for t, (_, how) in zip(ref, entries) if how == "scalar" and t]
        texts = [t for t in texts if not t.startswith(("0x", "rejected: "))]
        reread_path = path.replace(".mlir", "-reread.mlir")
        reread = write_scalar_file(reread_path, name, texts)
        p2, f2, _ = compare(args, name + " (re-read)", reread_path, reread, state)
        passed += p + p2
        failed += f + f2
        per_type.append((name, p + f, p, f, p2 + f2, f2))

    print("per type: literals, failed; re-read of mlir-opt's decimal output, failed")
    for name, n, p, f, n2, f2 in per_type:
        print("  %-14s %5d %3d   %5d %3d" % (name, n, f, n2, f2))
    print("seed %d, %d files, %.1f s" % (args.seed, 2 * len(files), time.time() - start))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


def write_scalar_file(path, type_name, literals):
    write_chunks(path, ["func.func @f() {\n  %%0 = arith.constant %s : %s\n  return\n}" % (lit, type_name) for lit in literals])
    return [([lit], "scalar") for lit in literals]


def compare(args, label, path, entries, state):
    """Runs both tools on `path`; returns (passed, failed, reference texts)
    counting scalar literals. A literal fails when its scalar constant, or a
    dense/complex/array element made from it, prints differently, or when
    either tool rejects a chunk holding it."""
    ref = printed_constants(args.mlir_opt, path, len(entries))
    got = printed_constants(args.strata, path, len(entries))
    lits = [lit[0] for lit, how in entries if how == "scalar"]
    bad_literals = set()
    for (lit, how), r, g in zip(entries, ref, got):
        if r is not None and r == g and not r.startswith("rejected: "):
            continue
        if how == "scalar" or r is None or g is None or r.startswith("rejected: ") or g.startswith("rejected: "):
            bad_literals.update(lit)
        else:
            rs, gs = split_dense(r), split_dense(g)
            for i, l in enumerate(lit):
                if i >= len(rs) or i >= len(gs) or rs[i] != gs[i]:
                    bad_literals.add(l)
        if state["shown"] < state["limit"]:
            state["shown"] += 1
            print("DIFF %s %s: %s" % (how, label, lit[0] if how == "scalar" else "[" + ", ".join(lit) + "]"))
            print("  mlir-opt:   %s" % (r if r is not None else "(output not in chunks)"))
            print("  strata-opt: %s" % (g if g is not None else "(output not in chunks)"))
    n_bad = sum(1 for lit in lits if lit in bad_literals)
    return len(lits) - n_bad, n_bad, ref


def split_dense(text):
    """Element texts of `dense<[a, b, ...]> : tensor<...>` or `array<T: a, b>`;
    complex elements `(re,im)` count as two."""
    m = re.match(r"dense<\[?(.*?)\]?> :", text) or re.match(r"array<[^:]*: (.*)>$", text)
    return [t.strip(" ()") for t in m.group(1).split(",")] if m else []


if __name__ == "__main__":
    sys.exit(main())
