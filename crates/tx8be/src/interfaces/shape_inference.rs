//! ShapeInference interface: `inferShapes` is the op's shape rule
//! (`dialect/shape_rules.rs`, shared with the verifier); `inferLayout`
//! derives an op's whole `layout_str` as the seed's layoutTransmitPass
//! needs it, in the contract's format: one entry per operand, then one for
//! the result, joined by `-` (`"NHWC-HWIO-Tensor-NHWC"`, see OPS.md
//! "Layouts and constants").
//!
//! Layouts travel both ways:
//! - forwards ([`forward_layout`]): from the operands' layouts (each value's
//!   layout is the result entry of its defining op's `layout_str`);
//! - backwards ([`backward_layout`]): from the layout a user expects of the
//!   op's result (that user's entry for the operand).
//!
//! Conv is `NHWC-HWIO-[bias-]NHWC` and Gemm `Tensor`/`NTensor` per value
//! whatever their neighbours say; Pool and Resize read and write `NHWC`;
//! Transpose permutes per-dim layouts (`NCHW` by (0,2,3,1) is `NHWC`);
//! ops that keep element positions per dim (element-wise, Concat, Slice,
//! Pad, Softmax, ...) give every operand of the result's rank the result's
//! layout; Reshape, Gather and a Reduce that drops dims stop the
//! propagation. `Tensor`/`NTensor` are always refitted to the value's dim 0.

use strata_ir::{Body, Context, Op, Type, Value};

use super::ShapeInferenceInterface;
use crate::dialect::attrs::{DevAttr, LayoutMode};
use crate::dialect::ops::{op_kind, OpKind};
use crate::dialect::shape_rules::{perm_of, shape_of};
use crate::dialect::values::{attr_bool, attr_str};

/// The entry of a value whose layout is not known.
pub const UNKNOWN: &str = "Unknown";

/// One table for every op: the rules dispatch on `OpKind` inside.
pub(crate) fn hooks(_kind: OpKind) -> ShapeInferenceInterface {
    ShapeInferenceInterface { inferred_layout: forward_layout, layout_from_result: backward_layout }
}

/// `Tensor` when the batch of `ty` is 1 (dim 0 from rank 2 up; a vector
/// is one batch), else `NTensor` (the seed's non-CNN layouts), as
/// `crate::layout::dense_mode` places it.
pub fn dense_entry(ctx: &Context, ty: Type) -> &'static str {
    if crate::layout::dense_mode(ctx, ty) == LayoutMode::Tensor {
        "Tensor"
    } else {
        "NTensor"
    }
}

/// Whether `entry` names one letter per dim (`NHWC`, `HWIO`, `NCHW`, ...)
/// rather than a whole-tensor layout.
fn is_per_dim(entry: &str) -> bool {
    !entry.is_empty()
        && !matches!(entry, "Tensor" | "NTensor" | UNKNOWN)
        && entry.chars().all(|c| c.is_ascii_uppercase())
}

/// `entry` as the layout of a value of type `ty`: a per-dim layout of the
/// value's rank is kept, anything else becomes `Tensor`/`NTensor`.
pub fn fit_entry(ctx: &Context, entry: &str, ty: Type) -> String {
    if is_per_dim(entry) && entry.len() == shape_of(ctx, ty).len() {
        entry.to_string()
    } else {
        dense_entry(ctx, ty).to_string()
    }
}

/// The entries of a `layout_str`.
pub fn entries(layout: &str) -> Vec<&str> {
    layout.split('-').collect()
}

/// The entry of the result in `op`'s `layout_str` (its last), `None` when
/// absent or `Unknown`.
pub fn result_entry(ctx: &Context, body: &Body, op: Op) -> Option<String> {
    let l = attr_str(ctx, body, op, "layout_str")?;
    let last = l.rsplit('-').next().unwrap_or(UNKNOWN);
    (last != UNKNOWN).then(|| last.to_string())
}

/// The entry of operand `i` in `op`'s `layout_str`, `None` when absent,
/// `Unknown` or when the string does not have one entry per operand plus
/// the result.
pub fn operand_entry(ctx: &Context, body: &Body, op: Op, i: usize) -> Option<String> {
    let l = attr_str(ctx, body, op, "layout_str")?;
    let e = entries(&l);
    if e.len() != body.num_operands(op) + 1 || e[i] == UNKNOWN {
        return None;
    }
    Some(e[i].to_string())
}

/// The layout of a value: the result entry of its defining op's
/// `layout_str`, looking through groups and loads/stores; `None` for block
/// arguments and unknown layouts.
pub fn value_layout(ctx: &Context, body: &Body, v: Value) -> Option<String> {
    let def = body.defining_op(v)?;
    match op_kind(ctx, body, def) {
        Some(OpKind::LoadVar | OpKind::LoadConst | OpKind::StoreVar) => {
            result_entry(ctx, body, def).or_else(|| value_layout(ctx, body, body.operand(def, 0)))
        }
        Some(OpKind::Group) => {
            let i = body.results(def).position(|r| r == v)?;
            let (rbody, regions) = body.regions_of(def);
            let yield_op = rbody.last_op(rbody.first_block(*regions.first()?)?)?;
            value_layout(ctx, rbody, rbody.operand(yield_op, i))
        }
        _ => result_entry(ctx, body, def),
    }
}

fn result_type(body: &Body, op: Op) -> Type {
    body.value_type(body.result(op, 0))
}

/// Conv's fixed layout: `NHWC-HWIO-[Tensor-[NHWC-]]NHWC` (OPS.md): the
/// bias is one row of per-channel values, a psum is shaped as the result.
pub fn conv_layout(_ctx: &Context, body: &Body, op: Op) -> String {
    let mut e = vec!["NHWC", "HWIO"];
    e.extend(body.operands(op).skip(2).take(1).map(|_| "Tensor"));
    e.extend(body.operands(op).skip(3).map(|_| "NHWC"));
    e.push("NHWC");
    e.join("-")
}

/// `Tensor`/`NTensor` for each operand and the result: Gemm's fixed
/// layout, and what an op left unknown by the propagation gets.
pub fn dense_layout(ctx: &Context, body: &Body, op: Op) -> String {
    body.operands(op)
        .chain(body.results(op))
        .map(|v| dense_entry(ctx, body.value_type(v)))
        .collect::<Vec<_>>()
        .join("-")
}

/// How an op's layout relates its operands to its result.
enum Rule {
    /// The op fixes every entry itself.
    Fixed(String),
    /// Operands of the result's rank share the result's layout.
    SameAsResult,
    /// `tx8be.Transpose`: the result's dims are the operand's permuted.
    Transpose(Vec<usize>),
    /// A constant: its result is its only entry.
    Constant,
    /// Not inferable (Reshape, Gather, a Reduce dropping dims, structure).
    Stop,
}

fn rule(ctx: &Context, body: &Body, op: Op) -> Rule {
    let Some(kind) = op_kind(ctx, body, op) else { return Rule::Stop };
    match kind {
        OpKind::Conv => Rule::Fixed(conv_layout(ctx, body, op)),
        OpKind::Gemm => Rule::Fixed(dense_layout(ctx, body, op)),
        OpKind::Pool | OpKind::Resize => Rule::Fixed("NHWC-NHWC".to_string()),
        OpKind::Transpose => match perm_of(ctx, body, op) {
            Ok(p) => Rule::Transpose(p),
            Err(_) => Rule::Stop,
        },
        OpKind::Reduce if !attr_bool(ctx, body, op, "keepdims").unwrap_or(false) => Rule::Stop,
        OpKind::Reshape | OpKind::Gather | OpKind::Group | OpKind::Yield => Rule::Stop,
        OpKind::Const => Rule::Constant,
        _ => Rule::SameAsResult,
    }
}

/// The whole `layout_str` of an op that keeps per-dim positions, from its
/// result's layout.
fn same_as_result(ctx: &Context, body: &Body, op: Op, result: &str) -> String {
    let rank = shape_of(ctx, result_type(body, op)).len();
    let mut e: Vec<String> = body
        .operands(op)
        .map(|v| {
            let ty = body.value_type(v);
            if shape_of(ctx, ty).len() == rank {
                fit_entry(ctx, result, ty)
            } else {
                dense_entry(ctx, ty).to_string()
            }
        })
        .collect();
    e.push(fit_entry(ctx, result, result_type(body, op)));
    e.join("-")
}

/// `perm` applied to a per-dim layout: result dim i is operand dim perm[i].
fn permute_entry(entry: &str, perm: &[usize]) -> Option<String> {
    let letters: Vec<char> = entry.chars().collect();
    if !is_per_dim(entry) || letters.len() != perm.len() {
        return None;
    }
    Some(perm.iter().map(|&p| letters[p]).collect())
}

/// The inverse of [`permute_entry`]: operand dim perm[i] is result dim i.
fn unpermute_entry(entry: &str, perm: &[usize]) -> Option<String> {
    let letters: Vec<char> = entry.chars().collect();
    if !is_per_dim(entry) || letters.len() != perm.len() {
        return None;
    }
    let mut out = vec!['?'; perm.len()];
    for (i, &p) in perm.iter().enumerate() {
        *out.get_mut(p)? = letters[i];
    }
    Some(out.into_iter().collect())
}

/// Forwards: the op's `layout_str` from its operands' layouts; `None` when
/// no operand that decides it has a known layout, or the op stops the
/// propagation.
pub fn forward_layout(ctx: &Context, body: &Body, op: Op) -> Option<String> {
    match rule(ctx, body, op) {
        Rule::Fixed(s) => Some(s),
        Rule::Stop => None,
        Rule::Constant => result_entry(ctx, body, op),
        Rule::Transpose(perm) => {
            let input = body.operand(op, 0);
            let l = value_layout(ctx, body, input)?;
            let out = permute_entry(&l, &perm).unwrap_or_else(|| dense_entry(ctx, result_type(body, op)).to_string());
            Some(format!("{}-{out}", fit_entry(ctx, &l, body.value_type(input))))
        }
        Rule::SameAsResult => {
            let rank = shape_of(ctx, result_type(body, op)).len();
            let source = body
                .operands(op)
                .filter(|&v| shape_of(ctx, body.value_type(v)).len() == rank)
                .find_map(|v| value_layout(ctx, body, v))?;
            Some(same_as_result(ctx, body, op, &source))
        }
    }
}

/// Backwards: the op's `layout_str` when a user expects `result` of its
/// result; `None` when the op stops the propagation.
pub fn backward_layout(ctx: &Context, body: &Body, op: Op, result: &str) -> Option<String> {
    if result == UNKNOWN {
        return None;
    }
    match rule(ctx, body, op) {
        Rule::Fixed(s) => Some(s),
        Rule::Stop => None,
        Rule::Constant => Some(fit_entry(ctx, result, result_type(body, op))),
        Rule::Transpose(perm) => {
            let input_ty = body.value_type(body.operand(op, 0));
            let input = unpermute_entry(result, &perm).unwrap_or_else(|| dense_entry(ctx, input_ty).to_string());
            Some(format!("{input}-{}", fit_entry(ctx, result, result_type(body, op))))
        }
        Rule::SameAsResult => Some(same_as_result(ctx, body, op, result)),
    }
}

/// Whether the op keeps its input's element placement (so its `mem_layout`).
fn keeps_placement(kind: OpKind) -> bool {
    matches!(
        kind,
        OpKind::BatchNormInference
            | OpKind::Softmax
            | OpKind::LayerNorm
            | OpKind::Binary
            | OpKind::Unary
            | OpKind::Select
            | OpKind::Cast
            | OpKind::LoadVar
            | OpKind::LoadConst
            | OpKind::StoreVar
    )
}

/// The input's `dev_info` `mem_layout` for ops that keep their input's
/// placement (the seed's BatchNorm `inferLayout`).
pub(crate) fn propagated_mem_layout(ctx: &Context, body: &Body, op: Op) -> Option<LayoutMode> {
    if !keeps_placement(op_kind(ctx, body, op)?) {
        return None;
    }
    let rank = shape_of(ctx, result_type(body, op)).len();
    let source = body.operands(op).find(|&v| shape_of(ctx, body.value_type(v)).len() == rank)?;
    let def = body.defining_op(source)?;
    Some(DevAttr::from_attr(ctx, body.op_attr(ctx, def, "dev_info")?)?.mem_layout)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transpose_entries_round_trip() {
        // NCHW by (0, 2, 3, 1) is NHWC, and back.
        let perm = [0, 2, 3, 1];
        assert_eq!(permute_entry("NCHW", &perm).as_deref(), Some("NHWC"));
        assert_eq!(unpermute_entry("NHWC", &perm).as_deref(), Some("NCHW"));
        // OIHW -> HWIO is (2, 3, 1, 0).
        assert_eq!(permute_entry("OIHW", &[2, 3, 1, 0]).as_deref(), Some("HWIO"));
        assert_eq!(unpermute_entry("HWIO", &[2, 3, 1, 0]).as_deref(), Some("OIHW"));
        // Whole-tensor layouts and rank mismatches do not permute.
        assert_eq!(permute_entry("Tensor", &perm), None);
        assert_eq!(permute_entry("NHWC", &[1, 0]), None);
    }

    #[test]
    fn per_dim_entries_are_letters_only() {
        assert!(is_per_dim("NHWC"));
        assert!(is_per_dim("HWIO"));
        assert!(!is_per_dim("Tensor"));
        assert!(!is_per_dim("NTensor"));
        assert!(!is_per_dim("Unknown"));
        assert_eq!(entries("NHWC-HWIO-NHWC"), vec!["NHWC", "HWIO", "NHWC"]);
    }
}
