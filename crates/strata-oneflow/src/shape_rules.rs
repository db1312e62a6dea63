//! Shape and type rules of oneflow ops, checked by the verifier where the
//! operand and result types are ranked and static (dynamic sizes are not
//! checked). Conv2d follows OneFlow's rule for both data formats, with
//! `padding_before` applied on both sides of each spatial dimension.

use strata_ir::printer::type_to_string;
use strata_ir::{Body, Context, Diagnostic, Op, Type, TypeKind};

use crate::attrs::{int_array, int_attr, str_attr};
use crate::ops::err;

pub type ShapeRule = fn(&Context, &Body, Op) -> Result<(), Diagnostic>;

/// A static shape (`None` when unranked or any size is dynamic).
fn static_shape(ctx: &Context, t: Type) -> Option<Vec<i64>> {
    let s = ctx.shape(t)?;
    if s.iter().any(|&d| d < 0) {
        return None;
    }
    matches!(ctx.type_kind(t), TypeKind::RankedTensor { .. }).then(|| s.to_vec())
}

fn operand_shape(ctx: &Context, body: &Body, op: Op, i: usize) -> Option<Vec<i64>> {
    static_shape(ctx, body.value_type(body.operand(op, i)))
}

fn result_shape(ctx: &Context, body: &Body, op: Op, i: usize) -> Option<Vec<i64>> {
    static_shape(ctx, body.value_type(body.result(op, i)))
}

/// The number of elements of a static shape, `None` on overflow.
fn num_elements(shape: &[i64]) -> Option<i128> {
    shape.iter().try_fold(1i128, |n, &d| n.checked_mul(d as i128))
}

fn shape_text(s: &[i64]) -> String {
    s.iter().map(|d| d.to_string()).collect::<Vec<_>>().join("x")
}

fn expect_result_shape(ctx: &Context, body: &Body, op: Op, i: usize, expected: &[i64]) -> Result<(), Diagnostic> {
    match result_shape(ctx, body, op, i) {
        Some(got) if got != expected => Err(err(
            ctx,
            body,
            op,
            format!("result #{i} has shape {}, but the inferred shape is {}", shape_text(&got), shape_text(expected)),
        )),
        _ => Ok(()),
    }
}

/// Operands and results all of one type (`add_n`, `relu`, ...).
pub fn same_types(ctx: &Context, body: &Body, op: Op) -> Result<(), Diagnostic> {
    let result = body.value_type(body.result(op, 0));
    for (i, v) in body.operands(op).enumerate() {
        let t = body.value_type(v);
        if t != result {
            return Err(err(
                ctx,
                body,
                op,
                format!(
                    "operand #{i} has type {}, but the result has type {}",
                    type_to_string(ctx, t),
                    type_to_string(ctx, result)
                ),
            ));
        }
    }
    if body.num_operands(op) == 0 {
        return Err(err(ctx, body, op, "expects at least one operand"));
    }
    Ok(())
}

/// Numpy-style broadcasting of two shapes.
pub fn broadcast(ctx: &Context, body: &Body, op: Op) -> Result<(), Diagnostic> {
    let (Some(x), Some(y)) = (operand_shape(ctx, body, op, 0), operand_shape(ctx, body, op, 1)) else { return Ok(()) };
    let rank = x.len().max(y.len());
    let mut out = vec![0; rank];
    for (i, o) in out.iter_mut().enumerate() {
        let a = if i + x.len() >= rank { x[i + x.len() - rank] } else { 1 };
        let b = if i + y.len() >= rank { y[i + y.len() - rank] } else { 1 };
        *o = match (a, b) {
            (a, b) if a == b => a,
            (1, b) => b,
            (a, 1) => a,
            _ => {
                return Err(err(
                    ctx,
                    body,
                    op,
                    format!("operands of shapes {} and {} do not broadcast", shape_text(&x), shape_text(&y)),
                ))
            }
        };
    }
    expect_result_shape(ctx, body, op, 0, &out)
}

/// `cast`: same shape; a float `dtype` names the result's element type.
pub fn cast(ctx: &Context, body: &Body, op: Op) -> Result<(), Diagnostic> {
    if let Some(s) = operand_shape(ctx, body, op, 0) {
        expect_result_shape(ctx, body, op, 0, &s)?;
    }
    let Some(dtype) = int_attr(ctx, body, op, "dtype") else { return Ok(()) };
    let Some(elem) = ctx.element_type(body.value_type(body.result(op, 0))) else { return Ok(()) };
    // OneFlow's DataType enum: the float kinds, and integers by width.
    let expected = match dtype {
        2 => Some("f32"),
        3 => Some("f64"),
        9 => Some("f16"),
        11 => Some("bf16"),
        4 | 7 => Some("8-bit integer"),
        5 => Some("32-bit integer"),
        6 => Some("64-bit integer"),
        12 => Some("1-bit integer"),
        _ => None,
    };
    let Some(expected) = expected else { return Ok(()) };
    let ok = match expected {
        "8-bit integer" => ctx.int_or_float_width(elem) == Some(8) && ctx.is_integer(elem),
        "32-bit integer" => ctx.int_or_float_width(elem) == Some(32) && ctx.is_integer(elem),
        "64-bit integer" => ctx.int_or_float_width(elem) == Some(64) && ctx.is_integer(elem),
        "1-bit integer" => ctx.int_or_float_width(elem) == Some(1) && ctx.is_integer(elem),
        name => type_to_string(ctx, elem) == name,
    };
    if ok {
        Ok(())
    } else {
        Err(err(
            ctx,
            body,
            op,
            format!("result element type {} does not match dtype {dtype} ({expected})", type_to_string(ctx, elem)),
        ))
    }
}

/// `transpose`: `perm` is a permutation of the dimensions and
/// `out[i] = in[perm[i]]`.
pub fn transpose(ctx: &Context, body: &Body, op: Op) -> Result<(), Diagnostic> {
    let Some(perm) = int_array(ctx, body, op, "perm") else { return Ok(()) };
    let Some(rank) = ctx.shape(body.value_type(body.operand(op, 0))).map(|s| s.len()) else { return Ok(()) };
    let mut seen = vec![false; rank];
    if perm.len() != rank {
        return Err(err(ctx, body, op, format!("'perm' has {} entries, but the input has rank {rank}", perm.len())));
    }
    for &p in &perm {
        if p < 0 || p as usize >= rank || std::mem::replace(&mut seen[p as usize], true) {
            return Err(err(ctx, body, op, format!("'perm' must be a permutation of [0, {rank}), got {perm:?}")));
        }
    }
    let Some(input) = operand_shape(ctx, body, op, 0) else { return Ok(()) };
    let out: Vec<i64> = perm.iter().map(|&p| input[p as usize]).collect();
    expect_result_shape(ctx, body, op, 0, &out)
}

/// `conv2d`: input NCHW (`channels_first`) or NHWC (`channels_last`),
/// weight `[filters, C/groups, kh, kw]` or `[filters, kh, kw, C/groups]`,
/// optional bias `[filters]`; output spatial size
/// `(in + 2 * pad - dilation * (k - 1) - 1) / stride + 1`.
pub fn conv2d(ctx: &Context, body: &Body, op: Op) -> Result<(), Diagnostic> {
    let format = str_attr(ctx, body, op, "data_format").unwrap_or_default();
    let channels_last = match format.as_str() {
        "channels_last" => true,
        "channels_first" => false,
        other => {
            return Err(err(
                ctx,
                body,
                op,
                format!("'data_format' must be \"channels_first\" or \"channels_last\", got \"{other}\""),
            ))
        }
    };
    let arrays: Vec<Vec<i64>> = ["kernel_size", "strides", "dilation_rate", "padding_before"]
        .iter()
        .map(|n| int_array(ctx, body, op, n).unwrap_or_default())
        .collect();
    for (n, a) in ["kernel_size", "strides", "dilation_rate", "padding_before"].iter().zip(&arrays) {
        if a.len() != 2 {
            return Err(err(ctx, body, op, format!("'{n}' must have 2 entries, got {}", a.len())));
        }
    }
    let (kernel, strides, dilation, padding) = (&arrays[0], &arrays[1], &arrays[2], &arrays[3]);
    if strides.iter().chain(dilation).any(|&x| x <= 0) {
        return Err(err(ctx, body, op, "'strides' and 'dilation_rate' must be positive"));
    }
    let filters = int_attr(ctx, body, op, "filters").unwrap_or(0);
    let groups = int_attr(ctx, body, op, "groups").unwrap_or(1);
    if groups <= 0 {
        return Err(err(ctx, body, op, "'groups' must be positive"));
    }
    let (Some(input), Some(weight)) = (operand_shape(ctx, body, op, 0), operand_shape(ctx, body, op, 1)) else {
        return Ok(());
    };
    if input.len() != 4 || weight.len() != 4 {
        return Err(err(ctx, body, op, "expects 4-d input and weight"));
    }
    let (n, c, spatial) = if channels_last {
        (input[0], input[3], [input[1], input[2]])
    } else {
        (input[0], input[1], [input[2], input[3]])
    };
    let (w_filters, w_channels, w_kernel) = if channels_last {
        (weight[0], weight[3], [weight[1], weight[2]])
    } else {
        (weight[0], weight[1], [weight[2], weight[3]])
    };
    if w_filters != filters {
        return Err(err(ctx, body, op, format!("weight has {w_filters} filters, but 'filters' is {filters}")));
    }
    if w_kernel[..] != kernel[..] {
        return Err(err(
            ctx,
            body,
            op,
            format!(
                "weight kernel {}x{} does not match 'kernel_size' {}x{}",
                w_kernel[0], w_kernel[1], kernel[0], kernel[1]
            ),
        ));
    }
    if c % groups != 0 || w_channels as i128 * groups as i128 != c as i128 {
        return Err(err(
            ctx,
            body,
            op,
            format!(
                "weight has {w_channels} input channels per group, but the input has {c} channels in {groups} groups"
            ),
        ));
    }
    if body.num_operands(op) > 2 {
        let sizes =
            crate::attrs::segment_sizes(ctx, body.op_attr(ctx, op, "operand_segment_sizes")).unwrap_or_default();
        if sizes.get(2) == Some(&1) {
            if let Some(bias) = operand_shape(ctx, body, op, 2) {
                if bias != [filters] {
                    return Err(err(
                        ctx,
                        body,
                        op,
                        format!("bias has shape {}, expected {filters}", shape_text(&bias)),
                    ));
                }
            }
        }
    }
    let mut out_spatial = [0i64; 2];
    for i in 0..2 {
        // In i128: sizes and attribute values are arbitrary i64s.
        let extent = spatial[i] as i128 + 2 * padding[i] as i128 - dilation[i] as i128 * (kernel[i] as i128 - 1) - 1;
        if extent < 0 {
            return Err(err(
                ctx,
                body,
                op,
                format!("spatial dimension {i} of size {} is too small for the kernel", spatial[i]),
            ));
        }
        let Ok(size) = i64::try_from(extent / strides[i] as i128 + 1) else { return Ok(()) };
        out_spatial[i] = size;
    }
    let out = if channels_last {
        vec![n, out_spatial[0], out_spatial[1], filters]
    } else {
        vec![n, filters, out_spatial[0], out_spatial[1]]
    };
    expect_result_shape(ctx, body, op, 0, &out)
}

/// `matmul` of 2-d operands, either transposed.
pub fn matmul(ctx: &Context, body: &Body, op: Op) -> Result<(), Diagnostic> {
    let (Some(a), Some(b)) = (operand_shape(ctx, body, op, 0), operand_shape(ctx, body, op, 1)) else { return Ok(()) };
    if a.len() != 2 || b.len() != 2 {
        return Err(err(ctx, body, op, "expects 2-d operands"));
    }
    let flag = |n| body.op_attr(ctx, op, n) == Some(ctx.bool_attr(true));
    let (m, k) = if flag("transpose_a") { (a[1], a[0]) } else { (a[0], a[1]) };
    let (k2, n) = if flag("transpose_b") { (b[1], b[0]) } else { (b[0], b[1]) };
    if k != k2 {
        return Err(err(ctx, body, op, format!("contracting dimensions differ: {k} and {k2}")));
    }
    expect_result_shape(ctx, body, op, 0, &[m, n])
}

/// `group_norm`: `y` like `x`; the channel count divisible by
/// `num_groups`; `mean` and `inv_variance` of shape `[N, num_groups]`.
pub fn group_norm(ctx: &Context, body: &Body, op: Op) -> Result<(), Diagnostic> {
    let groups = int_attr(ctx, body, op, "num_groups").unwrap_or(0);
    if groups <= 0 {
        return Err(err(ctx, body, op, "'num_groups' must be positive"));
    }
    let Some(x) = operand_shape(ctx, body, op, 0) else { return Ok(()) };
    if x.len() < 2 {
        return Err(err(ctx, body, op, "expects an input of rank 2 or more"));
    }
    let channels_last = str_attr(ctx, body, op, "data_format").as_deref() == Some("channels_last");
    let c = if channels_last { x[x.len() - 1] } else { x[1] };
    if c % groups != 0 {
        return Err(err(ctx, body, op, format!("{c} channels are not divisible into {groups} groups")));
    }
    expect_result_shape(ctx, body, op, 0, &x)?;
    expect_result_shape(ctx, body, op, 1, &[x[0], groups])?;
    expect_result_shape(ctx, body, op, 2, &[x[0], groups])
}

/// `reshape`: the result has the `shape` attribute and as many elements.
pub fn reshape(ctx: &Context, body: &Body, op: Op) -> Result<(), Diagnostic> {
    let Some(shape) = int_array(ctx, body, op, "shape") else { return Ok(()) };
    expect_result_shape(ctx, body, op, 0, &shape)?;
    if let Some(input) = operand_shape(ctx, body, op, 0) {
        if let (Some(a), Some(b)) = (num_elements(&input), num_elements(&shape)) {
            if a != b {
                return Err(err(ctx, body, op, format!("cannot reshape {a} elements into {}", shape_text(&shape))));
            }
        }
    }
    Ok(())
}

/// `concat` along `axis`: other dimensions equal, sizes summed.
pub fn concat(ctx: &Context, body: &Body, op: Op) -> Result<(), Diagnostic> {
    let axis = int_attr(ctx, body, op, "axis").unwrap_or(0);
    let shapes: Option<Vec<Vec<i64>>> = (0..body.num_operands(op)).map(|i| operand_shape(ctx, body, op, i)).collect();
    let Some(shapes) = shapes else { return Ok(()) };
    let Some(first) = shapes.first() else { return Err(err(ctx, body, op, "expects at least one operand")) };
    let rank = first.len() as i64;
    if axis < 0 || axis >= rank {
        return Err(err(ctx, body, op, format!("'axis' {axis} is out of range for rank {rank}")));
    }
    let mut out = first.clone();
    out[axis as usize] = 0;
    for s in &shapes {
        if s.len() != first.len() || s.iter().zip(first).enumerate().any(|(i, (a, b))| i as i64 != axis && a != b) {
            return Err(err(
                ctx,
                body,
                op,
                format!(
                    "operand shapes {} and {} differ outside the concatenation axis",
                    shape_text(first),
                    shape_text(s)
                ),
            ));
        }
        let Some(sum) = out[axis as usize].checked_add(s[axis as usize]) else { return Ok(()) };
        out[axis as usize] = sum;
    }
    expect_result_shape(ctx, body, op, 0, &out)
}

/// `variable`: the result has the `shape` attribute.
pub fn variable(ctx: &Context, body: &Body, op: Op) -> Result<(), Diagnostic> {
    match int_array(ctx, body, op, "shape") {
        Some(shape) => expect_result_shape(ctx, body, op, 0, &shape),
        None => Ok(()),
    }
}
