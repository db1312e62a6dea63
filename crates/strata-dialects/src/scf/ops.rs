//! Op definitions of `scf`: assembly (mlir-opt 22's `ForOp::print/parse`,
//! `IfOp`, `WhileOp`), and verifiers with upstream's messages: the
//! `LoopLikeOpInterface` checks of `scf.for`, the region-branch edge checks
//! (`RegionBranchOpInterface`: yielded values against the parent's results
//! or the next region's arguments), the terminators `scf.while` requires.

use strata_ir::constraints as c;
use strata_ir::dialect::DialectDef;
use strata_ir::lexer::Tok;
use strata_ir::opdef::{OpDef, Traits};
use strata_ir::parser::{EntryArg, OpState, PResult, Parser};
use strata_ir::printer::{type_to_string, OpPrinter, PrintedEntryArgs, PrintedEntryArgsPerRegion};
use strata_ir::{Body, Context, Diagnostic, Location, Op, OpSpec, Type, Value};
use strata_rewrite::CanonicalizationPatterns;

/// The parents `scf.yield` accepts, as upstream lists them.
const YIELD_PARENTS: &str = "'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while'";

pub fn register(ctx: &mut Context) {
    let for_op = OpDef::new("scf.for")
        .operand("lowerBound", c::SIGNLESS_INTEGER_LIKE)
        .operand("upperBound", c::SIGNLESS_INTEGER_LIKE)
        .operand("step", c::SIGNLESS_INTEGER_LIKE)
        .variadic_operand("initArgs", c::ANY_TYPE)
        .optional_attr("unsignedCmp", c::UNIT_ATTR)
        .variadic_result("results", c::ANY_TYPE)
        .region("region")
        .traits(Traits::SINGLE_BLOCK | Traits::RECURSIVE_MEMORY_EFFECTS)
        .custom(print_for, parse_for)
        .verifier(verify_for)
        .interface(PrintedEntryArgs(0))
        .interface(CanonicalizationPatterns(super::canonicalize::populate_for));
    let if_op = OpDef::new("scf.if")
        .operand("condition", c::I1)
        .variadic_result("results", c::ANY_TYPE)
        .region("thenRegion")
        .region("elseRegion")
        .traits(Traits::RECURSIVE_MEMORY_EFFECTS)
        .custom(print_if, parse_if)
        .verifier(verify_if)
        .folder(super::canonicalize::fold_if)
        .interface(CanonicalizationPatterns(super::canonicalize::populate_if));
    let while_op = OpDef::new("scf.while")
        .variadic_operand("inits", c::ANY_TYPE)
        .variadic_result("results", c::ANY_TYPE)
        .region("before")
        .region("after")
        .traits(Traits::RECURSIVE_MEMORY_EFFECTS)
        .custom(print_while, parse_while)
        .verifier(verify_while)
        .interface(PrintedEntryArgsPerRegion(&[Some(0), None]))
        .interface(CanonicalizationPatterns(super::while_patterns::populate));
    let condition = OpDef::new("scf.condition")
        .operand("condition", c::I1)
        .variadic_operand("args", c::ANY_TYPE)
        .traits(Traits::PURE | Traits::IS_TERMINATOR)
        .parent("scf.while")
        .format("`(` $condition `)` attr-dict ($args^ `:` type($args))?");
    let yield_op = OpDef::new("scf.yield")
        .variadic_operand("results", c::ANY_TYPE)
        .traits(Traits::PURE | Traits::IS_TERMINATOR | Traits::RETURN_LIKE)
        .verifier(verify_yield)
        .format("attr-dict ($results^ `:` type($results))?");
    ctx.register_dialect(
        DialectDef::new("scf")
            // Every scf op may be inlined (MLIR's SCFInlinerInterface).
            .interface(strata_ir::inliner_interface::DialectInlinerInterface::ALL_LEGAL)
            .op(for_op)
            .op(if_op)
            .op(while_op)
            .op(condition)
            .op(yield_op)
            .op(super::execute_region::op())
            .op(super::index_switch::op())
            .op(super::parallel::parallel_op())
            .op(super::parallel::reduce_op())
            .op(super::parallel::reduce_return_op())
            .op(super::forall::forall_op())
            .op(super::forall::in_parallel_op()),
    );
}

// ---- printing ----

/// `(%arg = %init, ...)` after `prefix`, nothing when there are no inits
/// (upstream's `printInitializationList`).
fn print_init_list(p: &mut OpPrinter<'_, '_>, args: &[Value], inits: &[Value], prefix: &str) {
    if inits.is_empty() {
        return;
    }
    p.write(prefix);
    p.write("(");
    for (i, (&a, &init)) in args.iter().zip(inits).enumerate() {
        if i > 0 {
            p.write(", ");
        }
        p.print_value(a);
        p.write(" = ");
        p.print_value(init);
    }
    p.write(")");
}

fn entry_args(p: &OpPrinter<'_, '_>, op: Op, region: usize) -> Vec<Value> {
    let body = p.body;
    let rb = p.region_body(op);
    let r = body.regions_of(op).1.get(region).copied();
    r.and_then(|r| rb.first_block(r)).map(|b| rb.block_args(b).to_vec()).unwrap_or_default()
}

fn print_for(p: &mut OpPrinter<'_, '_>, op: Op) {
    let ctx = p.ctx;
    let body = p.body;
    let attrs = body.op_attrs(op);
    let operands = body.operand_vec(op);
    if operands.len() < 3 {
        return;
    }
    let args = entry_args(p, op, 0);
    if ctx.dict_get(attrs, "unsignedCmp").is_some() {
        p.write(" unsigned");
    }
    p.write(" ");
    if let Some(&iv) = args.first() {
        p.print_value(iv);
    }
    p.write(" = ");
    p.print_value(operands[0]);
    p.write(" to ");
    p.print_value(operands[1]);
    p.write(" step ");
    p.print_value(operands[2]);
    let inits = &operands[3..];
    print_init_list(p, args.get(1..).unwrap_or(&[]), inits, " iter_args");
    if !inits.is_empty() {
        p.write(" -> (");
        p.print_types(inits.iter().map(|&v| body.value_type(v)));
        p.write(")");
    }
    p.write(" ");
    let iv_type = body.value_type(operands[0]);
    if !ctx.is_index(iv_type) {
        p.write(" : ");
        p.print_type(iv_type);
        p.write(" ");
    }
    p.print_region(op, 0, false, !inits.is_empty());
    p.print_optional_attr_dict(attrs, &["unsignedCmp"]);
}

fn print_if(p: &mut OpPrinter<'_, '_>, op: Op) {
    let body = p.body;
    let attrs = body.op_attrs(op);
    let results = body.result_types(op);
    p.write(" ");
    p.print_value(body.operand(op, 0));
    if !results.is_empty() {
        p.write(" -> (");
        p.print_types(results.iter().copied());
        p.write(")");
    }
    p.write(" ");
    let terminators = !results.is_empty();
    p.print_region(op, 0, false, terminators);
    let (rb, regions) = body.regions_of(op);
    if regions.get(1).is_some_and(|&r| !rb.region_is_empty(r)) {
        p.write(" else ");
        p.print_region(op, 1, false, terminators);
    }
    p.print_optional_attr_dict(attrs, &[]);
}

fn print_while(p: &mut OpPrinter<'_, '_>, op: Op) {
    let body = p.body;
    let inits = body.operand_vec(op);
    let args = entry_args(p, op, 0);
    print_init_list(p, &args, &inits, " ");
    p.write(" : ");
    let ins: Vec<Type> = inits.iter().map(|&v| body.value_type(v)).collect();
    p.print_functional_type(&ins, &body.result_types(op));
    p.write(" ");
    p.print_region(op, 0, false, true);
    p.write(" do ");
    p.print_region(op, 1, true, true);
    p.print_optional_attr_dict_with_keyword(body.op_attrs(op), &[]);
}

// ---- parsing ----

/// Gives region `index` of `state` a block ending in an operand-less
/// `scf.yield` if it has no terminator (`SingleBlockImplicitTerminator`'s
/// `ensureTerminator`, which also creates the block of an empty region).
pub(super) fn ensure_yield(p: &mut Parser<'_>, state: &OpState, index: usize) {
    ensure_terminator(p, state, index, |ctx, body, loc| body.create_op(OpSpec::new(ctx, "scf.yield", loc)));
}

/// Builds a detached implicit terminator at a location.
pub(super) type BuildTerminator = fn(&Context, &mut Body, Location) -> Op;

/// [`ensure_yield`] with another implicit terminator (`scf.reduce` of
/// `scf.parallel`, `scf.forall.in_parallel` of `scf.forall`).
pub(super) fn ensure_terminator(p: &mut Parser<'_>, state: &OpState, index: usize, build: BuildTerminator) {
    let ctx = p.ctx;
    let Some(&region) = state.regions.get(index) else { return };
    let loc = state.loc;
    let body = p.body();
    let block = match body.first_block(region) {
        Some(b) => b,
        None => {
            let b = body.create_block();
            body.append_block(region, b);
            b
        }
    };
    let ends_in_terminator = body
        .last_op(block)
        .is_some_and(|o| ctx.op_def(body.op_name(o)).is_some_and(|d| d.has_trait(Traits::IS_TERMINATOR)));
    if !ends_in_terminator {
        let y = build(ctx, body, loc);
        body.append_op(block, y);
    }
}

/// `(%a = %x, %b = %y)`: region arguments and their initial values
/// (scf.for's iter_args, scf.while's and scf.forall's shared_outs).
#[allow(clippy::type_complexity)]
pub(super) fn parse_assignment_list<'a>(
    p: &mut Parser<'a>,
) -> PResult<Vec<(strata_ir::parser::OperandRef<'a>, strata_ir::parser::OperandRef<'a>)>> {
    p.expect(Tok::LParen, "'('")?;
    let mut pairs = Vec::new();
    if p.eat(Tok::RParen) {
        return Ok(pairs);
    }
    loop {
        let arg = p.parse_operand_ref()?;
        p.expect(Tok::Equal, "'='")?;
        let init = p.parse_operand_ref()?;
        pairs.push((arg, init));
        if p.eat(Tok::RParen) {
            return Ok(pairs);
        }
        p.expect(Tok::Comma, "','")?;
    }
}

fn parse_for(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let ctx = p.ctx;
    if p.eat_keyword("unsigned") {
        state.add_attr(ctx, "unsignedCmp", ctx.unit_attr());
    }
    let iv = p.parse_operand_ref()?;
    p.expect(Tok::Equal, "'='")?;
    let lb = p.parse_operand_ref()?;
    p.expect_keyword("to")?;
    let ub = p.parse_operand_ref()?;
    p.expect_keyword("step")?;
    let step = p.parse_operand_ref()?;
    let mut pairs = Vec::new();
    let mut tys = Vec::new();
    if p.eat_keyword("iter_args") {
        let at = p.here();
        pairs = parse_assignment_list(p)?;
        p.expect(Tok::Arrow, "'->'")?;
        tys = p.parse_function_result_types()?;
        if tys.len() != pairs.len() {
            return p.err_custom(at, "expected as many result types as iter_args");
        }
    }
    let iv_type = if p.eat(Tok::Colon) { p.parse_type()? } else { ctx.index_type() };
    for r in [&lb, &ub, &step] {
        let v = p.resolve_operand(r, iv_type)?;
        state.operands.push(v);
    }
    let mut entry = vec![EntryArg { name: iv, ty: iv_type, loc: None }];
    for ((arg, init), &ty) in pairs.into_iter().zip(&tys) {
        let v = p.resolve_operand(&init, ty)?;
        state.operands.push(v);
        entry.push(EntryArg { name: arg, ty, loc: None });
    }
    state.result_types.extend(tys);
    p.parse_region_into(state, &entry)?;
    ensure_yield(p, state, 0);
    p.parse_optional_attr_dict(state)?;
    Ok(())
}

fn parse_if(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let ctx = p.ctx;
    let cond = p.parse_operand_ref()?;
    let v = p.resolve_operand(&cond, ctx.i1())?;
    state.operands.push(v);
    if p.eat(Tok::Arrow) {
        let tys = p.parse_function_result_types()?;
        state.result_types.extend(tys);
    }
    p.parse_region_into(state, &[])?;
    ensure_yield(p, state, 0);
    if p.eat_keyword("else") {
        p.parse_region_into(state, &[])?;
        ensure_yield(p, state, 1);
    } else {
        p.add_empty_region(state);
    }
    p.parse_optional_attr_dict(state)?;
    Ok(())
}

fn parse_while(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let ctx = p.ctx;
    let pairs = if p.tok() == Tok::LParen { parse_assignment_list(p)? } else { Vec::new() };
    p.expect(Tok::Colon, "':'")?;
    let at = p.here();
    let fty = p.parse_function_type()?;
    let Some((ins, outs)) = ctx.function_signature(fty).map(|(i, o)| (i.to_vec(), o.to_vec())) else {
        return p.err_at(at, "invalid kind of type specified");
    };
    state.result_types.extend(outs);
    if ins.len() != pairs.len() {
        return p.err_at(
            at,
            format!("expected as many input types as operands (expected {} got {})", pairs.len(), ins.len()),
        );
    }
    let mut entry = Vec::new();
    for ((arg, init), &ty) in pairs.into_iter().zip(&ins) {
        let v = p.resolve_operand(&init, ty)?;
        state.operands.push(v);
        entry.push(EntryArg { name: arg, ty, loc: None });
    }
    p.parse_region_into(state, &entry)?;
    p.expect_keyword("do")?;
    p.parse_region_into(state, &[])?;
    p.parse_optional_attr_dict_with_keyword(state)?;
    Ok(())
}

// ---- verification ----

pub(super) fn op_error(ctx: &Context, body: &Body, op: Op, msg: impl std::fmt::Display) -> Diagnostic {
    Diagnostic::error(body.op_loc(op), format!("'{}' op {msg}", ctx.op_name_str(body.op_name(op))))
}

/// Checks one region-branch edge: the values a terminator passes against
/// the types its successor (the parent's results or a region's arguments)
/// takes, with `RegionBranchOpInterface`'s messages.
/// `point` is where the branch point is (the terminator, or the op
/// itself for the edge from the parent), shown in a note.
#[allow(clippy::too_many_arguments)]
pub(super) fn check_edge(
    ctx: &Context,
    body: &Body,
    op: Op,
    from: &str,
    to: &str,
    point: Location,
    operands: &[Type],
    inputs: &[Type],
) -> Result<(), Diagnostic> {
    let prefix = format!("along control flow edge from Operation {from} to {to}: ");
    let error =
        |msg: String| Err(op_error(ctx, body, op, format!("{prefix}{msg}")).with_note(point, "region branch point"));
    if operands.len() != inputs.len() {
        return error(format!(
            "region branch point has {} operands, but region successor needs {} inputs",
            operands.len(),
            inputs.len()
        ));
    }
    for (i, (&o, &t)) in operands.iter().zip(inputs).enumerate() {
        if o != t {
            return error(format!(
                "successor operand type #{i} '{}' should match successor input type #{i} '{}'",
                type_to_string(ctx, o),
                type_to_string(ctx, t)
            ));
        }
    }
    Ok(())
}

/// The terminator of the single block of region `index`, if any.
fn region_terminator(body: &Body, op: Op, index: usize) -> Option<(Op, &Body)> {
    let (rb, regions) = body.regions_of(op);
    let r = *regions.get(index)?;
    let b = rb.first_block(r)?;
    rb.last_op(b).map(|t| (t, rb))
}

/// ODS's `SizedRegion<1>` (`exact`) or `MaxSizedRegion<1>` constraint on
/// region `index`.
fn block_count(ctx: &Context, body: &Body, op: Op, index: usize, name: &str, exact: bool) -> Result<(), Diagnostic> {
    let (rb, regions) = body.regions_of(op);
    if let Some(&r) = regions.get(index) {
        let n = rb.blocks(r).count();
        if n > 1 || (exact && n == 0) {
            let what = if exact { "region with 1 blocks" } else { "region with at most 1 blocks" };
            return Err(op_error(
                ctx,
                body,
                op,
                format!("region #{index} ('{name}') failed to verify constraint: {what}"),
            ));
        }
    }
    Ok(())
}

/// `scf.for`: bounds and induction variable of one type, one block whose
/// arguments are the induction variable and the iter_args, and the
/// `LoopLikeOpInterface` agreement of inits, iter_args, yielded values
/// and results.
fn verify_for(ctx: &Context, body: &Body, op: Op) -> Result<(), Diagnostic> {
    let err = |m: String| Err(op_error(ctx, body, op, m));
    let show = |t| type_to_string(ctx, t);
    if body.num_regions(op) != 1 {
        return err("requires one region".into());
    }
    let operands = body.operand_vec(op);
    if operands.len() < 3 {
        return err(format!("expected 3 or more operands, but found {}", operands.len()));
    }
    let ty = body.value_type(operands[0]);
    if operands[1..3].iter().any(|&v| body.value_type(v) != ty) {
        return err("failed to verify that all of {lowerBound, upperBound, step} have same type".into());
    }
    let (rb, regions) = body.regions_of(op);
    let Some(&region) = regions.first() else { return Ok(()) };
    if rb.blocks(region).count() != 1 {
        return err("region #0 ('region') failed to verify constraint: region with 1 blocks".into());
    }
    let entry = rb.first_block(region).expect("one block");
    let args = rb.block_args(entry);
    let inits = &operands[3..];
    if args.is_empty() || rb.value_type(args[0]) != ty {
        return err("expected induction variable to be same type as bounds and step".into());
    }
    let iter_args = &args[1..];
    if inits.len() != iter_args.len() {
        return err(format!("different number of inits and region iter_args: {} != {}", inits.len(), iter_args.len()));
    }
    let terminator = rb.last_op(entry);
    let yielded: Vec<Type> = terminator.map(|y| rb.operand_types(y).to_vec()).unwrap_or_default();
    let iter_types: Vec<Type> = iter_args.iter().map(|&a| rb.value_type(a)).collect();
    if yielded.len() != iter_types.len() {
        let point = terminator.map_or(body.op_loc(op), |t| rb.op_loc(t));
        return check_edge(ctx, body, op, "scf.yield", "Region #0", point, &yielded, &iter_types);
    }
    let results = body.result_types(op);
    if results.len() != iter_args.len() {
        return err(format!(
            "different number of loop results and region iter_args: {} != {}",
            results.len(),
            iter_args.len()
        ));
    }
    for (i, (&init, &ta)) in inits.iter().zip(&iter_types).enumerate() {
        let ti = body.value_type(init);
        if ti != ta {
            return err(format!(
                "{i}-th init and {i}-th region iter_arg have different type: '{}' != '{}'",
                show(ti),
                show(ta)
            ));
        }
        if ta != yielded[i] {
            return err(format!(
                "{i}-th region iter_arg and {i}-th yielded value have different type: '{}' != '{}'",
                show(ta),
                show(yielded[i])
            ));
        }
        if ta != results[i] {
            return err(format!(
                "{i}-th region iter_arg and {i}-th loop result have different type: '{}' != '{}'",
                show(ta),
                show(results[i])
            ));
        }
    }
    Ok(())
}

/// `scf.if`: an else block when it has results, and each branch yields
/// values of the result types.
fn verify_if(ctx: &Context, body: &Body, op: Op) -> Result<(), Diagnostic> {
    block_count(ctx, body, op, 0, "thenRegion", true)?;
    block_count(ctx, body, op, 1, "elseRegion", false)?;
    let results = body.result_types(op);
    let (rb, regions) = body.regions_of(op);
    let else_empty = regions.get(1).is_none_or(|&r| rb.region_is_empty(r));
    if !results.is_empty() && else_empty {
        return Err(op_error(ctx, body, op, "must have an else block if defining values"));
    }
    for index in 0..2 {
        if let Some((t, rb)) = region_terminator(body, op, index) {
            if ctx.op_name_str(rb.op_name(t)) == "scf.yield" {
                check_edge(ctx, body, op, "scf.yield", "parent", rb.op_loc(t), &rb.operand_types(t), &results)?;
            }
        }
    }
    Ok(())
}

/// `scf.while`: the before region ends in `scf.condition`, the after region
/// in `scf.yield`; the condition's values feed the after region and the
/// results, the yield's feed the before region.
fn verify_while(ctx: &Context, body: &Body, op: Op) -> Result<(), Diagnostic> {
    block_count(ctx, body, op, 0, "before", true)?;
    block_count(ctx, body, op, 1, "after", true)?;
    let inits: Vec<Type> = body.operand_types(op).to_vec();
    let results = body.result_types(op);
    let (rb, regions) = body.regions_of(op);
    let args_of = |i: usize| -> Vec<Type> {
        regions
            .get(i)
            .and_then(|&r| rb.first_block(r))
            .map(|b| rb.block_args(b).iter().map(|&a| rb.value_type(a)).collect())
            .unwrap_or_default()
    };
    let is = |t: Option<(Op, &Body)>, name: &str| t.is_some_and(|(t, rb)| ctx.op_name_str(rb.op_name(t)) == name);
    let wrong_terminator = |t: Option<(Op, &Body)>, msg: &str| {
        let d = op_error(ctx, body, op, msg);
        Err(match t {
            Some((t, rb)) => d.with_note(rb.op_loc(t), "terminator here"),
            None => d,
        })
    };
    let cond = region_terminator(body, op, 0);
    if !is(cond, "scf.condition") {
        return wrong_terminator(cond, "expects the 'before' region to terminate with 'scf.condition'");
    }
    let yield_op = region_terminator(body, op, 1);
    if !is(yield_op, "scf.yield") {
        return wrong_terminator(yield_op, "expects the 'after' region to terminate with 'scf.yield'");
    }
    check_edge(ctx, body, op, "parent", "Region #0", body.op_loc(op), &inits, &args_of(0))?;
    let (c, crb) = cond.expect("checked");
    let passed: Vec<Type> = crb.operand_types(c).iter().skip(1).copied().collect();
    check_edge(ctx, body, op, "scf.condition", "parent", crb.op_loc(c), &passed, &results)?;
    check_edge(ctx, body, op, "scf.condition", "Region #1", crb.op_loc(c), &passed, &args_of(1))?;
    let (y, yrb) = yield_op.expect("checked");
    check_edge(ctx, body, op, "scf.yield", "Region #0", yrb.op_loc(y), &yrb.operand_types(y), &args_of(0))
}

/// `HasParent<ExecuteRegionOp, ForOp, IfOp, IndexSwitchOp, WhileOp>`.
fn verify_yield(ctx: &Context, body: &Body, op: Op) -> Result<(), Diagnostic> {
    let parent = body.parent_op(op).map(|p| ctx.op_name_str(body.op_name(p)));
    if !matches!(parent, Some("scf.for" | "scf.if" | "scf.while" | "scf.execute_region" | "scf.index_switch")) {
        return Err(op_error(ctx, body, op, format!("expects parent op to be one of {YIELD_PARENTS}")));
    }
    Ok(())
}
