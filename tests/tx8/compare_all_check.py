#!/usr/bin/env python3
"""Checks that `tx8c --compare-all` names a deliberately broken op.

This file owns that one check (issue 11: "--compare-all finds a deliberately
broken op in a test and names it"). For a model:

1. `tx8c --emit=tx8be` prints the scheduled IR; from it, the weight
   constants (`tx8be.const` in the function's entry block, in order: the
   numbering `--debug-perturb-const N` uses) and, per `tx8be.group`, which
   compute op reads which constant through a `tx8be.load_const`;
2. N is chosen as a Gemm/Conv weight read by a group that is not the first
   one, so a "first divergence" at group 0 would not pass by accident;
3. the unperturbed run with `--compare-all` must pass ("all N groups
   match");
4. the run with `--debug-perturb-const N` (weight N scaled by 1.5 on the
   card only) must exit non-zero, without panicking, with
   `first divergence at group G ('tx8be.X' at LOC)` where G is the group
   that reads constant N and tx8be.X the op there that consumes it.

run_models.py runs it as the `compare-all` checks; alone:

    python3 tests/tx8/compare_all_check.py --models target/tx8-models bert_layer_small
"""

import argparse
import os
import re
import subprocess
import sys

# Models the check runs on: a transformer layer (Gemms in nine groups) and a
# CNN (Conv + BatchNorm folded into it); both small nets of gen_models.py.
# The MLP's Gemm chain is one group (tx8be-group-chains), so no weight of it
# is read after the first group.
MODELS = ("bert_layer_small", "resnet18_small")
# Ops whose constant operand is a weight that scaling by 1.5 must change
# (a splat zero, e.g. the Relu's max operand, would not).
WEIGHT_OPS = ("tx8be.Gemm", "tx8be.Conv")

GROUP_RE = re.compile(r"^\s*%\S+ = tx8be\.group\b.*\bgroup_id = (\d+)")
CONST_RE = re.compile(r"^\s*(%[\w#:]+) = tx8be\.const\b")
LOAD_CONST_RE = re.compile(r"^\s*(%\w+) = tx8be\.load_const (%\w+)")
COMPUTE_RE = re.compile(r"^\s*%\S+ = (tx8be\.\w+)\(([^)]*)\)")
DIVERGENCE_RE = re.compile(r"first divergence at group (\d+) \('(tx8be\.\w+)' at (.+?); the group computes ([\w., ]+)\)")


class IrError(Exception):
    pass


def const_consumers(ir_text):
    """(consts, uses): consts is the entry block's constant SSA names in
    order; uses maps a constant name to [(group_id, op name)] of the compute
    ops that read it, in program order."""
    consts = []
    uses = {}
    group = None
    depth = 0
    loaded = {}  # load_const result -> constant, within the current group
    for line in ir_text.splitlines():
        if group is None:
            m = CONST_RE.match(line)
            if m:
                consts.append(m.group(1))
                continue
            m = GROUP_RE.match(line)
            if m:
                group = int(m.group(1))
                depth = line.count("{") - line.count("}")
                loaded = {}
            continue
        # Inside a group body: attribute dictionaries open and close on the
        # same line, so the brace balance returns to zero at the group's end.
        depth += line.count("{") - line.count("}")
        m = LOAD_CONST_RE.match(line)
        if m:
            loaded[m.group(1)] = m.group(2)
        else:
            m = COMPUTE_RE.match(line)
            if m and m.group(1) not in ("tx8be.store_var", "tx8be.load_var"):
                for operand in (o.strip() for o in m.group(2).split(",")):
                    if operand in loaded:
                        uses.setdefault(loaded[operand], []).append((group, m.group(1)))
        if depth <= 0:
            group = None
    if not consts:
        raise IrError("no tx8be.const in the --emit=tx8be output")
    return consts, uses


def choose_constant(consts, uses):
    """(N, group, op): a weight constant read first by a group other than
    the first one that reads any constant; the middle such one."""
    first_groups = sorted(u[0][0] for u in uses.values() if u)
    candidates = []
    for n, name in enumerate(consts):
        u = uses.get(name)
        if u and u[0][1] in WEIGHT_OPS and first_groups and u[0][0] > first_groups[0]:
            candidates.append((n, u[0][0], u[0][1]))
    if not candidates:
        raise IrError(f"no {'/'.join(WEIGHT_OPS)} weight read after the first group")
    return candidates[len(candidates) // 2]


def _run(cmd, timeout):
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, "", "timed out"
    return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")


def _panicked(code, err):
    return code == 101 or "panicked" in err


class CompareAllCheck:
    def __init__(self, model):
        self.model = model

    def run(self, tx8c, models_dir, runs_dir, timeout):
        """("", log) when --compare-all names the perturbed op, else (why, log)."""
        d = os.path.join(models_dir, self.model)
        model = os.path.join(d, "model.onnx")
        common = ["-q", "--dtype", "bf16", "--inputs", os.path.join(d, "inputs.npz")]
        log = []
        code, ir, err = _run([tx8c, model, "--emit=tx8be"] + common, timeout)
        if code != 0:
            return f"--emit=tx8be failed (exit {code})", err
        try:
            consts, uses = const_consumers(ir)
            n, group, op = choose_constant(consts, uses)
        except IrError as e:
            return str(e), ir[-2000:]
        log.append(f"constant {n} ({consts[n]}) is read by '{op}' in group {group}")

        out = os.path.join(runs_dir, f"{self.model}.compare-all")
        code, _, err = _run([tx8c, model, "-o", out, "--compare-all"] + common, timeout)
        log.append(f"[unperturbed: exit {code}]\n{err}")
        if code != 0 or _panicked(code, err) or "groups match the reference interpreter" not in err:
            return f"unperturbed --compare-all did not pass (exit {code})", "\n".join(log)

        out = os.path.join(runs_dir, f"{self.model}.compare-all-perturbed")
        code, _, err = _run([tx8c, model, "-o", out, "--compare-all", "--debug-perturb-const", str(n)] + common, timeout)
        log.append(f"[--debug-perturb-const {n}: exit {code}]\n{err}")
        if code is None or _panicked(code, err):
            return f"perturbed run crashed or hung (exit {code})", "\n".join(log)
        if code == 0:
            return f"perturbing constant {n} went unnoticed (exit 0)", "\n".join(log)
        m = DIVERGENCE_RE.search(err)
        if not m:
            return "no 'first divergence at group G' line", "\n".join(log)
        got_group, got_op, loc = int(m.group(1)), m.group(2), m.group(3)
        # A multi-op group is compared at its output (its last op, named
        # first); the op reading the weight must be one of the group's.
        got_ops = [o.strip() for o in m.group(4).split(",")]
        if got_group != group or op not in got_ops or got_op != got_ops[-1]:
            return f"named group {got_group} '{got_op}' computing {got_ops}, expected group {group} computing '{op}'", "\n".join(log)
        if not loc.strip('"'):
            return "the divergence line has no location", "\n".join(log)
        return "", "\n".join(log)


def checks(manifest, only_globs=()):
    """The checks whose model is in the manifest (and matches --only)."""
    import fnmatch

    names = {e["name"] for e in manifest["models"]}
    return [CompareAllCheck(m) for m in MODELS
            if m in names and (not only_globs or any(fnmatch.fnmatch(m, g) for g in only_globs))]


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    repo = os.path.dirname(os.path.dirname(here))
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("model", nargs="*", default=list(MODELS))
    ap.add_argument("--models", default=os.path.join(repo, "target", "tx8-models"))
    ap.add_argument("--runs", default=os.path.join(repo, "target", "tx8-runs"))
    ap.add_argument("--tx8c", default=os.path.join(repo, "target", "release", "tx8c"))
    ap.add_argument("--timeout", type=int, default=300)
    args = ap.parse_args()
    os.makedirs(args.runs, exist_ok=True)
    bad = 0
    for m in args.model:
        why, log = CompareAllCheck(m).run(args.tx8c, args.models, args.runs, args.timeout)
        print(f"{'PASS' if not why else 'FAIL'} {m} compare-all{': ' + why if why else ''}")
        print("\n".join("    " + line for line in log.splitlines()))
        bad += bool(why)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
