"""Single-operator models of the neural-network operators.

Conv and ConvTranspose (groups, depthwise, strides, explicit symmetric and
asymmetric pads, dilation, auto_pad), BatchNormalization, MaxPool,
AveragePool, GlobalAveragePool, Gemm, MatMul, Softmax and LogSoftmax,
LayerNormalization, the three reductions with their axes as attribute
(opset 13) and as input (opset 18), and the decomposed softmax, layernorm
and RMSNorm sequences exporters and hand-written models emit (in other
operand orders, with unit scales and zero biases the canonicalizer folds
away, LLaMA's RMSNorm with its casts): each of those must run as one group.
Weights use He init so outputs are O(1).
"""

import numpy as np
from onnx import TensorProto

from .graph import Built, Case, he_weight, normal, uniform


# -- Conv / ConvTranspose --------------------------------------------------------

def _conv(x_shape, c_out, kernel, group=1, bias=True, opset=17, **attrs):
    def build(g):
        c_in = x_shape[1]
        k = list(kernel)
        fan_in = c_in // group * int(np.prod(k))
        x = g.input("x", normal(g.rng, x_shape))
        w = g.const("w", he_weight(g.rng, [c_out, c_in // group] + k, fan_in))
        ins = [x, w]
        if bias:
            ins.append(g.const("b", normal(g.rng, (c_out,), 0.1)))
        g.output(g.node("Conv", ins, group=group, kernel_shape=k, **attrs), "y")
        return Built(opset=opset)
    return build


def _conv_cases():
    s = (1, 8, 10, 10)
    table = [
        ("conv_k3_p1", s, 16, (3, 3), {"pads": [1, 1, 1, 1]}),
        ("conv_k3_s2_p1_nobias", s, 16, (3, 3), {"strides": [2, 2], "pads": [1, 1, 1, 1],
                                                 "bias": False}),
        ("conv_k3_nopad", s, 8, (3, 3), {}),
        ("conv_groups2", s, 8, (3, 3), {"group": 2, "pads": [1, 1, 1, 1]}),
        ("conv_depthwise", s, 8, (3, 3), {"group": 8, "pads": [1, 1, 1, 1]}),
        ("conv_depthwise_s2", (1, 8, 11, 11), 8, (3, 3), {"group": 8, "strides": [2, 2],
                                                          "pads": [1, 1, 1, 1]}),
        ("conv_depthwise_multiplier2", s, 16, (3, 3), {"group": 8, "pads": [1, 1, 1, 1]}),
        ("conv_asymmetric_pads", s, 8, (3, 3), {"pads": [0, 1, 1, 2]}),
        ("conv_dilation2", s, 8, (3, 3), {"dilations": [2, 2], "pads": [2, 2, 2, 2]}),
        ("conv_same_upper_s2", (1, 8, 11, 11), 8, (3, 3), {"auto_pad": "SAME_UPPER",
                                                           "strides": [2, 2]}),
        ("conv_same_upper_k4", s, 8, (4, 4), {"auto_pad": "SAME_UPPER"}),
        ("conv_1x1", s, 24, (1, 1), {}),
        ("conv_1x1_s2", s, 16, (1, 1), {"strides": [2, 2], "bias": False}),
        ("conv_7x7_s2_stem", (1, 3, 32, 32), 16, (7, 7), {"strides": [2, 2],
                                                          "pads": [3, 3, 3, 3]}),
        ("conv_rect_kernel_1x3", s, 8, (1, 3), {"strides": [2, 1], "pads": [0, 1, 0, 1]}),
        ("conv_batch2", (2, 4, 8, 8), 8, (3, 3), {"pads": [1, 1, 1, 1]}),
        ("conv1d_k3", (1, 8, 32), 16, (3,), {"pads": [1, 1]}),
        # Group widths that do not line up with the 64-channel blocks of
        # the Cx layout, nor with halving the channels (odd group counts,
        # widths of 4, 8, 16, 24 and 48 as ResNeXt and RegNet use).
        ("conv_groups3_w16", (1, 48, 6, 6), 48, (3, 3), {"group": 3, "pads": [1, 1, 1, 1]}),
        ("conv_groups6_w16", (1, 96, 4, 4), 96, (3, 3), {"group": 6, "pads": [1, 1, 1, 1]}),
        ("conv_groups4_c96_o192", (1, 96, 4, 4), 192, (3, 3), {"group": 4, "pads": [1, 1, 1, 1]}),
        ("conv_groups32_w4", (1, 128, 4, 4), 128, (3, 3), {"group": 32, "pads": [1, 1, 1, 1]}),
        ("conv_groups8_w8_s2", (1, 64, 7, 7), 64, (3, 3), {"group": 8, "strides": [2, 2],
                                                        "pads": [1, 1, 1, 1]}),
        ("conv_groups6_w24", (1, 144, 4, 4), 144, (3, 3), {"group": 6, "pads": [1, 1, 1, 1]}),
        ("conv_groups5_w16_1x1", (1, 80, 6, 6), 80, (1, 1), {"group": 5}),
        ("conv_depthwise_multiplier2_c40", (1, 40, 6, 6), 80, (3, 3), {"group": 40,
                                                                       "pads": [1, 1, 1, 1]}),
    ]
    cases = []
    for name, shape, c_out, k, attrs in table:
        attrs = dict(attrs)
        bias = attrs.pop("bias", True)
        group = attrs.pop("group", 1)
        cases.append(Case(name, "op", "Conv", "accumulate",
                          _conv(shape, c_out, k, group=group, bias=bias, **attrs)))
    return cases


def _conv_transpose(x_shape, c_out, kernel, group=1, bias=False, **attrs):
    def build(g):
        c_in = x_shape[1]
        k = list(kernel)
        x = g.input("x", normal(g.rng, x_shape))
        # Each output sees about c_in/group * prod(k) / prod(strides) inputs.
        strides = attrs.get("strides", [1] * len(k))
        fan_in = max(1, c_in // group * int(np.prod(k)) // int(np.prod(strides)))
        w = g.const("w", he_weight(g.rng, [c_in, c_out // group] + k, fan_in))
        ins = [x, w]
        if bias:
            ins.append(g.const("b", normal(g.rng, (c_out,), 0.1)))
        g.output(g.node("ConvTranspose", ins, group=group, kernel_shape=k, **attrs), "y")
        return Built(opset=17)
    return build


def _conv_transpose_cases():
    s = (1, 8, 6, 6)
    table = [
        ("convtranspose_k4_s2_p1", s, 4, (4, 4), {"strides": [2, 2], "pads": [1, 1, 1, 1]}),
        ("convtranspose_k3_s2_outpad1", s, 4, (3, 3), {"strides": [2, 2],
                                                       "pads": [1, 1, 1, 1],
                                                       "output_padding": [1, 1]}),
        ("convtranspose_k2_s2_bias", s, 8, (2, 2), {"strides": [2, 2], "bias": True}),
        ("convtranspose_k3_s1_p1", s, 4, (3, 3), {"pads": [1, 1, 1, 1], "bias": True}),
        ("convtranspose_groups2", s, 8, (2, 2), {"strides": [2, 2], "group": 2}),
    ]
    cases = []
    for name, shape, c_out, k, attrs in table:
        attrs = dict(attrs)
        bias = attrs.pop("bias", False)
        group = attrs.pop("group", 1)
        cases.append(Case(name, "op", "ConvTranspose", "accumulate",
                          _conv_transpose(shape, c_out, k, group=group, bias=bias, **attrs)))
    return cases


# -- BatchNormalization and pooling -----------------------------------------------

def bn_params(rng, c):
    """Plausible inference-time BatchNorm parameters: gamma near 1, small beta,
    running mean near 0 and running variance in [0.5, 2]."""
    return (uniform(rng, (c,), 0.8, 1.2), normal(rng, (c,), 0.1),
            normal(rng, (c,), 0.1), uniform(rng, (c,), 0.5, 2.0))


def _batchnorm(x_shape, epsilon=None):
    def build(g):
        c = x_shape[1]
        gamma, beta, mean, var = bn_params(g.rng, c)
        # Inputs distributed like the running statistics, so outputs are O(1).
        bshape = (1, c) + (1,) * (len(x_shape) - 2)
        data = normal(g.rng, x_shape) * np.sqrt(var).reshape(bshape) + mean.reshape(bshape)
        x = g.input("x", data.astype(np.float32))
        ins = [x, g.const("scale", gamma), g.const("bias", beta), g.const("mean", mean),
               g.const("var", var)]
        g.output(g.node("BatchNormalization", ins, epsilon=epsilon), "y")
        return Built(opset=15)
    return build


def _pool(op, x_shape, **attrs):
    def build(g):
        x = g.input("x", normal(g.rng, x_shape))
        g.output(g.node(op, [x], **attrs), "y")
        return Built(opset=17)
    return build


def _norm_pool_cases():
    s = (1, 8, 11, 11)
    mp, ap = "MaxPool", "AveragePool"
    return [
        Case("batchnorm_4d", "op", "BatchNormalization", "elementwise", _batchnorm((2, 8, 6, 6))),
        Case("batchnorm_2d", "op", "BatchNormalization", "elementwise", _batchnorm((4, 16))),
        Case("batchnorm_eps1e-3", "op", "BatchNormalization", "elementwise",
             _batchnorm((1, 16, 5, 5), epsilon=1e-3)),
        Case("maxpool_k3_s2_p1", "op", mp, "exact",
             _pool(mp, s, kernel_shape=[3, 3], strides=[2, 2], pads=[1, 1, 1, 1])),
        Case("maxpool_k2_s2", "op", mp, "exact",
             _pool(mp, (1, 8, 10, 10), kernel_shape=[2, 2], strides=[2, 2])),
        Case("maxpool_k3_s1_p1", "op", mp, "exact",
             _pool(mp, s, kernel_shape=[3, 3], pads=[1, 1, 1, 1])),
        Case("maxpool_asymmetric_pads", "op", mp, "exact",
             _pool(mp, s, kernel_shape=[2, 3], strides=[1, 2], pads=[0, 1, 1, 0])),
        Case("averagepool_k3_s2_p1_exclude_pad", "op", ap, "accumulate",
             _pool(ap, s, kernel_shape=[3, 3], strides=[2, 2], pads=[1, 1, 1, 1],
                   count_include_pad=0)),
        Case("averagepool_k3_s2_p1_include_pad", "op", ap, "accumulate",
             _pool(ap, s, kernel_shape=[3, 3], strides=[2, 2], pads=[1, 1, 1, 1],
                   count_include_pad=1)),
        Case("averagepool_k2_s2", "op", ap, "accumulate",
             _pool(ap, (1, 8, 10, 10), kernel_shape=[2, 2], strides=[2, 2])),
        Case("averagepool_asymmetric_pads", "op", ap, "accumulate",
             _pool(ap, s, kernel_shape=[3, 3], strides=[2, 2], pads=[1, 1, 0, 0],
                   count_include_pad=0)),
        Case("globalaveragepool", "op", "GlobalAveragePool", "accumulate",
             _pool("GlobalAveragePool", (2, 8, 7, 7))),
    ]


# -- Gemm / MatMul -------------------------------------------------------------------

def _gemm(m, k, n, trans_a=0, trans_b=0, alpha=None, beta=None, c_shape=None,
          b_input=False):
    def build(g):
        a = normal(g.rng, (k, m) if trans_a else (m, k))
        b = he_weight(g.rng, (n, k) if trans_b else (k, n), k, gain=1.0)
        ins = [g.input("a", a), g.input("b", b) if b_input else g.const("b", b)]
        if c_shape is not None:  # () is a scalar C
            ins.append(g.const("c", normal(g.rng, c_shape, 0.5)))
        g.output(g.node("Gemm", ins, transA=trans_a or None, transB=trans_b or None,
                        alpha=alpha, beta=beta), "y")
        return Built(opset=13)
    return build


def _matmul(a_shape, b_shape, b_const=True):
    def build(g):
        k = a_shape[-1]
        a = g.input("a", normal(g.rng, a_shape))
        bdata = he_weight(g.rng, b_shape, k, gain=1.0)
        b = g.const("b", bdata) if b_const else g.input("b", bdata)
        g.output(g.node("MatMul", [a, b]), "y")
        return Built(opset=13)
    return build


def _matmul_gram(x_shape, perm):
    """x @ x^T: one value as both operands, read as rows (A) and whole (B)."""
    def build(g):
        x = g.input("x", normal(g.rng, x_shape, 1.0 / np.sqrt(x_shape[-1])))
        t = g.node("Transpose", [x], perm=perm)
        g.output(g.node("MatMul", [x, t]), "y")
        return Built(opset=13)
    return build


def _gemm_matmul_cases():
    acc = "accumulate"
    return [
        Case("gemm_bias_vector", "op", "Gemm", acc, _gemm(4, 16, 8, c_shape=(8,))),
        Case("gemm_transB_linear", "op", "Gemm", acc, _gemm(4, 16, 8, trans_b=1, c_shape=(8,))),
        Case("gemm_transA", "op", "Gemm", acc, _gemm(4, 16, 8, trans_a=1, c_shape=(8,))),
        Case("gemm_transA_transB", "op", "Gemm", acc,
             _gemm(4, 16, 8, trans_a=1, trans_b=1, c_shape=(4, 8))),
        Case("gemm_alpha_beta_full_c", "op", "Gemm", acc,
             _gemm(4, 16, 8, alpha=0.5, beta=2.0, c_shape=(4, 8))),
        Case("gemm_c_column_bcast", "op", "Gemm", acc, _gemm(4, 16, 8, c_shape=(4, 1))),
        Case("gemm_c_scalar", "op", "Gemm", acc, _gemm(4, 16, 8, c_shape=(), beta=0.5)),
        Case("gemm_no_c", "op", "Gemm", acc, _gemm(4, 16, 8, trans_b=1)),
        Case("gemm_b_is_input", "op", "Gemm", acc,
             _gemm(4, 16, 8, trans_b=1, c_shape=(8,), b_input=True)),
        Case("matmul_2d", "op", "MatMul", acc, _matmul((8, 16), (16, 12))),
        Case("matmul_batched_inputs", "op", "MatMul", acc,
             _matmul((2, 8, 16), (2, 16, 12), b_const=False)),
        Case("matmul_bcast_weight", "op", "MatMul", acc, _matmul((2, 3, 8, 16), (16, 12))),
        Case("matmul_bcast_batch", "op", "MatMul", acc,
             _matmul((2, 1, 8, 16), (3, 16, 12), b_const=False)),
        Case("matmul_vector_lhs", "op", "MatMul", acc, _matmul((16,), (16, 12))),
        Case("matmul_vector_rhs", "op", "MatMul", acc, _matmul((8, 16), (16,))),
        Case("matmul_x_xt", "op", "MatMul", acc, _matmul_gram((8, 16), [1, 0])),
        Case("matmul_x_xt_batched", "op", "MatMul", acc, _matmul_gram((2, 12, 16), [0, 2, 1])),
        # The issue-14 GEMM benchmark (fraction of roofline), not a suite check.
        Case("matmul_4096x1024x4096", "op", "MatMul", acc, _matmul((4096, 1024), (1024, 4096)),
             size="full", notes="GEMM benchmark of issue 14: A [4096, 1024] input, B [1024, 4096] weight"),
    ]


# -- Softmax, LayerNormalization, reductions -------------------------------------------

def _softmax(op, x_shape, axis, scale=1.0):
    def build(g):
        x = g.input("x", normal(g.rng, x_shape, scale))
        g.output(g.node(op, [x], axis=axis), "y")
        return Built(opset=13)
    return build


def _softmax_decomposed(g):
    """exp(x - max) / sum(exp(x - max)) over the last axis, as written out by
    hand in models (ReduceMax with an axes attribute, ReduceSum with an axes
    input: opset 13)."""
    x = g.input("x", normal(g.rng, (2, 4, 16), 3.0))
    m = g.node("ReduceMax", [x], axes=[-1], keepdims=1)
    e = g.node("Exp", [g.node("Sub", [x, m])])
    s = g.node("ReduceSum", [e, g.ints("axes", [-1])], keepdims=1)
    g.output(g.node("Div", [e, s]), "y")
    return Built(opset=13)


def _layernorm(x_shape, axis, bias=True, epsilon=None):
    def build(g):
        norm_shape = x_shape[axis:]
        x = g.input("x", normal(g.rng, x_shape, 2.0, 0.5))
        ins = [x, g.const("gamma", uniform(g.rng, norm_shape, 0.8, 1.2))]
        if bias:
            ins.append(g.const("beta", normal(g.rng, norm_shape, 0.1)))
        g.output(g.node("LayerNormalization", ins, axis=axis, epsilon=epsilon), "y")
        return Built(opset=17)
    return build


def _layernorm_decomposed(g):
    """LayerNorm as torch exports it before opset 17. The variance is taken as
    Pow(x - mean, 2): a Pow of negative bases with an integral exponent, which
    is what exporters emit (see README)."""
    x = g.input("x", normal(g.rng, (2, 8, 32), 2.0, 0.5))
    mean = g.node("ReduceMean", [x], axes=[-1], keepdims=1)
    d = g.node("Sub", [x, mean])
    var = g.node("ReduceMean", [g.node("Pow", [d, g.floats("two", np.float32(2.0))])],
                 axes=[-1], keepdims=1)
    std = g.node("Sqrt", [g.node("Add", [var, g.floats("eps", np.float32(1e-5))])])
    n = g.node("Div", [d, std])
    n = g.node("Mul", [n, g.const("gamma", uniform(g.rng, (32,), 0.8, 1.2))])
    g.output(g.node("Add", [n, g.const("beta", normal(g.rng, (32,), 0.1))]), "y")
    return Built(opset=13)


def _layernorm_unit_params(decomposed):
    """A freshly initialised model's layer norm: scale ones, bias zeros (the
    canonicalizer folds `* 1` and `+ 0` away), as the opset-17 operator or
    decomposed as torch exports it before opset 17."""
    def build(g):
        x = g.input("x", normal(g.rng, (2, 8, 64), 2.0, 0.5))
        ones = g.const("gamma", np.ones(64, np.float32))
        zeros = g.const("beta", np.zeros(64, np.float32))
        if not decomposed:
            g.output(g.node("LayerNormalization", [x, ones, zeros], axis=-1), "y")
            return Built(opset=17)
        mean = g.node("ReduceMean", [x], axes=[-1], keepdims=1)
        d = g.node("Sub", [x, mean])
        var = g.node("ReduceMean", [g.node("Pow", [d, g.floats("two", np.float32(2.0))])],
                     axes=[-1], keepdims=1)
        std = g.node("Sqrt", [g.node("Add", [var, g.floats("eps", np.float32(1e-12))])])
        n = g.node("Mul", [g.node("Div", [d, std]), ones])
        g.output(g.node("Add", [n, zeros]), "y")
        return Built(opset=13)
    return build


def _layernorm_swapped(g):
    """LayerNorm written in other operand orders: the mean added negated,
    the square as a product, eps first, a reciprocal square root multiplied,
    gamma on the left, beta first."""
    x = g.input("x", normal(g.rng, (4, 6, 48), 1.5, -0.5))
    mean = g.node("ReduceMean", [x], axes=[-1], keepdims=1)
    d = g.node("Add", [g.node("Neg", [mean]), x])
    var = g.node("ReduceMean", [g.node("Mul", [d, d])], axes=[-1], keepdims=1)
    r = g.node("Reciprocal", [g.node("Sqrt", [g.node("Add", [g.floats("eps", np.float32(1e-5)), var])])])
    n = g.node("Mul", [g.const("gamma", uniform(g.rng, (48,), 0.8, 1.2)), g.node("Mul", [r, d])])
    g.output(g.node("Add", [g.const("beta", normal(g.rng, (48,), 0.1)), n]), "y")
    return Built(opset=13)


def _rmsnorm_llama(weight=True):
    """LLaMA's RMSNorm as torch.onnx exports it: the input cast to float,
    `pow(2).mean(-1, keepdim=True)`, `torch.rsqrt(variance + eps)` (a Div of
    one by a Sqrt), `hidden * rstd`, cast back, `weight * hidden`."""
    def build(g):
        x = g.input("x", normal(g.rng, (2, 8, 64), 1.5))
        h = g.node("Cast", [x], to=TensorProto.FLOAT)
        var = g.node("ReduceMean", [g.node("Pow", [h, g.floats("two", np.float32(2.0))])],
                     axes=[-1], keepdims=1)
        s = g.node("Sqrt", [g.node("Add", [var, g.floats("eps", np.float32(1e-6))])])
        r = g.node("Div", [g.floats("one", np.float32(1.0)), s])
        y = g.node("Cast", [g.node("Mul", [h, r])], to=TensorProto.FLOAT)
        if weight:
            y = g.node("Mul", [g.const("weight", uniform(g.rng, (64,), 0.5, 1.5)), y])
        g.output(y, "y")
        return Built(opset=13)
    return build


def _softmax_swapped(g):
    """Softmax in other operand orders: the max added negated, the sum's
    reciprocal multiplied from the left."""
    x = g.input("x", normal(g.rng, (2, 4, 32), 3.0))
    m = g.node("ReduceMax", [x], axes=[-1], keepdims=1)
    e = g.node("Exp", [g.node("Add", [g.node("Neg", [m]), x])])
    s = g.node("ReduceSum", [e, g.ints("axes", [-1])], keepdims=1)
    g.output(g.node("Mul", [g.node("Reciprocal", [s]), e]), "y")
    return Built(opset=13)


def _reduce(op, axes, keepdims, axes_as_input, opset):
    def build(g):
        # Not zero-mean: a mean or sum of zero-mean values is a cancellation
        # whose result bf16's rounding of the inputs alone moves by ~20%
        # (an all-axes mean of 1e-3 measured 15 dB against fp32).
        x = g.input("x", normal(g.rng, (2, 3, 4, 5), mean=0.5))
        if axes_as_input:
            ins = [x] + ([g.ints("axes", axes)] if axes is not None else [])
            g.output(g.node(op, ins, keepdims=keepdims), "y")
        else:
            g.output(g.node(op, [x], axes=axes, keepdims=keepdims), "y")
        return Built(opset=opset)
    return build


def _reduce_cases():
    cases = []
    variants = [("last_keep", [-1], 1), ("axes12_drop", [1, 2], 0), ("all_keep", None, 1),
                ("axes02_keep", [0, 2], 1), ("all_drop", None, 0)]
    for op in ("ReduceMean", "ReduceMax", "ReduceSum"):
        # Until opset 18 ReduceMean/ReduceMax take axes as an attribute;
        # ReduceSum takes them as an input from opset 13 on.
        attr_opset = 13
        forms = [("opset13", attr_opset, op == "ReduceSum"), ("opset18", 18, True)]
        for tag, opset, as_input in forms:
            for vname, axes, keep in variants:
                tol = "exact" if op == "ReduceMax" else "accumulate"
                cases.append(Case(f"{op.lower()}_{tag}_{vname}", "op", op, tol,
                                  _reduce(op, axes, keep, as_input, opset)))
    return cases


def cases():
    sm, lsm = "Softmax", "LogSoftmax"
    acc = "accumulate"
    return (_conv_cases() + _conv_transpose_cases() + _norm_pool_cases()
            + _gemm_matmul_cases() + _reduce_cases() + [
                Case("softmax_last_axis", "op", sm, acc, _softmax(sm, (2, 3, 4, 10), -1)),
                Case("softmax_axis1", "op", sm, acc, _softmax(sm, (2, 5, 4), 1)),
                Case("softmax_large_logits", "op", sm, acc, _softmax(sm, (4, 32), -1, 20.0)),
                Case("logsoftmax_last_axis", "op", lsm, acc, _softmax(lsm, (2, 3, 10), -1)),
                Case("logsoftmax_axis1", "op", lsm, acc, _softmax(lsm, (2, 5, 4), 1)),
                Case("softmax_decomposed", "op", sm, acc, _softmax_decomposed,
                     notes="ReduceMax/Sub/Exp/ReduceSum/Div", groups=1),
                Case("softmax_decomposed_swapped", "op", sm, acc, _softmax_swapped,
                     notes="Exp(Add(Neg(max), x)) * Reciprocal(sum)", groups=1),
                Case("layernorm_last_axis", "op", "LayerNormalization", acc,
                     _layernorm((2, 8, 32), -1)),
                Case("layernorm_last_two_axes", "op", "LayerNormalization", acc,
                     _layernorm((2, 4, 6, 8), -2)),
                Case("layernorm_no_bias_eps1e-12", "op", "LayerNormalization", acc,
                     _layernorm((2, 8, 32), -1, bias=False, epsilon=1e-12)),
                Case("layernorm_decomposed", "op", "LayerNormalization", acc,
                     _layernorm_decomposed,
                     notes="opset-13 export: ReduceMean/Sub/Pow(.,2)/ReduceMean/Add/Sqrt/Div/"
                           "Mul/Add; Pow has negative bases with exponent 2.0", groups=1),
                Case("layernorm_unit_params", "op", "LayerNormalization", acc,
                     _layernorm_unit_params(False), notes="scale ones, bias zeros", groups=1),
                Case("layernorm_decomposed_unit_params", "op", "LayerNormalization", acc,
                     _layernorm_unit_params(True),
                     notes="opset-13 export with scale ones and bias zeros (folded away)",
                     groups=1),
                Case("layernorm_decomposed_swapped", "op", "LayerNormalization", acc,
                     _layernorm_swapped, notes="Add(Neg(mean), x), Mul(d, d), Reciprocal(Sqrt)",
                     groups=1),
                Case("rmsnorm_llama", "op", "RMSNorm", acc, _rmsnorm_llama(),
                     notes="LLaMA: Cast, Pow, ReduceMean, Add, Sqrt, Div(1, .), Mul, Cast, Mul",
                     groups=1),
                Case("rmsnorm_no_weight", "op", "RMSNorm", acc, _rmsnorm_llama(weight=False),
                     groups=1),
            ])
