//! `convert-scf-to-cf` (upstream `SCFToControlFlow.cpp`): `scf.for`,
//! `scf.if` and `scf.while` become blocks and `cf` branches, laid out as
//! upstream lays them out, so block order, block arguments and value
//! numbering match mlir-opt's output:
//!
//! - `scf.for`: the enclosing block is split before the loop; the loop's
//!   entry block becomes the condition block (induction variable and
//!   iter_args as arguments, `arith.cmpi slt`/`ult` against the upper
//!   bound), its ops move to a new first body block, and the last body
//!   block steps the induction variable and branches back with the yielded
//!   values. The loop's results are the condition block's arguments.
//! - `scf.if`: the enclosing block is split before the op; with results, a
//!   continuation block taking them is placed before the rest of the
//!   enclosing block; the then and else blocks branch there.
//! - `scf.while`: both regions are inlined before the continuation, the
//!   `scf.condition` becomes a `cf.cond_br`; when the "after" region only
//!   forwards its arguments (upstream's `DoWhileLowering`, tried first),
//!   only the "before" region is inlined and branches back to itself.
//! - `scf.parallel`: becomes a nest of `scf.for`, one per dimension, which
//!   are lowered in turn. The reductions' initial values are the outermost
//!   loop's iter_args and are threaded down the nest; each reduction body
//!   is inlined where the `scf.reduce` stood, combining the innermost
//!   loop's iter_arg with the reduced operand, and what it returns is
//!   yielded.
//!
//! - `scf.execute_region`: the enclosing block is split before the op, the
//!   region's blocks are inlined before the continuation, which takes the
//!   results as arguments; every `scf.yield` branches there.
//! - `scf.index_switch`: the enclosing block is split before the op (the
//!   continuation takes the results), the case regions and then the
//!   default region are inlined before it, and an `arith.index_cast` of
//!   the selector to `i32` feeds a `cf.switch`.
//! - `scf.forall` without shared outputs: becomes an `scf.parallel` (its
//!   static bounds materialised as `arith.constant`s at the loop, lower
//!   bounds, then upper bounds, then steps), lowered in turn.
//!
//! Nested ops are converted after the op holding them (pre-order); every
//! placement is relative to the op's own block, so the order does not
//! change the result.

use strata_ir::branch::{dense_i32_array, dense_i32_values};
use strata_ir::{Block, Diagnostic, Location, Op, OpSpec, Value};
use strata_pass::analysis::PreservedAnalyses;
use strata_pass::pass::{Pass, PassTarget};
use strata_pass::registry::PassInfo;
use strata_rewrite::conversion::{
    apply_conversion_with_config, ConversionConfig, ConversionMode, ConversionPattern, ConversionPatternSet,
    ConversionRewriter, ConversionTarget,
};
use strata_rewrite::PatternRewriter;

use crate::build::op1;

pub const INFO: PassInfo = PassInfo {
    argument: "convert-scf-to-cf",
    description: "Convert SCF dialect to ControlFlow dialect, replacing structured control flow with a CFG",
    options: &[],
    ctor: |opts| {
        opts.apply("convert-scf-to-cf", |_, _| None)?;
        Ok(Box::new(SCFToControlFlowPass))
    },
};

pub struct SCFToControlFlowPass;

impl Pass for SCFToControlFlowPass {
    fn argument(&self) -> &'static str {
        "convert-scf-to-cf"
    }
    fn name(&self) -> &'static str {
        "SCFToControlFlowPass"
    }
    fn run(&self, target: &mut PassTarget<'_>) -> Result<PreservedAnalyses, Diagnostic> {
        let mut legal = ConversionTarget::new();
        let mut patterns = ConversionPatternSet::new();
        for root in ScfRoot::ALL {
            legal.add_illegal_op(root.op_name());
            patterns.add(ScfLowering { root });
        }
        legal.mark_unknown_op_dynamically_legal(|_, _, _| true);
        // As upstream's driver, the illegal ops are folded first
        // (`scf.if` on a negated condition swaps its branches).
        let config = ConversionConfig { fold: true };
        apply_conversion_with_config(
            target.ctx,
            target.body,
            &legal,
            &patterns,
            None,
            ConversionMode::Partial,
            config,
        )?;
        Ok(PreservedAnalyses::none())
    }
}

/// The ops the pass lowers; each has one pattern.
#[derive(Clone, Copy)]
enum ScfRoot {
    For,
    If,
    ExecuteRegion,
    IndexSwitch,
    Parallel,
    Forall,
    While,
}

impl ScfRoot {
    const ALL: [ScfRoot; 7] = [
        ScfRoot::For,
        ScfRoot::If,
        ScfRoot::ExecuteRegion,
        ScfRoot::IndexSwitch,
        ScfRoot::Parallel,
        ScfRoot::Forall,
        ScfRoot::While,
    ];

    fn op_name(self) -> &'static str {
        match self {
            ScfRoot::For => "scf.for",
            ScfRoot::If => "scf.if",
            ScfRoot::ExecuteRegion => "scf.execute_region",
            ScfRoot::IndexSwitch => "scf.index_switch",
            ScfRoot::Parallel => "scf.parallel",
            ScfRoot::Forall => "scf.forall",
            ScfRoot::While => "scf.while",
        }
    }

    /// Upstream's pattern name (what `--debug`-style traces call it).
    fn pattern_name(self) -> &'static str {
        match self {
            ScfRoot::For => "ForLowering",
            ScfRoot::If => "IfLowering",
            ScfRoot::ExecuteRegion => "ExecuteRegionLowering",
            ScfRoot::IndexSwitch => "IndexSwitchLowering",
            ScfRoot::Parallel => "ParallelLowering",
            ScfRoot::Forall => "ForallLowering",
            ScfRoot::While => "WhileLowering",
        }
    }
}

struct ScfLowering {
    root: ScfRoot,
}

impl ConversionPattern for ScfLowering {
    fn root(&self) -> Option<&str> {
        Some(self.root.op_name())
    }
    fn name(&self) -> &str {
        self.root.pattern_name()
    }
    fn match_and_rewrite(&self, op: Op, operands: &[Value], rw: &mut ConversionRewriter<'_, '_>) -> bool {
        // Ops whose regions are not single blocks ending in the expected
        // terminator (which the verifier guarantees) are left alone.
        match self.root {
            ScfRoot::For => lower_for(op, operands, rw).is_some(),
            ScfRoot::If => lower_if(op, operands, rw).is_some(),
            ScfRoot::ExecuteRegion => lower_execute_region(op, rw).is_some(),
            ScfRoot::IndexSwitch => lower_index_switch(op, operands, rw).is_some(),
            ScfRoot::Parallel => lower_parallel(op, operands, rw).is_some(),
            ScfRoot::Forall => lower_forall(op, operands, rw).is_some(),
            ScfRoot::While => lower_while(op, operands, rw).is_some(),
        }
    }
}

fn br(rw: &mut PatternRewriter<'_>, dest: Block, operands: &[Value], loc: Location) -> Op {
    let ctx = rw.ctx;
    rw.create(OpSpec::new(ctx, "cf.br", loc).operands(operands).successors(&[dest]))
}

fn cond_br(
    rw: &mut PatternRewriter<'_>,
    cond: Value,
    t: Block,
    t_args: &[Value],
    f: Block,
    f_args: &[Value],
    loc: Location,
) -> Op {
    let ctx = rw.ctx;
    let mut operands = vec![cond];
    operands.extend_from_slice(t_args);
    operands.extend_from_slice(f_args);
    let seg = dense_i32_array(ctx, &[1, t_args.len() as i32, f_args.len() as i32]);
    let attrs = ctx.dictionary(vec![(ctx.intern_str("operandSegmentSizes"), seg)]);
    rw.create(OpSpec::new(ctx, "cf.cond_br", loc).operands(&operands).successors(&[t, f]).attrs(attrs))
}

/// Moves every block of `op`'s region `index` before `before`.
fn inline_region_before(rw: &mut PatternRewriter<'_>, op: Op, index: usize, before: Block) {
    let b = rw.body_mut_unnotified();
    let region = b.local_regions(op)[index];
    let blocks: Vec<Block> = b.blocks(region).collect();
    for blk in blocks {
        b.remove_block(blk);
        b.insert_block_before(before, blk);
    }
}

/// The first and last blocks of `op`'s region `index`.
fn region_ends(rw: &PatternRewriter<'_>, op: Op, index: usize) -> Option<(Block, Block)> {
    let body = rw.body();
    let region = *body.local_regions(op).get(index)?;
    Some((body.first_block(region)?, body.last_block(region)?))
}

fn lower_for(op: Op, operands: &[Value], rw: &mut ConversionRewriter<'_, '_>) -> Option<()> {
    let ctx = rw.ctx;
    let loc = rw.body().op_loc(op);
    let unsigned = rw.body().op_attr(ctx, op, "unsignedCmp").is_some();
    let (condition, last_body) = region_ends(rw, op, 0)?;
    let terminator = rw.body().last_op(last_body)?;
    let init_block = rw.body().op_block(op)?;
    let (lb, ub, step) = (*operands.first()?, *operands.get(1)?, *operands.get(2)?);
    let inits = operands.get(3..)?.to_vec();
    let b = rw.body_mut_unnotified();
    let end = b.split_block(init_block, Some(op));
    let first_op = b.first_op(condition);
    let first_body = b.split_block(condition, first_op);
    // A single-block body is now `first_body`; otherwise the last block
    // stays the last.
    let last_body = if last_body == condition { first_body } else { last_body };
    inline_region_before(rw, op, 0, end);
    let iv = rw.body().block_args(condition)[0];
    rw.set_insertion_point_to_end(last_body);
    let stepped = crate::build::binary(rw, "arith.addi", iv, step, loc);
    let mut carried = vec![stepped];
    carried.extend(rw.body().operands(terminator));
    br(rw, condition, &carried, loc);
    rw.erase_op(terminator);
    rw.set_insertion_point_to_end(init_block);
    let mut entry = vec![lb];
    entry.extend(inits);
    br(rw, condition, &entry, loc);
    rw.set_insertion_point_to_end(condition);
    let i1 = ctx.i1();
    let pred = ctx.integer_attr(ctx.i64(), if unsigned { 6 } else { 2 });
    let cmp = op1(rw, "arith.cmpi", &[iv, ub], i1, &[("predicate", pred)], loc);
    cond_br(rw, cmp, first_body, &[], end, &[], loc);
    let results: Vec<Value> = rw.body().block_args(condition)[1..].to_vec();
    rw.replace_op(op, &results);
    Some(())
}

fn lower_if(op: Op, operands: &[Value], rw: &mut ConversionRewriter<'_, '_>) -> Option<()> {
    let loc = rw.body().op_loc(op);
    let cond = *operands.first()?;
    let cond_block = rw.body().op_block(op)?;
    let result_types = rw.body().result_types(op);
    let remaining = rw.body_mut_unnotified().split_block(cond_block, Some(op));
    let continuation = if result_types.is_empty() {
        remaining
    } else {
        let b = rw.body_mut_unnotified();
        let c = b.create_block();
        b.insert_block_before(remaining, c);
        for &t in &result_types {
            b.add_block_arg(c, t, loc);
        }
        rw.set_insertion_point_to_end(c);
        br(rw, remaining, &[], loc);
        c
    };
    let (then_first, then_last) = region_ends(rw, op, 0)?;
    branch_to_continuation(rw, then_last, continuation, loc)?;
    inline_region_before(rw, op, 0, continuation);
    let else_first = match region_ends(rw, op, 1) {
        Some((first, last)) => {
            branch_to_continuation(rw, last, continuation, loc)?;
            inline_region_before(rw, op, 1, continuation);
            first
        }
        None => continuation,
    };
    rw.set_insertion_point_to_end(cond_block);
    cond_br(rw, cond, then_first, &[], else_first, &[], loc);
    let results: Vec<Value> = rw.body().block_args(continuation).to_vec();
    rw.replace_op(op, &results);
    Some(())
}

/// Replaces the `scf.yield` ending `block` by a branch to `dest` passing
/// its operands.
fn branch_to_continuation(rw: &mut PatternRewriter<'_>, block: Block, dest: Block, loc: Location) -> Option<()> {
    let terminator = rw.body().last_op(block)?;
    let values: Vec<Value> = rw.body().operands(terminator).collect();
    rw.set_insertion_point_to_end(block);
    br(rw, dest, &values, loc);
    rw.erase_op(terminator);
    Some(())
}

fn lower_execute_region(op: Op, rw: &mut ConversionRewriter<'_, '_>) -> Option<()> {
    let ctx = rw.ctx;
    let loc = rw.body().op_loc(op);
    let cond_block = rw.body().op_block(op)?;
    let region = *rw.body().local_regions(op).first()?;
    let first = rw.body().first_block(region)?;
    let remaining = rw.body_mut_unnotified().split_block(cond_block, Some(op));
    rw.set_insertion_point_to_end(cond_block);
    br(rw, first, &[], loc);
    let blocks: Vec<Block> = rw.body().blocks(region).collect();
    for block in blocks {
        let Some(terminator) = rw.body().last_op(block) else { continue };
        if ctx.op_name_is(rw.body().op_name(terminator), "scf.yield") {
            branch_to_continuation(rw, block, remaining, loc)?;
        }
    }
    inline_region_before(rw, op, 0, remaining);
    let results = add_result_args(rw, op, remaining, loc);
    rw.replace_op(op, &results);
    Some(())
}

/// Appends to `block` one argument per result of `op` (at `loc`) and
/// returns them: the values that replace the op's results.
fn add_result_args(rw: &mut PatternRewriter<'_>, op: Op, block: Block, loc: Location) -> Vec<Value> {
    let result_types = rw.body().result_types(op);
    let b = rw.body_mut_unnotified();
    result_types.iter().map(|&t| b.add_block_arg(block, t, loc)).collect()
}

fn lower_index_switch(op: Op, operands: &[Value], rw: &mut ConversionRewriter<'_, '_>) -> Option<()> {
    let ctx = rw.ctx;
    let loc = rw.body().op_loc(op);
    let selector = *operands.first()?;
    let cond_block = rw.body().op_block(op)?;
    let cases = strata_dialects::scf::case_values(ctx, rw.body().op_attr(ctx, op, "cases"));
    let regions = rw.body().local_regions(op).len();
    if regions != cases.len() + 1 {
        return None;
    }
    let continuation = rw.body_mut_unnotified().split_block(cond_block, Some(op));
    let results = add_result_args(rw, op, continuation, loc);
    // Region 0 is the default; the cases follow in order. Upstream inlines
    // the cases first, then the default.
    let mut case_blocks = Vec::with_capacity(cases.len());
    for index in (1..regions).chain([0]) {
        let (first, last) = region_ends(rw, op, index)?;
        // The branch replaces the yield and takes its location.
        let yield_loc = rw.body().op_loc(rw.body().last_op(last)?);
        branch_to_continuation(rw, last, continuation, yield_loc)?;
        inline_region_before(rw, op, index, continuation);
        case_blocks.push(first);
    }
    let default = case_blocks.pop()?;
    rw.set_insertion_point_to_end(cond_block);
    let i32_ty = ctx.i32();
    let flag = op1(rw, "arith.index_cast", &[selector], i32_ty, &[], loc);
    let case_values: Vec<_> = cases.iter().map(|&c| strata_ir::apint::ApInt::from_i64(32, c)).collect();
    let mut attrs = vec![
        (ctx.intern_str("case_operand_segments"), dense_i32_array(ctx, &vec![0; cases.len()])),
        (ctx.intern_str("operandSegmentSizes"), dense_i32_array(ctx, &[1, 0, 0])),
    ];
    if let Some(values) = strata_dialects::cf::case_values_attr(ctx, i32_ty, &case_values) {
        attrs.push((ctx.intern_str("case_values"), values));
    }
    let mut successors = vec![default];
    successors.extend(case_blocks);
    rw.create(
        OpSpec::new(ctx, "cf.switch", loc).operands(&[flag]).successors(&successors).attrs(ctx.dictionary(attrs)),
    );
    rw.replace_op(op, &results);
    Some(())
}

/// `scf.forall` to `scf.parallel` (upstream's `forallToParallelLoop`):
/// only a forall without shared outputs, whose body has nothing to give
/// back.
fn lower_forall(op: Op, operands: &[Value], rw: &mut ConversionRewriter<'_, '_>) -> Option<()> {
    use strata_dialects::scf::Bound;
    let ctx = rw.ctx;
    let loc = rw.body().op_loc(op);
    let lp = strata_dialects::scf::forall_loop(ctx, rw.body(), op);
    if !lp.outputs.is_empty() {
        return None;
    }
    // The dynamic bounds in order, as the conversion maps them.
    let mut dynamic = operands.iter().copied();
    rw.set_insertion_point_before(op);
    let index = ctx.index_type();
    let mut values = Vec::with_capacity(3 * lp.lbs.len());
    for bound in lp.lbs.iter().chain(&lp.ubs).chain(&lp.steps) {
        values.push(match *bound {
            Bound::Value(_) => dynamic.next()?,
            Bound::Static(s) => op1(rw, "arith.constant", &[], index, &[("value", ctx.integer_attr(index, s))], loc),
        });
    }
    let n = lp.lbs.len() as i32;
    let mut attrs = vec![(ctx.intern_str("operandSegmentSizes"), dense_i32_array(ctx, &[n, n, n, 0]))];
    if let Some(mapping) = rw.body().op_attr(ctx, op, "mapping") {
        attrs.push((ctx.intern_str("mapping"), mapping));
    }
    let parallel =
        rw.create(OpSpec::new(ctx, "scf.parallel", loc).operands(&values).attrs(ctx.dictionary(attrs)).regions(1));
    let (block, _) = region_ends(rw, op, 0)?;
    let terminator = rw.body().last_op(block)?;
    let b = rw.body_mut_unnotified();
    b.remove_block(block);
    let region = b.local_regions(parallel)[0];
    b.append_block(region, block);
    rw.set_insertion_point_before(terminator);
    rw.create(OpSpec::new(ctx, "scf.reduce", loc));
    rw.erase_op(terminator);
    rw.replace_op(op, &[]);
    Some(())
}

fn lower_while(op: Op, operands: &[Value], rw: &mut ConversionRewriter<'_, '_>) -> Option<()> {
    let ctx = rw.ctx;
    let loc = rw.body().op_loc(op);
    let current = rw.body().op_block(op)?;
    let (before, before_last) = region_ends(rw, op, 0)?;
    let (after, after_last) = region_ends(rw, op, 1)?;
    let condition = rw.body().last_op(before_last)?;
    let yield_op = rw.body().last_op(after_last)?;
    if ctx.op_name_str(rw.body().op_name(condition)) != "scf.condition"
        || ctx.op_name_str(rw.body().op_name(yield_op)) != "scf.yield"
    {
        return None;
    }
    // `DoWhileLowering`: the "after" block is only a yield of its own
    // arguments, in order.
    let forwarding = {
        let body = rw.body();
        after == after_last
            && body.first_op(after) == Some(yield_op)
            && body.operand_vec(yield_op).as_slice() == body.block_args(after)
    };
    let continuation = rw.body_mut_unnotified().split_block(current, Some(op));
    let cond_loc = rw.body().op_loc(condition);
    let cond_operands: Vec<Value> = rw.body().operand_vec(condition).to_vec();
    let (flag, args) = cond_operands.split_first()?;
    if forwarding {
        inline_region_before(rw, op, 0, continuation);
        rw.set_insertion_point_to_end(current);
        br(rw, before, operands, loc);
        rw.set_insertion_point_to_end(before_last);
        cond_br(rw, *flag, before, args, continuation, &[], cond_loc);
        rw.replace_op(op, args);
        rw.erase_op(condition);
        return Some(());
    }
    inline_region_before(rw, op, 1, continuation);
    inline_region_before(rw, op, 0, after);
    rw.set_insertion_point_to_end(current);
    br(rw, before, operands, loc);
    rw.set_insertion_point_before(condition);
    cond_br(rw, *flag, after, args, continuation, &[], cond_loc);
    rw.erase_op(condition);
    let yield_loc = rw.body().op_loc(yield_op);
    let yielded: Vec<Value> = rw.body().operand_vec(yield_op).to_vec();
    rw.set_insertion_point_before(yield_op);
    br(rw, before, &yielded, yield_loc);
    rw.erase_op(yield_op);
    rw.replace_op(op, args);
    Some(())
}

/// Where a value was defined: its op's location or its block argument's.
fn value_loc(body: &strata_ir::Body, v: Value) -> Location {
    match body.value_def(v) {
        strata_ir::ValueDef::Result(op, _) => body.op_loc(op),
        strata_ir::ValueDef::BlockArg(b, i) => body.block_arg_locs(b)[i as usize],
    }
}

/// Creates `scf.for %iv = lb to ub step step iter_args(inits)` at the
/// insertion point with an empty entry block, as upstream's builder makes
/// it: the induction variable located at the loop, each iter_arg at its
/// init value, and a `scf.yield` only when nothing is carried.
fn create_for(rw: &mut PatternRewriter<'_>, bounds: [Value; 3], inits: &[Value], loc: Location) -> Op {
    let ctx = rw.ctx;
    let types: Vec<_> = inits.iter().map(|&v| rw.body().value_type(v)).collect();
    let mut operands = bounds.to_vec();
    operands.extend_from_slice(inits);
    let for_op = rw.create(OpSpec::new(ctx, "scf.for", loc).operands(&operands).results(&types).regions(1));
    let b = rw.body_mut_unnotified();
    let block = b.create_block();
    let region = b.local_regions(for_op)[0];
    b.append_block(region, block);
    let index = b.value_type(bounds[0]);
    b.add_block_arg(block, index, loc);
    for (&v, &ty) in inits.iter().zip(&types) {
        let arg_loc = value_loc(b, v);
        b.add_block_arg(block, ty, arg_loc);
    }
    if inits.is_empty() {
        rw.set_insertion_point_to_end(block);
        rw.create(OpSpec::new(ctx, "scf.yield", loc));
    }
    for_op
}

fn lower_parallel(op: Op, operands: &[Value], rw: &mut ConversionRewriter<'_, '_>) -> Option<()> {
    let ctx = rw.ctx;
    let loc = rw.body().op_loc(op);
    let seg = dense_i32_values(ctx, rw.body().op_attr(ctx, op, "operandSegmentSizes"));
    let n = usize::try_from(*seg.first()?).ok()?;
    let (lbs, rest) = operands.split_at_checked(n)?;
    let (ubs, rest) = rest.split_at_checked(n)?;
    let (steps, inits) = rest.split_at_checked(n)?;
    let (body_block, _) = region_ends(rw, op, 0)?;
    let reduce = rw.body().last_op(body_block)?;
    if ctx.op_name_str(rw.body().op_name(reduce)) != "scf.reduce" {
        return None;
    }
    // The nest, outermost first; each loop carries the reductions' values
    // from the loop around it, and yields what its inner loop returns.
    let mut carried: Vec<Value> = inits.to_vec();
    let mut ivs = Vec::with_capacity(n);
    let mut results: Vec<Value> = inits.to_vec();
    let mut innermost = None;
    for d in 0..n {
        let for_op = create_for(rw, [lbs[d], ubs[d], steps[d]], &carried, loc);
        let block = region_ends(rw, for_op, 0)?.0;
        let args = rw.body().block_args(block).to_vec();
        ivs.push(args[0]);
        carried = args[1..].to_vec();
        let for_results: Vec<Value> = rw.body().results(for_op).collect();
        if let Some(outer) = innermost {
            if !for_results.is_empty() {
                rw.set_insertion_point_to_end(outer);
                rw.create(OpSpec::new(ctx, "scf.yield", loc).operands(&for_results));
            }
        } else {
            results = for_results;
        }
        innermost = Some(block);
        rw.set_insertion_point_to_start(block);
    }
    let innermost = innermost?;
    // Each reduction's body goes where the `scf.reduce` is, combining the
    // value carried so far with the one this iteration reduces.
    let reduced: Vec<Value> = rw.body().operand_vec(reduce).to_vec();
    let reductions: Vec<_> = rw.body().local_regions(reduce).to_vec();
    let mut yielded = Vec::with_capacity(reductions.len());
    for (i, &region) in reductions.iter().enumerate() {
        let block = rw.body().first_block(region)?;
        let ret = rw.body().last_op(block)?;
        let returned = rw.body().operand_vec(ret).first().copied()?;
        rw.erase_op(ret);
        let (acc, value) = (*carried.get(i)?, *reduced.get(i)?);
        // A reduction may return one of its own arguments, which the
        // inlining below replaces.
        let args = rw.body().block_args(block);
        yielded.push(match args.iter().position(|&a| a == returned) {
            Some(0) => acc,
            Some(_) => value,
            None => returned,
        });
        rw.body_mut_unnotified().inline_block_before(block, body_block, Some(reduce), &[acc, value]);
    }
    rw.erase_op(reduce);
    // The body, now without its terminator, moves into the innermost loop
    // (before its `scf.yield` when it has one). It is moved, not created:
    // its ops are converted where the walk finds them, as upstream's are.
    let before = rw.body().last_op(innermost);
    rw.body_mut_unnotified().inline_block_before(body_block, innermost, before, &ivs);
    if !yielded.is_empty() {
        rw.set_insertion_point_to_end(innermost);
        rw.create(OpSpec::new(ctx, "scf.yield", loc).operands(&yielded));
    }
    rw.replace_op(op, &results);
    Some(())
}
