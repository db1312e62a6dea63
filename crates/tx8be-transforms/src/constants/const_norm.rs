//! `tx8be-const-norm` (the seed's ConstNormPass): constants take at compile
//! time the placement their users read, so no constant is converted at run
//! time.
//!
//! 1. constChannelNormErase: a `tx8be.load_const` whose only user is a
//!    `tx8be.ChannelNorm` takes that channel_norm's result placement
//!    (blocked for `to_blocked = true`) and the channel_norm goes.
//! 2. processMultiUse: all load_consts of one `const_map_id` agree on one
//!    placement: a blocked one if any of them is blocked (the seed prefers
//!    Cx), else the first one's. A load_const of the other kind takes it
//!    when every user accepts it (the OpLib `operand_align` of the operand
//!    it feeds); when some user cannot, the seed would force it anyway and
//!    break that user, so here it reads a copy of the constant instead (a
//!    new `tx8be.const` with a new id, in its own placement; the
//!    load_consts of one id that disagree share one copy).
//! 3. Every `tx8be.const`'s `dev_info` `mem_layout` becomes the agreed
//!    placement of its load_consts: codegen writes its bytes into
//!    `weights.bin` in that placement.

use std::collections::BTreeMap;

use strata_ir::{Body, Context, Diagnostic, Op, OpSpec};
use strata_pass::pass::{Pass, PassTarget};
use strata_pass::registry::PassInfo;
use strata_pass::PreservedAnalyses;
use tx8be::dialect::values::attr_bool;
use tx8be::layout::{blocked_mode, dense_mode, is_blocked, same_kind, set_mem_layout, value_mem_layout};
use tx8be::{op_kind, AlignMode, LayoutMode, OpKind};

use super::container::{const_map_id, set_const_map_id, ConstContainer};
use tx8be::schedule::groups::entry_ops;

pub const INFO: PassInfo = PassInfo {
    argument: "tx8be-const-norm",
    description:
        "Fold channel_norms of constants into their load_const and give every load_const of one constant one placement",
    options: &[],
    ctor: |opts| {
        opts.apply("tx8be-const-norm", |_, _| None)?;
        Ok(Box::new(ConstNorm))
    },
};

pub struct ConstNorm;

impl Pass for ConstNorm {
    fn argument(&self) -> &'static str {
        INFO.argument
    }
    fn name(&self) -> &'static str {
        "Tx8beConstNorm"
    }
    fn anchor(&self) -> Option<&'static str> {
        Some("func.func")
    }
    fn run(&self, target: &mut PassTarget<'_>) -> Result<PreservedAnalyses, Diagnostic> {
        let ctx = target.ctx;
        let body = &mut *target.body;
        let mut changed = erase_const_channel_norms(ctx, body);
        changed |= process_multi_use(ctx, body)?;
        changed |= set_const_layouts(ctx, body);
        Ok(PreservedAnalyses::unless_changed(changed))
    }
}

/// Every `tx8be.load_const` of the function, in program order: at the top
/// level and inside groups.
fn load_consts(ctx: &Context, body: &Body) -> Vec<Op> {
    let mut out = Vec::new();
    for op in entry_ops(body) {
        match op_kind(ctx, body, op) {
            Some(OpKind::LoadConst) => out.push(op),
            Some(OpKind::Group) => {
                for &r in body.local_regions(op) {
                    for b in body.blocks(r) {
                        out.extend(body.block_ops(b).filter(|&o| op_kind(ctx, body, o) == Some(OpKind::LoadConst)));
                    }
                }
            }
            _ => {}
        }
    }
    out
}

/// The placement a ChannelNorm produces.
fn channel_norm_result(ctx: &Context, body: &Body, cn: Op) -> LayoutMode {
    let ty = body.value_type(body.result(cn, 0));
    if attr_bool(ctx, body, cn, "to_blocked") == Some(true) {
        blocked_mode(ctx, ty)
    } else {
        dense_mode(ctx, ty)
    }
}

/// constChannelNormErase on every top-level `load_const -> channel_norm`
/// where the channel_norm is the load_const's only user.
fn erase_const_channel_norms(ctx: &Context, body: &mut Body) -> bool {
    let mut changed = false;
    for load in entry_ops(body) {
        if body.is_erased(load) || op_kind(ctx, body, load) != Some(OpKind::LoadConst) {
            continue;
        }
        let lv = body.result(load, 0);
        let mut users = body.uses(lv).map(|(u, _)| u);
        let (Some(cn), None) = (users.next(), users.next()) else { continue };
        if op_kind(ctx, body, cn) != Some(OpKind::ChannelNorm) {
            continue;
        }
        let mode = channel_norm_result(ctx, body, cn);
        set_mem_layout(ctx, body, load, mode);
        let cv = body.result(cn, 0);
        body.replace_all_uses_with(cv, lv);
        body.erase_op(cn);
        changed = true;
    }
    changed
}

/// Whether `user` can read its operand `index` in a placement of kind
/// `blocked` (the OpLib placement rules; a ChannelNorm reads the side its
/// attributes say; an op outside tx8be, e.g. the function's return, reads
/// dense data).
fn accepts(ctx: &Context, body: &Body, user: Op, index: usize, blocked: bool) -> Result<bool, Diagnostic> {
    match op_kind(ctx, body, user) {
        None => Ok(!blocked),
        Some(OpKind::ChannelNorm) => Ok((attr_bool(ctx, body, user, "to_blocked") != Some(true)) == blocked),
        Some(
            OpKind::Const | OpKind::LoadVar | OpKind::LoadConst | OpKind::StoreVar | OpKind::Group | OpKind::Yield,
        ) => Ok(true),
        Some(_) => {
            let attr = tx8be::interfaces::query_op_attr(ctx, body, user)?;
            Ok(match attr.operand_align.get(index).copied().unwrap_or(AlignMode::Compact) {
                AlignMode::Align => blocked,
                AlignMode::Compact => !blocked,
                // All operands of a `Both` op share its result's kind.
                AlignMode::Both | AlignMode::Unknown => {
                    is_blocked(value_mem_layout(ctx, body, body.result(user, 0))) == blocked
                }
            })
        }
    }
}

fn all_users_accept(ctx: &Context, body: &Body, load: Op, blocked: bool) -> Result<bool, Diagnostic> {
    let uses: Vec<(Op, usize)> = body.uses(body.result(load, 0)).collect();
    for (user, i) in uses {
        if !accepts(ctx, body, user, i, blocked)? {
            return Ok(false);
        }
    }
    Ok(true)
}

fn load_layout(ctx: &Context, body: &Body, load: Op) -> LayoutMode {
    value_mem_layout(ctx, body, body.result(load, 0))
}

/// processMultiUse (see the module doc).
fn process_multi_use(ctx: &Context, body: &mut Body) -> Result<bool, Diagnostic> {
    let mut by_id: BTreeMap<u32, Vec<Op>> = BTreeMap::new();
    for load in load_consts(ctx, body) {
        if let Some(id) = const_map_id(ctx, body, load) {
            by_id.entry(id).or_default().push(load);
        }
    }
    let mut next_id = ConstContainer::build(ctx, body)?.next_free_id();
    let mut changed = false;
    for loads in by_id.values() {
        let first = load_layout(ctx, body, loads[0]);
        let agreed = loads.iter().map(|&l| load_layout(ctx, body, l)).find(|&m| is_blocked(m)).unwrap_or(first);
        let mut dissenters = Vec::new();
        for &load in loads {
            let ty = body.value_type(body.result(load, 0));
            let mine = load_layout(ctx, body, load);
            if is_blocked(mine) == is_blocked(agreed) || all_users_accept(ctx, body, load, is_blocked(agreed))? {
                let target = same_kind(ctx, ty, agreed);
                changed |= target != mine;
                set_mem_layout(ctx, body, load, target);
            } else {
                dissenters.push(load);
            }
        }
        if dissenters.is_empty() {
            continue;
        }
        // One copy of the constant for the load_consts that need the other kind.
        let src = body.operand(dissenters[0], 0);
        let Some(c) = body.defining_op(src).filter(|&d| op_kind(ctx, body, d) == Some(OpKind::Const)) else {
            return Err(Diagnostic::error(
                body.op_loc(dissenters[0]),
                "tx8be.load_const must read a tx8be.const to be given its own placement",
            ));
        };
        let ty = body.value_type(src);
        let mode = same_kind(ctx, ty, load_layout(ctx, body, dissenters[0]));
        // The same data and attributes (chips, layout_str), not yet placed in DDR.
        let attrs = ctx.dict_with(body.op_attrs(c), ctx.intern_str("ddr_addr"), None);
        let copy = body.create_op(OpSpec::new(ctx, OpKind::Const.name(), body.op_loc(c)).results(&[ty]).attrs(attrs));
        body.insert_op_after(c, copy);
        set_mem_layout(ctx, body, copy, mode);
        set_const_map_id(ctx, body, copy, next_id);
        let cv = body.result(copy, 0);
        for &load in &dissenters {
            body.set_operand(load, 0, cv);
            set_const_map_id(ctx, body, load, next_id);
            set_mem_layout(ctx, body, load, mode);
        }
        next_id += 1;
        changed = true;
    }
    Ok(changed)
}

/// Each constant's placement is the (agreed) placement of its load_consts.
fn set_const_layouts(ctx: &Context, body: &mut Body) -> bool {
    let mut changed = false;
    for load in load_consts(ctx, body) {
        let Some(c) = body.defining_op(body.operand(load, 0)).filter(|&d| op_kind(ctx, body, d) == Some(OpKind::Const))
        else {
            continue;
        };
        let mode = load_layout(ctx, body, load);
        let cv = body.result(c, 0);
        if body.op_attr(ctx, c, "dev_info").is_none() || value_mem_layout(ctx, body, cv) != mode {
            set_mem_layout(ctx, body, c, mode);
            changed = true;
        }
    }
    changed
}
