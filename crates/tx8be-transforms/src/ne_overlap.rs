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
//! engines' parts (`overlapped`). The last call may run on the NE too
//! when the CT calls between take longer (attention: scores GEMM,
//! softmax, context GEMM): codegen then issues the next step's first call
//! before this step's last, so the NE computes it while the CT finishes.

use strata_ir::{Body, Context, Op};

use tx8_cmodel::HardwareConfig;
use tx8be::schedule::group_calls::GroupCalls;
use tx8be::schedule::steps::StepBoxes;
use tx8be::{op_kind, OpKind};

/// Whether the calls of `g` take the overlap: two or more calls, the first
/// on the NE and every later one off it, the group with neither copied
/// loads nor narrowed reads (their TDMA copies sit between the calls).
pub fn eligible(
    ctx: &Context,
    body: &Body,
    g: &GroupCalls,
    no_copies: bool,
    steps: &[Vec<StepBoxes>],
    hw: &HardwareConfig,
) -> bool {
    let on_ne = |op: Op| matches!(op_kind(ctx, body, op), Some(OpKind::Gemm | OpKind::Conv));
    let n = g.calls.len();
    // The last call may run on the NE too (attention's GEMM, softmax,
    // GEMM) when the CT calls between take longer than it: the next
    // step's first call then goes on the NE before it, while the CT
    // finishes (a conv, relu, conv keeps its order: the first conv would
    // hold up the second).
    let last_ne = n >= 3 && on_ne(g.calls[n - 1]);
    if last_ne {
        let Some(s) = steps.iter().find_map(|t| t.first()) else { return false };
        let cycles =
            |c: usize| crate::cost::call_cycles(ctx, body, g.calls[c], hw, &s.calls[c].out, &s.calls[c].operands);
        if (1..n - 1).map(cycles).sum::<f64>() <= cycles(n - 1) {
            return false;
        }
    }
    no_copies && n >= 2 && on_ne(g.calls[0]) && g.calls[1..n - usize::from(last_ne)].iter().all(|&c| !on_ne(c))
}
