//! The dialect conversion driver on a throwaway `src`/`dst` op set: partial
//! and full conversion, remapped operands across a type change, dynamic
//! legality, cast reconciliation and MLIR's failure messages.

use strata_ir::dialect::DialectDef;
use strata_ir::opdef::OpDef;
use strata_ir::parser::{parse_source, ParseOptions};
use strata_ir::printer::{print_top_level, PrintOptions};
use strata_ir::{Context, Op, OpSpec, TypeKind, Value};
use strata_rewrite::conversion::{
    apply_full_conversion, apply_partial_conversion, ConversionPattern, ConversionPatternSet, ConversionRewriter,
    ConversionTarget, TypeConverter,
};

fn context() -> Context {
    let mut ctx = Context::new();
    let mut src = DialectDef::new("src");
    for n in ["src.make", "src.use", "src.keep", "src.inc"] {
        src = src.op(OpDef::new(n));
    }
    let mut dst = DialectDef::new("dst");
    for n in ["dst.make", "dst.use", "dst.inc"] {
        dst = dst.op(OpDef::new(n));
    }
    ctx.register_dialect(src);
    ctx.register_dialect(dst);
    ctx
}

/// `src.make : f32` becomes `dst.make : i32` (a type change).
struct MakeLowering;
impl ConversionPattern for MakeLowering {
    fn root(&self) -> Option<&str> {
        Some("src.make")
    }
    fn name(&self) -> &str {
        "MakeLowering"
    }
    fn match_and_rewrite(&self, op: Op, _operands: &[Value], rw: &mut ConversionRewriter<'_, '_>) -> bool {
        let ctx = rw.ctx;
        let loc = rw.body().op_loc(op);
        let i32t = ctx.intern_type(TypeKind::Integer { width: 32, signedness: strata_ir::types::Signedness::Signless });
        let new_op = rw.create(OpSpec::new(ctx, "dst.make", loc).results(&[i32t]));
        let v = rw.body().result(new_op, 0);
        rw.replace_op(op, &[v]);
        true
    }
}

/// `src.use(x)` becomes `dst.use(x')` on the converted operand.
struct UseLowering;
impl ConversionPattern for UseLowering {
    fn root(&self) -> Option<&str> {
        Some("src.use")
    }
    fn name(&self) -> &str {
        "UseLowering"
    }
    fn match_and_rewrite(&self, op: Op, operands: &[Value], rw: &mut ConversionRewriter<'_, '_>) -> bool {
        let ctx = rw.ctx;
        let loc = rw.body().op_loc(op);
        rw.create(OpSpec::new(ctx, "dst.use", loc).operands(operands));
        rw.erase_op(op);
        true
    }
}

/// `src.keep` stays but takes converted operands (like toy.print in Ch5).
struct KeepUpdate;
impl ConversionPattern for KeepUpdate {
    fn root(&self) -> Option<&str> {
        Some("src.keep")
    }
    fn name(&self) -> &str {
        "KeepUpdate"
    }
    fn match_and_rewrite(&self, op: Op, operands: &[Value], rw: &mut ConversionRewriter<'_, '_>) -> bool {
        let ops: Vec<Value> = operands.to_vec();
        rw.modify_in_place(op, |b| b.set_operands(op, &ops));
        true
    }
}

fn target() -> ConversionTarget {
    let mut t = ConversionTarget::new();
    t.add_legal_dialect("dst").add_illegal_dialect("src");
    t.add_dynamically_legal_op("src.keep", |ctx, body, op| {
        body.operand_types(op).iter().all(|&t| !matches!(ctx.type_kind(t), TypeKind::Float(_)))
    });
    t
}

fn patterns(with_keep: bool) -> ConversionPatternSet {
    let mut p = ConversionPatternSet::new();
    p.add(MakeLowering);
    p.add(UseLowering);
    if with_keep {
        p.add(KeepUpdate);
    }
    p
}

fn run(input: &str, full: bool, with_keep: bool, tc: Option<&TypeConverter>) -> Result<String, String> {
    let ctx = context();
    let src = strata_ir::diagnostics::SourceFile::new("t.mlir", input.to_string());
    let mut m =
        parse_source(&ctx, &src, 0..input.len(), ParseOptions { allow_unregistered: true }, true).expect("parses");
    let body = m.body.nested_mut(m.op).expect("module owns its body");
    let t = target();
    let p = patterns(with_keep);
    let r = if full {
        apply_full_conversion(&ctx, body, &t, &p, tc)
    } else {
        apply_partial_conversion(&ctx, body, &t, &p, tc)
    };
    match r {
        Ok(()) => Ok(print_top_level(&ctx, &m.body, m.op, PrintOptions { generic: true, ..Default::default() }, &[])),
        Err(d) => Err(d.message),
    }
}

const PROGRAM: &str = r#"
%0 = "src.make"() : () -> f32
"src.use"(%0) : (f32) -> ()
"src.keep"(%0) : (f32) -> ()
"other.op"() : () -> ()
"#;

#[test]
fn partial_conversion_remaps_operands_and_drops_dead_casts() {
    let out = run(PROGRAM, false, true, None).expect("converts");
    assert!(out.contains(r#"%0 = "dst.make"() : () -> i32"#), "{out}");
    assert!(out.contains(r#""dst.use"(%0) : (i32) -> ()"#), "{out}");
    assert!(out.contains(r#""src.keep"(%0) : (i32) -> ()"#), "{out}");
    assert!(out.contains("other.op"), "{out}");
    assert!(!out.contains("unrealized_conversion_cast"), "{out}");
}

#[test]
fn partial_conversion_reports_an_illegal_op_left() {
    let err = run(PROGRAM, false, false, None).expect_err("src.keep stays illegal");
    assert_eq!(err, "failed to legalize operation 'src.keep' that was explicitly marked illegal");
}

#[test]
fn full_conversion_rejects_unknown_ops() {
    let err = run(PROGRAM, true, true, None).expect_err("other.op is not legal");
    assert_eq!(err, "failed to legalize operation 'other.op'");
}

#[test]
fn full_conversion_succeeds_when_everything_is_legal() {
    let out =
        run("%0 = \"src.make\"() : () -> f32\n\"src.use\"(%0) : (f32) -> ()\n", true, true, None).expect("converts");
    assert!(!out.contains("src."), "{out}");
}

#[test]
fn a_live_cast_stays_when_a_user_is_not_converted() {
    let out =
        run("%0 = \"src.make\"() : () -> f32\n\"other.use\"(%0) : (f32) -> ()\n", false, true, None).expect("converts");
    assert!(out.contains(r#""builtin.unrealized_conversion_cast"(%0) : (i32) -> f32"#), "{out}");
}

#[test]
fn type_converter_materializes_target_casts() {
    // Patterns see index-typed operands when the converter maps i32 to index.
    let mut tc = TypeConverter::new();
    tc.add_conversion(|ctx, t| match ctx.type_kind(t) {
        TypeKind::Integer { width: 32, .. } => Some(ctx.intern_type(TypeKind::Index)),
        _ => Some(t),
    });
    let out = run("%0 = \"src.make\"() : () -> f32\n\"src.use\"(%0) : (f32) -> ()\n", false, true, Some(&tc))
        .expect("converts");
    assert!(out.contains(r#""builtin.unrealized_conversion_cast"(%0) : (i32) -> index"#), "{out}");
    assert!(out.contains(r#""dst.use"(%1) : (index) -> ()"#), "{out}");
}

/// `src.inc(x)` becomes `src.use(x)`: an illegal op the driver must
/// legalize in turn (to `dst.use`).
struct IncToUse;
impl ConversionPattern for IncToUse {
    fn root(&self) -> Option<&str> {
        Some("src.inc")
    }
    fn name(&self) -> &str {
        "IncToUse"
    }
    fn match_and_rewrite(&self, op: Op, operands: &[Value], rw: &mut ConversionRewriter<'_, '_>) -> bool {
        let ctx = rw.ctx;
        let loc = rw.body().op_loc(op);
        rw.create(OpSpec::new(ctx, "src.use", loc).operands(operands));
        rw.erase_op(op);
        true
    }
}

#[test]
fn ops_created_by_patterns_are_legalized_in_turn() {
    let ctx = context();
    let input = "%0 = \"src.make\"() : () -> f32\n\"src.inc\"(%0) : (f32) -> ()\n";
    let src = strata_ir::diagnostics::SourceFile::new("t.mlir", input.to_string());
    let mut m =
        parse_source(&ctx, &src, 0..input.len(), ParseOptions { allow_unregistered: true }, true).expect("parses");
    let body = m.body.nested_mut(m.op).expect("module owns its body");
    let mut p = patterns(true);
    p.add(IncToUse);
    apply_full_conversion(&ctx, body, &target(), &p, None).expect("converts");
    let out = print_top_level(&ctx, &m.body, m.op, PrintOptions { generic: true, ..Default::default() }, &[]);
    assert!(out.contains(r#""dst.use"(%0) : (i32) -> ()"#), "{out}");
    assert!(!out.contains("src."), "{out}");
}

#[test]
fn ops_in_nested_regions_are_converted() {
    let out = run(
        "\"other.region\"() ({\n  %0 = \"src.make\"() : () -> f32\n  \"src.use\"(%0) : (f32) -> ()\n}) : () -> ()\n",
        false,
        true,
        None,
    )
    .expect("converts");
    assert!(out.contains(r#""dst.use"(%0) : (i32) -> ()"#), "{out}");
    assert!(!out.contains("unrealized_conversion_cast"), "{out}");
}
