"""torchvision's classification families (torchvision 0.29, weights=None).

Full size: the standard builder (`resnet18()`, `efficientnet_v2_s()`, ...)
at the input size of its weights' transforms, batch 1, 1000 classes. ci
size: the family's real class with reduced constructor arguments, 10
classes, 32x32 images (64x64 for GoogLeNet, 80x80 for Inception v3, whose
stems need it; 56x56 for VGG and 224x224 for AlexNet, whose adaptive pools
then do nothing, as at full size). Where a class hard-codes widths that no
argument reduces (ResNet's 64..512 planes, VGG's and AlexNet's 4096-wide
classifiers, SqueezeNet's Fire stack, GoogLeNet's and Inception v3's
widths), ci replaces that sub-module with a small instance of the same
torch layers, or scales the channel counts through the class's own block
factories; each spec's notes say which.

Every model's BatchNorm statistics are averaged over 4 train-mode passes on
random images (common.calibrate_batchnorm), then the model is put in eval.
"""

import functools
import importlib
import math

from torch import nn
from torchvision import models as tvm
from torchvision.models import (convnext, densenet, efficientnet, inception, maxvit, mnasnet,
                                mobilenetv2, mobilenetv3, regnet, resnet, shufflenetv2, squeezenet,
                                swin_transformer, vgg, vision_transformer)

# torchvision.models.googlenet is the builder function; the module is this.
googlenet = importlib.import_module("torchvision.models.googlenet")

from .common import Built, Spec, calibrate_batchnorm, image_batch_maker, image_input

CI_CLASSES = 10
CALIBRATION_PASSES = 4


def _finish(ctx, model, ci_hw, full_hw, notes=(), grad=False):
    """Calibrates BN on random images of the model's size and draws its input."""
    hw = ctx.pick(ci_hw, full_hw)
    batch = ctx.pick(8, 2)
    calibrate_batchnorm(model, image_batch_maker(ctx, (batch, 3, hw, hw)), CALIBRATION_PASSES)
    return Built(model.eval(), image_input(ctx, (1, 3, hw, hw)), notes=list(notes), grad=grad,
                 output_names=["logits"])


# ------------------------------------------------------------------- ResNets


def _init_like_resnet(module):
    for m in module.modules():
        if isinstance(m, nn.Conv2d):
            nn.init.kaiming_normal_(m.weight, mode="fan_out", nonlinearity="relu")
        elif isinstance(m, (nn.BatchNorm2d, nn.GroupNorm)):
            nn.init.constant_(m.weight, 1)
            nn.init.constant_(m.bias, 0)


def _small_resnet(block, layers, widths, groups=1, width_per_group=64):
    """torchvision's ResNet with its stem, stages and fc rebuilt by the
    class's own _make_layer at `widths` (the class hard-codes 64..512)."""
    model = resnet.ResNet(block, [1, 1, 1, 1], num_classes=CI_CLASSES, groups=groups,
                          width_per_group=width_per_group)
    model.inplanes = widths[0]
    model.dilation = 1
    model.conv1 = nn.Conv2d(3, widths[0], kernel_size=7, stride=2, padding=3, bias=False)
    model.bn1 = nn.BatchNorm2d(widths[0])
    model.layer1 = model._make_layer(block, widths[0], layers[0])
    model.layer2 = model._make_layer(block, widths[1], layers[1], stride=2)
    model.layer3 = model._make_layer(block, widths[2], layers[2], stride=2)
    model.layer4 = model._make_layer(block, widths[3], layers[3], stride=2)
    model.fc = nn.Linear(widths[3] * block.expansion, CI_CLASSES)
    _init_like_resnet(model)
    return model


RESNET_NOTE = ("ci: ResNet's stem, layer1-4 and fc rebuilt by ResNet._make_layer at planes {} "
               "(the class hard-codes planes 64..512)")


def build_resnet18(ctx):
    if ctx.ci:
        widths = (8, 16, 32, 64)
        return _finish(ctx, _small_resnet(resnet.BasicBlock, [1, 1, 1, 1], widths), 32, 224,
                       [RESNET_NOTE.format(widths) + ", BasicBlock x [1,1,1,1]"])
    return _finish(ctx, tvm.resnet18(weights=None), 32, 224)


def build_resnet50(ctx):
    if ctx.ci:
        widths = (4, 8, 16, 32)
        return _finish(ctx, _small_resnet(resnet.Bottleneck, [1, 1, 1, 1], widths), 32, 224,
                       [RESNET_NOTE.format(widths) + ", Bottleneck x [1,1,1,1]"])
    return _finish(ctx, tvm.resnet50(weights=None), 32, 224)


def build_resnext(ctx):
    if ctx.ci:
        widths = (8, 16, 16, 32)
        return _finish(ctx, _small_resnet(resnet.Bottleneck, [1, 1, 1, 1], widths, groups=4, width_per_group=16),
                       32, 224, [RESNET_NOTE.format(widths) + ", Bottleneck x [1,1,1,1], groups 4, width_per_group 16"])
    return _finish(ctx, tvm.resnext50_32x4d(weights=None), 32, 224)


def build_wide_resnet(ctx):
    if ctx.ci:
        widths = (4, 8, 16, 32)
        return _finish(ctx, _small_resnet(resnet.Bottleneck, [1, 1, 1, 1], widths, width_per_group=128),
                       32, 224, [RESNET_NOTE.format(widths) + ", Bottleneck x [1,1,1,1], width_per_group 128"])
    return _finish(ctx, tvm.wide_resnet50_2(weights=None), 32, 224)


# --------------------------------------------------------------- MobileNets


def build_mobilenet_v2(ctx):
    if ctx.ci:
        # t, c, n, s: the standard setting with one block per stage.
        setting = [[1, 16, 1, 1], [6, 24, 1, 2], [6, 32, 1, 2], [6, 64, 1, 2], [6, 96, 1, 1], [6, 160, 1, 2],
                   [6, 320, 1, 1]]
        model = mobilenetv2.MobileNetV2(num_classes=CI_CLASSES, width_mult=0.25, inverted_residual_setting=setting)
        return _finish(ctx, model, 32, 224, ["ci: width_mult 0.25, one block per stage"])
    return _finish(ctx, tvm.mobilenet_v2(weights=None), 32, 224)


def _mobilenet_v3(ctx, arch, width):
    if ctx.ci:
        setting, last = mobilenetv3._mobilenet_v3_conf(arch, width_mult=width)
        model = mobilenetv3.MobileNetV3(setting, last, num_classes=CI_CLASSES)
        return _finish(ctx, model, 32, 224, [f"ci: width_mult {width}"])
    return _finish(ctx, getattr(tvm, arch)(weights=None), 32, 224)


def build_mobilenet_v3_small(ctx):
    return _mobilenet_v3(ctx, "mobilenet_v3_small", 0.25)


def build_mobilenet_v3_large(ctx):
    return _mobilenet_v3(ctx, "mobilenet_v3_large", 0.125)


# ------------------------------------------------------------ EfficientNets


def build_efficientnet(ctx):
    if ctx.ci:
        setting, last = efficientnet._efficientnet_conf("efficientnet_b0", width_mult=0.25, depth_mult=0.25)
        model = efficientnet.EfficientNet(setting, dropout=0.2, last_channel=last, num_classes=CI_CLASSES)
        return _finish(ctx, model, 32, 224, ["ci: efficientnet_b0's setting at width_mult 0.25, depth_mult 0.25"])
    return _finish(ctx, tvm.efficientnet_b0(weights=None), 32, 224)


def build_efficientnet_v2(ctx):
    if ctx.ci:
        F, M = efficientnet.FusedMBConvConfig, efficientnet.MBConvConfig
        # expand, kernel, stride, in, out, layers: v2_s's pattern, narrow and shallow.
        setting = [F(1, 3, 1, 8, 8, 1), F(4, 3, 2, 8, 16, 1), M(4, 3, 2, 16, 24, 1), M(6, 3, 1, 24, 32, 1)]
        model = efficientnet.EfficientNet(setting, dropout=0.2, last_channel=128, num_classes=CI_CLASSES)
        return _finish(ctx, model, 32, 384, ["ci: FusedMBConv x2 + MBConv x2 (widths 8..32), last_channel 128"])
    return _finish(ctx, tvm.efficientnet_v2_s(weights=None), 32, 384)


# ---------------------------------------------------------- other CNNs


def build_regnet(ctx):
    if ctx.ci:
        params = regnet.BlockParams.from_init_params(depth=3, w_0=8, w_a=8.0, w_m=2.0, group_width=8, se_ratio=0.25)
        model = regnet.RegNet(params, num_classes=CI_CLASSES, stem_width=8)
        return _finish(ctx, model, 32, 224, ["ci: BlockParams depth 3, w_0 8, w_a 8, w_m 2, group_width 8, SE 0.25"])
    return _finish(ctx, tvm.regnet_y_400mf(weights=None), 32, 224)


def build_convnext(ctx):
    if ctx.ci:
        C = convnext.CNBlockConfig
        model = convnext.ConvNeXt([C(16, 32, 1), C(32, None, 1)], num_classes=CI_CLASSES)
        return _finish(ctx, model, 32, 224, ["ci: two stages (16, 32 channels), one block each"])
    return _finish(ctx, tvm.convnext_tiny(weights=None), 32, 224)


def build_densenet(ctx):
    if ctx.ci:
        model = densenet.DenseNet(growth_rate=8, block_config=(2, 2), num_init_features=16, bn_size=2,
                                  num_classes=CI_CLASSES)
        return _finish(ctx, model, 32, 224, ["ci: growth_rate 8, block_config (2, 2), 16 init features, bn_size 2"])
    return _finish(ctx, tvm.densenet121(weights=None), 32, 224)


def build_squeezenet(ctx):
    if ctx.ci:
        model = squeezenet.SqueezeNet(version="1_1", num_classes=CI_CLASSES)
        model.features = nn.Sequential(
            nn.Conv2d(3, 16, kernel_size=3, stride=2), nn.ReLU(inplace=True),
            nn.MaxPool2d(kernel_size=3, stride=2, ceil_mode=True),
            squeezenet.Fire(16, 4, 8, 8), squeezenet.Fire(16, 4, 8, 8),
            nn.MaxPool2d(kernel_size=3, stride=2, ceil_mode=True),
            squeezenet.Fire(16, 8, 16, 16))
        final = nn.Conv2d(32, CI_CLASSES, kernel_size=1)
        model.classifier[1] = final
        for m in model.modules():  # SqueezeNet's own init
            if isinstance(m, nn.Conv2d):
                if m is final:
                    nn.init.normal_(m.weight, mean=0.0, std=0.01)
                else:
                    nn.init.kaiming_uniform_(m.weight)
                nn.init.constant_(m.bias, 0)
        return _finish(ctx, model, 32, 224, [
            "ci: SqueezeNet 1_1 with its features replaced by conv 3->16, two Fire(16,4,8,8), Fire(16,8,16,16) "
            "and the final conv by 32->10 (the class hard-codes Fire widths up to 512)"])
    return _finish(ctx, tvm.squeezenet1_1(weights=None), 32, 224)


def build_shufflenet(ctx):
    if ctx.ci:
        model = shufflenetv2.ShuffleNetV2([1, 1, 1], [8, 16, 32, 64, 128], num_classes=CI_CLASSES)
        return _finish(ctx, model, 32, 224, ["ci: stages_repeats [1,1,1], stages_out_channels [8,16,32,64,128]"])
    return _finish(ctx, tvm.shufflenet_v2_x1_0(weights=None), 32, 224)


def build_mnasnet(ctx):
    if ctx.ci:
        return _finish(ctx, mnasnet.MNASNet(0.125, num_classes=CI_CLASSES), 32, 224, ["ci: alpha 0.125"])
    return _finish(ctx, tvm.mnasnet1_0(weights=None), 32, 224)


def _scaled_conv(factor):
    """A conv_block factory for GoogLeNet/Inception3 dividing every channel
    count but the image's 3 by `factor` (their widths are hard-coded)."""

    def make(block):
        def conv(in_channels, out_channels, **kwargs):
            cin = in_channels if in_channels == 3 else in_channels // factor
            return block(cin, out_channels // factor, **kwargs)

        return conv

    return make


def build_googlenet(ctx):
    if ctx.ci:
        conv = _scaled_conv(8)(googlenet.BasicConv2d)
        blocks = [conv, functools.partial(googlenet.Inception, conv_block=conv), googlenet.InceptionAux]
        model = googlenet.GoogLeNet(num_classes=CI_CLASSES, aux_logits=False, init_weights=True, blocks=blocks)
        model.fc = nn.Linear(1024 // 8, CI_CLASSES)
        nn.init.trunc_normal_(model.fc.weight, mean=0.0, std=0.01, a=-2, b=2)
        return _finish(ctx, model, 64, 224, [
            "ci: every conv's channels divided by 8 through GoogLeNet's blocks= factories, fc 128->10 "
            "(the class hard-codes its widths); no aux heads"])
    return _finish(ctx, tvm.googlenet(weights=None, aux_logits=False, init_weights=True), 64, 224,
                   ["no aux heads (aux_logits=False)"])


def build_inception_v3(ctx):
    if ctx.ci:
        conv = _scaled_conv(16)(inception.BasicConv2d)

        def with_conv(cls):
            return functools.partial(cls, conv_block=conv)

        blocks = [conv] + [with_conv(c) for c in (inception.InceptionA, inception.InceptionB, inception.InceptionC,
                                                    inception.InceptionD, inception.InceptionE)] + [inception.InceptionAux]
        model = inception.Inception3(num_classes=CI_CLASSES, aux_logits=False, init_weights=True,
                                     inception_blocks=blocks)
        model.fc = nn.Linear(2048 // 16, CI_CLASSES)
        nn.init.trunc_normal_(model.fc.weight, mean=0.0, std=0.1, a=-2, b=2)
        return _finish(ctx, model, 80, 299, [
            "ci: every conv's channels divided by 16 through Inception3's inception_blocks= factories, fc 128->10 "
            "(the class hard-codes its widths); no aux head; 80x80 input (the stem needs >= 75)"])
    return _finish(ctx, tvm.inception_v3(weights=None, aux_logits=False, init_weights=True), 80, 299,
                   ["no aux head (aux_logits=False)"])


def _init_like_vgg(module):
    for m in module.modules():
        if isinstance(m, nn.Conv2d):
            nn.init.kaiming_normal_(m.weight, mode="fan_out", nonlinearity="relu")
            nn.init.constant_(m.bias, 0)
        elif isinstance(m, nn.Linear):
            nn.init.normal_(m.weight, 0, 0.01)
            nn.init.constant_(m.bias, 0)


def build_vgg(ctx):
    if ctx.ci:
        cfg = [8, "M", 16, "M", 32, 32, "M"]
        model = vgg.VGG(vgg.make_layers(cfg, batch_norm=False), num_classes=CI_CLASSES)
        model.classifier = nn.Sequential(
            nn.Linear(32 * 7 * 7, 64), nn.ReLU(True), nn.Dropout(),
            nn.Linear(64, 64), nn.ReLU(True), nn.Dropout(),
            nn.Linear(64, CI_CLASSES))
        _init_like_vgg(model.classifier)
        return _finish(ctx, model, 56, 224, [
            f"ci: features = make_layers({cfg}); classifier replaced by Linear 1568->64->64->10 "
            "(the class hard-codes 25088->4096->4096); 56x56 input, so the features are 7x7 as at 224 "
            "(the TorchScript exporter refuses an adaptive pool from 4x4 to 7x7)"])
    return _finish(ctx, tvm.vgg16(weights=None), 56, 224)


def build_alexnet(ctx):
    if ctx.ci:
        model = tvm.AlexNet(num_classes=CI_CLASSES)
        model.features = nn.Sequential(
            nn.Conv2d(3, 8, kernel_size=11, stride=4, padding=2), nn.ReLU(inplace=True),
            nn.MaxPool2d(kernel_size=3, stride=2),
            nn.Conv2d(8, 16, kernel_size=5, padding=2), nn.ReLU(inplace=True),
            nn.MaxPool2d(kernel_size=3, stride=2),
            nn.Conv2d(16, 24, kernel_size=3, padding=1), nn.ReLU(inplace=True),
            nn.Conv2d(24, 16, kernel_size=3, padding=1), nn.ReLU(inplace=True),
            nn.Conv2d(16, 16, kernel_size=3, padding=1), nn.ReLU(inplace=True),
            nn.MaxPool2d(kernel_size=3, stride=2))
        model.classifier = nn.Sequential(
            nn.Dropout(), nn.Linear(16 * 6 * 6, 64), nn.ReLU(inplace=True),
            nn.Dropout(), nn.Linear(64, 64), nn.ReLU(inplace=True), nn.Linear(64, CI_CLASSES))
        return _finish(ctx, model, 224, 224, [
            "ci: features and classifier replaced by the same layers at widths 8..24 and 576->64->64->10 "
            "(the class hard-codes 64..384 channels and 9216->4096->4096); 224x224 input, so the features are "
            "6x6 as the classifier expects (the TorchScript exporter refuses an adaptive pool from 1x1 to 6x6)"])
    return _finish(ctx, tvm.alexnet(weights=None), 224, 224)


# -------------------------------------------------------------- transformers


def _random_vit_head(model):
    # torchvision zero-initialises the classification head: logits would be 0.
    head = model.heads.head
    nn.init.normal_(head.weight, std=1.0 / math.sqrt(head.in_features))
    nn.init.zeros_(head.bias)


VIT_NOTES = ["head re-initialised randomly (torchvision starts it at zero)",
             "exported with autograd enabled (under no_grad the encoder uses _native_multi_head_attention)"]


def build_vit(ctx):
    if ctx.ci:
        model = vision_transformer.VisionTransformer(image_size=32, patch_size=8, num_layers=2, num_heads=2,
                                                     hidden_dim=32, mlp_dim=64, num_classes=CI_CLASSES)
        notes = ["ci: image 32, patch 8, 2 layers, 2 heads, hidden 32, mlp 64"]
    else:
        model = tvm.vit_b_16(weights=None)
        notes = []
    _random_vit_head(model)
    return _finish(ctx, model, 32, 224, notes + VIT_NOTES, grad=True)


def _swin(ctx, v2):
    if ctx.ci:
        kwargs = {}
        if v2:
            kwargs = dict(block=swin_transformer.SwinTransformerBlockV2,
                          downsample_layer=swin_transformer.PatchMergingV2)
        model = swin_transformer.SwinTransformer(patch_size=[4, 4], embed_dim=16, depths=[2, 2], num_heads=[1, 2],
                                                 window_size=[4, 4], stochastic_depth_prob=0.0,
                                                 num_classes=CI_CLASSES, **kwargs)
        return _finish(ctx, model, 32, 256 if v2 else 224,
                       ["ci: patch 4, embed 16, depths [2,2] (the second block of each shifts its windows), "
                        "heads [1,2], window 4"])
    if v2:
        return _finish(ctx, tvm.swin_v2_t(weights=None), 32, 256)
    return _finish(ctx, tvm.swin_t(weights=None), 32, 224)


def build_swin(ctx):
    return _swin(ctx, v2=False)


def build_swin_v2(ctx):
    return _swin(ctx, v2=True)


def build_maxvit(ctx):
    if ctx.ci:
        model = maxvit.MaxVit(input_size=(32, 32), stem_channels=8, partition_size=4, block_channels=[16, 32],
                              block_layers=[1, 1], head_dim=8, stochastic_depth_prob=0.0, num_classes=CI_CLASSES)
        return _finish(ctx, model, 32, 224, ["ci: stem 8, partition 4, blocks [16, 32] x [1, 1], head_dim 8"])
    return _finish(ctx, tvm.maxvit_t(weights=None), 32, 224)


def specs():
    s = []

    def add(name, family, build):
        s.append(Spec(f"tv-{name}", "torchvision", family, build))

    add("resnet18", "resnet", build_resnet18)
    add("resnet50", "resnet", build_resnet50)
    add("resnext", "resnext", build_resnext)
    add("wide-resnet", "wide_resnet", build_wide_resnet)
    add("mobilenet-v2", "mobilenet_v2", build_mobilenet_v2)
    add("mobilenet-v3-small", "mobilenet_v3", build_mobilenet_v3_small)
    add("mobilenet-v3-large", "mobilenet_v3", build_mobilenet_v3_large)
    add("efficientnet", "efficientnet", build_efficientnet)
    add("efficientnet-v2", "efficientnet_v2", build_efficientnet_v2)
    add("regnet", "regnet", build_regnet)
    add("convnext", "convnext", build_convnext)
    add("densenet", "densenet", build_densenet)
    add("squeezenet", "squeezenet", build_squeezenet)
    add("shufflenet", "shufflenet", build_shufflenet)
    add("mnasnet", "mnasnet", build_mnasnet)
    add("googlenet", "googlenet", build_googlenet)
    add("inception-v3", "inception_v3", build_inception_v3)
    add("vgg", "vgg", build_vgg)
    add("alexnet", "alexnet", build_alexnet)
    add("vit", "vit", build_vit)
    add("swin", "swin", build_swin)
    add("swin-v2", "swin", build_swin_v2)
    add("maxvit", "maxvit", build_maxvit)
    return s
