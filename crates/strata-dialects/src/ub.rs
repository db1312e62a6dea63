//! The `ub` dialect: `ub.poison` and its `#ub.poison` attribute, with
//! mlir-opt 22's syntax (`ub.poison : i32`, `ub.poison <#ub.poison> : i32`
//! reads back as the short form). The op is constant-like and folds to its
//! attribute, so the canonicalizer uniques and hoists it as any constant;
//! the dialect materializes `#ub.poison` of any type back into the op.

use strata_ir::dialect::{ClassCheckedProperties, DialectDef};
use strata_ir::fold::FoldResult;
use strata_ir::lexer::Tok;
use strata_ir::opdef::{AttrConstraint, OpDef, Traits};
use strata_ir::parser::{OpState, PResult, Parser};
use strata_ir::printer::OpPrinter;
use strata_ir::{AttrKind, Attribute, Body, Context, Location, Op, OpSpec, Type};

/// `#ub.poison`.
pub fn poison_attr(ctx: &Context) -> Attribute {
    let (dialect, name) = (ctx.intern_str("ub"), ctx.intern_str("poison"));
    ctx.intern_attr(AttrKind::Dialect { dialect, name, params: Box::new([]) })
}

/// Whether `a` is a poison value (upstream's `PoisonAttrInterface`).
pub fn is_poison(ctx: &Context, a: Attribute) -> bool {
    a == poison_attr(ctx)
}

const POISON_ATTR: AttrConstraint = AttrConstraint { check: is_poison, summary: "PoisonAttrInterface instance" };

fn parse_ub_attr(p: &mut Parser<'_>, mnemonic: &str) -> PResult<Attribute> {
    match mnemonic {
        "poison" => Ok(poison_attr(p.ctx)),
        other => {
            let at = p.here();
            p.err_at(at, format!("unknown attribute `{other}` in dialect `ub`"))
        }
    }
}

fn print_poison(p: &mut OpPrinter<'_, '_>, op: Op) {
    let attrs = p.body.op_attrs(op);
    p.print_optional_attr_dict(attrs, &["value"]);
    // The value prints only when it is not the default `#ub.poison`.
    if let Some(v) = p.ctx.dict_get(attrs, "value").filter(|&v| !is_poison(p.ctx, v)) {
        p.write(" <");
        p.print_attr(v);
        p.write(">");
    }
    p.write(" : ");
    p.print_type(p.body.value_type(p.body.result(op, 0)));
}

fn parse_poison(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    p.parse_optional_attr_dict(state)?;
    if p.eat(Tok::Less) {
        let at = p.here();
        let v = p.parse_attribute()?;
        if !is_poison(p.ctx, v) {
            return p.err_custom(at, "invalid kind of attribute specified");
        }
        state.add_attr(p.ctx, "value", v);
        p.expect(Tok::Greater, "'>'")?;
    }
    p.expect(Tok::Colon, "':'")?;
    let t = p.parse_type()?;
    state.result_types.push(t);
    Ok(())
}

fn poison_value(ctx: &Context, body: &Body, op: Op) -> Option<Attribute> {
    Some(body.op_attr(ctx, op, "value").unwrap_or_else(|| poison_attr(ctx)))
}

fn fold_poison(ctx: &Context, body: &mut Body, op: Op, _: &[Option<Attribute>]) -> FoldResult {
    match poison_value(ctx, body, op) {
        Some(a) => FoldResult::attr(a),
        None => FoldResult::Failed,
    }
}

/// `UBDialect::materializeConstant`: a poison attribute of any type.
fn materialize(ctx: &Context, body: &mut Body, value: Attribute, ty: Type, loc: Location) -> Option<Op> {
    if !is_poison(ctx, value) {
        return None;
    }
    let attrs = ctx.dictionary(vec![(ctx.intern_str("value"), value)]);
    Some(body.create_op(OpSpec::new(ctx, "ub.poison", loc).results(&[ty]).attrs(attrs)))
}

pub fn register(ctx: &mut Context) {
    let poison = OpDef::new("ub.poison")
        .default_attr("value", POISON_ATTR, poison_attr)
        .result("result", strata_ir::constraints::ANY_TYPE)
        .traits(Traits::PURE | Traits::CONSTANT_LIKE)
        .custom(print_poison, parse_poison)
        .folder(fold_poison)
        .constant(poison_value);
    let mut d = DialectDef::new("ub")
        .interface(ClassCheckedProperties(&["value"]))
        .interface(strata_ir::inliner_interface::DialectInlinerInterface::ALL_LEGAL)
        .op(poison)
        .materializer(materialize);
    d.parse_attr = Some(parse_ub_attr);
    ctx.register_dialect(d);
}
