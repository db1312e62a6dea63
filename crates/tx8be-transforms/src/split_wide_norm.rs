//! `tx8be-split-wide-norm`: a `tx8be.LayerNorm` whose normalized row is
//! too long for one tile becomes its statistics computed in two levels of
//! reductions, each small enough to shard.
//!
//! The library's layer norm holds a whole row in SPM (the row, its result,
//! gamma, beta and two fp32 row buffers), so the sharding can cut the rows
//! but never a row. `GroupNorm(1, C)` (PoolFormer, ConvNeXt-style stems)
//! exports as a layer norm over C*H*W: at 64x56x56 one row needs more
//! than a tile's SPM and the model could not be compiled at all.
//!
//! With the row `R = k * c` (`k` the smallest divisor of R that is at
//! least the tile count and leaves chunks that fit, `k <= c`), on `x`
//! reshaped to `[rows, k, c]`:
//!
//! ```text
//! mean = Reduce mean(Reduce mean(x, axis 2, keep), axis 1, keep)   [rows,1,1]
//! d    = x - mean                                  (rms: d = x, no centring)
//! var  = Reduce mean(Reduce mean(d * d, axis 2, keep), axis 1, keep)
//! y    = d * rsqrt(var + eps) [* gamma] [+ beta]   then reshaped back
//! ```
//!
//! The chunks are equal, so the mean of the chunk means is the mean; the
//! variance is taken of the centred values (not `E[x^2] - E[x]^2`, which
//! cancels badly in bf16). Gamma and beta are dropped when they are ones
//! and zeros (as a GroupNorm's are: its affine is per channel, after the
//! norm), else cast to the row's element type. The statistics round to
//! the element type between the levels, which the library's op does not:
//! the price of a model that compiles.
//!
//! A row that fits is left alone, even when the rows are fewer than the
//! tiles and all but one tile idle: the statistics' levels are separate
//! groups (a level-two reduction reads every tile's chunks), each paying
//! a launch and a barrier, and that costs more than the idle tiles do
//! (PoolFormer-S12 at 224: 3.04 M cycles with every single-row norm split
//! against 2.53 M with only the rows that do not fit). A row
//! with no divisor giving chunks that fit (a long prime length) stays too,
//! and the sharding reports that it does not fit.

use strata_ir::{Attribute, Body, Context, Diagnostic, Op, Type, Value};
use strata_pass::pass::PassTarget;
use strata_pass::PreservedAnalyses;
use tx8_target::HardwareConfig;
use tx8be::dialect::build::create_compute_op;
use tx8be::dialect::kinds::{BinaryKind, ReduceKind, UnaryKind};
use tx8be::dialect::values::{attr_bool, attr_f64, dense_i64_array};
use tx8be::schedule::steps::{align, elem_bytes};
use tx8be::{op_kind, OpKind};

use crate::dense::ConstTensor;
use crate::entry_rewrite::rewrite_entry_ops;
use crate::fold_constants::{const_value, new_const};

strata_pass::option_free_pass! {
    pub struct SplitWideNorm;
    argument: "tx8be-split-wide-norm",
    name: "Tx8beSplitWideNorm",
    description: "Compute a layer norm whose row does not fit one tile's SPM with two levels of sharded reductions",
    anchor: Some("func.func"),
}

impl SplitWideNorm {
    fn run_on(&self, target: &mut PassTarget<'_>) -> Result<PreservedAnalyses, Diagnostic> {
        let hw = crate::attach_target::hardware(target)?;
        Ok(rewrite_entry_ops(target, |ctx, body, op| split(ctx, body, op, &hw)))
    }
}

/// The SPM one row of `op` needs in the library's call: the row in and
/// out, gamma and beta, and the call's fp32 buffers (`oplib::imm_bytes`).
fn row_bytes(ctx: &Context, body: &Body, op: Op, row: i64, hw: &HardwareConfig) -> Option<u64> {
    let bank = hw.spm_bank_bytes.max(1);
    let rank = ctx.shape(body.value_type(body.operand(op, 0)))?.len();
    let mut slice = vec![1i64; rank];
    slice[rank - 1] = row;
    let imm = tx8be::interfaces::imm_bytes(ctx, body, op, &slice, hw).ok()?;
    let operands: u64 = body.operands(op).map(|v| align(row as u64 * elem_bytes(ctx, body.value_type(v)), bank)).sum();
    let out = align(row as u64 * elem_bytes(ctx, body.value_type(body.result(op, 0))), bank);
    Some(align(imm, bank) + operands + out)
}

/// Whether `v` is a constant whose every element is `x`.
fn is_splat_of(ctx: &Context, body: &Body, v: Value, x: f64) -> bool {
    const_value(ctx, body, v).is_some_and(|t| (0..t.elems()).all(|i| t.get(i) == x))
}

fn split(ctx: &Context, body: &mut Body, op: Op, hw: &HardwareConfig) -> bool {
    if op_kind(ctx, body, op) != Some(OpKind::LayerNorm) {
        return false;
    }
    let x = body.operand(op, 0);
    let Some(dims) = ctx.shape(body.value_type(x)).map(<[i64]>::to_vec) else { return false };
    let Some(&row) = dims.last() else { return false };
    let window = hw.spm_usable_end.saturating_sub(hw.spm_usable_start);
    if row_bytes(ctx, body, op, row, hw).is_none_or(|b| b <= window) {
        return false;
    }
    let tiles = i64::from(hw.tiles()).max(1);
    // Chunks of a quarter of the window at most: the reductions over them
    // then fit with their buffers and double buffering. No more chunks
    // than a chunk's length: the level-two reduction over the chunks must
    // fit as well.
    let Some(k) = (tiles..)
        .take_while(|&k| k * k <= row)
        .find(|&k| row % k == 0 && row_bytes(ctx, body, op, row / k, hw).is_some_and(|b| b <= window / 4))
    else {
        return false;
    };
    match rewrite(ctx, body, op, &dims, k) {
        Ok(()) => true,
        // Every op built above is checked by its shape rule; a refusal
        // leaves the layer norm as it was (the sharding reports it).
        Err(_) => false,
    }
}

/// The ops built before `op`, in order, erased again when one is refused.
struct Builder<'a> {
    ctx: &'a Context,
    op: Op,
    built: Vec<Op>,
}

impl Builder<'_> {
    fn compute(
        &mut self,
        body: &mut Body,
        kind: OpKind,
        operands: &[Value],
        attrs: &[(&str, Attribute)],
        result: Option<Type>,
    ) -> Result<Value, String> {
        let loc = body.op_loc(self.op);
        let new = create_compute_op(self.ctx, body, kind, operands, attrs, result, loc)?;
        body.insert_op_before(self.op, new);
        self.built.push(new);
        Ok(body.result(new, 0))
    }

    fn reshape(&mut self, body: &mut Body, v: Value, dims: &[i64], elem: Type) -> Result<Value, String> {
        let ty = self.ctx.ranked_tensor_type(dims, elem);
        self.compute(body, OpKind::Reshape, &[v], &[], Some(ty))
    }

    fn binary(&mut self, body: &mut Body, kind: BinaryKind, a: Value, b: Value) -> Result<Value, String> {
        let attrs = [("kind", self.ctx.string_attr(kind.name()))];
        self.compute(body, OpKind::Binary, &[a, b], &attrs, None)
    }

    /// The mean over `axis`, first of the chunks then of the chunk means.
    fn mean(&mut self, body: &mut Body, v: Value) -> Result<Value, String> {
        let ctx = self.ctx;
        let kind = ("kind", ctx.string_attr(ReduceKind::Mean.name()));
        let keep = ("keepdims", ctx.bool_attr(true));
        let chunks =
            self.compute(body, OpKind::Reduce, &[v], &[kind, ("axes", dense_i64_array(ctx, &[2])), keep], None)?;
        self.compute(body, OpKind::Reduce, &[chunks], &[kind, ("axes", dense_i64_array(ctx, &[1])), keep], None)
    }

    /// `v` (a gamma or beta of the row's length) as a `[k, c]` operand of
    /// the row's element type.
    fn param(&mut self, body: &mut Body, v: Value, k: i64, c: i64, elem: Type) -> Result<Value, String> {
        let ev = self.ctx.element_type(body.value_type(v)).ok_or("gamma and beta must be tensors")?;
        let shaped = self.reshape(body, v, &[k, c], ev)?;
        if ev == elem {
            return Ok(shaped);
        }
        let ty = self.ctx.ranked_tensor_type(&[k, c], elem);
        self.compute(body, OpKind::Cast, &[shaped], &[], Some(ty))
    }
}

fn rewrite(ctx: &Context, body: &mut Body, op: Op, dims: &[i64], k: i64) -> Result<(), String> {
    let row = dims[dims.len() - 1];
    let c = row / k;
    let rows: i64 = dims[..dims.len() - 1].iter().product();
    let x = body.operand(op, 0);
    let elem = ctx.element_type(body.value_type(x)).ok_or("the input must be a tensor")?;
    let rms = attr_bool(ctx, body, op, "rms").unwrap_or(false);
    let eps = attr_f64(ctx, body, op, "epsilon").ok_or("'epsilon' must be a float")?;
    let gamma = body.operand(op, 1);
    let beta = (body.num_operands(op) > 2).then(|| body.operand(op, 2));
    let mut b = Builder { ctx, op, built: Vec::new() };
    let built = (|| -> Result<Value, String> {
        let chunked = b.reshape(body, x, &[rows, k, c], elem)?;
        let centred = if rms {
            chunked
        } else {
            let mean = b.mean(body, chunked)?;
            b.binary(body, BinaryKind::Sub, chunked, mean)?
        };
        let square = b.binary(body, BinaryKind::Mul, centred, centred)?;
        let var = b.mean(body, square)?;
        let eps_tensor = ConstTensor { dims: vec![1, 1, 1], elem, values: vec![eps], splat: true };
        let eps_value = new_const(ctx, body, &eps_tensor, op, op);
        if let Some(d) = body.defining_op(eps_value) {
            b.built.push(d);
        }
        let shifted = b.binary(body, BinaryKind::Add, var, eps_value)?;
        let attrs = [("kind", ctx.string_attr(UnaryKind::Rsqrt.name()))];
        let inv_std = b.compute(body, OpKind::Unary, &[shifted], &attrs, None)?;
        let mut y = b.binary(body, BinaryKind::Mul, centred, inv_std)?;
        if !is_splat_of(ctx, body, gamma, 1.0) {
            let g = b.param(body, gamma, k, c, elem)?;
            y = b.binary(body, BinaryKind::Mul, y, g)?;
        }
        if let Some(beta) = beta.filter(|&v| !is_splat_of(ctx, body, v, 0.0)) {
            let bt = b.param(body, beta, k, c, elem)?;
            y = b.binary(body, BinaryKind::Add, y, bt)?;
        }
        b.reshape(body, y, dims, elem)
    })();
    match built {
        Ok(y) => {
            body.replace_all_uses_with(body.result(op, 0), y);
            let params: Vec<Op> = body.operands(op).skip(1).filter_map(|v| body.defining_op(v)).collect();
            body.erase_op(op);
            for p in params {
                if !body.is_erased(p) && body.op_results_unused(p) && op_kind(ctx, body, p) == Some(OpKind::Const) {
                    body.erase_op(p);
                }
            }
            Ok(())
        }
        Err(e) => {
            for new in b.built.into_iter().rev() {
                body.erase_op(new);
            }
            Err(e)
        }
    }
}
