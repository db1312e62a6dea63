//! Greedy driver behaviour that does not depend on any dialect's patterns:
//! non-convergence stops at the iteration limit, the walk driver visits
//! each op once, and the expensive checks catch a lying pattern.

use strata_ir::dialect::DialectDef;
use strata_ir::opdef::{OpDef, Traits};
use strata_ir::parser::{parse_source, ParseOptions};
use strata_ir::printer::{print_top_level, PrintOptions};
use strata_ir::{Body, Context, Op};
use strata_rewrite::pattern::FnPattern;
use strata_rewrite::walk::walk_and_apply_patterns;
use strata_rewrite::{apply_patterns_greedily, FrozenPatternSet, GreedyConfig, PatternRewriter, PatternSet};

fn context() -> Context {
    let mut ctx = Context::new();
    ctx.register_dialect(DialectDef::new("t").op(OpDef::new("t.flip").traits(Traits::NONE)).op(OpDef::new("t.sink")));
    ctx
}

fn parse(ctx: &Context, text: &str) -> strata_ir::parser::ParsedModule {
    let src = strata_ir::diagnostics::SourceFile::new("t.mlir", text.to_string());
    parse_source(ctx, &src, 0..text.len(), ParseOptions { allow_unregistered: true }, true).expect("parses")
}

/// Toggles a unit attribute on `t.flip`: never converges.
fn flip(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    let ctx = rw.ctx;
    let on = rw.body().op_attr(ctx, op, "on").is_some();
    rw.modify_in_place(op, |b: &mut Body| b.set_op_attr(ctx, op, "on", if on { None } else { Some(ctx.unit_attr()) }));
    true
}

#[test]
fn a_cycling_pattern_stops_at_max_iterations() {
    let ctx = context();
    let mut m = parse(&ctx, r#""t.flip"() : () -> ()"#);
    let mut set = PatternSet::new();
    set.add_fn("t.flip", "Flip", flip);
    let patterns = FrozenPatternSet::new(&ctx, set, &[], &[]);
    let cfg = GreedyConfig { max_iterations: 3, max_num_rewrites: 5, ..GreedyConfig::default() };
    let r = apply_patterns_greedily(&ctx, m.body.nested_mut(m.op).unwrap(), &patterns, &cfg);
    assert!(!r.converged);
    assert_eq!(r.iterations, 4, "three iterations ran, the fourth was refused");
}

#[test]
fn disabled_patterns_are_not_applied() {
    let ctx = context();
    let mut m = parse(&ctx, r#""t.flip"() : () -> ()"#);
    let mut set = PatternSet::new();
    set.add_fn("t.flip", "Flip", flip);
    let patterns = FrozenPatternSet::new(&ctx, set, &["Flip".to_string()], &[]);
    let r = apply_patterns_greedily(&ctx, m.body.nested_mut(m.op).unwrap(), &patterns, &GreedyConfig::default());
    assert!(r.converged && !r.changed);
}

#[test]
fn walk_driver_visits_each_op_once() {
    let ctx = context();
    let mut m = parse(&ctx, "\"t.flip\"() : () -> ()\n\"t.flip\"() : () -> ()\n");
    let mut set = PatternSet::new();
    set.add_fn("t.flip", "Flip", flip);
    let patterns = FrozenPatternSet::new(&ctx, set, &[], &[]);
    assert_eq!(walk_and_apply_patterns(&ctx, m.body.nested_mut(m.op).unwrap(), &patterns), 2);
    let out = print_top_level(&ctx, &m.body, m.op, PrintOptions { generic: true, ..Default::default() }, &[]);
    assert_eq!(out.matches("{on}").count(), 2, "{out}");
}

#[test]
#[should_panic(expected = "returned success but IR did not change")]
fn expensive_checks_catch_success_without_change() {
    let ctx = context();
    let mut m = parse(&ctx, r#""t.sink"() : () -> ()"#);
    let mut set = PatternSet::new();
    set.add(FnPattern {
        root: Some("t.sink"),
        name: "Liar",
        benefit: 1,
        f: |_op: Op, _rw: &mut PatternRewriter<'_>| true,
    });
    let patterns = FrozenPatternSet::new(&ctx, set, &[], &[]);
    let cfg = GreedyConfig { expensive_checks: true, ..GreedyConfig::default() };
    apply_patterns_greedily(&ctx, m.body.nested_mut(m.op).unwrap(), &patterns, &cfg);
}
