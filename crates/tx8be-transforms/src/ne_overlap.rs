//! NE and CT overlapping across the steps of a pipelined group: in a
//! group whose first call runs on the NE (a GEMM or a convolution) and
//! whose later calls run on the CT (a GEMM's GELU, a residual add and a
//! layer norm), the first call of step i+1 can run while the CT calls of
//! step i do, instead of after them, when its result has two buffers.
//!
//! `tx8be-spm-alloc` gives that first call's result two buffers of its
//! own, outside the intermediates' region (whose space later
//! intermediates of a step may share), when the group is double-buffered
//! and `eligible`, and they fit; it records them as the call's
//! `dev_info.mem_addr` (two addresses). Codegen then issues step i+1's
//! first call after step i's CT calls (its loads joined first), into the
//! other buffer, and the cost model charges a step the longer of the two
//! engines' parts (`overlapped`).

use strata_ir::{Body, Context, Op};

use crate::group_calls::GroupCalls;

/// Whether the calls of `g` take the overlap: two or more calls, the first
/// on the NE and every later one off it, the group with neither copied
/// loads nor narrowed reads (their TDMA copies sit between the calls).
pub fn eligible(ctx: &Context, body: &Body, g: &GroupCalls, no_copies: bool) -> bool {
    let on_ne = |op: Op| matches!(ctx.op_name_str(body.op_name(op)), "tx8be.Gemm" | "tx8be.Conv");
    no_copies && g.calls.len() >= 2 && on_ne(g.calls[0]) && g.calls[1..].iter().all(|&c| !on_ne(c))
}

/// Whether the group anchored at `op` runs with the overlap: its first
/// call records two result buffers.
pub fn overlapped(ctx: &Context, body: &Body, g: &GroupCalls) -> bool {
    g.calls.len() >= 2
        && body
            .op_attr(ctx, g.calls[0], "dev_info")
            .and_then(|a| tx8be::DevAttr::from_attr(ctx, a))
            .is_some_and(|d| d.mem_addr.len() == 2)
}
