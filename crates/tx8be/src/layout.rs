//! Physical placement of tx8be values (the seed's `mem_layout`), as every
//! backend pass and codegen must read it, from one place:
//!
//! - which `mem_layout` a value has ([`value_mem_layout`]): the `dev_info`
//!   of the op that defines it; a load or store moves bytes without changing
//!   their placement, so `load_var`/`store_var` (and a group's result) have
//!   their source's layout; `load_const` has its own `dev_info` layout (the
//!   layout the constant was rearranged into at compile time); function
//!   arguments (host inputs) are dense;
//! - whether a tensor type can be channel-blocked at all ([`can_block`]);
//! - the dense / blocked mode of a type ([`dense_mode`], [`blocked_mode`]:
//!   `Tensor`/`Cx` when the batch (dim 0 from rank 2 up; 1 for a vector)
//!   is 1, `NTensor`/`NCx` otherwise);
//! - how many bytes a value occupies in its placement ([`placed_bytes`])
//!   and its C-model placement ([`placement`]), padding and 256 B batch
//!   alignment included.
//!
//! Dense values are row-major; a blocked value blocks its last dim (the
//! channel dim of NHWC features, or of a `Tensor`) by 64 (128 for int8), as
//! `tx8_target::layout` defines.

use strata_ir::{Body, Context, Type, Value};
use tx8_target::layout::{MemLayout, Nhwc, Placement};

use crate::dialect::attrs::{DevAttr, LayoutMode};
use crate::dialect::ops::{op_kind, OpKind};
use crate::dialect::shape_rules::shape_of;
use crate::interfaces::tensor::ElementType;

/// Whether `mode` is channel-blocked.
pub fn is_blocked(mode: LayoutMode) -> bool {
    matches!(mode, LayoutMode::Cx | LayoutMode::NCx)
}

/// The batch of a tensor as its placement sees it: dim 0 for rank 2 and
/// up; 1 for rank 0 and 1 (a vector is one batch of C channels,
/// `Nhwc::from_dims`).
fn batch(ctx: &Context, ty: Type) -> i64 {
    let s = shape_of(ctx, ty);
    if s.len() < 2 {
        1
    } else {
        s[0]
    }
}

/// The dense mode of a tensor of type `ty`: `Tensor` when its batch is 1,
/// `NTensor` otherwise.
pub fn dense_mode(ctx: &Context, ty: Type) -> LayoutMode {
    if batch(ctx, ty) == 1 {
        LayoutMode::Tensor
    } else {
        LayoutMode::NTensor
    }
}

/// The blocked mode of a tensor of type `ty`: `Cx` when its batch is 1
/// (a rank-1 vector included: the seed's ConstChannelNormErase makes it Cx),
/// `NCx` otherwise.
pub fn blocked_mode(ctx: &Context, ty: Type) -> LayoutMode {
    if batch(ctx, ty) == 1 {
        LayoutMode::Cx
    } else {
        LayoutMode::NCx
    }
}

/// The same kind (dense or blocked) as `mode`, fitted to `ty`'s dim 0.
pub fn same_kind(ctx: &Context, ty: Type, mode: LayoutMode) -> LayoutMode {
    if is_blocked(mode) {
        blocked_mode(ctx, ty)
    } else {
        dense_mode(ctx, ty)
    }
}

/// Whether a tensor of `ty` has a channel-blocked placement: rank 1 to 4 and
/// an element type the blocked layouts are defined for (fp32/bf16/fp16/int8).
pub fn can_block(ctx: &Context, ty: Type) -> bool {
    let Some(shape) = ctx.shape(ty) else { return false };
    if shape.is_empty() || shape.len() > 4 || shape.iter().any(|&d| d <= 0) {
        return false;
    }
    matches!(
        element_type(ctx, ty),
        Some(ElementType::F32 | ElementType::BF16 | ElementType::F16 | ElementType::I8 | ElementType::I1)
    )
}

fn element_type(ctx: &Context, ty: Type) -> Option<ElementType> {
    ctx.element_type(ty).and_then(|e| ElementType::from_type(ctx, e))
}

/// The C model's layout for `mode`.
pub fn cmodel_layout(mode: LayoutMode) -> MemLayout {
    match mode {
        LayoutMode::Tensor => MemLayout::Tensor,
        LayoutMode::NTensor => MemLayout::NTensor,
        LayoutMode::Cx => MemLayout::Cx,
        LayoutMode::NCx => MemLayout::NCx,
    }
}

/// The C model's placement of a tensor of `dims` and `ty`'s element type in
/// `mode`; `None` when the type has no card format or `mode` does not fit
/// the shape (a blocked mode on a type that [`can_block`] rejects, `Tensor`
/// or `Cx` with dim 0 != 1).
pub fn placement_of_dims(ctx: &Context, ty: Type, dims: &[i64], mode: LayoutMode) -> Option<Placement> {
    let fmt = element_type(ctx, ty)?.data_format()?;
    if dims.iter().any(|&d| d < 0) {
        return None;
    }
    let udims: Vec<u64> = dims.iter().map(|&d| d as u64).collect();
    let shape = if is_blocked(mode) {
        Nhwc::from_dims(&udims).ok()?
    } else {
        // Dense placements only need the element count and the batch.
        let (n, rest) =
            if udims.len() < 2 { (1, udims.iter().product()) } else { (udims[0], udims[1..].iter().product()) };
        Nhwc { n, h: 1, w: 1, c: rest }
    };
    Placement::new(cmodel_layout(mode), fmt, shape).ok()
}

/// The placement of a whole tensor of type `ty` in `mode`.
pub fn placement(ctx: &Context, ty: Type, mode: LayoutMode) -> Option<Placement> {
    placement_of_dims(ctx, ty, &shape_of(ctx, ty), mode)
}

/// Bytes a tensor of `dims` (element type of `ty`) occupies in `mode`:
/// the dense size for `Tensor`/`NTensor` (also when the type has no card
/// format), the padded, batch-aligned size for `Cx`/`NCx`.
pub fn placed_bytes_of_dims(ctx: &Context, ty: Type, dims: &[i64], mode: LayoutMode) -> u64 {
    if let Some(p) = placement_of_dims(ctx, ty, dims, mode) {
        return p.bytes();
    }
    // Without a card format: i64 is stored as i32 (4 bytes), as codegen does.
    let es = element_type(ctx, ty).map_or(4, |e| e.bytes().min(4));
    dims.iter().map(|&d| d.max(0) as u64).product::<u64>() * es
}

/// Bytes a whole tensor of type `ty` occupies in `mode`.
pub fn placed_bytes(ctx: &Context, ty: Type, mode: LayoutMode) -> u64 {
    placed_bytes_of_dims(ctx, ty, &shape_of(ctx, ty), mode)
}

/// The `mem_layout` recorded in the `dev_info` of `v`'s defining op, if any.
fn recorded_layout(ctx: &Context, body: &Body, v: Value) -> Option<LayoutMode> {
    let def = body.defining_op(v)?;
    let attr = body.op_attr(ctx, def, "dev_info")?;
    Some(DevAttr::from_attr(ctx, attr)?.mem_layout)
}

/// The physical layout of value `v` (see the module doc). A value without a
/// recorded layout is dense.
pub fn value_mem_layout(ctx: &Context, body: &Body, v: Value) -> LayoutMode {
    let ty = body.value_type(v);
    let Some(def) = body.defining_op(v) else { return dense_mode(ctx, ty) };
    match op_kind(ctx, body, def) {
        // Moves keep their source's placement.
        Some(OpKind::LoadVar | OpKind::StoreVar) => {
            same_kind(ctx, ty, value_mem_layout(ctx, body, body.operand(def, 0)))
        }
        // A group's result is the value its yield returns.
        Some(OpKind::Group) => {
            let idx = match body.value_def(v) {
                strata_ir::ValueDef::Result(_, i) => i as usize,
                strata_ir::ValueDef::BlockArg(..) => 0,
            };
            match group_yielded(ctx, body, def, idx) {
                Some(y) => same_kind(ctx, ty, value_mem_layout(ctx, body, y)),
                None => dense_mode(ctx, ty),
            }
        }
        // Reshapes outside groups are free only on dense bytes; their
        // result is dense.
        Some(OpKind::Reshape) => dense_mode(ctx, ty),
        _ => recorded_layout(ctx, body, v).map_or_else(|| dense_mode(ctx, ty), |m| same_kind(ctx, ty, m)),
    }
}

/// The `idx`-th operand of the `tx8be.yield` ending `group`'s body.
fn group_yielded(ctx: &Context, body: &Body, group: strata_ir::Op, idx: usize) -> Option<Value> {
    let region = *body.local_regions(group).first()?;
    let block = body.first_block(region)?;
    let term = body.block_ops(block).last()?;
    if op_kind(ctx, body, term) != Some(OpKind::Yield) || idx >= body.num_operands(term) {
        return None;
    }
    Some(body.operand(term, idx))
}

/// Writes `mode` as the `mem_layout` of `op`'s `dev_info`, keeping its other
/// fields (a default `dev_info` when it has none).
pub fn set_mem_layout(ctx: &Context, body: &mut Body, op: strata_ir::Op, mode: LayoutMode) {
    let mut dev = body.op_attr(ctx, op, "dev_info").and_then(|a| DevAttr::from_attr(ctx, a)).unwrap_or_default();
    dev.mem_layout = mode;
    body.set_op_attr(ctx, op, "dev_info", Some(dev.to_attr(ctx)));
}

#[cfg(test)]
mod tests {
    use super::*;
    use strata_ir::types::FloatKind;

    fn ctx() -> Context {
        let mut c = Context::new();
        crate::register(&mut c);
        c
    }

    #[test]
    fn seed_ncx_example_is_768_bytes_per_batch() {
        let c = ctx();
        let ty = c.ranked_tensor_type(&[2, 1, 2, 131], c.float_type(FloatKind::F16));
        assert!(can_block(&c, ty));
        assert_eq!(blocked_mode(&c, ty), LayoutMode::NCx);
        assert_eq!(placed_bytes(&c, ty, LayoutMode::NCx), 2 * 768);
        assert_eq!(placed_bytes(&c, ty, LayoutMode::NTensor), 2 * 2 * 131 * 2);
    }

    #[test]
    fn dense_and_blocked_modes_follow_dim0() {
        let c = ctx();
        let one = c.ranked_tensor_type(&[1, 7, 7, 64], c.f32());
        let four = c.ranked_tensor_type(&[4, 64], c.f32());
        assert_eq!((dense_mode(&c, one), blocked_mode(&c, one)), (LayoutMode::Tensor, LayoutMode::Cx));
        assert_eq!((dense_mode(&c, four), blocked_mode(&c, four)), (LayoutMode::NTensor, LayoutMode::NCx));
        assert_eq!(same_kind(&c, four, LayoutMode::Cx), LayoutMode::NCx);
        let rank5 = c.ranked_tensor_type(&[1, 1, 1, 1, 8], c.f32());
        assert!(!can_block(&c, rank5));
        let i64t = c.ranked_tensor_type(&[8], c.i64());
        assert!(!can_block(&c, i64t));
        // A 1-D bias of 100 channels in Cx: one block of 64, 36 padded to 64, one batch aligned to 256 B.
        let bias = c.ranked_tensor_type(&[100], c.f32());
        assert_eq!(placed_bytes(&c, bias, LayoutMode::Cx), 512);
    }
}
