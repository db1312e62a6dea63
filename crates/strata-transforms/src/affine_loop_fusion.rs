//! `affine-loop-fusion`, for the case Toy's lowering produces: a producer
//! loop nest that writes buffers element by element, fused into the later
//! nest that reads them at the same indices.
//!
//! Upstream (`Affine/Transforms/LoopFusion.cpp`) computes dependence
//! slices and weighs a cost model; this pass performs only fusions whose
//! slice is the identity, where that model always fuses: both nests are
//! perfect, with the same constant bounds (step 1) up to a permutation of
//! the levels (a transposed read; then the producer's iterations must be
//! independent); the producer's
//! innermost body stores to exactly one `memref.alloc` buffer, through one
//! store whose subscripts are a permutation of its loop variables; the
//! consumer loads that buffer only at the same subscripts (in terms of its
//! own variables) and writes neither it nor anything the producer reads;
//! the buffer has no other users than the two nests and deallocations; ops
//! between the nests neither touch the buffer nor write what the producer
//! reads. The producer's body then moves to the start of the consumer's
//! innermost body (as upstream inserts the slice), and the producer nest is
//! erased; the store stays (`affine-scalrep` forwards it). Other nests are
//! left alone, which is always correct but may fuse less than upstream.

use strata_ir::{Body, Context, Diagnostic, Op, Value};
use strata_pass::analysis::PreservedAnalyses;
use strata_pass::pass::{Pass, PassTarget};
use strata_pass::registry::PassInfo;

use crate::affine_access::{access, is, iv_levels, may_alias, memref_effects, perfect_nest, Nest};

pub const INFO: PassInfo = PassInfo {
    argument: "affine-loop-fusion",
    description: "Fuse affine loop nests",
    options: &[],
    ctor: |opts| {
        opts.apply("affine-loop-fusion", |_, _| None)?;
        Ok(Box::new(AffineLoopFusion))
    },
};

pub struct AffineLoopFusion;

impl Pass for AffineLoopFusion {
    fn argument(&self) -> &'static str {
        "affine-loop-fusion"
    }
    fn name(&self) -> &'static str {
        "LoopFusion"
    }
    fn options_text(&self) -> String {
        "{compute-tolerance=3.000000e-01 fast-mem-space=0 local-buf-threshold=0 maximal=false mode=greedy}".to_string()
    }
    fn run(&self, target: &mut PassTarget<'_>) -> Result<PreservedAnalyses, Diagnostic> {
        let changed = fuse_in_body(target.ctx, target.body);
        Ok(if changed { PreservedAnalyses::none() } else { PreservedAnalyses::All })
    }
}

/// Fuses in every block of `body` and of the arenas nested in it.
pub fn fuse_in_body(ctx: &Context, body: &mut Body) -> bool {
    let mut blocks = Vec::new();
    for &r in body.root_regions() {
        blocks.extend(body.blocks(r));
    }
    let mut isolated = Vec::new();
    body.walk_pre(&mut |op| {
        for &r in body.local_regions(op) {
            blocks.extend(body.blocks(r));
        }
        if body.is_isolated(op) {
            isolated.push(op);
        }
    });
    let mut changed = false;
    for b in blocks {
        while fuse_one(ctx, body, b) {
            changed = true;
        }
    }
    for op in isolated {
        if let Some(mut nested) = body.take_nested(op) {
            changed |= fuse_in_body(ctx, &mut nested);
            body.put_nested(op, nested);
        }
    }
    changed
}

/// The buffers a producer nest writes (with the loop level of each
/// subscript) and the memrefs it reads.
struct Producer {
    nest: Nest,
    writes: Vec<(Value, Vec<usize>)>,
    reads: Vec<Value>,
    /// Its iterations are independent (each reads what it wrote only at
    /// its own element), so they may run in another loop order.
    permutable: bool,
}

fn producer(ctx: &Context, body: &Body, op: Op) -> Option<Producer> {
    let nest = perfect_nest(ctx, body, op)?;
    let mut writes: Vec<(Value, Vec<usize>)> = Vec::new();
    let mut reads = Vec::new();
    for o in body.block_ops(nest.innermost) {
        if let Some(a) = access(ctx, body, o) {
            if a.is_store {
                let levels = iv_levels(&a, &nest.ivs)?;
                let alloc = body.defining_op(a.memref)?;
                if !is(ctx, body, alloc, "memref.alloc") || writes.iter().any(|w| w.0 == a.memref) {
                    return None;
                }
                writes.push((a.memref, levels));
            } else {
                reads.push(a.memref);
            }
        } else if !is(ctx, body, o, "affine.yield")
            && (!body.local_regions(o).is_empty() || !strata_ir::effects::is_memory_effect_free(ctx, body, o))
        {
            return None;
        }
    }
    // Reading a buffer it writes elsewhere than the element it writes ties
    // iterations together.
    let mut permutable = true;
    for o in body.block_ops(nest.innermost) {
        if let Some(a) = access(ctx, body, o) {
            if let Some((_, levels)) = writes.iter().find(|w| may_alias(ctx, body, w.0, a.memref)) {
                if iv_levels(&a, &nest.ivs).as_ref() != Some(levels) {
                    permutable = false;
                }
            }
        }
    }
    (!writes.is_empty()).then_some(Producer { nest, writes, reads, permutable })
}

/// Tries the producer nests of `block` in order; fuses the first one that
/// can be fused into its consumer.
fn fuse_one(ctx: &Context, body: &mut Body, block: strata_ir::Block) -> bool {
    let ops: Vec<Op> = body.block_ops(block).collect();
    for (pi, &p_op) in ops.iter().enumerate() {
        let Some(p) = producer(ctx, body, p_op) else { continue };
        // The consumer: the first op after the producer using one of its
        // buffers; every other user comes after it, where the buffers are
        // complete as before (the stores stay).
        let mut user_positions = Vec::new();
        let mut ok = true;
        for &(w, _) in &p.writes {
            for (user, _) in body.uses(w) {
                if body.op_block(user) == Some(p.nest.innermost) {
                    continue;
                }
                match top_ancestor_in(body, user, block).and_then(|root| ops.iter().position(|&o| o == root)) {
                    Some(pos) if pos > pi => user_positions.push((pos, user)),
                    _ => ok = false,
                }
            }
        }
        let Some(&(ci, _)) = user_positions.iter().min_by_key(|u| u.0).filter(|_| ok) else { continue };
        let c_op = ops[ci];
        if user_positions.iter().any(|&(pos, user)| pos == ci && !is(ctx, body, user, "affine.load")) {
            continue;
        }
        let Some(sigma) = can_fuse(ctx, body, &p, c_op, &ops[pi + 1..ci]) else { continue };
        let Some(c) = perfect_nest(ctx, body, c_op) else { continue };
        fuse(body, &p.nest, &c, &sigma, p_op);
        return true;
    }
    false
}

/// The op of `block` that contains `op`.
fn top_ancestor_in(body: &Body, op: Op, block: strata_ir::Block) -> Option<Op> {
    let mut cur = op;
    loop {
        if body.op_block(cur)? == block {
            return Some(cur);
        }
        cur = body.parent_op(cur)?;
    }
}

/// Whether the producer can be fused into `c_op`; if so, the consumer
/// loop level that runs each producer loop level.
fn can_fuse(ctx: &Context, body: &Body, p: &Producer, c_op: Op, between: &[Op]) -> Option<Vec<usize>> {
    let c = perfect_nest(ctx, body, c_op)?;
    let depth = p.nest.ivs.len();
    if c.ivs.len() != depth {
        return None;
    }
    let written = |m: Value| p.writes.iter().find(|w| may_alias(ctx, body, w.0, m));
    let mut sigma: Option<Vec<usize>> = None;
    for o in body.block_ops(c.innermost) {
        if let Some(a) = access(ctx, body, o) {
            if a.is_store {
                if written(a.memref).is_some() || p.reads.iter().any(|&r| may_alias(ctx, body, a.memref, r)) {
                    return None;
                }
            } else if let Some((w, p_levels)) = written(a.memref) {
                // Only the element one iteration of the producer wrote,
                // the same iteration for every such load.
                if *w != a.memref {
                    return None;
                }
                let c_levels = iv_levels(&a, &c.ivs)?;
                let mut map = vec![0usize; depth];
                for (&pl, &cl) in p_levels.iter().zip(&c_levels) {
                    map[pl] = cl;
                }
                if sigma.as_ref().is_some_and(|s| *s != map) {
                    return None;
                }
                sigma = Some(map);
            }
        } else if !is(ctx, body, o, "affine.yield")
            && (!body.local_regions(o).is_empty() || !strata_ir::effects::is_memory_effect_free(ctx, body, o))
        {
            return None;
        }
    }
    let sigma = sigma?;
    let identity = sigma.iter().enumerate().all(|(i, &s)| i == s);
    if (!identity && !p.permutable) || (0..depth).any(|l| p.nest.bounds[l] != c.bounds[sigma[l]]) {
        return None;
    }
    for &o in between {
        let (reads, writes) = memref_effects(ctx, body, o)?;
        if reads.iter().chain(&writes).any(|&m| written(m).is_some()) {
            return None;
        }
        if writes.iter().any(|&w| p.reads.iter().any(|&r| may_alias(ctx, body, w, r))) {
            return None;
        }
    }
    Some(sigma)
}

/// Moves the producer's innermost ops to the start of the consumer's
/// innermost block, on the consumer's loop variables, and erases the
/// producer nest.
fn fuse(body: &mut Body, p: &Nest, c: &Nest, sigma: &[usize], p_root: Op) {
    let moved: Vec<Op> = body.block_ops(p.innermost).collect();
    let first = body.first_op(c.innermost);
    for op in moved.iter().copied().take(moved.len().saturating_sub(1)) {
        body.remove_op(op);
        match first {
            Some(f) => body.insert_op_before(f, op),
            None => body.append_op(c.innermost, op),
        }
    }
    for (level, &from) in p.ivs.iter().enumerate() {
        body.replace_all_uses_with(from, c.ivs[sigma[level]]);
    }
    body.erase_op(p_root);
}
