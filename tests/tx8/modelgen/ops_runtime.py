"""Single-operator models of the operators real exports keep at run time
(issue 28): what remains of transformers' mask and index code after
constant folding (And / Or / Xor / Not of a run-time mask, the IsNaN guard
after softmax, GatherND of the mask, RoBERTa's CumSum position ids), the
attention and rotary forms (Einsum, Sin, Cos), index_put (ScatterND /
ScatterElements with constant indices), GatherElements, Trilu, Mod, the
composite reductions (ReduceL2 of cosine attention, ReduceMin,
ReduceLogSumExp, ...) and InstanceNormalization (GroupNorm as TorchScript
exports it).

Every input here is a graph input, so nothing folds away at import. The
models' outputs are float32 (predicates feed a Where or a Cast); integer
data are small integers, exact in bf16.
"""

import numpy as np
from onnx import TensorProto

from .graph import Built, Case, normal


def _logic(g):
    x = g.input("x", normal(g.rng, (2, 4, 16)))
    y = g.input("y", normal(g.rng, (2, 1, 16)))
    zero = g.floats("zero", np.float32(0.0))
    a = g.node("Greater", [x, zero])
    b = g.node("Less", [y, zero])
    both = g.node("And", [a, b])
    either = g.node("Or", [both, g.node("Not", [a])])
    one = g.node("Xor", [either, b])
    g.output(g.node("Where", [one, x, g.node("Neg", [x])]), "z")
    return Built(opset=17)


def _mask_and(g):
    """transformers' mask creation: a constant causal mask And the run-time
    attention mask, then an additive mask."""
    t = 8
    mask = np.ones((2, t), dtype=np.int64)
    mask[1, 5:] = 0
    am = g.input("attention_mask", mask)
    scores = g.input("scores", normal(g.rng, (2, 1, t, t)))
    causal = g.const("causal", np.tril(np.ones((1, 1, t, t), dtype=bool)))
    padding = g.node("Cast", [g.node("Unsqueeze", [am, g.ints("axes", [1, 2])])], to=TensorProto.BOOL)
    allowed = g.node("And", [causal, padding])
    neg = g.floats("neg", np.float32(-1e4))
    masked = g.node("Where", [allowed, scores, neg])
    g.output(g.node("Softmax", [masked], axis=-1), "p")
    return Built(opset=17)


def _isnan_guard(g):
    """The guard both exporters put after SDPA's softmax: Where(IsNaN(p), 0, p)."""
    s = g.input("scores", normal(g.rng, (2, 2, 8, 8)))
    p = g.node("Softmax", [s], axis=-1)
    g.output(g.node("Where", [g.node("IsNaN", [p]), g.floats("zero", np.float32(0.0)), p]), "p")
    return Built(opset=17)


def _isnan_isinf_values(g):
    data = normal(g.rng, (4, 16))
    data[0, 1] = np.nan
    data[1, 2] = np.inf
    data[2, 3] = -np.inf
    x = g.input("x", data)
    bad = g.node("Or", [g.node("IsNaN", [x]), g.node("IsInf", [x])])
    pos = g.node("Cast", [g.node("IsInf", [x], detect_negative=0)], to=TensorProto.FLOAT)
    clean = g.node("Where", [bad, g.floats("zero", np.float32(0.0)), x])
    g.output(g.node("Add", [clean, pos]), "y")
    return Built(opset=17)


def _mod(fmod):
    def build(g):
        if fmod:
            # x = y * (k + f), f a quarter away from the jumps at integers and
            # every value exact in bf16, so rounding moves no remainder over one.
            y = (g.rng.choice([-1, 1], (4, 16)) * g.rng.choice([0.5, 1.0, 1.5, 2.0], (4, 16))).astype(np.float32)
            q = g.rng.integers(-6, 6, (4, 16)) + g.rng.choice([0.25, 0.5, 0.75], (4, 16))
            x = g.input("x", (y * q).astype(np.float32))
            g.output(g.node("Mod", [x, g.input("y", y)], fmod=1), "z")
        else:
            x = g.input("x", g.rng.integers(-20, 20, (4, 16)).astype(np.int32))
            y = g.input("y", (g.rng.choice([-1, 1], (4, 16)) * g.rng.integers(1, 7, (4, 16))).astype(np.int32))
            g.output(g.node("Cast", [g.node("Mod", [x, y])], to=TensorProto.FLOAT), "z")
        return Built(opset=17)
    return build


def _rotary(g):
    """Sin and Cos of run-time positions times the inverse frequencies."""
    pos = g.input("position_ids", g.rng.integers(0, 64, (1, 16)).astype(np.int64))
    inv = g.const("inv_freq", (1.0 / 10000 ** (np.arange(0, 32, 2) / 32)).astype(np.float32).reshape(1, 1, 16))
    p = g.node("Unsqueeze", [g.node("Cast", [pos], to=TensorProto.FLOAT), g.ints("axes", [2])])
    freqs = g.node("Mul", [p, inv])
    g.output(g.node("Concat", [g.node("Sin", [freqs]), g.node("Cos", [freqs])], axis=-1), "emb")
    return Built(opset=17)


def _gather_elements(runtime):
    def build(g):
        x = g.input("x", normal(g.rng, (3, 5, 16)))
        idx = g.rng.integers(-5, 5, (3, 4, 16)).astype(np.int64)
        i = g.input("indices", idx) if runtime else g.const("indices", idx)
        g.output(g.node("GatherElements", [x, i], axis=1), "y")
        return Built(opset=17)
    return build


def _gather_nd(runtime, batch_dims):
    def build(g):
        x = g.input("x", normal(g.rng, (2, 6, 5, 16)))
        if batch_dims:
            idx = np.stack([g.rng.integers(-6, 6, (2, 3)), g.rng.integers(0, 5, (2, 3))], axis=-1).astype(np.int64)
        else:
            idx = np.stack([g.rng.integers(0, 2, (4,)), g.rng.integers(-6, 6, (4,))], axis=-1).astype(np.int64)
        i = g.input("indices", idx) if runtime else g.const("indices", idx)
        g.output(g.node("GatherND", [x, i], batch_dims=batch_dims), "y")
        return Built(opset=17)
    return build


def _scatter_nd(g):
    x = g.input("x", normal(g.rng, (4, 6, 16)))
    u = g.input("updates", normal(g.rng, (3, 16)))
    idx = g.const("indices", np.array([[0, 1], [3, -1], [2, 2]], dtype=np.int64))
    g.output(g.node("ScatterND", [x, idx, u]), "y")
    return Built(opset=17)


def _scatter_elements(g):
    x = g.input("x", normal(g.rng, (4, 16)))
    u = g.input("updates", normal(g.rng, (2, 16)))
    idx = g.const("indices", np.stack([g.rng.permutation(4)[:2] for _ in range(16)], axis=1).astype(np.int64))
    g.output(g.node("ScatterElements", [x, idx, u], axis=0), "y")
    return Built(opset=17)


def _cumsum(exclusive, reverse, integer):
    def build(g):
        if integer:
            # RoBERTa's position ids: cumsum(mask) * mask + padding_idx.
            ids = g.rng.integers(2, 50, (2, 12)).astype(np.int64)
            ids[1, 9:] = 1
            x = g.input("input_ids", ids)
            mask = g.node("Cast", [g.node("Not", [g.node("Equal", [x, g.ints("pad", 1)])])], to=TensorProto.INT32)
            c = g.node("CumSum", [mask, g.ints("axis", 1)])
            pos = g.node("Add", [g.node("Mul", [c, mask]), g.const("one", np.int32(1))])
            g.output(g.node("Cast", [pos], to=TensorProto.FLOAT), "positions")
        else:
            x = g.input("x", normal(g.rng, (2, 13, 16)))
            g.output(g.node("CumSum", [x, g.ints("axis", 1)], exclusive=exclusive, reverse=reverse), "y")
        return Built(opset=17)
    return build


def _trilu(upper, k):
    def build(g):
        x = g.input("x", normal(g.rng, (2, 8, 16)))
        g.output(g.node("Trilu", [x, g.ints("k", k)], upper=upper), "y")
        return Built(opset=17)
    return build


def _einsum(eq, shapes):
    def build(g):
        ins = [g.input(f"x{i}", normal(g.rng, s, 1 / np.sqrt(s[-1]))) for i, s in enumerate(shapes)]
        g.output(g.node("Einsum", ins, equation=eq), "y")
        return Built(opset=17)
    return build


def _reduce(op, axes, keepdims):
    def build(g):
        x = g.input("x", normal(g.rng, (2, 4, 16), mean=0.5))
        g.output(g.node(op, [x, g.ints("axes", axes)], keepdims=keepdims), "y")
        return Built(opset=18)
    return build


def _instance_norm(g):
    x = g.input("x", normal(g.rng, (2, 4, 6, 8), 2.0, 0.5))
    s = g.const("scale", normal(g.rng, (4,), 0.5, 1.0))
    bias = g.const("bias", normal(g.rng, (4,), 0.2))
    g.output(g.node("InstanceNormalization", [x, s, bias], epsilon=1e-5), "y")
    return Built(opset=17)


def cases():
    ex, acc, el = "exact", "accumulate", "elementwise"
    return [
        Case("logic_and_or_xor_not", "op", "And", ex, _logic),
        Case("mask_and_runtime_attention_mask", "op", "And", acc, _mask_and,
             notes="constant causal mask And the run-time attention mask, Where, Softmax"),
        Case("isnan_guard_after_softmax", "op", "IsNaN", acc, _isnan_guard),
        Case("isnan_isinf_values", "op", "IsInf", ex, _isnan_isinf_values,
             notes="a NaN and both infinities in the input, cleaned by Where"),
        Case("mod_fmod_float", "op", "Mod", el, _mod(True)),
        Case("mod_integer_divisor_sign", "op", "Mod", ex, _mod(False)),
        Case("sin_cos_rotary", "op", "Sin", el, _rotary),
        Case("gather_elements_const", "op", "GatherElements", ex, _gather_elements(False)),
        Case("gather_elements_runtime", "op", "GatherElements", ex, _gather_elements(True)),
        Case("gather_nd_const", "op", "GatherND", ex, _gather_nd(False, 0)),
        Case("gather_nd_batch_dims_runtime", "op", "GatherND", ex, _gather_nd(True, 1)),
        Case("scatter_nd_const", "op", "ScatterND", ex, _scatter_nd),
        Case("scatter_elements_const", "op", "ScatterElements", ex, _scatter_elements),
        Case("cumsum_float", "op", "CumSum", acc, _cumsum(0, 0, False)),
        Case("cumsum_exclusive_reverse", "op", "CumSum", acc, _cumsum(1, 1, False)),
        Case("cumsum_roberta_positions", "op", "CumSum", ex, _cumsum(0, 0, True)),
        Case("trilu_upper", "op", "Trilu", ex, _trilu(1, [0])),
        Case("trilu_lower_k", "op", "Trilu", ex, _trilu(0, [-1])),
        Case("einsum_attention_scores", "op", "Einsum", acc, _einsum("bhqd,bhkd->bhqk", [(1, 2, 8, 16), (1, 2, 8, 16)])),
        Case("einsum_ellipsis_matmul", "op", "Einsum", acc, _einsum("...ij,...jk->...ik", [(2, 3, 8, 16), (2, 3, 16, 8)])),
        Case("einsum_transpose_sum", "op", "Einsum", acc, _einsum("bij->bj", [(2, 8, 16)])),
        Case("einsum_three_operands", "op", "Einsum", acc, _einsum("ij,jk,kl->il", [(8, 16), (16, 16), (16, 8)])),
        Case("reduce_l2", "op", "ReduceL2", acc, _reduce("ReduceL2", [-1], 1)),
        Case("reduce_min", "op", "ReduceMin", ex, _reduce("ReduceMin", [1], 0)),
        Case("reduce_logsumexp", "op", "ReduceLogSumExp", acc, _reduce("ReduceLogSumExp", [-1], 0)),
        Case("reduce_l1_sumsquare", "op", "ReduceL1", acc, _reduce("ReduceL1", [1, 2], 1)),
        Case("instance_norm", "op", "InstanceNormalization", acc, _instance_norm),
    ]
