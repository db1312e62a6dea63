//! The verifiers of the stablehlo ops: the operand and result type rules
//! of the StableHLO spec (docs/spec.md, "Constraints" of each op), with
//! dynamic dimensions (`?`) matching anything.

use strata_ir::{Attribute, Body, Context, Diagnostic, Op, Type};

use crate::attrs::{padding_pairs, read_conv_dims, read_dot_dims, read_i64_array};
use crate::shapes::{dim_compatible, num_elements, op_error, ranked, shape_text, shapes_compatible, type_text};
use strata_ir::types::DYNAMIC;

type VResult = Result<(), Diagnostic>;

fn operand_ranked<'c>(ctx: &'c Context, body: &Body, op: Op, i: usize) -> Result<(&'c [i64], Type), Diagnostic> {
    let t = body.value_type(body.operand(op, i));
    ranked(ctx, t).ok_or_else(|| {
        op_error(ctx, body, op, format!("operand #{i} must be a ranked tensor, but got '{}'", type_text(ctx, t)))
    })
}

fn result_ranked<'c>(ctx: &'c Context, body: &Body, op: Op, i: usize) -> Result<(&'c [i64], Type), Diagnostic> {
    let t = body.value_type(body.result(op, i));
    ranked(ctx, t).ok_or_else(|| {
        op_error(ctx, body, op, format!("result #{i} must be a ranked tensor, but got '{}'", type_text(ctx, t)))
    })
}

fn array(ctx: &Context, body: &Body, op: Op, name: &str) -> Result<Option<Vec<i64>>, Diagnostic> {
    match body.op_attr(ctx, op, name) {
        None => Ok(None),
        Some(a) => read_i64_array(ctx, a)
            .map(Some)
            .ok_or_else(|| op_error(ctx, body, op, format!("attribute '{name}' must be an i64 dense array"))),
    }
}

fn required_array(ctx: &Context, body: &Body, op: Op, name: &str) -> Result<Vec<i64>, Diagnostic> {
    array(ctx, body, op, name)?.ok_or_else(|| op_error(ctx, body, op, format!("requires attribute '{name}'")))
}

fn int_attr(ctx: &Context, body: &Body, op: Op, name: &str) -> Result<i64, Diagnostic> {
    body.op_attr(ctx, op, name)
        .and_then(|a| ctx.as_i64(a))
        .ok_or_else(|| op_error(ctx, body, op, format!("requires integer attribute '{name}'")))
}

fn expect_result_shape(ctx: &Context, body: &Body, op: Op, want: &[i64]) -> VResult {
    let (got, _) = result_ranked(ctx, body, op, 0)?;
    if !shapes_compatible(got, want) {
        return Err(op_error(
            ctx,
            body,
            op,
            format!(
                "inferred shape '{}' is incompatible with return type of operation '{}'",
                shape_text(want),
                type_text(ctx, body.value_type(body.result(op, 0)))
            ),
        ));
    }
    Ok(())
}

fn expect_same_element(ctx: &Context, body: &Body, op: Op, a: Type, b: Type, what: &str) -> VResult {
    if a != b {
        return Err(op_error(
            ctx,
            body,
            op,
            format!("{what}: element types '{}' and '{}' differ", type_text(ctx, a), type_text(ctx, b)),
        ));
    }
    Ok(())
}

/// Elementwise ops: every operand and the result have one shape and (unless
/// `result_elem_free`) one element type; compare results are `i1`.
pub fn elementwise(ctx: &Context, body: &Body, op: Op) -> VResult {
    let name = ctx.op_name_str(body.op_name(op));
    let (rs, re) = result_ranked(ctx, body, op, 0)?;
    let (s0, e0) = operand_ranked(ctx, body, op, 0)?;
    for i in 1..body.num_operands(op) {
        let (s, e) = operand_ranked(ctx, body, op, i)?;
        if !shapes_compatible(s, s0) {
            return Err(op_error(ctx, body, op, "requires the same shape for all operands and results"));
        }
        expect_same_element(ctx, body, op, e, e0, "requires compatible types for all operands")?;
    }
    if !shapes_compatible(rs, s0) {
        return Err(op_error(ctx, body, op, "requires the same shape for all operands and results"));
    }
    match name {
        "stablehlo.convert" => Ok(()),
        "stablehlo.compare" => {
            if !ctx.is_signless_integer_of_width(re, 1) {
                return Err(op_error(
                    ctx,
                    body,
                    op,
                    format!("result element type must be i1, but got '{}'", type_text(ctx, re)),
                ));
            }
            Ok(())
        }
        _ => expect_same_element(ctx, body, op, re, e0, "requires compatible types for all operands and results"),
    }
}

pub fn compare(ctx: &Context, body: &Body, op: Op) -> VResult {
    let dir = body.op_attr(ctx, op, "comparison_direction");
    if dir.and_then(|a| crate::attrs::read_comparison_direction(ctx, a)).is_none() {
        return Err(op_error(
            ctx,
            body,
            op,
            "requires attribute 'comparison_direction' (#stablehlo<comparison_direction ...>)",
        ));
    }
    if let Some(t) = body.op_attr(ctx, op, "compare_type") {
        if crate::attrs::read_comparison_type(ctx, t).is_none() {
            return Err(op_error(ctx, body, op, "attribute 'compare_type' must be a #stablehlo<comparison_type ...>"));
        }
    }
    elementwise(ctx, body, op)
}

pub fn select(ctx: &Context, body: &Body, op: Op) -> VResult {
    let (ps, pe) = operand_ranked(ctx, body, op, 0)?;
    let t = body.value_type(body.operand(op, 1));
    let (ts, _) = operand_ranked(ctx, body, op, 1)?;
    if !ctx.is_signless_integer_of_width(pe, 1) {
        return Err(op_error(
            ctx,
            body,
            op,
            format!("pred must be a tensor of i1, but got '{}'", type_text(ctx, body.value_type(body.operand(op, 0)))),
        ));
    }
    if !ps.is_empty() && !shapes_compatible(ps, ts) {
        return Err(op_error(ctx, body, op, "requires the same shape for all operands"));
    }
    if body.value_type(body.operand(op, 2)) != t || body.value_type(body.result(op, 0)) != t {
        return Err(op_error(ctx, body, op, "requires on_true, on_false and the result to have the same type"));
    }
    Ok(())
}

pub fn clamp(ctx: &Context, body: &Body, op: Op) -> VResult {
    let (os, oe) = operand_ranked(ctx, body, op, 1)?;
    for i in [0, 2] {
        let (s, e) = operand_ranked(ctx, body, op, i)?;
        if !s.is_empty() && !shapes_compatible(s, os) {
            return Err(op_error(
                ctx,
                body,
                op,
                format!(
                    "{} shape {} must be rank 0 or the operand's shape {}",
                    if i == 0 { "min" } else { "max" },
                    shape_text(s),
                    shape_text(os)
                ),
            ));
        }
        expect_same_element(ctx, body, op, e, oe, "requires the same element type for all operands")?;
    }
    if body.value_type(body.result(op, 0)) != body.value_type(body.operand(op, 1)) {
        return Err(op_error(ctx, body, op, "result type must be the operand's type"));
    }
    Ok(())
}

pub fn constant(ctx: &Context, body: &Body, op: Op) -> VResult {
    let Some(v) = body.op_attr(ctx, op, "value") else {
        return Err(op_error(ctx, body, op, "requires attribute 'value'"));
    };
    let rt = body.value_type(body.result(op, 0));
    if !matches!(
        ctx.attr_kind(v),
        strata_ir::AttrKind::DenseElements { .. } | strata_ir::AttrKind::DenseResource { .. }
    ) {
        return Err(op_error(ctx, body, op, "attribute 'value' must be a dense elements attribute"));
    }
    if ctx.attr_type(v) != Some(rt) {
        return Err(op_error(
            ctx,
            body,
            op,
            format!(
                "value type '{}' does not match the result type '{}'",
                ctx.attr_type(v).map(|t| type_text(ctx, t)).unwrap_or_default(),
                type_text(ctx, rt)
            ),
        ));
    }
    Ok(())
}

pub fn reshape(ctx: &Context, body: &Body, op: Op) -> VResult {
    let (s, e) = operand_ranked(ctx, body, op, 0)?;
    let (rs, re) = result_ranked(ctx, body, op, 0)?;
    expect_same_element(ctx, body, op, re, e, "requires the same element type for operand and result")?;
    if let (Some(a), Some(b)) = (num_elements(s), num_elements(rs)) {
        if a != b {
            return Err(op_error(
                ctx,
                body,
                op,
                format!("number of output elements ({b}) doesn't match expected number of elements ({a})"),
            ));
        }
    }
    Ok(())
}

pub fn broadcast_in_dim(ctx: &Context, body: &Body, op: Op) -> VResult {
    let (s, e) = operand_ranked(ctx, body, op, 0)?;
    let (rs, re) = result_ranked(ctx, body, op, 0)?;
    expect_same_element(ctx, body, op, re, e, "requires the same element type for operand and result")?;
    let dims = required_array(ctx, body, op, "broadcast_dimensions")?;
    if dims.len() != s.len() {
        return Err(op_error(
            ctx,
            body,
            op,
            format!("broadcast_dimensions size ({}) does not match operand rank ({})", dims.len(), s.len()),
        ));
    }
    let mut seen = vec![false; rs.len()];
    for (i, &d) in dims.iter().enumerate() {
        if d < 0 || d as usize >= rs.len() {
            return Err(op_error(
                ctx,
                body,
                op,
                format!("broadcast_dimensions contains invalid value {d} for result with rank {}", rs.len()),
            ));
        }
        if std::mem::replace(&mut seen[d as usize], true) {
            return Err(op_error(ctx, body, op, format!("broadcast_dimensions should not have duplicates ({d})")));
        }
        let (a, b) = (s[i], rs[d as usize]);
        if a != 1 && !dim_compatible(a, b) {
            return Err(op_error(
                ctx,
                body,
                op,
                format!("size of operand dimension {i} ({a}) is not equal to 1 or size of result dimension {d} ({b})"),
            ));
        }
    }
    Ok(())
}

fn is_permutation(p: &[i64]) -> bool {
    let mut seen = vec![false; p.len()];
    p.iter().all(|&d| d >= 0 && (d as usize) < p.len() && !std::mem::replace(&mut seen[d as usize], true))
}

pub fn transpose(ctx: &Context, body: &Body, op: Op) -> VResult {
    let (s, e) = operand_ranked(ctx, body, op, 0)?;
    let (_, re) = result_ranked(ctx, body, op, 0)?;
    expect_same_element(ctx, body, op, re, e, "requires the same element type for operand and result")?;
    let perm = required_array(ctx, body, op, "permutation")?;
    if perm.len() != s.len() || !is_permutation(&perm) {
        return Err(op_error(
            ctx,
            body,
            op,
            format!(
                "permutation {} is not a permutation of the operand's {} dimensions",
                crate::attrs::int_list_text(&perm),
                s.len()
            ),
        ));
    }
    let want: Vec<i64> = perm.iter().map(|&p| s[p as usize]).collect();
    expect_result_shape(ctx, body, op, &want)
}

pub fn concatenate(ctx: &Context, body: &Body, op: Op) -> VResult {
    let n = body.num_operands(op);
    if n == 0 {
        return Err(op_error(ctx, body, op, "expects at least one operand"));
    }
    let d = int_attr(ctx, body, op, "dimension")?;
    let (s0, e0) = operand_ranked(ctx, body, op, 0)?;
    if d < 0 || d as usize >= s0.len() {
        return Err(op_error(ctx, body, op, format!("dimension {d} is out of range for rank {}", s0.len())));
    }
    let d = d as usize;
    let mut want = s0.to_vec();
    for i in 1..n {
        let (s, e) = operand_ranked(ctx, body, op, i)?;
        expect_same_element(ctx, body, op, e, e0, "requires the same element type for all operands")?;
        if s.len() != s0.len() {
            return Err(op_error(ctx, body, op, format!("operands (0) and ({i}) do not match rank")));
        }
        for k in 0..s.len() {
            if k == d {
                want[k] = if want[k] == DYNAMIC || s[k] == DYNAMIC { DYNAMIC } else { want[k].saturating_add(s[k]) };
            } else if !dim_compatible(s[k], s0[k]) {
                return Err(op_error(
                    ctx,
                    body,
                    op,
                    format!(
                        "shapes of operand (0) and ({i}) do not match at non-concat index: {} != {} at position {k}",
                        shape_text(s0),
                        shape_text(s)
                    ),
                ));
            }
        }
    }
    let (_, re) = result_ranked(ctx, body, op, 0)?;
    expect_same_element(ctx, body, op, re, e0, "requires the same element type for operands and result")?;
    expect_result_shape(ctx, body, op, &want)
}

pub fn slice(ctx: &Context, body: &Body, op: Op) -> VResult {
    let (s, e) = operand_ranked(ctx, body, op, 0)?;
    let (_, re) = result_ranked(ctx, body, op, 0)?;
    expect_same_element(ctx, body, op, re, e, "requires the same element type for operand and result")?;
    let start = required_array(ctx, body, op, "start_indices")?;
    let limit = required_array(ctx, body, op, "limit_indices")?;
    let strides = required_array(ctx, body, op, "strides")?;
    if start.len() != s.len() || limit.len() != s.len() || strides.len() != s.len() {
        return Err(op_error(
            ctx,
            body,
            op,
            format!("start_indices, limit_indices and strides must have one entry per operand dimension ({})", s.len()),
        ));
    }
    let mut want = vec![];
    for k in 0..s.len() {
        let (a, b, st) = (start[k], limit[k], strides[k]);
        if a < 0 || b < a || (s[k] != DYNAMIC && b > s[k]) || st <= 0 {
            return Err(op_error(
                ctx,
                body,
                op,
                format!("invalid slice {a}:{b}:{st} of dimension {k} with size {}", s[k]),
            ));
        }
        want.push((b - a).saturating_add(st - 1) / st);
    }
    expect_result_shape(ctx, body, op, &want)
}

pub fn pad(ctx: &Context, body: &Body, op: Op) -> VResult {
    let (s, e) = operand_ranked(ctx, body, op, 0)?;
    let (ps, pe) = operand_ranked(ctx, body, op, 1)?;
    if !ps.is_empty() {
        return Err(op_error(ctx, body, op, "padding value must be a rank-0 tensor"));
    }
    expect_same_element(ctx, body, op, pe, e, "requires the same element type for operand and padding value")?;
    let lo = required_array(ctx, body, op, "edge_padding_low")?;
    let hi = required_array(ctx, body, op, "edge_padding_high")?;
    let interior = required_array(ctx, body, op, "interior_padding")?;
    if lo.len() != s.len() || hi.len() != s.len() || interior.len() != s.len() {
        return Err(op_error(ctx, body, op, format!("edge_padding_low, edge_padding_high and interior_padding must have one entry per operand dimension ({})", s.len())));
    }
    let mut want = vec![];
    for k in 0..s.len() {
        if interior[k] < 0 {
            return Err(op_error(
                ctx,
                body,
                op,
                format!("interior_padding must be non-negative, got {} at dimension {k}", interior[k]),
            ));
        }
        if s[k] == DYNAMIC {
            want.push(DYNAMIC);
            continue;
        }
        let n = lo[k]
            .saturating_add(hi[k])
            .saturating_add(s[k])
            .saturating_add((s[k] - 1).max(0).saturating_mul(interior[k]));
        if n < 0 {
            return Err(op_error(ctx, body, op, format!("padding makes dimension {k} negative ({n})")));
        }
        want.push(n);
    }
    let (_, re) = result_ranked(ctx, body, op, 0)?;
    expect_same_element(ctx, body, op, re, e, "requires the same element type for operand and result")?;
    expect_result_shape(ctx, body, op, &want)
}

fn check_dims(ctx: &Context, body: &Body, op: Op, dims: &[i64], rank: usize, what: &str, used: &mut [bool]) -> VResult {
    for &d in dims {
        if d < 0 || d as usize >= rank {
            return Err(op_error(ctx, body, op, format!("{what} value {d} is out of range for rank {rank}")));
        }
        if std::mem::replace(&mut used[d as usize], true) {
            return Err(op_error(ctx, body, op, format!("{what} has duplicate or overlapping dimension {d}")));
        }
    }
    Ok(())
}

pub fn dot_general(ctx: &Context, body: &Body, op: Op) -> VResult {
    let d = body
        .op_attr(ctx, op, "dot_dimension_numbers")
        .and_then(|a| read_dot_dims(ctx, a))
        .ok_or_else(|| op_error(ctx, body, op, "requires attribute 'dot_dimension_numbers' (#stablehlo.dot<...>)"))?;
    let (ls, le) = operand_ranked(ctx, body, op, 0)?;
    let (rs, re) = operand_ranked(ctx, body, op, 1)?;
    expect_same_element(ctx, body, op, re, le, "requires the same element type for lhs and rhs")?;
    if d.lhs_batch.len() != d.rhs_batch.len() {
        return Err(op_error(ctx, body, op, "lhs and rhs should have the same number of batching dimensions"));
    }
    if d.lhs_contracting.len() != d.rhs_contracting.len() {
        return Err(op_error(ctx, body, op, "lhs and rhs should have the same number of contracting dimensions"));
    }
    let mut lu = vec![false; ls.len()];
    let mut ru = vec![false; rs.len()];
    check_dims(ctx, body, op, &d.lhs_batch, ls.len(), "lhs_batching_dimensions", &mut lu)?;
    check_dims(ctx, body, op, &d.lhs_contracting, ls.len(), "lhs_contracting_dimensions", &mut lu)?;
    check_dims(ctx, body, op, &d.rhs_batch, rs.len(), "rhs_batching_dimensions", &mut ru)?;
    check_dims(ctx, body, op, &d.rhs_contracting, rs.len(), "rhs_contracting_dimensions", &mut ru)?;
    for (&a, &b) in d.lhs_batch.iter().zip(&d.rhs_batch) {
        if !dim_compatible(ls[a as usize], rs[b as usize]) {
            return Err(op_error(
                ctx,
                body,
                op,
                format!(
                    "batching dimension sizes must match: lhs dimension {a} ({}) vs rhs dimension {b} ({})",
                    ls[a as usize], rs[b as usize]
                ),
            ));
        }
    }
    for (&a, &b) in d.lhs_contracting.iter().zip(&d.rhs_contracting) {
        if !dim_compatible(ls[a as usize], rs[b as usize]) {
            return Err(op_error(
                ctx,
                body,
                op,
                format!(
                    "contracting dimension sizes must match: lhs dimension {a} ({}) vs rhs dimension {b} ({})",
                    ls[a as usize], rs[b as usize]
                ),
            ));
        }
    }
    let mut want: Vec<i64> = d.lhs_batch.iter().map(|&a| ls[a as usize]).collect();
    want.extend((0..ls.len()).filter(|&k| !lu[k]).map(|k| ls[k]));
    want.extend((0..rs.len()).filter(|&k| !ru[k]).map(|k| rs[k]));
    if let Some(p) = body.op_attr(ctx, op, "precision_config") {
        let ok = ctx
            .as_array(p)
            .is_some_and(|xs| xs.len() <= 2 && xs.iter().all(|&x| crate::attrs::read_precision(ctx, x).is_some()));
        if !ok {
            return Err(op_error(
                ctx,
                body,
                op,
                "precision_config must be an array of at most two #stablehlo<precision ...>",
            ));
        }
    }
    expect_result_shape(ctx, body, op, &want)
}

/// Output size of one windowed spatial dimension (conv, reduce_window).
pub fn window_output(input: i64, window: i64, stride: i64, lo: i64, hi: i64, base_dil: i64, win_dil: i64) -> i64 {
    if input == DYNAMIC {
        return DYNAMIC;
    }
    // i128: attribute values are arbitrary i64s and must not overflow.
    let (input, window, stride, lo, hi, base_dil, win_dil) =
        (input as i128, window as i128, stride as i128, lo as i128, hi as i128, base_dil as i128, win_dil as i128);
    let dilated_in = if input == 0 { 0 } else { (input - 1) * base_dil + 1 };
    let padded = dilated_in + lo + hi;
    let dilated_w = if window == 0 { 0 } else { (window - 1) * win_dil + 1 };
    let out = if padded < dilated_w || stride <= 0 { 0 } else { (padded - dilated_w) / stride + 1 };
    out.clamp(0, i64::MAX as i128) as i64
}

fn window_array(
    ctx: &Context,
    body: &Body,
    op: Op,
    name: &str,
    n: usize,
    default: i64,
) -> Result<Vec<i64>, Diagnostic> {
    match array(ctx, body, op, name)? {
        None => Ok(vec![default; n]),
        Some(v) if v.len() == n => {
            if v.iter().any(|&x| x <= 0) {
                return Err(op_error(
                    ctx,
                    body,
                    op,
                    format!("{name} must be positive, got {}", crate::attrs::int_list_text(&v)),
                ));
            }
            Ok(v)
        }
        Some(v) => Err(op_error(ctx, body, op, format!("{name} has {} entries, expected {n}", v.len()))),
    }
}

fn window_padding(ctx: &Context, body: &Body, op: Op, n: usize) -> Result<Vec<(i64, i64)>, Diagnostic> {
    match body.op_attr(ctx, op, "padding") {
        None => Ok(vec![(0, 0); n]),
        Some(a) => match padding_pairs(ctx, a) {
            Some(v) if v.len() == n => Ok(v),
            Some(v) => Err(op_error(ctx, body, op, format!("padding has {} rows, expected {n}", v.len()))),
            None => Err(op_error(ctx, body, op, "padding must be a dense i64 tensor of shape Nx2")),
        },
    }
}

pub fn convolution(ctx: &Context, body: &Body, op: Op) -> VResult {
    let d = body
        .op_attr(ctx, op, "dimension_numbers")
        .and_then(|a| read_conv_dims(ctx, a))
        .ok_or_else(|| op_error(ctx, body, op, "requires attribute 'dimension_numbers' (#stablehlo.conv<...>)"))?;
    let (ls, le) = operand_ranked(ctx, body, op, 0)?;
    let (ks, ke) = operand_ranked(ctx, body, op, 1)?;
    expect_same_element(ctx, body, op, ke, le, "requires the same element type for lhs and rhs")?;
    let n = ls.len();
    if n < 2
        || ks.len() != n
        || d.input_spatial.len() != n - 2
        || d.kernel_spatial.len() != n - 2
        || d.output_spatial.len() != n - 2
    {
        return Err(op_error(
            ctx,
            body,
            op,
            format!("lhs, rhs and dimension numbers must agree on the rank (lhs rank {n}, rhs rank {})", ks.len()),
        ));
    }
    let s = n - 2;
    let mut used = vec![false; n];
    check_dims(ctx, body, op, &[d.input_batch, d.input_feature], n, "input dimension numbers", &mut used)?;
    check_dims(ctx, body, op, &d.input_spatial, n, "input dimension numbers", &mut used)?;
    let mut used = vec![false; n];
    check_dims(
        ctx,
        body,
        op,
        &[d.kernel_input_feature, d.kernel_output_feature],
        n,
        "kernel dimension numbers",
        &mut used,
    )?;
    check_dims(ctx, body, op, &d.kernel_spatial, n, "kernel dimension numbers", &mut used)?;
    let mut used = vec![false; n];
    check_dims(ctx, body, op, &[d.output_batch, d.output_feature], n, "output dimension numbers", &mut used)?;
    check_dims(ctx, body, op, &d.output_spatial, n, "output dimension numbers", &mut used)?;
    let fgc = body.op_attr(ctx, op, "feature_group_count").map(|a| ctx.as_i64(a).unwrap_or(0)).unwrap_or(1);
    let bgc = body.op_attr(ctx, op, "batch_group_count").map(|a| ctx.as_i64(a).unwrap_or(0)).unwrap_or(1);
    if fgc <= 0 || bgc <= 0 {
        return Err(op_error(ctx, body, op, "feature_group_count and batch_group_count must be positive"));
    }
    if fgc != 1 && bgc != 1 {
        return Err(op_error(ctx, body, op, "expects feature_group_count or batch_group_count to be 1"));
    }
    let in_f = ls[d.input_feature as usize];
    let k_in = ks[d.kernel_input_feature as usize];
    let k_out = ks[d.kernel_output_feature as usize];
    if in_f != DYNAMIC && k_in != DYNAMIC && Some(in_f) != k_in.checked_mul(fgc) {
        return Err(op_error(ctx, body, op, format!("expects input feature dimension ({in_f}) / feature_group_count = kernel input feature dimension ({k_in}). Got feature_group_count = {fgc}.")));
    }
    if k_out != DYNAMIC && (k_out % fgc != 0 || k_out % bgc != 0) {
        return Err(op_error(ctx, body, op, format!("expects output feature dimension size ({k_out}) to be a multiple of feature_group_count ({fgc}) and batch_group_count ({bgc})")));
    }
    let in_b = ls[d.input_batch as usize];
    if in_b != DYNAMIC && in_b % bgc != 0 {
        return Err(op_error(
            ctx,
            body,
            op,
            format!("expects input batch dimension ({in_b}) to be divisible by batch_group_count ({bgc})"),
        ));
    }
    let strides = window_array(ctx, body, op, "window_strides", s, 1)?;
    let lhs_dil = window_array(ctx, body, op, "lhs_dilation", s, 1)?;
    let rhs_dil = window_array(ctx, body, op, "rhs_dilation", s, 1)?;
    let pads = window_padding(ctx, body, op, s)?;
    let mut want = vec![0i64; n];
    want[d.output_batch as usize] = if in_b == DYNAMIC { DYNAMIC } else { in_b / bgc };
    want[d.output_feature as usize] = k_out;
    for i in 0..s {
        let inp = ls[d.input_spatial[i] as usize];
        let k = ks[d.kernel_spatial[i] as usize];
        want[d.output_spatial[i] as usize] = if k == DYNAMIC {
            DYNAMIC
        } else {
            window_output(inp, k, strides[i], pads[i].0, pads[i].1, lhs_dil[i], rhs_dil[i])
        };
    }
    expect_result_shape(ctx, body, op, &want)
}

pub fn batch_norm_inference(ctx: &Context, body: &Body, op: Op) -> VResult {
    let (s, e) = operand_ranked(ctx, body, op, 0)?;
    let fi = int_attr(ctx, body, op, "feature_index")?;
    if fi < 0 || fi as usize >= s.len() {
        return Err(op_error(ctx, body, op, format!("feature_index {fi} is out of range for rank {}", s.len())));
    }
    match body.op_attr(ctx, op, "epsilon").map(|a| ctx.attr_kind(a)) {
        Some(strata_ir::AttrKind::Float { ty, .. }) if *ty == ctx.f32() => {}
        _ => return Err(op_error(ctx, body, op, "requires 32-bit float attribute 'epsilon'")),
    }
    let c = s[fi as usize];
    for (i, name) in [(1, "scale"), (2, "offset"), (3, "mean"), (4, "variance")] {
        let (vs, ve) = operand_ranked(ctx, body, op, i)?;
        if vs.len() != 1 || !dim_compatible(vs[0], c) {
            return Err(op_error(
                ctx,
                body,
                op,
                format!("{name} must be a 1-D tensor of the feature dimension's size ({c}), got {}", shape_text(vs)),
            ));
        }
        expect_same_element(ctx, body, op, ve, e, "requires the same element type for all operands")?;
    }
    if body.value_type(body.result(op, 0)) != body.value_type(body.operand(op, 0)) {
        return Err(op_error(ctx, body, op, "result type must be the operand's type"));
    }
    Ok(())
}

/// The reducer region: one block with 2N rank-0 arguments of the inputs'
/// element types, ending in `stablehlo.return` of N such values.
fn check_reducer(ctx: &Context, body: &Body, op: Op, elems: &[Type]) -> VResult {
    let (rb, regions) = body.regions_of(op);
    let Some(&r) = regions.first() else { return Err(op_error(ctx, body, op, "requires one region")) };
    let Some(b) = rb.first_block(r) else {
        return Err(op_error(ctx, body, op, "the reducer region must have a block"));
    };
    if rb.next_block(b).is_some() {
        return Err(op_error(ctx, body, op, "the reducer region must have one block"));
    }
    let args = rb.block_args(b);
    let n = elems.len();
    if args.len() != 2 * n {
        return Err(op_error(
            ctx,
            body,
            op,
            format!("the reducer block must have {} arguments, got {}", 2 * n, args.len()),
        ));
    }
    for (i, &a) in args.iter().enumerate() {
        let want = ctx.ranked_tensor_type(&[], elems[i % n]);
        if rb.value_type(a) != want {
            return Err(op_error(
                ctx,
                body,
                op,
                format!(
                    "reducer argument {i} must be '{}', got '{}'",
                    type_text(ctx, want),
                    type_text(ctx, rb.value_type(a))
                ),
            ));
        }
    }
    let Some(t) = rb.last_op(b) else {
        return Err(op_error(ctx, body, op, "the reducer block must end in stablehlo.return"));
    };
    if ctx.op_name_str(rb.op_name(t)) != "stablehlo.return" {
        return Err(op_error(ctx, body, op, "the reducer block must end in stablehlo.return"));
    }
    if rb.num_operands(t) != n {
        return Err(op_error(ctx, body, op, format!("the reducer must return {n} values, got {}", rb.num_operands(t))));
    }
    for i in 0..n {
        let want = ctx.ranked_tensor_type(&[], elems[i]);
        if rb.value_type(rb.operand(t, i)) != want {
            return Err(op_error(
                ctx,
                body,
                op,
                format!("the reducer's result {i} must be '{}'", type_text(ctx, want)),
            ));
        }
    }
    Ok(())
}

/// Inputs (first half of the operands) share a shape; init values (second
/// half) are rank 0 of the matching element types. Returns (shape, elems).
fn inputs_and_inits<'c>(ctx: &'c Context, body: &Body, op: Op) -> Result<(&'c [i64], Vec<Type>), Diagnostic> {
    let total = body.num_operands(op);
    if total == 0 || !total.is_multiple_of(2) {
        return Err(op_error(
            ctx,
            body,
            op,
            format!("expects an equal, non-zero number of inputs and init values, got {total} operands"),
        ));
    }
    let n = total / 2;
    let (s0, _) = operand_ranked(ctx, body, op, 0)?;
    let mut elems = vec![];
    for i in 0..n {
        let (s, e) = operand_ranked(ctx, body, op, i)?;
        if !shapes_compatible(s, s0) {
            return Err(op_error(ctx, body, op, "expects all inputs to have compatible shapes"));
        }
        let (is, ie) = operand_ranked(ctx, body, op, n + i)?;
        if !is.is_empty() {
            return Err(op_error(ctx, body, op, format!("init value {i} must be a rank-0 tensor")));
        }
        expect_same_element(ctx, body, op, ie, e, "init values must match the inputs' element types")?;
        elems.push(e);
    }
    if body.num_results(op) != n {
        return Err(op_error(ctx, body, op, format!("expects {n} results, got {}", body.num_results(op))));
    }
    Ok((s0, elems))
}

pub fn reduce(ctx: &Context, body: &Body, op: Op) -> VResult {
    let (s, elems) = inputs_and_inits(ctx, body, op)?;
    let dims = required_array(ctx, body, op, "dimensions")?;
    let mut used = vec![false; s.len()];
    check_dims(ctx, body, op, &dims, s.len(), "dimensions", &mut used)?;
    let want: Vec<i64> = (0..s.len()).filter(|&k| !used[k]).map(|k| s[k]).collect();
    for i in 0..elems.len() {
        let (rs, re) = result_ranked(ctx, body, op, i)?;
        if !shapes_compatible(rs, &want) {
            return Err(op_error(
                ctx,
                body,
                op,
                format!("result {i} shape {} does not match the reduced shape {}", shape_text(rs), shape_text(&want)),
            ));
        }
        expect_same_element(ctx, body, op, re, elems[i], "results must have the inputs' element types")?;
    }
    check_reducer(ctx, body, op, &elems)
}

pub fn reduce_window(ctx: &Context, body: &Body, op: Op) -> VResult {
    let (s, elems) = inputs_and_inits(ctx, body, op)?;
    let n = s.len();
    let window = required_array(ctx, body, op, "window_dimensions")?;
    if window.len() != n || window.iter().any(|&w| w <= 0) {
        return Err(op_error(ctx, body, op, format!("window_dimensions must have {n} positive entries")));
    }
    let strides = window_array(ctx, body, op, "window_strides", n, 1)?;
    let base = window_array(ctx, body, op, "base_dilations", n, 1)?;
    let wdil = window_array(ctx, body, op, "window_dilations", n, 1)?;
    let pads = window_padding(ctx, body, op, n)?;
    let want: Vec<i64> =
        (0..n).map(|k| window_output(s[k], window[k], strides[k], pads[k].0, pads[k].1, base[k], wdil[k])).collect();
    for i in 0..elems.len() {
        let (rs, re) = result_ranked(ctx, body, op, i)?;
        if !shapes_compatible(rs, &want) {
            return Err(op_error(
                ctx,
                body,
                op,
                format!("result {i} shape {} does not match the windowed shape {}", shape_text(rs), shape_text(&want)),
            ));
        }
        expect_same_element(ctx, body, op, re, elems[i], "results must have the inputs' element types")?;
    }
    check_reducer(ctx, body, op, &elems)
}

pub fn torch_index_select(ctx: &Context, body: &Body, op: Op) -> VResult {
    let (s, e) = operand_ranked(ctx, body, op, 0)?;
    let (is, ie) = operand_ranked(ctx, body, op, 1)?;
    if !ctx.is_integer(ie) {
        return Err(op_error(ctx, body, op, "index must be a tensor of integers"));
    }
    let dim = int_attr(ctx, body, op, "dim")?;
    let batch = int_attr(ctx, body, op, "batch_dims")?;
    if dim < 0 || dim as usize >= s.len() || batch < 0 || batch > dim || batch as usize > is.len() {
        return Err(op_error(
            ctx,
            body,
            op,
            format!(
                "dim {dim} / batch_dims {batch} are out of range for operand rank {} and index rank {}",
                s.len(),
                is.len()
            ),
        ));
    }
    let mut want = s[..dim as usize].to_vec();
    want.extend_from_slice(&is[batch as usize..]);
    want.extend_from_slice(&s[dim as usize + 1..]);
    let (_, re) = result_ranked(ctx, body, op, 0)?;
    expect_same_element(ctx, body, op, re, e, "requires the same element type for operand and result")?;
    expect_result_shape(ctx, body, op, &want)
}

pub fn iota(ctx: &Context, body: &Body, op: Op) -> VResult {
    let (rs, _) = result_ranked(ctx, body, op, 0)?;
    let d = int_attr(ctx, body, op, "iota_dimension")?;
    if d < 0 || d as usize >= rs.len() {
        return Err(op_error(
            ctx,
            body,
            op,
            format!("iota dimension cannot go beyond the output rank ({d} vs rank {})", rs.len()),
        ));
    }
    Ok(())
}

pub fn composite(ctx: &Context, body: &Body, op: Op) -> VResult {
    let name_ok = body.op_attr(ctx, op, "name").and_then(|a| ctx.as_string(a)).is_some();
    if !name_ok {
        return Err(op_error(ctx, body, op, "requires string attribute 'name'"));
    }
    let dec = body.op_attr(ctx, op, "decomposition");
    if !dec
        .is_some_and(|a| matches!(ctx.attr_kind(a), strata_ir::AttrKind::SymbolRef { nested, .. } if nested.is_empty()))
    {
        return Err(op_error(ctx, body, op, "requires flat symbol reference attribute 'decomposition'"));
    }
    if let Some(a) = body.op_attr(ctx, op, "composite_attributes") {
        if !matches!(ctx.attr_kind(a), strata_ir::AttrKind::Dictionary(_)) {
            return Err(op_error(ctx, body, op, "attribute 'composite_attributes' must be a dictionary"));
        }
    }
    if let Some(a) = body.op_attr(ctx, op, "version") {
        if !matches!(ctx.attr_kind(a), strata_ir::AttrKind::Integer { ty, .. } if ctx.is_signless_integer_of_width(*ty, 32))
        {
            return Err(op_error(ctx, body, op, "attribute 'version' must be an i32"));
        }
    }
    Ok(())
}

/// Attribute helper for other modules.
pub fn i64_array_of(ctx: &Context, body: &Body, op: Op, name: &str) -> Option<Vec<i64>> {
    body.op_attr(ctx, op, name).and_then(|a: Attribute| read_i64_array(ctx, a))
}

/// `CompositeOp::verifySymbolUses`: the decomposition is a `func.func` of
/// the nearest symbol table with the composite's operand and result types.
fn verify_composite_symbol(
    ctx: &Context,
    body: &Body,
    op: Op,
    table: &strata_ir::symbol_user::SymbolTableView<'_>,
) -> VResult {
    let Some(strata_ir::AttrKind::SymbolRef { root, .. }) =
        body.op_attr(ctx, op, "decomposition").map(|a| ctx.attr_kind(a))
    else {
        return Ok(());
    };
    let name = ctx.str(*root);
    let func_type = table
        .lookup(name.as_bytes())
        .filter(|(fb, f)| fb.op_name(*f) == ctx.op_name("func.func"))
        .and_then(|(fb, f)| fb.op_attr(ctx, f, "function_type"))
        .and_then(|a| ctx.as_type(a))
        .and_then(|t| ctx.function_signature(t).map(|(i, r)| (i.to_vec(), r.to_vec())));
    let Some((inputs, results)) = func_type else {
        return Err(op_error(ctx, body, op, format!("'{name}' does not reference a valid function")));
    };
    let operand_types = body.operand_types(op).to_vec();
    let result_types = body.result_types(op).to_vec();
    if inputs != operand_types || results != result_types {
        let show = |ts: &[Type]| ts.iter().map(|&t| type_text(ctx, t)).collect::<Vec<_>>().join(", ");
        return Err(op_error(
            ctx,
            body,
            op,
            format!(
                "type mismatch with decomposition '{name}': composite has ({}) -> ({}), decomposition has ({}) -> ({})",
                show(&operand_types),
                show(&result_types),
                show(&inputs),
                show(&results)
            ),
        ));
    }
    Ok(())
}

pub const COMPOSITE_SYMBOL_USES: strata_ir::symbol_user::SymbolUserOpInterface =
    strata_ir::symbol_user::SymbolUserOpInterface { verify_symbol_uses: verify_composite_symbol };
