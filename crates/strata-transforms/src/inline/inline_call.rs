//! Inlining one call (MLIR's `inlineCall` / `inlineRegionImpl`): check the
//! dialects allow it, split the caller's block after the call, copy the
//! callee's region in between, stack the call's location onto the copied
//! ops' locations, then either fold a single block back into the caller's
//! block (its terminator's operands replace the call's results) or branch
//! from every copied block to the split-off block, whose new arguments
//! replace the results. The call itself stays; the inliner erases it.
//!
//! The callee lives in another arena: its body is read from a copy, so the
//! caller's arena can change while the callee's content is at hand.

use rustc_hash::FxHashMap;
use smallvec::SmallVec;

use strata_ir::call_interfaces::{call_interface, callable_interface};
use strata_ir::inliner_interface::{inliner_interface_for, DialectInlinerInterface};
use strata_ir::location::LocData;
use strata_ir::surgery::{IrMapping, Source};
use strata_ir::{Block, Body, Context, Location, Op, OpName, Region, Value};

/// A call to inline and where its callee's body is.
pub struct InlineRequest<'a> {
    /// The body holding the call.
    pub caller: &'a mut Body,
    pub call: Op,
    /// The op owning the caller body's root regions (for calls at the top
    /// of that body's regions).
    pub caller_owner: OpName,
    /// A copy of the arena holding the callee's callable region.
    pub callee_region_body: &'a Body,
    pub callee_region: Region,
    /// The callable op and the body holding it.
    pub callable_body: &'a Body,
    pub callable: Op,
    /// Whether the callee stays (else its body moves: the caller erases it).
    pub clone: bool,
}

/// Inlines the call; `Ok(new blocks)` lists the blocks the callee's body
/// became (before the terminators are rewritten and the entry block merged),
/// for the caller to look for new calls in. `Err(())`: not inlined, the IR
/// is unchanged.
pub fn inline_call(
    ctx: &Context,
    req: InlineRequest<'_>,
    on_inlined: &mut dyn FnMut(&Body, &[Block]),
) -> Result<(), ()> {
    let InlineRequest {
        caller,
        call,
        caller_owner,
        callee_region_body: src,
        callee_region,
        callable_body,
        callable,
        clone,
    } = req;
    let entry = src.first_block(callee_region).ok_or(())?;
    let ci = call_interface(ctx, caller, call).ok_or(())?;
    let callable_if = callable_interface(ctx, callable_body, callable).ok_or(())?;
    let result_types = (callable_if.result_types)(ctx, callable_body, callable);
    let operands = (ci.arg_operands)(ctx, caller, call);
    let results: SmallVec<[Value; 4]> = caller.results(call).collect();
    if operands.len() != src.block_args(entry).len() || results.len() != result_types.len() {
        return Err(());
    }
    let call_iface = inliner_interface_for(ctx, caller.op_name(call));

    // Type mismatches need casts from the call's dialect; none: give up.
    let mut casts: Vec<Op> = Vec::new();
    let mut map = IrMapping::default();
    let loc = caller.op_loc(call);
    for (i, (&arg, &operand)) in src.block_args(entry).iter().zip(operands.iter()).enumerate() {
        let ty = src.value_type(arg);
        let mut v = operand;
        if caller.value_type(operand) != ty {
            match materialize(ctx, call_iface, caller, call, operand, ty, loc) {
                Some(c) => {
                    casts.push(c);
                    v = caller.result(c, 0);
                }
                None => return cleanup(caller, &casts),
            }
        }
        let _ = i;
        map.map_value(arg, v);
    }
    for (i, &r) in results.iter().enumerate() {
        if caller.value_type(r) == result_types[i] {
            continue;
        }
        // A cast back to the call's result type, placed after the call.
        let Some(next) = caller.next_op(call) else { return cleanup(caller, &casts) };
        let ty = caller.value_type(r);
        match materialize(ctx, call_iface, caller, next, r, ty, loc) {
            Some(c) => {
                casts.push(c);
                let cv = caller.result(c, 0);
                caller.replace_all_uses_with(r, cv);
                caller.set_operand(c, 0, r);
            }
            None => return cleanup(caller, &casts),
        }
    }

    let legal_call = call_iface.is_some_and(|i| (i.is_legal_call)(ctx, caller, call, callable_body, callable, clone));
    if !legal_call {
        return cleanup(caller, &casts);
    }

    let Some(block) = caller.op_block(call) else { return cleanup(caller, &casts) };
    let Some(region) = caller.block_region(block) else { return cleanup(caller, &casts) };
    let dest_owner = caller.region_parent_op(region).map_or(caller_owner, |p| caller.op_name(p));
    let region_legal = inliner_interface_for(ctx, dest_owner)
        .is_some_and(|i| (i.is_legal_region)(ctx, dest_owner, src, callee_region, clone));
    if !region_legal || !ops_legal(ctx, src, callee_region, clone) {
        return cleanup(caller, &casts);
    }

    // Split after the call and copy the callee's blocks in between.
    let post = caller.split_block(block, caller.next_op(call));
    caller.clone_region_into(Source::Other(src), callee_region, region, Some(post), &mut map);
    let mut new_blocks: SmallVec<[Block; 4]> = SmallVec::new();
    let mut cur = caller.next_block(block);
    while let Some(b) = cur {
        if b == post {
            break;
        }
        new_blocks.push(b);
        cur = caller.next_block(b);
    }
    let Some(&first) = new_blocks.first() else { return Err(()) };

    if loc != Location::Unknown {
        let mut cache = FxHashMap::default();
        for &b in &new_blocks {
            remap_block_locations(ctx, caller, b, loc, &mut cache);
        }
    }
    if let Some(process) = call_iface.and_then(|i| i.process_inlined_call_blocks) {
        process(ctx, caller, call, &new_blocks);
    }
    on_inlined(caller, &new_blocks);

    if new_blocks.len() == 1 {
        if let Some(term) = caller.last_op(first) {
            if let Some(i) = inliner_interface_for(ctx, caller.op_name(term)) {
                (i.handle_terminator_replace)(ctx, caller, term, &results);
            }
            caller.erase_op(term);
        }
        caller.inline_block_before(post, first, None, &[]);
    } else {
        for (i, &r) in results.iter().enumerate() {
            let arg = caller.add_block_arg(post, result_types[i], loc);
            caller.replace_all_uses_with(r, arg);
        }
        for &b in &new_blocks {
            if let Some(term) = caller.last_op(b) {
                if let Some(i) = inliner_interface_for(ctx, caller.op_name(term)) {
                    (i.handle_terminator_branch)(ctx, caller, term, post);
                }
            }
        }
    }
    caller.inline_block_before(first, block, None, &[]);
    Ok(())
}

fn materialize(
    ctx: &Context,
    iface: Option<&DialectInlinerInterface>,
    body: &mut Body,
    before: Op,
    v: Value,
    ty: strata_ir::Type,
    loc: Location,
) -> Option<Op> {
    let f = iface?.materialize_call_conversion?;
    f(ctx, body, before, v, ty, loc)
}

/// Undoes the casts made for a call that is not inlined after all.
fn cleanup(body: &mut Body, casts: &[Op]) -> Result<(), ()> {
    for &c in casts {
        let (res, input) = (body.result(c, 0), body.operand(c, 0));
        body.replace_all_uses_with(res, input);
        body.erase_op(c);
    }
    Err(())
}

/// Whether every op of `region` (of `body`) may be inlined, asking each
/// op's dialect and looking into nested regions when it says so.
fn ops_legal(ctx: &Context, body: &Body, region: Region, clone: bool) -> bool {
    for b in body.blocks(region) {
        for op in body.block_ops(b) {
            let name = body.op_name(op);
            let Some(i) = inliner_interface_for(ctx, name) else { return false };
            if !(i.is_legal_op)(ctx, body, op, clone) {
                return false;
            }
            if (i.should_analyze_recursively)(ctx, body, op) {
                let (rb, regions) = body.regions_of(op);
                if regions.iter().any(|&r| !ops_legal(ctx, rb, r, clone)) {
                    return false;
                }
            }
        }
    }
    true
}

/// `callsite(loc at caller)`, appended at the end of an existing call
/// stack (MLIR's `stackLocations`).
fn stack_locations(ctx: &Context, callee: Location, caller: Location) -> Location {
    let mut stack = Vec::new();
    let mut last = callee;
    while let LocData::CallSite { callee: c, caller: next } = ctx.loc_data(last) {
        stack.push(c);
        last = next;
    }
    let mut loc = ctx.location(LocData::CallSite { callee: last, caller });
    for c in stack.into_iter().rev() {
        loc = ctx.location(LocData::CallSite { callee: c, caller: loc });
    }
    loc
}

fn remap(ctx: &Context, loc: Location, caller: Location, cache: &mut FxHashMap<Location, Location>) -> Location {
    *cache.entry(loc).or_insert_with(|| stack_locations(ctx, loc, caller))
}

fn remap_block_locations(
    ctx: &Context,
    body: &mut Body,
    b: Block,
    caller: Location,
    cache: &mut FxHashMap<Location, Location>,
) {
    for i in 0..body.block_args(b).len() {
        let l = remap(ctx, body.block_arg_locs(b)[i], caller, cache);
        body.set_block_arg_loc(b, i, l);
    }
    let ops: SmallVec<[Op; 16]> = body.block_ops(b).collect();
    for op in ops {
        remap_op_locations(ctx, body, op, caller, cache);
    }
}

/// The op's location, and those of everything nested in it (ops and the
/// arguments of their blocks), across nested arenas.
fn remap_op_locations(
    ctx: &Context,
    body: &mut Body,
    op: Op,
    caller: Location,
    cache: &mut FxHashMap<Location, Location>,
) {
    let l = remap(ctx, body.op_loc(op), caller, cache);
    body.set_op_loc(op, l);
    let local: SmallVec<[Region; 2]> = body.local_regions(op).into();
    for r in local {
        let blocks: SmallVec<[Block; 4]> = body.blocks(r).collect();
        for b in blocks {
            remap_block_locations(ctx, body, b, caller, cache);
        }
    }
    if let Some(nested) = body.nested_mut(op) {
        let roots: SmallVec<[Region; 2]> = nested.root_regions().into();
        for r in roots {
            let blocks: SmallVec<[Block; 4]> = nested.blocks(r).collect();
            for b in blocks {
                remap_block_locations(ctx, nested, b, caller, cache);
            }
        }
    }
}
