//! The per-dialect inliner policy (MLIR's `DialectInlinerInterface`): a
//! typed hook on `DialectDef` (`.interface(...)`) saying which ops and
//! regions of the dialect may be inlined and how its terminators become
//! control flow when a callee's body is spliced into a caller.
//!
//! A dialect without this hook is never inlined into or out of, as in MLIR
//! (where every legality hook defaults to false).

use crate::body::Body;
use crate::context::{Context, OpName};
use crate::entity::{Block, Op, Region, Value};
use crate::location::Location;
use crate::types::Type;

/// Builds a cast of `input` to `ty` before `before` (one operand, one result).
pub type MaterializeCallConversionFn =
    fn(ctx: &Context, body: &mut Body, before: Op, input: Value, ty: Type, loc: Location) -> Option<Op>;

/// Post-processes the blocks a call was inlined into: `call` (still in
/// place) and the copied blocks, before their terminators are rewritten.
pub type ProcessInlinedCallBlocksFn = fn(ctx: &Context, body: &mut Body, call: Op, blocks: &[Block]);

#[derive(Copy, Clone)]
pub struct DialectInlinerInterface {
    /// May `call` (an op of this dialect, in `call_body`) be replaced by
    /// the body of `callable` (in `callable_body`)?
    pub is_legal_call: fn(
        ctx: &Context,
        call_body: &Body,
        call: Op,
        callable_body: &Body,
        callable: Op,
        would_be_cloned: bool,
    ) -> bool,
    /// May a region be inlined into a region of an op of this dialect
    /// (`dest_owner` names that op)?
    pub is_legal_region:
        fn(ctx: &Context, dest_owner: OpName, src_body: &Body, src: Region, would_be_cloned: bool) -> bool,
    /// May `op` (an op of this dialect) be inlined?
    pub is_legal_op: fn(ctx: &Context, body: &Body, op: Op, would_be_cloned: bool) -> bool,
    /// Should the legality check look into `op`'s regions?
    pub should_analyze_recursively: fn(ctx: &Context, body: &Body, op: Op) -> bool,
    /// Rewrites terminator `op` of one of several inlined blocks into a
    /// branch to `dest`, the block after the call.
    pub handle_terminator_branch: fn(ctx: &Context, body: &mut Body, op: Op, dest: Block),
    /// Replaces `results` (the call's results) with the operands of `op`,
    /// the terminator of a single inlined block (the inliner erases `op`).
    pub handle_terminator_replace: fn(ctx: &Context, body: &mut Body, op: Op, results: &[Value]),
    /// Builds a cast of `input` to `ty` before `before` for call
    /// arguments and results whose types differ from the callee's.
    pub materialize_call_conversion: Option<MaterializeCallConversionFn>,
    /// MLIR's `processInlinedCallBlocks`, of the call op's dialect.
    pub process_inlined_call_blocks: Option<ProcessInlinedCallBlocksFn>,
}

fn always(_: &Context, _: &Body, _: Op, _: bool) -> bool {
    true
}
fn always_call(_: &Context, _: &Body, _: Op, _: &Body, _: Op, _: bool) -> bool {
    true
}
fn always_region(_: &Context, _: OpName, _: &Body, _: Region, _: bool) -> bool {
    true
}
fn analyze(_: &Context, _: &Body, _: Op) -> bool {
    true
}
fn no_branch(_: &Context, _: &mut Body, _: Op, _: Block) {}
fn no_replace(_: &Context, _: &mut Body, _: Op, _: &[Value]) {}

impl DialectInlinerInterface {
    /// Everything legal, no terminators of callables to handle (arith, cf).
    pub const ALL_LEGAL: DialectInlinerInterface = DialectInlinerInterface {
        is_legal_call: always_call,
        is_legal_region: always_region,
        is_legal_op: always,
        should_analyze_recursively: analyze,
        handle_terminator_branch: no_branch,
        handle_terminator_replace: no_replace,
        materialize_call_conversion: None,
        process_inlined_call_blocks: None,
    };
}

/// A `handle_terminator_replace` for return-like terminators: the call's
/// results become the terminator's operands.
pub fn replace_results_with_operands(_: &Context, body: &mut Body, op: Op, results: &[Value]) {
    let operands = body.operand_vec(op);
    for (&r, &v) in results.iter().zip(operands.iter()) {
        body.replace_all_uses_with(r, v);
    }
}

/// The body of `handle_terminator_branch` for a dialect whose return op is
/// `ret`: `op`, if it is one, becomes the branch op `br` to `dest` with its
/// operands.
pub fn return_to_branch(ctx: &Context, body: &mut Body, op: Op, dest: Block, ret: &'static str, br: &str) {
    if !ctx.op_name_is(body.op_name(op), ret) {
        return;
    }
    let operands = body.operand_vec(op);
    let spec = crate::body::OpSpec::new(ctx, br, body.op_loc(op)).operands(&operands).successors(&[dest]);
    let branch = body.create_op(spec);
    body.insert_op_before(op, branch);
    body.erase_op(op);
}

/// The inliner interface of the dialect an op name belongs to (its prefix
/// before the first dot, registered op or not, as MLIR's `getDialect`).
pub fn inliner_interface_for(ctx: &Context, name: OpName) -> Option<&DialectInlinerInterface> {
    let full = ctx.op_name_str(name);
    let (dialect, _) = full.split_once('.')?;
    ctx.dialect(dialect)?.interfaces.get::<DialectInlinerInterface>()
}
