//! The Toy reshape patterns of MLIR's tutorial (chapter 3), written with the
//! `pattern!` macro over a throwaway op set, applied by the greedy driver.

use strata_ir::dialect::DialectDef;
use strata_ir::opdef::{OpDef, Traits};
use strata_ir::parser::{parse_source, ParseOptions};
use strata_ir::printer::{print_top_level, PrintOptions};
use strata_ir::{AttrKind, Attribute, Body, Context, Op, Type};
use strata_rewrite::pattern;
use strata_rewrite::{apply_patterns_greedily, FrozenPatternSet, GreedyConfig, PatternSet};

/// `toy.constant` value reshaped to `ty` (same elements, new shape).
fn reshape_constant(ctx: &Context, value: Attribute, ty: Type) -> Attribute {
    match ctx.attr_kind(value) {
        AttrKind::DenseElements { data, .. } => ctx.intern_attr(AttrKind::DenseElements { ty, data: data.clone() }),
        _ => value,
    }
}

fn toy_context() -> Context {
    let mut ctx = strata_ir::Context::new();
    let constant = OpDef::new("toy.constant")
        .traits(Traits::PURE | Traits::CONSTANT_LIKE)
        .constant(|ctx, body: &Body, op: Op| body.op_attr(ctx, op, "value"));
    let reshape = OpDef::new("toy.reshape").traits(Traits::PURE);
    let print = OpDef::new("toy.print");
    ctx.register_dialect(DialectDef::new("toy").op(constant).op(reshape).op(print));
    ctx
}

fn toy_patterns(ctx: &Context) -> FrozenPatternSet {
    let mut set = PatternSet::new();
    set.add(pattern! {
        name: ReshapeReshapeOptPattern,
        from: (toy.reshape (toy.reshape x)),
        to: (toy.reshape x),
    });
    set.add(pattern! {
        name: RedundantReshapeOptPattern,
        from: (res = toy.reshape x),
        when: |m, _ctx| m.ty("res") == m.ty("x"),
        to: x,
    });
    set.add(pattern! {
        name: FoldConstantReshapeOptPattern,
        from: (res = toy.reshape (toy.constant {value: v})),
        to: (toy.constant {value: (|m, ctx| reshape_constant(ctx, m.attr("v"), m.ty("res")))}),
    });
    FrozenPatternSet::new(ctx, set, &[], &[])
}

/// Runs the patterns on the module body of `input`; returns the printed IR.
fn run(input: &str) -> String {
    let ctx = toy_context();
    let src = strata_ir::diagnostics::SourceFile::new("t.mlir", input.to_string());
    let mut m =
        parse_source(&ctx, &src, 0..input.len(), ParseOptions { allow_unregistered: true }, true).expect("parses");
    let patterns = toy_patterns(&ctx);
    let body = m.body.nested_mut(m.op).expect("module owns its body");
    let cfg = GreedyConfig { top_down: true, ..GreedyConfig::default() };
    assert!(apply_patterns_greedily(&ctx, body, &patterns, &cfg).converged);
    print_top_level(&ctx, &m.body, m.op, PrintOptions { generic: true, ..Default::default() }, &[])
}

#[test]
fn reshape_of_reshape_of_argument_disappears() {
    let out = run(r#"
%a = "toy.arg"() : () -> tensor<4xf64>
%1 = "toy.reshape"(%a) : (tensor<4xf64>) -> tensor<2x2xf64>
%2 = "toy.reshape"(%1) : (tensor<2x2xf64>) -> tensor<4xf64>
"toy.print"(%2) : (tensor<4xf64>) -> ()
"#);
    assert!(!out.contains("toy.reshape"), "{out}");
    assert!(out.contains(r#""toy.print"(%0)"#), "{out}");
}

#[test]
fn reshape_of_constant_folds_into_the_constant() {
    let out = run(r#"
%0 = "toy.constant"() {value = dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf64>} : () -> tensor<4xf64>
%1 = "toy.reshape"(%0) : (tensor<4xf64>) -> tensor<2x2xf64>
"toy.print"(%1) : (tensor<2x2xf64>) -> ()
"#);
    assert!(!out.contains("toy.reshape"), "{out}");
    assert!(
        out.contains("dense<[[1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]> : tensor<2x2xf64>"),
        "{out}"
    );
}

#[test]
fn reshape_to_a_different_shape_stays() {
    let out = run(r#"
%a = "toy.arg"() : () -> tensor<4xf64>
%1 = "toy.reshape"(%a) : (tensor<4xf64>) -> tensor<2x2xf64>
"toy.print"(%1) : (tensor<2x2xf64>) -> ()
"#);
    assert!(out.contains(r#""toy.reshape"(%0) : (tensor<4xf64>) -> tensor<2x2xf64>"#), "{out}");
}

/// Built ops take the fusion of the matched ops' locations, as DRR's
/// generated rewriters do (`rewriter.getFusedLoc`).
#[test]
fn built_op_has_the_fused_location_of_the_matched_ops() {
    let ctx = toy_context();
    let input = r#"
%a = "toy.arg"() : () -> tensor<4xf64>
%1 = "toy.reshape"(%a) : (tensor<4xf64>) -> tensor<2x2xf64> loc("f":1:1)
%2 = "toy.reshape"(%1) : (tensor<2x2xf64>) -> tensor<1x4xf64> loc("f":2:2)
"toy.print"(%2) : (tensor<1x4xf64>) -> ()
"#;
    let src = strata_ir::diagnostics::SourceFile::new("t.mlir", input.to_string());
    let mut m =
        parse_source(&ctx, &src, 0..input.len(), ParseOptions { allow_unregistered: true }, true).expect("parses");
    let patterns = toy_patterns(&ctx);
    let body = m.body.nested_mut(m.op).expect("module owns its body");
    assert!(apply_patterns_greedily(&ctx, body, &patterns, &GreedyConfig::default()).converged);
    // Local scope prints locations inline rather than as `#loc` aliases.
    let options = PrintOptions { generic: true, debug_info: true, local_scope: true, ..Default::default() };
    let out = print_top_level(&ctx, &m.body, m.op, options, &[]);
    assert!(out.contains(r#"-> tensor<1x4xf64> loc(fused["f":2:2, "f":1:1])"#), "{out}");
}
