//! Row statistics as the matchers see them: a reduction (its reducer and
//! init value checked, its input and axes), how a reduced value must be
//! broadcast back over the full shape to be "per row", and the per-feature
//! parameters (a norm's gamma and beta) read along the normalised axes.

use strata_ir::{Body, Context, Value};

use crate::algebra::{cone, identity_map, Leaf, View};
use crate::shapes::ranked;

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Reducer {
    Add,
    Max,
}

/// `result = reduce(input) over axes` with a plain `add` / `maximum`
/// reducer and its neutral init value (0, or -inf / the lowest float).
pub struct Reduction {
    pub result: Value,
    pub input: Value,
    pub axes: Vec<i64>,
}

pub fn shape_of(ctx: &Context, body: &Body, v: Value) -> Vec<i64> {
    ranked(ctx, body.value_type(v)).map(|r| r.0.to_vec()).unwrap_or_default()
}

/// The reduction defining `v`, when it is one with `reducer`.
pub fn reduction(ctx: &Context, body: &Body, v: Value, reducer: Reducer) -> Option<Reduction> {
    let r = body.defining_op(v)?;
    if ctx.op_name_str(body.op_name(r)) != "stablehlo.reduce" || body.num_operands(r) != 2 || body.num_results(r) != 1 {
        return None;
    }
    let (rb, regions) = body.regions_of(r);
    let block = rb.first_block(*regions.first()?)?;
    let inner = rb.first_op(block)?;
    let ret = rb.next_op(inner)?;
    let args = rb.block_args(block);
    let want = match reducer {
        Reducer::Add => "stablehlo.add",
        Reducer::Max => "stablehlo.maximum",
    };
    if ctx.op_name_str(rb.op_name(inner)) != want
        || rb.operand_vec(inner).as_slice() != args
        || rb.operand_vec(ret).as_slice() != [rb.result(inner, 0)]
        || rb.next_op(ret).is_some()
    {
        return None;
    }
    let init = View::new(ctx, body, &[]).splat(body.operand(r, 1))?;
    let neutral = match reducer {
        Reducer::Add => init == 0.0,
        Reducer::Max => init == f64::NEG_INFINITY || init <= -3.0e38,
    };
    if !neutral {
        return None;
    }
    let axes = crate::verify::i64_array_of(ctx, body, r, "dimensions")?;
    Some(Reduction { result: v, input: body.operand(r, 0), axes })
}

/// The reductions with `reducer` an expression at `v` is built from
/// (nearest first).
pub fn reductions_in(ctx: &Context, body: &Body, v: Value, reducer: Reducer) -> Vec<Reduction> {
    cone(ctx, body, v, 64).into_iter().filter_map(|x| reduction(ctx, body, x, reducer)).collect()
}

/// Whether the axes are the trailing dimensions of a rank-`rank` tensor,
/// each once (what ONNX's layer norm normalises over).
pub fn trailing(rank: usize, axes: &[i64]) -> bool {
    let mut a = axes.to_vec();
    a.sort_unstable();
    !a.is_empty() && a.iter().enumerate().all(|(i, &x)| x == (rank - a.len() + i) as i64)
}

pub fn count(full: &[i64], axes: &[i64]) -> f64 {
    axes.iter().map(|&a| full[a as usize] as f64).product()
}

/// The leaf of a reduction's result broadcast back to the full shape
/// along its axes (the dims the reduction keeps are its result's dims, in
/// order): how a per-row statistic appears in the expression using it.
pub fn reduced_leaf(r: &Reduction, full: &[i64]) -> Leaf {
    let mut j = 0;
    let map = (0..full.len())
        .map(|k| {
            if r.axes.contains(&(k as i64)) {
                return None;
            }
            let d = j;
            j += 1;
            (full[k] != 1).then_some(d)
        })
        .collect();
    Leaf { value: r.result, map }
}

/// Whether `leaf` (a value of shape `leaf_shape`) read at `full` varies
/// exactly along the dims of `full` outside `axes`, each read from its
/// own dim of the leaf in order: a value per row of the reduction over
/// `axes`, whatever its own (kept or dropped) unit dims.
pub fn per_row(leaf: &Leaf, leaf_shape: &[i64], full: &[i64], axes: &[i64]) -> bool {
    let mut targets = vec![];
    for k in 0..full.len() {
        if full[k] == 1 {
            continue;
        }
        match (axes.contains(&(k as i64)), leaf.map[k]) {
            (true, None) => {}
            (false, Some(d)) => targets.push(d),
            _ => return false,
        }
    }
    let real: Vec<usize> = (0..leaf_shape.len()).filter(|&d| leaf_shape[d] != 1).collect();
    targets == real
}

/// A per-feature parameter (gamma, beta) of a norm over `axes`: a leaf
/// varying along the normalised dims only (a vector broadcast over the
/// rows), or a constant at the full shape whose rows are all the same (a
/// broadcast the canonicalizer folded). The value to pass to the fused op.
pub fn feature_param(ctx: &Context, body: &Body, leaf: &Leaf, full: &[i64], axes: &[i64]) -> Option<Value> {
    let shape = shape_of(ctx, body, leaf.value);
    let others: Vec<i64> = (0..full.len() as i64).filter(|k| !axes.contains(k)).collect();
    if per_row(leaf, &shape, full, &others) {
        return Some(leaf.value);
    }
    if leaf.map != identity_map(full) || shape != full {
        return None;
    }
    let d = body.defining_op(leaf.value)?;
    if ctx.op_name_str(body.op_name(d)) != "stablehlo.constant" {
        return None;
    }
    let values = crate::dense::f64_values(ctx, body.op_attr(ctx, d, "value")?)?;
    let n = count(full, axes) as usize;
    let first = values.get(..n)?;
    (trailing(full.len(), axes) && values.chunks(n).all(|r| r == first)).then_some(leaf.value)
}
