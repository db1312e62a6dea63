//! `scf.execute_region`: a region of any number of blocks run once, its
//! `scf.yield`s giving the results. mlir-opt 22's syntax
//! (`%r = scf.execute_region -> i64 no_inline { ... } {attrs}`), upstream's
//! verifier messages, and its two inlining canonicalizations:
//! `SingleBlockExecuteInliner` (one block, any parent) and
//! `MultiBlockExecuteInliner` (several blocks, directly in a function or in
//! another execute_region). Neither applies to a `no_inline` region.

use strata_ir::constraints as c;
use strata_ir::lexer::Tok;
use strata_ir::opdef::{OpDef, Traits};
use strata_ir::parser::{OpState, PResult, Parser};
use strata_ir::printer::OpPrinter;
use strata_ir::{Body, Context, Diagnostic, Op, OpSpec};
use strata_rewrite::pattern::FnPattern;
use strata_rewrite::{CanonicalizationPatterns, PatternRewriter, PatternSet};

use super::ops::{check_edge, op_error};

pub fn op() -> OpDef {
    OpDef::new("scf.execute_region")
        .optional_attr("no_inline", c::UNIT_ATTR)
        .variadic_result("results", c::ANY_TYPE)
        .region("region")
        .traits(Traits::RECURSIVE_MEMORY_EFFECTS)
        .custom(print, parse)
        .verifier(verify)
        .interface(CanonicalizationPatterns(populate))
}

fn print(p: &mut OpPrinter<'_, '_>, op: Op) {
    let ctx = p.ctx;
    let body = p.body;
    let results = body.result_types(op);
    if !results.is_empty() {
        p.write(" -> ");
        p.print_result_types(&results);
    }
    p.write(" ");
    let attrs = body.op_attrs(op);
    if ctx.dict_get(attrs, "no_inline").is_some() {
        p.write("no_inline ");
    }
    // Terminators always show: a yield ends each of possibly many blocks.
    p.print_region(op, 0, false, true);
    p.print_optional_attr_dict(attrs, &["no_inline"]);
}

fn parse(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let ctx = p.ctx;
    if p.eat(Tok::Arrow) {
        let tys = p.parse_function_result_types()?;
        state.result_types.extend(tys);
    }
    if p.eat_keyword("no_inline") {
        state.add_attr(ctx, "no_inline", ctx.unit_attr());
    }
    p.parse_region_into(state, &[])?;
    p.parse_optional_attr_dict(state)?;
    Ok(())
}

/// At least one block, no entry arguments, and every `scf.yield` of the
/// region gives the result types.
fn verify(ctx: &Context, body: &Body, op: Op) -> Result<(), Diagnostic> {
    let (rb, regions) = body.regions_of(op);
    let Some(&r) = regions.first() else { return Ok(()) };
    let Some(entry) = rb.first_block(r) else {
        return Err(op_error(ctx, body, op, "region needs to have at least one block"));
    };
    if !rb.block_args(entry).is_empty() {
        return Err(op_error(ctx, body, op, "region cannot have any arguments"));
    }
    let results = body.result_types(op);
    for b in rb.blocks(r) {
        if let Some(t) = rb.last_op(b) {
            if ctx.op_name_is(rb.op_name(t), "scf.yield") {
                check_edge(ctx, body, op, "scf.yield", "parent", rb.op_loc(t), &rb.operand_types(t), &results)?;
            }
        }
    }
    Ok(())
}

fn populate(_: &Context, set: &mut PatternSet) {
    set.add(FnPattern {
        root: Some("scf.execute_region"),
        name: "SingleBlockExecuteInliner",
        benefit: 1,
        f: inline_single_block,
    });
    set.add(FnPattern {
        root: Some("scf.execute_region"),
        name: "MultiBlockExecuteInliner",
        benefit: 1,
        f: inline_multi_block,
    });
    super::region_branch::populate(set, "scf.execute_region");
}

fn no_inline(rw: &PatternRewriter<'_>, op: Op) -> bool {
    rw.body().op_attr(rw.ctx, op, "no_inline").is_some()
}

/// One block ending in `scf.yield`: its ops move before the op, the
/// yielded values replace the results.
fn inline_single_block(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    if no_inline(rw, op) {
        return false;
    }
    let body = rw.body();
    let Some(&r) = body.regions_of(op).1.first() else { return false };
    if body.blocks(r).count() != 1 {
        return false;
    }
    super::canonicalize::replace_op_with_region(rw, op, 0, &[])
}

/// Several blocks, directly in a function or an execute_region: the op's block is
/// split after the op, the region's blocks go in between, each `scf.yield`
/// becomes a `cf.br` to the continuation, whose arguments replace the
/// results.
fn inline_multi_block(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    let ctx = rw.ctx;
    if no_inline(rw, op) {
        return false;
    }
    let body = rw.body();
    let Some(&r) = body.regions_of(op).1.first() else { return false };
    if body.blocks(r).count() < 2 {
        return false;
    }
    // Upstream inlines into a function (the owner of this arena: no
    // parent op here) or another execute_region only.
    if let Some(parent) = body.parent_op(op) {
        if !ctx.op_name_is(body.op_name(parent), "scf.execute_region") {
            return false;
        }
    }
    let Some(block) = body.op_block(op) else { return false };
    let loc = body.op_loc(op);
    let result_types = body.result_types(op);
    let after = body.next_op(op);
    let next = rw.split_block(block, after);
    let args: Vec<_> = result_types.iter().map(|&t| rw.body_mut_unnotified().add_block_arg(next, t, loc)).collect();
    let blocks: Vec<_> = rw.body().blocks(r).collect();
    let entry = blocks[0];
    for &b in &blocks {
        let Some(y) = rw.body().last_op(b) else { continue };
        if !ctx.op_name_is(rw.body().op_name(y), "scf.yield") {
            continue;
        }
        let values = rw.body().operand_vec(y);
        let yloc = rw.body().op_loc(y);
        rw.set_insertion_point_before(y);
        let mut spec = OpSpec::new(ctx, "cf.br", yloc);
        spec.operands.extend(values);
        spec.successors.push(next);
        rw.create(spec);
        rw.erase_op(y);
    }
    let b = rw.body_mut_unnotified();
    for &blk in &blocks {
        b.remove_block(blk);
        b.insert_block_before(next, blk);
    }
    // The op's block branches to the region's entry.
    rw.set_insertion_point_before(op);
    let mut br = OpSpec::new(ctx, "cf.br", loc);
    br.successors.push(entry);
    rw.create(br);
    rw.replace_op(op, &args);
    true
}
