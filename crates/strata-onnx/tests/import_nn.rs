//! Importer: Conv / ConvTranspose, Gemm / MatMul, BatchNormalization,
//! Softmax / LogSoftmax / LayerNormalization, reductions and pools.

mod common;
use common::*;
use strata_onnx::proto::data_type;

fn conv_graph(x: &[i64], w: &[i64], attrs: Vec<strata_onnx::proto::AttributeProto>, bias: bool) -> Graph {
    let mut g = Graph::new(17).input(f32_value("x", x)).init(ramp("w", w));
    let mut ins = vec!["x", "w"];
    if bias {
        g = g.init(ramp("b", &[w[0]]));
        ins.push("b");
    }
    g.node(node("Conv", "conv1", &ins, &["y"], attrs)).output(open_output("y", data_type::FLOAT))
}

#[test]
fn conv_with_strides_pads_dilations_and_bias() {
    let attrs = vec![attr_ints("strides", &[2, 2]), attr_ints("pads", &[1, 1, 1, 1]), attr_ints("dilations", &[1, 1])];
    let t = conv_graph(&[1, 3, 8, 8], &[4, 3, 3, 3], attrs, true).import();
    let c = the_op(&t, "stablehlo.convolution");
    assert!(c.contains("(tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x4x4xf32>"), "{c}");
    assert!(c.contains("window_strides = array<i64: 2, 2>"), "{c}");
    assert!(c.contains("padding = dense<1> : tensor<2x2xi64>"), "{c}");
    assert!(c.contains("dimension_numbers = #stablehlo.conv<[b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1]>"), "{c}");
    assert!(c.contains("feature_group_count = 1") && c.contains("batch_group_count = 1"), "{c}");
    let b = the_op(&t, "stablehlo.broadcast_in_dim");
    assert!(b.contains("array<i64: 1>") && b.contains("(tensor<4xf32>) -> tensor<1x4x4x4xf32>"), "{b}");
    assert_eq!(count(&t, "stablehlo.add"), 1);
}

#[test]
fn depthwise_conv_sets_the_group_count() {
    let t = conv_graph(&[1, 8, 6, 6], &[8, 1, 3, 3], vec![attr_i("group", 8), attr_ints("pads", &[1, 1, 1, 1])], false)
        .import();
    let c = the_op(&t, "stablehlo.convolution");
    assert!(c.contains("feature_group_count = 8") && c.contains("-> tensor<1x8x6x6xf32>"), "{c}");
    let e = conv_graph(&[1, 8, 6, 6], &[8, 2, 3, 3], vec![attr_i("group", 8)], false).import_err();
    assert!(e.contains("node 'conv1' (Conv)") && e.contains("group 8"), "{e}");
}

#[test]
fn conv_auto_pad_same_upper_and_lower_split_odd_padding() {
    // in 5, k 2, stride 1: total padding 1 -> upper puts it high, lower low.
    let t = conv_graph(&[1, 1, 5, 5], &[1, 1, 2, 2], vec![attr_s("auto_pad", "SAME_UPPER")], false).import();
    let c = the_op(&t, "stablehlo.convolution");
    assert!(c.contains("padding = dense<[[0, 1], [0, 1]]>") && c.contains("-> tensor<1x1x5x5xf32>"), "{c}");
    let t = conv_graph(&[1, 1, 5, 5], &[1, 1, 2, 2], vec![attr_s("auto_pad", "SAME_LOWER")], false).import();
    assert!(the_op(&t, "stablehlo.convolution").contains("padding = dense<[[1, 0], [1, 0]]>"), "{t}");
    let t = conv_graph(&[1, 1, 5, 5], &[1, 1, 2, 2], vec![attr_s("auto_pad", "VALID")], false).import();
    assert!(the_op(&t, "stablehlo.convolution").contains("-> tensor<1x1x4x4xf32>"), "{t}");
    let e = conv_graph(&[1, 1, 5, 5], &[1, 1, 2, 2], vec![attr_s("auto_pad", "MAGIC")], false).import_err();
    assert!(e.contains("attribute 'auto_pad' = 'MAGIC' is not supported"), "{e}");
}

#[test]
fn conv_transpose_dilates_the_input_and_flips_the_kernel() {
    let g = Graph::new(17)
        .input(f32_value("x", &[1, 2, 4, 4]))
        .init(ramp("w", &[2, 3, 3, 3]))
        .node(node(
            "ConvTranspose",
            "up",
            &["x", "w"],
            &["y"],
            vec![attr_ints("strides", &[2, 2]), attr_ints("pads", &[1, 1, 1, 1]), attr_ints("output_padding", &[1, 1])],
        ))
        .output(open_output("y", data_type::FLOAT));
    let t = g.import();
    let c = the_op(&t, "stablehlo.convolution");
    // out = 2 * (4 - 1) + 1 + 2 * 1 + ... = 8: s(in-1) + op + k - pads = 6 + 1 + 3 - 2.
    assert!(c.contains("(tensor<1x2x4x4xf32>, tensor<3x2x3x3xf32>) -> tensor<1x3x8x8xf32>"), "{c}");
    assert!(c.contains("lhs_dilation = array<i64: 2, 2>") && c.contains("window_strides = array<i64: 1, 1>"), "{c}");
    assert!(c.contains("padding = dense<[[1, 2], [1, 2]]>"), "{c}");
    // The kernel is a new constant: w[c=0][m=0] reversed starts with w's 9th element (8.5).
    let k = op_lines(&t, "stablehlo.constant")
        .into_iter()
        .find(|l| l.contains("-> tensor<3x2x3x3xf32>"))
        .expect("kernel constant");
    assert!(k.contains("dense<[[[[8.500000e+00, 7.500000e+00"), "{k}");
}

#[test]
fn batch_norm_is_batch_norm_inference() {
    let g = Graph::new(15)
        .input(f32_value("x", &[1, 3, 4, 4]))
        .init(ramp("s", &[3]))
        .init(ramp("b", &[3]))
        .init(ramp("m", &[3]))
        .init(ramp("v", &[3]))
        .node(node("BatchNormalization", "bn", &["x", "s", "b", "m", "v"], &["y"], vec![attr_f("epsilon", 1e-3)]))
        .output(open_output("y", data_type::FLOAT));
    let t = g.import();
    let bn = the_op(&t, "stablehlo.batch_norm_inference");
    assert!(bn.contains("epsilon = 1.000000e-03 : f32") && bn.contains("feature_index = 1 : i64"), "{bn}");
    assert!(bn.contains("-> tensor<1x3x4x4xf32>"), "{bn}");
}

#[test]
fn gemm_folds_transposes_into_contracting_dims_and_scales() {
    let g = Graph::new(13)
        .input(f32_value("a", &[2, 4]))
        .init(ramp("b", &[5, 4]))
        .init(ramp("c", &[5]))
        .node(node(
            "Gemm",
            "fc",
            &["a", "b", "c"],
            &["y"],
            vec![attr_i("transB", 1), attr_f("alpha", 2.0), attr_f("beta", 0.5)],
        ))
        .output(open_output("y", data_type::FLOAT));
    let t = g.import();
    let d = the_op(&t, "stablehlo.dot_general");
    assert!(d.contains("lhs_contracting_dimensions = [1]") && d.contains("rhs_contracting_dimensions = [1]"), "{d}");
    assert!(d.contains("(tensor<2x4xf32>, tensor<5x4xf32>) -> tensor<2x5xf32>"), "{d}");
    assert_eq!((count(&t, "stablehlo.multiply"), count(&t, "stablehlo.add")), (2, 1), "{t}");
    assert!(
        t.contains("dense<2.000000e+00> : tensor<2x5xf32>") && t.contains("dense<5.000000e-01> : tensor<2x5xf32>"),
        "{t}"
    );
}

#[test]
fn matmul_batched_broadcast_and_vector_cases() {
    let mm = |a: &[i64], b: &[i64]| {
        Graph::new(13)
            .input(f32_value("a", a))
            .input(f32_value("b", b))
            .node(node("MatMul", "mm", &["a", "b"], &["y"], vec![]))
            .output(open_output("y", data_type::FLOAT))
            .import()
    };
    // Matrix right operand: contracted directly, no batch dims.
    let t = mm(&[2, 3, 4], &[4, 5]);
    let d = the_op(&t, "stablehlo.dot_general");
    assert!(d.contains("lhs_contracting_dimensions = [2]") && d.contains("-> tensor<2x3x5xf32>"), "{d}");
    assert!(!d.contains("batching"), "{d}");
    // Broadcast batch: [2,1,3,4] x [5,4,6] -> [2,5,3,6].
    let t = mm(&[2, 1, 3, 4], &[5, 4, 6]);
    let d = the_op(&t, "stablehlo.dot_general");
    assert!(d.contains("lhs_batching_dimensions = [0, 1]") && d.contains("rhs_batching_dimensions = [0, 1]"), "{d}");
    assert!(d.contains("lhs_contracting_dimensions = [3]") && d.contains("rhs_contracting_dimensions = [2]"), "{d}");
    assert!(d.contains("(tensor<2x5x3x4xf32>, tensor<2x5x4x6xf32>) -> tensor<2x5x3x6xf32>"), "{d}");
    assert_eq!(count(&t, "stablehlo.broadcast_in_dim"), 2, "{t}");
    // Vector x matrix and matrix x vector drop the promoted dimension.
    let t = mm(&[4], &[4, 5]);
    assert!(t.contains("function_type = (tensor<4xf32>, tensor<4x5xf32>) -> tensor<5xf32>"), "{t}");
    let t = mm(&[3, 4], &[4]);
    assert!(t.contains("-> tensor<3xf32>"), "{t}");
    let t = mm(&[2, 3, 4], &[4]);
    assert!(t.contains("-> tensor<2x3xf32>"), "{t}");
}

#[test]
fn softmax_and_log_softmax_decompose_over_the_axis() {
    let sm = |op: &str, axis: i64| {
        Graph::new(13)
            .input(f32_value("x", &[2, 3, 4]))
            .node(node(op, "sm", &["x"], &["y"], vec![attr_i("axis", axis)]))
            .output(open_output("y", data_type::FLOAT))
            .import()
    };
    let t = sm("Softmax", 1);
    let r = op_lines(&t, "stablehlo.reduce");
    assert_eq!(r.len(), 2, "{t}");
    assert!(r.iter().all(|l| l.contains("dimensions = array<i64: 1>") && l.contains("-> tensor<2x4xf32>")), "{t}");
    assert_eq!(count(&t, "stablehlo.maximum"), 1, "max reducer: {t}");
    assert_eq!(count(&t, "stablehlo.exponential"), 1);
    assert_eq!(count(&t, "stablehlo.divide"), 1);
    assert!(op_lines(&t, "stablehlo.broadcast_in_dim").iter().all(|l| l.contains("array<i64: 0, 2>")), "{t}");
    assert!(t.contains("dense<0xFF800000> : tensor<f32>"), "-inf init of the max: {t}");
    let t = sm("LogSoftmax", -1);
    assert_eq!(
        (count(&t, "stablehlo.log"), count(&t, "stablehlo.divide"), count(&t, "stablehlo.subtract")),
        (1, 0, 2),
        "{t}"
    );
}

#[test]
fn layer_norm_decomposes_with_epsilon_scale_and_bias() {
    let g = Graph::new(17)
        .input(f32_value("x", &[2, 5, 8]))
        .init(ramp("g", &[8]))
        .init(ramp("b", &[8]))
        .node(node("LayerNormalization", "ln", &["x", "g", "b"], &["y"], vec![attr_f("epsilon", 1e-6)]))
        .output(open_output("y", data_type::FLOAT));
    let t = g.import();
    assert_eq!(count(&t, "stablehlo.reduce"), 2, "{t}");
    assert_eq!(count(&t, "stablehlo.rsqrt"), 1, "{t}");
    assert!(t.contains("dense<8.000000e+00> : tensor<2x5xf32>"), "mean divisor: {t}");
    assert!(
        t.contains("dense<9.99999997E-7> : tensor<2x5xf32>") || t.contains("dense<1.000000e-06> : tensor<2x5xf32>"),
        "epsilon: {t}"
    );
    // Two reducer adds, epsilon, bias.
    assert_eq!(count(&t, "stablehlo.add"), 4, "{t}");
    assert!(t.contains("-> tensor<2x5x8xf32>"), "{t}");
}

#[test]
fn reductions_with_attribute_or_input_axes_and_keepdims() {
    // opset 13: ReduceMean axes attribute; ReduceSum axes input.
    let g = Graph::new(13)
        .input(f32_value("x", &[2, 3, 4]))
        .init(i64_tensor("ax", &[1], &[-1]))
        .node(node("ReduceMean", "mean", &["x"], &["m"], vec![attr_ints("axes", &[1])]))
        .node(node("ReduceSum", "sum", &["x", "ax"], &["s"], vec![attr_i("keepdims", 0)]))
        .output(open_output("m", data_type::FLOAT))
        .output(open_output("s", data_type::FLOAT));
    let t = g.import();
    let r = op_lines(&t, "stablehlo.reduce");
    assert!(r[0].contains("dimensions = array<i64: 1>") && r[0].contains("-> tensor<2x4xf32>"), "{t}");
    assert!(r[1].contains("dimensions = array<i64: 2>") && r[1].contains("-> tensor<2x3xf32>"), "{t}");
    assert!(t.contains("function_type = (tensor<2x3x4xf32>) -> (tensor<2x1x4xf32>, tensor<2x3xf32>)"), "{t}");
    // opset 18: ReduceMax axes input; no axes reduces everything.
    let g = Graph::new(18)
        .input(f32_value("x", &[2, 3]))
        .node(node("ReduceMax", "mx", &["x"], &["m"], vec![]))
        .output(open_output("m", data_type::FLOAT));
    let t = g.import();
    assert!(the_op(&t, "stablehlo.reduce").contains("dimensions = array<i64: 0, 1>"), "{t}");
    assert!(t.contains("-> tensor<1x1xf32>"), "{t}");
}

#[test]
fn max_pool_and_average_pool_use_reduce_window() {
    let pool = |op: &str, attrs| {
        Graph::new(17)
            .input(f32_value("x", &[1, 2, 5, 5]))
            .node(node(op, "pool", &["x"], &["y"], attrs))
            .output(open_output("y", data_type::FLOAT))
            .import()
    };
    let t = pool(
        "MaxPool",
        vec![attr_ints("kernel_shape", &[3, 3]), attr_ints("strides", &[2, 2]), attr_ints("pads", &[1, 1, 1, 1])],
    );
    let w = the_op(&t, "stablehlo.reduce_window");
    assert!(
        w.contains("window_dimensions = array<i64: 1, 1, 3, 3>")
            && w.contains("window_strides = array<i64: 1, 1, 2, 2>"),
        "{w}"
    );
    assert!(
        w.contains("padding = dense<[[0, 0], [0, 0], [1, 1], [1, 1]]>") && w.contains("-> tensor<1x2x3x3xf32>"),
        "{w}"
    );
    assert_eq!(count(&t, "stablehlo.maximum"), 1, "{t}");
    // ceil_mode: (5 - 2) / 2 rounded up + 1 = 3 with extra high padding.
    let t = pool(
        "MaxPool",
        vec![attr_ints("kernel_shape", &[2, 2]), attr_ints("strides", &[2, 2]), attr_i("ceil_mode", 1)],
    );
    let w = the_op(&t, "stablehlo.reduce_window");
    assert!(
        w.contains("padding = dense<[[0, 0], [0, 0], [0, 1], [0, 1]]>") && w.contains("-> tensor<1x2x3x3xf32>"),
        "{w}"
    );
    // Average with padding excluded: counts differ at the border -> a constant count tensor.
    let t = pool("AveragePool", vec![attr_ints("kernel_shape", &[3, 3]), attr_ints("pads", &[1, 1, 1, 1])]);
    assert_eq!(count(&t, "stablehlo.add"), 1, "add reducer: {t}");
    let counts = op_lines(&t, "stablehlo.constant")
        .into_iter()
        .find(|l| l.contains("-> tensor<5x5xf32>"))
        .expect("count tensor");
    assert!(counts.contains("[4.000000e+00, 6.000000e+00, 6.000000e+00, 6.000000e+00, 4.000000e+00]"), "{counts}");
    // Including the padding every window counts 9.
    let t = pool(
        "AveragePool",
        vec![attr_ints("kernel_shape", &[3, 3]), attr_ints("pads", &[1, 1, 1, 1]), attr_i("count_include_pad", 1)],
    );
    assert!(t.contains("dense<9.000000e+00> : tensor<1x2x5x5xf32>"), "{t}");
    let t = pool("GlobalAveragePool", vec![]);
    assert!(the_op(&t, "stablehlo.reduce").contains("dimensions = array<i64: 2, 3>"), "{t}");
    assert!(t.contains("dense<2.500000e+01> : tensor<1x2xf32>") && t.contains("-> tensor<1x2x1x1xf32>"), "{t}");
}

#[test]
fn conv_transpose_of_an_empty_spatial_dimension_is_an_error() {
    // Found by the read_onnx fuzz target: the ONNX size formula and
    // StableHLO's disagree for an empty input.
    let g = Graph::new(17)
        .input(f32_value("x", &[1, 2, 4, 0]))
        .init(ramp("w", &[2, 3, 3, 3]))
        .node(node(
            "ConvTranspose",
            "up",
            &["x", "w"],
            &["y"],
            vec![attr_ints("strides", &[2, 2]), attr_ints("pads", &[1, 1, 1, 1]), attr_ints("output_padding", &[1, 1])],
        ))
        .output(open_output("y", data_type::FLOAT));
    let e = g.import_err();
    assert!(e.contains("node 'up' (ConvTranspose): input [1, 2, 4, 0] has an empty spatial dimension"), "{e}");
}

#[test]
fn axes_in_the_form_of_another_opset_are_errors() {
    let g = Graph::new(18)
        .input(f32_value("x", &[2, 3]))
        .node(node("ReduceMean", "mean", &["x"], &["y"], vec![attr_ints("axes", &[1])]))
        .output(open_output("y", data_type::FLOAT));
    let e = g.import_err();
    assert!(
        e.contains(
            "node 'mean' (ReduceMean): attribute 'axes' is not part of opset 18 (axes are input 1 since opset 18)"
        ),
        "{e}"
    );
    let g = Graph::new(13)
        .input(f32_value("x", &[2, 3]))
        .init(i64_tensor("ax", &[1], &[1]))
        .node(node("ReduceMax", "mx", &["x", "ax"], &["y"], vec![]))
        .output(open_output("y", data_type::FLOAT));
    let e = g.import_err();
    assert!(e.contains("input 1 ('axes') is not part of opset 13"), "{e}");
}

#[test]
fn half_precision_models_keep_their_element_type() {
    // FLOAT16 weights given as int32_data bit patterns (as onnx.helper writes them).
    let w = strata_onnx::proto::TensorProto {
        name: Some("w".into()),
        dims: vec![2],
        data_type: Some(data_type::FLOAT16),
        int32_data: vec![0x3c00, 0xc000],
        ..Default::default()
    };
    let g = Graph::new(17)
        .input(value("x", data_type::FLOAT16, &[3, 2]))
        .init(w)
        .node(node("Mul", "mul", &["x", "w"], &["m"], vec![]))
        .node(node("Softmax", "sm", &["m"], &["y"], vec![]))
        .output(open_output("y", data_type::FLOAT16));
    let t = g.import();
    assert!(t.contains("dense<[1.000000e+00, -2.000000e+00]> : tensor<2xf16>"), "{t}");
    assert!(t.contains("dense<0xFC00> : tensor<f16>"), "-inf init in f16: {t}");
    assert!(t.contains("function_type = (tensor<3x2xf16>) -> tensor<3x2xf16>"), "{t}");
}
