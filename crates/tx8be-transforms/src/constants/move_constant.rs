//! `tx8be-move-constant` (the seed's MoveConstantPass with its
//! ConstantToLoadConst pattern and `updateConstContainer`): every use of a
//! `tx8be.const` by a compute op goes through its own graph-level
//! `%l = tx8be.load_const %c {const_map_id = K}`, and every constant gets
//! its id.
//!
//! - A Reshape of a constant is folded first into a new constant of the
//!   reshaped type (the same bytes), so a weight reached through reshapes
//!   is loaded as the shape its user reads.
//! - Whether the users load the constant comes from the OpLib `need_load`
//!   bit of the operand each one reads it as. When no user loads it (a
//!   Gather table, read from DDR by the op) its load_consts get
//!   `bypasscodegen = true`. A constant some users load and others read
//!   from DDR (an embedding table tied to the language-model head: a
//!   Gather reads it, a Gemm loads it) is split in two constants first,
//!   one per kind of use: the seed asserts instead, but each kind needs
//!   its own load_consts, placement and id, and tied weights are how
//!   transformers export.
//! - Each load_const's `dev_info` `mem_layout` is the constant's placement
//!   (and its `layout_str` the constant's, as in the seed).
//! - Ids: constants larger than `4 * 1024 * tile_num` bytes first, then the
//!   others, each in program order ([`threshold_ids`]); every load_const of
//!   a constant carries its id. Ids depend only on the program, so running
//!   the pass again renumbers nothing.

use strata_ir::surgery::{IrMapping, Source};
use strata_ir::{AttrKind, Body, Context, Diagnostic, Op, OpSpec, Value};
use strata_pass::pass::PassTarget;
use strata_pass::PreservedAnalyses;
use tx8be::layout::{placed_bytes, set_mem_layout, value_mem_layout};
use tx8be::{op_kind, OpKind};

use super::container::{const_ops, set_const_map_id, threshold_bytes, threshold_ids};
use super::is_compute;
use tx8be::schedule::groups::entry_ops;

strata_pass::option_free_pass! {
    pub struct MoveConstant;
    argument: "tx8be-move-constant",
    name: "Tx8beMoveConstant",
    description: "Route every use of a tx8be.const by a compute op through its own tx8be.load_const and number the constants (const_map_id)",
    anchor: Some("func.func"),
}

impl MoveConstant {
    fn run_on(&self, target: &mut PassTarget<'_>) -> Result<PreservedAnalyses, Diagnostic> {
        let hw = crate::attach_target::hardware(target)?;
        let ctx = target.ctx;
        let body = &mut *target.body;
        let mut changed = fold_const_reshapes(ctx, body);
        for c in const_ops(ctx, body) {
            if let Some(read) = split_by_kind_of_use(ctx, body, c)? {
                changed |= route_uses_through_loads(ctx, body, read)?;
            }
            changed |= route_uses_through_loads(ctx, body, c)?;
        }
        changed |= number_constants(ctx, body, threshold_bytes(&hw));
        Ok(PreservedAnalyses::unless_changed(changed))
    }
}

/// `Reshape(const)` -> a constant of the reshaped type holding the same
/// bytes (row-major data does not move under a reshape). Program order, so
/// a chain of reshapes folds from its constant outwards in one walk.
fn fold_const_reshapes(ctx: &Context, body: &mut Body) -> bool {
    let mut changed = false;
    for op in entry_ops(body) {
        if body.is_erased(op) || op_kind(ctx, body, op) != Some(OpKind::Reshape) {
            continue;
        }
        let Some(src) = body.defining_op(body.operand(op, 0)) else { continue };
        if op_kind(ctx, body, src) != Some(OpKind::Const) {
            continue;
        }
        let Some(value) = body.op_attr(ctx, src, "value") else { continue };
        let AttrKind::DenseElements { data, .. } = ctx.attr_kind(value) else { continue };
        let result = body.result(op, 0);
        let ty = body.value_type(result);
        let reshaped = ctx.intern_attr(AttrKind::DenseElements { ty, data: data.clone() });
        let attrs = ctx.dictionary(vec![(ctx.intern_str("value"), reshaped)]);
        let folded =
            body.create_op(OpSpec::new(ctx, OpKind::Const.name(), body.op_loc(op)).results(&[ty]).attrs(attrs));
        body.insert_op_before(op, folded);
        let fv = body.result(folded, 0);
        body.replace_all_uses_with(result, fv);
        body.erase_op(op);
        if body.op_results_unused(src) {
            body.erase_op(src);
        }
        changed = true;
    }
    changed
}

/// The uses of `v` by compute ops at the top level of the function (the
/// graph the pass rewrites), as (user, operand number). A Reshape left
/// unfolded (its constant is not a plain `dense<...>`) is not one: it is a
/// free view of the DDR bytes and stays outside groups.
fn compute_uses(ctx: &Context, body: &Body, v: Value) -> Vec<(Op, usize)> {
    let block = body.value_parent_block(v);
    let mut uses: Vec<(Op, usize)> = body
        .uses(v)
        .filter(|&(user, _)| {
            is_compute(ctx, body, user)
                && op_kind(ctx, body, user) != Some(OpKind::Reshape)
                && body.op_block(user) == block
        })
        .collect();
    // Program order of the users, so the loads are created deterministically.
    uses.sort_by_key(|&(user, i)| (position(body, user), i));
    uses
}

fn position(body: &Body, op: Op) -> usize {
    let mut n = 0;
    let mut cur = op;
    while let Some(p) = body.prev_op(cur) {
        n += 1;
        cur = p;
    }
    n
}

/// Whether each use loads its operand into SPM (the OpLib `need_load` bit).
fn loads_of(ctx: &Context, body: &Body, uses: &[(Op, usize)]) -> Result<Vec<bool>, Diagnostic> {
    uses.iter()
        .map(|&(user, i)| {
            let attr = tx8be::interfaces::query_op_attr(ctx, body, user)?;
            Ok(i < 64 && attr.need_load >> i & 1 == 1)
        })
        .collect()
}

/// When some compute uses of `c` load it and others read it from DDR, a
/// copy of `c` right after it takes the DDR readers; returns the copy.
fn split_by_kind_of_use(ctx: &Context, body: &mut Body, c: Op) -> Result<Option<Op>, Diagnostic> {
    let v = body.result(c, 0);
    let uses = compute_uses(ctx, body, v);
    let loaded = loads_of(ctx, body, &uses)?;
    if loaded.iter().all(|&l| l) || loaded.iter().all(|&l| !l) {
        return Ok(None);
    }
    let copy = body.clone_op(Source::Same, c, &mut IrMapping::default());
    body.insert_op_after(c, copy);
    let cv = body.result(copy, 0);
    for (&(user, i), &l) in uses.iter().zip(&loaded) {
        if !l {
            body.set_operand(user, i, cv);
        }
    }
    Ok(Some(copy))
}

/// ConstantToLoadConst for constant `c`: one load_const per compute use
/// (all of one kind: [`split_by_kind_of_use`] ran first).
fn route_uses_through_loads(ctx: &Context, body: &mut Body, c: Op) -> Result<bool, Diagnostic> {
    let v = body.result(c, 0);
    let uses = compute_uses(ctx, body, v);
    if uses.is_empty() {
        return Ok(false);
    }
    let need_load = loads_of(ctx, body, &uses)?[0];
    let ty = body.value_type(v);
    let layout = value_mem_layout(ctx, body, v);
    for (user, i) in uses {
        let mut attrs = vec![];
        if !need_load {
            attrs.push((ctx.intern_str("bypasscodegen"), ctx.bool_attr(true)));
        }
        // As the seed does, the load carries the constant's semantic layout.
        if let Some(layout_str) = body.op_attr(ctx, c, "layout_str") {
            attrs.push((ctx.intern_str("layout_str"), layout_str));
        }
        let spec = OpSpec::new(ctx, OpKind::LoadConst.name(), body.op_loc(c))
            .operands(&[v])
            .results(&[ty])
            .attrs(ctx.dictionary(attrs));
        let load = body.create_op(spec);
        body.insert_op_before(user, load);
        set_mem_layout(ctx, body, load, layout);
        let lv = body.result(load, 0);
        body.set_operand(user, i, lv);
    }
    Ok(true)
}

/// updateConstContainer + updateLdConstop: ids by the size threshold, on
/// the constants and on every load_const reading one.
fn number_constants(ctx: &Context, body: &mut Body, threshold: u64) -> bool {
    let consts = const_ops(ctx, body);
    let sizes: Vec<u64> = consts
        .iter()
        .map(|&c| {
            let v = body.result(c, 0);
            placed_bytes(ctx, body.value_type(v), value_mem_layout(ctx, body, v))
        })
        .collect();
    let ids = threshold_ids(&sizes, threshold);
    let mut changed = false;
    for (&c, &id) in consts.iter().zip(&ids) {
        changed |= super::container::const_map_id(ctx, body, c) != Some(id);
        set_const_map_id(ctx, body, c, id);
        let loads: Vec<Op> = body
            .uses(body.result(c, 0))
            .map(|(u, _)| u)
            .filter(|&u| op_kind(ctx, body, u) == Some(OpKind::LoadConst))
            .collect();
        for l in loads {
            changed |= super::container::const_map_id(ctx, body, l) != Some(id);
            set_const_map_id(ctx, body, l, id);
        }
    }
    changed
}
