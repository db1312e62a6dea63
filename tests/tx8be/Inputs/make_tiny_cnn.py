#!/usr/bin/env python3
"""Writes tiny_cnn.onnx beside this file: the model of ../emit-reparse.mlir.

Conv 3x3 (2 -> 3 channels, pads 1) + Relu + GlobalAveragePool + Flatten +
Gemm (3 -> 2), opset 17, with small fixed weights, so `tx8c --emit=tx8be`
gives groups of every kind the simple schedule makes (NHWC conv, element-
wise, pool, gemm) in a file of a few hundred bytes. Committed, so lit does
not need the onnx package; rerun this after changing it.
"""
import os

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

rng = np.random.default_rng(11)
w = numpy_helper.from_array((rng.integers(-4, 5, size=(3, 2, 3, 3)) / 8).astype(np.float32), "conv_w")
b = numpy_helper.from_array(np.array([0.5, -0.25, 0.125], np.float32), "conv_b")
fc = numpy_helper.from_array((rng.integers(-4, 5, size=(3, 2)) / 4).astype(np.float32), "fc_w")
nodes = [
    helper.make_node("Conv", ["x", "conv_w", "conv_b"], ["c"], name="conv", pads=[1, 1, 1, 1]),
    helper.make_node("Relu", ["c"], ["r"], name="relu"),
    helper.make_node("GlobalAveragePool", ["r"], ["p"], name="pool"),
    helper.make_node("Flatten", ["p"], ["f"], name="flatten"),
    helper.make_node("Gemm", ["f", "fc_w"], ["y"], name="fc"),
]
graph = helper.make_graph(
    nodes, "tiny_cnn",
    [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 2, 4, 4])],
    [helper.make_tensor_value_info("y", TensorProto.FLOAT, [1, 2])],
    [w, b, fc])
model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)], producer_name="strata-tests")
model.ir_version = 8
onnx.checker.check_model(model)
onnx.save(model, os.path.join(os.path.dirname(os.path.abspath(__file__)), "tiny_cnn.onnx"))
