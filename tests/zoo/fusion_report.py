#!/usr/bin/env python3
"""Lists, per zoo run (a run_zoo.py --runs directory, default
target/zoo-runs), what would betray a layer norm / softmax / GELU
left in pieces: tx8be.Reduce ops in the groups (a norm's or softmax's
statistics), and erf / tanh unary calls in main.c (a GELU's inner
function). A fused one is one op (LayerNorm, Softmax, Unary gelu*) in one
group, so a run listed here with a Reduce group is to be read by its
location: a global average pool or an L2 norm is a reduction of its own,
a LayerNorm or Softmax node's location is a fusion lost.

    python3 tests/zoo/fusion_report.py [RUNS]
"""
import json, os, re, sys
runs = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "..", "target", "zoo-runs")
ERF, TANH = 12, 3
for d in sorted(os.listdir(runs)):
    p = os.path.join(runs, d)
    rj = os.path.join(p, "run.json")
    if not os.path.exists(rj):
        continue
    r = json.load(open(rj))
    red = [(g["id"], g["loc"][:70], g["ops"]) for g in r["groups"] if "tx8be.Reduce" in g["ops"]]
    c = open(os.path.join(p, "main.c")).read() if os.path.exists(os.path.join(p, "main.c")) else ""
    un = re.findall(r"op_eltwise_unary(?:_param)?\((\d+),", c)
    erf = un.count(str(ERF)); tanh = un.count(str(TANH))
    fused = {k: sum(1 for g in r["groups"] for o in g["ops"] if o == k) for k in ("tx8be.LayerNorm", "tx8be.Softmax")}
    if red or erf or tanh:
        print(f"{d}: reduce groups {len(red)}, erf calls {erf}, tanh calls {tanh}; fused LN {fused['tx8be.LayerNorm']}, softmax {fused['tx8be.Softmax']}")
        for x in red[:6]:
            print("   ", x)
