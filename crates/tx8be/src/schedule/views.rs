//! Views (`tx8be-load-views`, `tx8be-store-views`): a top-level
//! `tx8be.Transpose` or `tx8be.Slice`, or an expand (an add of zeros that
//! repeats a tensor along its dims of extent 1), has no bytes of its own;
//! the loads under it read through it, and a group may store its result
//! through a transpose (`stored = true`). This file says which ops are
//! views and composes, along the chain of views and top-level reshapes
//! down to the DDR tensor, the strided view (`tx8_target::view`) a load
//! reads or a store writes through.

use strata_ir::{Body, Context, Op, Value};
use tx8_target::view::StridedView;

use crate::dialect::ops::{op_kind, OpKind};

/// Whether `op` is a view: a `tx8be.Transpose` or `tx8be.Slice`, or an
/// expand (`expanded_operand`), outside any group.
pub fn is_view(ctx: &Context, body: &Body, op: Op) -> bool {
    (matches!(op_kind(ctx, body, op), Some(OpKind::Transpose | OpKind::Slice))
        || expanded_operand(ctx, body, op).is_some())
        && !in_group(ctx, body, op)
}

/// The operand an expand broadcasts: `op` is a `tx8be.Binary` add of a
/// tensor `x` and a constant of zeros, of one rank, whose result is `x`
/// repeated along the dims where `x` has 1 (how `tx8be-sink-reshapes`
/// writes a broadcast: BERT's mask [b, 1, 1, t] over the heads). Read as
/// a view with stride 0 along those dims; the view gives `x` itself where
/// the add would give `x + 0` (equal but for the sign of a zero).
pub fn expanded_operand(ctx: &Context, body: &Body, op: Op) -> Option<usize> {
    if op_kind(ctx, body, op) != Some(OpKind::Binary)
        || crate::dialect::values::attr_str(ctx, body, op, "kind").as_deref() != Some("add")
        || body.num_operands(op) != 2
    {
        return None;
    }
    let out = dims(ctx, body, body.result(op, 0));
    let zero = |v: Value| {
        let src = match body.defining_op(v) {
            Some(l) if op_kind(ctx, body, l) == Some(OpKind::LoadConst) => body.operand(l, 0),
            _ => v,
        };
        is_zeros(ctx, body, src)
    };
    (0..2).find(|&k| {
        let x = body.operand(op, k);
        let d = dims(ctx, body, x);
        zero(body.operand(op, 1 - k))
            && !zero(x)
            && d.len() == out.len()
            && d.iter().zip(&out).all(|(&a, &b)| a == b || a == 1)
            && body.value_type(x) != body.value_type(body.result(op, 0))
            && ctx.element_type(body.value_type(x)) == ctx.element_type(body.value_type(body.result(op, 0)))
    })
}

/// Whether `v` is a `tx8be.const` (through reshapes) of zeros.
fn is_zeros(ctx: &Context, body: &Body, mut v: Value) -> bool {
    loop {
        let Some(d) = body.defining_op(v) else { return false };
        match op_kind(ctx, body, d) {
            Some(OpKind::Reshape) => v = body.operand(d, 0),
            Some(OpKind::Const) => {
                return body
                    .op_attr(ctx, d, "value")
                    .and_then(|a| crate::dialect::values::dense_all_zero(ctx, a))
                    .unwrap_or(false)
            }
            _ => return false,
        }
    }
}

/// Whether view `op` is stored (`stored = true`, `tx8be-store-views`):
/// the group under it writes its result through the view, so the bytes
/// at its address are the view's result, dense, and its readers load
/// them plainly.
pub fn is_stored(ctx: &Context, body: &Body, op: Op) -> bool {
    is_view(ctx, body, op) && crate::dialect::values::attr_bool(ctx, body, op, "stored").unwrap_or(false)
}

fn in_group(ctx: &Context, body: &Body, op: Op) -> bool {
    body.parent_op(op).is_some_and(|p| op_kind(ctx, body, p) == Some(OpKind::Group))
}

/// A view being composed from the DDR tensor up: per logical dim, the
/// dims it is made of (extent, element stride), outermost first, and the
/// element offset of the origin.
#[derive(Debug, Clone)]
pub struct Chain {
    groups: Vec<Vec<(u64, u64)>>,
    offset: u64,
}

impl Chain {
    fn dense(dims: &[u64]) -> Chain {
        let mut stride = 1u64;
        let mut groups = vec![Vec::new(); dims.len()];
        for (i, &d) in dims.iter().enumerate().rev() {
            groups[i] = vec![(d, stride)];
            stride *= d;
        }
        Chain { groups, offset: 0 }
    }

    /// Each dim of extent 1 repeated to `to`'s extent, the same element
    /// (stride 0).
    fn expand(mut self, to: &[u64]) -> Option<Chain> {
        if to.len() != self.groups.len() {
            return None;
        }
        for (g, &n) in self.groups.iter_mut().zip(to) {
            let extent: u64 = g.iter().map(|p| p.0).product();
            if extent != n {
                if extent != 1 {
                    return None;
                }
                *g = vec![(n, 0)];
            }
        }
        Some(self)
    }

    fn transpose(self, perm: &[usize]) -> Option<Chain> {
        (perm.len() == self.groups.len())
            .then(|| Chain { groups: perm.iter().map(|&p| self.groups[p].clone()).collect(), offset: self.offset })
    }

    /// Dim d from `starts[d]`, every `steps[d]`-th element, `sizes[d]` of
    /// them: a dim made of one stride moves its origin and scales its
    /// stride; one made of several must be taken whole.
    fn slice(mut self, starts: &[i64], steps: &[i64], sizes: &[u64]) -> Option<Chain> {
        if starts.len() != self.groups.len() || steps.len() != starts.len() || sizes.len() != starts.len() {
            return None;
        }
        for d in 0..starts.len() {
            let (a, t) = (u64::try_from(starts[d]).ok()?, u64::try_from(steps[d]).ok()?);
            let extent: u64 = self.groups[d].iter().map(|g| g.0).product();
            if a == 0 && t == 1 && sizes[d] == extent {
                continue;
            }
            match self.groups[d].as_mut_slice() {
                [(e, s)] => {
                    self.offset += a * *s;
                    *e = sizes[d];
                    *s *= t;
                }
                _ => return None,
            }
        }
        Some(self)
    }

    /// The same elements seen with dims `dims`: the dims split where the
    /// other factorisation cuts them, then grouped by the new dims.
    fn reshape(self, dims: &[u64]) -> Option<Chain> {
        let fine: Vec<(u64, u64)> = self.groups.into_iter().flatten().filter(|g| g.0 != 1).collect();
        if fine.iter().map(|g| g.0).product::<u64>() != dims.iter().product::<u64>() {
            return None;
        }
        // Cuts (suffix products) of the new dims, innermost first.
        let mut cuts = Vec::new();
        let mut acc = 1u64;
        for &d in dims.iter().rev().filter(|&&d| d != 1) {
            acc *= d;
            cuts.push(acc);
        }
        // Split the fine dims at every cut inside them, innermost first.
        let mut pieces: Vec<(u64, u64)> = Vec::new();
        let mut below = 1u64;
        for &(e, s) in fine.iter().rev() {
            let top = below * e;
            let mut lo = below;
            for &c in cuts.iter().filter(|&&c| c > below && c < top) {
                if c % lo != 0 {
                    return None;
                }
                pieces.push((c / lo, s * (lo / below)));
                lo = c;
            }
            if !top.is_multiple_of(lo) {
                return None;
            }
            pieces.push((top / lo, s * (lo / below)));
            below = top;
        }
        // Group innermost pieces into the new dims, innermost first.
        let mut groups = vec![Vec::new(); dims.len()];
        let mut it = pieces.into_iter().peekable();
        for (i, &d) in dims.iter().enumerate().rev() {
            let mut have = 1u64;
            while have < d {
                let p = it.next()?;
                have *= p.0;
                groups[i].insert(0, p);
            }
            if have != d {
                return None;
            }
        }
        it.next().is_none().then_some(Chain { groups, offset: self.offset })
    }
}

/// The view chain of `v` when `v` (a DDR value, possibly through views)
/// is read: from the DDR tensor up, through reshapes and views, and
/// through `as_view` (a group result, its op and its input) as if that
/// group were a view already. `None` when nothing on the way is a view or
/// the dims do not compose.
pub fn chain_of(ctx: &Context, body: &Body, v: Value, as_view: Option<(Value, Op, Value)>) -> Option<(Chain, bool)> {
    let dims = dims(ctx, body, v);
    let (op, input) = match as_view {
        Some((r, op, input)) if r == v => (op, input),
        _ => match body.defining_op(v) {
            Some(d) if op_kind(ctx, body, d) == Some(OpKind::Reshape) && !in_group(ctx, body, d) => {
                let (c, viewed) = chain_of(ctx, body, body.operand(d, 0), as_view)?;
                return Some((c.reshape(&dims)?, viewed));
            }
            Some(d) if is_stored(ctx, body, d) => return Some((Chain::dense(&dims), false)),
            Some(d) if is_view(ctx, body, d) => (d, body.operand(d, expanded_operand(ctx, body, d).unwrap_or(0))),
            _ => return Some((Chain::dense(&dims), false)),
        },
    };
    let (c, _) = chain_of(ctx, body, input, as_view)?;
    let c = match op_kind(ctx, body, op)? {
        OpKind::Binary => c.expand(&dims)?,
        OpKind::Transpose => c.transpose(&crate::dialect::shape_rules::perm_of(ctx, body, op).ok()?)?,
        OpKind::Slice => {
            let starts = crate::dialect::values::attr_ints(ctx, body, op, "starts")?;
            let steps = crate::dialect::values::attr_ints(ctx, body, op, "strides")?;
            c.slice(&starts, &steps, &dims)?
        }
        _ => return None,
    };
    Some((c, true))
}

/// The view of a chain seen with dims `whole`, and its element offset.
pub fn finish(c: Chain, whole: Vec<u64>) -> Option<(u64, StridedView)> {
    let fine: Vec<(u64, u64)> = c.groups.into_iter().flatten().filter(|g| g.0 != 1).collect();
    let (dims, strides): (Vec<u64>, Vec<u64>) =
        if fine.is_empty() { (vec![1], vec![1]) } else { fine.into_iter().unzip() };
    Some((c.offset, StridedView::new(dims, strides, whole).ok()?))
}

/// The view a load reads through, if any: the element offset of the
/// view's origin in the DDR tensor under it (whose address `tx8be-ddr-alloc`
/// gives the view) and the view, for the load's result dims.
pub fn load_view(ctx: &Context, body: &Body, load: Op) -> Option<(u64, StridedView)> {
    if !reads_view(ctx, body, load) {
        return None;
    }
    let (c, _) = chain_of(ctx, body, body.operand(load, 0), None)?;
    finish(c, dims(ctx, body, body.result(load, 0)))
}

/// Whether load `load` reads through a view (then it is not broadcast,
/// line-shared, slid or ring-shared: those read DDR images of boxes,
/// which a view's box is not).
pub fn reads_view(ctx: &Context, body: &Body, load: Op) -> bool {
    if op_kind(ctx, body, load) != Some(OpKind::LoadVar) {
        return false;
    }
    let mut v = body.operand(load, 0);
    while let Some(d) = body.defining_op(v) {
        if is_view(ctx, body, d) {
            return !is_stored(ctx, body, d);
        }
        if op_kind(ctx, body, d) != Some(OpKind::Reshape) || in_group(ctx, body, d) {
            return false;
        }
        v = body.operand(d, 0);
    }
    false
}

/// The transpose view a group result `r` is stored through, if any
/// (`is_stored`): `r`, through top-level reshapes each read once, read
/// only by that view. With it, the element offset of `r`'s origin (0) and
/// where each element of `r` lies in the view's dense result: the view's
/// transpose undone, then `r`'s dims (`op_dma_store_view`).
pub fn store_view(ctx: &Context, body: &Body, r: Value) -> Option<(Op, StridedView)> {
    let view = stored_through(ctx, body, r, true)?;
    let c = Chain::dense(&dims(ctx, body, body.result(view, 0)));
    let perm = crate::dialect::shape_rules::perm_of(ctx, body, view).ok()?;
    let mut inverse = vec![0usize; perm.len()];
    for (i, &p) in perm.iter().enumerate() {
        *inverse.get_mut(p)? = i;
    }
    let c = c.transpose(&inverse)?.reshape(&dims(ctx, body, r))?;
    Some((view, finish(c, dims(ctx, body, r))?.1))
}

/// The top-level Transpose view `r` reaches through top-level reshapes
/// each read once, when it is `r`'s only reader; `stored`: only a stored
/// one (else only one not stored yet).
pub fn stored_through(ctx: &Context, body: &Body, r: Value, stored: bool) -> Option<Op> {
    let mut v = r;
    loop {
        let mut uses = body.uses(v);
        let (user, _) = uses.next()?;
        if uses.next().is_some() || in_group(ctx, body, user) {
            return None;
        }
        match op_kind(ctx, body, user)? {
            OpKind::Reshape => v = body.result(user, 0),
            OpKind::Transpose if is_view(ctx, body, user) && is_stored(ctx, body, user) == stored => return Some(user),
            _ => return None,
        }
    }
}

/// The loads reading the result of view `view` (through top-level
/// reshapes), or `None` when anything else reads it.
pub fn view_readers(ctx: &Context, body: &Body, view: Op) -> Option<Vec<Op>> {
    let mut loads = Vec::new();
    reading_loads(ctx, body, body.result(view, 0), &mut loads)?;
    Some(loads)
}

/// The group result a group stores `v` as (`v` read by the group's
/// `store_var`), if `v` is an in-group value stored so.
pub fn stored_as(ctx: &Context, body: &Body, v: Value) -> Option<Value> {
    let store = body.uses(v).map(|(u, _)| u).find(|&u| op_kind(ctx, body, u) == Some(OpKind::StoreVar))?;
    let group = body.parent_op(store).filter(|&g| op_kind(ctx, body, g) == Some(OpKind::Group))?;
    (super::groups::group_store(ctx, body, group) == Some(body.result(store, 0))).then(|| body.result(group, 0))
}

/// The copies `op_dma_store_view` issues for box `b` of `v`, an anchor's
/// result its group stores through a view (`store_view`; `None` when it
/// does not, `Some(Err)` when the C model would refuse the box): what the
/// cost model charges the store.
pub fn store_view_transfers(
    ctx: &Context,
    body: &Body,
    v: Value,
    b: &crate::interfaces::sharding::SliceBox,
) -> Option<Result<Vec<(u64, u64, tx8_target::view::Strided)>, tx8_target::TargetError>> {
    let r = stored_as(ctx, body, v)?;
    let (_, view) = store_view(ctx, body, r)?;
    let es = element_bytes(ctx, body, r)?;
    let u = |x: &[i64]| x.iter().map(|&d| d.max(0) as u64).collect::<Vec<u64>>();
    Some(view.transfers(&u(&b.start), &u(&b.size), es))
}

/// The copies `op_dma_load_view` issues for box `b` of `v`, when `v` is a
/// load through a view (`None` otherwise; `Some(Err)` when the C model
/// would refuse the box): what the cost model charges such a load.
pub fn view_transfers(
    ctx: &Context,
    body: &Body,
    v: Value,
    b: &crate::interfaces::sharding::SliceBox,
) -> Option<Result<Vec<(u64, u64, tx8_target::view::Strided)>, tx8_target::TargetError>> {
    let (_, view) = load_view(ctx, body, body.defining_op(v)?)?;
    let es = element_bytes(ctx, body, v)?;
    let u = |x: &[i64]| x.iter().map(|&d| d.max(0) as u64).collect::<Vec<u64>>();
    Some(view.transfers(&u(&b.start), &u(&b.size), es))
}

pub fn dims(ctx: &Context, body: &Body, v: Value) -> Vec<u64> {
    ctx.shape(body.value_type(v)).unwrap_or(&[]).iter().map(|&d| d.max(0) as u64).collect()
}

pub fn element_bytes(ctx: &Context, body: &Body, v: Value) -> Option<u64> {
    let e = ctx.element_type(body.value_type(v))?;
    Some(crate::interfaces::tensor::ElementType::from_type(ctx, e)?.data_format()?.size() as u64)
}

/// The loads reading `v` through top-level reshapes, or `None` when
/// anything else reads it (a return, a compute op, a view) or a load's
/// reader takes that operand from DDR itself.
pub fn reading_loads(ctx: &Context, body: &Body, v: Value, out: &mut Vec<Op>) -> Option<()> {
    for (user, _) in body.uses(v) {
        match op_kind(ctx, body, user) {
            Some(OpKind::Reshape) if !in_group(ctx, body, user) => reading_loads(ctx, body, body.result(user, 0), out)?,
            Some(OpKind::LoadVar) if body.op_attr(ctx, user, "share").is_none() && read_from_spm(ctx, body, user) => {
                out.push(user)
            }
            _ => return None,
        }
    }
    Some(())
}

/// Whether every reader of load `load` reads its operand from the SPM
/// copy (OpLib `need_load`). A reader that takes the operand straight
/// from DDR at the load's source address (op_gather's table) would read
/// a view's operand, whose address the view shares, as if it were the
/// view: a transpose or slice it does not see.
fn read_from_spm(ctx: &Context, body: &Body, load: Op) -> bool {
    body.uses(body.result(load, 0)).all(|(user, i)| {
        crate::interfaces::query_op_attr(ctx, body, user).is_ok_and(|a| i < 64 && a.need_load >> i & 1 == 1)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn flat(c: &Chain) -> Vec<(u64, u64)> {
        c.groups.iter().flatten().copied().filter(|g| g.0 != 1).collect()
    }

    #[test]
    fn reshape_splits_and_merges_strided_dims() {
        // Columns 24..48 of a [16, 72] tensor, split into heads of 4.
        let c = Chain::dense(&[16, 72]).slice(&[0, 24], &[1, 1], &[16, 24]).unwrap();
        assert_eq!(c.offset, 24);
        let c = c.reshape(&[2, 8, 6, 4]).unwrap();
        assert_eq!(c.groups, vec![vec![(2, 8 * 72)], vec![(8, 72)], vec![(6, 4)], vec![(4, 1)]]);
        let c = c.transpose(&[0, 2, 1, 3]).unwrap().reshape(&[12, 8, 4]).unwrap();
        assert_eq!(flat(&c), vec![(2, 576), (6, 4), (8, 72), (4, 1)]);
        // Dims that do not split alike.
        assert!(Chain::dense(&[6, 4]).transpose(&[1, 0]).unwrap().reshape(&[6, 4]).is_none());
        // A slice of a merged dim that is not whole.
        let merged = Chain::dense(&[4, 6]).transpose(&[1, 0]).unwrap().reshape(&[24]).unwrap();
        assert!(merged.slice(&[2], &[1], &[4]).is_none());
    }
}
