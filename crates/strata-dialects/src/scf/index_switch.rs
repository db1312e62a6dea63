//! `scf.index_switch`: one region per case value plus a default region
//! (region 0, as upstream orders them: `defaultRegion` before the variadic
//! `caseRegions`), each a single block ending in `scf.yield`. mlir-opt 22's
//! syntax:
//!
//! ```text
//! %0 = scf.index_switch %arg -> i32, f32
//! case 1 {
//!   ...
//! }
//! default {
//!   ...
//! }
//! ```
//!
//! with the cases at the op's own indentation, upstream's verifier
//! messages, and `IndexSwitchOp::fold`'s effect as a pattern: a constant
//! selector inlines the chosen region (mlir-opt folds it as
//! `FoldConstantCase`).

use strata_ir::constraints as c;
use strata_ir::lexer::Tok;
use strata_ir::opdef::{AttrConstraint, OpDef, Traits};
use strata_ir::parser::{OpState, PResult, Parser};
use strata_ir::printer::{type_to_string, OpPrinter};
use strata_ir::{AttrKind, Attribute, Body, Context, Diagnostic, Op};
use strata_rewrite::pattern::FnPattern;
use strata_rewrite::{CanonicalizationPatterns, PatternRewriter, PatternSet};

use super::ops::{ensure_yield, op_error};

/// `array<i64: ...>`: the case values.
const DENSE_I64_ARRAY: AttrConstraint = AttrConstraint {
    check: |c, a| matches!(c.attr_kind(a), AttrKind::DenseArray { element, .. } if *element == c.i64()),
    summary: "i64 dense array attribute",
};

pub fn op() -> OpDef {
    OpDef::new("scf.index_switch")
        .operand("arg", c::INDEX)
        .attr("cases", DENSE_I64_ARRAY)
        .variadic_result("results", c::ANY_TYPE)
        .region("defaultRegion")
        .variadic_region("caseRegions")
        .traits(Traits::RECURSIVE_MEMORY_EFFECTS | Traits::SINGLE_BLOCK)
        .custom(print, parse)
        .verifier(verify)
        .interface(CanonicalizationPatterns(populate))
}

pub fn case_values(ctx: &Context, a: Option<Attribute>) -> Vec<i64> {
    match a.map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::DenseArray { data, len, .. }) if data.len() == len * 8 => {
            (0..*len).map(|i| i64::from_le_bytes(data[i * 8..i * 8 + 8].try_into().expect("8 bytes"))).collect()
        }
        _ => vec![],
    }
}

pub(super) fn dense_i64_array(ctx: &Context, v: &[i64]) -> Attribute {
    let data: Vec<u8> = v.iter().flat_map(|x| x.to_le_bytes()).collect();
    ctx.intern_attr(AttrKind::DenseArray { element: ctx.i64(), data: data.into(), len: v.len() })
}

fn print(p: &mut OpPrinter<'_, '_>, op: Op) {
    let ctx = p.ctx;
    let body = p.body;
    let attrs = body.op_attrs(op);
    p.write(" ");
    p.print_value(body.operand(op, 0));
    p.print_optional_attr_dict(attrs, &["cases"]);
    let results = body.result_types(op);
    if !results.is_empty() {
        p.write(" -> ");
        p.print_types(results.iter().copied());
    }
    // The declarative format's space before the custom directive stays at
    // the end of the line.
    p.write(" ");
    for (i, v) in case_values(ctx, ctx.dict_get(attrs, "cases")).into_iter().enumerate() {
        p.newline_with_extra_indent(0);
        p.write(&format!("case {v} "));
        // A custom directive: printRegion with its terminators.
        p.print_region(op, i + 1, false, true);
    }
    p.newline_with_extra_indent(0);
    p.write("default ");
    p.print_region(op, 0, false, !results.is_empty());
}

fn parse(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let ctx = p.ctx;
    let arg = p.parse_operand_ref()?;
    let v = p.resolve_operand(&arg, ctx.index_type())?;
    state.operands.push(v);
    p.parse_optional_attr_dict(state)?;
    if p.eat(Tok::Arrow) {
        let tys = p.parse_type_list_no_parens()?;
        state.result_types.extend(tys);
    }
    // The default region is region 0: parse the cases into later slots.
    let mut cases = Vec::new();
    let mut case_regions = Vec::new();
    while p.eat_keyword("case") {
        cases.push(p.parse_i64()?);
        // No implicit yield in a case (upstream's custom parser adds none:
        // an empty case fails the region constraint).
        p.parse_region_into(state, &[])?;
        case_regions.push(state.regions.pop().expect("just parsed"));
    }
    p.expect_keyword("default")?;
    p.parse_region_into(state, &[])?;
    let index = state.regions.len() - 1;
    ensure_yield(p, state, index);
    state.regions.extend(case_regions);
    state.add_attr(ctx, "cases", dense_i64_array(ctx, &cases));
    Ok(())
}

/// As many regions as case values, distinct values, and every region
/// yields values of the result types.
fn verify(ctx: &Context, body: &Body, op: Op) -> Result<(), Diagnostic> {
    let cases = case_values(ctx, body.op_attr(ctx, op, "cases"));
    let (rb, regions) = body.regions_of(op);
    let num_cases = regions.len().saturating_sub(1);
    if cases.len() != num_cases {
        return Err(op_error(ctx, body, op, format!("has {num_cases} case regions but {} case values", cases.len())));
    }
    let mut seen = std::collections::HashSet::new();
    for &v in &cases {
        if !seen.insert(v) {
            return Err(op_error(ctx, body, op, format!("has duplicate case value: {v}")));
        }
    }
    for (i, &r) in regions.iter().enumerate() {
        if rb.blocks(r).count() != 1 {
            let name = if i == 0 { "defaultRegion" } else { "caseRegions" };
            return Err(op_error(
                ctx,
                body,
                op,
                format!("region #{i} ('{name}') failed to verify constraint: region with 1 blocks"),
            ));
        }
    }
    let results = body.result_types(op);
    for (i, &r) in regions.iter().enumerate() {
        let name = if i == 0 { "default region".to_string() } else { format!("case region #{}", i - 1) };
        let Some(b) = rb.first_block(r) else { continue };
        let Some(y) = rb.last_op(b) else { continue };
        if !ctx.op_name_is(rb.op_name(y), "scf.yield") {
            continue;
        }
        let yielded = rb.operand_types(y);
        if yielded.len() != results.len() {
            return Err(op_error(
                ctx,
                body,
                op,
                format!(
                    "expected each region to return {} values, but {name} returns {}",
                    results.len(),
                    yielded.len()
                ),
            )
            .with_note(rb.op_loc(y), "see yield operation here"));
        }
        for (k, (&t, &want)) in yielded.iter().zip(&results).enumerate() {
            if t != want {
                return Err(op_error(
                    ctx,
                    body,
                    op,
                    format!("expected result #{k} of each region to be '{}'", type_to_string(ctx, want)),
                )
                .with_note(rb.op_loc(y), format!("{name} returns '{}' here", type_to_string(ctx, t))));
            }
        }
    }
    Ok(())
}

fn populate(_: &Context, set: &mut PatternSet) {
    set.add(FnPattern { root: Some("scf.index_switch"), name: "FoldConstantCase", benefit: 1, f: fold_constant_case });
    super::region_branch::populate(set, "scf.index_switch");
}

/// A constant selector: the matching case's region (or the default's)
/// replaces the op.
fn fold_constant_case(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    let ctx = rw.ctx;
    let body = rw.body();
    let Some(selector) = strata_ir::fold::constant_value(ctx, body, body.operand(op, 0)).and_then(|a| ctx.as_i64(a))
    else {
        return false;
    };
    let cases = case_values(ctx, body.op_attr(ctx, op, "cases"));
    let index = cases.iter().position(|&c| c == selector).map_or(0, |i| i + 1);
    super::canonicalize::replace_op_with_region(rw, op, index, &[])
}
