//! Folding support for the `arith` dialect: reading constant operands as
//! integers or floats (scalars, dense splats and dense lists), building
//! result constants, the generic element-wise folds of MLIR's
//! `CommonFolders.h`, the constant materializer, and the table attaching
//! every arith fold hook to its op.
//!
//! The folds themselves live in `fold_int.rs`, `fold_float.rs`
//! and `fold_cast.rs`.

use strata_ir::apint::ApInt;
use strata_ir::fold::{constant_value, FoldResult};
use strata_ir::types::FloatKind;
use strata_ir::{AttrKind, Attribute, Body, Context, Location, Op, OpSpec, Type, TypeKind, Value};

/// The elements of a constant: a scalar attribute, a dense splat, or a
/// dense list.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Elems<T> {
    Scalar(T),
    Splat(T),
    List(Vec<T>),
}

impl<T: Clone> Elems<T> {
    /// The single value of a scalar or splat (MLIR's `m_ConstantInt` and
    /// friends match exactly these).
    pub(crate) fn single(&self) -> Option<&T> {
        match self {
            Elems::Scalar(v) | Elems::Splat(v) => Some(v),
            Elems::List(_) => None,
        }
    }

    fn get(&self, i: usize) -> &T {
        match self {
            Elems::Scalar(v) | Elems::Splat(v) => v,
            Elems::List(v) => &v[i],
        }
    }

    /// Applies `f` element-wise; `None` as soon as one element fails.
    pub(crate) fn map<U>(&self, mut f: impl FnMut(&T) -> Option<U>) -> Option<Elems<U>> {
        Some(match self {
            Elems::Scalar(v) => Elems::Scalar(f(v)?),
            Elems::Splat(v) => Elems::Splat(f(v)?),
            Elems::List(v) => Elems::List(v.iter().map(f).collect::<Option<Vec<_>>>()?),
        })
    }
}

/// Combines two constants of the same kind element-wise (both scalars, or
/// both elements attributes of the same shape).
pub(crate) fn zip_elems<T: Clone, U>(
    a: &Elems<T>,
    b: &Elems<T>,
    mut f: impl FnMut(&T, &T) -> Option<U>,
) -> Option<Elems<U>> {
    Some(match (a, b) {
        (Elems::Scalar(x), Elems::Scalar(y)) => Elems::Scalar(f(x, y)?),
        (Elems::Splat(x), Elems::Splat(y)) => Elems::Splat(f(x, y)?),
        (Elems::Scalar(_), _) | (_, Elems::Scalar(_)) => return None,
        (Elems::List(x), _) => {
            (0..x.len()).map(|i| f(a.get(i), b.get(i))).collect::<Option<Vec<_>>>().map(Elems::List)?
        }
        (_, Elems::List(y)) => {
            (0..y.len()).map(|i| f(a.get(i), b.get(i))).collect::<Option<Vec<_>>>().map(Elems::List)?
        }
    })
}

// ---- reading constants ----

fn num_elements(ctx: &Context, shaped: Type) -> Option<usize> {
    let shape = ctx.shape(shaped)?;
    if shape.iter().any(|&d| d < 0) {
        return None;
    }
    let n = shape.iter().try_fold(1i64, |acc, &d| acc.checked_mul(d))?;
    usize::try_from(n).ok()
}

fn element_bytes(ctx: &Context, elem: Type) -> Option<usize> {
    strata_ir::parser::dense_element_bytes(ctx, elem)
}

/// Raw little-endian element payloads of a dense int/float attribute.
fn dense_raw(ctx: &Context, a: Attribute) -> Option<(Type, Elems<&[u8]>)> {
    let AttrKind::DenseElements { ty, data } = ctx.attr_kind(a) else { return None };
    let elem = ctx.element_type(*ty)?;
    if !(ctx.is_integer(elem) || ctx.is_index(elem) || ctx.is_float(elem)) {
        return None;
    }
    let per = element_bytes(ctx, elem)?;
    let n = num_elements(ctx, *ty)?;
    if data.splat {
        return Some((*ty, Elems::Splat(data.bytes.get(..per)?)));
    }
    if data.bytes.len() != per * n {
        return None;
    }
    Some((*ty, Elems::List(data.bytes.chunks(per).collect())))
}

fn bytes_to_words(bytes: &[u8]) -> Vec<u64> {
    bytes
        .chunks(8)
        .map(|c| {
            let mut w = [0u8; 8];
            w[..c.len()].copy_from_slice(c);
            u64::from_le_bytes(w)
        })
        .collect()
}

/// An integer (or index, or `i1`) constant: its type and elements.
pub(crate) fn int_elems(ctx: &Context, a: Attribute) -> Option<(Type, Elems<ApInt>)> {
    match ctx.attr_kind(a) {
        AttrKind::Integer { value, ty } => Some((*ty, Elems::Scalar(value.clone()))),
        AttrKind::Bool(b) => Some((ctx.i1(), Elems::Scalar(ApInt::from_bool(*b)))),
        AttrKind::DenseElements { .. } => {
            let (ty, raw) = dense_raw(ctx, a)?;
            let elem = ctx.element_type(ty)?;
            if ctx.is_float(elem) {
                return None;
            }
            let width = ctx.int_attr_width(elem);
            Some((ty, raw.map(|b| Some(ApInt::from_words(width, &bytes_to_words(b))))?))
        }
        _ => None,
    }
}

/// A float constant: its type, format and element bit patterns.
pub(crate) fn float_elems(ctx: &Context, a: Attribute) -> Option<(Type, FloatKind, Elems<u128>)> {
    match ctx.attr_kind(a) {
        AttrKind::Float { bits, ty } => Some((*ty, ctx.float_kind(*ty)?, Elems::Scalar(*bits))),
        AttrKind::DenseElements { .. } => {
            let (ty, raw) = dense_raw(ctx, a)?;
            let kind = ctx.float_kind(ctx.element_type(ty)?)?;
            let elems = raw.map(|b| {
                let mut w = [0u8; 16];
                w[..b.len()].copy_from_slice(b);
                Some(u128::from_le_bytes(w))
            })?;
            Some((ty, kind, elems))
        }
        _ => None,
    }
}

/// The value of an integer scalar or splat constant.
pub(crate) fn int_single(ctx: &Context, a: Option<Attribute>) -> Option<ApInt> {
    int_elems(ctx, a?)?.1.single().cloned()
}

/// The value of a float scalar or splat constant.
pub(crate) fn float_single(ctx: &Context, a: Option<Attribute>) -> Option<(FloatKind, u128)> {
    let (_, kind, e) = float_elems(ctx, a?)?;
    e.single().map(|&b| (kind, b))
}

pub(crate) fn is_int_zero(ctx: &Context, a: Option<Attribute>) -> bool {
    int_single(ctx, a).is_some_and(|v| v.is_zero())
}
pub(crate) fn is_int_one(ctx: &Context, a: Option<Attribute>) -> bool {
    int_single(ctx, a).is_some_and(|v| v.is_one())
}

/// The integer scalar or splat a value is defined as (`m_ConstantInt`).
pub(crate) fn value_int(ctx: &Context, body: &Body, v: Value) -> Option<ApInt> {
    int_single(ctx, constant_value(ctx, body, v))
}

// ---- building constants ----

fn dense_attr(ctx: &Context, ty: Type, per: usize, elems: Vec<Vec<u8>>) -> Attribute {
    let splat = elems.len() > 1 && elems.iter().all(|e| *e == elems[0]);
    let bytes: Vec<u8> = if splat { elems[0].clone() } else { elems.concat() };
    debug_assert!(elems.iter().all(|e| e.len() == per));
    ctx.intern_attr(AttrKind::DenseElements {
        ty,
        data: strata_ir::attributes::DenseData { splat, bytes: bytes.into() },
    })
}

/// A splat of `ty` holding the one element `bytes`: O(1) in the element
/// count, however large the tensor (a splat is never expanded, as MLIR's
/// `DenseElementsAttr::get` keeps a splat's single value). Shapes of zero
/// or one element go through the list path, which gives them the same
/// representation as a folded one-element list.
fn splat_attr(ctx: &Context, ty: Type, bytes: Vec<u8>) -> Attribute {
    ctx.intern_attr(AttrKind::DenseElements {
        ty,
        data: strata_ir::attributes::DenseData { splat: true, bytes: bytes.into() },
    })
}

fn words_to_bytes(words: &[u64], per: usize) -> Vec<u8> {
    let mut out: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    out.resize(per, 0);
    out
}

/// An integer constant of `ty` (scalar, or a static shaped type).
pub(crate) fn int_attr(ctx: &Context, ty: Type, elems: Elems<ApInt>) -> Option<Attribute> {
    match elems {
        Elems::Scalar(v) => Some(ctx.integer_attr_ap(ty, v)),
        Elems::Splat(v) => {
            let n = num_elements(ctx, ty)?;
            if n <= 1 {
                return int_attr(ctx, ty, Elems::List(vec![v; n]));
            }
            let per = element_bytes(ctx, ctx.element_type(ty)?)?;
            Some(splat_attr(ctx, ty, words_to_bytes(v.words(), per)))
        }
        Elems::List(vs) => {
            let n = num_elements(ctx, ty)?;
            if vs.len() != n {
                return None;
            }
            let per = element_bytes(ctx, ctx.element_type(ty)?)?;
            Some(dense_attr(ctx, ty, per, vs.iter().map(|v| words_to_bytes(v.words(), per)).collect()))
        }
    }
}

/// A float constant of `ty` (scalar, or a static shaped type).
pub(crate) fn float_attr(ctx: &Context, ty: Type, elems: Elems<u128>) -> Option<Attribute> {
    match elems {
        Elems::Scalar(bits) => Some(ctx.float_attr_bits(ty, bits)),
        Elems::Splat(v) => {
            let n = num_elements(ctx, ty)?;
            if n <= 1 {
                return float_attr(ctx, ty, Elems::List(vec![v; n]));
            }
            let per = element_bytes(ctx, ctx.element_type(ty)?)?;
            Some(splat_attr(ctx, ty, v.to_le_bytes()[..per].to_vec()))
        }
        Elems::List(vs) => {
            let n = num_elements(ctx, ty)?;
            if vs.len() != n {
                return None;
            }
            let per = element_bytes(ctx, ctx.element_type(ty)?)?;
            Some(dense_attr(ctx, ty, per, vs.iter().map(|v| v.to_le_bytes()[..per].to_vec()).collect()))
        }
    }
}

/// `Builder::getZeroAttr` for integer-like types (fails on dynamic shapes).
pub(crate) fn int_zero_attr(ctx: &Context, ty: Type) -> Option<Attribute> {
    let elem = ctx.element_type_or_self(ty);
    let zero = ApInt::zero(ctx.int_attr_width(elem));
    if ctx.is_shaped(ty) {
        int_attr(ctx, ty, Elems::Splat(zero))
    } else {
        int_attr(ctx, ty, Elems::Scalar(zero))
    }
}

/// A boolean of `ty`'s shape (`getBoolAttribute`: `i1`, or an `i1` splat).
pub(crate) fn bool_attr_like(ctx: &Context, ty: Type, value: bool) -> Option<Attribute> {
    if ctx.is_shaped(ty) {
        int_attr(ctx, ty, Elems::Splat(ApInt::from_bool(value)))
    } else {
        Some(ctx.bool_attr(value))
    }
}

/// The `i1` type of `ty`'s shape.
pub(crate) fn i1_like(ctx: &Context, ty: Type) -> Type {
    if ctx.is_shaped(ty) {
        ctx.with_element_type(ty, ctx.i1())
    } else {
        ctx.i1()
    }
}

// ---- the generic folds of CommonFolders.h ----

/// `constFoldBinaryOp` for integers: both operands constant, of the same
/// type; the result has `result_ty` (default: the operands' type).
pub(crate) fn fold_int_binary(
    ctx: &Context,
    operands: &[Option<Attribute>],
    result_ty: Option<Type>,
    f: impl FnMut(&ApInt, &ApInt) -> Option<ApInt>,
) -> Option<Attribute> {
    let (lt, l) = int_elems(ctx, operands.first().copied()??)?;
    let (rt, r) = int_elems(ctx, operands.get(1).copied()??)?;
    if lt != rt {
        return None;
    }
    let out = zip_elems(&l, &r, f)?;
    int_attr(ctx, result_ty.unwrap_or(lt), out)
}

/// `constFoldBinaryOp` for floats.
pub(crate) fn fold_float_binary(
    ctx: &Context,
    operands: &[Option<Attribute>],
    f: impl Fn(FloatKind, u128, u128) -> u128,
) -> Option<Attribute> {
    let (lt, kind, l) = float_elems(ctx, operands.first().copied()??)?;
    let (rt, _, r) = float_elems(ctx, operands.get(1).copied()??)?;
    if lt != rt {
        return None;
    }
    let out = zip_elems(&l, &r, |a, b| Some(f(kind, *a, *b)))?;
    float_attr(ctx, lt, out)
}

/// Wraps an optional constant as a fold result.
pub(crate) fn attr_result(a: Option<Attribute>) -> FoldResult {
    match a {
        Some(a) => FoldResult::attr(a),
        None => FoldResult::Failed,
    }
}

// ---- op accessors shared by the folds ----

#[inline(always)]
pub(crate) fn def_of(ctx: &Context, body: &Body, v: Value, name: &'static str) -> Option<Op> {
    let op = body.defining_op(v)?;
    ctx.op_name_is(body.op_name(op), name).then_some(op)
}

pub(crate) fn result_type(body: &Body, op: Op) -> Type {
    body.value_type(body.result(op, 0))
}

/// The overflow flag bits of an op (`nsw` = 1, `nuw` = 2).
pub(crate) fn overflow_flags(ctx: &Context, body: &Body, op: Op) -> i64 {
    body.op_attr(ctx, op, "overflowFlags").and_then(|a| crate::arith::flags_bits(ctx, a, "overflow")).unwrap_or(0)
}

/// The fastmath flag bits of an op.
pub(crate) fn fastmath_flags(ctx: &Context, body: &Body, op: Op) -> i64 {
    body.op_attr(ctx, op, "fastmath").and_then(|a| crate::arith::flags_bits(ctx, a, "fastmath")).unwrap_or(0)
}

pub(crate) const NSW: i64 = 1;
pub(crate) const NUW: i64 = 2;
pub(crate) const FM_NNAN: i64 = 2;
pub(crate) const FM_NSZ: i64 = 8;
pub(crate) const FM_CONTRACT: i64 = 32;

/// The predicate index of a `cmpi`/`cmpf`.
pub(crate) fn predicate(ctx: &Context, body: &Body, op: Op) -> Option<i64> {
    body.op_attr(ctx, op, "predicate").and_then(|a| ctx.as_i64(a))
}

// ---- constants: the op hook and the dialect materializer ----

/// `arith.constant`'s value.
pub(crate) fn constant_value_of(ctx: &Context, body: &Body, op: Op) -> Option<Attribute> {
    body.op_attr(ctx, op, "value")
}

/// `arith.constant` folds to its value.
pub(crate) fn fold_constant(ctx: &Context, body: &mut Body, op: Op, _: &[Option<Attribute>]) -> FoldResult {
    attr_result(body.op_attr(ctx, op, "value"))
}

/// `ArithDialect::materializeConstant`: an `arith.constant` when the value
/// is an integer, float or elements attribute of exactly `ty` (integers
/// signless).
pub(crate) fn materialize(ctx: &Context, body: &mut Body, value: Attribute, ty: Type, loc: Location) -> Option<Op> {
    if ctx.attr_type(value) != Some(ty) {
        return None;
    }
    let elem = ctx.element_type_or_self(ty);
    if let TypeKind::Integer { signedness, .. } = ctx.type_kind(elem) {
        if *signedness != strata_ir::types::Signedness::Signless {
            return None;
        }
    }
    let ok = matches!(
        ctx.attr_kind(value),
        AttrKind::Integer { .. }
            | AttrKind::Bool(_)
            | AttrKind::Float { .. }
            | AttrKind::DenseElements { .. }
            | AttrKind::DenseResource { .. }
    );
    if !ok {
        return None;
    }
    let attrs = ctx.dictionary(vec![(ctx.intern_str("value"), value)]);
    Some(body.create_op(OpSpec::new(ctx, "arith.constant", loc).results(&[ty]).attrs(attrs)))
}

/// The fold hook of each arith op.
pub(crate) fn folder_of(name: &str) -> Option<strata_ir::fold::FoldFn> {
    use crate::arith::fold_cast as c;
    use crate::arith::fold_float as f;
    use crate::arith::fold_int as i;
    Some(match name {
        "arith.constant" => fold_constant,
        "arith.addi" => i::fold_addi,
        "arith.subi" => i::fold_subi,
        "arith.muli" => i::fold_muli,
        "arith.divui" => i::fold_divui,
        "arith.divsi" => i::fold_divsi,
        "arith.ceildivui" => i::fold_ceildivui,
        "arith.ceildivsi" => i::fold_ceildivsi,
        "arith.floordivsi" => i::fold_floordivsi,
        "arith.remui" => i::fold_remui,
        "arith.remsi" => i::fold_remsi,
        "arith.andi" => i::fold_andi,
        "arith.ori" => i::fold_ori,
        "arith.xori" => i::fold_xori,
        "arith.shli" => i::fold_shli,
        "arith.shrui" => i::fold_shrui,
        "arith.shrsi" => i::fold_shrsi,
        "arith.maxsi" => i::fold_maxsi,
        "arith.maxui" => i::fold_maxui,
        "arith.minsi" => i::fold_minsi,
        "arith.minui" => i::fold_minui,
        "arith.cmpi" => i::fold_cmpi,
        "arith.select" => i::fold_select,
        "arith.addui_extended" => i::fold_addui_extended,
        "arith.mulsi_extended" => i::fold_mulsi_extended,
        "arith.mului_extended" => i::fold_mului_extended,
        "arith.negf" => f::fold_negf,
        "arith.addf" => f::fold_addf,
        "arith.subf" => f::fold_subf,
        "arith.mulf" => f::fold_mulf,
        "arith.divf" => f::fold_divf,
        "arith.remf" => f::fold_remf,
        "arith.maximumf" => f::fold_maximumf,
        "arith.minimumf" => f::fold_minimumf,
        "arith.maxnumf" => f::fold_maxnumf,
        "arith.minnumf" => f::fold_minnumf,
        "arith.cmpf" => f::fold_cmpf,
        "arith.extui" => c::fold_extui,
        "arith.extsi" => c::fold_extsi,
        "arith.extf" => c::fold_extf,
        "arith.trunci" => c::fold_trunci,
        "arith.truncf" => c::fold_truncf,
        "arith.sitofp" => c::fold_sitofp,
        "arith.uitofp" => c::fold_uitofp,
        "arith.fptosi" => c::fold_fptosi,
        "arith.fptoui" => c::fold_fptoui,
        "arith.index_cast" => c::fold_index_cast,
        "arith.index_castui" => c::fold_index_castui,
        "arith.bitcast" => c::fold_bitcast,
        _ => return None,
    })
}
