//! `tx8be-transpose-views`: a transpose that only feeds loads becomes a
//! view its readers load through, instead of a group of its own.
//!
//! A transformer splits its activations into heads and merges them back
//! with transposes between reshapes ([b, s, h, d] -> [b, h, s, d]); as a
//! group each reads and writes the whole tensor through DDR, for no
//! arithmetic. The C model's `op_dma_load_transposed` reads any box of
//! `reshape(transpose(reshape(t, src), perm), whole)` straight from `t`
//! with strided copies (`tx8_cmodel::oplib::view`), so a single-op
//! Transpose group whose result (through reshapes) is only loaded by other
//! groups is taken apart: the Transpose moves to the top level, reading
//! the group's DDR input, and each load reads through it. A top-level
//! Transpose is, from here on, a view: like a top-level Reshape it has no
//! bytes of its own (`tx8be-ddr-alloc` gives it its operand's address) and
//! codegen turns the loads through it into `op_dma_load_transposed`.
//!
//! Kept as a group: a transpose of blocked (channel-blocked) tensors, one
//! that moves the innermost dim (every copy would move one element), one
//! whose result a function returns or a non-load reads, and one some
//! reader's dims do not split alike with the transposed dims
//! (`TransposeView::new` refuses it).
//!
//! Runs after `tx8be-group-ops` (groups with their loads and stores),
//! before `tx8be-sharding`, which prices a load through a view by the
//! copies it takes.

use strata_ir::{Body, Context, Diagnostic, Op, Value};
use strata_pass::pass::{Pass, PassTarget};
use strata_pass::registry::PassInfo;
use strata_pass::PreservedAnalyses;
use tx8_cmodel::oplib::view::TransposeView;
use tx8be::dialect::ops::{op_kind, OpKind};

use crate::grouping::top_level_groups;

pub const INFO: PassInfo = PassInfo {
    argument: "tx8be-transpose-views",
    description: "Turn Transpose groups read only by loads into views the loads read through (strided DMA, no DDR round trip)",
    options: &[],
    ctor: |opts| {
        opts.apply("tx8be-transpose-views", |_, _| None)?;
        Ok(Box::new(TransposeViews))
    },
};

pub struct TransposeViews;

/// Bytes a copy through a view must move at least in one run: shorter
/// runs would cost more in descriptors than the group's round trip.
const MIN_RUN_BYTES: u64 = 64;

/// Whether `op` is a transpose view: a `tx8be.Transpose` outside any group.
pub fn is_view(ctx: &Context, body: &Body, op: Op) -> bool {
    op_kind(ctx, body, op) == Some(OpKind::Transpose) && body.parent_op(op).is_none_or(|p| ctx.op_name_str(body.op_name(p)) != "tx8be.group")
}

/// The view a load reads through, if any: the DDR value under it (the
/// view's operand) and the view, for the load's result dims. Looks through
/// the reshapes around the transpose.
pub fn load_view(ctx: &Context, body: &Body, load: Op) -> Option<(Value, TransposeView)> {
    if op_kind(ctx, body, load) != Some(OpKind::LoadVar) {
        return None;
    }
    let mut v = body.operand(load, 0);
    loop {
        let d = body.defining_op(v)?;
        match op_kind(ctx, body, d) {
            Some(OpKind::Reshape) => v = body.operand(d, 0),
            Some(OpKind::Transpose) if is_view(ctx, body, d) => {
                let src = body.operand(d, 0);
                let perm = tx8be::dialect::shape_rules::perm_of(ctx, body, d).ok()?;
                let view = TransposeView::new(dims(ctx, body, src), perm, dims(ctx, body, body.result(load, 0))).ok()?;
                return Some((src, view));
            }
            _ => return None,
        }
    }
}

/// Whether load `load` reads through a transpose view (then it is not
/// broadcast, line-shared, slid or ring-shared: those read DDR images of
/// boxes, which a view's box is not).
pub fn reads_view(ctx: &Context, body: &Body, load: Op) -> bool {
    if op_kind(ctx, body, load) != Some(OpKind::LoadVar) {
        return false;
    }
    let mut v = body.operand(load, 0);
    while let Some(d) = body.defining_op(v) {
        match op_kind(ctx, body, d) {
            Some(OpKind::Reshape) => v = body.operand(d, 0),
            Some(OpKind::Transpose) => return is_view(ctx, body, d),
            _ => return false,
        }
    }
    false
}

/// The copies `op_dma_load_transposed` issues for box `b` of `v`, when `v`
/// is a load through a view (`None` otherwise; `Some(Err)` when the C model
/// would refuse the box): what the cost model charges such a load.
pub fn view_transfers(ctx: &Context, body: &Body, v: Value, b: &tx8be::interfaces::sharding::SliceBox) -> Option<Result<Vec<(u64, u64, tx8_cmodel::isa::Strided)>, tx8_cmodel::error::SimError>> {
    let load = body.defining_op(v)?;
    if !reads_view(ctx, body, load) {
        return None;
    }
    let (_, view) = load_view(ctx, body, load)?;
    let es = element_bytes(ctx, body, v)?;
    let u = |x: &[i64]| x.iter().map(|&d| d.max(0) as u64).collect::<Vec<u64>>();
    Some(view.transfers(&u(&b.start), &u(&b.size), es))
}

fn dims(ctx: &Context, body: &Body, v: Value) -> Vec<u64> {
    ctx.shape(body.value_type(v)).unwrap_or(&[]).iter().map(|&d| d.max(0) as u64).collect()
}

fn element_bytes(ctx: &Context, body: &Body, v: Value) -> Option<u64> {
    let e = ctx.element_type(body.value_type(v))?;
    Some(tx8be::interfaces::tensor::ElementType::from_type(ctx, e)?.data_format()?.size() as u64)
}

fn is_dense(ctx: &Context, body: &Body, v: Value) -> bool {
    !tx8be::layout::cmodel_layout(tx8be::layout::value_mem_layout(ctx, body, v)).is_blocked()
}

/// The ops of a group's body, if it is `load_var -> Transpose -> store_var`.
fn transpose_group(ctx: &Context, body: &Body, group: Op) -> Option<(Op, Op, Op)> {
    let region = *body.local_regions(group).first()?;
    let ops: Vec<Op> = body.block_ops(body.first_block(region)?).collect();
    let kinds: Vec<Option<OpKind>> = ops.iter().map(|&o| op_kind(ctx, body, o)).collect();
    if kinds != [Some(OpKind::LoadVar), Some(OpKind::Transpose), Some(OpKind::StoreVar), Some(OpKind::Yield)] {
        return None;
    }
    let (load, t, store) = (ops[0], ops[1], ops[2]);
    (body.operand(t, 0) == body.result(load, 0) && body.operand(store, 0) == body.result(t, 0)).then_some((load, t, store))
}

/// The loads reading `v` through top-level reshapes, or `None` when
/// anything else reads it (a return, a compute op, another view).
fn reading_loads(ctx: &Context, body: &Body, v: Value, out: &mut Vec<Op>) -> Option<()> {
    for (user, _) in body.uses(v) {
        match op_kind(ctx, body, user) {
            Some(OpKind::Reshape) if body.parent_op(user).is_none_or(|p| op_kind(ctx, body, p) != Some(OpKind::Group)) => reading_loads(ctx, body, body.result(user, 0), out)?,
            Some(OpKind::LoadVar) if body.op_attr(ctx, user, "share").is_none() => out.push(user),
            _ => return None,
        }
    }
    Some(())
}

/// Whether the group's transpose can become a view for all its readers.
fn can_view(ctx: &Context, body: &Body, group: Op) -> Option<(Op, Op, Op)> {
    let (load, t, store) = transpose_group(ctx, body, group)?;
    let src = body.operand(load, 0);
    let perm = tx8be::dialect::shape_rules::perm_of(ctx, body, t).ok()?;
    let src_dims = dims(ctx, body, src);
    let rank = src_dims.len();
    let es = element_bytes(ctx, body, src)?;
    if rank == 0 || perm[rank - 1] != rank - 1 || src_dims[rank - 1] * es < MIN_RUN_BYTES {
        return None;
    }
    if !is_dense(ctx, body, src) || !is_dense(ctx, body, body.result(t, 0)) || !is_dense(ctx, body, body.result(store, 0)) {
        return None;
    }
    let mut loads = Vec::new();
    reading_loads(ctx, body, body.result(group, 0), &mut loads)?;
    if loads.is_empty() {
        return None;
    }
    for &l in &loads {
        if !is_dense(ctx, body, body.result(l, 0)) || TransposeView::new(src_dims.clone(), perm.clone(), dims(ctx, body, body.result(l, 0))).is_err() {
            return None;
        }
    }
    Some((load, t, store))
}

impl Pass for TransposeViews {
    fn argument(&self) -> &'static str {
        INFO.argument
    }
    fn name(&self) -> &'static str {
        "Tx8beTransposeViews"
    }
    fn anchor(&self) -> Option<&'static str> {
        Some("func.func")
    }
    fn run(&self, target: &mut PassTarget<'_>) -> Result<PreservedAnalyses, Diagnostic> {
        let ctx = target.ctx;
        let body = &mut *target.body;
        let mut changed = false;
        for group in top_level_groups(ctx, body) {
            let Some((load, t, store)) = can_view(ctx, body, group) else { continue };
            let src = body.operand(load, 0);
            let region = body.local_regions(group)[0];
            let block = body.first_block(region).expect("a group has a block");
            let terminator = body.last_op(block).expect("a group ends with its yield");
            body.erase_op(terminator);
            body.erase_op(store);
            body.remove_op(t);
            body.insert_op_before(group, t);
            body.set_operand(t, 0, src);
            body.erase_op(load);
            body.replace_all_uses_with(body.result(group, 0), body.result(t, 0));
            body.erase_op(group);
            changed = true;
        }
        if changed {
            crate::grouping::number_groups(ctx, body);
        }
        Ok(PreservedAnalyses::unless_changed(changed))
    }
}
