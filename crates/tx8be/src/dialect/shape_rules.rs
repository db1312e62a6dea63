//! Result types of the compute ops from their operands and attributes: one
//! rule per op, shared by the verifier (which compares the declared result
//! type with the rule's) and the ShapeInference interface (which writes it).
//!
//! Where the element type of the result is free (Cast; comparisons, which
//! may produce `i1` or the operand type), the rule keeps the op's current
//! result element type when it is allowed.

use strata_ir::{Body, Context, Op, Type};

use super::kinds::{BinaryKind, PoolKind, ReduceKind, UnaryKind};
use super::ops::{op_kind, OpKind};
use super::values::{attr_bool, attr_floats, attr_i64, attr_ints, attr_str};
use crate::window::Window2d;

pub type RuleResult<T> = Result<T, String>;

pub const RESIZE_MODES: &[&str] = &["nearest", "linear"];
pub const COORDINATE_MODES: &[&str] = &["asymmetric", "half_pixel", "align_corners", "pytorch_half_pixel"];
pub const NEAREST_MODES: &[&str] = &["round_prefer_floor", "round_prefer_ceil", "floor", "ceil"];
pub const BLOCKED_LAYOUTS: &[&str] = &["Cx", "NCx"];

/// Shape of a ranked tensor type (the op definitions only admit those).
pub fn shape_of(ctx: &Context, t: Type) -> Vec<i64> {
    ctx.shape(t).map(|s| s.to_vec()).unwrap_or_default()
}

fn operand_shape(ctx: &Context, body: &Body, op: Op, i: usize) -> Vec<i64> {
    shape_of(ctx, body.value_type(body.operand(op, i)))
}

fn operand_elem(ctx: &Context, body: &Body, op: Op, i: usize) -> Type {
    ctx.element_type_or_self(body.value_type(body.operand(op, i)))
}

fn result_elem(ctx: &Context, body: &Body, op: Op) -> Type {
    ctx.element_type_or_self(body.value_type(body.result(op, 0)))
}

fn fmt_shape(s: &[i64]) -> String {
    format!("[{}]", s.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(", "))
}

fn need<T>(v: Option<T>, what: &str) -> RuleResult<T> {
    v.ok_or_else(|| format!("requires attribute '{what}'"))
}

fn one_of(kind: &str, attr: &str, allowed: &[&str]) -> RuleResult<()> {
    if allowed.contains(&kind) {
        Ok(())
    } else {
        Err(format!("'{attr}' must be one of {}, got \"{kind}\"", allowed.join(", ")))
    }
}

/// Normalizes an axis in `[-rank, rank)`.
pub fn normalize_axis(axis: i64, rank: usize, what: &str) -> RuleResult<usize> {
    let r = rank as i64;
    if axis < -r || axis >= r {
        return Err(format!("'{what}' {axis} is out of range for rank {rank}"));
    }
    Ok(if axis < 0 { (axis + r) as usize } else { axis as usize })
}

/// numpy broadcasting of several shapes (right-aligned; 1 stretches).
pub fn broadcast_shapes(shapes: &[Vec<i64>]) -> RuleResult<Vec<i64>> {
    let rank = shapes.iter().map(|s| s.len()).max().unwrap_or(0);
    let mut out = vec![1i64; rank];
    for s in shapes {
        let off = rank - s.len();
        for (i, &d) in s.iter().enumerate() {
            let o = &mut out[off + i];
            if *o == 1 {
                *o = d;
            } else if d != 1 && d != *o {
                let all: Vec<String> = shapes.iter().map(|s| fmt_shape(s)).collect();
                return Err(format!("operand shapes {} are not broadcast-compatible", all.join(" and ")));
            }
        }
    }
    Ok(out)
}

/// The shape and element type the op's result must have.
pub fn infer_result_type(ctx: &Context, body: &Body, op: Op) -> RuleResult<Type> {
    let kind = op_kind(ctx, body, op).ok_or("is not a tx8be op")?;
    if kind.is_compute() && body.num_operands(op) == 0 {
        return Err("needs at least one input".into());
    }
    if !kind.is_compute() {
        return Ok(body.value_type(body.result(op, 0)));
    }
    let in_elem = operand_elem(ctx, body, op, 0);
    let (shape, elem) = match kind {
        OpKind::Conv => (conv(ctx, body, op)?, in_elem),
        OpKind::Gemm => (gemm(ctx, body, op)?, in_elem),
        OpKind::BatchNormInference => (batchnorm(ctx, body, op)?, in_elem),
        OpKind::Softmax => {
            let s = operand_shape(ctx, body, op, 0);
            last_axis(ctx, body, op, s.len())?;
            (s, in_elem)
        }
        OpKind::LayerNorm => (layernorm(ctx, body, op)?, in_elem),
        OpKind::Binary => {
            let k = need(attr_str(ctx, body, op, "kind"), "kind")?;
            one_of(&k, "kind", &BinaryKind::ALL.map(BinaryKind::name))?;
            let kind = BinaryKind::parse(&k).ok_or("unknown kind")?;
            if operand_elem(ctx, body, op, 1) != in_elem {
                return Err("operands must have the same element type".into());
            }
            let s = broadcast_shapes(&[operand_shape(ctx, body, op, 0), operand_shape(ctx, body, op, 1)])?;
            let r = result_elem(ctx, body, op);
            let elem = if kind.is_compare() && r == ctx.i1() { r } else { in_elem };
            (s, elem)
        }
        OpKind::Unary => {
            let k = need(attr_str(ctx, body, op, "kind"), "kind")?;
            one_of(&k, "kind", &UnaryKind::ALL.map(UnaryKind::name))?;
            (operand_shape(ctx, body, op, 0), in_elem)
        }
        OpKind::Select => {
            if operand_elem(ctx, body, op, 1) != operand_elem(ctx, body, op, 2) {
                return Err("on_true and on_false must have the same element type".into());
            }
            let s = broadcast_shapes(&(0..3).map(|i| operand_shape(ctx, body, op, i)).collect::<Vec<_>>())?;
            (s, operand_elem(ctx, body, op, 1))
        }
        OpKind::Cast => (operand_shape(ctx, body, op, 0), result_elem(ctx, body, op)),
        OpKind::Reduce => (reduce(ctx, body, op)?, in_elem),
        OpKind::Pool => (pool(ctx, body, op)?, in_elem),
        OpKind::Transpose => (transpose(ctx, body, op)?, in_elem),
        OpKind::Reshape => {
            let s = shape_of(ctx, body.value_type(body.result(op, 0)));
            let a: i64 = operand_shape(ctx, body, op, 0).iter().product();
            let b: i64 = s.iter().product();
            if a != b {
                return Err(format!("reshape of {a} elements into {b} elements"));
            }
            (s, in_elem)
        }
        OpKind::Concat => (concat(ctx, body, op)?, in_elem),
        OpKind::Slice => (slice(ctx, body, op)?, in_elem),
        OpKind::Gather => (gather(ctx, body, op)?, in_elem),
        OpKind::Pad => (pad(ctx, body, op)?, in_elem),
        OpKind::Resize => (resize(ctx, body, op)?, in_elem),
        OpKind::ChannelNorm => {
            let b = need(attr_str(ctx, body, op, "blocked"), "blocked")?;
            one_of(&b, "blocked", BLOCKED_LAYOUTS)?;
            (operand_shape(ctx, body, op, 0), in_elem)
        }
        // Structural ops returned their own type above.
        OpKind::Const | OpKind::Group | OpKind::Yield | OpKind::LoadVar | OpKind::LoadConst | OpKind::StoreVar => {
            return Ok(body.value_type(body.result(op, 0)));
        }
    };
    Ok(ctx.ranked_tensor_type(&shape, elem))
}

fn rank_is(s: &[i64], r: usize, what: &str) -> RuleResult<()> {
    if s.len() != r {
        return Err(format!("{what} must have rank {r}, got {}", fmt_shape(s)));
    }
    Ok(())
}

fn last_axis(ctx: &Context, body: &Body, op: Op, rank: usize) -> RuleResult<usize> {
    let axis = need(attr_i64(ctx, body, op, "axis"), "axis")?;
    let a = normalize_axis(axis, rank, "axis")?;
    if a + 1 != rank {
        return Err(format!("'axis' must be the last axis ({}), got {axis}", rank as i64 - 1));
    }
    Ok(a)
}

fn conv(ctx: &Context, body: &Body, op: Op) -> RuleResult<Vec<i64>> {
    let x = operand_shape(ctx, body, op, 0);
    let w = operand_shape(ctx, body, op, 1);
    rank_is(&x, 4, "input (NHWC)")?;
    rank_is(&w, 4, "weight (HWIO)")?;
    if w[0] < 1 || w[1] < 1 {
        return Err(format!("weight kernel must be at least 1x1, got {}x{}", w[0], w[1]));
    }
    let strides = need(attr_ints(ctx, body, op, "strides"), "strides")?;
    let pads = need(attr_ints(ctx, body, op, "pads"), "pads")?;
    let dil = need(attr_ints(ctx, body, op, "dilations"), "dilations")?;
    let g = need(attr_i64(ctx, body, op, "group"), "group")?;
    if strides.len() != 2 || strides.iter().any(|&s| s < 1) {
        return Err(format!("'strides' must be 2 values >= 1, got {}", fmt_shape(&strides)));
    }
    if dil.len() != 2 || dil.iter().any(|&s| s < 1) {
        return Err(format!("'dilations' must be 2 values >= 1, got {}", fmt_shape(&dil)));
    }
    if pads.len() != 4 || pads.iter().any(|&s| s < 0) {
        return Err(format!("'pads' must be 4 values >= 0 (top, left, bottom, right), got {}", fmt_shape(&pads)));
    }
    if g < 1 || x[3] % g != 0 || w[3] % g != 0 {
        return Err(format!("'group' {g} must divide the input channels {} and the output channels {}", x[3], w[3]));
    }
    if w[2] * g != x[3] {
        return Err(format!("weight input channels {} times group {g} must equal the input channels {}", w[2], x[3]));
    }
    if body.num_operands(op) > 4 {
        return Err(format!("takes at most 4 operands (input, weight, bias, psum), got {}", body.num_operands(op)));
    }
    if body.num_operands(op) >= 3 {
        let b = operand_shape(ctx, body, op, 2);
        if b != [w[3]] {
            return Err(format!("bias must have shape [{}], got {}", w[3], fmt_shape(&b)));
        }
    }
    let win = Window2d::of_op(ctx, body, op).ok_or("malformed window attributes")?;
    let mut out = vec![x[0], 0, 0, w[3]];
    for axis in 0..2 {
        out[1 + axis] = win.out_dim(axis, x[1 + axis]).ok_or_else(|| {
            format!("the {}x{} kernel (dilated) does not fit the padded input {}", w[0], w[1], fmt_shape(&x))
        })?;
    }
    if body.num_operands(op) == 4 {
        let p = operand_shape(ctx, body, op, 3);
        if p != out || operand_elem(ctx, body, op, 3) != operand_elem(ctx, body, op, 0) {
            return Err(format!(
                "psum must have the result's shape {} and element type, got {}",
                fmt_shape(&out),
                fmt_shape(&p)
            ));
        }
    }
    Ok(out)
}

fn gemm(ctx: &Context, body: &Body, op: Op) -> RuleResult<Vec<i64>> {
    let a = operand_shape(ctx, body, op, 0);
    let b = operand_shape(ctx, body, op, 1);
    let ta = attr_bool(ctx, body, op, "trans_a").unwrap_or(false);
    let tb = attr_bool(ctx, body, op, "trans_b").unwrap_or(false);
    if !(2..=3).contains(&a.len()) || !(2..=3).contains(&b.len()) || (a.len() == 2 && b.len() == 3) {
        return Err(format!(
            "operands must be [M,K]/[B,M,K] and [K,N]/[B,K,N] (b batched only when a is), got {} and {}",
            fmt_shape(&a),
            fmt_shape(&b)
        ));
    }
    let (ra, rb) = (a.len(), b.len());
    let (m, k) = if ta { (a[ra - 1], a[ra - 2]) } else { (a[ra - 2], a[ra - 1]) };
    let (k2, n) = if tb { (b[rb - 1], b[rb - 2]) } else { (b[rb - 2], b[rb - 1]) };
    if k != k2 {
        return Err(format!(
            "contraction sizes differ: a {} gives K = {k}, b {} gives K = {k2}",
            fmt_shape(&a),
            fmt_shape(&b)
        ));
    }
    if ra == 3 && rb == 3 && a[0] != b[0] {
        return Err(format!("batch sizes differ: {} and {}", a[0], b[0]));
    }
    if body.num_operands(op) == 3 {
        let bias = operand_shape(ctx, body, op, 2);
        if bias != [n] {
            return Err(format!("bias must have shape [{n}], got {}", fmt_shape(&bias)));
        }
    }
    Ok(if ra == 3 { vec![a[0], m, n] } else { vec![m, n] })
}

/// A per-channel parameter: C elements, all dims but the last 1.
fn channel_vector(s: &[i64], c: i64, what: &str) -> RuleResult<()> {
    let ok = s.last() == Some(&c) && s[..s.len() - 1].iter().all(|&d| d == 1);
    if !ok {
        return Err(format!("{what} must hold the {c} channels in its last dim (others 1), got {}", fmt_shape(s)));
    }
    Ok(())
}

fn batchnorm(ctx: &Context, body: &Body, op: Op) -> RuleResult<Vec<i64>> {
    let x = operand_shape(ctx, body, op, 0);
    if !(2..=4).contains(&x.len()) {
        return Err(format!("input must have rank 2 to 4 (channel last), got {}", fmt_shape(&x)));
    }
    let c = x[x.len() - 1];
    for (i, what) in [(1, "scale"), (2, "offset"), (3, "mean"), (4, "variance")] {
        channel_vector(&operand_shape(ctx, body, op, i), c, what)?;
    }
    need(attr_f64_ok(ctx, body, op, "epsilon"), "epsilon")?;
    Ok(x)
}

fn attr_f64_ok(ctx: &Context, body: &Body, op: Op, name: &str) -> Option<f64> {
    super::values::attr_f64(ctx, body, op, name)
}

fn layernorm(ctx: &Context, body: &Body, op: Op) -> RuleResult<Vec<i64>> {
    let x = operand_shape(ctx, body, op, 0);
    if x.is_empty() {
        return Err("input must have rank >= 1".into());
    }
    last_axis(ctx, body, op, x.len())?;
    let c = x[x.len() - 1];
    channel_vector(&operand_shape(ctx, body, op, 1), c, "gamma")?;
    if body.num_operands(op) > 2 {
        channel_vector(&operand_shape(ctx, body, op, 2), c, "beta")?;
    }
    Ok(x)
}

/// Reduced axes, normalized, sorted, unique.
pub fn reduce_axes(ctx: &Context, body: &Body, op: Op) -> RuleResult<Vec<usize>> {
    let rank = operand_shape(ctx, body, op, 0).len();
    let axes = need(attr_ints(ctx, body, op, "axes"), "axes")?;
    let mut out = vec![];
    for a in axes {
        let n = normalize_axis(a, rank, "axes")?;
        if out.contains(&n) {
            return Err(format!("'axes' repeats axis {a}"));
        }
        out.push(n);
    }
    out.sort_unstable();
    Ok(out)
}

fn reduce(ctx: &Context, body: &Body, op: Op) -> RuleResult<Vec<i64>> {
    let k = need(attr_str(ctx, body, op, "kind"), "kind")?;
    one_of(&k, "kind", &ReduceKind::ALL.map(ReduceKind::name))?;
    let x = operand_shape(ctx, body, op, 0);
    let axes = reduce_axes(ctx, body, op)?;
    let keep = attr_bool(ctx, body, op, "keepdims").unwrap_or(false);
    Ok(x.iter()
        .enumerate()
        .filter_map(|(i, &d)| match (axes.contains(&i), keep) {
            (false, _) => Some(d),
            (true, true) => Some(1),
            (true, false) => None,
        })
        .collect())
}

fn pool(ctx: &Context, body: &Body, op: Op) -> RuleResult<Vec<i64>> {
    let k = need(attr_str(ctx, body, op, "kind"), "kind")?;
    one_of(&k, "kind", &PoolKind::ALL.map(PoolKind::name))?;
    let x = operand_shape(ctx, body, op, 0);
    rank_is(&x, 4, "input (NHWC)")?;
    let kernel = need(attr_ints(ctx, body, op, "kernel"), "kernel")?;
    let strides = need(attr_ints(ctx, body, op, "strides"), "strides")?;
    let pads = need(attr_ints(ctx, body, op, "pads"), "pads")?;
    if kernel.len() != 2 || kernel.iter().any(|&v| v < 1) {
        return Err(format!("'kernel' must be 2 values >= 1, got {}", fmt_shape(&kernel)));
    }
    if strides.len() != 2 || strides.iter().any(|&v| v < 1) {
        return Err(format!("'strides' must be 2 values >= 1, got {}", fmt_shape(&strides)));
    }
    if pads.len() != 4 || pads.iter().enumerate().any(|(i, &v)| v < 0 || v >= kernel[i % 2]) {
        return Err(format!(
            "'pads' must be 4 values in [0, kernel) (top, left, bottom, right), got {}",
            fmt_shape(&pads)
        ));
    }
    let win = Window2d::of_op(ctx, body, op).ok_or("malformed window attributes")?;
    let mut out = x.clone();
    for axis in 0..2 {
        out[1 + axis] = win
            .out_dim(axis, x[1 + axis])
            .ok_or_else(|| format!("the kernel does not fit the padded input {}", fmt_shape(&x)))?;
    }
    Ok(out)
}

/// The permutation of a Transpose, checked.
pub fn perm_of(ctx: &Context, body: &Body, op: Op) -> RuleResult<Vec<usize>> {
    let rank = operand_shape(ctx, body, op, 0).len();
    let perm = need(attr_ints(ctx, body, op, "perm"), "perm")?;
    let mut seen = vec![false; rank];
    let ok = perm.len() == rank
        && perm.iter().all(|&p| {
            let fresh = p >= 0 && (p as usize) < rank && !seen[p as usize];
            if fresh {
                seen[p as usize] = true;
            }
            fresh
        });
    if !ok {
        return Err(format!("'perm' must be a permutation of [0, {rank}), got {}", fmt_shape(&perm)));
    }
    Ok(perm.iter().map(|&p| p as usize).collect())
}

fn transpose(ctx: &Context, body: &Body, op: Op) -> RuleResult<Vec<i64>> {
    let x = operand_shape(ctx, body, op, 0);
    Ok(perm_of(ctx, body, op)?.iter().map(|&p| x[p]).collect())
}

fn concat(ctx: &Context, body: &Body, op: Op) -> RuleResult<Vec<i64>> {
    let n = body.num_operands(op);
    if n == 0 {
        return Err("needs at least one input".into());
    }
    let first = operand_shape(ctx, body, op, 0);
    let axis = normalize_axis(need(attr_i64(ctx, body, op, "axis"), "axis")?, first.len(), "axis")?;
    let mut out = first.clone();
    for i in 1..n {
        let s = operand_shape(ctx, body, op, i);
        if operand_elem(ctx, body, op, i) != operand_elem(ctx, body, op, 0) {
            return Err("inputs must have the same element type".into());
        }
        if s.len() != first.len() || s.iter().zip(&first).enumerate().any(|(d, (a, b))| d != axis && a != b) {
            return Err(format!(
                "input #{i} {} does not match input #0 {} outside axis {axis}",
                fmt_shape(&s),
                fmt_shape(&first)
            ));
        }
        out[axis] += s[axis];
    }
    Ok(out)
}

fn slice(ctx: &Context, body: &Body, op: Op) -> RuleResult<Vec<i64>> {
    let x = operand_shape(ctx, body, op, 0);
    let starts = need(attr_ints(ctx, body, op, "starts"), "starts")?;
    let limits = need(attr_ints(ctx, body, op, "limits"), "limits")?;
    let strides = need(attr_ints(ctx, body, op, "strides"), "strides")?;
    if starts.len() != x.len() || limits.len() != x.len() || strides.len() != x.len() {
        return Err(format!("'starts', 'limits' and 'strides' must have one value per dim ({})", x.len()));
    }
    let mut out = vec![];
    for d in 0..x.len() {
        let (s, l, st) = (starts[d], limits[d], strides[d]);
        if !(0 <= s && s <= l && l <= x[d]) || st < 1 {
            return Err(format!(
                "dim {d}: need 0 <= start ({s}) <= limit ({l}) <= size ({}) and stride ({st}) >= 1",
                x[d]
            ));
        }
        out.push((l - s + st - 1) / st);
    }
    Ok(out)
}

fn gather(ctx: &Context, body: &Body, op: Op) -> RuleResult<Vec<i64>> {
    let t = operand_shape(ctx, body, op, 0);
    let idx = operand_shape(ctx, body, op, 1);
    if !ctx.is_integer(operand_elem(ctx, body, op, 1)) {
        return Err("indices must be integers".into());
    }
    if t.is_empty() {
        return Err("table must have rank >= 1".into());
    }
    let axis = normalize_axis(need(attr_i64(ctx, body, op, "axis"), "axis")?, t.len(), "axis")?;
    let mut out = t[..axis].to_vec();
    out.extend_from_slice(&idx);
    out.extend_from_slice(&t[axis + 1..]);
    Ok(out)
}

fn pad(ctx: &Context, body: &Body, op: Op) -> RuleResult<Vec<i64>> {
    let x = operand_shape(ctx, body, op, 0);
    let lo = need(attr_ints(ctx, body, op, "pads_low"), "pads_low")?;
    let hi = need(attr_ints(ctx, body, op, "pads_high"), "pads_high")?;
    let interior = attr_ints(ctx, body, op, "interior").unwrap_or_else(|| vec![0; x.len()]);
    if lo.len() != x.len() || hi.len() != x.len() || interior.len() != x.len() || interior.iter().any(|&p| p < 0) {
        return Err(format!(
            "'pads_low', 'pads_high' and 'interior' must have one value per dim ({}), 'interior' >= 0",
            x.len()
        ));
    }
    // Negative low/high pads crop (op_pad's rule); the result must stay non-empty.
    let mut out = Vec::with_capacity(x.len());
    for d in 0..x.len() {
        let n = lo[d] + hi[d] + x[d] + (x[d] - 1).max(0) * interior[d];
        if n < 0 {
            return Err(format!("padding of dim {d} leaves {n} elements"));
        }
        out.push(n);
    }
    Ok(out)
}

fn resize(ctx: &Context, body: &Body, op: Op) -> RuleResult<Vec<i64>> {
    let x = operand_shape(ctx, body, op, 0);
    rank_is(&x, 4, "input (NHWC)")?;
    one_of(&need(attr_str(ctx, body, op, "mode"), "mode")?, "mode", RESIZE_MODES)?;
    one_of(&need(attr_str(ctx, body, op, "coordinate_mode"), "coordinate_mode")?, "coordinate_mode", COORDINATE_MODES)?;
    if let Some(n) = attr_str(ctx, body, op, "nearest_mode") {
        one_of(&n, "nearest_mode", NEAREST_MODES)?;
    }
    let scales = need(attr_floats(ctx, body, op, "scales"), "scales")?;
    if scales.len() != 2 || scales.iter().any(|&s| s <= 0.0 || !s.is_finite()) {
        return Err("'scales' must be 2 positive values (H, W)".into());
    }
    let oh = (x[1] as f64 * scales[0]).floor() as i64;
    let ow = (x[2] as f64 * scales[1]).floor() as i64;
    if oh < 1 || ow < 1 {
        return Err("the scaled H and W must be at least 1".into());
    }
    Ok(vec![x[0], oh, ow, x[3]])
}
