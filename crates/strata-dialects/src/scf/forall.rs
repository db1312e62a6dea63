//! `scf.forall` and its terminator `scf.forall.in_parallel`, with
//! mlir-opt 22's syntax:
//!
//! ```text
//! scf.forall (%i, %j) in (%n, 8) { ... }
//! %r = scf.forall (%i) = (%lb) to (%ub) step (4) shared_outs(%o = %t) -> (tensor<8xf32>) {
//!   ...
//!   scf.forall.in_parallel { ... }
//! } {mapping = [#gpu.thread<x>]}
//! ```
//!
//! Bounds and steps are mixed lists: a static integer is kept in the
//! `staticLowerBound`/`staticUpperBound`/`staticStep` arrays, a dynamic one
//! is an operand marked there with `i64::MIN`. The loop prints as `in` when
//! its lower bounds are all 0 and its steps all 1. Upstream's verifier
//! messages. `in_parallel` may only hold `ParallelCombiningOpInterface` ops
//! (`tensor.parallel_insert_slice`), which Strata does not have yet, so
//! here its body is always empty.

use strata_ir::branch::{dense_i32_array, dense_i32_values};
use strata_ir::constraints as c;
use strata_ir::lexer::Tok;
use strata_ir::opdef::{AttrConstraint, OpDef, Traits, TypeConstraint};
use strata_ir::parser::{EntryArg, OpState, PResult, Parser};
use strata_ir::printer::{type_to_string, OpPrinter, PrintedEntryArgs};
use strata_ir::{AttrKind, Attribute, Body, Context, Diagnostic, Location, Op, OpSpec, Value};
use strata_rewrite::CanonicalizationPatterns;

use super::index_switch::{case_values as dense_i64_values, dense_i64_array};
use super::ops::{ensure_terminator, op_error};
use super::trip_count::Bound;

/// The marker of a dynamic entry in the static arrays
/// (`ShapedType::kDynamic`).
pub const DYNAMIC: i64 = i64::MIN;

const RANKED_TENSOR: TypeConstraint = TypeConstraint {
    check: |c, t| matches!(c.type_kind(t), strata_ir::TypeKind::RankedTensor { .. }),
    summary: "variadic of ranked tensor of any type values",
    buildable: None,
};

const DENSE_I64_ARRAY: AttrConstraint = AttrConstraint {
    check: |c, a| matches!(c.attr_kind(a), AttrKind::DenseArray { element, .. } if *element == c.i64()),
    summary: "i64 dense array attribute",
};

/// `DeviceMappingArrayAttr`: an array of device mapping attributes. Of the
/// dialects that define them only `gpu`'s are read, as opaque attributes.
const DEVICE_MAPPING_ARRAY: AttrConstraint = AttrConstraint {
    check: |c, a| match c.attr_kind(a) {
        AttrKind::Array(v) => v.iter().all(|&e| is_device_mapping(c, e)),
        _ => false,
    },
    summary: "Device Mapping array attribute",
};

fn is_device_mapping(ctx: &Context, a: Attribute) -> bool {
    matches!(ctx.attr_kind(a), AttrKind::Opaque { dialect, .. } if ctx.str(*dialect) == "gpu")
}

pub fn forall_op() -> OpDef {
    OpDef::new("scf.forall")
        .variadic_operand("dynamicLowerBound", c::INDEX)
        .variadic_operand("dynamicUpperBound", c::INDEX)
        .variadic_operand("dynamicStep", c::INDEX)
        .variadic_operand("outputs", RANKED_TENSOR)
        .attr_sized_operands()
        .attr("staticLowerBound", DENSE_I64_ARRAY)
        .attr("staticUpperBound", DENSE_I64_ARRAY)
        .attr("staticStep", DENSE_I64_ARRAY)
        .optional_attr("mapping", DEVICE_MAPPING_ARRAY)
        .variadic_result("results", c::ANY_TYPE)
        .region("region")
        .traits(Traits::SINGLE_BLOCK | Traits::RECURSIVE_MEMORY_EFFECTS)
        .custom(print_forall, parse_forall)
        .parent_verifier(|ctx, body, op, _| verify_forall(ctx, body, op))
        .interface(PrintedEntryArgs(0))
        .interface(CanonicalizationPatterns(super::forall_canonicalize::populate))
}

pub fn in_parallel_op() -> OpDef {
    OpDef::new("scf.forall.in_parallel")
        .region("region")
        .traits(Traits::IS_TERMINATOR | Traits::NO_TERMINATOR | Traits::SINGLE_BLOCK | Traits::PURE)
        .parent("scf.forall")
        .custom(print_in_parallel, parse_in_parallel)
        .parent_verifier(|ctx, body, op, _| verify_in_parallel(ctx, body, op))
}

/// A detached `scf.forall.in_parallel` with an empty block.
pub(super) fn build_in_parallel(ctx: &Context, body: &mut Body, loc: Location) -> Op {
    let op = body.create_op(OpSpec::new(ctx, "scf.forall.in_parallel", loc).regions(1));
    let b = body.create_block();
    body.append_block(body.local_regions(op)[0], b);
    op
}

/// A forall's loop description: per dimension its lower bound, upper bound
/// and step, and the shared outputs.
pub struct ForallLoop {
    pub lbs: Vec<Bound>,
    pub ubs: Vec<Bound>,
    pub steps: Vec<Bound>,
    pub outputs: Vec<Value>,
}

/// Mixed bounds from a static array and its dynamic values.
fn mixed(statics: &[i64], dynamic: &[Value]) -> Vec<Bound> {
    let mut d = dynamic.iter();
    statics
        .iter()
        .map(|&s| if s == DYNAMIC { d.next().map_or(Bound::Static(s), |&v| Bound::Value(v)) } else { Bound::Static(s) })
        .collect()
}

pub fn forall_loop(ctx: &Context, body: &Body, op: Op) -> ForallLoop {
    let all = body.operand_vec(op);
    let seg = dense_i32_values(ctx, body.op_attr(ctx, op, "operandSegmentSizes"));
    let sizes: Vec<usize> = if seg.len() == 4 && seg.iter().map(|&n| n.max(0) as usize).sum::<usize>() == all.len() {
        seg.iter().map(|&n| n.max(0) as usize).collect()
    } else {
        vec![0, 0, 0, all.len()]
    };
    let (lb, rest) = all.split_at(sizes[0]);
    let (ub, rest) = rest.split_at(sizes[1]);
    let (st, outs) = rest.split_at(sizes[2]);
    let statics = |name: &str| dense_i64_values(ctx, body.op_attr(ctx, op, name));
    ForallLoop {
        lbs: mixed(&statics("staticLowerBound"), lb),
        ubs: mixed(&statics("staticUpperBound"), ub),
        steps: mixed(&statics("staticStep"), st),
        outputs: outs.to_vec(),
    }
}

/// Splits mixed bounds into the static array and the dynamic values.
pub fn split_bounds(bounds: &[Bound]) -> (Vec<i64>, Vec<Value>) {
    let mut statics = Vec::new();
    let mut dynamic = Vec::new();
    for b in bounds {
        match *b {
            Bound::Static(s) => statics.push(s),
            Bound::Value(v) => {
                statics.push(DYNAMIC);
                dynamic.push(v);
            }
        }
    }
    (statics, dynamic)
}

/// The operands and inherent attributes of a forall over `lp` (the
/// `operandSegmentSizes` and the three static arrays).
pub fn forall_operands(ctx: &Context, lp: &ForallLoop) -> (Vec<Value>, Vec<(strata_ir::Str, Attribute)>) {
    let (slb, dlb) = split_bounds(&lp.lbs);
    let (sub, dub) = split_bounds(&lp.ubs);
    let (sst, dst) = split_bounds(&lp.steps);
    let seg = dense_i32_array(ctx, &[dlb.len() as i32, dub.len() as i32, dst.len() as i32, lp.outputs.len() as i32]);
    let attrs = vec![
        (ctx.intern_str("operandSegmentSizes"), seg),
        (ctx.intern_str("staticLowerBound"), dense_i64_array(ctx, &slb)),
        (ctx.intern_str("staticStep"), dense_i64_array(ctx, &sst)),
        (ctx.intern_str("staticUpperBound"), dense_i64_array(ctx, &sub)),
    ];
    let operands = [dlb, dub, dst, lp.outputs.clone()].concat();
    (operands, attrs)
}

/// The attributes upstream's printer and pattern rebuilds leave out.
pub const INHERENT_LAYOUT: [&str; 4] = ["operandSegmentSizes", "staticLowerBound", "staticUpperBound", "staticStep"];

// ---- printing ----

fn print_bounds(p: &mut OpPrinter<'_, '_>, bounds: &[Bound]) {
    p.write("(");
    for (i, b) in bounds.iter().enumerate() {
        if i > 0 {
            p.write(", ");
        }
        match *b {
            Bound::Static(s) => p.write(&s.to_string()),
            Bound::Value(v) => p.print_value(v),
        }
    }
    p.write(")");
}

/// Lower bounds all 0 and steps all 1.
pub fn is_normalized(lp: &ForallLoop) -> bool {
    lp.lbs.iter().all(|b| *b == Bound::Static(0)) && lp.steps.iter().all(|b| *b == Bound::Static(1))
}

fn print_forall(p: &mut OpPrinter<'_, '_>, op: Op) {
    let ctx = p.ctx;
    let body = p.body;
    let lp = forall_loop(ctx, body, op);
    let rb = p.region_body(op);
    let args: Vec<Value> = body
        .regions_of(op)
        .1
        .first()
        .and_then(|&r| rb.first_block(r))
        .map(|b| rb.block_args(b).to_vec())
        .unwrap_or_default();
    let rank = lp.lbs.len().min(args.len());
    p.write(" (");
    p.print_operands(args[..rank].iter().copied());
    if is_normalized(&lp) {
        p.write(") in ");
        print_bounds(p, &lp.ubs);
    } else {
        p.write(") = ");
        print_bounds(p, &lp.lbs);
        p.write(" to ");
        print_bounds(p, &lp.ubs);
        p.write(" step ");
        print_bounds(p, &lp.steps);
    }
    if !lp.outputs.is_empty() {
        p.write(" shared_outs(");
        for (i, (&a, &o)) in args[rank..].iter().zip(&lp.outputs).enumerate() {
            if i > 0 {
                p.write(", ");
            }
            p.print_value(a);
            p.write(" = ");
            p.print_value(o);
        }
        p.write(")");
    }
    p.write(" ");
    let results = body.result_types(op);
    if rank < args.len() {
        p.write("-> (");
        p.print_types(results.iter().copied());
        p.write(") ");
    }
    p.print_region(op, 0, false, !results.is_empty());
    p.print_optional_attr_dict(body.op_attrs(op), &INHERENT_LAYOUT);
}

fn print_in_parallel(p: &mut OpPrinter<'_, '_>, op: Op) {
    p.write(" ");
    p.print_region(op, 0, false, false);
    p.print_optional_attr_dict(p.body.op_attrs(op), &[]);
}

// ---- parsing ----

/// `(%a, 4, %b)`: values and integers (upstream's `parseDynamicIndexList`).
fn parse_dynamic_index_list(p: &mut Parser<'_>, state: &mut OpState) -> PResult<Vec<i64>> {
    let ctx = p.ctx;
    p.expect(Tok::LParen, "'('")?;
    let mut statics = Vec::new();
    if p.eat(Tok::RParen) {
        return Ok(statics);
    }
    loop {
        if p.is_operand_next() {
            let r = p.parse_operand_ref()?;
            let v = p.resolve_operand(&r, ctx.index_type())?;
            state.operands.push(v);
            statics.push(DYNAMIC);
        } else {
            let negative = p.eat(Tok::Minus);
            let at = p.here();
            if p.tok() != Tok::Integer {
                return p.err_custom(at, "expected SSA value or integer");
            }
            let v = p.parse_i64()?;
            statics.push(if negative { v.wrapping_neg() } else { v });
        }
        if p.eat(Tok::RParen) {
            return Ok(statics);
        }
        p.expect(Tok::Comma, "')'")?;
    }
}

fn parse_forall(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    let ctx = p.ctx;
    let ivs = super::parallel::parse_paren_refs(p)?;
    let n = ivs.len();
    // Dynamic values per list, for `operandSegmentSizes`.
    let mut counts = [0i32; 4];
    let (lbs, ubs, steps) = if p.eat_keyword("in") {
        let before = state.operands.len();
        let ubs = parse_dynamic_index_list(p, state)?;
        counts[1] = (state.operands.len() - before) as i32;
        (vec![0; n], ubs, vec![1; n])
    } else {
        p.expect(Tok::Equal, "'='")?;
        let mut lists = Vec::new();
        for (k, kw) in [None, Some("to"), Some("step")].into_iter().enumerate() {
            if let Some(kw) = kw {
                super::parallel::expect_keyword(p, kw)?;
            }
            let before = state.operands.len();
            lists.push(parse_dynamic_index_list(p, state)?);
            counts[k] = (state.operands.len() - before) as i32;
        }
        let steps = lists.pop().unwrap_or_default();
        let ubs = lists.pop().unwrap_or_default();
        let lbs = lists.pop().unwrap_or_default();
        (lbs, ubs, steps)
    };
    let mut outs = Vec::new();
    let mut types = Vec::new();
    let outs_loc = p.here();
    if p.eat_keyword("shared_outs") {
        outs = super::ops::parse_assignment_list(p)?;
        if p.eat(Tok::Arrow) {
            types = p.parse_function_result_types()?;
        }
        if outs.len() != types.len() {
            return p.err_custom(
                outs_loc,
                format!(
                    "number of operands and types do not match: got {} operands and {} types",
                    outs.len(),
                    types.len()
                ),
            );
        }
        for ((_, init), &t) in outs.iter().zip(&types) {
            let v = p.resolve_operand(init, t)?;
            state.operands.push(v);
        }
    }
    counts[3] = outs.len() as i32;
    let mut entry: Vec<EntryArg<'_>> =
        ivs.into_iter().map(|name| EntryArg { name, ty: ctx.index_type(), loc: None }).collect();
    for ((arg, _), &t) in outs.into_iter().zip(&types) {
        entry.push(EntryArg { name: arg, ty: t, loc: None });
    }
    state.result_types.extend(types);
    p.parse_region_into(state, &entry)?;
    ensure_terminator(p, state, 0, build_in_parallel);
    p.parse_optional_attr_dict(state)?;
    state.add_attr(ctx, "staticLowerBound", dense_i64_array(ctx, &lbs));
    state.add_attr(ctx, "staticUpperBound", dense_i64_array(ctx, &ubs));
    state.add_attr(ctx, "staticStep", dense_i64_array(ctx, &steps));
    state.add_attr(ctx, "operandSegmentSizes", dense_i32_array(ctx, &counts));
    Ok(())
}

fn parse_in_parallel(p: &mut Parser<'_>, state: &mut OpState) -> PResult<()> {
    p.parse_region_into(state, &[])?;
    p.ensure_single_block(state);
    p.parse_optional_attr_dict(state)?;
    Ok(())
}

// ---- verification ----

/// Upstream's `verifyListOfOperandsOrIntegers` (errors without the op
/// prefix, as `emitError`).
fn verify_mixed_list(
    body: &Body,
    op: Op,
    name: &str,
    rank: usize,
    statics: &[i64],
    dynamic: usize,
) -> Result<(), Diagnostic> {
    if statics.len() != rank {
        return Err(Diagnostic::error(
            body.op_loc(op),
            format!("expected {rank} {name} values, got {}", statics.len()),
        ));
    }
    let expected = statics.iter().filter(|&&s| s == DYNAMIC).count();
    if expected != dynamic {
        return Err(Diagnostic::error(body.op_loc(op), format!("expected {expected} dynamic {name} values")));
    }
    Ok(())
}

fn verify_forall(ctx: &Context, body: &Body, op: Op) -> Result<(), Diagnostic> {
    let err = |m: String| Err(op_error(ctx, body, op, m));
    let statics = |name: &str| dense_i64_values(ctx, body.op_attr(ctx, op, name));
    let (slb, sub, sst) = (statics("staticLowerBound"), statics("staticUpperBound"), statics("staticStep"));
    let rank = slb.len();
    let seg = dense_i32_values(ctx, body.op_attr(ctx, op, "operandSegmentSizes"));
    let seg: Vec<usize> = seg.iter().map(|&n| n.max(0) as usize).collect();
    let outputs = seg.get(3).copied().unwrap_or(0);
    let results = body.result_types(op);
    if results.len() != outputs {
        return err(format!("produces {} results, but has only {outputs} outputs", results.len()));
    }
    let (rb, regions) = body.regions_of(op);
    let Some(block) = regions.first().and_then(|&r| rb.first_block(r)) else {
        return err("region #0 ('region') failed to verify constraint: region with 1 blocks".into());
    };
    let args = rb.block_args(block);
    if args.len() != rank + outputs {
        return err(format!("region expects {rank} arguments"));
    }
    for (i, &a) in args[..rank].iter().enumerate() {
        if !ctx.is_index(rb.value_type(a)) {
            return err(format!("expects {i}-th block argument to be an index"));
        }
    }
    let operands = body.operand_vec(op);
    let outs = &operands[operands.len() - outputs..];
    for (i, (&a, &o)) in args[rank..].iter().zip(outs).enumerate() {
        if rb.value_type(a) != body.value_type(o) {
            return err(format!("type mismatch between {i}-th output and corresponding block argument"));
        }
    }
    if let Some(mapping) = body.op_attr(ctx, op, "mapping") {
        if let AttrKind::Array(v) = ctx.attr_kind(mapping) {
            if !v.is_empty() && v.len() != rank {
                return err("mapping attribute size must match op rank".into());
            }
        }
    }
    verify_mixed_list(body, op, "lower bound", rank, &slb, seg.first().copied().unwrap_or(0))?;
    verify_mixed_list(body, op, "upper bound", rank, &sub, seg.get(1).copied().unwrap_or(0))?;
    verify_mixed_list(body, op, "step", rank, &sst, seg.get(2).copied().unwrap_or(0))?;
    // A result's type is its output's (upstream checks it through the
    // region-branch edge into the results).
    for (i, (&r, &o)) in results.iter().zip(outs).enumerate() {
        if r != body.value_type(o) {
            return err(format!(
                "{i}-th result type '{}' does not match its output type '{}'",
                type_to_string(ctx, r),
                type_to_string(ctx, body.value_type(o))
            ));
        }
    }
    Ok(())
}

fn verify_in_parallel(ctx: &Context, body: &Body, op: Op) -> Result<(), Diagnostic> {
    let (rb, regions) = body.regions_of(op);
    let Some(block) = regions.first().and_then(|&r| rb.first_block(r)) else { return Ok(()) };
    if rb.first_op(block).is_some() {
        // No op of Strata's implements ParallelCombiningOpInterface.
        return Err(op_error(ctx, body, op, "expected only ParallelCombiningOpInterface ops"));
    }
    Ok(())
}
