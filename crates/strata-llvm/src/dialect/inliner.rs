//! The llvm dialect's inliner policy, as upstream's `LLVMInlinerInterface`:
//! an `llvm.call` of an `llvm.func` is inlined only by copying the callee
//! (never by moving its body; the inliner then copies a private callee of
//! one call too, and leaves it behind, as mlir-opt does), is not variadic,
//! not `no_inline`, has no personality, no `inalloca` argument and none of
//! the pass-through attributes that forbid duplication. `llvm.return`
//! becomes `llvm.br` to the block after the call.
//!
//! Inlined allocas (upstream's `handleInlinedAllocas`): the constant-size
//! allocas of the callee's entry block move to the caller's entry block
//! (with a fresh constant size), and their lifetime is bounded by
//! `llvm.intr.lifetime.start` where they were and `llvm.intr.lifetime.end`
//! before every return; dynamic allocas are bracketed by
//! `llvm.intr.stacksave` / `llvm.intr.stackrestore`.
//!
//! What is absent: upstream's `handleArgument` for `byval` arguments
//! (Strata's llvm.func has no argument attributes that would need it) and
//! the alias-scope and access-group bookkeeping (no such metadata here).

use strata_ir::fold::constant_value;
use strata_ir::inliner_interface::{replace_results_with_operands, return_to_branch, DialectInlinerInterface};
use strata_ir::opdef::Traits;
use strata_ir::{AttrKind, Block, Body, Context, Location, Op, OpSpec, Value};

/// Pass-through function attributes that forbid inlining upstream.
const DISALLOWED_PASSTHROUGH: [&str; 4] = ["noduplicate", "presplitcoroutine", "returns_twice", "strictfp"];

fn name_is(ctx: &Context, body: &Body, op: Op, name: &'static str) -> bool {
    ctx.op_name_is(body.op_name(op), name)
}

fn is_legal_call(ctx: &Context, call_body: &Body, call: Op, callable_body: &Body, callable: Op, cloned: bool) -> bool {
    if !cloned || !name_is(ctx, call_body, call, "llvm.call") || !name_is(ctx, callable_body, callable, "llvm.func") {
        return false;
    }
    let attr = |name: &str| callable_body.op_attr(ctx, callable, name);
    if attr("no_inline").is_some() || attr("personality").is_some() {
        return false;
    }
    if super::func::func_signature(ctx, callable_body, callable).is_none_or(|(_, _, vararg)| vararg) {
        return false;
    }
    let inalloca = attr("arg_attrs").is_some_and(|a| match ctx.attr_kind(a) {
        AttrKind::Array(dicts) => dicts.iter().any(|&d| ctx.dict_get(d, "llvm.inalloca").is_some()),
        _ => false,
    });
    let disallowed = attr("passthrough").is_some_and(|a| match ctx.attr_kind(a) {
        AttrKind::Array(items) => items
            .iter()
            .any(|&i| ctx.as_string(i).is_some_and(|s| DISALLOWED_PASSTHROUGH.iter().any(|d| d.as_bytes() == s))),
        _ => false,
    });
    !inalloca && !disallowed
}

/// The entry block allocas of the caller go to: that of the region of the
/// nearest ancestor of `call` that is isolated from above (an
/// `llvm.func`, a `func.func`), or of the body's root region.
fn caller_entry_block(ctx: &Context, body: &Body, call: Op) -> Option<Block> {
    let mut current = call;
    loop {
        let region = body.block_region(body.op_block(current)?)?;
        let Some(parent) = body.region_parent_op(region) else { return body.first_block(region) };
        let isolated = ctx.op_def(body.op_name(parent)).is_none_or(|d| d.traits.contains(Traits::ISOLATED_FROM_ABOVE));
        if isolated {
            return body.first_block(region);
        }
        current = parent;
    }
}

/// An alloca already bounded by lifetime markers (through bitcasts).
fn has_lifetime_markers(ctx: &Context, body: &Body, alloca: Op) -> bool {
    let mut stack: Vec<Op> = body.uses(body.result(alloca, 0)).map(|(u, _)| u).collect();
    while let Some(op) = stack.pop() {
        if name_is(ctx, body, op, "llvm.intr.lifetime.start") || name_is(ctx, body, op, "llvm.intr.lifetime.end") {
            return true;
        }
        if name_is(ctx, body, op, "llvm.bitcast") {
            stack.extend(body.uses(body.result(op, 0)).map(|(u, _)| u));
        }
    }
    false
}

fn is_alloca(ctx: &Context, body: &Body, op: Op) -> bool {
    name_is(ctx, body, op, "llvm.alloca")
}

/// The constant array size of an alloca, if it has one.
fn constant_size(ctx: &Context, body: &Body, alloca: Op) -> Option<strata_ir::Attribute> {
    constant_value(ctx, body, body.operand(alloca, 0))
        .filter(|&a| matches!(ctx.attr_kind(a), AttrKind::Integer { .. } | AttrKind::Bool(_)))
}

fn is_zero(ctx: &Context, a: strata_ir::Attribute) -> bool {
    match ctx.attr_kind(a) {
        AttrKind::Integer { value, .. } => value.is_zero(),
        AttrKind::Bool(b) => !b,
        _ => false,
    }
}

fn process_inlined_call_blocks(ctx: &Context, body: &mut Body, call: Op, blocks: &[Block]) {
    let Some(&callee_entry) = blocks.first() else { return };
    let Some(caller_entry) = caller_entry_block(ctx, body, call) else { return };
    if caller_entry == callee_entry {
        return;
    }
    let call_loc = body.op_loc(call);
    // (alloca, its constant size, whether it gets lifetime markers)
    let mut to_move: Vec<(Op, strata_ir::Attribute, bool)> = Vec::new();
    let mut dynamic = false;
    for op in body.block_ops(callee_entry).collect::<Vec<_>>() {
        if !is_alloca(ctx, body, op) {
            continue;
        }
        match constant_size(ctx, body, op) {
            Some(size) => {
                let lifetime = !is_zero(ctx, size) && !has_lifetime_markers(ctx, body, op);
                to_move.push((op, size, lifetime));
            }
            None => dynamic = true,
        }
    }
    if !dynamic {
        dynamic = blocks[1..]
            .iter()
            .any(|&b| body.block_ops(b).any(|op| is_alloca(ctx, body, op) && constant_size(ctx, body, op).is_none()));
    }
    if to_move.is_empty() && !dynamic {
        return;
    }
    let ptr = super::types::ptr_type(ctx);
    let stack_ptr = dynamic.then(|| {
        let save = body.create_op(OpSpec::new(ctx, "llvm.intr.stacksave", call_loc).results(&[ptr]));
        body.prepend_op(callee_entry, save);
        body.result(save, 0)
    });
    // The moved allocas, each after its new constant, before the caller's
    // first op, in their order.
    let anchor = body.first_op(caller_entry);
    for &(alloca, size, lifetime) in &to_move {
        let loc = body.op_loc(alloca);
        let size_ty = body.value_type(body.operand(alloca, 0));
        let attrs = ctx.dictionary(vec![(ctx.intern_str("value"), size)]);
        let constant = body.create_op(OpSpec::new(ctx, "llvm.mlir.constant", loc).results(&[size_ty]).attrs(attrs));
        match anchor {
            Some(a) => body.insert_op_before(a, constant),
            None => body.append_op(caller_entry, constant),
        }
        if lifetime {
            let start = marker(ctx, body, "llvm.intr.lifetime.start", body.result(alloca, 0), loc);
            body.insert_op_before(alloca, start);
        }
        body.remove_op(alloca);
        body.insert_op_after(constant, alloca);
        let c = body.result(constant, 0);
        body.set_operand(alloca, 0, c);
    }
    if !to_move.iter().any(|m| m.2) && !dynamic {
        return;
    }
    for &b in blocks {
        let Some(term) = body.last_op(b) else { continue };
        let returns = ctx.op_def(body.op_name(term)).is_some_and(|d| d.traits.contains(Traits::RETURN_LIKE));
        if !returns {
            continue;
        }
        if let Some(sp) = stack_ptr {
            let restore = marker(ctx, body, "llvm.intr.stackrestore", sp, call_loc);
            body.insert_op_before(term, restore);
        }
        for &(alloca, _, lifetime) in &to_move {
            if lifetime {
                let end = marker(ctx, body, "llvm.intr.lifetime.end", body.result(alloca, 0), body.op_loc(alloca));
                body.insert_op_before(term, end);
            }
        }
    }
}

/// A detached intrinsic of one pointer operand and no result.
fn marker(ctx: &Context, body: &mut Body, name: &str, ptr: Value, loc: Location) -> Op {
    body.create_op(OpSpec::new(ctx, name, loc).operands(&[ptr]))
}

pub const LLVM_INLINER: DialectInlinerInterface = DialectInlinerInterface {
    is_legal_call,
    is_legal_region: |_, _, _, _, _| true,
    // Upstream refuses only `llvm.intr.vastart`, which Strata does not have.
    is_legal_op: |_, _, _, _| true,
    should_analyze_recursively: |_, _, _| true,
    handle_terminator_branch: |ctx, body, op, dest| return_to_branch(ctx, body, op, dest, "llvm.return", "llvm.br"),
    handle_terminator_replace: replace_results_with_operands,
    materialize_call_conversion: None,
    process_inlined_call_blocks: Some(process_inlined_call_blocks),
};
