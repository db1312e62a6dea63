//! Importer: elementwise operators, broadcasting, compares, Cast, Clip and
//! the decomposed activations; the function signature, locations, and the
//! errors for unsupported operators and symbolic shapes.

mod common;
use common::*;
use strata_onnx::proto::data_type;

fn unary_graph(op: &str, attrs: Vec<strata_onnx::proto::AttributeProto>) -> Graph {
    Graph::new(20)
        .input(f32_value("x", &[2, 3]))
        .node(node(op, "n", &["x"], &["y"], attrs))
        .output(open_output("y", data_type::FLOAT))
}

#[test]
fn add_broadcasts_explicitly_and_names_arguments_and_locations() {
    let g = Graph::new(17)
        .input(f32_value("x", &[2, 3]))
        .init(f32_tensor("b", &[3], &[1.0, 2.0, 3.0]))
        .node(node("Add", "add_node", &["x", "b"], &["y"], vec![]))
        .output(open_output("y", data_type::FLOAT));
    let t = g.import();
    assert!(t.contains(r#"arg_attrs = [{onnx.name = "x"}]"#), "{t}");
    assert!(t.contains(r#"res_attrs = [{onnx.name = "y"}]"#), "{t}");
    assert!(t.contains("function_type = (tensor<2x3xf32>) -> tensor<2x3xf32>"), "{t}");
    let bcast = the_op(&t, "stablehlo.broadcast_in_dim");
    assert!(
        bcast.contains("broadcast_dimensions = array<i64: 1>") && bcast.contains("(tensor<3xf32>) -> tensor<2x3xf32>"),
        "{bcast}"
    );
    let add = the_op(&t, "stablehlo.add");
    assert!(add.contains("(tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>"), "{add}");
    // The node's name is the op's location.
    let loc_alias = add.rsplit("loc(").next().unwrap().trim_end_matches(')');
    assert!(t.contains(&format!("{loc_alias} = loc(\"add_node\")")), "{t}");
}

#[test]
fn both_operands_broadcast_to_the_common_shape() {
    let g = Graph::new(17)
        .input(f32_value("a", &[4, 1]))
        .input(f32_value("b", &[3]))
        .node(node("Mul", "m", &["a", "b"], &["y"], vec![]))
        .output(open_output("y", data_type::FLOAT));
    let t = g.import();
    let b = op_lines(&t, "stablehlo.broadcast_in_dim");
    assert_eq!(b.len(), 2, "{t}");
    assert!(b[0].contains("array<i64: 0, 1>") && b[0].contains("(tensor<4x1xf32>) -> tensor<4x3xf32>"), "{}", b[0]);
    assert!(b[1].contains("array<i64: 1>") && b[1].contains("(tensor<3xf32>) -> tensor<4x3xf32>"), "{}", b[1]);
    assert!(the_op(&t, "stablehlo.multiply").contains("-> tensor<4x3xf32>"));
}

#[test]
fn mismatched_broadcast_names_the_node() {
    let g = Graph::new(17)
        .input(f32_value("a", &[4, 2]))
        .input(f32_value("b", &[3]))
        .node(node("Sub", "bad_sub", &["a", "b"], &["y"], vec![]))
        .output(open_output("y", data_type::FLOAT));
    let e = g.import_err();
    assert!(e.contains("node 'bad_sub' (Sub)") && e.contains("do not broadcast"), "{e}");
}

#[test]
fn unary_ops_map_one_to_one() {
    for (op, hlo) in [
        ("Sqrt", "stablehlo.sqrt"),
        ("Exp", "stablehlo.exponential"),
        ("Log", "stablehlo.log"),
        ("Neg", "stablehlo.negate"),
        ("Abs", "stablehlo.abs"),
        ("Tanh", "stablehlo.tanh"),
        ("Sigmoid", "stablehlo.logistic"),
        ("Erf", "chlo.erf"),
    ] {
        let t = unary_graph(op, vec![]).import();
        assert!(the_op(&t, hlo).contains("(tensor<2x3xf32>) -> tensor<2x3xf32>"), "{op}: {t}");
    }
}

#[test]
fn reciprocal_relu_and_leaky_relu() {
    let t = unary_graph("Reciprocal", vec![]).import();
    assert!(the_op(&t, "stablehlo.constant").contains("dense<1.000000e+00> : tensor<2x3xf32>"), "{t}");
    assert!(the_op(&t, "stablehlo.divide").contains("(%0, %arg0)"), "{t}");

    let t = unary_graph("Relu", vec![]).import();
    assert!(the_op(&t, "stablehlo.constant").contains("dense<0.000000e+00> : tensor<2x3xf32>"), "{t}");
    assert_eq!(count(&t, "stablehlo.maximum"), 1, "{t}");

    let t = unary_graph("LeakyRelu", vec![attr_f("alpha", 0.25)]).import();
    assert!(
        the_op(&t, "stablehlo.compare").contains("comparison_direction = #stablehlo<comparison_direction GE>"),
        "{t}"
    );
    assert!(t.contains("dense<2.500000e-01>"), "{t}");
    assert!(
        the_op(&t, "stablehlo.select")
            .contains("(tensor<2x3xi1>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>"),
        "{t}"
    );
}

#[test]
fn clip_uses_clamp_with_scalar_bounds_or_a_single_min_max() {
    let g = Graph::new(13)
        .input(f32_value("x", &[2, 3]))
        .init(f32_tensor("lo", &[], &[0.0]))
        .init(f32_tensor("hi", &[], &[6.0]))
        .node(node("Clip", "relu6", &["x", "lo", "hi"], &["y"], vec![]))
        .output(open_output("y", data_type::FLOAT));
    let t = g.import();
    assert!(
        the_op(&t, "stablehlo.clamp").contains("(tensor<f32>, tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>"),
        "{t}"
    );
    let g = Graph::new(13)
        .input(f32_value("x", &[2, 3]))
        .init(f32_tensor("hi", &[1], &[6.0]))
        .node(node("Clip", "c", &["x", "", "hi"], &["y"], vec![]))
        .output(open_output("y", data_type::FLOAT));
    let t = g.import();
    assert_eq!((count(&t, "stablehlo.clamp"), count(&t, "stablehlo.minimum")), (0, 1), "{t}");
}

#[test]
fn hard_sigmoid_hard_swish_and_gelu_decompose() {
    let t = unary_graph("HardSigmoid", vec![attr_f("alpha", 0.5)]).import();
    assert_eq!(
        (count(&t, "stablehlo.multiply"), count(&t, "stablehlo.add"), count(&t, "stablehlo.clamp")),
        (1, 1, 1),
        "{t}"
    );
    assert!(t.contains("dense<5.000000e-01> : tensor<2x3xf32>"), "{t}");

    let t = unary_graph("HardSwish", vec![]).import();
    assert_eq!((count(&t, "stablehlo.multiply"), count(&t, "stablehlo.clamp")), (2, 1), "{t}");

    let t = unary_graph("Gelu", vec![]).import();
    assert_eq!(count(&t, "chlo.erf"), 1, "{t}");
    assert!(t.contains("dense<0.70710"), "1/sqrt(2) constant: {t}");
    let t = unary_graph("Gelu", vec![attr_s("approximate", "tanh")]).import();
    assert_eq!((count(&t, "chlo.erf"), count(&t, "stablehlo.tanh")), (0, 1), "{t}");
    assert!(t.contains("dense<4.471500e-02>"), "{t}");
    let e = unary_graph("Gelu", vec![attr_s("approximate", "fast")]).import_err();
    assert!(e.contains("node 'n' (Gelu)") && e.contains("attribute 'approximate' = 'fast' is not supported"), "{e}");
}

#[test]
fn compares_where_and_cast() {
    let g = Graph::new(17)
        .input(f32_value("a", &[2, 3]))
        .input(f32_value("b", &[2, 3]))
        .node(node("Less", "lt", &["a", "b"], &["c"], vec![]))
        .node(node("Where", "w", &["c", "a", "b"], &["m"], vec![]))
        .node(node("Cast", "cast", &["m"], &["y"], vec![attr_i("to", data_type::INT32 as i64)]))
        .node(node("Equal", "eq", &["a", "b"], &["e"], vec![]))
        .output(open_output("y", data_type::INT32))
        .output(open_output("e", data_type::BOOL));
    let t = g.import();
    let cmp = op_lines(&t, "stablehlo.compare");
    assert_eq!(cmp.len(), 2, "{t}");
    assert!(cmp[0].contains("comparison_direction LT") && cmp[0].contains("comparison_type FLOAT"), "{}", cmp[0]);
    assert!(cmp[1].contains("comparison_direction EQ"), "{}", cmp[1]);
    assert!(the_op(&t, "stablehlo.select").contains("-> tensor<2x3xf32>"), "{t}");
    assert!(the_op(&t, "stablehlo.convert").contains("(tensor<2x3xf32>) -> tensor<2x3xi32>"), "{t}");
    assert!(t.contains("-> (tensor<2x3xi32>, tensor<2x3xi1>)"), "{t}");
}

#[test]
fn pow_converts_the_exponent_to_the_base_type() {
    let g = Graph::new(15)
        .input(f32_value("x", &[4]))
        .init(i64_tensor("p", &[], &[3]))
        .node(node("Pow", "cube", &["x", "p"], &["y"], vec![]))
        .output(open_output("y", data_type::FLOAT));
    let t = g.import();
    // The integer exponent is folded to a float constant and broadcast.
    assert!(t.contains("dense<3.000000e+00> : tensor<f32>"), "{t}");
    assert!(the_op(&t, "stablehlo.power").contains("(tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>"), "{t}");
}

#[test]
fn all_unsupported_operators_are_reported_at_once() {
    let g = Graph::new(17)
        .input(f32_value("x", &[2]))
        .node(node("Relu", "ok", &["x"], &["a"], vec![]))
        .node(node("TopK", "sine", &["a"], &["b"], vec![]))
        .node(node("NonZero", "es", &["b"], &["c"], vec![]))
        .node(NodeProto { domain: Some("com.microsoft".into()), ..node("FusedGemm", "fg", &["c"], &["y"], vec![]) })
        .output(open_output("y", data_type::FLOAT));
    let e = g.import_err();
    assert!(e.starts_with("3 unsupported operators remain after constant folding:"), "{e}");
    assert!(e.contains("node 'sine': TopK (domain ai.onnx, opset 17)"), "{e}");
    assert!(e.contains("node 'es': NonZero (domain ai.onnx, opset 17)"), "{e}");
    assert!(e.contains("node 'fg': FusedGemm (domain com.microsoft, opset 0)"), "{e}");
    assert!(!e.contains("'ok'"), "{e}");
}
use strata_onnx::proto::NodeProto;

#[test]
fn symbolic_input_needs_input_shape() {
    let g = Graph::new(17)
        .input(f32_value("x", &[-1, 3]))
        .node(node("Relu", "r", &["x"], &["y"], vec![]))
        .output(open_output("y", data_type::FLOAT));
    let e = g.import_err();
    assert!(e.contains("input 'x' has a symbolic shape ([N, 3])") && e.contains("--input-shape x="), "{e}");
    let t = g.import_with(&["x=5x3"]).unwrap();
    assert!(t.contains("function_type = (tensor<5x3xf32>) -> tensor<5x3xf32>"), "{t}");
    let e = g.import_with(&["x=5x4"]).unwrap_err().to_string();
    assert!(e.contains("dimension 1 is 4, the model fixes it to 3"), "{e}");
}

#[test]
fn undefined_inputs_and_declared_output_shape_mismatches_are_errors() {
    let g = Graph::new(17)
        .input(f32_value("x", &[2]))
        .node(node("Add", "a", &["x", "nowhere"], &["y"], vec![]))
        .output(open_output("y", data_type::FLOAT));
    let e = g.import_err();
    assert!(e.contains("node 'a' (Add): input 'nowhere' is not defined"), "{e}");
    let g = Graph::new(17)
        .input(f32_value("x", &[2]))
        .node(node("Relu", "r", &["x"], &["y"], vec![]))
        .output(f32_value("y", &[3]));
    let e = g.import_err();
    assert!(e.contains("graph output 'y': the model declares shape [3], the graph computes [2]"), "{e}");
}

#[test]
fn declared_output_type_must_match_and_dropout_is_the_identity() {
    let g = Graph::new(17)
        .input(f32_value("x", &[2]))
        .node(node("Dropout", "drop", &["x"], &["y"], vec![]))
        .output(open_output("y", data_type::INT64));
    let e = g.import_err();
    assert!(e.contains("graph output 'y': the model declares INT64, the graph computes FLOAT"), "{e}");
    let g = Graph::new(17)
        .input(f32_value("x", &[2]))
        .node(node("Dropout", "drop", &["x"], &["y"], vec![]))
        .output(open_output("y", data_type::FLOAT));
    let t = g.import();
    assert!(t.contains(r#""func.return"(%arg0)"#), "{t}");
}

#[test]
fn variadic_sum_mean_and_prelu() {
    let g = Graph::new(17)
        .input(f32_value("a", &[2, 3]))
        .input(f32_value("b", &[3]))
        .input(f32_value("c", &[2, 1]))
        .node(node("Sum", "sum", &["a", "b", "c"], &["s"], vec![]))
        .node(node("Mean", "mean", &["a", "b", "c"], &["m"], vec![]))
        .output(open_output("s", data_type::FLOAT))
        .output(open_output("m", data_type::FLOAT));
    let t = g.import();
    assert_eq!(count(&t, "stablehlo.add"), 4, "{t}");
    assert!(t.contains("dense<3.000000e+00> : tensor<2x3xf32>"), "Mean divides by 3: {t}");
    let g = Graph::new(16)
        .input(f32_value("x", &[2, 3, 4]))
        .init(f32_tensor("slope", &[3, 1], &[0.1, 0.2, 0.3]))
        .node(node("PRelu", "prelu", &["x", "slope"], &["y"], vec![]))
        .output(open_output("y", data_type::FLOAT));
    let t = g.import();
    assert!(the_op(&t, "stablehlo.compare").contains("comparison_direction LT"), "{t}");
    assert!(the_op(&t, "stablehlo.broadcast_in_dim").contains("(tensor<3x1xf32>) -> tensor<2x3x4xf32>"), "{t}");
    assert_eq!(count(&t, "stablehlo.select"), 1, "{t}");
}
