"""Whole-network models of transformer layers: a BERT encoder layer and a
GPT-2 decoder block, each "full" (BERT-base: hidden 768, 12 heads, sequence
128; GPT-2 small: hidden 768, 12 heads, sequence 256) and "small" (hidden 64,
4 heads, sequence 16) for CI.

Both follow what torch.onnx exports from Hugging Face's modules:

- BERT (BertLayer, opset 17): an int64 attention mask cast to float and
  turned into an additive mask (1 - m) * -10000; Q/K/V as MatMul + Add; the
  split into heads as Reshape with a target built by Shape -> Gather ->
  Unsqueeze -> Concat, then Transpose; scores MatMul / sqrt(d) + mask ->
  Softmax -> MatMul; output projection, residual Add, LayerNormalization; FFN
  3072 with the erf form of Gelu; residual Add, LayerNormalization.
- GPT-2 (GPT2Block, opset 17): LayerNormalization first; c_attn MatMul + Add
  split in three with Split; heads by Reshape with constant shapes; the
  causal mask a constant lower-triangular bool buffer of n_positions x
  n_positions sliced to the sequence and applied with Where(mask, scores,
  -10000); the tanh Gelu ("gelu_new") with Pow(x, 3.0) as exported; residuals.

Weights are scaled 1/sqrt(fan_in), so the attention scores have a standard
deviation near 1 and the softmax is neither uniform nor one-hot.
"""

import numpy as np
from onnx import TensorProto

from .graph import Built, Case, normal, uniform


def linear(g, x, c_in, c_out, name):
    """x @ W + b as exported from torch.nn.Linear (Conv1D in GPT-2)."""
    w = g.const(f"{name}.weight", normal(g.rng, (c_in, c_out), float(1.0 / np.sqrt(c_in))))
    b = g.const(f"{name}.bias", normal(g.rng, (c_out,), 0.02))
    return g.node("Add", [g.node("MatMul", [x, w], name=f"{name}.matmul"), b], name=f"{name}.add")


def layernorm(g, x, hidden, name, epsilon):
    gamma = g.const(f"{name}.weight", uniform(g.rng, (hidden,), 0.9, 1.1))
    beta = g.const(f"{name}.bias", normal(g.rng, (hidden,), 0.02))
    return g.node("LayerNormalization", [x, gamma, beta], name=name, axis=-1, epsilon=epsilon)


def gelu_erf(g, x, name):
    d = g.node("Div", [x, g.floats(f"{name}.sqrt2", np.float32(1.4142135))], name=f"{name}.div")
    e = g.node("Erf", [d], name=f"{name}.erf")
    a = g.node("Add", [e, g.floats(f"{name}.one", np.float32(1.0))], name=f"{name}.add")
    m = g.node("Mul", [x, a], name=f"{name}.mul")
    return g.node("Mul", [m, g.floats(f"{name}.half", np.float32(0.5))], name=f"{name}.mul_half")


def gelu_tanh_pow(g, x, name):
    """GPT-2's gelu_new: 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))), the cube
    as Pow(x, 3.0) as exported (x takes both signs here)."""
    p = g.node("Pow", [x, g.floats(f"{name}.three", np.float32(3.0))], name=f"{name}.pow")
    inner = g.node("Add", [x, g.node("Mul", [p, g.floats(f"{name}.c", np.float32(0.044715))],
                                     name=f"{name}.mul_c")], name=f"{name}.add_inner")
    t = g.node("Tanh", [g.node("Mul", [inner, g.floats(f"{name}.k", np.float32(0.7978845608))],
                               name=f"{name}.mul_k")], name=f"{name}.tanh")
    a = g.node("Add", [t, g.floats(f"{name}.one", np.float32(1.0))], name=f"{name}.add_one")
    h = g.node("Mul", [x, g.floats(f"{name}.half", np.float32(0.5))], name=f"{name}.mul_half")
    return g.node("Mul", [h, a], name=f"{name}.mul")


def _dynamic_shape(g, x, tail, name):
    """Concat(Shape(x)[0], Shape(x)[1], tail): the reshape target exporters build
    when batch and sequence are traced as dynamic."""
    shape = g.node("Shape", [x], name=f"{name}.shape")
    dims = []
    for i in (0, 1):
        d = g.node("Gather", [shape, g.ints(f"{name}.idx{i}", i)], name=f"{name}.gather{i}", axis=0)
        dims.append(g.node("Unsqueeze", [d, g.ints(f"{name}.axes{i}", [0])],
                           name=f"{name}.unsqueeze{i}"))
    return g.node("Concat", dims + [g.ints(f"{name}.tail", tail)], name=f"{name}.concat", axis=0)


def _bert_layer(seq, hidden, heads, ffn, valid, batch=1):
    def build(g):
        head_dim = hidden // heads
        x = g.input("hidden_states", normal(g.rng, (batch, seq, hidden)))
        mask = np.zeros((batch, seq), dtype=np.int64)
        mask[:, :valid] = 1  # the last positions are padding
        m = g.input("attention_mask", mask)
        m = g.node("Cast", [g.node("Unsqueeze", [m, g.ints("mask.axes", [1, 2])],
                                   name="mask.unsqueeze")], name="mask.cast", to=TensorProto.FLOAT)
        m = g.node("Sub", [g.floats("mask.one", np.float32(1.0)), m], name="mask.sub")
        ext = g.node("Mul", [m, g.floats("mask.neg", np.float32(-10000.0))], name="mask.mul")

        def heads_of(t, name, perm):
            target = _dynamic_shape(g, t, [heads, head_dim], name)
            r = g.node("Reshape", [t, target], name=f"{name}.reshape")
            return g.node("Transpose", [r], name=f"{name}.transpose", perm=perm)

        q = heads_of(linear(g, x, hidden, hidden, "attention.self.query"), "q", [0, 2, 1, 3])
        k = heads_of(linear(g, x, hidden, hidden, "attention.self.key"), "k", [0, 2, 3, 1])
        v = heads_of(linear(g, x, hidden, hidden, "attention.self.value"), "v", [0, 2, 1, 3])
        s = g.node("MatMul", [q, k], name="attention.scores")
        s = g.node("Div", [s, g.floats("attention.scale", np.float32(np.sqrt(head_dim)))],
                   name="attention.scale_div")
        s = g.node("Add", [s, ext], name="attention.mask_add")
        p = g.node("Softmax", [s], name="attention.softmax", axis=-1)
        c = g.node("MatMul", [p, v], name="attention.context")
        c = g.node("Transpose", [c], name="attention.context.transpose", perm=[0, 2, 1, 3])
        c = g.node("Reshape", [c, _dynamic_shape(g, x, [hidden], "context")],
                   name="attention.context.reshape")
        a = linear(g, c, hidden, hidden, "attention.output.dense")
        a = layernorm(g, g.node("Add", [a, x], name="attention.output.residual"), hidden,
                      "attention.output.LayerNorm", 1e-12)
        f = gelu_erf(g, linear(g, a, hidden, ffn, "intermediate.dense"), "intermediate.gelu")
        f = linear(g, f, ffn, hidden, "output.dense")
        y = layernorm(g, g.node("Add", [f, a], name="output.residual"), hidden,
                      "output.LayerNorm", 1e-12)
        g.output(y, "last_hidden_state")
        return Built(opset=17)
    return build


def _gpt2_block(seq, hidden, heads, n_positions):
    def build(g):
        head_dim = hidden // heads
        x = g.input("hidden_states", normal(g.rng, (1, seq, hidden)))
        h = layernorm(g, x, hidden, "ln_1", 1e-5)
        qkv = linear(g, h, hidden, 3 * hidden, "attn.c_attn")
        q, k, v = g.node("Split", [qkv, g.ints("attn.split", [hidden] * 3)], outputs=3,
                         name="attn.split", axis=2)

        def heads_of(t, name, perm):
            r = g.node("Reshape", [t, g.ints(f"{name}.shape", [1, seq, heads, head_dim])],
                       name=f"{name}.reshape")
            return g.node("Transpose", [r], name=f"{name}.transpose", perm=perm)

        q = heads_of(q, "q", [0, 2, 1, 3])
        k = heads_of(k, "k", [0, 2, 3, 1])
        v = heads_of(v, "v", [0, 2, 1, 3])
        w = g.node("MatMul", [q, k], name="attn.scores")
        w = g.node("Div", [w, g.floats("attn.scale", np.float32(np.sqrt(head_dim)))],
                   name="attn.scale_div")
        bias = np.tril(np.ones((n_positions, n_positions), dtype=bool)).reshape(
            1, 1, n_positions, n_positions)
        causal = g.node("Slice", [g.const("attn.bias", bias), g.ints("attn.bias.starts", [0, 0]),
                                  g.ints("attn.bias.ends", [seq, seq]),
                                  g.ints("attn.bias.axes", [2, 3])], name="attn.causal_slice")
        w = g.node("Where", [causal, w, g.floats("attn.masked_bias", np.float32(-10000.0))],
                   name="attn.causal_where")
        p = g.node("Softmax", [w], name="attn.softmax", axis=-1)
        c = g.node("MatMul", [p, v], name="attn.context")
        c = g.node("Transpose", [c], name="attn.context.transpose", perm=[0, 2, 1, 3])
        c = g.node("Reshape", [c, g.ints("attn.context.shape", [1, seq, hidden])],
                   name="attn.context.reshape")
        a = g.node("Add", [linear(g, c, hidden, hidden, "attn.c_proj"), x], name="attn.residual")
        h = layernorm(g, a, hidden, "ln_2", 1e-5)
        f = gelu_tanh_pow(g, linear(g, h, hidden, 4 * hidden, "mlp.c_fc"), "mlp.act")
        f = linear(g, f, 4 * hidden, hidden, "mlp.c_proj")
        g.output(g.node("Add", [f, a], name="mlp.residual"), "output")
        return Built(opset=17)
    return build


_GPT2_NOTE = "gelu_new uses Pow(x, 3.0) on values of both signs, as exported"


def cases():
    net = lambda name, fam, build, size, **kw: Case(name, "net", fam, "net", build,  # noqa: E731
                                                     size=size, **kw)
    return [
        net("bert_layer_small", "BERT", _bert_layer(16, 64, 4, 256, 12), "small",
            notes="hidden 64, 4 heads, sequence 16 (12 unmasked), FFN 256"),
        net("bert_layer", "BERT", _bert_layer(128, 768, 12, 3072, 100), "full",
            notes="BERT-base encoder layer: hidden 768, 12 heads, sequence 128 (100 unmasked), "
                  "FFN 3072"),
        net("bert_layer_b8", "BERT", _bert_layer(128, 768, 12, 3072, 100, batch=8), "full",
            notes="the BERT-base encoder layer at batch 8 (issue 14's benchmark)"),
        net("gpt2_block_small", "GPT-2", _gpt2_block(16, 64, 4, 32), "small",
            notes="hidden 64, 4 heads, sequence 16, n_positions 32; " + _GPT2_NOTE),
        net("gpt2_block", "GPT-2", _gpt2_block(256, 768, 12, 1024), "full",
            notes="GPT-2 small block: hidden 768, 12 heads, sequence 256, n_positions 1024; "
                  + _GPT2_NOTE),
    ]
