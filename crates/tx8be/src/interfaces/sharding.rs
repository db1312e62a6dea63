//! Sharding interface: from a split of the output to the operands'.
//!
//! - `tile_sharding_split`: sharding (spatial, over tiles) and split
//!   (temporal, steps per tile) factors per output dim -> factors per
//!   operand dim (the seed's `tileShardingSplit`). Most ops are described
//!   by a `DimMap`: which output dim each operand dim follows (none: the
//!   operand dim stays whole, as Gemm's K, a reduced axis or a broadcast
//!   dim) and which output dims the op cannot shard or split (Softmax's
//!   axis, BatchNorm's non-channel dims, Concat's axis, ...).
//! - `temporal_slice_shape`: an output box -> the operand boxes needed,
//!   in whole-tensor coordinates; windows (Conv, Pool) add their halo rows
//!   and columns, Concat, Slice, Pad, Resize and Reshape map coordinates.
//! - `back_window`: output rows (NHWC H, or W) -> input rows with the
//!   padding the slice sees at the tensor's borders.

use strata_ir::{Body, Context, Op};

use super::compute::resize_source;
use super::ShardingInterface;
use crate::dialect::ops::{op_kind, OpKind};
use crate::dialect::shape_rules::{normalize_axis, perm_of, reduce_axes, shape_of};
use crate::dialect::values::{attr_bool, attr_floats, attr_i64, attr_ints, attr_str};
use crate::window::{BackWindow, RowRange, Window2d};

/// Factors per dim: `out_sharding[d]` parts over tiles, `out_split[d]`
/// steps in time (the seed's `ShardingSplitParam`; for operands, the
/// factors of the operand's own dims).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShardingSplitParam {
    pub out_sharding: Vec<i64>,
    pub out_split: Vec<i64>,
}

impl ShardingSplitParam {
    /// No sharding and no split on a tensor of rank `rank`.
    pub fn whole(rank: usize) -> Self {
        ShardingSplitParam { out_sharding: vec![1; rank], out_split: vec![1; rank] }
    }
}

/// A box of a tensor: `start` and `size` per dim, whole-tensor coordinates.
/// The search builds boxes for every call of every step of every candidate
/// schedule: up to rank 4 they are kept inline, not allocated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SliceBox {
    pub start: BoxDims,
    pub size: BoxDims,
}

/// The per-dim coordinates of a `SliceBox`.
pub type BoxDims = smallvec::SmallVec<[i64; 4]>;

impl SliceBox {
    /// The box of `start` and `size` (one entry per dim each).
    pub fn new(start: &[i64], size: &[i64]) -> Self {
        SliceBox { start: start.into(), size: size.into() }
    }
    /// The whole tensor of `shape`.
    pub fn whole(shape: &[i64]) -> Self {
        SliceBox { start: smallvec::smallvec![0; shape.len()], size: shape.into() }
    }
    /// One past the last index along `d`.
    pub fn end(&self, d: usize) -> i64 {
        self.start[d] + self.size[d]
    }
    /// Part `index` of this box cut into `factors` parts per dim: parts of
    /// `ceil(size / factor)` elements, the last ones shorter or empty (the
    /// tile's box from the sharding, then the step's box from the split).
    pub fn part(&self, factors: &[i64], index: &[i64]) -> SliceBox {
        let mut b = self.clone();
        for d in 0..b.start.len() {
            let f = factors.get(d).copied().unwrap_or(1).max(1);
            let i = index.get(d).copied().unwrap_or(0).clamp(0, f - 1);
            let len = (self.size[d] + f - 1) / f;
            let lo = (self.start[d] + i * len).min(self.end(d));
            b.start[d] = lo;
            b.size[d] = (lo + len).min(self.end(d)) - lo;
        }
        b
    }
    /// Whether the box lies inside a tensor of `shape`.
    pub fn fits(&self, shape: &[i64]) -> bool {
        self.start.len() == shape.len()
            && self.size.len() == shape.len()
            && (0..shape.len()).all(|d| self.start[d] >= 0 && self.size[d] >= 0 && self.end(d) <= shape[d])
    }
}

/// One table for every op: `dim_map` and the special cases dispatch on `OpKind`.
pub(crate) const HOOKS: ShardingInterface =
    ShardingInterface { tile_sharding_split, temporal_slice_shape, back_window };

/// Which output dim each operand dim follows, and the output dims that
/// may not be sharded / split.
struct DimMap {
    operands: Vec<Vec<Option<usize>>>,
    no_shard: Vec<usize>,
    no_split: Vec<usize>,
}

fn operand_shape(ctx: &Context, body: &Body, op: Op, i: usize) -> Vec<i64> {
    shape_of(ctx, body.value_type(body.operand(op, i)))
}

fn out_shape(ctx: &Context, body: &Body, op: Op) -> Vec<i64> {
    shape_of(ctx, body.value_type(body.result(op, 0)))
}

/// Right-aligned broadcasting: operand dim -> output dim unless stretched.
fn broadcast_map(operand: &[i64], out: &[i64]) -> Vec<Option<usize>> {
    let off = out.len() - operand.len().min(out.len());
    operand.iter().enumerate().map(|(j, &s)| if s == out[off + j] { Some(off + j) } else { None }).collect()
}

fn identity(rank: usize) -> Vec<Option<usize>> {
    (0..rank).map(Some).collect()
}

fn dim_map(ctx: &Context, body: &Body, op: Op) -> Result<DimMap, String> {
    let kind = op_kind(ctx, body, op).ok_or("is not a tx8be op")?;
    let out = out_shape(ctx, body, op);
    let r = out.len();
    let n = body.num_operands(op);
    let shapes: Vec<Vec<i64>> = (0..n).map(|i| operand_shape(ctx, body, op, i)).collect();
    let mut no_shard = vec![];
    let mut no_split = vec![];
    let operands = match kind {
        OpKind::Unary
        | OpKind::Cast
        | OpKind::Binary
        | OpKind::Select
        | OpKind::LoadVar
        | OpKind::LoadConst
        | OpKind::StoreVar
        | OpKind::Const => shapes.iter().map(|s| broadcast_map(s, &out)).collect(),
        OpKind::ChannelNorm => {
            // Channel blocks must stay whole.
            no_shard.push(r - 1);
            no_split.push(r - 1);
            vec![identity(r)]
        }
        OpKind::BatchNormInference => {
            // The seed's rule: shard only on C, split only the other dims;
            // scale/offset/mean/variance follow C and are never split.
            no_shard.extend(0..r - 1);
            no_split.push(r - 1);
            let mut v = vec![identity(r)];
            for s in &shapes[1..] {
                v.push((0..s.len()).map(|j| if j + 1 == s.len() { Some(r - 1) } else { None }).collect());
            }
            v
        }
        OpKind::Softmax | OpKind::LayerNorm => {
            no_shard.push(r - 1);
            no_split.push(r - 1);
            let mut v = vec![identity(r)];
            for s in &shapes[1..] {
                v.push(vec![None; s.len()]);
            }
            v
        }
        OpKind::Gemm => {
            let ta = attr_bool(ctx, body, op, "trans_a").unwrap_or(false);
            let tb = attr_bool(ctx, body, op, "trans_b").unwrap_or(false);
            let (m, nn) = (r - 2, r - 1);
            let batch = if r == 3 { vec![Some(0)] } else { vec![] };
            let mut a = batch.clone();
            a.extend(if ta { [None, Some(m)] } else { [Some(m), None] });
            let mut b = if shapes[1].len() == 3 { batch } else { vec![] };
            b.extend(if tb { [Some(nn), None] } else { [None, Some(nn)] });
            let mut v = vec![a, b];
            if n == 3 {
                v.push(vec![Some(nn)]);
            }
            v
        }
        OpKind::Conv => {
            // N and rows (with halo) follow the output; output channels
            // split the weight and bias (and the input's channels of whole
            // groups, fixed up in `tile_sharding_split`); a psum is the
            // output's box.
            no_shard.push(2);
            no_split.push(2);
            let mut v = vec![vec![Some(0), Some(1), None, None], vec![None, None, None, Some(3)]];
            if n >= 3 {
                v.push(vec![Some(3)]);
            }
            if n == 4 {
                v.push(vec![Some(0), Some(1), Some(2), Some(3)]);
            }
            v
        }
        OpKind::Pool => {
            no_shard.push(2);
            no_split.push(2);
            vec![vec![Some(0), Some(1), None, Some(3)]]
        }
        OpKind::Resize => {
            no_shard.extend([1, 2]);
            no_split.extend([1, 2]);
            vec![vec![Some(0), None, None, Some(3)]]
        }
        OpKind::Reduce => {
            let axes = reduce_axes(ctx, body, op)?;
            let keep = attr_bool(ctx, body, op, "keepdims").unwrap_or(false);
            let mut map = vec![];
            let mut k = 0;
            for i in 0..shapes[0].len() {
                if axes.contains(&i) {
                    map.push(None);
                    if keep {
                        no_shard.push(k);
                        no_split.push(k);
                        k += 1;
                    }
                } else {
                    map.push(Some(k));
                    k += 1;
                }
            }
            vec![map]
        }
        OpKind::Transpose => {
            let perm = perm_of(ctx, body, op)?;
            vec![(0..r).map(|j| perm.iter().position(|&p| p == j)).collect()]
        }
        OpKind::Concat => {
            let axis = normalize_axis(attr_i64(ctx, body, op, "axis").ok_or("requires attribute 'axis'")?, r, "axis")?;
            no_shard.push(axis);
            no_split.push(axis);
            vec![identity(r); n]
        }
        OpKind::Slice | OpKind::Pad => {
            let x = &shapes[0];
            for d in 0..r {
                let whole = if kind == OpKind::Slice {
                    let s = attr_ints(ctx, body, op, "starts").unwrap_or_default();
                    let st = attr_ints(ctx, body, op, "strides").unwrap_or_default();
                    out[d] == x[d] && s.get(d) == Some(&0) && st.get(d) == Some(&1)
                } else {
                    // Only an untouched dim maps element for element.
                    let zero =
                        |name: &str| attr_ints(ctx, body, op, name).is_none_or(|v| v.get(d).is_none_or(|&p| p == 0));
                    out[d] == x[d] && zero("pads_low") && zero("pads_high") && zero("interior")
                };
                if !whole {
                    no_shard.push(d);
                    no_split.push(d);
                }
            }
            vec![identity(r)]
        }
        OpKind::Gather => {
            let t = &shapes[0];
            let axis =
                normalize_axis(attr_i64(ctx, body, op, "axis").ok_or("requires attribute 'axis'")?, t.len(), "axis")?;
            let ir = shapes[1].len();
            let table = (0..t.len())
                .map(|j| {
                    if j < axis {
                        Some(j)
                    } else if j == axis {
                        None
                    } else {
                        Some(j + ir - 1)
                    }
                })
                .collect();
            let idx = (0..ir).map(|j| Some(axis + j)).collect();
            // The operator library gathers whole rows of a DDR table
            // (op_gather): the output dims that come from the table stay
            // whole; only the index dims are cut.
            for j in (0..r).filter(|&j| j < axis || j >= axis + ir) {
                no_shard.push(j);
                no_split.push(j);
            }
            vec![table, idx]
        }
        OpKind::Reshape => return Err("reshape is mapped by flat ranges, not dims".into()),
        OpKind::Group | OpKind::Yield => return Err("has no sharding rule".into()),
    };
    Ok(DimMap { operands, no_shard, no_split })
}

fn tile_sharding_split(
    ctx: &Context,
    body: &Body,
    op: Op,
    out: &ShardingSplitParam,
) -> Result<Vec<ShardingSplitParam>, String> {
    if op_kind(ctx, body, op) == Some(OpKind::Reshape) {
        return reshape_sharding_split(ctx, body, op, out);
    }
    let map = dim_map(ctx, body, op)?;
    for &d in &map.no_shard {
        if out.out_sharding[d] != 1 {
            return Err(format!("cannot shard output dim {d} (sharding {:?})", out.out_sharding));
        }
    }
    for &d in &map.no_split {
        if out.out_split[d] != 1 {
            return Err(format!("cannot split output dim {d} (split {:?})", out.out_split));
        }
    }
    let mut params: Vec<ShardingSplitParam> = map
        .operands
        .iter()
        .map(|m| ShardingSplitParam {
            out_sharding: m.iter().map(|o| o.map_or(1, |d| out.out_sharding[d])).collect(),
            out_split: m.iter().map(|o| o.map_or(1, |d| out.out_split[d])).collect(),
        })
        .collect();
    if op_kind(ctx, body, op) == Some(OpKind::Conv) {
        // Grouped conv: a part of the output channels needs the input
        // channels of its groups. The tiles' parts must each be whole
        // groups or lie inside one group (`conv_box_groups`): any parts
        // are when a group has one output channel, f parts of O/f
        // channels when O/f is a multiple or a divisor of the group
        // width (f dividing O: the parts are equal, however the tiles
        // round them). A split is a slice size, not a
        // factor: its boxes are checked one by one (`window_boxes`), and
        // the search offers slices of whole groups or of parts of one.
        let g = attr_i64(ctx, body, op, "group").unwrap_or(1);
        if g > 1 {
            let o = operand_shape(ctx, body, op, 1).get(3).copied().unwrap_or(g);
            let f = out.out_sharding[3];
            let (og, part) = ((o / g).max(1), if o % f == 0 { o / f } else { 0 });
            if og > 1 && (part == 0 || (part % og != 0 && og % part != 0)) {
                return Err(format!(
                    "output channel sharding {f} cuts the groups of {og} output channels ({g} groups)"
                ));
            }
            params[0].out_sharding[3] = out.out_sharding[3];
            params[0].out_split[3] = out.out_split[3];
        }
    }
    Ok(params)
}

/// How many groups one call of a conv of `groups` groups (`out_channels`
/// output channels in all) computes when its box holds output channels
/// `o0..o1`: the box's whole groups, or 1 when the box lies inside one
/// group (a smaller conv of that group's input channels); `None` when the
/// box cuts a group and holds more than it.
///
/// Such a box is refused (`window_boxes`) and the search never makes one
/// (the tiles' parts: `tile_sharding_split`; the steps' slices:
/// `tx8be_transforms::boxes::slice_sizes`), rather than the operator
/// library taking it: its first and last groups would be narrower than
/// the others, and the NE's grouped conv (`op_conv2d`, the C model's
/// `NeConv`) runs groups of one width over dense channels; a call per
/// partial group would need strided channel ranges of the SPM buffers,
/// and the cut group's input channels would be read on both sides of the
/// cut. Boxes of whole groups or of part of one group exist down to one
/// output channel, so restricting the boxes never leaves a conv without
/// a schedule.
pub fn conv_box_groups(groups: i64, out_channels: i64, o0: i64, o1: i64) -> Option<i64> {
    let g = groups.max(1);
    if g == 1 {
        return Some(1);
    }
    let og = (out_channels / g).max(1);
    if o1 <= o0 {
        return Some(0);
    }
    if o0 % og == 0 && o1 % og == 0 {
        Some((o1 - o0) / og)
    } else if o0 / og == (o1 - 1) / og {
        Some(1)
    } else {
        None
    }
}

/// Products of the dims before each index (and the total at `len`).
fn prefix_products(s: &[i64]) -> Vec<i64> {
    let mut p = vec![1i64];
    for &d in s {
        p.push(p.last().expect("non-empty") * d);
    }
    p
}

/// A sharded output dim of a reshape must start at the same flat boundary
/// as an input dim that the factor divides: then every part is a box of
/// both shapes.
fn reshape_sharding_split(
    ctx: &Context,
    body: &Body,
    op: Op,
    out: &ShardingSplitParam,
) -> Result<Vec<ShardingSplitParam>, String> {
    let x = operand_shape(ctx, body, op, 0);
    let y = out_shape(ctx, body, op);
    let (px, py) = (prefix_products(&x), prefix_products(&y));
    let mut p = ShardingSplitParam::whole(x.len());
    for d in 0..y.len() {
        for (which, f, dst) in [("shard", out.out_sharding[d], 0), ("split", out.out_split[d], 1)] {
            if f == 1 {
                continue;
            }
            let j = (0..x.len()).find(|&j| px[j] == py[d] && x[j] % f == 0 && x[j] > 1);
            let Some(j) = j else {
                return Err(format!("cannot {which} output dim {d} by {f}: no input dim starts at the same element with a size it divides"));
            };
            let v = if dst == 0 { &mut p.out_sharding } else { &mut p.out_split };
            v[j] *= f;
        }
    }
    Ok(vec![p])
}

fn temporal_slice_shape(ctx: &Context, body: &Body, op: Op, out: &SliceBox) -> Result<Vec<SliceBox>, String> {
    let kind = op_kind(ctx, body, op).ok_or("is not a tx8be op")?;
    let n = body.num_operands(op);
    let shapes: Vec<Vec<i64>> = (0..n).map(|i| operand_shape(ctx, body, op, i)).collect();
    match kind {
        OpKind::Reshape => return reshape_box(&shapes[0], &out_shape(ctx, body, op), out).map(|b| vec![b]),
        OpKind::Conv | OpKind::Pool => return window_boxes(ctx, body, op, kind, &shapes, out),
        OpKind::Concat => {
            let axis = normalize_axis(
                attr_i64(ctx, body, op, "axis").ok_or("requires attribute 'axis'")?,
                out.start.len(),
                "axis",
            )?;
            let mut offset = 0;
            return Ok(shapes
                .iter()
                .map(|s| {
                    let mut b = out.clone();
                    let lo = (out.start[axis] - offset).clamp(0, s[axis]);
                    let hi = (out.end(axis) - offset).clamp(0, s[axis]);
                    b.start[axis] = lo;
                    b.size[axis] = hi - lo;
                    offset += s[axis];
                    b
                })
                .collect());
        }
        OpKind::Slice => {
            let starts = attr_ints(ctx, body, op, "starts").ok_or("requires attribute 'starts'")?;
            let steps = attr_ints(ctx, body, op, "strides").ok_or("requires attribute 'strides'")?;
            let mut b = out.clone();
            for d in 0..b.start.len() {
                b.start[d] = starts[d] + out.start[d] * steps[d];
                b.size[d] = if out.size[d] == 0 { 0 } else { (out.size[d] - 1) * steps[d] + 1 };
            }
            return Ok(vec![b]);
        }
        OpKind::Pad => {
            let low = attr_ints(ctx, body, op, "pads_low").ok_or("requires attribute 'pads_low'")?;
            let interior = attr_ints(ctx, body, op, "interior").unwrap_or_else(|| vec![0; out.start.len()]);
            let mut b = out.clone();
            for d in 0..b.start.len() {
                // Input element k sits at low + k * step: the ones in [start, end).
                let step = interior[d] + 1;
                let lo =
                    (out.start[d] - low[d]).div_euclid(step) + ((out.start[d] - low[d]).rem_euclid(step) != 0) as i64;
                let hi = (out.end(d) - 1 - low[d]).div_euclid(step) + 1;
                let (lo, hi) = (lo.clamp(0, shapes[0][d]), hi.clamp(0, shapes[0][d]));
                b.start[d] = lo;
                b.size[d] = (hi - lo).max(0);
            }
            return Ok(vec![b]);
        }
        OpKind::Resize => {
            let mut b = out.clone();
            for axis in 0..2 {
                let w =
                    resize_rows(ctx, body, op, axis, RowRange { start: out.start[1 + axis], end: out.end(1 + axis) })?;
                b.start[1 + axis] = w.rows.start;
                b.size[1 + axis] = w.rows.len();
            }
            return Ok(vec![b]);
        }
        _ => {}
    }
    let map = dim_map(ctx, body, op)?;
    Ok(map
        .operands
        .iter()
        .zip(&shapes)
        .map(|(m, s)| SliceBox {
            start: m.iter().map(|o| o.map_or(0, |d| out.start[d])).collect(),
            size: m.iter().zip(s).map(|(o, &whole)| o.map_or(whole, |d| out.size[d])).collect(),
        })
        .collect())
}

/// Conv and Pool: rows and columns with their halo; channels of whole
/// groups (Conv) or the output's channels (Pool).
fn window_boxes(
    ctx: &Context,
    body: &Body,
    op: Op,
    kind: OpKind,
    shapes: &[Vec<i64>],
    out: &SliceBox,
) -> Result<Vec<SliceBox>, String> {
    let win = Window2d::of_op(ctx, body, op).ok_or("malformed window attributes")?;
    let x = &shapes[0];
    let mut input = out.clone();
    for axis in 0..2 {
        let w = win.back_window(axis, x[1 + axis], RowRange { start: out.start[1 + axis], end: out.end(1 + axis) });
        input.start[1 + axis] = w.rows.start;
        input.size[1 + axis] = w.rows.len();
    }
    if kind == OpKind::Pool {
        return Ok(vec![input]);
    }
    let w = &shapes[1];
    let g = attr_i64(ctx, body, op, "group").unwrap_or(1).max(1);
    let (cg, og) = (x[3] / g, w[3] / g);
    let (o0, o1) = (out.start[3], out.end(3));
    if g == 1 || out.size[3] == 0 {
        input.start[3] = 0;
        input.size[3] = x[3];
    } else {
        if conv_box_groups(g, w[3], o0, o1).is_none() {
            return Err(format!("output channels {o0}..{o1} cut a group of {og} channels: a box of a grouped conv holds whole groups or part of one group"));
        }
        let (g0, g1) = (o0 / og, (o1 - 1) / og + 1);
        input.start[3] = g0 * cg;
        input.size[3] = (g1 - g0) * cg;
    }
    let weight = SliceBox::new(&[0, 0, 0, o0], &[w[0], w[1], w[2], o1 - o0]);
    let mut boxes = vec![input, weight];
    if shapes.len() >= 3 {
        boxes.push(SliceBox::new(&[o0], &[o1 - o0]));
    }
    if shapes.len() == 4 {
        boxes.push(out.clone());
    }
    Ok(boxes)
}

/// A reshape maps a box to a box only when the box is one contiguous
/// flat range that is also a box of the other shape.
fn reshape_box(x: &[i64], y: &[i64], out: &SliceBox) -> Result<SliceBox, String> {
    let total: i64 = y.iter().product();
    if out.size.contains(&0) || total == 0 {
        return Ok(SliceBox { start: smallvec::smallvec![0; x.len()], size: smallvec::smallvec![0; x.len()] });
    }
    // Contiguous: size 1 before some dim d, anything at d, whole after d.
    let d = (0..y.len()).find(|&d| out.size[d] != 1).unwrap_or(y.len());
    if (d + 1..y.len()).any(|e| out.size[e] != y[e]) {
        return Err(format!("output box {out:?} of a reshape is not one contiguous range"));
    }
    let ys = super::tensor::strides(y);
    let lo: i64 = (0..y.len()).map(|d| out.start[d] * ys[d]).sum();
    let len: i64 = out.size.iter().product();
    let hi = lo + len;
    // The outermost input dim j such that the range is whole rows of dims after j within one index of dims before j.
    let xs = super::tensor::strides(x);
    for j in 0..x.len() {
        let inner = xs[j];
        let outer_block = inner * x[j];
        if lo % inner == 0 && hi % inner == 0 && lo / outer_block == (hi - 1) / outer_block {
            let mut start: BoxDims = smallvec::smallvec![0; x.len()];
            let mut size: BoxDims = x.into();
            let mut rem = lo;
            for e in 0..j {
                start[e] = rem / xs[e];
                rem %= xs[e];
                size[e] = 1;
            }
            start[j] = rem / inner;
            size[j] = len / inner;
            return Ok(SliceBox { start, size });
        }
    }
    Err(format!("output box {out:?} of a reshape is not a box of the input shape {x:?}"))
}

/// Resize: the source rows an output row range interpolates from.
fn resize_rows(ctx: &Context, body: &Body, op: Op, axis: usize, out: RowRange) -> Result<BackWindow, String> {
    let x = operand_shape(ctx, body, op, 0);
    let y = out_shape(ctx, body, op);
    let scales = attr_floats(ctx, body, op, "scales").ok_or("requires attribute 'scales'")?;
    let coord = attr_str(ctx, body, op, "coordinate_mode").unwrap_or_default();
    let (input, output) = (x[1 + axis], y[1 + axis]);
    if out.is_empty() {
        return Ok(BackWindow { rows: RowRange { start: 0, end: 0 }, pad_before: 0, pad_after: 0 });
    }
    let src = |o: i64| resize_source(&coord, o, scales[axis], input, output);
    // Nearest may round up, linear reads the next row: one row of margin each side.
    let lo = (src(out.start).floor() as i64 - 1).clamp(0, input - 1);
    let hi = (src(out.end - 1).ceil() as i64 + 2).clamp(lo + 1, input);
    Ok(BackWindow { rows: RowRange { start: lo, end: hi }, pad_before: 0, pad_after: 0 })
}

fn back_window(ctx: &Context, body: &Body, op: Op, axis: usize, out: RowRange) -> Result<BackWindow, String> {
    if axis > 1 {
        return Err(format!("window axis {axis} must be 0 (H) or 1 (W)"));
    }
    let kind = op_kind(ctx, body, op).ok_or("is not a tx8be op")?;
    let y = out_shape(ctx, body, op);
    if y.len() != 4 {
        return Err("rows are the H axis of a rank-4 NHWC result".into());
    }
    if out.start < 0 || out.end > y[1 + axis] || out.start > out.end {
        return Err(format!("output rows [{}, {}) are outside [0, {})", out.start, out.end, y[1 + axis]));
    }
    match kind {
        OpKind::Conv | OpKind::Pool => {
            let win = Window2d::of_op(ctx, body, op).ok_or("malformed window attributes")?;
            Ok(win.back_window(axis, operand_shape(ctx, body, op, 0)[1 + axis], out))
        }
        OpKind::Resize => resize_rows(ctx, body, op, axis, out),
        _ => {
            // Row-preserving ops: the operand's rows are the output's.
            let map = dim_map(ctx, body, op)?;
            match map.operands.first() {
                Some(m) if m.get(1 + axis) == Some(&Some(1 + axis)) => {
                    Ok(BackWindow { rows: out, pad_before: 0, pad_after: 0 })
                }
                _ => Err("does not map output rows to input rows".into()),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_cover_the_box_once() {
        // 10 rows over 4 tiles: 3, 3, 3, 1; then tile 1's rows in 2 steps: 2, 1.
        let whole = SliceBox::whole(&[10, 6]);
        let sizes: Vec<i64> = (0..4).map(|i| whole.part(&[4, 1], &[i, 0]).size[0]).collect();
        assert_eq!(sizes, vec![3, 3, 3, 1]);
        let tile = whole.part(&[4, 2], &[1, 1]);
        assert_eq!(tile, SliceBox::new(&[3, 3], &[3, 3]));
        assert_eq!(tile.part(&[2, 1], &[1, 0]), SliceBox::new(&[5, 3], &[1, 3]));
        // More parts than elements: the extra parts are empty.
        assert_eq!(SliceBox::whole(&[2]).part(&[4], &[3]).size[..], [0]);
    }

    #[test]
    fn reshape_boxes_follow_flat_ranges() {
        // [4, 6] -> [2, 2, 6]: output rows 1 of dim 0 is input rows 2..4.
        let b = reshape_box(&[4, 6], &[2, 2, 6], &SliceBox::new(&[1, 0, 0], &[1, 2, 6])).unwrap();
        assert_eq!(b, SliceBox::new(&[2, 0], &[2, 6]));
        // [2, 12] -> [2, 2, 6]: one row of 6 within input row 1.
        let b = reshape_box(&[2, 12], &[2, 2, 6], &SliceBox::new(&[1, 1, 0], &[1, 1, 6])).unwrap();
        assert_eq!(b, SliceBox::new(&[1, 6], &[1, 6]));
        // Columns 0..3 of every row are not contiguous.
        assert!(reshape_box(&[4, 6], &[4, 6], &SliceBox::new(&[0, 0], &[4, 3])).is_err());
    }
}
