"""Single-operator models of the data-movement and shape operators.

Reshape, Flatten, Transpose, Concat, Split (sizes input, opset-18
num_outputs), Slice (negative starts and steps), Gather, Squeeze and
Unsqueeze (axes as input, opset 13+), Expand, Where, Pad (constant mode),
Resize (nearest and linear under several coordinate transformation modes),
Constant, ConstantOfShape and the Shape -> Gather -> Unsqueeze -> Concat ->
Reshape chains exporters emit for dynamic-looking reshapes.
"""

import numpy as np
from onnx import numpy_helper

from .graph import Built, Case, normal

INT64_MAX = np.iinfo(np.int64).max


def _single(op, x_shape, const_inputs=(), opset=17, n_out=1, **attrs):
    """x -> op(x, *constants) -> y (or y0, y1, ... for several outputs).
    `const_inputs` are int64 lists (shapes, axes, indices) or float arrays;
    None leaves an optional input out."""
    def build(g):
        x = g.input("x", normal(g.rng, x_shape))
        ins = [x]
        for k, c in enumerate(const_inputs):
            if c is None:
                ins.append("")
            elif isinstance(c, np.ndarray):
                ins.append(g.const(f"c{k}", c))
            else:
                ins.append(g.ints(f"c{k}", c))
        out = g.node(op, ins, outputs=n_out, **attrs)
        if n_out == 1:
            g.output(out, "y")
        else:
            for k, o in enumerate(out):
                g.output(o, f"y{k}")
        return Built(opset=opset)
    return build


def _reshape_cases():
    c = lambda name, op, shape, consts=(), opset=17, n=1, **a: Case(  # noqa: E731
        name, "op", op, "exact", _single(op, shape, consts, opset, n, **a))
    return [
        c("reshape_explicit", "Reshape", (2, 3, 4), [[6, 4]]),
        c("reshape_minus1", "Reshape", (2, 3, 4), [[2, -1]]),
        c("reshape_zero_copies_dim", "Reshape", (2, 3, 4), [[0, 4, 3]]),
        c("reshape_to_1d", "Reshape", (2, 3, 4), [[-1]]),
        c("flatten_axis1", "Flatten", (2, 3, 4, 5), axis=1),
        c("flatten_axis0", "Flatten", (2, 3, 4, 5), axis=0),
        c("flatten_axis2", "Flatten", (2, 3, 4, 5), axis=2),
        c("flatten_axis_neg1", "Flatten", (2, 3, 4, 5), axis=-1),
        c("transpose_default_reverses", "Transpose", (2, 3, 4)),
        c("transpose_nchw_to_nhwc", "Transpose", (2, 3, 4, 5), perm=[0, 2, 3, 1]),
        c("transpose_heads", "Transpose", (1, 8, 4, 16), perm=[0, 2, 1, 3]),
        c("transpose_2d", "Transpose", (6, 10), perm=[1, 0]),
        c("split_sizes_input", "Split", (2, 10, 3), [[3, 7]], 13, 2, axis=1),
        c("split_equal_default", "Split", (2, 6, 4), (), 13, 3, axis=1),
        c("split_last_axis_sizes", "Split", (2, 4, 12), [[4, 4, 4]], 13, 3, axis=-1),
        c("split_num_outputs_even", "Split", (2, 8, 3), (), 18, 2, axis=1, num_outputs=2),
        c("split_num_outputs_uneven", "Split", (2, 8, 3), (), 18, 3, axis=1, num_outputs=3),
        c("slice_basic", "Slice", (4, 10, 6), [[1, 2], [3, 8], [0, 1]]),
        c("slice_negative_starts", "Slice", (4, 10, 6), [[-3], [INT64_MAX], [1]]),
        c("slice_step2", "Slice", (4, 10, 6), [[1], [9], [1], [2]]),
        c("slice_negative_step", "Slice", (4, 10, 6), [[-1], [-INT64_MAX], [1], [-1]]),
        c("slice_negative_step3_axes_neg", "Slice", (4, 10, 6), [[8], [0], [-2], [-3]]),
        c("slice_no_axes", "Slice", (4, 10, 6), [[0, 2], [2, 9]]),
        c("squeeze_axes_input", "Squeeze", (2, 1, 4, 1), [[1, 3]]),
        c("squeeze_negative_axis", "Squeeze", (2, 1, 4, 1), [[-1]]),
        c("squeeze_no_axes", "Squeeze", (1, 3, 1, 4)),
        c("unsqueeze_axes_input", "Unsqueeze", (3, 4), [[0, 3]]),
        c("unsqueeze_negative_axis", "Unsqueeze", (3, 4), [[-1]]),
        c("expand_row_to_3d", "Expand", (3, 1), [[2, 3, 4]]),
        c("expand_keep_ones", "Expand", (1, 4, 1), [[3, 1, 5]]),
        c("expand_same_rank", "Expand", (2, 1, 4), [[2, 3, 4]]),
        c("identity_2d", "Identity", (5, 7)),
        # The same operators at the newest opsets of issue 11's range (their
        # schemas were re-versioned in 19 and 21 for new types only).
        c("reshape_opset21", "Reshape", (2, 3, 4), [[0, -1]], 21),
        c("transpose_opset21", "Transpose", (2, 3, 4), (), 21, perm=[1, 0, 2]),
        c("squeeze_opset21", "Squeeze", (2, 1, 4), [[1]], 21),
        c("unsqueeze_opset21", "Unsqueeze", (2, 4), [[1]], 21),
        c("flatten_opset21", "Flatten", (2, 3, 4), (), 21, axis=2),
        c("identity_opset21", "Identity", (5, 7), (), 21),
        c("pad_constant_opset19", "Pad", (1, 3, 4, 5), [[0, 0, 1, 2, 0, 0, 2, 1]], 19,
          mode="constant"),
        c("resize_nearest_opset19", "Resize", (1, 2, 3, 4),
          [None, np.array([1.0, 1.0, 2.0, 2.0], dtype=np.float32)], 19, mode="nearest",
          coordinate_transformation_mode="asymmetric", nearest_mode="floor"),
    ]


def _gather(x_shape, indices, axis):
    def build(g):
        x = g.input("x", normal(g.rng, x_shape))
        idx = g.const("indices", np.asarray(indices, dtype=np.int64))
        g.output(g.node("Gather", [x, idx], axis=axis), "y")
        return Built(opset=13)
    return build


def _gather_cases():
    return [
        Case("gather_axis0", "op", "Gather", "exact", _gather((10, 4), [3, 0, 9, 3], 0)),
        Case("gather_axis1", "op", "Gather", "exact", _gather((2, 10, 4), [1, 7], 1)),
        Case("gather_scalar_index", "op", "Gather", "exact", _gather((2, 10, 4), 5, 1)),
        Case("gather_negative_indices", "op", "Gather", "exact",
             _gather((10, 4), [-1, -10, 2], 0)),
        Case("gather_2d_indices_embedding", "op", "Gather", "exact",
             _gather((50, 8), [[1, 2, 3], [49, 0, 7]], 0)),
        Case("transpose_gather_scalar", "op", "Gather", "exact", _transpose_gather,
             notes="torch.nn.MultiheadAttention's q/k/v split: Transpose, then Gather "
                   "of index 0 on axis 0 (the table of op_gather must not be a view)"),
    ]


def _transpose_gather(g):
    x = g.input("x", normal(g.rng, (2, 3, 16)))
    t = g.node("Transpose", [x], perm=[1, 0, 2])
    g.output(g.node("Gather", [t, g.const("index", np.array(0, dtype=np.int64))], axis=0), "y")
    return Built(opset=17)


def _concat(shapes, axis, const_index=None):
    def build(g):
        ins = []
        for k, s in enumerate(shapes):
            data = normal(g.rng, s)
            ins.append(g.const(f"c{k}", data) if k == const_index else g.input(f"x{k}", data))
        g.output(g.node("Concat", ins, axis=axis), "y")
        return Built(opset=13)
    return build


def _where(cond_kind):
    def build(g):
        x = g.input("x", normal(g.rng, (3, 4)))
        if cond_kind == "const":
            cond = g.const("cond", np.array([[True, False, False, True]]))
            y = g.floats("y", np.float32(-1.5))
        else:
            cond = g.node("Greater", [x, g.floats("t", np.float32(0.0))])
            y = g.input("y", normal(g.rng, (4,)))
        g.output(g.node("Where", [cond, x, y]), "out")
        return Built(opset=13)
    return build


def _pad(x_shape, pads, value=None, axes=None, opset=13):
    def build(g):
        x = g.input("x", normal(g.rng, x_shape))
        ins = [x, g.ints("pads", pads)]
        if value is not None or axes is not None:
            ins.append(g.floats("value", np.float32(value)) if value is not None else "")
        if axes is not None:
            ins.append(g.ints("axes", axes))
        g.output(g.node("Pad", ins, mode="constant"), "y")
        return Built(opset=opset)
    return build


def _resize(x_shape, mode, ctm, scales=None, sizes=None, nearest_mode=None, opset=13):
    def build(g):
        x = g.input("x", normal(g.rng, x_shape))
        ins = [x, "", g.floats("scales", scales) if scales is not None else ""]
        if sizes is not None:
            ins.append(g.ints("sizes", sizes))
        g.output(g.node("Resize", ins, mode=mode, coordinate_transformation_mode=ctm,
                        nearest_mode=nearest_mode), "y")
        return Built(opset=opset)
    return build


def _resize_cases():
    """Besides x2, a scale of 11/7 (5x6 -> 7x9), where the modes must differ
    (at integer scales nearest half_pixel and asymmetric pick the same
    pixels) and no rounding question arises: with an odd denominator no
    half_pixel source coordinate falls on a .5 tie, and with a numerator above
    every output index no asymmetric one falls on an integer, so floor/round
    agree however the division is done. pytorch_half_pixel differs from
    half_pixel only where an output length is 1, hence its 5 -> 1 height."""
    s = (1, 4, 5, 6)
    up2 = [1.0, 1.0, 2.0, 2.0]
    up11_7 = [1.0, 1.0, 11.0 / 7.0, 11.0 / 7.0]
    exact, acc = "exact", "accumulate"
    r = lambda name, tol, **kw: Case(name, "op", "Resize", tol, _resize(s, **kw))  # noqa: E731
    return [
        r("resize_nearest_asymmetric_floor_x2", exact, mode="nearest", ctm="asymmetric",
          scales=up2, nearest_mode="floor"),
        r("resize_nearest_asymmetric_floor_x11_7", exact, mode="nearest", ctm="asymmetric",
          scales=up11_7, nearest_mode="floor"),
        r("resize_nearest_half_pixel_default_x11_7", exact, mode="nearest", ctm="half_pixel",
          scales=up11_7),
        r("resize_nearest_sizes_x3", exact, mode="nearest", ctm="asymmetric",
          sizes=[1, 4, 15, 18], nearest_mode="floor"),
        r("resize_linear_half_pixel_x2", acc, mode="linear", ctm="half_pixel", scales=up2),
        r("resize_linear_half_pixel_x11_7", acc, mode="linear", ctm="half_pixel",
          scales=up11_7),
        r("resize_linear_align_corners_x2", acc, mode="linear", ctm="align_corners",
          scales=up2),
        r("resize_linear_pytorch_half_pixel_sizes_h1", acc, mode="linear",
          ctm="pytorch_half_pixel", sizes=[1, 4, 1, 12]),
        r("resize_linear_asymmetric_x2", acc, mode="linear", ctm="asymmetric", scales=up2),
        r("resize_linear_half_pixel_sizes_down", acc, mode="linear", ctm="half_pixel",
          sizes=[1, 4, 3, 4]),
    ]


def _shape_chain(g):
    """The dynamic reshape exporters emit: (B, S, H*D) -> (B, S, H, D) with B and
    S read from Shape and the target built with Gather/Unsqueeze/Concat."""
    x = g.input("x", normal(g.rng, (2, 5, 24)))
    shape = g.node("Shape", [x])
    b = g.node("Gather", [shape, g.ints("i0", 0)], axis=0)
    s = g.node("Gather", [shape, g.ints("i1", 1)], axis=0)
    b1 = g.node("Unsqueeze", [b, g.ints("ax0", [0])])
    s1 = g.node("Unsqueeze", [s, g.ints("ax0b", [0])])
    target = g.node("Concat", [b1, s1, g.ints("heads", [4]), g.ints("dim", [6])], axis=0)
    r = g.node("Reshape", [x, target])
    g.output(g.node("Transpose", [r], perm=[0, 2, 1, 3]), "y")
    return Built(opset=13)


def _shape_slice_chain(g):
    """x.view(x.size(0), -1) as exported: Shape -> Slice [0:1] -> Concat with
    [-1] -> Reshape, next to the opset-15 form Shape(end=1) of the same."""
    x = g.input("x", normal(g.rng, (2, 3, 4, 5)))
    lead = g.node("Slice", [g.node("Shape", [x]), g.ints("s", [0]), g.ints("e", [1])])
    flat = g.node("Reshape", [x, g.node("Concat", [lead, g.ints("rest", [-1])], axis=0)])
    lead15 = g.node("Shape", [x], end=1)
    flat15 = g.node("Reshape", [x, g.node("Concat", [lead15, g.ints("rest15", [-1])], axis=0)])
    g.output(flat, "y")
    g.output(g.node("Neg", [flat15]), "y_neg")
    return Built(opset=15)


def _constant_of_shape(g):
    """ConstantOfShape(Shape(x)) filled with 1.5, added to x so the output
    depends on the input."""
    x = g.input("x", normal(g.rng, (2, 3, 4)))
    value = numpy_helper.from_array(np.array([1.5], dtype=np.float32), "value")
    c = g.node("ConstantOfShape", [g.node("Shape", [x])], value=value)
    g.output(g.node("Add", [x, c]), "y")
    return Built(opset=13)


def _constant_of_shape_literal(g):
    """ConstantOfShape of a constant shape with the default value 0, used as
    the padding block of a Concat."""
    x = g.input("x", normal(g.rng, (2, 3, 4)))
    z = g.node("ConstantOfShape", [g.ints("shape", [2, 3, 2])])
    g.output(g.node("Concat", [x, z], axis=2), "y")
    return Built(opset=13)


def _constant_nodes(g):
    """Constant nodes in their tensor, value_float and value_floats forms."""
    x = g.input("x", normal(g.rng, (3, 4)))
    t = g.node("Constant", [], value=numpy_helper.from_array(
        normal(g.rng, (3, 4)), "t"))
    s = g.node("Constant", [], value_float=2.0)
    v = g.node("Constant", [], value_floats=[0.5, -1.0, 1.5, 3.0])
    y = g.node("Mul", [g.node("Add", [x, t]), s])
    g.output(g.node("Add", [y, v]), "y")
    return Built(opset=13)


def cases():
    ex = "exact"
    return (_reshape_cases() + _gather_cases() + _resize_cases() + [
        Case("concat_axis0", "op", "Concat", ex, _concat([(2, 3), (4, 3)], 0)),
        Case("concat_axis1_three", "op", "Concat", ex,
             _concat([(2, 3, 4), (2, 1, 4), (2, 5, 4)], 1)),
        Case("concat_last_axis_const", "op", "Concat", ex,
             _concat([(2, 3, 4), (2, 3, 2)], -1, const_index=1)),
        Case("where_const_cond_bcast", "op", "Where", ex, _where("const")),
        Case("where_greater_bcast", "op", "Where", ex, _where("greater")),
        Case("pad_constant_symmetric", "op", "Pad", ex,
             _pad((1, 3, 4, 5), [0, 0, 1, 1, 0, 0, 1, 1])),
        Case("pad_constant_asymmetric_value", "op", "Pad", ex,
             _pad((1, 3, 4, 5), [0, 1, 2, 0, 0, 0, 1, 3], value=-2.5)),
        Case("pad_constant_negative_crop", "op", "Pad", ex,
             _pad((1, 3, 6, 6), [0, 0, -1, 2, 0, 0, 1, -2])),
        Case("pad_constant_axes_opset18", "op", "Pad", ex,
             _pad((1, 3, 4, 5), [1, 2, 0, 1], value=0.5, axes=[2, -1], opset=18)),
        Case("shape_gather_concat_reshape", "op", "Shape", ex, _shape_chain,
             notes="Shape->Gather->Unsqueeze->Concat->Reshape->Transpose"),
        Case("shape_slice_concat_reshape", "op", "Shape", ex, _shape_slice_chain,
             notes="Shape->Slice->Concat->Reshape and Shape(end=1)->Concat->Reshape "
                   "(opset 15)"),
        Case("constantofshape_from_shape", "op", "ConstantOfShape", "elementwise",
             _constant_of_shape),
        Case("constantofshape_literal_zero", "op", "ConstantOfShape", ex,
             _constant_of_shape_literal),
        Case("constant_nodes", "op", "Constant", "elementwise", _constant_nodes),
    ])

