//! Chapter 4's inlining support: the toy dialect's inliner interface (every
//! call, region and op is legal; `toy.return` hands its operand to the call's
//! result; a `toy.cast` bridges a typed argument and a generic parameter),
//! `CallOpInterface` on `toy.generic_call` and `CallableOpInterface` on
//! `toy.func`.

use strata_ir::call_interfaces::{CallOpInterface, CallableOpInterface, Callee};
use strata_ir::inliner_interface::DialectInlinerInterface;
use strata_ir::{Body, Context, Location, Op, OpSpec, Region, Type, Value};

pub const GENERIC_CALL: CallOpInterface = CallOpInterface {
    callee: |ctx, body, op| body.op_attr(ctx, op, "callee").map(Callee::Symbol),
    arg_operands: |_, body, op| body.operand_vec(op),
};

fn callable_region(_: &Context, body: &Body, op: Op) -> Option<Region> {
    let (rb, regions) = body.regions_of(op);
    let r = *regions.first()?;
    (!rb.region_is_empty(r)).then_some(r)
}

pub const TOY_FUNC: CallableOpInterface = CallableOpInterface {
    callable_region,
    result_types: |ctx, body, op| {
        let fty = body.op_attr(ctx, op, "function_type").and_then(|a| ctx.as_type(a));
        fty.and_then(|t| ctx.function_signature(t)).map(|(_, r)| r.iter().copied().collect()).unwrap_or_default()
    },
    arg_attrs: |ctx, body, op| body.op_attr(ctx, op, "arg_attrs"),
    res_attrs: |ctx, body, op| body.op_attr(ctx, op, "res_attrs"),
};

/// `materializeCallConversion`: `toy.cast %input : T to U` before `before`.
fn materialize_cast(ctx: &Context, body: &mut Body, before: Op, input: Value, ty: Type, loc: Location) -> Option<Op> {
    let cast = body.create_op(OpSpec::new(ctx, "toy.cast", loc).operands(&[input]).results(&[ty]));
    body.insert_op_before(before, cast);
    Some(cast)
}

pub const TOY_INLINER: DialectInlinerInterface = DialectInlinerInterface {
    is_legal_call: |_, _, _, _, _, _| true,
    is_legal_region: |_, _, _, _, _| true,
    is_legal_op: |_, _, _, _| true,
    should_analyze_recursively: |_, _, _| true,
    // Toy functions have a single block: their return never becomes a branch.
    handle_terminator_branch: |_, _, _, _| {},
    handle_terminator_replace: |ctx, body, op, results| {
        if body.op_name(op) != ctx.op_name("toy.return") {
            return;
        }
        let operands = body.operand_vec(op);
        for (&r, &v) in results.iter().zip(operands.iter()) {
            body.replace_all_uses_with(r, v);
        }
    },
    materialize_call_conversion: Some(materialize_cast),
    process_inlined_call_blocks: None,
};
