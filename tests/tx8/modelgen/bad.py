"""Models tx8c must refuse with a clear error (kind "bad", expect "error").

Each case's `error_contains` lists substrings the error message must hold:
the node names, operator types or attribute values the user has to fix, or
the file for files that are not models at all. The generator checks that each
file is bad only in the intended way: the two broken files fail to parse in
onnx, and every other one passes onnx's checker and (except the one too large
for any machine) runs in onnxruntime.

The symbolic-batch case has `extra_args`: with them it must compile and match
its ref.npz.
"""

import numpy as np
from onnx import TensorProto

from .files import model_bytes
from .graph import Built, Case, he_weight, normal


def _not_onnx(g):
    return Built(raw=b"this is not an ONNX model, just text\n")


def _truncated(g):
    """A valid two-layer MLP cut in the middle of its largest weight."""
    x = g.input("input", normal(g.rng, (2, 64)))
    w0 = he_weight(g.rng, (64, 256), 64)
    y = g.node("Relu", [g.node("MatMul", [x, g.const("w0", w0)])])
    y = g.node("MatMul", [y, g.const("w1", he_weight(g.rng, (256, 8), 256))])
    g.output(y, "y")
    data = model_bytes(g.model(17))
    cut = data.find(w0.tobytes()) + w0.nbytes // 2
    return Built(raw=data[:cut])


def _unsupported_ops(g):
    """Three nodes of two operators outside issue 11's list (TopK twice,
    NonMaxSuppression once) so an error listing only the first is caught."""
    scores = g.input("scores", normal(g.rng, (1, 2, 8)))
    # Sorted corners: y1 <= x1 <= y2 <= x2, so every box is non-empty.
    boxes = np.sort(g.rng.uniform(0.0, 1.0, (1, 8, 4)), axis=-1).astype(np.float32)
    values, _ = g.node("TopK", [scores, g.ints("k", [3])], outputs=2, name="topk_scores", axis=-1)
    selected = g.node("NonMaxSuppression",
                      [g.const("boxes", boxes), scores, g.ints("max_out", [2]),
                       g.floats("iou", [0.5])], name="nms_boxes")
    count = g.node("Cast", [g.node("ReduceSum", [selected], keepdims=0)], to=TensorProto.FLOAT)
    top1, _ = g.node("TopK", [values, g.ints("k1", [1])], outputs=2, name="topk_best", axis=-1)
    g.output(g.node("Add", [top1, count]), "y")
    return Built(opset=17)


def _symbolic_batch(g):
    x = g.input("features", normal(g.rng, (2, 16)), shape=["batch", 16])
    w = g.const("w", he_weight(g.rng, (8, 16), 16))
    g.output(g.node("Relu", [g.node("Gemm", [x, w], transB=1)]), "y")
    return Built(opset=17)


def _pad_reflect(g):
    x = g.input("x", normal(g.rng, (1, 2, 5, 5)))
    g.output(g.node("Pad", [x, g.ints("pads", [0, 0, 1, 1, 0, 0, 1, 1])], name="pad_reflect",
                    mode="reflect"), "y")
    return Built(opset=17)


def _resize_cubic(g):
    x = g.input("x", normal(g.rng, (1, 2, 4, 4)))
    g.output(g.node("Resize", [x, "", g.floats("scales", [1.0, 1.0, 2.0, 2.0])],
                    name="resize_cubic", mode="cubic"), "y")
    return Built(opset=17)


def _input_shape_mismatch(g):
    """A valid model whose inputs.npz holds an image one column too wide."""
    x = g.input("image", normal(g.rng, (1, 3, 8, 8)))
    w = g.const("w", he_weight(g.rng, (4, 3, 3, 3), 27))
    g.output(g.node("Conv", [x, w], kernel_shape=[3, 3], pads=[1, 1, 1, 1]), "y")
    return Built(opset=17, inputs={"image": normal(g.rng, (1, 3, 8, 9))})


def _too_big(g):
    """A 200000 x 200000 float intermediate (160 GB): more than the card's 64 GB
    of DDR, from a file of a few hundred bytes."""
    x = g.input("x", normal(g.rng, (1, 1)))
    big = g.node("Expand", [x, g.ints("huge_shape", [200000, 200000])], name="expand_huge")
    g.output(g.node("ReduceSum", [big], keepdims=0), "y")
    return Built(opset=17, run_reference=False)


def _old_opset(g):
    x = g.input("x", normal(g.rng, (2, 8)))
    g.output(g.node("Relu", [x]), "y")
    return Built(opset=12)


def _nan_through_relu(g):
    """A NaN in the input: Relu(NaN) is NaN in onnxruntime, 0 on the card
    (its max); --compare must fail, naming the NaN, not report a pass."""
    data = normal(g.rng, (2, 16))
    data[1, 3] = np.nan
    x = g.input("x", data)
    g.output(g.node("Relu", [x]), "y")
    return Built(opset=17, nonfinite=True)


def cases():
    bad = lambda name, op, build, contains, tolerance="none", **kw: Case(  # noqa: E731
        name, "bad", op, tolerance, build, expect="error", error_contains=contains, **kw)
    return [
        bad("bad_not_onnx", "none", _not_onnx, ["model.onnx"],
            notes="a text file named model.onnx"),
        bad("bad_truncated", "none", _truncated, ["model.onnx"],
            notes="a valid model cut inside its largest initializer"),
        bad("bad_unsupported_ops", "TopK,NonMaxSuppression", _unsupported_ops,
            ["topk_scores", "topk_best", "nms_boxes", "TopK", "NonMaxSuppression"],
            notes="all three unsupported nodes must be listed in one error"),
        bad("bad_symbolic_batch", "Gemm", _symbolic_batch, ["features", "batch"],
            tolerance="accumulate",
            extra_args=["--input-shape", "features=2x16"],
            notes="input dim_param 'batch'; with extra_args it must pass against ref.npz"),
        bad("bad_pad_reflect", "Pad", _pad_reflect, ["pad_reflect", "reflect"]),
        bad("bad_resize_cubic", "Resize", _resize_cubic, ["resize_cubic", "cubic"]),
        bad("bad_input_shape_mismatch", "Conv", _input_shape_mismatch, ["image"],
            notes="model input image is 1x3x8x8, inputs.npz holds 1x3x8x9"),
        bad("bad_too_big_for_card", "Expand", _too_big, ["expand_huge"],
            notes="a 160 GB intermediate against 64 GB of DDR; not run in onnxruntime"),
        bad("bad_opset_12", "Relu", _old_opset, ["opset", "12"],
            notes="opset 12 is below the supported range 13 to 21"),
        bad("bad_nan_through_relu", "Relu", _nan_through_relu, ["compare y", "NaN"],
            notes="a valid model fed a NaN: onnxruntime's Relu keeps it, the card gives 0; "
                  "--compare must fail"),
    ]
