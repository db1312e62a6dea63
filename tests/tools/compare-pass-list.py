#!/usr/bin/env python3
"""compare-pass-list.py STRATA MLIR: checks `strata-opt --list-passes`
against `mlir-opt --list-passes` (the two outputs, as files).

mlir-opt lists about a thousand passes and aligns descriptions after its
longest entry, so the outputs cannot be equal byte for byte. What must hold:
the same `Passes:` header; the same line kinds (`  --pass  -   desc`,
`    --option=<type>  - desc`, `    =value  -   desc`) with one description
column; passes in sorted order; and for every strata pass that mlir-opt also
has, its lines (blanks collapsed) are mlir-opt's lines for that pass, in the
same order, except options Strata does not implement (listed in the output,
as are the passes only Strata has, OneFlow's). Exit 1 on a mismatch.
"""
import re
import sys


def blocks(path):
    lines = open(path, encoding="utf-8").read().splitlines()
    if not lines or lines[0] != "Passes:":
        sys.exit(f"{path}: does not start with 'Passes:'")
    out, order = {}, []
    for line in lines[1:]:
        m = re.match(r"^  --(\S+)\s", line)
        if m:
            order.append(m.group(1))
            out[m.group(1)] = []
        elif order:
            out[order[-1]].append(line)
    return out, order, lines[1:]


strata, strata_order, strata_lines = blocks(sys.argv[1])
mlir, _, _ = blocks(sys.argv[2])
bad = 0
if strata_order != sorted(strata_order):
    print("strata passes are not sorted:", strata_order)
    bad = 1
# One description column: every pass/option dash at the same place (values two left).
columns = set()
for line in strata_lines:
    m = re.match(r"^(\s+=\S+\s+)-   ", line)
    columns.add(len(m.group(1)) + 2 if m else line.index(" - ") + 1 if " - " in line else line.index("-   "))
if len(columns) != 1:
    print("descriptions are not in one column:", sorted(columns))
    bad = 1
norm = lambda ls: [re.sub(r"\s+", " ", l.strip()) for l in ls]
for name in strata_order:
    if name not in mlir:
        print(f"only in strata: {name}")
        continue
    ours, theirs = norm(strata[name]), norm(mlir[name])
    # `ours` must be a subsequence of `theirs`.
    it = iter(theirs)
    if not all(line in it for line in ours):
        print(f"--{name} differs:\n  strata: {ours}\n  mlir:   {theirs}")
        bad = 1
    for line in theirs:
        if line not in ours:
            print(f"--{name}: not implemented by strata: {line}")
sys.exit(bad)
