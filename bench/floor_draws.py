#!/usr/bin/env python3
"""How much a bf16 check depends on its input draw: one zoo model run on
several random inputs, each compared with onnxruntime's fp32 outputs, for
tx8c and for the model's bf16 floor (tests/tx8/emulate_low_precision.py).

    target/tx8-venv/bin/python bench/floor_draws.py /work/zoo-full/timm-rexnet-ts --draws 5
    target/tx8-venv/bin/python bench/floor_draws.py DIR --draws 5 --run reference

Draw 0 is the model's own inputs.npz (what the zoo checks); draws 1.. are
standard-normal arrays of the same shapes and float types, seeded by their
number (integer inputs keep the exported values). Per draw it prints the
minimum SQNR over the outputs for tx8c, for the plain floor and for the
worse of the floor's two realisations (`floor_outputs`: 1-D weights rounded
or in fp32), tx8c's margin over the worse and the verdict of --compare's
rule; then the margins' means over the draws.

Measured (tx8c at 97b42a1 on the C model, 7 December 2026): full-size timm
RexNet (TorchScript export), nine draws, tx8c / plain floor / worse of 2:

    0  19.7 / 22.8 / 18.2   1  23.1 / 23.7 / 23.7   2  27.4 / 23.2 / 23.2
    3  15.4 / 21.9 / 14.8   4  20.3 / 22.0 / 22.0   5  25.5 / 23.7 / 23.7
    6  22.5 / 21.0 / 21.0   7  23.8 / 22.2 / 20.1   8  23.3 / 21.5 / 21.5

Over the plain floor tx8c's margin swings from -6.5 to +4.2 dB (mean -0.1):
the plain floor rounds biases, which tx8c keeps in fp32, and that choice
alone moves this network's logits by up to 7 dB. Over the worse
realisation the margin is -1.6 to +4.2 dB (mean +1.4), and every check
passes.

Needs numpy, onnx and onnxruntime (target/tx8-venv has them).
"""

import argparse
import os
import subprocess
import sys
import tempfile

import numpy as np
import onnxruntime as ort

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(REPO, "tests", "tx8"))
from emulate_low_precision import floor_outputs  # noqa: E402


def sqnr(ref, got):
    r, g = ref.astype(np.float64).ravel(), got.astype(np.float64).ravel()
    err = ((r - g) ** 2).sum()
    return float("inf") if err == 0 else float(10 * np.log10((r ** 2).sum() / err))


def draw(base, k):
    if k == 0:
        return base
    rng = np.random.default_rng(k)
    return {n: rng.standard_normal(v.shape).astype(v.dtype) if v.dtype.kind == "f" else v for n, v in base.items()}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("model_dir", help="a zoo model directory: model.onnx and inputs.npz")
    ap.add_argument("--draws", type=int, default=5)
    ap.add_argument("--dtype", choices=["bf16", "fp16"], default="bf16")
    ap.add_argument("--realisations", type=int, default=2, help="floor realisations (floor_outputs); the worst decides")
    ap.add_argument("--run", choices=["cmodel", "reference"], default="cmodel")
    ap.add_argument("--tx8c", default=os.path.join(os.environ.get("STRATA_BIN_DIR", os.path.join(REPO, "target", "release")), "tx8c"))
    args = ap.parse_args()
    model = os.path.join(args.model_dir, "model.onnx")
    with np.load(os.path.join(args.model_dir, "inputs.npz")) as f:
        base = dict(f.items())
    session = ort.InferenceSession(model)
    names = [o.name for o in session.get_outputs()]
    margins = []
    with tempfile.TemporaryDirectory() as tmp:
        for k in range(args.draws):
            inputs = draw(base, k)
            path = os.path.join(tmp, f"in{k}.npz")
            np.savez(path, **inputs)
            ref = dict(zip(names, session.run(None, inputs)))
            floor = floor_outputs(model, inputs, args.dtype, realisations=args.realisations)
            out = os.path.join(tmp, f"out{k}")
            cmd = [args.tx8c, model, "-o", out, "--dtype", args.dtype, f"--run={args.run}", "--inputs", path, "-q"]
            done = subprocess.run(cmd, capture_output=True, text=True)
            if done.returncode:
                print(f"draw {k}: tx8c failed: {done.stderr.strip()[-400:]}")
                return 1
            with np.load(os.path.join(out, "outputs.npz")) as f:
                got = dict(f.items())
            ours = min(sqnr(ref[n], got[n].reshape(ref[n].shape)) for n in names)
            # Per realisation, the lowest SQNR over the outputs.
            floors = [min(sqnr(ref[n], np.asarray(floor[n]).reshape(args.realisations, *ref[n].shape)[r])
                          for n in names) for r in range(args.realisations)]
            plain, worst = floors[0], min(floors)
            margins.append((ours - plain, ours - worst))
            # --compare's bf16 rule on the worst realisation (compare.rs):
            # 20 dB, or the floor less 3 dB where the floor is lower.
            verdict = "pass" if ours >= min(20.0, worst - 3.0) else "FAIL"
            print(f"draw {k}: tx8c {ours:5.1f} dB, plain floor {plain:5.1f} dB, worst of {args.realisations} "
                  f"{worst:5.1f} dB, margin over the worst {ours - worst:+5.1f} dB, check {verdict}", flush=True)
    for i, what in enumerate(["the plain floor", f"the worst of {args.realisations}"]):
        m = [pair[i] for pair in margins]
        print(f"margin over {what}: mean {np.mean(m):+.1f} dB over {len(m)} draws "
              f"(min {min(m):+.1f}, max {max(m):+.1f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
