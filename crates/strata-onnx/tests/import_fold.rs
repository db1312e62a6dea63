//! Importer: graph simplification before the support check, as real
//! exports need it. Mask and table subgraphs on constants fold away through
//! the evaluator (whatever their operators), nodes no output needs are
//! dropped unchecked, F.pad's computed pads become static, and what remains
//! unsupported after folding is reported all at once.

mod common;
use common::*;
use strata_onnx::proto::{data_type, NodeProto, TensorProto};

fn bool_tensor(name: &str, dims: &[i64], data: &[bool]) -> TensorProto {
    TensorProto {
        name: Some(name.into()),
        dims: dims.to_vec(),
        data_type: Some(data_type::BOOL),
        int32_data: data.iter().map(|&b| b as i32).collect(),
        ..Default::default()
    }
}

/// The names of every stablehlo op in the printed module.
fn ops(text: &str) -> Vec<String> {
    let mut v: Vec<String> = text
        .lines()
        .filter_map(|l| {
            let i = l.find("\"stablehlo.")?;
            let rest = &l[i + 1..];
            Some(rest[..rest.find('"')?].to_string())
        })
        .collect();
    v.sort();
    v.dedup();
    v
}

#[test]
fn mask_and_table_subgraphs_on_constants_fold_away() {
    // A positional table built the way exporters build masks and rotary
    // tables, from constants only, then added to the runtime input:
    //   r = Range(0, 4, 1); m = Mod(r, 2); c = CumSum(r)
    //   tri = Trilu(ConstantOfShape([4, 4], 1.0), lower)
    //   keep = And(Not(IsNaN(tri)), Equal(m, 0))        [4, 4]
    //   w = Where(keep, tri, 0) + Cast(c)               [4, 4]
    //   e = ScatterND(Expand(w, [2, 4, 4]), [[0, 0, 0]], [5])
    //   g = GatherElements(e, [[[0], [1], [2], [3]]] * 2, axis 2): diagonals
    //   t = Einsum("bij->bi", g); y = x + Sin(t) * Cos(t)
    let one =
        TensorProto { dims: vec![1], data_type: Some(data_type::FLOAT), float_data: vec![1.0], ..Default::default() };
    let g = Graph::new(17)
        .input(f32_value("x", &[2, 4]))
        .init(i64_tensor("zero", &[], &[0]))
        .init(i64_tensor("four", &[], &[4]))
        .init(i64_tensor("onei", &[], &[1]))
        .init(i64_tensor("two", &[], &[2]))
        .init(i64_tensor("shape44", &[2], &[4, 4]))
        .init(i64_tensor("shape244", &[3], &[2, 4, 4]))
        .init(f32_tensor("zf", &[], &[0.0]))
        .init(i64_tensor("where", &[1, 3], &[0, 0, 0]))
        .init(f32_tensor("five", &[1], &[5.0]))
        .init(i64_tensor("idx", &[2, 4, 1], &[0, 1, 2, 3, 0, 1, 2, 3]))
        .node(node("Range", "range", &["zero", "four", "onei"], &["r"], vec![]))
        .node(node("Mod", "mod", &["r", "two"], &["m"], vec![]))
        .node(node("CumSum", "cumsum", &["r", "zero"], &["c"], vec![]))
        .node(node("ConstantOfShape", "ones", &["shape44"], &["o"], vec![attr_t("value", one)]))
        .node(node("Trilu", "tril", &["o"], &["tri"], vec![attr_i("upper", 0)]))
        .node(node("IsNaN", "isnan", &["tri"], &["nan"], vec![]))
        .node(node("Not", "not", &["nan"], &["ok"], vec![]))
        .node(node("Equal", "even", &["m", "zero"], &["ev"], vec![]))
        .node(node("And", "and", &["ok", "ev"], &["keep"], vec![]))
        .node(node("Where", "where", &["keep", "tri", "zf"], &["w0"], vec![]))
        .node(node("Cast", "cast", &["c"], &["cf"], vec![attr_i("to", data_type::FLOAT as i64)]))
        .node(node("Add", "addc", &["w0", "cf"], &["w"], vec![]))
        .node(node("Expand", "expand", &["w", "shape244"], &["e0"], vec![]))
        .node(node("ScatterND", "scatter", &["e0", "where", "five"], &["e"], vec![]))
        .node(node("GatherElements", "ge", &["e", "idx"], &["gathered"], vec![attr_i("axis", 2)]))
        .node(node("Einsum", "einsum", &["gathered"], &["t"], vec![attr_s("equation", "bij->bi")]))
        .node(node("Sin", "sin", &["t"], &["s"], vec![]))
        .node(node("Cos", "cos", &["t"], &["k"], vec![]))
        .node(node("Mul", "sincos", &["s", "k"], &["sk"], vec![]))
        .node(node("Add", "out", &["x", "sk"], &["y"], vec![]))
        .output(f32_value("y", &[2, 4]));
    let t = g.import();
    // Only the runtime add and its constant operand are left.
    assert_eq!(ops(&t), vec!["stablehlo.add", "stablehlo.constant"], "{t}");
    assert_eq!(count(&t, "stablehlo.add"), 1, "{t}");
    // w[i][i] = [i even] + cumsum[i] = 1, 1, 4, 6; the scatter makes
    // batch 0's first one 5.
    let want: Vec<f64> = [5.0f64, 1.0, 4.0, 6.0, 1.0, 1.0, 4.0, 6.0].iter().map(|&t| t.sin() * t.cos()).collect();
    let c = the_op(&t, "stablehlo.constant");
    assert!(c.contains("tensor<2x4xf32>"), "{c}");
    let list = &c[c.find("dense<[").unwrap() + 7..c.find("]>").unwrap()];
    let got: Vec<f64> =
        list.split(',').map(|v| v.trim().trim_matches(|ch| ch == '[' || ch == ']').parse().unwrap()).collect();
    assert_eq!(got.len(), want.len(), "{c}");
    for (g, w) in got.iter().zip(&want) {
        assert!((g - w).abs() < 1e-5, "{c}");
    }
}

#[test]
fn nodes_no_output_needs_are_not_imported_or_checked() {
    // TopK and a com.microsoft node read the input, but nothing reads them;
    // nor the shape computation an exporter left behind.
    let g = Graph::new(17)
        .input(f32_value("x", &[2, 3]))
        .init(i64_tensor("k", &[1], &[1]))
        .node(node("TopK", "dead_topk", &["x", "k"], &["tv", "ti"], vec![]))
        .node(NodeProto {
            domain: Some("com.microsoft".into()),
            ..node("FusedGemm", "dead_fg", &["tv"], &["fg"], vec![])
        })
        .node(node("Shape", "dead_shape", &["x"], &["s"], vec![]))
        .node(node("Relu", "relu", &["x"], &["y"], vec![]))
        .output(f32_value("y", &[2, 3]));
    let t = g.import();
    assert_eq!(ops(&t), vec!["stablehlo.constant", "stablehlo.maximum"], "{t}");
    assert!(!t.contains("dead_"), "{t}");
}

#[test]
fn every_unsupported_runtime_node_is_listed_after_folding() {
    // Hardmax and NonZero read the runtime input; Unique reads NonZero's
    // unknown output and is unsupported too; the Relu after Hardmax is supported and
    // skipped; Mod on constants folds; the bad Reshape after them is not
    // reported over the unsupported operators.
    let g = Graph::new(17)
        .input(f32_value("x", &[4]))
        .init(i64_tensor("a", &[1], &[7]))
        .init(i64_tensor("b", &[1], &[4]))
        .init(bool_tensor("t", &[4], &[true, false, true, false]))
        .node(node("Mod", "const_mod", &["a", "b"], &["m"], vec![]))
        .node(node("Hardmax", "sin", &["x"], &["s"], vec![]))
        .node(node("Relu", "relu_of_unknown", &["s"], &["r"], vec![]))
        .node(node("NonZero", "isnan", &["x"], &["n"], vec![]))
        .node(node("Unique", "and", &["n", "t"], &["guard"], vec![]))
        .node(node("Cast", "cast", &["guard"], &["gf"], vec![attr_i("to", data_type::FLOAT as i64)]))
        .node(node("Reshape", "bad_reshape", &["x", "m"], &["xr"], vec![]))
        .node(node("Add", "add1", &["r", "gf"], &["y0"], vec![]))
        .node(node("Add", "add2", &["y0", "xr"], &["y"], vec![]))
        .output(f32_value("y", &[4]));
    let e = g.import_err();
    assert!(e.starts_with("3 unsupported operators remain after constant folding:"), "{e}");
    assert!(e.contains("node 'sin': Hardmax (domain ai.onnx, opset 17)"), "{e}");
    assert!(e.contains("node 'isnan': NonZero (domain ai.onnx, opset 17)"), "{e}");
    assert!(e.contains("node 'and': Unique (domain ai.onnx, opset 17)"), "{e}");
    assert!(!e.contains("Mod") && !e.contains("relu") && !e.contains("bad_reshape"), "{e}");
    // Without the unsupported nodes, the bad reshape is the error.
    let g = Graph::new(17)
        .input(f32_value("x", &[4]))
        .init(i64_tensor("a", &[1], &[7]))
        .init(i64_tensor("b", &[1], &[4]))
        .node(node("Mod", "const_mod", &["a", "b"], &["m"], vec![]))
        .node(node("Reshape", "bad_reshape", &["x", "m"], &["y"], vec![]))
        .output(open_output("y", data_type::FLOAT));
    let e = g.import_err();
    assert!(e.contains("node 'bad_reshape' (Reshape): cannot reshape [4]"), "{e}");
}

#[test]
fn invalid_constant_nodes_are_named() {
    let g = Graph::new(17)
        .input(f32_value("x", &[2]))
        .init(i64_tensor("a", &[1], &[7]))
        .init(i64_tensor("z", &[1], &[0]))
        .node(node("Div", "div_by_zero", &["a", "z"], &["q"], vec![]))
        .node(node("Cast", "cast", &["q"], &["qf"], vec![attr_i("to", data_type::FLOAT as i64)]))
        .node(node("Add", "add", &["x", "qf"], &["y"], vec![]))
        .output(f32_value("y", &[2]));
    let e = g.import_err();
    assert!(e.contains("node 'div_by_zero' (Div): integer division by zero"), "{e}");
}

#[test]
fn f_pad_with_computed_pads_imports_as_a_static_pad() {
    // What torch.onnx (TorchScript, opset 17) writes for
    // F.pad(x, (1, x.shape[-1] % 3 + 1, 2, 0)) on x of [1, 2, 5, 7]:
    // the pad list in PyTorch's order (last dimension first), padded with
    // zeros to 2 * rank by ConstantOfShape, reshaped to pairs, reversed
    // with a step -1 Slice, transposed and flattened into ONNX's order.
    let g = Graph::new(17)
        .input(f32_value("x", &[1, 2, 5, 7]))
        .init(i64_tensor("last", &[], &[-1]))
        .init(i64_tensor("three", &[], &[3]))
        .init(i64_tensor("one", &[], &[1]))
        .init(i64_tensor("ax0", &[1], &[0]))
        .init(i64_tensor("c1", &[1], &[1]))
        .init(i64_tensor("c2", &[1], &[2]))
        .init(i64_tensor("c0", &[1], &[0]))
        .init(i64_tensor("pairs", &[2], &[-1, 2]))
        .init(i64_tensor("flat", &[1], &[-1]))
        .init(i64_tensor("s_start", &[1], &[-1]))
        .init(i64_tensor("s_end", &[1], &[i64::MIN + 1]))
        .init(i64_tensor("s_step", &[1], &[-1]))
        .node(node("Shape", "shape", &["x"], &["sh"], vec![]))
        .node(node("Gather", "gather_w", &["sh", "last"], &["w"], vec![attr_i("axis", 0)]))
        .node(node("Mod", "mod", &["w", "three"], &["wm"], vec![]))
        .node(node("Add", "plus1", &["wm", "one"], &["right"], vec![]))
        .node(node("Unsqueeze", "unsq", &["right", "ax0"], &["right1"], vec![]))
        .node(node("Concat", "pad_list", &["c1", "right1", "c2", "c0"], &["plist"], vec![attr_i("axis", 0)]))
        .node(NodeProto {
            attribute: vec![attr_t("value", i64_tensor("", &[1], &[4]))],
            ..node("Constant", "zeros_len", &[], &["zl"], vec![])
        })
        .node(node("ConstantOfShape", "zeros", &["zl"], &["zs"], vec![attr_t("value", i64_tensor("", &[1], &[0]))]))
        .node(node("Concat", "full", &["plist", "zs"], &["p8"], vec![attr_i("axis", 0)]))
        .node(node("Reshape", "to_pairs", &["p8", "pairs"], &["p42"], vec![]))
        .node(node("Slice", "reverse", &["p42", "s_start", "s_end", "ax0", "s_step"], &["rev"], vec![]))
        .node(node("Transpose", "transpose", &["rev"], &["tr"], vec![attr_ints("perm", &[1, 0])]))
        .node(node("Reshape", "flatten", &["tr", "flat"], &["pf"], vec![]))
        .node(node("Cast", "cast", &["pf"], &["pads"], vec![attr_i("to", data_type::INT64 as i64)]))
        .node(node("Pad", "pad", &["x", "pads"], &["y"], vec![attr_s("mode", "constant")]))
        .output(open_output("y", data_type::FLOAT));
    let t = g.import();
    assert_eq!(ops(&t), vec!["stablehlo.constant", "stablehlo.pad"], "{t}");
    let p = the_op(&t, "stablehlo.pad");
    assert!(
        p.contains("edge_padding_low = array<i64: 0, 0, 2, 1>")
            && p.contains("edge_padding_high = array<i64: 0, 0, 0, 2>")
            && p.contains("-> tensor<1x2x7x10xf32>"),
        "{p}"
    );
}
