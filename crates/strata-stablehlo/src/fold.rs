//! Fold hooks of the stablehlo ops: constant folding of elementwise ops
//! (arithmetic, compare, select), convert, reshape, transpose,
//! broadcast_in_dim, concatenate and slice on constant operands, and the
//! compositions `reshape(reshape(x))`, `transpose(transpose(x))` and
//! `broadcast_in_dim(broadcast_in_dim(x))` (rewritten in place), and the
//! identities `x + 0`, `x - 0`, `x * 1`, `x / 1`, `select(splat p, a, b)`
//! (splat constants; for
//! floats `x + 0.0` is `x` also for `x = -0.0`, as StableHLO's own
//! simplification assumes). Splats stay splats: an op whose constant
//! operands are all splats is computed on one element, whatever the
//! tensor's size. Non-splat results are bounded by `MAX_FOLDED_ELEMENTS`,
//! broadcasts of non-splat constants by `MAX_EXPANDED_ELEMENTS`.

use strata_ir::fold::FoldResult;
use strata_ir::opdef::OpDef;
use strata_ir::{Attribute, Body, Context, Location, Op, OpSpec, Type};

use crate::dense::{self, elem_kind, from_bytes, push_f64, push_i64, to_f64, to_i64, view, DenseView, ElemKind};
use crate::shapes::{num_elements, ranked};
use crate::verify::i64_array_of;

/// Largest non-splat tensor a fold creates (elements).
pub const MAX_FOLDED_ELEMENTS: u64 = 1 << 22;
/// Largest result of a fold that repeats a non-splat constant
/// (broadcast_in_dim): a per-channel bias broadcast over an activation
/// stays a broadcast instead of becoming a weight-sized constant.
pub const MAX_EXPANDED_ELEMENTS: u64 = 4096;

/// Attaches the fold hook (and constant reading) that `def` has.
pub fn with_folds(mut def: OpDef) -> OpDef {
    let short = def.name.strip_prefix("stablehlo.").unwrap_or("").to_string();
    if short == "constant" {
        def.constant_value = Some(|ctx, body, op| body.op_attr(ctx, op, "value"));
        def.fold = Some(|ctx, body, op, _| match body.op_attr(ctx, op, "value") {
            Some(v) => FoldResult::attr(v),
            None => FoldResult::Failed,
        });
        return def;
    }
    def.fold = match short.as_str() {
        s if crate::ops::BINARY.contains(&s) || crate::ops::UNARY.contains(&s) || s == "compare" || s == "select" => {
            Some(fold_elementwise)
        }
        "convert" => Some(fold_convert),
        "reshape" => Some(fold_reshape),
        "transpose" => Some(fold_transpose),
        "broadcast_in_dim" => Some(fold_broadcast_in_dim),
        "concatenate" => Some(fold_concatenate),
        "slice" => Some(fold_slice),
        _ => None,
    };
    def
}

/// `StablehloDialect::materializeConstant`: a `stablehlo.constant` for a
/// dense attribute of exactly `ty`.
pub fn materialize(ctx: &Context, body: &mut Body, value: Attribute, ty: Type, loc: Location) -> Option<Op> {
    if ctx.attr_type(value) != Some(ty) || view(ctx, value).is_none() {
        return None;
    }
    let attrs = ctx.dictionary(vec![(ctx.intern_str("value"), value)]);
    Some(body.create_op(OpSpec::new(ctx, "stablehlo.constant", loc).results(&[ty]).attrs(attrs)))
}

fn result_type(body: &Body, op: Op) -> Type {
    body.value_type(body.result(op, 0))
}

/// Static element count of a ranked tensor type, if not too large to build.
fn buildable_count(ctx: &Context, t: Type) -> Option<usize> {
    let (shape, _) = ranked(ctx, t)?;
    let n = num_elements(shape)?;
    (n <= MAX_FOLDED_ELEMENTS).then_some(n as usize)
}

fn short_name<'c>(ctx: &'c Context, body: &Body, op: Op) -> &'c str {
    ctx.op_name_str(body.op_name(op)).strip_prefix("stablehlo.").unwrap_or("")
}

// ---- elementwise ----

fn float_op(name: &str, a: &[f64]) -> Option<f64> {
    let x = a[0];
    Some(match name {
        "add" => x + a[1],
        "subtract" => x - a[1],
        "multiply" => x * a[1],
        "divide" => x / a[1],
        "power" => x.powf(a[1]),
        "maximum" => {
            if x.is_nan() || a[1].is_nan() {
                f64::NAN
            } else {
                x.max(a[1])
            }
        }
        "minimum" => {
            if x.is_nan() || a[1].is_nan() {
                f64::NAN
            } else {
                x.min(a[1])
            }
        }
        "remainder" => x % a[1],
        "abs" => x.abs(),
        "negate" => -x,
        "sine" => x.sin(),
        "cosine" => x.cos(),
        "sqrt" => x.sqrt(),
        "rsqrt" => 1.0 / x.sqrt(),
        "exponential" => x.exp(),
        "exponential_minus_one" => x.exp_m1(),
        "log" => x.ln(),
        "log_plus_one" => x.ln_1p(),
        "tanh" => x.tanh(),
        "logistic" => 1.0 / (1.0 + (-x).exp()),
        "floor" => x.floor(),
        "ceil" => x.ceil(),
        "sign" => {
            if x.is_nan() || x == 0.0 {
                x
            } else {
                x.signum()
            }
        }
        _ => return None,
    })
}

fn int_op(name: &str, kind: ElemKind, a: &[i64]) -> Option<i64> {
    let ElemKind::Int { width, signed } = kind else { return None };
    let x = a[0];
    let unsigned_cmp = |p: i64, q: i64| (p as u64).cmp(&(q as u64));
    Some(match name {
        "add" => x.wrapping_add(a[1]),
        "subtract" => x.wrapping_sub(a[1]),
        "multiply" => x.wrapping_mul(a[1]),
        // Division by zero and overflow keep the op (StableHLO leaves the
        // result implementation-defined).
        "divide" | "remainder" => {
            if a[1] == 0 || (signed && x == i64::MIN && a[1] == -1) {
                return None;
            }
            match (name, signed) {
                ("divide", true) => x / a[1],
                ("divide", false) => ((x as u64) / (a[1] as u64)) as i64,
                (_, true) => x % a[1],
                (_, false) => ((x as u64) % (a[1] as u64)) as i64,
            }
        }
        "maximum" => {
            if signed {
                x.max(a[1])
            } else if unsigned_cmp(x, a[1]).is_ge() {
                x
            } else {
                a[1]
            }
        }
        "minimum" => {
            if signed {
                x.min(a[1])
            } else if unsigned_cmp(x, a[1]).is_le() {
                x
            } else {
                a[1]
            }
        }
        "and" => x & a[1],
        "or" => x | a[1],
        "xor" => x ^ a[1],
        "not" => {
            if width == 1 {
                (x == 0) as i64
            } else {
                !x
            }
        }
        "abs" if signed => x.wrapping_abs(),
        "negate" => x.wrapping_neg(),
        "sign" if signed => x.signum(),
        "sign" => (x != 0) as i64,
        _ => return None,
    })
}

fn compare_op(ctx: &Context, body: &Body, op: Op, kind: ElemKind, a: &[u8], b: &[u8]) -> Option<bool> {
    use crate::attrs::ComparisonDirection as D;
    let dir = crate::attrs::read_comparison_direction(ctx, body.op_attr(ctx, op, "comparison_direction")?)?;
    let ord = match kind {
        ElemKind::Float(_) => {
            let (x, y) = (to_f64(kind, a), to_f64(kind, b));
            if x.is_nan() || y.is_nan() {
                return Some(dir == D::Ne);
            }
            x.partial_cmp(&y)?
        }
        ElemKind::Int { signed: true, .. } => to_i64(kind, a).cmp(&to_i64(kind, b)),
        ElemKind::Int { signed: false, .. } => (to_i64(kind, a) as u64).cmp(&(to_i64(kind, b) as u64)),
    };
    Some(match dir {
        D::Eq => ord.is_eq(),
        D::Ne => !ord.is_eq(),
        D::Ge => ord.is_ge(),
        D::Gt => ord.is_gt(),
        D::Le => ord.is_le(),
        D::Lt => ord.is_lt(),
    })
}

/// The identities `x + 0`, `x - 0`, `x * 1`, `x / 1` with a splat constant
/// on the right (or, for the commutative ones, on the left).
fn fold_identity(ctx: &Context, body: &Body, op: Op, operands: &[Option<Attribute>]) -> Option<FoldResult> {
    let name = short_name(ctx, body, op);
    // select(splat pred, a, b) is a or b.
    if name == "select" {
        let pred = dense::splat_value(ctx, operands.first().copied().flatten()?)?;
        let chosen = body.operand(op, if pred != 0.0 { 1 } else { 2 });
        return (body.value_type(chosen) == result_type(body, op)).then(|| FoldResult::value(chosen));
    }
    let neutral = match name {
        "add" | "subtract" => 0.0,
        "multiply" | "divide" => 1.0,
        _ => return None,
    };
    let commutes = matches!(name, "add" | "multiply");
    let rt = result_type(body, op);
    for (c, other) in [(1usize, 0usize), (0, 1)] {
        if c == 0 && !commutes {
            continue;
        }
        let Some(a) = operands.get(c).copied().flatten() else { continue };
        if dense::splat_value(ctx, a) == Some(neutral) && body.value_type(body.operand(op, other)) == rt {
            return Some(FoldResult::value(body.operand(op, other)));
        }
    }
    None
}

fn fold_elementwise(ctx: &Context, body: &mut Body, op: Op, operands: &[Option<Attribute>]) -> FoldResult {
    if operands.iter().any(|o| o.is_none()) {
        return fold_identity(ctx, body, op, operands).unwrap_or(FoldResult::Failed);
    }
    let views: Vec<DenseView<'_>> = match operands.iter().map(|o| view(ctx, o.unwrap())).collect::<Option<Vec<_>>>() {
        Some(v) => v,
        None => return FoldResult::Failed,
    };
    let name = short_name(ctx, body, op);
    let rt = result_type(body, op);
    let Some((_, relem)) = ranked(ctx, rt) else { return FoldResult::Failed };
    let (Some(out_kind), Some(per_out)) = (elem_kind(ctx, relem), strata_ir::parser::dense_element_bytes(ctx, relem))
    else {
        return FoldResult::Failed;
    };
    // `select`'s predicate is operand 0; the values decide the kind.
    let data_index = if name == "select" { 1 } else { 0 };
    let Some(in_kind) = elem_kind(ctx, views[data_index].elem) else { return FoldResult::Failed };
    let all_splat = views.iter().all(|v| v.splat);
    let n = if all_splat {
        1
    } else {
        match buildable_count(ctx, rt) {
            Some(n) => n,
            None => return FoldResult::Failed,
        }
    };
    let mut out = Vec::with_capacity(n * per_out);
    for i in 0..n {
        match name {
            "compare" => {
                let Some(b) = compare_op(ctx, body, op, in_kind, views[0].raw(i), views[1].raw(i)) else {
                    return FoldResult::Failed;
                };
                push_i64(out_kind, b as i64, per_out, &mut out);
            }
            "select" => {
                let pred = views[0].raw(i)[0] != 0;
                out.extend_from_slice(if pred { views[1].raw(i) } else { views[2].raw(i) });
            }
            _ => match in_kind {
                ElemKind::Float(_) => {
                    let args: Vec<f64> = views.iter().map(|v| to_f64(in_kind, v.raw(i))).collect();
                    let Some(r) = float_op(name, &args) else { return FoldResult::Failed };
                    push_f64(out_kind, r, per_out, &mut out);
                }
                ElemKind::Int { .. } => {
                    let args: Vec<i64> = views.iter().map(|v| to_i64(in_kind, v.raw(i))).collect();
                    let Some(r) = int_op(name, in_kind, &args) else { return FoldResult::Failed };
                    push_i64(out_kind, r, per_out, &mut out);
                }
            },
        }
    }
    FoldResult::attr(from_bytes(ctx, rt, out, per_out, all_splat))
}

// ---- convert ----

fn fold_convert(ctx: &Context, body: &mut Body, op: Op, operands: &[Option<Attribute>]) -> FoldResult {
    let rt = result_type(body, op);
    if body.value_type(body.operand(op, 0)) == rt {
        return FoldResult::value(body.operand(op, 0));
    }
    let Some(Some(a)) = operands.first() else { return FoldResult::Failed };
    let Some(v) = view(ctx, *a) else { return FoldResult::Failed };
    let Some((_, relem)) = ranked(ctx, rt) else { return FoldResult::Failed };
    let (Some(from), Some(to), Some(per)) =
        (elem_kind(ctx, v.elem), elem_kind(ctx, relem), strata_ir::parser::dense_element_bytes(ctx, relem))
    else {
        return FoldResult::Failed;
    };
    let n = v.stored();
    let mut out = Vec::with_capacity(n * per);
    for i in 0..n {
        let raw = v.raw(i);
        match (from, to) {
            (_, ElemKind::Int { width: 1, .. }) => push_i64(to, (to_f64(from, raw) != 0.0) as i64, per, &mut out),
            (ElemKind::Float(_), ElemKind::Int { .. }) => {
                push_i64(to, dense::float_to_int(to, to_f64(from, raw)), per, &mut out)
            }
            (ElemKind::Float(_), ElemKind::Float(_)) => push_f64(to, to_f64(from, raw), per, &mut out),
            (ElemKind::Int { signed, .. }, ElemKind::Float(_)) => {
                let x = to_i64(from, raw);
                push_f64(to, if signed { x as f64 } else { x as u64 as f64 }, per, &mut out)
            }
            (ElemKind::Int { .. }, ElemKind::Int { .. }) => push_i64(to, to_i64(from, raw), per, &mut out),
        }
    }
    FoldResult::attr(from_bytes(ctx, rt, out, per, v.splat))
}

// ---- data movement ----

fn same_data_new_type(ctx: &Context, v: &DenseView<'_>, ty: Type) -> Attribute {
    from_bytes(ctx, ty, v.bytes.to_vec(), v.per, v.splat)
}

/// The op defining `op`'s first operand when it has the same name
/// (`reshape(reshape(x))`).
fn same_op_producer(body: &Body, op: Op) -> Option<Op> {
    body.defining_op(body.operand(op, 0)).filter(|&d| body.op_name(d) == body.op_name(op))
}

fn fold_reshape(ctx: &Context, body: &mut Body, op: Op, operands: &[Option<Attribute>]) -> FoldResult {
    let rt = result_type(body, op);
    if body.value_type(body.operand(op, 0)) == rt {
        return FoldResult::value(body.operand(op, 0));
    }
    // reshape(reshape(x)) = reshape(x): the chains Flatten/Squeeze/Unsqueeze
    // leave behind.
    if let Some(inner) = same_op_producer(body, op) {
        let x = body.operand(inner, 0);
        body.set_operand(op, 0, x);
        return FoldResult::InPlace;
    }
    let Some(Some(a)) = operands.first() else { return FoldResult::Failed };
    match view(ctx, *a) {
        Some(v) if ranked(ctx, rt).is_some() => FoldResult::attr(same_data_new_type(ctx, &v, rt)),
        _ => FoldResult::Failed,
    }
}

/// Row-major strides of a shape.
fn strides_of(shape: &[i64]) -> Vec<usize> {
    let mut s = vec![1usize; shape.len()];
    for k in (0..shape.len().saturating_sub(1)).rev() {
        s[k] = s[k + 1] * shape[k + 1] as usize;
    }
    s
}

/// Builds the result by mapping each result index to a source element
/// (`source(index) -> stored element bytes`).
fn gather<'v>(ctx: &Context, rt: Type, per: usize, mut source: impl FnMut(&[usize]) -> &'v [u8]) -> Option<Attribute> {
    let n = buildable_count(ctx, rt)?;
    let (shape, _) = ranked(ctx, rt)?;
    let shape = shape.to_vec();
    let mut idx = vec![0usize; shape.len()];
    let mut out = Vec::with_capacity(n * per);
    for _ in 0..n {
        out.extend_from_slice(source(&idx));
        for k in (0..idx.len()).rev() {
            idx[k] += 1;
            if (idx[k] as i64) < shape[k] {
                break;
            }
            idx[k] = 0;
        }
    }
    Some(from_bytes(ctx, rt, out, per, false))
}

fn fold_transpose(ctx: &Context, body: &mut Body, op: Op, operands: &[Option<Attribute>]) -> FoldResult {
    let rt = result_type(body, op);
    let Some(perm) = i64_array_of(ctx, body, op, "permutation") else { return FoldResult::Failed };
    if perm.iter().enumerate().all(|(i, &p)| p == i as i64) && body.value_type(body.operand(op, 0)) == rt {
        return FoldResult::value(body.operand(op, 0));
    }
    // transpose(transpose(x, p), q) = transpose(x, p[q[i]]).
    if let Some(inner) = same_op_producer(body, op) {
        if let Some(p) = i64_array_of(ctx, body, inner, "permutation").filter(|p| p.len() == perm.len()) {
            let composed: Vec<i64> = perm.iter().map(|&q| p[q as usize]).collect();
            let x = body.operand(inner, 0);
            if composed.iter().enumerate().all(|(i, &c)| c == i as i64) && body.value_type(x) == rt {
                return FoldResult::value(x);
            }
            body.set_operand(op, 0, x);
            body.set_op_attr(ctx, op, "permutation", Some(crate::attrs::i64_array_attr(ctx, &composed)));
            return FoldResult::InPlace;
        }
    }
    let Some(Some(a)) = operands.first() else { return FoldResult::Failed };
    let Some(v) = view(ctx, *a) else { return FoldResult::Failed };
    if v.splat {
        return FoldResult::attr(same_data_new_type(ctx, &v, rt));
    }
    let st = strides_of(v.shape);
    let r = gather(ctx, rt, v.per, |idx| {
        let off: usize = idx.iter().zip(&perm).map(|(&i, &p)| i * st[p as usize]).sum();
        v.raw(off)
    });
    r.map(FoldResult::attr).unwrap_or(FoldResult::Failed)
}

fn fold_broadcast_in_dim(ctx: &Context, body: &mut Body, op: Op, operands: &[Option<Attribute>]) -> FoldResult {
    let rt = result_type(body, op);
    let Some(dims) = i64_array_of(ctx, body, op, "broadcast_dimensions") else { return FoldResult::Failed };
    if body.value_type(body.operand(op, 0)) == rt && dims.iter().enumerate().all(|(i, &d)| d == i as i64) {
        return FoldResult::value(body.operand(op, 0));
    }
    // broadcast_in_dim(broadcast_in_dim(x, d), e) = broadcast_in_dim(x, e[d[i]]).
    if let Some(inner) = same_op_producer(body, op) {
        if let Some(d) = i64_array_of(ctx, body, inner, "broadcast_dimensions") {
            if d.iter().all(|&k| (k as usize) < dims.len()) {
                let composed: Vec<i64> = d.iter().map(|&k| dims[k as usize]).collect();
                let x = body.operand(inner, 0);
                body.set_operand(op, 0, x);
                body.set_op_attr(ctx, op, "broadcast_dimensions", Some(crate::attrs::i64_array_attr(ctx, &composed)));
                return FoldResult::InPlace;
            }
        }
    }
    let Some(Some(a)) = operands.first() else { return FoldResult::Failed };
    let Some(v) = view(ctx, *a) else { return FoldResult::Failed };
    if v.splat || v.num_elements() == 1 {
        return FoldResult::attr(from_bytes(ctx, rt, v.raw(0).to_vec(), v.per, true));
    }
    if ranked(ctx, rt).and_then(|(s, _)| num_elements(s)).is_none_or(|n| n > MAX_EXPANDED_ELEMENTS) {
        return FoldResult::Failed;
    }
    let st = strides_of(v.shape);
    let shape = v.shape;
    let r = gather(ctx, rt, v.per, |idx| {
        let off: usize =
            dims.iter().enumerate().map(|(i, &d)| if shape[i] == 1 { 0 } else { idx[d as usize] * st[i] }).sum();
        v.raw(off)
    });
    r.map(FoldResult::attr).unwrap_or(FoldResult::Failed)
}

fn fold_concatenate(ctx: &Context, body: &mut Body, op: Op, operands: &[Option<Attribute>]) -> FoldResult {
    let rt = result_type(body, op);
    if body.num_operands(op) == 1 && body.value_type(body.operand(op, 0)) == rt {
        return FoldResult::value(body.operand(op, 0));
    }
    let Some(views) = operands.iter().map(|o| o.and_then(|a| view(ctx, a))).collect::<Option<Vec<_>>>() else {
        return FoldResult::Failed;
    };
    let Some(dim) = body.op_attr(ctx, op, "dimension").and_then(|a| ctx.as_i64(a)) else { return FoldResult::Failed };
    let Some(first) = views.first() else { return FoldResult::Failed };
    if views.iter().all(|v| v.splat && v.raw(0) == first.raw(0)) {
        return FoldResult::attr(from_bytes(ctx, rt, first.raw(0).to_vec(), first.per, true));
    }
    let dim = dim as usize;
    // Offsets of each input along `dim`.
    let mut starts = vec![];
    let mut acc = 0usize;
    for v in &views {
        starts.push(acc);
        acc += v.shape[dim] as usize;
    }
    let strides: Vec<Vec<usize>> = views.iter().map(|v| strides_of(v.shape)).collect();
    let r = gather(ctx, rt, first.per, |idx| {
        let k = starts.iter().rposition(|&s| s <= idx[dim]).unwrap_or(0);
        let off: usize = idx
            .iter()
            .enumerate()
            .map(|(j, &i)| if j == dim { (i - starts[k]) * strides[k][j] } else { i * strides[k][j] })
            .sum();
        views[k].raw(off)
    });
    r.map(FoldResult::attr).unwrap_or(FoldResult::Failed)
}

fn fold_slice(ctx: &Context, body: &mut Body, op: Op, operands: &[Option<Attribute>]) -> FoldResult {
    let rt = result_type(body, op);
    if body.value_type(body.operand(op, 0)) == rt {
        return FoldResult::value(body.operand(op, 0));
    }
    let Some(Some(a)) = operands.first() else { return FoldResult::Failed };
    let Some(v) = view(ctx, *a) else { return FoldResult::Failed };
    let (Some(start), Some(strides)) =
        (i64_array_of(ctx, body, op, "start_indices"), i64_array_of(ctx, body, op, "strides"))
    else {
        return FoldResult::Failed;
    };
    if v.splat {
        return FoldResult::attr(same_data_new_type(ctx, &v, rt));
    }
    let st = strides_of(v.shape);
    let r = gather(ctx, rt, v.per, |idx| {
        let off: usize =
            idx.iter().enumerate().map(|(k, &i)| (start[k] as usize + i * strides[k] as usize) * st[k]).sum();
        v.raw(off)
    });
    r.map(FoldResult::attr).unwrap_or(FoldResult::Failed)
}
