"""transformers models (transformers 5.x), built from config objects.

Text models: BERT, RoBERTa, DistilBERT, ALBERT (base models, no head) and
GPT-2, LLaMA, Mistral, Qwen2 (ForCausalLM: logits; `use_cache=False`, no KV
cache). Each in variants `mask`/`nomask` (with or without `attention_mask`
as a graph input; the mask's second row ends in padding zeros, and the ids
there are the pad token) times `eager`/`sdpa` attention. Vision and audio:
ViT and DeiT (ForImageClassification: logits) and the Whisper encoder
(last_hidden_state), each `eager`/`sdpa`.

ci: vocab 100, hidden 16, 2 heads of 8, 2 layers, intermediate 64, batch
2 x sequence 16 (Mistral's sliding window 8, so it matters; LLaMA, Mistral
and Qwen2 with 2 query heads and 1 key/value head). full: the standard base configs (bert-base,
roberta-base, distilbert-base, albert-base-v2, gpt2, vit-base, deit-base,
whisper-base's encoder) at batch 1 x sequence 128; LLaMA as TinyLlama-1.1B
and Qwen2 as Qwen2-0.5B with 2 layers, Mistral as Mistral-7B with 1 layer
(2 would be 2.3 GB). At full size the text models get the variants
mask-sdpa and nomask-eager only (all four with --all-variants): each file is
0.3-1.4 GB.

Every module is wrapped (`Call`) so the exporters see positional tensor
inputs and a tuple of tensor outputs; the outputs keep the ModelOutput's
field names.
"""

import numpy as np
import torch
import transformers as tf
from torch import nn
from transformers.models.whisper.modeling_whisper import WhisperEncoder

from .common import Built, Spec

ATTENTION = ("eager", "sdpa")
MASKS = ("mask", "nomask")
FULL_VARIANTS = {("mask", "sdpa"), ("nomask", "eager")}


class Call(nn.Module):
    """Calls a transformers model with keyword inputs given positionally and
    returns its ModelOutput's tensors as a tuple."""

    def __init__(self, model, input_names, fixed=None):
        super().__init__()
        self.model = model
        self.input_names = list(input_names)
        self.fixed = dict(fixed or {})

    def forward(self, *tensors):
        out = self.model(**dict(zip(self.input_names, tensors)), **self.fixed)
        return tuple(v for v in out.values() if isinstance(v, torch.Tensor))


def _output_names(call, inputs):
    with torch.no_grad():
        out = call.model(**{k: torch.from_numpy(v) for k, v in inputs.items()}, **call.fixed)
    return [k for k, v in out.items() if isinstance(v, torch.Tensor)]


# ------------------------------------------------------------------- configs

CI_TEXT = dict(vocab_size=100, hidden_size=16, num_hidden_layers=2, num_attention_heads=2, intermediate_size=64,
               max_position_embeddings=64)
CI_DECODER = dict(CI_TEXT, num_attention_heads=2, num_key_value_heads=1)


def cfg_bert(ctx):
    return tf.BertConfig(**CI_TEXT) if ctx.ci else tf.BertConfig()


def cfg_roberta(ctx):
    # RoBERTa's positions start after its pad id (1): 2 more than the sequence.
    return tf.RobertaConfig(**dict(CI_TEXT, max_position_embeddings=66)) if ctx.ci else \
        tf.RobertaConfig(max_position_embeddings=514, type_vocab_size=1, layer_norm_eps=1e-5)


def cfg_distilbert(ctx):
    if ctx.ci:
        return tf.DistilBertConfig(vocab_size=100, dim=16, n_layers=2, n_heads=2, hidden_dim=64,
                                   max_position_embeddings=64)
    return tf.DistilBertConfig()


def cfg_albert(ctx):
    if ctx.ci:
        return tf.AlbertConfig(**CI_TEXT, embedding_size=8)
    # albert-base-v2 (AlbertConfig() is xxlarge).
    return tf.AlbertConfig(hidden_size=768, num_attention_heads=12, intermediate_size=3072, embedding_size=128)


def cfg_gpt2(ctx):
    if ctx.ci:
        return tf.GPT2Config(vocab_size=100, n_positions=64, n_embd=16, n_layer=2, n_head=2, use_cache=False)
    return tf.GPT2Config(use_cache=False)


def cfg_llama(ctx):
    if ctx.ci:
        return tf.LlamaConfig(**CI_DECODER, use_cache=False)
    # TinyLlama-1.1B's shape (the Llama 2 architecture), 2 of its 22 layers.
    return tf.LlamaConfig(vocab_size=32000, hidden_size=2048, intermediate_size=5632, num_hidden_layers=2,
                          num_attention_heads=32, num_key_value_heads=4, max_position_embeddings=2048,
                          rms_norm_eps=1e-5, use_cache=False)


def cfg_mistral(ctx):
    if ctx.ci:
        return tf.MistralConfig(**CI_DECODER, sliding_window=8, use_cache=False)
    # Mistral-7B's shape with 1 of its 32 layers (2 layers make a 2.3 GB file).
    return tf.MistralConfig(num_hidden_layers=1, use_cache=False)


def cfg_qwen2(ctx):
    if ctx.ci:
        return tf.Qwen2Config(**CI_DECODER, tie_word_embeddings=True, use_cache=False)
    # Qwen2-0.5B's shape, 2 of its 24 layers.
    return tf.Qwen2Config(vocab_size=151936, hidden_size=896, intermediate_size=4864, num_hidden_layers=2,
                          num_attention_heads=14, num_key_value_heads=2, max_position_embeddings=32768,
                          rope_theta=1000000.0, rms_norm_eps=1e-6, tie_word_embeddings=True, use_cache=False)


CI_VISION = dict(image_size=32, patch_size=8, hidden_size=16, num_hidden_layers=2, num_attention_heads=2,
                 intermediate_size=64, num_labels=10)


def cfg_vit(ctx):
    return tf.ViTConfig(**CI_VISION) if ctx.ci else tf.ViTConfig(num_labels=1000)


def cfg_deit(ctx):
    return tf.DeiTConfig(**CI_VISION) if ctx.ci else tf.DeiTConfig(num_labels=1000)


def cfg_whisper(ctx):
    if ctx.ci:
        return tf.WhisperConfig(vocab_size=100, d_model=16, encoder_layers=2, encoder_attention_heads=2,
                                encoder_ffn_dim=64, decoder_layers=1, decoder_attention_heads=2, decoder_ffn_dim=64,
                                num_mel_bins=16, max_source_positions=16, max_target_positions=16)
    # whisper-base.
    return tf.WhisperConfig(d_model=512, encoder_layers=6, encoder_attention_heads=8, encoder_ffn_dim=2048,
                            decoder_layers=6, decoder_attention_heads=8, decoder_ffn_dim=2048)


# (name, family, class, config, head description, decoder?)
TEXT = [
    ("bert", "BERT", tf.BertModel, cfg_bert, "BertModel (no head)", False),
    ("roberta", "RoBERTa", tf.RobertaModel, cfg_roberta, "RobertaModel (no head)", False),
    ("distilbert", "DistilBERT", tf.DistilBertModel, cfg_distilbert, "DistilBertModel (no head)", False),
    ("albert", "ALBERT", tf.AlbertModel, cfg_albert, "AlbertModel (no head)", False),
    ("gpt2", "GPT-2", tf.GPT2LMHeadModel, cfg_gpt2, "GPT2LMHeadModel (logits)", True),
    ("llama", "LLaMA", tf.LlamaForCausalLM, cfg_llama, "LlamaForCausalLM (logits)", True),
    ("mistral", "Mistral", tf.MistralForCausalLM, cfg_mistral, "MistralForCausalLM (logits)", True),
    ("qwen2", "Qwen2", tf.Qwen2ForCausalLM, cfg_qwen2, "Qwen2ForCausalLM (logits)", True),
]

VISION = [
    ("vit", "ViT", tf.ViTForImageClassification, cfg_vit, "ViTForImageClassification (logits)"),
    ("deit", "DeiT", tf.DeiTForImageClassification, cfg_deit, "DeiTForImageClassification (logits)"),
]


def _model(cls, config, attention):
    model = cls._from_config(config, attn_implementation=attention)
    assert model.config._attn_implementation == attention, (cls.__name__, model.config._attn_implementation)
    return model.eval()


def _text_inputs(ctx, config, with_mask):
    batch, seq = ctx.pick((2, 16), (1, 128))
    pad_len = ctx.pick(4, 16)
    pad = config.pad_token_id if config.pad_token_id is not None else 0
    # Ids above the special ids (RoBERTa's positions count tokens != its pad id 1).
    ids = ctx.rng.integers(3, config.vocab_size, size=(batch, seq), dtype=np.int64)
    mask = np.ones((batch, seq), dtype=np.int64)
    mask[-1, seq - pad_len:] = 0
    ids[-1, seq - pad_len:] = pad
    inputs = {"input_ids": ids}
    if with_mask:
        inputs["attention_mask"] = mask
    return inputs


def text_builder(cls, make_config, head, decoder, with_mask, attention):
    def build(ctx):
        config = make_config(ctx)
        inputs = _text_inputs(ctx, config, with_mask)
        fixed = {"use_cache": False} if decoder else {}
        call = Call(_model(cls, config, attention), inputs, fixed)
        notes = [f"attn_implementation={attention}", "attention_mask input" if with_mask else
                 "no attention_mask input (ids still end in pad ids in the last row)"]
        batch, seq = inputs["input_ids"].shape
        padding = int((inputs["input_ids"][-1] == (config.pad_token_id or 0)).sum())
        notes.append(f"batch {batch}, sequence {seq}, the last row ends in {padding} pad positions")
        return Built(call, inputs, notes=notes, output_names=_output_names(call, inputs), head=head)

    return build


def vision_builder(cls, make_config, head, attention):
    def build(ctx):
        config = make_config(ctx)
        inputs = {"pixel_values": ctx.rng.standard_normal((1, 3, config.image_size, config.image_size))
                  .astype(np.float32)}
        call = Call(_model(cls, config, attention), inputs)
        return Built(call, inputs, notes=[f"attn_implementation={attention}"],
                     output_names=_output_names(call, inputs), head=head)

    return build


def whisper_builder(attention):
    def build(ctx):
        config = cfg_whisper(ctx)
        model = WhisperEncoder._from_config(config, attn_implementation=attention).eval()
        frames = 2 * config.max_source_positions
        inputs = {"input_features": ctx.rng.standard_normal((1, config.num_mel_bins, frames)).astype(np.float32)}
        call = Call(model, inputs)
        return Built(call, inputs, notes=[f"attn_implementation={attention}"],
                     output_names=_output_names(call, inputs), head="WhisperEncoder (last_hidden_state)")

    return build


def specs(size="ci", all_variants=False):
    s = []
    for name, family, cls, cfg, head, decoder in TEXT:
        for mask in MASKS:
            for attention in ATTENTION:
                spec = Spec(f"hf-{name}-{mask}-{attention}", "transformers", family,
                            text_builder(cls, cfg, head, decoder, mask == "mask", attention), seed_key=f"hf-{name}")
                if size == "full" and not all_variants and (mask, attention) not in FULL_VARIANTS:
                    continue
                s.append(spec)
    for name, family, cls, cfg, head in VISION:
        for attention in ATTENTION:
            s.append(Spec(f"hf-{name}-{attention}", "transformers", family, vision_builder(cls, cfg, head, attention),
                          seed_key=f"hf-{name}"))
    for attention in ATTENTION:
        s.append(Spec(f"hf-whisper-encoder-{attention}", "transformers", "Whisper", whisper_builder(attention),
                      seed_key="hf-whisper-encoder"))
    return s

