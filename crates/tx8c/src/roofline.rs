//! The roofline bound of ../shared/tx8/hardware.md for a compiled model:
//!
//!     T_lb = max(F / NE_peak(dtype), V / CGRA_peak(dtype), B / DDR bandwidth)
//!
//! F counts the NE's FLOPs (2 per multiply-accumulate of every conv and
//! gemm), V the CGRA's element operations (one per element an element-wise,
//! normalisation, reduction or pooling op produces or reads, whichever is
//! more, transcendental ones weighted by their 1/4 rate), B the compulsory
//! DDR bytes: every weight once, the inputs and the outputs. A table only
//! Gathers read (an embedding) counts the rows they return, at most the
//! whole table: a Gather reads its table from DDR row by row. Data movement
//! that could stay on chip (transposes, concats, intermediate activations)
//! is not compulsory. Every figure comes from `HardwareConfig`.

use serde::Serialize;
use strata_ir::{Body, Context, Op, Type};
use tx8_cmodel::HardwareConfig;
use tx8be::{op_kind, OpKind};

use crate::codegen::read_ir::fmt_of;

/// The work of a model (or a group) and its lower bound in cycles.
#[derive(Debug, Clone, Default, Serialize, PartialEq)]
pub struct Roofline {
    pub ne_flops: f64,
    pub cgra_ops: f64,
    pub ddr_bytes: f64,
    pub bound_cycles: f64,
    /// Which term binds: "ne", "cgra" or "ddr".
    pub binding: String,
}

fn elems(ctx: &Context, t: Type) -> f64 {
    ctx.shape(t).map(|s| s.iter().product::<i64>() as f64).unwrap_or(0.0)
}

fn bytes(ctx: &Context, t: Type) -> f64 {
    elems(ctx, t) * fmt_of(ctx, t).map(|f| f.size() as f64).unwrap_or(4.0)
}

/// NE FLOPs and CGRA element-ops of one compute op.
pub fn op_work(ctx: &Context, body: &Body, op: Op, hw: &HardwareConfig) -> (f64, f64) {
    let out = body.value_type(body.result(op, 0));
    let out_elems = elems(ctx, out);
    let in_elems = body.operands(op).map(|v| elems(ctx, body.value_type(v))).fold(0.0, f64::max);
    let shape = |i: usize| ctx.shape(body.value_type(body.operand(op, i))).map(|s| s.to_vec()).unwrap_or_default();
    let slow = hw.ct_transcendental_slowdown as f64;
    let Some(kind) = op_kind(ctx, body, op) else { return (0.0, 0.0) };
    match kind {
        OpKind::Conv => {
            let w = shape(1);
            (2.0 * out_elems * w.iter().take(3).product::<i64>() as f64, 0.0)
        }
        OpKind::Gemm => {
            let a = shape(0);
            let k = if tx8be::dialect::values::attr_bool(ctx, body, op, "trans_a").unwrap_or(false) {
                a[a.len() - 2]
            } else {
                a[a.len() - 1]
            };
            (2.0 * out_elems * k as f64, 0.0)
        }
        OpKind::Unary => {
            let transcendental =
                tx8be::dialect::kinds::unary_kind(ctx, body, op).is_some_and(|k| k.is_transcendental());
            (0.0, out_elems * if transcendental { slow } else { 1.0 })
        }
        OpKind::Softmax => (0.0, in_elems * slow),
        OpKind::Binary
        | OpKind::Select
        | OpKind::Cast
        | OpKind::BatchNormInference
        | OpKind::LayerNorm
        | OpKind::Reduce
        | OpKind::Pool => (0.0, out_elems.max(in_elems)),
        // Data movement and structure: no NE or CGRA work to count.
        OpKind::Transpose
        | OpKind::Reshape
        | OpKind::Concat
        | OpKind::Slice
        | OpKind::Gather
        | OpKind::Pad
        | OpKind::Resize
        | OpKind::ChannelNorm
        | OpKind::Const
        | OpKind::Group
        | OpKind::Yield
        | OpKind::LoadVar
        | OpKind::LoadConst
        | OpKind::StoreVar => (0.0, 0.0),
    }
}

/// The card's peak rates, per cycle over all tiles.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Peaks {
    pub ne_flops: f64,
    pub cgra_ops: f64,
    pub ddr_bytes: f64,
}

impl Peaks {
    pub fn of(hw: &HardwareConfig, fp32: bool) -> Peaks {
        let tiles = hw.tiles() as f64;
        let macs = (hw.ne_arrays * hw.ne_block_m * hw.ne_block_k * hw.ne_block_n) as f64;
        let lanes = if fp32 { hw.ct_lanes_32bit } else { hw.ct_lanes_16bit } as f64;
        Peaks {
            ne_flops: tiles * 2.0 * macs / if fp32 { hw.ne_fp32_slowdown as f64 } else { 1.0 },
            cgra_ops: tiles * lanes,
            ddr_bytes: hw.ddr_bytes_per_cycle,
        }
    }
}

impl Roofline {
    /// The bound of `ne_flops`, `cgra_ops` and `ddr_bytes` at `dtype`'s peaks.
    pub fn finish(mut self, hw: &HardwareConfig, fp32: bool) -> Roofline {
        let peaks = Peaks::of(hw, fp32);
        let terms = [
            ("ne", self.ne_flops / peaks.ne_flops),
            ("cgra", self.cgra_ops / peaks.cgra_ops),
            ("ddr", self.ddr_bytes / peaks.ddr_bytes),
        ];
        let (name, bound) = terms.iter().fold(("ne", 0.0), |acc, &(n, t)| if t > acc.1 { (n, t) } else { acc });
        self.bound_cycles = bound;
        self.binding = name.to_string();
        self
    }
}

/// The DDR bytes constant `c` must be read in: all of it, unless Gathers
/// (through its load_consts) are its only readers, as their table; they
/// read no more than the rows they return.
fn compulsory_const_bytes(ctx: &Context, body: &Body, c: Op) -> f64 {
    let v = body.result(c, 0);
    let whole = bytes(ctx, body.value_type(v));
    let mut gathered = 0.0;
    let mut pending = vec![v];
    while let Some(v) = pending.pop() {
        for (user, i) in body.uses(v) {
            match op_kind(ctx, body, user) {
                Some(OpKind::LoadConst) => pending.push(body.result(user, 0)),
                Some(OpKind::Gather) if i == 0 => gathered += bytes(ctx, body.value_type(body.result(user, 0))),
                _ => return whole,
            }
        }
    }
    if gathered > 0.0 {
        whole.min(gathered)
    } else {
        whole
    }
}

/// The roofline of a lowered function body (`tx8be` ops, grouped or not):
/// F and V over every compute op, B = weights + arguments + results.
pub fn model_roofline(ctx: &Context, body: &Body, hw: &HardwareConfig, fp32: bool) -> Roofline {
    let mut r = Roofline::default();
    let mut visit = |op: Op| {
        let (f, v) = op_work(ctx, body, op, hw);
        r.ne_flops += f;
        r.cgra_ops += v;
    };
    let Some(&region) = body.root_regions().first() else { return r };
    let Some(entry) = body.first_block(region) else { return r };
    for op in body.block_ops(entry) {
        match op_kind(ctx, body, op) {
            Some(OpKind::Const) => r.ddr_bytes += compulsory_const_bytes(ctx, body, op),
            None if ctx.op_name_str(body.op_name(op)) == "func.return" => {
                for v in body.operands(op) {
                    r.ddr_bytes += bytes(ctx, body.value_type(v));
                }
            }
            Some(OpKind::Group) => {
                // Every compute op of the group: a multi-op group keeps its
                // intermediates on chip, but each op still does its work.
                if let Some(anchor) = tx8be::schedule::groups::group_compute_op(ctx, body, op) {
                    match tx8be::schedule::group_calls::GroupCalls::of_anchor(ctx, body, anchor) {
                        Ok(g) => g.calls.iter().for_each(|&c| visit(c)),
                        Err(_) => visit(anchor),
                    }
                }
            }
            _ => visit(op),
        }
    }
    for &a in body.block_args(entry) {
        r.ddr_bytes += bytes(ctx, body.value_type(a));
    }
    r.finish(hw, fp32)
}
