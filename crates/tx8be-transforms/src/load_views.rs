//! `tx8be-load-views`: a transpose or a slice that only feeds loads
//! becomes a view its readers load through, instead of a group of its own.
//!
//! A transformer splits its activations into heads and merges them back
//! with transposes between reshapes ([b, s, h, d] -> [b, h, s, d]), and a
//! fused q/k/v projection is sliced into its three parts; as groups each
//! reads and writes the whole tensor through DDR, for no arithmetic. The C
//! model's `op_dma_load_view` reads any box of a strided view of a dense
//! tensor straight from it (`tx8_cmodel::oplib::view`), so a single-op
//! Transpose or Slice group whose result (through reshapes) is only loaded
//! by other groups is taken apart: the op moves to the top level, reading
//! the group's DDR input, and each load reads through it. A top-level
//! Transpose or Slice is, from here on, a view: like a top-level Reshape
//! it has no bytes of its own (`tx8be-ddr-alloc` gives it its operand's
//! address) and codegen turns the loads through it into
//! `op_dma_load_view` with the dims and strides `load_view` composes
//! along the chain of views and reshapes down to the DDR tensor.
//!
//! An expand is a view too: an add of zeros that repeats a tensor along
//! its dims of extent 1 (`expanded_operand`: how `tx8be-sink-reshapes`
//! broadcasts BERT's mask [b, 1, 1, t] over the heads), read with stride 0
//! along them; its value is the tensor itself where the add would give
//! x + 0 (equal, but for the sign of a zero).
//!
//! Kept as a group: an op on blocked (channel-blocked) tensors, one whose
//! result a function returns or a non-load reads, and one some reader
//! would read in runs shorter than 64 bytes (a transpose of the innermost
//! dim moves single elements) or through reshapes whose dims do not split
//! alike with the view's.
//!
//! Runs after `tx8be-group-ops` (groups with their loads and stores),
//! before `tx8be-sharding`, which prices a load through a view by the
//! copies it takes.

use strata_ir::{Body, Context, Diagnostic, Op, Value};
use strata_pass::pass::PassTarget;
use strata_pass::PreservedAnalyses;
use tx8_cmodel::oplib::view::StridedView;
use tx8be::dialect::ops::{op_kind, OpKind};

use tx8be::schedule::groups::groups as top_level_groups;
use tx8be::schedule::views::*;

strata_pass::option_free_pass! {
    pub struct LoadViews;
    argument: "tx8be-load-views",
    name: "Tx8beLoadViews",
    description: "Turn Transpose and Slice groups read only by loads into views the loads read through (strided DMA, no DDR round trip)",
    anchor: Some("func.func"),
}

/// Bytes a copy through a view must move at least in one run: shorter
/// runs would cost more in descriptors than the group's round trip.
const MIN_RUN_BYTES: u64 = 64;

/// The ops of a group's body, if it is `load_var -> Transpose | Slice ->
/// store_var`, or an expand (`expanded_operand`) of a `load_var` by a
/// `load_const` of zeros (that load last).
fn view_group(ctx: &Context, body: &Body, group: Op) -> Option<(Op, Op, Op, Option<Op>)> {
    let region = *body.local_regions(group).first()?;
    let ops: Vec<Op> = body.block_ops(body.first_block(region)?).collect();
    let kinds: Vec<Option<OpKind>> = ops.iter().map(|&o| op_kind(ctx, body, o)).collect();
    match kinds.as_slice() {
        [Some(OpKind::LoadVar), Some(OpKind::Transpose | OpKind::Slice), Some(OpKind::StoreVar), Some(OpKind::Yield)] =>
        {
            let (load, op, store) = (ops[0], ops[1], ops[2]);
            (body.operand(op, 0) == body.result(load, 0) && body.operand(store, 0) == body.result(op, 0))
                .then_some((load, op, store, None))
        }
        [Some(a), Some(b), Some(OpKind::Binary), Some(OpKind::StoreVar), Some(OpKind::Yield)]
            if matches!((a, b), (OpKind::LoadVar, OpKind::LoadConst) | (OpKind::LoadConst, OpKind::LoadVar)) =>
        {
            let (load, zero) = if *a == OpKind::LoadVar { (ops[0], ops[1]) } else { (ops[1], ops[0]) };
            let (op, store) = (ops[2], ops[3]);
            let x = expanded_operand(ctx, body, op)?;
            (body.operand(op, x) == body.result(load, 0)
                && body.operand(op, 1 - x) == body.result(zero, 0)
                && body.operand(store, 0) == body.result(op, 0))
            .then_some((load, op, store, Some(zero)))
        }
        _ => None,
    }
}

/// The shortest contiguous run of a view: its innermost dims while they
/// are contiguous in DDR (one element when the innermost is strided).
fn run_elements(view: &StridedView) -> u64 {
    let mut run = 1u64;
    for (&d, &s) in view.dims.iter().zip(&view.strides).rev() {
        if s != run {
            break;
        }
        run *= d;
    }
    run
}

/// Whether the group's op can become a view for all its readers.
fn can_view(ctx: &Context, body: &Body, group: Op) -> Option<(Op, Op, Op, Option<Op>)> {
    let (load, op, store, zero) = view_group(ctx, body, group)?;
    let src = body.operand(load, 0);
    let es = element_bytes(ctx, body, src)?;
    if !is_dense(ctx, body, src)
        || !is_dense(ctx, body, body.result(op, 0))
        || !is_dense(ctx, body, body.result(store, 0))
    {
        return None;
    }
    let mut loads = Vec::new();
    reading_loads(ctx, body, body.result(group, 0), &mut loads)?;
    if loads.is_empty() {
        return None;
    }
    let as_view = Some((body.result(group, 0), op, src));
    for &l in &loads {
        if !is_dense(ctx, body, body.result(l, 0)) {
            return None;
        }
        let (c, _) = chain_of(ctx, body, body.operand(l, 0), as_view)?;
        let (_, view) = finish(c, dims(ctx, body, body.result(l, 0)))?;
        if run_elements(&view) * es < MIN_RUN_BYTES {
            return None;
        }
    }
    Some((load, op, store, zero))
}

impl LoadViews {
    fn run_on(&self, target: &mut PassTarget<'_>) -> Result<PreservedAnalyses, Diagnostic> {
        let ctx = target.ctx;
        let body = &mut *target.body;
        let mut changed = false;
        for group in top_level_groups(ctx, body) {
            let Some((load, op, store, zero)) = can_view(ctx, body, group) else { continue };
            let src = body.operand(load, 0);
            let x = expanded_operand(ctx, body, op).unwrap_or(0);
            let region = body.local_regions(group)[0];
            let block = body.first_block(region).expect("a group has a block");
            let terminator = body.last_op(block).expect("a group ends with its yield");
            body.erase_op(terminator);
            body.erase_op(store);
            body.remove_op(op);
            body.insert_op_before(group, op);
            body.set_operand(op, x, src);
            body.erase_op(load);
            if let Some(z) = zero {
                let c = body.operand(z, 0);
                body.set_operand(op, 1 - x, c);
                body.erase_op(z);
            }
            body.replace_all_uses_with(body.result(group, 0), body.result(op, 0));
            body.erase_op(group);
            changed = true;
        }
        if changed {
            crate::grouping::number_groups(ctx, body);
        }
        Ok(PreservedAnalyses::unless_changed(changed))
    }
}

fn is_dense(ctx: &Context, body: &Body, v: Value) -> bool {
    !tx8be::layout::cmodel_layout(tx8be::layout::value_mem_layout(ctx, body, v)).is_blocked()
}
