//! The TX8 backend IR (seed 001 "TX8 BE"): the `tx8be` dialect and the four
//! op interfaces the backend passes use without knowing the op.
//!
//! # Dialect (`dialect/`)
//! - Compute ops, one operator-library call each (`dialect/ops.rs` table,
//!   contract `crates/tx8be/OPS.md`): `tx8be.Conv`, `Gemm`,
//!   `BatchNorm_Inference`, `Softmax`, `LayerNorm`, `Binary`, `Unary`,
//!   `Select`, `Cast`, `Reduce`, `Pool`, `Transpose`, `Reshape`, `Concat`,
//!   `Slice`, `Gather`, `Pad`, `Resize`, `ChannelNorm`. Text form:
//!   `%y = tx8be.Conv(%x, %w, %b) {group = 1 : i64, pads = array<i64: 1, 1, 1, 1>, ...} : (tensor<..>, ..) -> tensor<..>`.
//!   Each carries the common optional attributes `layout_str` (default
//!   `"Unknown"`), `chip_parallel`, `tile_parallel`, `dev_info`.
//! - Structure (`dialect/structure.rs`): `tx8be.const` (`value`, optional
//!   `ddr_addr`), `tx8be.group` (one block, not isolated, `group_id`,
//!   `group_tag`, terminated by `tx8be.yield`), `tx8be.load_var`,
//!   `tx8be.load_const`, `tx8be.store_var` (`dev_info`, `mem_scope`,
//!   store: `ddr_addr`).
//! - Attributes (`dialect/attrs.rs`): [`ParallelAttr`]
//!   (`#tx8be.parallel_attr<...>`), [`DevAttr`] (`#tx8be.dev_attr<...>`),
//!   [`MemScopeMode`] (`#tx8be<mem_scope SPM>`), with `to_attr`/`from_attr`.
//! - Verifiers: shape rules per op (`dialect/shape_rules.rs`, also used by
//!   `infer_shapes`): Conv NHWC/HWIO with strides/pads/dilations/group,
//!   Gemm, broadcasting, Transpose perm, Concat, Slice bounds, Reshape
//!   element count, ...
//! - [`register`] adds the dialect to a context; [`op_kind`] tells which
//!   tx8be op an op is ([`OpKind`]); `dialect::values` reads and builds the
//!   attribute values (dense arrays, dense elements as f64);
//!   `dialect::build` creates ops from Rust (`create_compute_op` infers the
//!   result type, `create_const`, `create_group` with its entry block,
//!   `create_yield`, `create_move` for loads and stores);
//!   `dialect::shape_rules::infer_result_type` is the shape rule alone.
//!
//! # Interfaces (`interfaces/`)
//! Typed hook tables on every op definition (compute ops, const,
//! load/store), called through these functions:
//! - OpLib: [`query_op_attr`] -> [`OpAttr`] (engine, [`AlignMode`],
//!   default layout, `need_load`/`need_store` bit masks, `mem_inplace`),
//!   [`imm_bytes`] (scratch bytes for one call on an output slice).
//! - Compute: [`compute()`] (one op on [`TensorData`] values) and
//!   [`interpret`] (a whole `func.func`: `tx8c --run=reference`; with
//!   `keep_all` every op's results for `--compare-all`).
//! - ShapeInference: [`infer_shapes`] (sets the result type),
//!   [`infer_layout`] (sets the whole `layout_str`, operands then result,
//!   from the operands and propagates `dev_info` `mem_layout`),
//!   [`infer_layout_from_result`] (backwards, from the layout a user
//!   expects), [`inferred_layout`] / [`inferred_layout_from_result`] (the
//!   same without changing the IR).
//! - Sharding: [`tile_sharding_split`] (output factors ->
//!   [`ShardingSplitParam`] per operand, error when the op cannot be split
//!   that way), [`temporal_slice_shape`] (output [`SliceBox`] -> operand
//!   boxes; `SliceBox::part` cuts a box by sharding/split factors), [`back_window`] / [`back_window_axis`] (output rows ->
//!   [`BackWindow`]: input rows and the padding at the tensor's borders).
//!
//! # Schedule (`schedule/`)
//! What the decision attributes the backend passes record mean, read
//! through typed functions by the passes, the cost model and codegen
//! (`schedule/mod.rs`).
//!
//! `window.rs` holds the Conv/Pool window arithmetic ([`Window2d`]).

pub mod dialect;
pub mod interfaces;
pub mod layout;
pub mod schedule;
pub mod window;

pub use dialect::attrs::{DevAttr, LayoutMode, MemScopeMode, ParallelAttr, ParallelMode};
pub use dialect::ops::{op_kind, OpKind};
pub use interfaces::interpret::{interpret, Interpretation, OpValue};
pub use interfaces::oplib::{AlignMode, OpAttr};
pub use interfaces::sharding::{ShardingSplitParam, SliceBox};
pub use interfaces::tensor::{ElementType, TensorData};
pub use interfaces::{
    back_window, back_window_axis, compute, imm_bytes, infer_layout, infer_layout_from_result, infer_shapes,
    inferred_layout, inferred_layout_from_result, query_op_attr, temporal_slice_shape, tile_sharding_split,
};
pub use window::{BackWindow, RowRange, Window2d};

/// Registers the `tx8be` dialect.
pub fn register(ctx: &mut strata_ir::Context) {
    ctx.register_dialect(dialect::dialect());
}
