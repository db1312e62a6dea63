//! Reductions and the normalisations built from them, decomposed into
//! `stablehlo.reduce` and elementwise ops in the order JAX emits them so the
//! graph pass that recognises them later sees one fixed shape:
//!
//! * Softmax(x, axis): `m = reduce max(x)`, `e = exp(x - bcast(m))`,
//!   `s = reduce add(e)`, `e / bcast(s)`;
//! * LogSoftmax: `d = x - bcast(m)`, `d - bcast(log(reduce add(exp(d))))`;
//! * LayerNormalization(x, scale, bias, axis, eps): `mean = reduce add(x) / N`,
//!   `c = x - bcast(mean)`, `var = reduce add(c * c) / N`,
//!   `r = rsqrt(var + eps)`, `c * bcast(r) * bcast(scale) + bcast(bias)`;
//! * ReduceSum / ReduceMax / ReduceMin / ReduceMean (sum divided by the
//!   count), ReduceL1 / ReduceL2 / ReduceSumSquare / ReduceLogSum /
//!   ReduceLogSumExp through them, with `keepdims` as a reshape;
//! * InstanceNormalization: a layer norm over the spatial dims, scale and
//!   bias per channel.
//!
//! `bcast` is `broadcast_in_dim` of the reduced tensor back to the input
//! shape, skipping the reduced dimensions.

use crate::import::builder::{norm_axis, Combiner, FuncBuilder, Operand};
use crate::import::node::NodeCx;
use crate::import::Results;

/// Broadcasts `r` (x's shape without `dims`) back to x's shape.
fn bcast_back(b: &mut FuncBuilder, r: &Operand, shape: &[i64], dims: &[i64]) -> Operand {
    let kept: Vec<i64> = (0..shape.len() as i64).filter(|d| !dims.contains(d)).collect();
    b.broadcast_in_dim(r, shape, &kept)
}

fn float_input<'a>(cx: &'a NodeCx) -> Result<&'a Operand, String> {
    let x = cx.input(0)?;
    if !x.dtype.is_float() {
        return Err(format!("input is {}, only floating-point types are supported", x.dtype.name()));
    }
    Ok(x)
}

pub fn softmax(b: &mut FuncBuilder, cx: &NodeCx, log: bool) -> Result<Operand, String> {
    let x = float_input(cx)?;
    if x.rank() == 0 {
        return Err("input must have rank 1 or more".into());
    }
    let axis = norm_axis(cx.int("axis", -1)?, x.rank())? as i64;
    let dims = [axis];
    let m = b.reduce(x, &dims, Combiner::Max);
    let mb = bcast_back(b, &m, &x.shape, &dims);
    let d = b.binary("stablehlo.subtract", x, &mb)?;
    let e = b.unary("stablehlo.exponential", &d);
    let s = b.reduce(&e, &dims, Combiner::Add);
    if log {
        let l = b.unary("stablehlo.log", &s);
        let lb = bcast_back(b, &l, &x.shape, &dims);
        b.binary("stablehlo.subtract", &d, &lb)
    } else {
        let sb = bcast_back(b, &s, &x.shape, &dims);
        b.binary("stablehlo.divide", &e, &sb)
    }
}

/// Mean over `dims` (reduce add, divide by the count), reduced shape.
fn mean(b: &mut FuncBuilder, x: &Operand, dims: &[i64]) -> Result<Operand, String> {
    let s = b.reduce(x, dims, Combiner::Add);
    let count: i64 = dims.iter().map(|&d| x.shape[d as usize]).product();
    let c = b.splat(x.dtype, &s.shape, count as f64);
    b.binary("stablehlo.divide", &s, &c)
}

/// `(x - mean) * rsqrt(var + eps)` over `dims`, with the mean and the
/// rsqrt (reduced shapes) for the optional outputs.
fn standardize(
    b: &mut FuncBuilder,
    x: &Operand,
    dims: &[i64],
    eps: f64,
) -> Result<(Operand, Operand, Operand), String> {
    let m = mean(b, x, dims)?;
    let mb = bcast_back(b, &m, &x.shape, dims);
    let c = b.binary("stablehlo.subtract", x, &mb)?;
    let sq = b.binary("stablehlo.multiply", &c, &c)?;
    let var = mean(b, &sq, dims)?;
    let e = b.splat(x.dtype, &var.shape, eps);
    let ve = b.binary("stablehlo.add", &var, &e)?;
    let r = b.unary("stablehlo.rsqrt", &ve);
    let rb = bcast_back(b, &r, &x.shape, dims);
    let y = b.binary("stablehlo.multiply", &c, &rb)?;
    Ok((y, m, r))
}

/// LayerNormalization (opset 17); the optional Mean and InvStdDev outputs
/// are produced with the reduced dimensions kept as 1.
pub fn layer_norm(b: &mut FuncBuilder, cx: &NodeCx) -> Result<Results, String> {
    let x = float_input(cx)?;
    if x.rank() == 0 {
        return Err("input must have rank 1 or more".into());
    }
    let axis = norm_axis(cx.int("axis", -1)?, x.rank())?;
    let eps = cx.float("epsilon", 1e-5)? as f64;
    let dims: Vec<i64> = (axis as i64..x.rank() as i64).collect();
    let norm_shape = &x.shape[axis..];
    let (mut y, m, r) = standardize(b, x, &dims, eps)?;
    for (i, name) in [(1, "Scale"), (2, "B")] {
        let Some(p) = cx.opt_input(i) else {
            if i == 1 {
                return Err("input 1 ('Scale') is required".into());
            }
            continue;
        };
        if p.dtype != x.dtype {
            return Err(format!("'{name}' is {}, the input is {}", p.dtype.name(), x.dtype.name()));
        }
        // Scale and bias broadcast to the normalised dimensions (unidirectionally).
        let p = if p.shape.len() <= norm_shape.len() { b.broadcast_to(p, norm_shape)? } else { p.clone() };
        if p.shape != norm_shape {
            return Err(format!("'{name}' has shape {:?}, expected {norm_shape:?}", p.shape));
        }
        let pb = b.broadcast_in_dim(&p, &x.shape, &dims);
        y = b.binary(if i == 1 { "stablehlo.multiply" } else { "stablehlo.add" }, &y, &pb)?;
    }
    let mut kept = x.shape.clone();
    for &d in &dims {
        kept[d as usize] = 1;
    }
    let mut results = vec![Some(y)];
    if cx.node.outputs.len() > 1 {
        results.push(Some(b.reshape(&m, &kept)));
    }
    if cx.node.outputs.len() > 2 {
        results.push(Some(b.reshape(&r, &kept)));
    }
    Ok(results)
}

/// ReduceSum / ReduceMean / ReduceMax / ReduceMin and the composite
/// reductions ReduceL1 (sum of |x|), ReduceL2 (sqrt of the sum of squares),
/// ReduceSumSquare, ReduceLogSum and ReduceLogSumExp (`m + log(sum(exp(x - m)))`
/// with `m` the max, so large inputs do not overflow). Axes are an input
/// for ReduceSum from opset 13 and for the others from opset 18, an
/// attribute before. ReduceProd has no form on the card and is refused.
pub fn reduce(b: &mut FuncBuilder, cx: &NodeCx) -> Result<Operand, String> {
    let x = cx.input(0)?;
    let op = cx.node.op_type.as_str();
    let moved_in = if op == "ReduceSum" { 13 } else { 18 };
    let axes = cx.axes(moved_in, 1)?.unwrap_or_default();
    let keepdims = cx.int("keepdims", 1)? != 0;
    if axes.is_empty() && cx.int("noop_with_empty_axes", 0)? != 0 {
        return Ok(x.clone());
    }
    let mut dims: Vec<i64> = if axes.is_empty() {
        (0..x.rank() as i64).collect()
    } else {
        axes.iter().map(|&a| norm_axis(a, x.rank()).map(|a| a as i64)).collect::<Result<_, _>>()?
    };
    dims.sort_unstable();
    dims.dedup();
    let float_only = |what: &str| -> Result<(), String> {
        if x.dtype.is_float() {
            Ok(())
        } else {
            Err(format!("{what} of {} is not supported", x.dtype.name()))
        }
    };
    let r = match op {
        "ReduceMax" => b.reduce(x, &dims, Combiner::Max),
        "ReduceMin" => b.reduce(x, &dims, Combiner::Min),
        "ReduceSum" => b.reduce(x, &dims, Combiner::Add),
        "ReduceMean" => {
            float_only(op)?;
            mean(b, x, &dims)?
        }
        "ReduceL1" => {
            let a = b.unary("stablehlo.abs", x);
            b.reduce(&a, &dims, Combiner::Add)
        }
        "ReduceSumSquare" | "ReduceL2" => {
            let sq = b.binary("stablehlo.multiply", x, x)?;
            let s = b.reduce(&sq, &dims, Combiner::Add);
            if op == "ReduceL2" {
                float_only(op)?;
                b.unary("stablehlo.sqrt", &s)
            } else {
                s
            }
        }
        "ReduceLogSum" => {
            float_only(op)?;
            let s = b.reduce(x, &dims, Combiner::Add);
            b.unary("stablehlo.log", &s)
        }
        "ReduceLogSumExp" => {
            float_only(op)?;
            let m = b.reduce(x, &dims, Combiner::Max);
            let mb = bcast_back(b, &m, &x.shape, &dims);
            let d = b.binary("stablehlo.subtract", x, &mb)?;
            let e = b.unary("stablehlo.exponential", &d);
            let s = b.reduce(&e, &dims, Combiner::Add);
            let l = b.unary("stablehlo.log", &s);
            b.binary("stablehlo.add", &m, &l)?
        }
        other => return Err(format!("{other} has no importer")),
    };
    if keepdims {
        let mut kept = x.shape.clone();
        for &d in &dims {
            kept[d as usize] = 1;
        }
        return Ok(b.reshape(&r, &kept));
    }
    Ok(r)
}

/// InstanceNormalization: each (batch, channel) plane normalised over the
/// spatial dims (the trailing ones, as a layer norm without its own scale),
/// then `scale` and `B` applied per channel (dim 1).
pub fn instance_norm(b: &mut FuncBuilder, cx: &NodeCx) -> Result<Operand, String> {
    let x = float_input(cx)?;
    if x.rank() < 3 {
        return Err(format!("input must have rank 3 or more (N, C, D1, ...), not {}", x.rank()));
    }
    let eps = cx.float("epsilon", 1e-5)? as f64;
    let dims: Vec<i64> = (2..x.rank() as i64).collect();
    let (mut y, _, _) = standardize(b, x, &dims, eps)?;
    let channels = x.shape[1];
    for (i, name, op) in [(1, "scale", "stablehlo.multiply"), (2, "B", "stablehlo.add")] {
        let p = cx.input(i)?;
        if p.dtype != x.dtype || p.shape != [channels] {
            return Err(format!(
                "'{name}' must be {} [{channels}], not {} {:?}",
                x.dtype.name(),
                p.dtype.name(),
                p.shape
            ));
        }
        let pb = b.broadcast_in_dim(p, &x.shape, &[1]);
        y = b.binary(op, &y, &pb)?;
    }
    Ok(y)
}
