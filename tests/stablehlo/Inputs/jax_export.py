#!/usr/bin/env python3
"""Writes the JAX exports the tx8c StableHLO tests compile
(tests/stablehlo/tx8c-jax-*.mlir), as `jax.jit(f).lower(x).as_text()`
prints them, with an input and JAX's output for each:

  jax_mlp.mlir   relu(x @ w + b), x 4x16 -> 8
  jax_cnn.mlir   conv 3x3 + bias -> relu -> conv 3x3 stride 2 -> relu ->
                 mean over H, W -> dense 8 -> 10 (NCHW, OIHW weights),
                 x 1x3x8x8
  jax_gelu.mlir  gelu(x @ w + b, approximate=False), x 8x16 -> 16: JAX
                 writes the exact GELU with chlo.erfc

JAX lowers each `jax.nn.relu` to a private function and a `func.call`.
Beside each NAME.mlir: NAME.inputs.npz (`input_0`, tx8c's name for the
first argument) and NAME.ref.npz (`output_0`), float32. Needs jax and
numpy (the zoo venv has them); weights come from a fixed seed, and the npz
files are written with a fixed timestamp, so reruns with one JAX version
give the same bytes.

    python3 tests/stablehlo/Inputs/jax_export.py [--out DIR]
"""
import argparse
import io
import os
import zipfile

import jax
import jax.numpy as jnp
import numpy as np


def save_npz(path, arrays):
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_STORED) as z:
        for key, value in arrays.items():
            buf = io.BytesIO()
            np.lib.format.write_array(buf, np.ascontiguousarray(value), allow_pickle=False)
            info = zipfile.ZipInfo(f"{key}.npy", date_time=(1980, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            z.writestr(info, buf.getvalue())


def cases():
    rng = np.random.default_rng(28)

    def weight(*shape, scale):
        return jnp.asarray(rng.standard_normal(shape).astype(np.float32) * scale)

    w, b = weight(16, 8, scale=0.3), weight(8, scale=0.1)

    def mlp(x):
        return jax.nn.relu(x @ w + b)

    w1, b1 = weight(8, 3, 3, 3, scale=0.3), weight(8, scale=0.1)
    w2, wf = weight(8, 8, 3, 3, scale=0.2), weight(8, 10, scale=0.3)
    dn = ("NCHW", "OIHW", "NCHW")

    def cnn(x):
        y = jax.lax.conv_general_dilated(x, w1, (1, 1), "SAME", dimension_numbers=dn)
        y = jax.nn.relu(y + b1[None, :, None, None])
        y = jax.lax.conv_general_dilated(y, w2, (2, 2), ((1, 1), (1, 1)), dimension_numbers=dn)
        y = jax.nn.relu(y)
        return jnp.mean(y, axis=(2, 3)) @ wf

    wg, bg = weight(16, 16, scale=0.3), weight(16, scale=0.1)

    def gelu(x):
        return jax.nn.gelu(x @ wg + bg, approximate=False)

    return [("jax_mlp", mlp, (4, 16)), ("jax_cnn", cnn, (1, 3, 8, 8)), ("jax_gelu", gelu, (8, 16))]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=os.path.dirname(os.path.abspath(__file__)))
    a = ap.parse_args()
    rng = np.random.default_rng(1)
    for name, f, shape in cases():
        x = rng.standard_normal(shape).astype(np.float32)
        with open(os.path.join(a.out, name + ".mlir"), "w") as out:
            out.write(jax.jit(f).lower(jnp.asarray(x)).as_text())
        save_npz(os.path.join(a.out, name + ".inputs.npz"), {"input_0": x})
        save_npz(os.path.join(a.out, name + ".ref.npz"), {"output_0": np.asarray(jax.jit(f)(x), np.float32)})


if __name__ == "__main__":
    main()
