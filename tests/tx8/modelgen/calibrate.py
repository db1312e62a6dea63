"""BatchNorm statistics taken from the values they normalize.

Random running statistics do not normalize anything: with them the residual
stream of a ResNet grows block after block (logits with rms ~10 at 224x224).
A trained network's running mean and variance are the statistics of its
inputs, so here they are measured: onnxruntime runs the model with every
BatchNorm input as an extra output, each running mean/variance is set from the
measured per-channel values (then perturbed a little, as dataset statistics
differ from one sample's), and the sweep is repeated so later layers see the
corrected earlier ones. The statistics come from a batch of 8 samples (the
model's own input and 7 more drawn like it): in a small ResNet the last stage
is 1x1 spatially, and one sample's variance there would be zero.
"""

import numpy as np
from onnx import numpy_helper

from .graph import Graph
from .runtime import model_with_extra_outputs, run_onnxruntime


def calibrate_batchnorm(g: Graph, opset: int, passes: int = 3, batch: int = 8) -> None:
    bns = [n for n in g.nodes if n.op_type == "BatchNormalization"]
    if not bns:
        return
    (name, data), = g.input_data.items()
    extra = g.rng.standard_normal((batch - 1,) + data.shape[1:]).astype(data.dtype)
    feeds = {name: np.concatenate([data, extra])}
    by_name = {t.name: k for k, t in enumerate(g.initializers)}
    # Perturbation factors drawn once, so every pass aims at the same target.
    noise = {n.name: (g.rng.standard_normal(_channels(g, n, by_name)),
                      g.rng.uniform(0.8, 1.25, _channels(g, n, by_name))) for n in bns}
    for _ in range(passes):
        model = model_with_extra_outputs(g.model(opset), [n.input[0] for n in bns])
        model.graph.input[0].type.tensor_type.shape.dim[0].dim_param = "N"
        seen = run_onnxruntime(model, feeds, [n.input[0] for n in bns])
        for n in bns:
            v = seen[n.input[0]].astype(np.float64)
            axes = (0,) + tuple(range(2, v.ndim))
            mean, var = v.mean(axis=axes), v.var(axis=axes)
            shift, scale = noise[n.name]
            mean = mean + 0.1 * np.sqrt(var) * shift
            var = np.maximum(var * scale, 1e-3)
            _set(g, by_name, n.input[3], mean)
            _set(g, by_name, n.input[4], var)


def _channels(g, node, by_name):
    return numpy_helper.to_array(g.initializers[by_name[node.input[3]]]).shape


def _set(g, by_name, name, value):
    g.initializers[by_name[name]] = numpy_helper.from_array(value.astype(np.float32), name)
