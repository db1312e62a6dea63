//! `strata_test`: a test-only dialect whose canonicalization never
//! converges, so that the canonicalizer's iteration limit, its
//! non-convergence warning and `test-convergence=true` can be tested end to
//! end (the role of upstream's `test` dialect patterns). It is not part of
//! [`crate::register_all`]: strata-opt loads it only behind the hidden flag
//! `--strata-load-test-dialect`.
//!
//! Ops (generic syntax only, no operands or results):
//! * `strata_test.spawn_dead`: its pattern inserts a `strata_test.dead`
//!   before it on every application. The greedy driver erases that op as
//!   trivially dead in the same iteration, so every iteration ends with the
//!   IR it started with and reports a change: a true cycle.
//! * `strata_test.spawn_tick`: its pattern inserts a `strata_test.tick`
//!   (which has unknown effects and is kept), once per iteration, because
//!   the driver visits the unchanged root once per iteration: the number of
//!   ticks in the output is the number of iterations that ran.
//!
//! Neither pattern touches its root, so neither re-queues it: each
//! iteration ends, and the iteration limit is what stops the rewrite.

use strata_ir::dialect::DialectDef;
use strata_ir::opdef::{OpDef, Traits};
use strata_ir::{Context, Op, OpSpec};
use strata_rewrite::pattern::FnPattern;
use strata_rewrite::{CanonicalizationPatterns, PatternRewriter, PatternSet};

/// Inserts an op named `name` (no operands, no results) before `root`.
fn insert_before(rw: &mut PatternRewriter<'_>, root: Op, name: &str) -> bool {
    let loc = rw.body().op_loc(root);
    let spec = OpSpec::new(rw.ctx, name, loc);
    rw.set_insertion_point_before(root);
    rw.create(spec);
    true
}

fn spawn_dead(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    insert_before(rw, op, "strata_test.dead")
}

fn spawn_tick(op: Op, rw: &mut PatternRewriter<'_>) -> bool {
    insert_before(rw, op, "strata_test.tick")
}

fn populate_spawn_dead(_: &Context, set: &mut PatternSet) {
    set.add(FnPattern { root: Some("strata_test.spawn_dead"), name: "SpawnDeadOp", benefit: 1, f: spawn_dead });
}

fn populate_spawn_tick(_: &Context, set: &mut PatternSet) {
    set.add(FnPattern { root: Some("strata_test.spawn_tick"), name: "SpawnTickOp", benefit: 1, f: spawn_tick });
}

/// Registers the `strata_test` dialect (tests only).
pub fn register(ctx: &mut Context) {
    let dialect = DialectDef::new("strata_test")
        .op(OpDef::new("strata_test.spawn_dead").interface(CanonicalizationPatterns(populate_spawn_dead)))
        .op(OpDef::new("strata_test.dead").traits(Traits::PURE))
        .op(OpDef::new("strata_test.spawn_tick").interface(CanonicalizationPatterns(populate_spawn_tick)))
        .op(OpDef::new("strata_test.tick"));
    ctx.register_dialect(dialect);
}
