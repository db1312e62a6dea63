#!/usr/bin/env python3
"""Exports one BERT-base encoder layer from a freshly initialised
HuggingFace model, twice: with its LayerNorm weights as initialised (scale
ones, bias zeros: what the canonicalizer folds away) and with random
non-trivial LayerNorm weights, with onnxruntime references for both.

The question it answers: does a layer norm stay one fused op however its
parameters were initialised (issue 28, "Fusions by meaning")? Both exports
should compile to the same groups and reach the same fraction of the
roofline on the C model:

    /work/zoo-venv/bin/python bench/bert_fresh_layer.py --out target/bert-fresh --batch 8
    for v in init random; do
      target/release/tx8c target/bert-fresh/$v/model.onnx -o target/bert-fresh/$v/out \\
        --run --inputs target/bert-fresh/$v/inputs.npz --compare target/bert-fresh/$v/ref.npz
    done

Measured (batch 8, seq 128, bf16, 2 December 2026): both exports compile
to the same 6 groups (each layer norm one LayerNorm op, the softmax one
Softmax op) and pass --compare (cosine 0.999992, 47.9 dB):

    init   (scale ones, bias zeros)  375736 cycles, 30.3% of the roofline
    random (non-trivial LN weights)  376780 cycles, 30.2% of the roofline

(roofline 113664 cycles, NE-bound, for both.)

Needs torch and transformers (HF_HUB_OFFLINE=1: the model comes from a
config, no download). The whole BertModel export carries the mask
arithmetic of transformers' SDPA path; the encoder layer module alone with a
float additive mask [b, 1, 1, s] is what the layer computes.
"""

import argparse
import os

import numpy as np

os.environ.setdefault("HF_HUB_OFFLINE", "1")

import onnxruntime as ort  # noqa: E402
import torch  # noqa: E402
from transformers import BertConfig, BertModel  # noqa: E402


class Layer(torch.nn.Module):
    """`model.encoder.layer[0]` with a float additive attention mask."""

    def __init__(self, layer):
        super().__init__()
        self.layer = layer

    def forward(self, hidden, mask):
        out = self.layer(hidden, attention_mask=mask)
        return out[0] if isinstance(out, (tuple, list)) else out


def export(out_dir, batch, seq, randomise_ln, seed):
    torch.manual_seed(seed)
    cfg = BertConfig(hidden_size=768, num_hidden_layers=1, num_attention_heads=12,
                     intermediate_size=3072, attn_implementation="eager")
    model = BertModel(cfg).eval()
    layer = model.encoder.layer[0]
    if randomise_ln:
        g = torch.Generator().manual_seed(seed + 1)
        for m in layer.modules():
            if isinstance(m, torch.nn.LayerNorm):
                with torch.no_grad():
                    m.weight.copy_(1.0 + 0.2 * torch.randn(m.weight.shape, generator=g))
                    m.bias.copy_(0.1 * torch.randn(m.bias.shape, generator=g))
    module = Layer(layer).eval()
    rng = np.random.default_rng(seed)
    hidden = rng.standard_normal((batch, seq, 768)).astype(np.float32)
    # The last quarter of each sequence is padding: -10000 where masked.
    keep = np.ones((batch, seq), np.float32)
    keep[:, seq * 3 // 4:] = 0.0
    mask = ((1.0 - keep) * -10000.0).reshape(batch, 1, 1, seq).astype(np.float32)
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, "model.onnx")
    with torch.no_grad():
        torch.onnx.export(module, (torch.from_numpy(hidden), torch.from_numpy(mask)), path,
                          input_names=["hidden", "mask"], output_names=["out"],
                          opset_version=17, dynamo=False)
    sess = ort.InferenceSession(path, providers=["CPUExecutionProvider"])
    (ref,) = sess.run(None, {"hidden": hidden, "mask": mask})
    np.savez(os.path.join(out_dir, "inputs.npz"), hidden=hidden, mask=mask)
    np.savez(os.path.join(out_dir, "ref.npz"), out=ref)
    print(f"{out_dir}: {path}, ref {ref.shape}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default="target/bert-fresh")
    ap.add_argument("--batch", type=int, default=8)
    ap.add_argument("--seq", type=int, default=128)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    export(os.path.join(args.out, "init"), args.batch, args.seq, False, args.seed)
    export(os.path.join(args.out, "random"), args.batch, args.seq, True, args.seed)


if __name__ == "__main__":
    main()
