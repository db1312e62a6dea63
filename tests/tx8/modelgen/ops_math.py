"""Single-operator models of the element-wise operators.

Unary math and activations, the four binary arithmetic operators with their
broadcast forms, Pow, Clip, Cast, the comparisons (always feeding a Where so
the model's outputs stay float), GELU both as the opset-20 operator and in
the decomposed forms exporters emit, and the activations models write out by
hand: the sigmoid GELU (CLIP, ViT), SiLU, SwiGLU (LLaMA's MLP), HardSwish
and HardSigmoid through relu6; each fused form must run as one group. Input ranges are chosen so that every
function is well conditioned and gives the same discrete answers after bf16
rounding of its inputs (see `graph.away_from_integers`).
"""

import numpy as np
from onnx import TensorProto

from .graph import Built, Case, away_from_integers, he_weight, normal, uniform

SHAPE = (2, 3, 8, 8)


def _signed(rng, shape, low, high):
    """Magnitudes in [low, high] with random signs: never near zero."""
    sign = np.where(rng.random(shape) < 0.5, -1.0, 1.0)
    return (sign * rng.uniform(low, high, shape)).astype(np.float32)


def _unary(op, data, opset=17, **attrs):
    def build(g):
        x = g.input("x", data(g.rng))
        g.output(g.node(op, [x], **attrs), "y")
        return Built(opset=opset)
    return build


def _unary_cases():
    n = lambda std: (lambda rng: normal(rng, SHAPE, std))  # noqa: E731
    u = lambda lo, hi: (lambda rng: uniform(rng, SHAPE, lo, hi))  # noqa: E731
    table = [
        # name, op, data, tolerance, opset, attrs
        ("relu", "Relu", n(1.0), "exact", 17, {}),
        ("relu_opset14", "Relu", n(1.0), "exact", 14, {}),
        ("neg", "Neg", n(1.0), "exact", 17, {}),
        ("abs", "Abs", n(1.0), "exact", 17, {}),
        ("sigmoid", "Sigmoid", n(3.0), "elementwise", 17, {}),
        ("tanh", "Tanh", n(2.0), "elementwise", 17, {}),
        ("exp", "Exp", u(-4.0, 4.0), "elementwise", 17, {}),
        ("log", "Log", u(0.05, 10.0), "elementwise", 17, {}),
        ("sqrt", "Sqrt", u(0.01, 10.0), "elementwise", 17, {}),
        ("reciprocal", "Reciprocal", lambda rng: _signed(rng, SHAPE, 0.25, 4.0),
         "elementwise", 17, {}),
        ("erf", "Erf", n(1.5), "elementwise", 17, {}),
        ("leakyrelu_default", "LeakyRelu", n(1.0), "elementwise", 17, {}),
        ("leakyrelu_alpha0.2", "LeakyRelu", n(1.0), "elementwise", 17, {"alpha": 0.2}),
        ("hardsigmoid_default", "HardSigmoid", n(4.0), "elementwise", 17, {}),
        ("hardsigmoid_alpha_beta", "HardSigmoid", n(2.0), "elementwise", 17,
         {"alpha": 0.5, "beta": 0.25}),
        ("hardswish", "HardSwish", n(4.0), "elementwise", 17, {}),
        ("gelu_opset20", "Gelu", n(2.0), "elementwise", 20, {}),
        ("gelu_opset20_tanh", "Gelu", n(2.0), "elementwise", 20, {"approximate": "tanh"}),
        # Wide enough that exp(x) alone would overflow.
        ("softplus", "Softplus", u(-100.0, 100.0), "elementwise", 17, {}),
        ("mish_opset18", "Mish", n(3.0), "elementwise", 18, {}),
        ("elu_default", "Elu", n(2.0), "elementwise", 17, {}),
        ("elu_alpha0.5", "Elu", n(2.0), "elementwise", 17, {"alpha": 0.5}),
        ("identity", "Identity", n(1.0), "exact", 17, {}),
    ]
    return [Case(name, "op", op, tol, _unary(op, data, opset, **attrs))
            for name, op, data, tol, opset, attrs in table]


def _binary(op, lhs_shape, rhs_shape, rhs_const=False, lhs_const=False, positive_rhs=False):
    def build(g):
        def data(shape):
            if positive_rhs:  # denominators: magnitude >= 0.5 whatever the sign
                return _signed(g.rng, shape, 0.5, 2.0)
            return normal(g.rng, shape)
        a = normal(g.rng, lhs_shape)
        b = data(rhs_shape)
        a_name = g.const("a", a) if lhs_const else g.input("a", a)
        b_name = g.const("b", b) if rhs_const else g.input("b", b)
        g.output(g.node(op, [a_name, b_name]), "y")
        return Built(opset=17)
    return build


def _binary_cases():
    cases = []
    for op in ("Add", "Sub", "Mul", "Div"):
        pos = op == "Div"
        stem = op.lower()
        variants = [
            ("same_shape", (2, 3, 4, 5), (2, 3, 4, 5), {}),
            ("bcast_const_rhs", (2, 3, 4, 5), (5,), {"rhs_const": True}),
            ("bcast_both_sides", (2, 1, 5), (3, 1), {}),
            ("scalar_const_lhs", (), (2, 3, 4), {"lhs_const": True}),
        ]
        for tag, ls, rs, kw in variants:
            cases.append(Case(f"{stem}_{tag}", "op", op, "elementwise",
                              _binary(op, ls, rs, positive_rhs=pos, **kw)))
    return cases


def _pow(exponent, exponent_is_input=False):
    """Pow with a positive base in [0.5, 2]: no NaN for fractional exponents
    and no sign question for integral ones."""
    def build(g):
        x = g.input("x", uniform(g.rng, SHAPE, 0.5, 2.0))
        if exponent_is_input:
            e = g.input("e", uniform(g.rng, SHAPE, -2.0, 2.0))
        else:
            e = g.const("e", exponent)
        g.output(g.node("Pow", [x, e]), "y")
        return Built(opset=17)
    return build


def _pow_cases():
    return [
        Case("pow_square", "op", "Pow", "elementwise", _pow(np.float32(2.0))),
        Case("pow_sqrt", "op", "Pow", "elementwise", _pow(np.float32(0.5))),
        Case("pow_cube", "op", "Pow", "elementwise", _pow(np.float32(3.0))),
        Case("pow_negative_exponent", "op", "Pow", "elementwise", _pow(np.float32(-1.5))),
        Case("pow_int64_exponent", "op", "Pow", "elementwise", _pow(np.int64(2))),
        Case("pow_tensor_exponent", "op", "Pow", "elementwise", _pow(None, exponent_is_input=True)),
    ]


def _clip(lo, hi, std=4.0):
    def build(g):
        x = g.input("x", normal(g.rng, SHAPE, std))
        ins = [x, g.floats("min", lo) if lo is not None else "",
               g.floats("max", hi) if hi is not None else ""]
        while ins and ins[-1] == "":  # trailing optional inputs are left out
            ins.pop()
        g.output(g.node("Clip", ins), "y")
        return Built(opset=13)
    return build


def _clip_cases():
    return [
        Case("clip_relu6", "op", "Clip", "exact", _clip(0.0, 6.0)),
        Case("clip_min_max_pm1", "op", "Clip", "exact", _clip(-1.0, 1.0, std=2.0)),
        Case("clip_max_only", "op", "Clip", "exact", _clip(None, 0.5)),
        Case("clip_min_only", "op", "Clip", "exact", _clip(-0.5, None)),
        Case("clip_no_bounds", "op", "Clip", "exact", _clip(None, None)),
    ]


def _cast(via, opset=17):
    """x -> Cast(via) -> Cast(float): outputs stay float32 and the round trip
    exercises the conversion itself (truncation toward zero for int32)."""
    def build(g):
        x = g.input("x", away_from_integers(g.rng, SHAPE))
        mid = g.node("Cast", [x], to=via)
        g.output(g.node("Cast", [mid], to=TensorProto.FLOAT), "y")
        return Built(opset=opset)
    return build


def _cast_bool(g):
    x = g.input("x", away_from_integers(g.rng, SHAPE))
    mask = g.node("Greater", [x, g.floats("zero", 0.0)])
    g.output(g.node("Cast", [mask], to=TensorProto.FLOAT), "y")
    return Built(opset=17)


def _cast_cases():
    return [
        Case("cast_fp16_roundtrip", "op", "Cast", "elementwise", _cast(TensorProto.FLOAT16)),
        Case("cast_int32_roundtrip", "op", "Cast", "exact", _cast(TensorProto.INT32)),
        Case("cast_fp32_noop", "op", "Cast", "exact", _cast(TensorProto.FLOAT)),
        Case("cast_bool_to_float", "op", "Cast", "exact", _cast_bool),
        Case("cast_fp16_roundtrip_opset21", "op", "Cast", "elementwise",
             _cast(TensorProto.FLOAT16, opset=21)),
    ]


def _compare_where(op, broadcast):
    """Where(op(a, b), a, other). Operands are small integers, b = a + {-1, 0, 1},
    so Equal/Less/Greater are decided the same way in bf16 and fp32; `other`
    is unrelated to both, so a wrong decision changes the output."""
    def build(g):
        rng = g.rng
        a = rng.integers(-4, 5, (2, 3, 4)).astype(np.float32)
        if broadcast:
            b = rng.integers(-4, 5, (4,)).astype(np.float32)
        else:
            b = a + rng.integers(-1, 2, a.shape).astype(np.float32)
        an, bn = g.input("a", a), g.input("b", b)
        other = g.input("other", normal(rng, (2, 3, 4), 3.0))
        cond = g.node(op, [an, bn])
        g.output(g.node("Where", [cond, an, other]), "y")
        return Built(opset=17)
    return build


def _compare_cases():
    cases = []
    for op in ("Equal", "Less", "Greater"):
        cases.append(Case(f"{op.lower()}_where", "op", op, "exact", _compare_where(op, False)))
        cases.append(Case(f"{op.lower()}_where_bcast", "op", op, "exact",
                          _compare_where(op, True)))
    return cases


def _gelu_erf_decomposed(g):
    """x * 0.5 * (1 + erf(x / sqrt(2))) in the node order torch exports for
    opsets before 20."""
    x = g.input("x", normal(g.rng, (2, 16, 32), 2.0))
    d = g.node("Div", [x, g.floats("sqrt2", np.float32(1.4142135))])
    e = g.node("Erf", [d])
    a = g.node("Add", [e, g.floats("one", np.float32(1.0))])
    m = g.node("Mul", [x, a])
    g.output(g.node("Mul", [m, g.floats("half", np.float32(0.5))]), "y")
    return Built(opset=17)


def _gelu_tanh_decomposed(g):
    """0.5 * x * (1 + tanh(sqrt(2/pi) * (x + 0.044715 * x*x*x))), the cube
    written as two Muls so no Pow of a negative base appears."""
    x = g.input("x", normal(g.rng, (2, 16, 32), 2.0))
    x2 = g.node("Mul", [x, x])
    x3 = g.node("Mul", [x2, x])
    inner = g.node("Add", [x, g.node("Mul", [x3, g.floats("c", np.float32(0.044715))])])
    t = g.node("Tanh", [g.node("Mul", [inner, g.floats("k", np.float32(0.7978845608))])])
    a = g.node("Add", [t, g.floats("one", np.float32(1.0))])
    h = g.node("Mul", [x, g.floats("half", np.float32(0.5))])
    g.output(g.node("Mul", [h, a]), "y")
    return Built(opset=17)


def _gelu_erf_phi(g):
    """x * Phi(x) with Phi = 0.5 * (1 + erf(x * 0.70710677)), the factors
    the other way round from torch's export."""
    x = g.input("x", normal(g.rng, (2, 16, 32), 2.0))
    e = g.node("Erf", [g.node("Mul", [g.floats("k", np.float32(0.70710677)), x])])
    phi = g.node("Mul", [g.node("Add", [g.floats("one", np.float32(1.0)), e]),
                         g.floats("half", np.float32(0.5))])
    g.output(g.node("Mul", [phi, x]), "y")
    return Built(opset=17)


def _gelu_tanh_pow(g):
    """GPT-2's gelu_new with the cube as Pow(x, 3) (an odd integral power:
    negative bases are fine)."""
    x = g.input("x", normal(g.rng, (2, 16, 32), 2.0))
    x3 = g.node("Pow", [x, g.floats("three", np.float32(3.0))])
    inner = g.node("Mul", [g.floats("k", np.float32(0.7978845608)),
                           g.node("Add", [x, g.node("Mul", [g.floats("c", np.float32(0.044715)), x3])])])
    a = g.node("Add", [g.floats("one", np.float32(1.0)), g.node("Tanh", [inner])])
    g.output(g.node("Mul", [g.node("Mul", [g.floats("half", np.float32(0.5)), x]), a]), "y")
    return Built(opset=17)


def _quick_gelu(g):
    """x * sigmoid(1.702 x) (CLIP's QuickGELU, HF's gelu_pytorch_tanh cousin)."""
    x = g.input("x", normal(g.rng, (2, 16, 32), 2.0))
    s = g.node("Sigmoid", [g.node("Mul", [x, g.floats("k", np.float32(1.702))])])
    g.output(g.node("Mul", [x, s]), "y")
    return Built(opset=17)


def _silu(g):
    """SiLU as torch exports F.silu before opset 21: x * Sigmoid(x)."""
    x = g.input("x", normal(g.rng, (2, 16, 32), 2.0))
    g.output(g.node("Mul", [g.node("Sigmoid", [x]), x]), "y")
    return Built(opset=17)


def _swiglu(g):
    """LLaMA's MLP: down(silu(gate(x)) * up(x)), the weights [in, out]."""
    x = g.input("x", normal(g.rng, (16, 64)))
    wg = g.const("w_gate", he_weight(g.rng, (64, 128), 64, gain=1.0))
    wu = g.const("w_up", he_weight(g.rng, (64, 128), 64, gain=1.0))
    wd = g.const("w_down", he_weight(g.rng, (128, 64), 128, gain=1.0))
    gate = g.node("MatMul", [x, wg])
    up = g.node("MatMul", [x, wu])
    h = g.node("Mul", [g.node("Mul", [gate, g.node("Sigmoid", [gate])]), up])
    g.output(g.node("MatMul", [h, wd]), "y")
    return Built(opset=17)


def _hard_decomposed(swish):
    """relu6(x + 3) / 6 (HardSigmoid) and x * relu6(x + 3) / 6 (HardSwish),
    relu6 a Clip(0, 6): MobileNetV3 as written by hand."""
    def build(g):
        x = g.input("x", normal(g.rng, SHAPE, 4.0))
        r6 = g.node("Clip", [g.node("Add", [x, g.floats("three", np.float32(3.0))]),
                             g.floats("lo", np.float32(0.0)), g.floats("hi", np.float32(6.0))])
        if swish:
            r6 = g.node("Mul", [x, r6])
        g.output(g.node("Div", [r6, g.floats("six", np.float32(6.0))]), "y")
        return Built(opset=13)
    return build


def cases():
    return (_unary_cases() + _binary_cases() + _pow_cases() + _clip_cases()
            + _cast_cases() + _compare_cases() + [
                Case("gelu_erf_decomposed", "op", "Gelu", "elementwise", _gelu_erf_decomposed,
                     notes="Gelu as Div/Erf/Add/Mul/Mul, as exported before opset 20",
                     groups=1),
                Case("gelu_tanh_decomposed", "op", "Gelu", "elementwise", _gelu_tanh_decomposed,
                     notes="tanh-approximated Gelu as Mul/Add/Tanh", groups=1),
                Case("gelu_erf_phi", "op", "Gelu", "elementwise", _gelu_erf_phi,
                     notes="x * (0.5 * (1 + erf(0.7071 x)))", groups=1),
                Case("gelu_tanh_pow", "op", "Gelu", "elementwise", _gelu_tanh_pow,
                     notes="gelu_new with Pow(x, 3)", groups=1),
                Case("gelu_sigmoid_decomposed", "op", "Gelu", "elementwise", _quick_gelu,
                     notes="x * Sigmoid(1.702 x)", groups=1),
                Case("silu_decomposed", "op", "Silu", "elementwise", _silu,
                     notes="Sigmoid(x) * x", groups=1),
                Case("swiglu_mlp", "op", "Silu", "accumulate", _swiglu,
                     notes="down(silu(gate(x)) * up(x))"),
                Case("hardsigmoid_decomposed", "op", "HardSigmoid", "elementwise",
                     _hard_decomposed(False), notes="Clip(x + 3, 0, 6) / 6", groups=1),
                Case("hardswish_decomposed", "op", "HardSwish", "elementwise",
                     _hard_decomposed(True), notes="x * Clip(x + 3, 0, 6) / 6", groups=1),
            ])
