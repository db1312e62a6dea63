"""onnxruntime as the reference, configured once for every use.

One thread and no graph optimizations: the reference follows the operators'
literal semantics (no fused Gelu or LayerNorm kernels) and does not depend on
the machine's core count, so reruns give byte-identical outputs.
"""

import onnx
import onnxruntime as ort

from .files import model_bytes


def run_onnxruntime(model_or_path, feeds: dict, outputs=None) -> dict:
    """Runs a ModelProto (or a model file path) on `feeds`; returns
    {output name: array} for `outputs` (default: all graph outputs)."""
    opts = ort.SessionOptions()
    opts.graph_optimization_level = ort.GraphOptimizationLevel.ORT_DISABLE_ALL
    opts.intra_op_num_threads = 1
    opts.inter_op_num_threads = 1
    opts.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
    opts.log_severity_level = 3
    src = model_or_path if isinstance(model_or_path, str) else model_bytes(model_or_path)
    sess = ort.InferenceSession(src, opts, providers=["CPUExecutionProvider"])
    names = outputs or [o.name for o in sess.get_outputs()]
    return dict(zip(names, sess.run(names, feeds)))


def model_with_extra_outputs(model: onnx.ModelProto, tensors) -> onnx.ModelProto:
    """A copy of `model` that also outputs the intermediate `tensors`."""
    m = onnx.ModelProto()
    m.CopyFrom(model)
    for t in tensors:
        m.graph.output.append(onnx.helper.make_empty_tensor_value_info(t))
    return m


