#!/usr/bin/env python3
"""Builds the ONNX test models of tx8c (issue 11, item 8) and their references.

For every selected case it writes `OUT/<name>/model.onnx`, `inputs.npz` (keyed
by graph input name) and `ref.npz` (onnxruntime's outputs, keyed by graph
output name, float32), then `OUT/manifest.json` describing every case written.
Weights and inputs come from numpy's default_rng seeded by a hash of the case
name; files are byte-identical from run to run. Every valid model passes
`onnx.checker.check_model(full_check=True)` and runs in onnxruntime before it
is written; the deliberately bad ones are checked to be bad in the intended
way only (see modelgen/bad.py).

Usage: gen_models.py --out DIR [--only GLOB ...] [--size small|full|all] [--list]
"""

import argparse
import fnmatch
import json
import os
import shutil
import sys
import time

import numpy as np
import onnx
import onnxruntime as ort
from onnx import helper

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from modelgen import bad, nets_cnn, nets_transformer, ops_math, ops_nn, ops_runtime, ops_shape  # noqa: E402
from modelgen.files import save_model, save_npz  # noqa: E402
from modelgen.graph import Graph, seed_for  # noqa: E402
from modelgen.runtime import run_onnxruntime  # noqa: E402


def all_cases():
    cases = []
    for module in (ops_math, ops_nn, ops_shape, ops_runtime, nets_cnn, nets_transformer, bad):
        cases.extend(module.cases())
    seen = set()
    for c in cases:
        if c.name in seen:
            raise SystemExit(f"gen_models: duplicate case name {c.name}")
        seen.add(c.name)
    return cases


def declare_outputs(g: Graph, opset: int, outputs: dict, symbolic: bool) -> onnx.ModelProto:
    """The final model: output types and shapes taken from onnxruntime's run,
    or, when an input is symbolic, from onnx's shape inference (so the output
    keeps its symbolic dimension)."""
    if symbolic:
        inferred = onnx.shape_inference.infer_shapes(g.model(opset), strict_mode=True)
        types = {}
        for vi in inferred.graph.output:
            tt = vi.type.tensor_type
            dims = [d.dim_param if d.dim_param else d.dim_value for d in tt.shape.dim]
            types[vi.name] = (tt.elem_type, dims)
        return g.model(opset, types)
    types = {name: (helper.np_dtype_to_tensor_dtype(v.dtype), list(v.shape))
             for name, v in outputs.items()}
    return g.model(opset, types)


def describe(value_infos, data: dict) -> list:
    out = []
    for vi in value_infos:
        tt = vi.type.tensor_type
        dims = [d.dim_param if d.dim_param else d.dim_value for d in tt.shape.dim]
        entry = {"name": vi.name, "shape": dims,
                 "dtype": str(helper.tensor_dtype_to_np_dtype(tt.elem_type))}
        if vi.name in data and list(data[vi.name].shape) != dims:
            entry["fed_shape"] = list(data[vi.name].shape)
        out.append(entry)
    return out


def generate(case, out_dir: str) -> dict:
    """Builds, checks, runs and writes one case; returns its manifest entry."""
    directory = os.path.join(out_dir, case.name)
    shutil.rmtree(directory, ignore_errors=True)
    os.makedirs(directory)
    seed = seed_for(case.name)
    g = Graph(case.name, np.random.default_rng(seed))
    built = case.build(g)
    entry = {"name": case.name, "kind": case.kind, "op": case.op,
             "tolerance": case.tolerance, "size": case.size, "expect": case.expect}
    if case.expect == "error":
        entry["error_contains"] = list(case.error_contains)
    if case.extra_args:
        entry["extra_args"] = list(case.extra_args)
    if case.notes:
        entry["notes"] = case.notes
    if case.groups is not None:
        entry["groups"] = case.groups
    entry["seed"] = seed

    if built.raw is not None:
        try:
            onnx.load_model_from_string(built.raw)
        except Exception:  # noqa: BLE001 - any parse failure is the point
            pass
        else:
            raise SystemExit(f"gen_models: {case.name}: meant to be unreadable, but onnx parses it")
        with open(os.path.join(directory, "model.onnx"), "wb") as f:
            f.write(built.raw)
        entry["files"] = {"model.onnx": len(built.raw)}
        return entry

    symbolic = any(d.dim_param for vi in g.graph_inputs for d in vi.type.tensor_type.shape.dim)
    # A first run gives the output shapes to declare; the reference comes from
    # a second run of the file as written (which, for external data, also
    # proves the weights file loads).
    outputs = run_onnxruntime(g.model(built.opset), g.input_data) if built.run_reference else {}
    model = declare_outputs(g, built.opset, outputs, symbolic or not built.run_reference)
    onnx.checker.check_model(model, full_check=True)
    files = save_model(model, directory, built.external_data)
    if built.run_reference:
        outputs = run_onnxruntime(os.path.join(directory, "model.onnx"), g.input_data)
        for name, value in outputs.items():
            if value.dtype != np.float32:
                raise SystemExit(f"gen_models: {case.name}: output {name} is {value.dtype}, "
                                 "test models must have float32 outputs")
            if not built.nonfinite and not np.isfinite(value).all():
                raise SystemExit(f"gen_models: {case.name}: output {name} has inf or NaN")
    feeds = built.inputs if built.inputs is not None else g.input_data
    save_npz(os.path.join(directory, "inputs.npz"), feeds)
    files.append("inputs.npz")
    if built.run_reference and built.inputs is None:
        save_npz(os.path.join(directory, "ref.npz"), outputs)
        files.append("ref.npz")

    entry["opset"] = built.opset
    entry["external_data"] = built.external_data
    entry["inputs"] = describe(g.graph_inputs, feeds)
    entry["outputs"] = describe(model.graph.output, outputs)
    entry["files"] = {f: os.path.getsize(os.path.join(directory, f)) for f in files}
    return entry


def manifest_text(manifest: dict) -> str:
    """JSON with one line per model: readable, and greppable by name."""
    head = {k: v for k, v in manifest.items() if k != "models"}
    lines = ["{"] + [f" {json.dumps(k)}: {json.dumps(v)}," for k, v in head.items()]
    lines.append(' "models": [')
    models = manifest["models"]
    for i, m in enumerate(models):
        lines.append("  " + json.dumps(m) + ("," if i + 1 < len(models) else ""))
    lines += [" ]", "}", ""]
    return "\n".join(lines)


def select(cases, only, size):
    chosen = []
    for c in cases:
        if size != "all" and c.size != size:
            continue
        if only and not any(fnmatch.fnmatchcase(c.name, pat) for pat in only):
            continue
        chosen.append(c)
    return chosen


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", help="output directory (created)")
    ap.add_argument("--only", action="append", default=[], metavar="NAME_GLOB",
                    help="only cases whose name matches (repeatable)")
    ap.add_argument("--size", choices=["small", "full", "all"], default="small",
                    help="small: operator, bad and small networks (default); full: the "
                         "full-size networks; all: both")
    ap.add_argument("--list", action="store_true", help="list the selected cases and exit")
    args = ap.parse_args(argv)

    cases = select(all_cases(), args.only, args.size)
    if args.list:
        for c in cases:
            print(f"{c.name}\t{c.kind}\t{c.op}\t{c.size}\t{c.expect}")
        return 0
    if not args.out:
        ap.error("--out is required")
    if not cases:
        print(f"gen_models: no case matches --only {args.only} --size {args.size}",
              file=sys.stderr)
        return 1
    os.makedirs(args.out, exist_ok=True)
    start = time.monotonic()
    entries = []
    for c in cases:
        t0 = time.monotonic()
        try:
            entries.append(generate(c, args.out))
        except Exception as e:  # name the case: a traceback alone does not
            print(f"gen_models: case {c.name} failed: {type(e).__name__}: {e}", file=sys.stderr)
            raise
        if time.monotonic() - t0 > 2.0:
            print(f"gen_models: {c.name}: {time.monotonic() - t0:.1f} s", file=sys.stderr)
    manifest = {"generator": "tests/tx8/gen_models.py",
                "onnx": onnx.__version__, "onnxruntime": ort.__version__,
                "numpy": np.__version__, "size": args.size, "models": entries}
    with open(os.path.join(args.out, "manifest.json"), "w") as f:
        f.write(manifest_text(manifest))
    counts = {}
    for e in entries:
        counts[e["kind"]] = counts.get(e["kind"], 0) + 1
    total = sum(sum(e["files"].values()) for e in entries)
    per_kind = ", ".join(f"{k} {counts[k]}" for k in sorted(counts))
    print(f"gen_models: {len(entries)} models ({per_kind}), {total / 1e6:.1f} MB, "
          f"{time.monotonic() - start:.1f} s -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
