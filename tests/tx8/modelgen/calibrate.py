"""BatchNorm statistics taken from the values they normalize.

Random running statistics do not normalize anything: with them the values
entering each BatchNorm of a ResNet-50 grow block after block (to 1e9 in the
last stage), which the output alone does not show but which breaks any fp16
or bf16 comparison. A trained network's running mean and variance are the
statistics of its inputs, so here they are measured: the graph is evaluated
node by node in onnxruntime (one single-node model per node, in the builder's
topological order), and when a BatchNorm is reached its running mean and
variance are set from the per-channel statistics of its actual input (then
perturbed a little, as dataset statistics differ from a batch's) before it
runs. One sweep makes every layer's statistics exact for the layers before it.

The statistics come from a batch: the model's own input and more drawn like
it. In a small ResNet the last stage is 1x1 spatially, and one sample's
variance there would be zero.
"""

import numpy as np
from onnx import helper, numpy_helper

from .graph import Graph, elem_type
from .runtime import run_onnxruntime


def calibrate_batchnorm(g: Graph, opset: int, batch: int) -> None:
    if not any(n.op_type == "BatchNormalization" for n in g.nodes):
        return
    (name, data), = g.input_data.items()
    extra = g.rng.standard_normal((batch - 1,) + data.shape[1:]).astype(data.dtype)
    values = {name: np.concatenate([data, extra])}
    index = {t.name: k for k, t in enumerate(g.initializers)}
    last_use = {}
    for k, n in enumerate(g.nodes):
        for t in n.input:
            last_use[t] = k
    for k, n in enumerate(g.nodes):
        if n.op_type == "BatchNormalization":
            _set_statistics(g, index, n, values[n.input[0]])
        values.update(_run_node(g, index, n, values, opset))
        for t in n.input:
            if last_use.get(t) == k and t not in g.graph_outputs:
                values.pop(t, None)


def _set_statistics(g, index, node, x):
    v = x.astype(np.float64)
    axes = (0,) + tuple(range(2, v.ndim))
    mean, var = v.mean(axis=axes), v.var(axis=axes)
    shift = g.rng.standard_normal(mean.shape)
    scale = g.rng.uniform(0.8, 1.25, var.shape)
    mean = mean + 0.1 * np.sqrt(var) * shift
    var = np.maximum(var * scale, 1e-3)
    for slot, value in ((3, mean), (4, var)):
        tname = node.input[slot]
        g.initializers[index[tname]] = numpy_helper.from_array(value.astype(np.float32), tname)


def _run_node(g, index, node, values, opset):
    """Runs `node` alone on the computed `values` of its inputs."""
    inputs, inits = [], []
    for t in node.input:
        if t in values:
            inputs.append(helper.make_tensor_value_info(t, elem_type(values[t].dtype),
                                                        list(values[t].shape)))
        elif t in index:
            inits.append(g.initializers[index[t]])
    outputs = [helper.make_empty_tensor_value_info(o) for o in node.output]
    graph = helper.make_graph([node], "calibration_step", inputs, outputs, initializer=inits)
    opsets = [helper.make_opsetid("", opset)]
    model = helper.make_model(graph, opset_imports=opsets,
                              ir_version=helper.find_min_ir_version_for(opsets))
    return run_onnxruntime(model, {t: values[t] for t in node.input if t in values})
