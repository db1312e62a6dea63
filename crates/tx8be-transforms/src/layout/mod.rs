//! The layout passes of tx8c (the seed's "Layout Initialization and
//! Pass"), one file per pass, run in this order on graph-level tx8be
//! functions (before `tx8be-group-ops`):
//!
//! | pass | file | what it does |
//! | --- | --- | --- |
//! | `tx8be-layout-init` | `layout_init.rs` | Gemm and Conv get their `layout_str`, every other op `Unknown` |
//! | `tx8be-layout-transmit` | `layout_transmit.rs` | `layout_str` spreads from Gemm/Conv through `infer_layout`, the rest becomes `Tensor`/`NTensor` |
//! | `tx8be-layout-align-to-npu` | `layout_align_to_npu.rs` | every value's placement (`dev_info` `mem_layout`) from the placement rules, a `ChannelNorm` on each conflicting edge |
//! | `tx8be-layout-align-opt` | `layout_align_opt.rs` | removes the `ChannelNorm`s that are not needed |
//!
//! This file holds what they share: the graph-level ops of a function.

pub mod layout_align_opt;
pub mod layout_align_to_npu;
pub mod layout_init;
pub mod layout_transmit;

use strata_ir::{Body, Context, Diagnostic, Op};
use tx8be::{op_kind, OpKind};

use tx8be::schedule::groups::entry_ops;

/// The ops of the function's entry block, or an error at the first
/// `tx8be.group`: the layout passes work on the graph before grouping
/// (a group's loads and stores take their placement from their source).
pub(crate) fn graph_ops(ctx: &Context, body: &Body, pass: &str) -> Result<Vec<Op>, Diagnostic> {
    let ops = entry_ops(body);
    if let Some(&g) = ops.iter().find(|&&op| op_kind(ctx, body, op) == Some(OpKind::Group)) {
        return Err(Diagnostic::error(
            body.op_loc(g),
            format!("{pass} must run before tx8be-group-ops (found a 'tx8be.group')"),
        ));
    }
    Ok(ops)
}
