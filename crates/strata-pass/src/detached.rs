//! Running work on many isolated-from-above ops of one body at once.
//!
//! Each op is *detached*: a scratch body receives a copy of the op (name,
//! attributes, location) and the op's own arena, so a worker thread owns a
//! complete, verifiable `(body, op)` pair while the others do the same. When
//! the work is done the arena (and the op's attributes) go back in place.
//! Ops with operands, results or a required parent stay where they are and
//! are processed in order on the calling thread.

use rayon::prelude::*;

use strata_ir::{Body, Context, Op, OpSpec};

/// A detached op and the scratch body holding it.
pub struct Detached {
    /// The op's handle in the original body.
    pub original: Op,
    pub body: Body,
    /// The copy in `body`.
    pub op: Op,
}

/// True if `op` can be detached: isolated, no operands or results, and no
/// parent constraint that a scratch body would break.
pub fn can_detach(ctx: &Context, body: &Body, op: Op) -> bool {
    body.is_isolated(op)
        && body.num_operands(op) == 0
        && body.num_results(op) == 0
        && body.successors(op).is_empty()
        && ctx.op_def(body.op_name(op)).is_none_or(|d| d.has_parent.is_empty())
}

/// Moves `op`'s arena into a scratch body with a copy of the op.
pub fn detach(ctx: &Context, body: &mut Body, op: Op) -> Detached {
    let nested = body.take_nested(op).expect("detach needs an isolated op");
    let mut scratch = Body::with_root_regions(1);
    let root = scratch.root_regions()[0];
    let block = scratch.create_block();
    scratch.append_block(root, block);
    let mut spec = OpSpec::with_name(ctx, body.op_name(op), body.op_loc(op));
    spec.attrs = body.op_attrs(op);
    spec.props = body.op_props(op);
    spec.num_regions = nested.root_regions().len().max(1);
    spec.isolated = true;
    let copy = scratch.create_op(spec);
    scratch.put_nested(copy, nested);
    scratch.append_op(block, copy);
    Detached { original: op, body: scratch, op: copy }
}

/// Puts a detached op's arena and attributes back.
pub fn reattach(body: &mut Body, mut d: Detached) {
    let nested = d.body.take_nested(d.op).expect("detached op keeps its arena");
    body.put_nested(d.original, nested);
    body.set_op_attrs(d.original, d.body.op_attrs(d.op));
    body.set_op_loc(d.original, d.body.op_loc(d.op));
}

/// Runs `f` on each of `ops` (ops of `body`), in parallel when `threading`
/// is set and more than one op can be detached; results come back in the
/// order of `ops`.
pub fn for_each_isolated<R: Send>(
    ctx: &Context,
    body: &mut Body,
    ops: &[Op],
    threading: bool,
    f: impl Fn(&mut Body, Op) -> R + Sync + Send,
) -> Vec<R> {
    let parallel = threading && ops.len() > 1 && ops.iter().all(|&op| can_detach(ctx, body, op));
    if !parallel {
        return ops.iter().map(|&op| f(body, op)).collect();
    }
    let mut detached: Vec<Detached> = ops.iter().map(|&op| detach(ctx, body, op)).collect();
    let results: Vec<R> = detached.par_iter_mut().map(|d| f(&mut d.body, d.op)).collect();
    for d in detached {
        reattach(body, d);
    }
    results
}
