#!/usr/bin/env python3
"""How close a perfect bf16 or fp16 pipeline can get to each reference.

For every generated model (a directory written by gen_models.py) this rounds
the float weights and inputs to bf16/fp16 and inserts a round trip through
that type after every float-valued node, then runs the model in onnxruntime
(float32 arithmetic, as TX8 accumulates in fp32) and compares with ref.npz
the way tx8c's --compare does: cosine, max abs error, SQNR. The numbers are
the floor a correct tx8c build can expect at that dtype; a model far below
issue 11's threshold (cosine 0.99) would be a bad test model, and a tx8c
result far below the floor points to a bug rather than to rounding.

`--round weights` or `--round activations` rounds only that part, which
tells a model that is sensitive to its own weights (no pipeline with
weights in that dtype can pass) from one that loses precision in its
intermediates (where keeping more of them in fp32 inside a group helps).

Usage: emulate_low_precision.py OUT [--dtype bf16|fp16] [--round all|weights|activations] [--only GLOB ...]
"""

import argparse
import fnmatch
import json
import os
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from modelgen.runtime import run_onnxruntime  # noqa: E402


def round_to(a: np.ndarray, dtype: str) -> np.ndarray:
    a = np.ascontiguousarray(a, dtype=np.float32)
    if dtype == "fp16":
        return a.astype(np.float16).astype(np.float32)
    # bf16: round to nearest even on the upper 16 bits of the float32.
    u = a.view(np.uint32).astype(np.uint64)
    u = ((u + 0x7FFF + ((u >> 16) & 1)) >> 16) << 16
    return u.astype(np.uint32).view(np.float32)


def low_precision_model(model: onnx.ModelProto, dtype: str, weights: bool = True,
                        activations: bool = True, round_vectors: bool = True) -> onnx.ModelProto:
    """Resize's roi and scales stay fp32: they are shape metadata, not data
    (1.6 in bf16 is 1.6015625, which moves every sampled pixel).

    With `round_vectors` false, 1-D weights (biases, normalisation scales
    and shifts) stay fp32, as an engine that adds biases and applies
    per-channel parameters in fp32 keeps them (TX8's NE and CT do)."""
    onnx_type = TensorProto.BFLOAT16 if dtype == "bf16" else TensorProto.FLOAT16
    metadata = {t for n in model.graph.node if n.op_type == "Resize" for t in n.input[1:3]}
    for k, t in enumerate(model.graph.initializer):
        a = numpy_helper.to_array(t)
        if weights and a.dtype == np.float32 and t.name not in metadata and (round_vectors or a.ndim != 1):
            model.graph.initializer[k].CopyFrom(numpy_helper.from_array(round_to(a, dtype), t.name))
    if not activations:
        return model
    try:
        inferred = onnx.shape_inference.infer_shapes(model)
    except onnx.shape_inference.InferenceError:
        # Some exports carry value_info that onnx's checker disagrees with
        # (a dynamo export of RexNet: rank 1 against rank 0); their own
        # value_info still types every intermediate.
        inferred = model
    types = {vi.name: vi.type.tensor_type.elem_type
             for vi in list(inferred.graph.value_info) + list(inferred.graph.output)}
    nodes = []
    for n in model.graph.node:
        nodes.append(n)
        for k, out in enumerate(n.output):
            if types.get(out) != TensorProto.FLOAT:
                continue
            raw = f"{out}__fp32"
            n.output[k] = raw
            nodes.append(helper.make_node("Cast", [raw], [f"{out}__low"], to=onnx_type))
            nodes.append(helper.make_node("Cast", [f"{out}__low"], [out], to=TensorProto.FLOAT))
    del model.graph.node[:]
    model.graph.node.extend(nodes)
    return model


def floor_outputs(model_path: str, inputs: dict, dtype: str, rounded: str = "all",
                  realisations: int = 1) -> dict:
    """The model's outputs at `dtype`'s precision (`rounded`: all, weights or
    activations): what tx8c's --compare-floor takes, as {name: array}.

    With `realisations` 2 each array has one more leading axis of the two
    choices a correct pipeline at this precision may make for its 1-D
    weights (biases, normalisation parameters): rounded (the plain floor,
    first) or kept in fp32 (as TX8's engines add biases). A badly
    conditioned network turns that choice into a draw: full-size RexNet's
    logits reach 22.8 dB on its exported image with rounded biases, 18.2
    with fp32 ones (tx8c, which keeps them in fp32: 19.7). tx8c judges by
    the worse. (Rounding every intermediate on a shifted grid, another
    choice, is not one: it rounds again what data movement, max and relu
    pass through exactly, and costs Swin 20 dB.)"""
    if realisations not in (1, 2):
        raise ValueError(f"realisations must be 1 or 2, not {realisations}")
    feeds = {k: round_to(v, dtype) if v.dtype == np.float32 and rounded != "weights" else v
             for k, v in inputs.items()}
    runs = []
    for r in range(realisations):
        model = low_precision_model(onnx.load(model_path), dtype, weights=rounded != "activations",
                                    activations=rounded != "weights", round_vectors=r == 0)
        runs.append(run_onnxruntime(model, feeds))
    if realisations == 1:
        return runs[0]
    return {name: np.stack([run[name] for run in runs]) for name in runs[0]}


def compare(ref: np.ndarray, got: np.ndarray) -> dict:
    r, g = ref.astype(np.float64).ravel(), got.astype(np.float64).ravel()
    err = ((r - g) ** 2).sum()
    denom = np.linalg.norm(r) * np.linalg.norm(g)
    return {"cosine": float(r @ g / denom) if denom else float(np.array_equal(r, g)),
            "max_abs": float(np.abs(r - g).max()) if r.size else 0.0,
            "sqnr_db": float(10 * np.log10((r ** 2).sum() / err)) if err else float("inf")}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out", help="a directory written by gen_models.py or tests/zoo/export_zoo.py")
    ap.add_argument("--dtype", choices=["bf16", "fp16"], default="bf16")
    ap.add_argument("--round", choices=["all", "weights", "activations"], default="all",
                    help="what is rounded: weights are the initializers, activations the inputs and node outputs")
    ap.add_argument("--only", action="append", default=[], metavar="GLOB")
    args = ap.parse_args(argv)
    with open(os.path.join(args.out, "manifest.json")) as f:
        manifest = json.load(f)
    worst = None
    for m in manifest["models"]:
        # gen_models.py marks the models tx8c must refuse; the zoo's
        # manifest marks the ones the exporter could not write.
        if m.get("expect", "pass") != "pass" or not m.get("exported", True) or (args.only and not any(
                fnmatch.fnmatchcase(m["name"], p) for p in args.only)):
            continue
        d = os.path.join(args.out, m["name"])
        if not os.path.exists(os.path.join(d, "model.onnx")):
            continue  # StableHLO text (the JAX models): onnxruntime cannot run it
        with np.load(os.path.join(d, "inputs.npz")) as inputs:
            got = floor_outputs(os.path.join(d, "model.onnx"), dict(inputs.items()), args.dtype, args.round)
        with np.load(os.path.join(d, "ref.npz")) as ref:
            for name in ref.keys():
                c = compare(ref[name], got[name])
                print(f"{m['name']}\t{name}\tcosine {c['cosine']:.6f}\tmax_abs {c['max_abs']:.4g}"
                      f"\tsqnr {c['sqnr_db']:.1f} dB")
                if worst is None or c["cosine"] < worst[0]:
                    worst = (c["cosine"], m["name"], name)
    if worst is not None:
        print(f"emulate_low_precision: {args.dtype}: lowest cosine {worst[0]:.6f} "
              f"({worst[1]}: {worst[2]})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
