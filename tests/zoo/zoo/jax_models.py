"""JAX functions lowered to StableHLO text (jax 0.10, CPU).

Each model is `jax.jit(f).lower(*args).as_text()` written as model.mlir,
with JAX's own outputs of `jax.jit(f)(*args)` as the reference. tx8c names
a StableHLO function's inputs and outputs by position, so inputs.npz holds
`input_0`, `input_1`, ... in argument order and ref.npz `output_0`, ...;
the manifest gives each argument's Python name too.

- jax-mlp: two dense layers, relu by jnp.maximum; weights passed as arguments.
- jax-mlp-const: the same with the weights closed over (constants).
- jax-cnn: conv, jax.nn.relu (a private func reached by func.call), max
  pool, conv, relu, mean pool, dense; weights closed over.
- jax-attention: multi-head self-attention (projections, jax.nn.softmax,
  output projection, residual); weights passed as arguments.
- jax-layernorm: layer normalisation over the last axis; gamma and beta
  closed over.
"""

import collections
import os
import re
import time

import numpy as np

from .common import Built, Spec, base_entry, file_sizes, fresh_dir, write_npz


def _normal(rng, shape, scale):
    return (rng.standard_normal(shape) * scale).astype(np.float32)


def _dense_params(rng, sizes):
    params = []
    for fan_in, fan_out in zip(sizes, sizes[1:]):
        params += [_normal(rng, (fan_in, fan_out), (2.0 / fan_in) ** 0.5), _normal(rng, (fan_out,), 0.1)]
    return params


def _mlp(x, w1, b1, w2, b2):
    import jax.numpy as jnp

    h = jnp.maximum(x @ w1 + b1, 0.0)
    return h @ w2 + b2


def _lowered(fn, args, arg_names, notes):
    import jax

    jitted = jax.jit(fn)
    text = jitted.lower(*args).as_text()
    outs = jitted(*args)
    outs = outs if isinstance(outs, (tuple, list)) else [outs]
    inputs = {f"input_{i}": np.asarray(a) for i, a in enumerate(args)}
    return Built(fn, inputs, notes=list(notes) + [f"arguments: {', '.join(arg_names)}"], mlir=text,
                 reference=[np.asarray(o) for o in outs])


def build_mlp(ctx):
    batch, sizes = ctx.pick((8, (32, 64, 10)), (128, (768, 3072, 768)))
    x = _normal(ctx.rng, (batch, sizes[0]), 1.0)
    params = _dense_params(ctx.rng, sizes)
    return _lowered(_mlp, [x] + params, ["x", "w1", "b1", "w2", "b2"],
                    [f"dense {sizes[0]}->{sizes[1]}->{sizes[2]}, batch {batch}, weights as arguments"])


def build_mlp_const(ctx):
    batch, sizes = ctx.pick((8, (32, 64, 10)), (128, (768, 3072, 768)))
    x = _normal(ctx.rng, (batch, sizes[0]), 1.0)
    params = _dense_params(ctx.rng, sizes)
    return _lowered(lambda v: _mlp(v, *params), [x], ["x"],
                    [f"dense {sizes[0]}->{sizes[1]}->{sizes[2]}, batch {batch}, weights closed over (constants)"])


def build_cnn(ctx):
    import jax
    import jax.numpy as jnp
    from jax import lax

    hw, c1, c2, classes = ctx.pick((16, 8, 16, 10), (224, 32, 64, 1000))
    x = _normal(ctx.rng, (1, 3, hw, hw), 1.0)
    k1 = _normal(ctx.rng, (c1, 3, 3, 3), (2.0 / 27) ** 0.5)
    k2 = _normal(ctx.rng, (c2, c1, 3, 3), (2.0 / (9 * c1)) ** 0.5)
    bias1 = _normal(ctx.rng, (1, c1, 1, 1), 0.1)
    wd = _normal(ctx.rng, (c2, classes), c2 ** -0.5)
    dims = ("NCHW", "OIHW", "NCHW")

    def cnn(v):
        h = lax.conv_general_dilated(v, k1, (1, 1), "SAME", dimension_numbers=dims) + bias1
        h = jax.nn.relu(h)
        h = lax.reduce_window(h, -jnp.inf, lax.max, (1, 1, 2, 2), (1, 1, 2, 2), "VALID")
        h = jax.nn.relu(lax.conv_general_dilated(h, k2, (2, 2), "SAME", dimension_numbers=dims))
        return jnp.mean(h, axis=(2, 3)) @ wd

    return _lowered(cnn, [x], ["x"], [f"conv 3->{c1}, relu, maxpool 2, conv {c1}->{c2} stride 2, relu, mean, "
                                      f"dense {c2}->{classes}; {hw}x{hw}; weights closed over (constants)"])


def build_attention(ctx):
    import jax
    import jax.numpy as jnp

    seq, dim, heads = ctx.pick((16, 32, 2), (128, 768, 12))
    x = _normal(ctx.rng, (1, seq, dim), 1.0)
    ws = [_normal(ctx.rng, (dim, dim), dim ** -0.5) for _ in range(4)]

    def attention(v, wq, wk, wv, wo):
        b, s, d = v.shape
        split = lambda t: t.reshape(b, s, heads, d // heads).transpose(0, 2, 1, 3)  # noqa: E731
        q, k, w = split(v @ wq), split(v @ wk), split(v @ wv)
        scores = jnp.einsum("bhqd,bhkd->bhqk", q, k) / jnp.sqrt(jnp.float32(d // heads))
        ctx_ = jnp.einsum("bhqk,bhkd->bhqd", jax.nn.softmax(scores, axis=-1), w)
        return v + ctx_.transpose(0, 2, 1, 3).reshape(b, s, d) @ wo

    return _lowered(attention, [x] + ws, ["x", "wq", "wk", "wv", "wo"],
                    [f"self-attention, sequence {seq}, dim {dim}, {heads} heads, residual; weights as arguments"])


def build_layernorm(ctx):
    import jax.numpy as jnp

    rows, dim = ctx.pick((16, 32), (128, 768))
    x = _normal(ctx.rng, (rows, dim), 2.0) + 0.5
    gamma = 1.0 + _normal(ctx.rng, (dim,), 0.1)
    beta = _normal(ctx.rng, (dim,), 0.1)

    def layernorm(v):
        mean = jnp.mean(v, axis=-1, keepdims=True)
        var = jnp.mean(jnp.square(v - mean), axis=-1, keepdims=True)
        return (v - mean) * jnp.reciprocal(jnp.sqrt(var + 1e-5)) * gamma + beta

    return _lowered(layernorm, [x], ["x"], [f"layer norm over {dim}, {rows} rows; gamma, beta closed over"])


def specs():
    def spec(name, build):
        return Spec(f"jax-{name}", "jax", name.split("-")[0], build, exporters=("jax",))

    return [spec("mlp", build_mlp), spec("mlp-const", build_mlp_const), spec("cnn", build_cnn),
            spec("attention", build_attention), spec("layernorm", build_layernorm)]


_OP = re.compile(r"^\s*(?:%[^=]*=\s*)?\"?([a-z_]+\.[a-z_.]+|call|return)\b")


def mlir_summary(text: str) -> dict:
    """Op histogram of the module's function bodies (func.func excluded)."""
    hist = collections.Counter()
    funcs = 0
    for line in text.splitlines():
        m = _OP.match(line)
        if not m:
            continue
        op = m.group(1)
        if op == "func.func":
            funcs += 1
            continue
        hist[{"call": "func.call", "return": "func.return"}.get(op, op)] += 1
    return {"opset": None, "ir_version": None, "nodes": sum(hist.values()), "op_types": dict(sorted(hist.items())),
            "functions": funcs}


def write(spec, ctx, built, out_dir, log):
    """Writes the lowered module, its inputs and JAX's outputs."""
    start = time.monotonic()
    entry = base_entry(spec, "jax", ctx.size, ctx.seed)
    directory = fresh_dir(os.path.join(out_dir, entry["name"]))
    with open(os.path.join(directory, "model.mlir"), "w") as f:
        f.write(built.mlir)
    write_npz(os.path.join(directory, "inputs.npz"), built.inputs)
    ref = {f"output_{i}": o for i, o in enumerate(built.reference)}
    write_npz(os.path.join(directory, "ref.npz"), ref)
    names = [n.strip() for n in built.notes[-1].split(":", 1)[1].split(",")]
    entry.update(exported=True, error=None, reference=True)
    entry.update(mlir_summary(built.mlir))
    entry["inputs"] = [{"name": k, "arg": n, "shape": list(v.shape), "dtype": v.dtype.name}
                       for (k, v), n in zip(built.inputs.items(), names)]
    entry["outputs"] = [{"name": k, "shape": list(v.shape), "dtype": v.dtype.name} for k, v in ref.items()]
    entry["torch_vs_ort_max_abs"] = None
    entry["files"] = file_sizes(directory)
    entry["notes"] = list(built.notes) + ["reference outputs computed by JAX (jax.jit on CPU)"]
    log(entry["name"], f"ok ({time.monotonic() - start:.1f} s, {sum(entry['files'].values()) / 1e6:.2f} MB, "
                       f"{entry['nodes']} ops)")
    return [entry]
