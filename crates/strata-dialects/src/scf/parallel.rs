//! `scf.parallel` with its terminator `scf.reduce` and the reductions'
//! terminator `scf.reduce.return`: mlir-opt 22's syntax
//!
//! ```text
//! %r = scf.parallel (%i, %j) = (%lb0, %lb1) to (%ub0, %ub1) step (%s0, %s1) init (%x) -> f32 {
//!   ...
//!   scf.reduce(%v : f32) {
//!   ^bb0(%lhs: f32, %rhs: f32):
//!     %sum = arith.addf %lhs, %rhs : f32
//!     scf.reduce.return %sum : f32
//!   }
//! }
//! ```
//!
//! and upstream's verifier messages. `scf.parallel`'s checks run before its
//! body is verified (upstream's `verify`, not `verifyRegions`), so they are
//! the op's pre-region hook; `scf.reduce`'s region checks run after.

use strata_ir::branch::{dense_i32_array, dense_i32_values};
use strata_ir::constraints as c;
use strata_ir::fold::constant_value;
use strata_ir::lexer::Tok;
use strata_ir::opdef::{OpDef, Traits};
use strata_ir::parser::{EntryArg, OpState, OperandRef, PResult, Parser};
use strata_ir::printer::{type_to_string, OpPrinter, PrintedEntryArgs};
use strata_ir::{Body, Context, Diagnostic, Op, OpSpec, Value};
use strata_rewrite::CanonicalizationPatterns;

use super::ops::{ensure_terminator, op_error};

pub fn parallel_op() -> OpDef {
    OpDef::new("scf.parallel")
        .variadic_operand("lowerBound", c::INDEX)
        .variadic_operand("upperBound", c::INDEX)
        .variadic_operand("step", c::INDEX)
        .variadic_operand("initVals", c::ANY_TYPE)
        .attr_sized_operands()
        .variadic_result("results", c::ANY_TYPE)
        .region("region")
        .traits(Traits::SINGLE_BLOCK | Traits::RECURSIVE_MEMORY_EFFECTS)
        .custom(print_parallel, parse_parallel)
        .parent_verifier(|ctx, body, op, _| verify_parallel(ctx, body, op))
        .interface(PrintedEntryArgs(0))
        .interface(CanonicalizationPatterns(super::parallel_canonicalize::populate))
}

pub fn reduce_op() -> OpDef {
    OpDef::new("scf.reduce")
        .variadic_operand("operands", c::ANY_TYPE)
        .variadic_region("reductions")
        .traits(Traits::IS_TERMINATOR | Traits::RECURSIVE_MEMORY_EFFECTS)
        .parent("scf.parallel")
        .custom(print_reduce, parse_reduce)
        .verifier(verify_reduce)
}

pub fn reduce_return_op() -> OpDef {
    OpDef::new("scf.reduce.return")
        .operand("result", c::ANY_TYPE)
        .traits(Traits::PURE | Traits::IS_TERMINATOR)
        .parent("scf.reduce")
        .format("$result attr-dict `:` type($result)")
        .parent_verifier(|ctx, body, op, _| verify_reduce_return(ctx, body, op))
}

/// Builds a detached operand-less `scf.reduce` (the implicit terminator).
pub(super) fn build_empty_reduce(ctx: &Context, body: &mut Body, loc: strata_ir::Location) -> Op {
    body.create_op(OpSpec::new(ctx, "scf.reduce", loc))
}

/// The operand groups of an `scf.parallel`: lower bounds, upper bounds,
/// steps, init values.
pub struct ParallelOperands {
    pub lbs: Vec<Value>,
    pub ubs: Vec<Value>,
    pub steps: Vec<Value>,
    pub inits: Vec<Value>,
}

pub fn parallel_operands(ctx: &Context, body: &Body, op: Op) -> ParallelOperands {
    let all = body.operand_vec(op);
    let seg = dense_i32_values(ctx, body.op_attr(ctx, op, "operandSegmentSizes"));
    let mut sizes = [0usize; 4];
    if seg.len() == 4 && seg.iter().map(|&n| n.max(0) as usize).sum::<usize>() == all.len() {
        for (s, &n) in sizes.iter_mut().zip(&seg) {
            *s = n.max(0) as usize;
        }
    } else {
        sizes[3] = all.len();
    }
    let mut rest = &all[..];
    let mut take = |n: usize| {
        let (a, b) = rest.split_at(n);
        rest = b;
        a.to_vec()
    };
    ParallelOperands { lbs: take(sizes[0]), ubs: take(sizes[1]), steps: take(sizes[2]), inits: take(sizes[3]) }
}

/// The `operandSegmentSizes` of a parallel loop of `dims` dimensions and
/// `inits` init values.
pub fn parallel_segments(ctx: &Context, dims: usize, inits: usize) -> strata_ir::Attribute {
    dense_i32_array(ctx, &[dims as i32, dims as i32, dims as i32, inits as i32])
}

// ---- printing ----

fn print_parallel(p: &mut OpPrinter<'_, '_>, op: Op) {
    let ctx = p.ctx;
    let body = p.body;
    let ops = parallel_operands(ctx, body, op);
    let rb = p.region_body(op);
    let ivs: Vec<Value> = body
        .regions_of(op)
        .1
        .first()
        .and_then(|&r| rb.first_block(r))
        .map(|b| rb.block_args(b).to_vec())
        .unwrap_or_default();
    p.write(" (");
    p.print_operands(ivs);
    p.write(") = (");
    p.print_operands(ops.lbs);
    p.write(") to (");
    p.print_operands(ops.ubs);
    p.write(") step (");
    p.print_operands(ops.steps);
    p.write(")");
    if !ops.inits.is_empty() {
        p.write(" init (");
        p.print_operands(ops.inits);
        p.write(")");
    }
    let results = body.result_types(op);
    if !results.is_empty() {
        p.write(" -> ");
        p.print_result_types(&results);
    }
    p.write(" ");
    p.print_region(op, 0, false, true);
    p.print_optional_attr_dict(body.op_attrs(op), &["operandSegmentSizes"]);
}

fn print_reduce(p: &mut OpPrinter<'_, '_>, op: Op) {
    let body = p.body;
    let operands = body.operand_vec(op);
    if !operands.is_empty() {
        p.write("(");
        p.print_operands(operands.iter().copied());
        p.write(" : ");
        p.print_types(operands.iter().map(|&v| body.value_type(v)));
        p.write(")");
    }
    // The declarative format's space before `$reductions` stays even when
    // there are none (`scf.reduce ` ends the line).
    p.write(" ");
    for i in 0..body.num_regions(op) {
        if i > 0 {
            p.write(", ");
        }
        p.print_region(op, i, true, true);
    }
    p.print_optional_attr_dict(body.op_attrs(op), &[]);
}

// ---- parsing ----

/// `(%a, %b)`: a parenthesised, possibly empty, list of SSA names.
pub(super) fn parse_paren_refs<'a>(p: &mut Parser<'a>) -> PResult<Vec<OperandRef<'a>>> {
    p.expect(Tok::LParen, "'('")?;
    let mut refs = Vec::new();
    if p.eat(Tok::RParen) {
        return Ok(refs);
    }
    loop {
        refs.push(p.parse_operand_ref()?);
        if p.eat(Tok::RParen) {
            return Ok(refs);
        }
        p.expect(Tok::Comma, "')'")?;
    }
}

/// `kw`, or upstream's `parseKeyword` error (`custom op '...' expected 'kw'`).
pub(super) fn expect_keyword(p: &mut Parser<'_>, kw: &str) -> PResult<()> {
    if p.eat_keyword(kw) {
        return Ok(());
    }
    let at = p.here();
    p.err_custom(at, format!("expected '{kw}'"))
}

/// A parenthesised list of exactly `n` index operands (upstream's
/// `parseOperandList` with a required count).
fn parse_index_operands(p: &mut Parser<'_>, n: usize, state: &mut OpState) -> PResult<usize> {
    let ctx = p.ctx;
    let at = p.here();
    let refs = parse_paren_refs(p)?;
    if refs.len() != n {
        return p.err_custom(at, format!("expected {n} operands"));
    }
    for r in &refs {
        let v = p.resolve_operand(r, ctx.index_type())?;
        state.operands.push(v);
    }
    Ok(n)
}

fn parse_parallel(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let ctx = p.ctx;
    let ivs = parse_paren_refs(p)?;
    let n = ivs.len();
    p.expect(Tok::Equal, "'='")?;
    parse_index_operands(p, n, state)?;
    expect_keyword(p, "to")?;
    parse_index_operands(p, n, state)?;
    expect_keyword(p, "step")?;
    parse_index_operands(p, n, state)?;
    let inits = if p.eat_keyword("init") { parse_paren_refs(p)? } else { Vec::new() };
    let types = if p.eat(Tok::Arrow) { p.parse_function_result_types()? } else { Vec::new() };
    let entry: Vec<EntryArg<'_>> =
        ivs.into_iter().map(|name| EntryArg { name, ty: ctx.index_type(), loc: None }).collect();
    p.parse_region_into(state, &entry)?;
    state.add_attr(ctx, "operandSegmentSizes", parallel_segments(ctx, n, inits.len()));
    p.parse_optional_attr_dict(state)?;
    if inits.len() != types.len() {
        let loc = state.loc;
        return p.err_custom(
            loc,
            format!(
                "number of operands and types do not match: got {} operands and {} types",
                inits.len(),
                types.len()
            ),
        );
    }
    for (r, &t) in inits.iter().zip(&types) {
        let v = p.resolve_operand(r, t)?;
        state.operands.push(v);
    }
    state.result_types.extend(types);
    ensure_terminator(p, state, 0, build_empty_reduce);
    Ok(())
}

fn parse_reduce(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    if p.eat(Tok::LParen) {
        let mut refs = vec![p.parse_operand_ref()?];
        while p.eat(Tok::Comma) {
            refs.push(p.parse_operand_ref()?);
        }
        p.expect(Tok::Colon, "':'")?;
        let at = p.here();
        let types = p.parse_type_list_no_parens()?;
        p.expect(Tok::RParen, "')'")?;
        if refs.len() != types.len() {
            return p.err_custom(at, format!("{} operands present, but expected {}", refs.len(), types.len()));
        }
        for (r, &t) in refs.iter().zip(&types) {
            let v = p.resolve_operand(r, t)?;
            state.operands.push(v);
        }
    }
    if p.tok() == Tok::LBrace {
        p.parse_region_into(state, &[])?;
        while p.eat(Tok::Comma) {
            p.parse_region_into(state, &[])?;
        }
    }
    p.parse_optional_attr_dict(state)?;
    Ok(())
}

// ---- verification ----

/// Upstream's `ParallelOp::verify`.
fn verify_parallel(ctx: &Context, body: &Body, op: Op) -> Result<(), Diagnostic> {
    let err = |m: String| Err(op_error(ctx, body, op, m));
    let ops = parallel_operands(ctx, body, op);
    if ops.steps.is_empty() {
        return err("needs at least one tuple element for lowerBound, upperBound and step".into());
    }
    for &s in &ops.steps {
        if constant_value(ctx, body, s).and_then(|a| ctx.as_i64(a)).is_some_and(|v| v <= 0) {
            return err("constant step operand must be positive".into());
        }
    }
    let (rb, regions) = body.regions_of(op);
    let Some(block) = regions.first().and_then(|&r| rb.first_block(r)) else {
        return err("region #0 ('region') failed to verify constraint: region with 1 blocks".into());
    };
    let args = rb.block_args(block);
    if args.len() != ops.steps.len() {
        return err(format!(
            "expects the same number of induction variables: {} as bound and step values: {}",
            args.len(),
            ops.steps.len()
        ));
    }
    if args.iter().any(|&a| !ctx.is_index(rb.value_type(a))) {
        return err("expects arguments for the induction variable to be of index type".into());
    }
    let terminator = rb.last_op(block);
    let Some(reduce) = terminator.filter(|&t| ctx.op_name_is(rb.op_name(t), "scf.reduce")) else {
        let d = op_error(ctx, body, op, "expects body to terminate with 'scf.reduce'");
        return Err(match terminator {
            Some(t) => d.with_note(rb.op_loc(t), "terminator here"),
            None => d,
        });
    };
    let results = body.result_types(op);
    let reductions = rb.num_regions(reduce);
    if results.len() != reductions {
        return err(format!(
            "expects number of results: {} to be the same as number of reductions: {reductions}",
            results.len()
        ));
    }
    if results.len() != ops.inits.len() {
        return err(format!(
            "expects number of results: {} to be the same as number of initial values: {}",
            results.len(),
            ops.inits.len()
        ));
    }
    let reduced = rb.operand_types(reduce);
    if reduced.len() != ops.inits.len() {
        // The reduce op reports this itself.
        return Ok(());
    }
    for (i, (&r, &t)) in results.iter().zip(reduced.iter()).enumerate() {
        if r != t {
            let d = op_error(
                ctx,
                rb,
                reduce,
                format!(
                    "expects type of {i}-th reduction operand: '{}' to be the same as the {i}-th result type: '{}'",
                    type_to_string(ctx, t),
                    type_to_string(ctx, r)
                ),
            );
            return Err(strata_ir::verifier::with_current_op(ctx, rb, reduce, d));
        }
    }
    Ok(())
}

/// Upstream's `ReduceOp::verifyRegions` (after the `SizedRegion<1>`
/// constraint on each reduction).
fn verify_reduce(ctx: &Context, body: &Body, op: Op) -> Result<(), Diagnostic> {
    let err = |m: String| Err(op_error(ctx, body, op, m));
    let (rb, regions) = body.regions_of(op);
    for (i, &r) in regions.iter().enumerate() {
        if rb.blocks(r).count() != 1 {
            return err(format!("region #{i} ('reductions') failed to verify constraint: region with 1 blocks"));
        }
    }
    let operands = body.operand_vec(op);
    if regions.len() != operands.len() {
        return err(format!(
            "expects number of reduction regions: {} to be the same as number of reduction operands: {}",
            regions.len(),
            operands.len()
        ));
    }
    for (i, (&r, &v)) in regions.iter().zip(&operands).enumerate() {
        let ty = body.value_type(v);
        let block = rb.first_block(r).expect("one block");
        let Some(last) = rb.last_op(block) else {
            return err(format!("{i}-th reduction has an empty body"));
        };
        let args = rb.block_args(block);
        if args.len() != 2 || args.iter().any(|&a| rb.value_type(a) != ty) {
            return err(format!(
                "expected two block arguments with type '{}' in the {i}-th reduction region",
                type_to_string(ctx, ty)
            ));
        }
        if !ctx.op_name_is(rb.op_name(last), "scf.reduce.return") {
            return err("reduction bodies must be terminated with an 'scf.reduce.return' op".into());
        }
    }
    Ok(())
}

/// The returned value has the type of the reduction's arguments.
fn verify_reduce_return(ctx: &Context, body: &Body, op: Op) -> Result<(), Diagnostic> {
    let Some(block) = body.op_block(op) else { return Ok(()) };
    let Some(&first) = body.block_args(block).first() else { return Ok(()) };
    let expected = body.value_type(first);
    if body.value_type(body.operand(op, 0)) != expected {
        return Err(op_error(
            ctx,
            body,
            op,
            format!("must have type '{}' (the type of the reduction inputs)", type_to_string(ctx, expected)),
        ));
    }
    Ok(())
}
