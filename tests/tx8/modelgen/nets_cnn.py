"""Whole-network models: an MLP, ResNet-18, ResNet-50 and MobileNetV2.

The topologies are torchvision's: ResNet-18 (7x7/2 stem, 3x3/2 max pool, four
stages of two basic blocks, 1x1/2 downsample convs, global average pool,
Flatten, Gemm 1000), ResNet-50 (bottleneck blocks 3-4-6-3, stride on the 3x3
as in v1.5) and MobileNetV2 (inverted residuals, depthwise 3x3, Clip(0, 6)
as ReLU6). ResNets keep explicit BatchNormalization nodes; MobileNetV2 has
its BatchNorms folded into conv biases, as torch.onnx exports eval models.
Each comes in "small" (32x32 input, narrow, few classes: fast in CI) and
"full" (224x224, real widths, 1000 classes).

Weights: He init on every conv feeding a ReLU, BatchNorm running statistics
measured on the values they normalize (calibrate.py), and a reduced gamma on
the last BatchNorm of each residual branch, so activations stay O(1) through the
depth and bf16 comparisons measure rounding, not overflow.
"""

import numpy as np

from .graph import Built, Case, he_weight, normal
from .calibrate import calibrate_batchnorm
from .ops_nn import bn_params


# -- shared layers -----------------------------------------------------------------

def conv(g, x, c_in, c_out, k, stride=1, group=1, name="conv", bias=False, gain=2.0):
    fan_in = c_in // group * k * k
    w = g.const(f"{name}.weight", he_weight(g.rng, (c_out, c_in // group, k, k), fan_in, gain))
    ins = [x, w]
    if bias:
        ins.append(g.const(f"{name}.bias", normal(g.rng, (c_out,), 0.05)))
    return g.node("Conv", ins, name=name, kernel_shape=[k, k], strides=[stride, stride],
                  pads=[k // 2] * 4, group=group if group != 1 else None)


def batchnorm(g, x, c, name, gamma_scale=1.0):
    gamma, beta, mean, var = bn_params(g.rng, c)
    ins = [x, g.const(f"{name}.weight", gamma * np.float32(gamma_scale)),
           g.const(f"{name}.bias", beta), g.const(f"{name}.running_mean", mean),
           g.const(f"{name}.running_var", var)]
    return g.node("BatchNormalization", ins, name=name, epsilon=1e-5)


def conv_bn(g, x, c_in, c_out, k, stride, name, relu=True, gamma_scale=1.0):
    y = conv(g, x, c_in, c_out, k, stride, name=f"{name}.conv")
    y = batchnorm(g, y, c_out, f"{name}.bn", gamma_scale)
    return g.node("Relu", [y], name=f"{name}.relu") if relu else y


def classifier(g, x, c, classes, name="fc"):
    """GlobalAveragePool -> Flatten -> Gemm(transB), as torchvision exports."""
    p = g.node("GlobalAveragePool", [x], name="avgpool")
    f = g.node("Flatten", [p], name="flatten", axis=1)
    w = g.const(f"{name}.weight", he_weight(g.rng, (classes, c), c, gain=1.0))
    b = g.const(f"{name}.bias", normal(g.rng, (classes,), 0.05))
    return g.node("Gemm", [f, w, b], name=name, transB=1)


# -- MLP ---------------------------------------------------------------------------------

def _mlp(batch, widths):
    def build(g):
        x = g.input("input", normal(g.rng, (batch, widths[0])))
        for i, (c_in, c_out) in enumerate(zip(widths, widths[1:])):
            w = g.const(f"fc{i}.weight", he_weight(g.rng, (c_out, c_in), c_in))
            b = g.const(f"fc{i}.bias", normal(g.rng, (c_out,), 0.05))
            x = g.node("Gemm", [x, w, b], name=f"fc{i}", transB=1)
            if i + 2 < len(widths):
                x = g.node("Relu", [x], name=f"relu{i}")
        g.output(x, "logits")
        return Built(opset=13)
    return build


def _mlp_external(g):
    built = _mlp(4, [64, 128, 64, 10])(g)
    built.external_data = True
    return built


# -- ResNet ---------------------------------------------------------------------------------

def _basic_block(g, x, c_in, c_out, stride, name):
    y = conv_bn(g, x, c_in, c_out, 3, stride, f"{name}.1")
    y = conv_bn(g, y, c_out, c_out, 3, 1, f"{name}.2", relu=False, gamma_scale=0.5)
    if stride != 1 or c_in != c_out:
        x = conv_bn(g, x, c_in, c_out, 1, stride, f"{name}.downsample", relu=False)
    return g.node("Relu", [g.node("Add", [y, x], name=f"{name}.add")], name=f"{name}.relu")


def _bottleneck(g, x, c_in, width, stride, name):
    c_out = width * 4
    y = conv_bn(g, x, c_in, width, 1, 1, f"{name}.1")
    y = conv_bn(g, y, width, width, 3, stride, f"{name}.2")
    y = conv_bn(g, y, width, c_out, 1, 1, f"{name}.3", relu=False, gamma_scale=0.5)
    if stride != 1 or c_in != c_out:
        x = conv_bn(g, x, c_in, c_out, 1, stride, f"{name}.downsample", relu=False)
    return g.node("Relu", [g.node("Add", [y, x], name=f"{name}.add")], name=f"{name}.relu")


def _resnet(resolution, widths, blocks, classes, bottleneck, batch=1):
    def build(g):
        x = g.input("input", normal(g.rng, (batch, 3, resolution, resolution)))
        y = conv_bn(g, x, 3, widths[0], 7, 2, "stem")
        y = g.node("MaxPool", [y], name="maxpool", kernel_shape=[3, 3], strides=[2, 2],
                   pads=[1, 1, 1, 1])
        c = widths[0]
        for s, (width, n) in enumerate(zip(widths, blocks)):
            for b in range(n):
                stride = 2 if s > 0 and b == 0 else 1
                name = f"layer{s + 1}.{b}"
                if bottleneck:
                    y = _bottleneck(g, y, c, width, stride, name)
                    c = width * 4
                else:
                    y = _basic_block(g, y, c, width, stride, name)
                    c = width
        g.output(classifier(g, y, c, classes), "logits")
        # Batch 8 at 32x32 (the last stage is 1x1), 2 at 224x224 (7x7 is plenty).
        calibrate_batchnorm(g, 17, batch=8 if resolution <= 64 else 2)
        return Built(opset=17)
    return build


# -- MobileNetV2 ------------------------------------------------------------------------------

def _make_divisible(v, divisor=8):
    new_v = max(divisor, int(v + divisor / 2) // divisor * divisor)
    return new_v + divisor if new_v < 0.9 * v else new_v


def _relu6(g, x, name):
    return g.node("Clip", [x, g.floats(f"{name}.min", np.float32(0.0)),
                           g.floats(f"{name}.max", np.float32(6.0))], name=name)


def _mobilenet_v2(resolution, width_mult, repeats, classes):
    """torchvision's MobileNetV2 with BN folded into the convs' bias; the
    projection convs are linear (gain 1), the others feed ReLU6 (gain 2)."""
    settings = [(1, 16, 1), (6, 24, 2), (6, 32, 2), (6, 64, 2), (6, 96, 1), (6, 160, 2),
                (6, 320, 1)]

    def build(g):
        x = g.input("input", normal(g.rng, (1, 3, resolution, resolution)))
        c = _make_divisible(32 * width_mult)
        y = _relu6(g, conv(g, x, 3, c, 3, 2, name="features.0.conv", bias=True), "features.0.relu6")
        idx = 1
        for (t, ch, s), n in zip(settings, repeats):
            c_out = _make_divisible(ch * width_mult)
            for i in range(n):
                stride = s if i == 0 else 1
                name = f"features.{idx}"
                hidden = c * t
                h = y
                if t != 1:
                    h = _relu6(g, conv(g, h, c, hidden, 1, name=f"{name}.expand", bias=True),
                               f"{name}.expand.relu6")
                h = _relu6(g, conv(g, h, hidden, hidden, 3, stride, group=hidden,
                                   name=f"{name}.dw", bias=True), f"{name}.dw.relu6")
                # The linear bottleneck: scaled down on residual blocks so the
                # sum of repeated blocks stays O(1).
                gain = 0.5 if stride == 1 and c == c_out else 1.0
                h = conv(g, h, hidden, c_out, 1, name=f"{name}.project", bias=True, gain=gain)
                y = g.node("Add", [y, h], name=f"{name}.add") if stride == 1 and c == c_out else h
                c = c_out
                idx += 1
        last = _make_divisible(1280 * max(1.0, width_mult))
        y = _relu6(g, conv(g, y, c, last, 1, name=f"features.{idx}.conv", bias=True),
                   f"features.{idx}.relu6")
        g.output(classifier(g, y, last, classes, name="classifier"), "logits")
        return Built(opset=13)
    return build


def cases():
    net = lambda name, fam, build, size, **kw: Case(name, "net", fam, "net", build,  # noqa: E731
                                                     size=size, **kw)
    return [
        net("mlp_small", "MLP", _mlp(4, [64, 128, 64, 10]), "small"),
        net("mlp_small_external_data", "MLP", _mlp_external, "small",
            notes="weights in model.onnx.data (ONNX external data) beside model.onnx"),
        net("mlp", "MLP", _mlp(32, [784, 1024, 512, 10]), "full"),
        net("resnet18_small", "ResNet-18", _resnet(32, [8, 16, 32, 64], [2, 2, 2, 2], 10, False),
            "small", notes="ResNet-18 topology at 32x32, widths 8-64, 10 classes"),
        net("resnet18", "ResNet-18", _resnet(224, [64, 128, 256, 512], [2, 2, 2, 2], 1000, False),
            "full"),
        net("resnet50_small", "ResNet-50", _resnet(32, [8, 16, 32, 64], [1, 1, 1, 1], 10, True),
            "small", notes="bottleneck blocks 1-1-1-1 at 32x32, widths 8-64 (x4), 10 classes"),
        net("resnet50", "ResNet-50", _resnet(224, [64, 128, 256, 512], [3, 4, 6, 3], 1000, True),
            "full"),
        net("mobilenetv2_small", "MobileNetV2",
            _mobilenet_v2(32, 0.25, [1, 1, 2, 2, 1, 1, 1], 10), "small",
            notes="width 0.25, repeats 1-1-2-2-1-1-1, 32x32, 10 classes"),
        net("mobilenetv2", "MobileNetV2",
            _mobilenet_v2(224, 1.0, [1, 2, 3, 4, 3, 3, 1], 1000), "full"),
        net("resnet50_b16", "ResNet-50",
            _resnet(224, [64, 128, 256, 512], [3, 4, 6, 3], 1000, True, batch=16), "full",
            notes="ResNet-50 at batch 16 (issue 14's throughput benchmark)"),
    ]
