//! Importer: data-movement operators, constants, the import-time folding of
//! exporters' shape chains, Pad and Resize.

mod common;
use common::*;
use strata_onnx::proto::data_type;

#[test]
fn shape_gather_unsqueeze_concat_reshape_chain_folds_to_a_static_reshape() {
    // The flatten idiom PyTorch exports: reshape(x, [x.shape[0], -1]).
    let g = Graph::new(13)
        .input(f32_value("x", &[2, 3, 4]))
        .init(i64_tensor("zero", &[], &[0]))
        .init(i64_tensor("axes0", &[1], &[0]))
        .init(i64_tensor("minus1", &[1], &[-1]))
        .node(node("Shape", "shape", &["x"], &["s"], vec![]))
        .node(node("Gather", "gather", &["s", "zero"], &["n"], vec![attr_i("axis", 0)]))
        .node(node("Unsqueeze", "unsq", &["n", "axes0"], &["n1"], vec![]))
        .node(node("Concat", "cat", &["n1", "minus1"], &["target"], vec![attr_i("axis", 0)]))
        .node(node("Reshape", "reshape", &["x", "target"], &["y"], vec![]))
        .output(open_output("y", data_type::FLOAT));
    let t = g.import();
    // Nothing of the chain is left but the reshape itself.
    assert_eq!(count(&t, "stablehlo.constant"), 0, "{t}");
    assert_eq!(count(&t, "stablehlo.torch_index_select"), 0, "{t}");
    assert!(the_op(&t, "stablehlo.reshape").contains("(tensor<2x3x4xf32>) -> tensor<2x12xf32>"), "{t}");
}

#[test]
fn shape_arithmetic_and_cast_fold_too() {
    // Reshape to [s0 * s1, s2] computed with Slice, Mul, Cast.
    let g = Graph::new(17)
        .input(f32_value("x", &[2, 3, 4]))
        .init(i64_tensor("st", &[1], &[0]))
        .init(i64_tensor("en", &[1], &[1]))
        .init(i64_tensor("st1", &[1], &[1]))
        .init(i64_tensor("en1", &[1], &[2]))
        .init(i64_tensor("st2", &[1], &[-1]))
        .init(i64_tensor("en2", &[1], &[i64::MAX]))
        .node(node("Shape", "shape", &["x"], &["s"], vec![]))
        .node(node("Slice", "s0", &["s", "st", "en"], &["a"], vec![]))
        .node(node("Slice", "s1", &["s", "st1", "en1"], &["b"], vec![]))
        .node(node("Slice", "s2", &["s", "st2", "en2"], &["c"], vec![]))
        .node(node("Mul", "mul", &["a", "b"], &["ab"], vec![]))
        .node(node("Cast", "cast", &["ab"], &["abf"], vec![attr_i("to", data_type::FLOAT as i64)]))
        .node(node("Cast", "back", &["abf"], &["ab2"], vec![attr_i("to", data_type::INT64 as i64)]))
        .node(node("Concat", "cat", &["ab2", "c"], &["target"], vec![attr_i("axis", 0)]))
        .node(node("Reshape", "reshape", &["x", "target"], &["y"], vec![]))
        .output(open_output("y", data_type::FLOAT));
    let t = g.import();
    assert_eq!(count(&t, "stablehlo.constant"), 0, "{t}");
    assert!(the_op(&t, "stablehlo.reshape").contains("-> tensor<6x4xf32>"), "{t}");
}

#[test]
fn reshape_flatten_squeeze_unsqueeze_transpose() {
    let g = Graph::new(13)
        .input(f32_value("x", &[2, 1, 3, 4]))
        .init(i64_tensor("shape", &[3], &[0, 3, -1]))
        .init(i64_tensor("ax1", &[1], &[1]))
        .init(i64_tensor("ax0", &[1], &[0]))
        .node(node("Reshape", "r", &["x", "shape"], &["a"], vec![]))
        .node(node("Flatten", "f", &["x"], &["b"], vec![attr_i("axis", 2)]))
        .node(node("Squeeze", "sq", &["x", "ax1"], &["c"], vec![]))
        .node(node("Unsqueeze", "usq", &["c", "ax0"], &["d"], vec![]))
        .node(node("Transpose", "tr", &["x"], &["e"], vec![attr_ints("perm", &[0, 2, 3, 1])]))
        .output(open_output("a", data_type::FLOAT))
        .output(open_output("b", data_type::FLOAT))
        .output(open_output("d", data_type::FLOAT))
        .output(open_output("e", data_type::FLOAT));
    let t = g.import();
    assert!(t.contains("-> (tensor<2x3x4xf32>, tensor<2x12xf32>, tensor<1x2x3x4xf32>, tensor<2x3x4x1xf32>)"), "{t}");
    let tr = the_op(&t, "stablehlo.transpose");
    assert!(tr.contains("permutation = array<i64: 0, 2, 3, 1>"), "{tr}");
    let e = Graph::new(13)
        .input(f32_value("x", &[2, 3]))
        .init(i64_tensor("shape", &[2], &[4, -1]))
        .node(node("Reshape", "bad_reshape", &["x", "shape"], &["y"], vec![]))
        .output(open_output("y", data_type::FLOAT))
        .import_err();
    assert!(e.contains("node 'bad_reshape' (Reshape): cannot reshape [2, 3]"), "{e}");
}

#[test]
fn reshape_needs_a_constant_shape() {
    let g = Graph::new(13)
        .input(f32_value("x", &[6]))
        .input(value("s", data_type::INT64, &[2]))
        .node(node("Reshape", "dyn", &["x", "s"], &["y"], vec![]))
        .output(open_output("y", data_type::FLOAT));
    let e = g.import_err();
    assert!(e.contains("node 'dyn' (Reshape): input 1 ('shape') must be a constant"), "{e}");
}

#[test]
fn concat_split_and_slice() {
    let g = Graph::new(18)
        .input(f32_value("a", &[2, 3]))
        .input(f32_value("b", &[2, 5]))
        .init(i64_tensor("sizes", &[2], &[6, 2]))
        .init(i64_tensor("starts", &[2], &[1, 0]))
        .init(i64_tensor("ends", &[2], &[2, 100]))
        .init(i64_tensor("axes", &[2], &[0, 1]))
        .init(i64_tensor("steps", &[2], &[1, 3]))
        .node(node("Concat", "cat", &["a", "b"], &["c"], vec![attr_i("axis", -1)]))
        .node(node("Split", "split", &["c", "sizes"], &["p", "q"], vec![attr_i("axis", 1)]))
        .node(node("Split", "split3", &["c"], &["r", "s", "u"], vec![attr_i("axis", 1), attr_i("num_outputs", 3)]))
        .node(node("Slice", "slice", &["c", "starts", "ends", "axes", "steps"], &["v"], vec![]))
        .output(open_output("p", data_type::FLOAT))
        .output(open_output("q", data_type::FLOAT))
        .output(open_output("u", data_type::FLOAT))
        .output(open_output("v", data_type::FLOAT));
    let t = g.import();
    assert!(the_op(&t, "stablehlo.concatenate").contains("dimension = 1 : i64"), "{t}");
    assert!(t.contains("-> (tensor<2x6xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<1x3xf32>)"), "{t}");
    let slices = op_lines(&t, "stablehlo.slice");
    assert_eq!(slices.len(), 6, "{t}");
    assert!(
        slices[1].contains("start_indices = array<i64: 0, 6>")
            && slices[1].contains("limit_indices = array<i64: 2, 8>"),
        "{}",
        slices[1]
    );
    let v = &slices[5];
    assert!(
        v.contains("start_indices = array<i64: 1, 0>")
            && v.contains("limit_indices = array<i64: 2, 7>")
            && v.contains("strides = array<i64: 1, 3>"),
        "{v}"
    );
}

#[test]
fn gather_uses_torch_index_select_and_normalises_constant_indices() {
    let g = Graph::new(13)
        .input(f32_value("emb", &[10, 4]))
        .init(i64_tensor("ids", &[2, 3], &[0, 1, -1, 2, 3, 4]))
        .init(i64_tensor("one", &[], &[1]))
        .node(node("Gather", "lookup", &["emb", "ids"], &["y"], vec![]))
        .node(node("Gather", "column", &["emb", "one"], &["z"], vec![attr_i("axis", 1)]))
        .output(open_output("y", data_type::FLOAT))
        .output(open_output("z", data_type::FLOAT));
    let t = g.import();
    let sel = op_lines(&t, "stablehlo.torch_index_select");
    assert!(sel[0].contains("dim = 0 : i64") && sel[0].contains("batch_dims = 0 : i64"), "{}", sel[0]);
    assert!(sel[0].contains("(tensor<10x4xf32>, tensor<2x3xi64>) -> tensor<2x3x4xf32>"), "{}", sel[0]);
    assert!(t.contains("dense<[[0, 1, 9], [2, 3, 4]]> : tensor<2x3xi64>"), "-1 becomes 9: {t}");
    assert!(sel[1].contains("dim = 1 : i64") && sel[1].contains("-> tensor<10x1xf32>"), "{}", sel[1]);
    assert!(t.contains("-> (tensor<2x3x4xf32>, tensor<10xf32>)"), "scalar index drops the axis: {t}");
    let e = Graph::new(13)
        .input(f32_value("emb", &[10, 4]))
        .init(i64_tensor("ids", &[1], &[10]))
        .node(node("Gather", "oob", &["emb", "ids"], &["y"], vec![]))
        .output(open_output("y", data_type::FLOAT))
        .import_err();
    assert!(e.contains("node 'oob' (Gather): index 10 is out of range"), "{e}");
}

#[test]
fn expand_constants_constant_of_shape_and_identity() {
    let g = Graph::new(13)
        .input(f32_value("x", &[3, 1]))
        .init(i64_tensor("shape", &[3], &[2, 1, 4]))
        .node(node("Expand", "ex", &["x", "shape"], &["y"], vec![]))
        .node(node("Constant", "k", &[], &["k"], vec![attr_t("value", f32_tensor("", &[2], &[1.0, 2.0]))]))
        .node(node("ConstantOfShape", "cos", &["shape"], &["z"], vec![attr_t("value", f32_tensor("", &[1], &[7.0]))]))
        .node(node("Identity", "id", &["k"], &["kk"], vec![]))
        .output(open_output("y", data_type::FLOAT))
        .output(open_output("kk", data_type::FLOAT))
        .output(open_output("z", data_type::FLOAT));
    let t = g.import();
    let b = the_op(&t, "stablehlo.broadcast_in_dim");
    assert!(b.contains("array<i64: 1, 2>") && b.contains("(tensor<3x1xf32>) -> tensor<2x3x4xf32>"), "{b}");
    assert!(t.contains("dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>"), "{t}");
    assert!(t.contains("dense<7.000000e+00> : tensor<2x1x4xf32>"), "{t}");
}

#[test]
fn pad_constant_mode_and_unsupported_modes() {
    let pad = |mode: &str| {
        Graph::new(13)
            .input(f32_value("x", &[1, 2, 3]))
            .init(i64_tensor("pads", &[6], &[0, 0, 1, 0, 0, 2]))
            .init(f32_tensor("v", &[], &[-1.0]))
            .node(node("Pad", "pad", &["x", "pads", "v"], &["y"], vec![attr_s("mode", mode)]))
            .output(open_output("y", data_type::FLOAT))
    };
    let t = pad("constant").import();
    let p = the_op(&t, "stablehlo.pad");
    assert!(
        p.contains("edge_padding_low = array<i64: 0, 0, 1>") && p.contains("edge_padding_high = array<i64: 0, 0, 2>"),
        "{p}"
    );
    assert!(p.contains("interior_padding = array<i64: 0, 0, 0>") && p.contains("-> tensor<1x2x6xf32>"), "{p}");
    let e = pad("reflect").import_err();
    assert!(e.contains("node 'pad' (Pad): attribute 'mode' = 'reflect' is not supported"), "{e}");
}

#[test]
fn resize_builds_interpolation_matrices_per_axis() {
    let resize = |mode: &str, ctm: &str| {
        Graph::new(13)
            .input(f32_value("x", &[1, 2, 3, 4]))
            .init(f32_tensor("scales", &[4], &[1.0, 1.0, 2.0, 2.0]))
            .node(node(
                "Resize",
                "up",
                &["x", "", "scales"],
                &["y"],
                vec![attr_s("mode", mode), attr_s("coordinate_transformation_mode", ctm)],
            ))
            .output(open_output("y", data_type::FLOAT))
    };
    let t = resize("nearest", "asymmetric").import();
    let dots = op_lines(&t, "stablehlo.dot_general");
    assert_eq!(dots.len(), 2, "{t}");
    // H first: contracted on dim 2, the new dim comes last and is moved back.
    assert!(
        dots[0].contains("lhs_contracting_dimensions = [2]")
            && dots[0].contains("(tensor<1x2x3x4xf32>, tensor<3x6xf32>) -> tensor<1x2x4x6xf32>"),
        "{}",
        dots[0]
    );
    assert!(the_op(&t, "stablehlo.transpose").contains("permutation = array<i64: 0, 1, 3, 2>"), "{t}");
    assert!(
        dots[1].contains("lhs_contracting_dimensions = [3]") && dots[1].contains("-> tensor<1x2x6x8xf32>"),
        "{}",
        dots[1]
    );
    // Nearest asymmetric x2: input row 0 feeds outputs 0 and 1.
    assert!(
        t.contains("dense<[[1.000000e+00, 1.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00, 0.000000e+00]"),
        "{t}"
    );
    let t = resize("linear", "half_pixel").import();
    assert!(t.contains("7.500000e-01, 2.500000e-01"), "linear weights: {t}");
    let e = resize("cubic", "half_pixel").import_err();
    assert!(e.contains("node 'up' (Resize): attribute 'mode' = 'cubic' is not supported"), "{e}");
    let e = resize("linear", "tf_crop_and_resize").import_err();
    assert!(e.contains("attribute 'coordinate_transformation_mode' = 'tf_crop_and_resize' is not supported"), "{e}");
}

#[test]
fn resize_with_sizes() {
    let g = Graph::new(19)
        .input(f32_value("x", &[1, 1, 4, 4]))
        .init(i64_tensor("sizes", &[2], &[2, 3]))
        .node(node(
            "Resize",
            "down",
            &["x", "", "", "sizes"],
            &["y"],
            vec![attr_ints("axes", &[2, 3]), attr_s("mode", "linear")],
        ))
        .output(open_output("y", data_type::FLOAT));
    let t = g.import();
    assert!(t.contains("-> tensor<1x1x2x3xf32>"), "{t}");
}

#[test]
fn runtime_gather_indices_wrap_negative_values_with_a_select() {
    let g = Graph::new(21)
        .input(f32_value("emb", &[10, 4]))
        .input(value("ids", data_type::INT64, &[3]))
        .node(node("Gather", "lookup", &["emb", "ids"], &["y"], vec![]))
        .output(open_output("y", data_type::FLOAT));
    let t = g.import();
    assert!(the_op(&t, "stablehlo.compare").contains("comparison_direction LT"), "{t}");
    assert!(t.contains("dense<10> : tensor<3xi64>"), "the axis size is added: {t}");
    let sel = the_op(&t, "stablehlo.torch_index_select");
    assert!(sel.contains("(tensor<10x4xf32>, tensor<3xi64>) -> tensor<3x4xf32>"), "{sel}");
}

#[test]
fn tile_and_constant_range() {
    let g = Graph::new(13)
        .input(f32_value("x", &[2, 3]))
        .init(i64_tensor("r", &[2], &[2, 3]))
        .node(node("Tile", "tile", &["x", "r"], &["y"], vec![]))
        .output(open_output("y", data_type::FLOAT));
    let t = g.import();
    let b = the_op(&t, "stablehlo.broadcast_in_dim");
    assert!(b.contains("broadcast_dimensions = array<i64: 1, 3>") && b.contains("-> tensor<2x2x3x3xf32>"), "{b}");
    assert!(the_op(&t, "stablehlo.reshape").contains("-> tensor<4x9xf32>"), "{t}");
    // Range of constants folds; positions then index an embedding.
    let g = Graph::new(13)
        .input(f32_value("emb", &[10, 4]))
        .init(i64_tensor("s", &[], &[1]))
        .init(i64_tensor("l", &[], &[9]))
        .init(i64_tensor("d", &[], &[2]))
        .node(node("Range", "range", &["s", "l", "d"], &["pos"], vec![]))
        .node(node("Gather", "g", &["emb", "pos"], &["y"], vec![]))
        .output(open_output("y", data_type::FLOAT));
    let t = g.import();
    assert!(t.contains("dense<[1, 3, 5, 7]> : tensor<4xi64>"), "{t}");
    let g = Graph::new(13)
        .input(value("n", data_type::INT64, &[]))
        .init(i64_tensor("s", &[], &[0]))
        .init(i64_tensor("d", &[], &[1]))
        .node(node("Range", "dyn_range", &["s", "n", "d"], &["y"], vec![]))
        .output(open_output("y", data_type::INT64));
    let e = g.import_err();
    assert!(e.contains("node 'dyn_range' (Range): inputs 'start', 'limit' and 'delta' must be constants"), "{e}");
}

#[test]
fn negative_steps_on_runtime_data_select_indices_backwards() {
    // x[:, ::-2] on a runtime [3, 5] tensor: columns 4, 2, 0.
    let g = Graph::new(13)
        .input(f32_value("x", &[3, 5]))
        .init(i64_tensor("st", &[2], &[0, -1]))
        .init(i64_tensor("en", &[2], &[2, i64::MIN]))
        .init(i64_tensor("sp", &[2], &[1, -2]))
        .node(node("Slice", "rev", &["x", "st", "en", "", "sp"], &["y"], vec![]))
        .output(open_output("y", data_type::FLOAT));
    let t = g.import();
    let s = the_op(&t, "stablehlo.slice");
    assert!(s.contains("start_indices = array<i64: 0, 0>") && s.contains("limit_indices = array<i64: 2, 5>"), "{s}");
    let sel = the_op(&t, "stablehlo.torch_index_select");
    assert!(
        sel.contains("dim = 1 : i64") && sel.contains("(tensor<2x5xf32>, tensor<3xi64>) -> tensor<2x3xf32>"),
        "{sel}"
    );
    assert!(t.contains("dense<[4, 2, 0]> : tensor<3xi64>"), "{t}");
}
