//! OpLib interface: what the operator library requires of each op (the
//! seed's `queryOpAttr` and `getImmSpSize`): the engine that runs it,
//! its alignment requirement, its default layout, which operands must be
//! loaded and which results stored, whether its output may reuse an input's
//! buffer, and the scratch (imm) bytes one call needs.
//!
//! The scratch sizes follow the operator library of `tx8-cmodel`
//! (`oplib/*.rs`): each buffer it carves is rounded up to one SPM bank row
//! (`HardwareConfig::spm_bank_bytes`), as its carver aligns them.

use strata_ir::{Body, Context, Op};
use tx8_target::{Engine, HardwareConfig};

use super::tensor::ElementType;
use super::OpLibInterface;
use crate::dialect::ops::OpKind;
use crate::dialect::shape_rules::{reduce_axes, shape_of};
use crate::dialect::values::attr_str;

/// The seed's `ALIGN_MODE`: which memory layouts the op accepts.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum AlignMode {
    /// Does not care (element-wise on any placement).
    Unknown,
    /// Dense `Tensor`/`NTensor` only.
    Compact,
    /// Channel-blocked `Cx`/`NCx` only.
    Align,
    /// Either.
    Both,
}

/// The seed's `OpAttr`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpAttr {
    /// The op's requirement as the seed states it (that of its result).
    pub align_mode: AlignMode,
    /// The requirement on each operand's placement (`Compact`, `Align` or
    /// `Both`; never `Unknown`): what `tx8be-layout-align-to-npu` satisfies
    /// with `channel_norm`s and what the C model checks on every call.
    pub operand_align: Vec<AlignMode>,
    /// The requirement on the result's placement.
    pub result_align: AlignMode,
    /// `Tensor`, or `NTensor` when the first operand's batch (dim 0) is not 1.
    pub default_layout: String,
    /// The op's instructions are configured for NHWC and need the
    /// hardware-matched layout.
    pub need_preset_to_npu: bool,
    /// The engine doing the op's work (`None` for ops without work: const).
    pub engine: Option<Engine>,
    /// The output may live in the first input's buffer.
    pub mem_inplace: bool,
    /// Bit i set: operand i is loaded into SPM (clear: read from DDR by the op itself).
    pub need_load: u64,
    /// Bit i set: result i is stored to DDR.
    pub need_store: u64,
    /// Tile parallel execution allowed.
    pub parallel: bool,
    /// The lowest dimension is split in whole 64-element (128 for i8) blocks.
    pub align_cx: bool,
}

/// One table for every op: the rules dispatch on `OpKind` inside.
pub(crate) const HOOKS: OpLibInterface = OpLibInterface { query_op_attr, imm_bytes };

fn engine_of(kind: OpKind) -> Option<Engine> {
    Some(match kind {
        OpKind::Conv | OpKind::Gemm => Engine::Ne,
        OpKind::BatchNormInference
        | OpKind::Softmax
        | OpKind::LayerNorm
        | OpKind::Binary
        | OpKind::Unary
        | OpKind::Select
        | OpKind::Cast
        | OpKind::Reduce
        | OpKind::Pool
        | OpKind::Resize
        | OpKind::Pad => Engine::Ct,
        OpKind::Transpose | OpKind::Reshape | OpKind::Concat | OpKind::Slice | OpKind::ChannelNorm => Engine::Tdma,
        OpKind::Gather | OpKind::LoadVar | OpKind::LoadConst => Engine::Rdma,
        OpKind::StoreVar => Engine::Wdma,
        OpKind::Const | OpKind::Group | OpKind::Yield => return None,
    })
}

fn query_op_attr(ctx: &Context, body: &Body, op: Op) -> OpAttr {
    let kind = crate::dialect::ops::op_kind(ctx, body, op).expect("hook attached to a tx8be op");
    let first = if body.num_operands(op) > 0 {
        body.value_type(body.operand(op, 0))
    } else {
        body.value_type(body.result(op, 0))
    };
    let batch = shape_of(ctx, first).first().copied().unwrap_or(1);
    let out_shape = shape_of(ctx, body.value_type(body.result(op, 0)));
    let (operand_align, result_align) = placement_rules(ctx, body, op, kind);
    let align_mode = result_align;
    let mem_inplace = match kind {
        OpKind::Unary | OpKind::Reshape | OpKind::BatchNormInference => true,
        // Binary writes into its lhs when the lhs is not broadcast.
        OpKind::Binary => shape_of(ctx, first) == out_shape,
        _ => false,
    };
    OpAttr {
        align_mode,
        operand_align,
        result_align,
        default_layout: if batch == 1 { "Tensor" } else { "NTensor" }.to_string(),
        need_preset_to_npu: matches!(kind, OpKind::BatchNormInference | OpKind::Conv | OpKind::Pool),
        engine: engine_of(kind),
        mem_inplace,
        // op_gather reads its table straight from DDR.
        need_load: if kind == OpKind::Gather { !1u64 } else { u64::MAX },
        need_store: u64::MAX,
        parallel: true,
        align_cx: align_mode == AlignMode::Align || align_mode == AlignMode::Both,
    }
}

/// Which placements each operand and the result of `op` may have (the
/// table in `crates/tx8be/OPS.md`, "Placement rules"; the C model checks
/// the same rules on every call):
/// - the NE's convolution, the pool engine and the reduce engine (when the
///   channel dim is kept) and BatchNorm read and write only channel-blocked
///   `Cx`/`NCx` (`Align`), their constants included;
/// - Gemm reads rows (the seed initialises it "Tensor-Tensor-Tensor") and
///   also the blocked rows of a blocked producer (`Both`);
/// - element-wise ops (Unary, Cast, Binary whose operands are the output's
///   shape, a per-channel vector or a scalar) work on any placement, all
///   operands and the result in the same one (`Both`);
/// - everything else (data movement, Softmax, LayerNorm, Select, ...) and
///   every tensor that cannot be blocked (rank 0 or > 4, i32/i64) is dense
///   (`Compact`).
///
/// Structure ops (const, loads, stores, group, yield) and `ChannelNorm`
/// (whose attributes say its two sides) impose nothing (`Both`).
fn placement_rules(ctx: &Context, body: &Body, op: Op, kind: OpKind) -> (Vec<AlignMode>, AlignMode) {
    use crate::layout::can_block;
    let n = body.num_operands(op);
    let operand_ok = |i: usize| can_block(ctx, body.value_type(body.operand(op, i)));
    let all_blockable = (0..n).all(operand_ok)
        && body.num_results(op) > 0
        && (0..body.num_results(op)).all(|r| can_block(ctx, body.value_type(body.result(op, r))));
    let uniform = |mode: AlignMode| (vec![mode; n], mode);
    match kind {
        OpKind::Const
        | OpKind::LoadVar
        | OpKind::LoadConst
        | OpKind::StoreVar
        | OpKind::Group
        | OpKind::Yield
        | OpKind::ChannelNorm => uniform(AlignMode::Both),
        _ if !all_blockable => uniform(AlignMode::Compact),
        OpKind::Conv | OpKind::Pool | OpKind::BatchNormInference => uniform(AlignMode::Align),
        OpKind::Reduce => {
            let rank = shape_of(ctx, body.value_type(body.operand(op, 0))).len();
            let keeps_channel = reduce_axes(ctx, body, op).is_ok_and(|axes| !axes.contains(&(rank - 1)));
            uniform(if keeps_channel { AlignMode::Align } else { AlignMode::Compact })
        }
        OpKind::Gemm | OpKind::Unary | OpKind::Cast => uniform(AlignMode::Both),
        OpKind::Binary => {
            let out = shape_of(ctx, body.value_type(body.result(op, 0)));
            let channel = out.last().copied().unwrap_or(1);
            let fits = |i: usize| {
                let s = shape_of(ctx, body.value_type(body.operand(op, i)));
                let (last, rest) = s.split_last().map_or((1, &[][..]), |(l, r)| (*l, r));
                s == out || (rest.iter().all(|&d| d == 1) && (last == channel || last == 1))
            };
            uniform(if (0..n).all(fits) { AlignMode::Both } else { AlignMode::Compact })
        }
        _ => uniform(AlignMode::Compact),
    }
}

fn align(bytes: u64, hw: &HardwareConfig) -> u64 {
    let row = hw.spm_bank_bytes.max(1);
    bytes.div_ceil(row) * row
}

/// Scratch bytes of one call producing an output slice of dims `out`.
fn imm_bytes(ctx: &Context, body: &Body, op: Op, out: &[i64], hw: &HardwareConfig) -> u64 {
    let Some(kind) = crate::dialect::ops::op_kind(ctx, body, op) else { return 0 };
    let elems = |d: &[i64]| d.iter().product::<i64>().max(0) as u64;
    let last = out.last().copied().unwrap_or(1).max(0) as u64;
    let rows = elems(out).checked_div(last).unwrap_or(0);
    let es = ctx
        .element_type(body.value_type(body.result(op, 0)))
        .and_then(|e| ElementType::from_type(ctx, e))
        .map_or(4, |e| e.bytes());
    match kind {
        OpKind::BatchNormInference => batchnorm_imm(ctx, body, op, out, hw),
        // two fp32 row buffers and one per-row statistic.
        OpKind::Softmax => 2 * align(rows * last * 4, hw) + align(rows * 4, hw),
        // two fp32 row buffers, mean and variance per row.
        OpKind::LayerNorm => 2 * align(rows * last * 4, hw) + 2 * align(rows * 4, hw),
        OpKind::Reduce => reduce_imm(ctx, body, op, out, es, hw),
        OpKind::Binary => binary_imm(ctx, body, op, out, es, hw),
        // op_select: at most out * (1 + 4 * elem size) + 1536 bytes (tx8.h).
        OpKind::Select => align(elems(out) * (1 + 4 * es) + 1536, hw),
        // op_eltwise_unary_param: buffers of the input's bytes; an output
        // never overlaps its input here (SPM allocation gives every value
        // its own buffer).
        OpKind::Unary => crate::dialect::kinds::unary_kind(ctx, body, op)
            .map_or(0, |k| k.scratch_buffers(false) * align(elems(out) * es, hw)),
        _ => 0,
    }
}

/// op_batchnorm_inference: an fp32 copy of x in its placement (padded
/// channel blocks for Cx/NCx, from the op's `dev_info` `mem_layout`), then
/// scale/shift/mean/var as fp32 vectors of the placed channel count.
fn batchnorm_imm(ctx: &Context, body: &Body, op: Op, out: &[i64], hw: &HardwareConfig) -> u64 {
    use tx8_target::layout::{MemLayout, Nhwc, Placement};
    let dims: Vec<u64> = out.iter().map(|&d| d.max(0) as u64).collect();
    let mode = body.op_attr(ctx, op, "dev_info").and_then(|a| crate::DevAttr::from_attr(ctx, a)).map(|d| d.mem_layout);
    let layout = match mode {
        Some(crate::LayoutMode::Cx) => MemLayout::Cx,
        Some(crate::LayoutMode::NCx) => MemLayout::NCx,
        Some(crate::LayoutMode::Tensor) => MemLayout::Tensor,
        _ => MemLayout::NTensor,
    };
    let fmt = ctx
        .element_type(body.value_type(body.result(op, 0)))
        .and_then(|e| ElementType::from_type(ctx, e))
        .and_then(ElementType::data_format)
        .unwrap_or(tx8_target::DataFormat::Fp32);
    let dense_c = dims.last().copied().unwrap_or(1);
    let (elems, padded_c) = match Nhwc::from_dims(&dims).and_then(|s| Placement::new(layout, fmt, s)) {
        Ok(p) => {
            let c = p.blocked.as_ref().map_or(dense_c, |b| b.cx * b.block + b.c0_padded);
            (p.bytes() / fmt.size() as u64, c)
        }
        Err(_) => (dims.iter().product(), dense_c),
    };
    align(elems * 4, hw) + 4 * align(padded_c * 4, hw)
}

/// op_reduce transposes its input when the axis is not innermost; several
/// axes are reduced by successive calls through an intermediate buffer.
fn reduce_imm(ctx: &Context, body: &Body, op: Op, out: &[i64], es: u64, hw: &HardwareConfig) -> u64 {
    let Ok(axes) = reduce_axes(ctx, body, op) else { return 0 };
    let in_shape = shape_of(ctx, body.value_type(body.operand(op, 0)));
    // The input slice: the output slice with the reduced axes whole.
    let keep = crate::dialect::values::attr_bool(ctx, body, op, "keepdims").unwrap_or(false);
    let mut slice = vec![];
    let mut k = 0;
    for (i, &d) in in_shape.iter().enumerate() {
        if axes.contains(&i) {
            slice.push(d);
            if keep {
                k += 1;
            }
        } else {
            slice.push(out.get(k).copied().unwrap_or(d));
            k += 1;
        }
    }
    let bytes = slice.iter().product::<i64>().max(0) as u64 * es;
    let needs_transpose = axes.iter().any(|&a| a + 1 != in_shape.len());
    let mut total = if needs_transpose { align(bytes, hw) } else { 0 };
    if axes.len() > 1 {
        // First intermediate (the largest): the input with its last reduced axis gone.
        let a = *axes.last().expect("non-empty");
        total += align(bytes / slice[a].max(1) as u64, hw);
    }
    total
}

/// op_eltwise_binary expands a broadcast operand into scratch unless the
/// other operand is full and the broadcast one is a suffix of the output.
fn binary_imm(ctx: &Context, body: &Body, op: Op, out: &[i64], es: u64, hw: &HardwareConfig) -> u64 {
    let out_whole = shape_of(ctx, body.value_type(body.result(op, 0)));
    let slice_of = |i: usize| -> Vec<i64> {
        let whole = shape_of(ctx, body.value_type(body.operand(op, i)));
        let off = out_whole.len() - whole.len();
        whole
            .iter()
            .enumerate()
            .map(|(d, &s)| if s == 1 { 1 } else { out.get(off + d).copied().unwrap_or(s) })
            .collect()
    };
    let (a, b) = (slice_of(0), slice_of(1));
    let n: i64 = out.iter().product();
    let count = |d: &[i64]| d.iter().product::<i64>();
    let suffix = |x: &[i64]| {
        let x: Vec<i64> = x.iter().copied().skip_while(|&d| d == 1).collect();
        out.ends_with(&x)
    };
    let commutative = crate::dialect::kinds::binary_kind(ctx, body, op).is_some_and(|k| k.is_commutative());
    // The operands' element size: an int8 predicate result (eq..ge) has
    // float operands, expanded in their own format, plus one out-sized
    // buffer for the predicate (tx8.h, op_eltwise_binary).
    let operand_es = ctx
        .element_type(body.value_type(body.operand(op, 0)))
        .and_then(|e| ElementType::from_type(ctx, e))
        .map_or(es, |e| e.bytes());
    let predicate = matches!(attr_str(ctx, body, op, "kind").as_deref(), Some("eq" | "ne" | "lt" | "le" | "gt" | "ge"));
    // (plus up to 768 bytes the library may spend on alignment.)
    let extra = if predicate { align(n.max(0) as u64 * operand_es + 768, hw) } else { 0 };
    if (count(&a) == n && suffix(&b)) || (count(&b) == n && suffix(&a) && commutative) {
        return extra;
    }
    extra + 2 * align(n.max(0) as u64 * operand_es, hw) + align(768, hw)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn alignment_is_one_bank_row() {
        let hw = HardwareConfig::default();
        assert_eq!(align(1, &hw), hw.spm_bank_bytes);
        assert_eq!(align(hw.spm_bank_bytes, &hw), hw.spm_bank_bytes);
        assert_eq!(align(0, &hw), 0);
    }
}
