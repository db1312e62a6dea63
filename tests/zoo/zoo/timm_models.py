"""timm models outside torchvision's families (timm 1.0, pretrained=False).

Full size: `timm.create_model(NAME)` with its 1000 classes at the input size
of its default pretrained config, batch 1. ci size: the same class with
small widths and depths (timm's create_model kwargs, or the model class
itself where the variant's function fixes those arguments), 10 classes,
32x32 images (64x64 for MobileViT and CoAtNet). BatchNorm statistics are
averaged over 4 train-mode passes on random images, as for torchvision.

Models are exported as created: FastViT and MobileOne-style
reparameterisable blocks keep their training-time branches.
"""

import dataclasses

import timm
from timm.layers import GroupNorm1
from timm.models import byobnet, convmixer, ghostnet, maxxvit, metaformer, mlp_mixer, mobilevit
from torch import nn

from .common import Built, Spec, calibrate_batchnorm, image_batch_maker, image_input

CI_CLASSES = 10


def zero_head(model):
    head = model.get_classifier()
    return isinstance(head, nn.Linear) and not bool(head.weight.detach().abs().sum())


def _finish(ctx, model, hw, notes=()):
    notes = list(notes)
    if zero_head(model):
        random_head(model)
        notes.append("classifier head re-initialised randomly (timm starts it at zero)")
    batch = ctx.pick(8, 2)
    calibrate_batchnorm(model, image_batch_maker(ctx, (batch, 3, hw, hw)), passes=4)
    return Built(model.eval(), image_input(ctx, (1, 3, hw, hw)), notes=notes, output_names=["logits"])


def _full(ctx, name, **kwargs):
    model = timm.create_model(name, pretrained=False, **kwargs)
    hw = model.pretrained_cfg["input_size"][-1]
    return _finish(ctx, model, hw, [f"full: timm.create_model('{name}') at {hw}x{hw}"])


def created(full_name, ci_kwargs, ci_hw=32, ci_name=None):
    """A model both sizes build through timm.create_model."""

    def build(ctx):
        if not ctx.ci:
            return _full(ctx, full_name)
        name = ci_name or full_name
        model = timm.create_model(name, pretrained=False, num_classes=CI_CLASSES, **ci_kwargs)
        args = ", ".join(f"{k}={v}" for k, v in ci_kwargs.items())
        return _finish(ctx, model, ci_hw, [f"ci: timm.create_model('{name}', {args})"])

    return build


def constructed(full_name, make_ci, ci_hw, ci_note):
    """A model whose ci size is built from its class (make_ci() -> module)."""

    def build(ctx):
        if not ctx.ci:
            return _full(ctx, full_name)
        return _finish(ctx, make_ci(), ci_hw, ["ci: " + ci_note])

    return build


def small_ghostnet():
    # kernel, expansion, out channels, SE ratio, stride (one block per stage)
    cfgs = [[[3, 16, 16, 0, 1]], [[3, 48, 24, 0, 2]], [[5, 72, 40, 0.25, 2]], [[3, 120, 48, 0.25, 1]],
            [[5, 240, 80, 0.25, 2]]]
    return ghostnet.GhostNet(cfgs, num_classes=CI_CLASSES, width=0.25)


def small_poolformer():
    # poolformer_s12's block options (GroupNorm1, layer scale, no MLP head) at small sizes.
    return metaformer.MetaFormer(depths=(1, 1, 1, 1), dims=(8, 16, 32, 64), downsample_norm=None,
                                 mlp_act=nn.GELU, mlp_bias=True, norm_layers=GroupNorm1,
                                 layer_scale_init_values=1e-5, res_scale_init_values=None, use_mlp_head=False,
                                 num_classes=CI_CLASSES)


def small_mixer():
    return mlp_mixer.MlpMixer(num_classes=CI_CLASSES, img_size=32, patch_size=8, num_blocks=2, embed_dim=32)


def random_head(model):
    """timm zero-initialises some classifier heads (MLP-Mixer's): logits would be 0."""
    head = model.get_classifier()
    nn.init.normal_(head.weight, std=head.in_features ** -0.5)
    nn.init.zeros_(head.bias)
    return model


def small_convmixer():
    return convmixer.ConvMixer(dim=32, depth=2, kernel_size=5, patch_size=4, num_classes=CI_CLASSES)


def small_mobilevit():
    ir, mv = mobilevit._inverted_residual_block, mobilevit._mobilevit_block
    cfg = byobnet.ByoModelCfg(
        blocks=(ir(d=1, c=8, s=1, br=2.0), ir(d=1, c=16, s=2, br=2.0),
                mv(d=1, c=24, s=2, transformer_dim=32, transformer_depth=1, patch_size=2, br=2.0),
                mv(d=1, c=32, s=2, transformer_dim=32, transformer_depth=1, patch_size=2, br=2.0)),
        stem_chs=8, stem_type="3x3", stem_pool="", downsample="", act_layer="silu", num_features=64)
    return byobnet.ByobNet(cfg, num_classes=CI_CLASSES)


def small_coatnet():
    base = maxxvit.model_cfgs["coatnet_0_rw"]
    cfg = dataclasses.replace(base, embed_dim=(16, 24, 32, 48), depths=(1, 1, 1, 1), stem_width=(8, 16),
                              transformer_cfg=dataclasses.replace(base.transformer_cfg, dim_head=8))
    return maxxvit.MaxxVit(cfg, img_size=64, num_classes=CI_CLASSES)


def specs():
    s = []

    def add(name, family, build, notes=()):
        s.append(Spec(f"timm-{name}", "timm", family, build, notes=list(notes)))

    add("ghostnet", "ghostnet", constructed("ghostnet_100", small_ghostnet, 32,
                                            "GhostNet(5 one-block stages, width 0.25)"))
    add("rexnet", "rexnet", created("rexnet_100", dict(width_mult=0.125, depth_mult=0.25)))
    add("poolformer", "poolformer", constructed("poolformer_s12", small_poolformer, 32,
                                                "MetaFormer with poolformer_s12's options, depths 1x4, dims 8..64"))
    add("levit", "levit", created("levit_128s", dict(img_size=32, embed_dim=(16, 32, 48), key_dim=8,
                                                     depth=(1, 1, 1), num_heads=(2, 2, 2))))
    add("cait", "cait", created("cait_xxs24_224", dict(img_size=32, patch_size=8, embed_dim=32, depth=2, num_heads=2,
                                                       depth_token_only=1)))
    add("xcit", "xcit", created("xcit_nano_12_p16_224", dict(img_size=32, embed_dim=32, depth=2, num_heads=2)))
    add("mixer", "mlp_mixer", constructed("mixer_b16_224", small_mixer, 32, "MlpMixer(patch 8, 2 blocks, dim 32)"))
    add("res2net", "res2net", created("res2net50_26w_4s", dict(layers=[1, 1, 1, 1], channels=(8, 8, 16, 32),
                                                               stem_width=8)))
    add("edgenext", "edgenext", created("edgenext_xx_small", dict(depths=(1, 1, 1, 1), dims=(8, 16, 32, 64),
                                                                  heads=(1, 1, 1, 1))))
    add("fastvit", "fastvit", created("fastvit_t8", dict(layers=(1, 1, 1, 1), embed_dims=(8, 16, 32, 64))),
        ["exported unreparameterised (training-time branches)"])
    add("deit3", "deit3", created("deit3_small_patch16_224", dict(img_size=32, patch_size=8, embed_dim=32, depth=2,
                                                                  num_heads=2)))
    add("dla", "dla", created("dla34", dict(levels=(1, 1, 1, 1, 1, 1), channels=(8, 8, 8, 16, 16, 32))))
    add("pit", "pit", created("pit_ti_224", dict(img_size=32, patch_size=4, stride=2, base_dims=[8, 8, 8],
                                                 depth=[1, 1, 1], heads=[1, 2, 4])))
    add("beit", "beit", created("beit_base_patch16_224", dict(img_size=32, patch_size=8, embed_dim=32, depth=2,
                                                              num_heads=2)))
    add("eva02", "eva", created("eva02_tiny_patch14_224", dict(img_size=28, patch_size=14, embed_dim=32, depth=2,
                                                               num_heads=2), ci_hw=28))
    add("mobilevit", "mobilevit", constructed("mobilevit_s", small_mobilevit, 64,
                                              "ByobNet with MobileViT blocks (widths 8..32, transformer dim 32)"))
    add("coatnet", "coatnet", constructed("coatnet_0_rw_224", small_coatnet, 64,
                                          "MaxxVit(coatnet_0_rw's config, dims 16..48, depths 1x4, dim_head 8)"))
    add("convmixer", "convmixer", constructed("convmixer_768_32", small_convmixer, 32,
                                              "ConvMixer(dim 32, depth 2, kernel 5, patch 4)"))
    add("inception-next", "inception_next", created("inception_next_tiny", dict(depths=(1, 1, 1, 1),
                                                                                dims=(8, 16, 32, 64))))
    add("mambaout", "mambaout", created("mambaout_femto", dict(depths=(1, 1, 1, 1), dims=(8, 16, 32, 64))))
    return s
