//! The importer's decompositions of Softmax, LayerNormalization and Gelu are
//! the shapes `stablehlo-fuse-composites` (strata-stablehlo) recognises, so
//! each reaches the backend as one `stablehlo.composite`; BatchNormalization
//! after a Conv folds away with `stablehlo-fold-batchnorm`.

mod common;
use common::*;
use strata_onnx::proto::data_type;

fn composites(text: &str) -> Vec<String> {
    op_lines(text, "stablehlo.composite")
        .iter()
        .map(|l| l.split("name = \"").nth(1).and_then(|r| r.split('"').next()).unwrap_or("").to_string())
        .collect()
}

#[test]
fn softmax_layer_norm_and_gelu_become_composites() {
    let g = Graph::new(20)
        .input(f32_value("x", &[2, 4, 8]))
        .init(ramp("g", &[8]))
        .init(ramp("b", &[8]))
        .node(node("LayerNormalization", "ln", &["x", "g", "b"], &["n"], vec![attr_f("epsilon", 1e-5)]))
        .node(node("Gelu", "gelu", &["n"], &["a"], vec![]))
        .node(node("Softmax", "sm", &["a"], &["y"], vec![attr_i("axis", -1)]))
        .output(open_output("y", data_type::FLOAT));
    let t = g.import_and_run_pass("stablehlo-fuse-composites");
    let mut names = composites(&t);
    names.sort();
    assert_eq!(names, vec!["tx8.gelu", "tx8.layernorm", "tx8.softmax"], "{t}");
}

#[test]
fn batch_norm_after_conv_folds_into_it() {
    let g = Graph::new(17)
        .input(f32_value("x", &[1, 3, 8, 8]))
        .init(ramp("w", &[4, 3, 3, 3]))
        .init(ramp("s", &[4]))
        .init(ramp("b", &[4]))
        .init(ramp("m", &[4]))
        .init(ramp("v", &[4]))
        .node(node("Conv", "conv", &["x", "w"], &["c"], vec![attr_ints("pads", &[1, 1, 1, 1])]))
        .node(node("BatchNormalization", "bn", &["c", "s", "b", "m", "v"], &["y"], vec![]))
        .output(open_output("y", data_type::FLOAT));
    let t = g.import_and_run_pass("stablehlo-fold-batchnorm");
    assert_eq!(count(&t, "stablehlo.batch_norm_inference"), 0, "{t}");
    assert_eq!(count(&t, "stablehlo.convolution"), 1, "{t}");
}
