//! Building tx8be ops from Rust (for the lowering and the schedule
//! passes): detached ops with their result types inferred by the shape
//! rules, and groups with an entry block to fill. The caller inserts them
//! (`Body::insert_op_before`, `Body::append_op`).

use strata_ir::body::OpSpec;
use strata_ir::{Attribute, Block, Body, Context, Location, Op, Type, Value};

use super::ops::OpKind;
use super::shape_rules::infer_result_type;

fn dictionary(ctx: &Context, attrs: &[(&str, Attribute)]) -> Attribute {
    ctx.dictionary(attrs.iter().map(|(n, a)| (ctx.intern_str(n), *a)).collect())
}

/// A detached compute op of `kind`. Its result type is `result`, or when
/// `None` the type the op's shape rule infers (Reshape and Cast must be
/// given theirs: the type says the target; comparisons infer the operand
/// element type, pass `i1` results explicitly). On a rule error (bad
/// operands or attributes) the op is erased and the error returned.
pub fn create_compute_op(
    ctx: &Context,
    body: &mut Body,
    kind: OpKind,
    operands: &[Value],
    attrs: &[(&str, Attribute)],
    result: Option<Type>,
    loc: Location,
) -> Result<Op, String> {
    if !kind.is_compute() {
        return Err(format!("tx8be.{} is not a compute op", kind.mnemonic()));
    }
    if result.is_none() && matches!(kind, OpKind::Reshape | OpKind::Cast) {
        return Err(format!("tx8be.{} needs its result type", kind.mnemonic()));
    }
    // A placeholder until the rule has seen the operands and attributes.
    let placeholder = result
        .or_else(|| operands.first().map(|&v| body.value_type(v)))
        .unwrap_or_else(|| ctx.ranked_tensor_type(&[], ctx.f32()));
    let spec = OpSpec::new(ctx, &format!("tx8be.{}", kind.mnemonic()), loc)
        .operands(operands)
        .results(&[placeholder])
        .attrs(dictionary(ctx, attrs));
    let op = body.create_op(spec);
    match infer_result_type(ctx, body, op) {
        Ok(t) if result.is_none() => {
            let r = body.result(op, 0);
            body.set_value_type(r, t);
            Ok(op)
        }
        Ok(t) if Some(t) == result => Ok(op),
        Ok(t) => {
            body.erase_op(op);
            Err(format!(
                "tx8be.{}: result type {} is not the inferred {}",
                kind.mnemonic(),
                strata_ir::printer::type_to_string(ctx, result.expect("checked")),
                strata_ir::printer::type_to_string(ctx, t)
            ))
        }
        Err(e) => {
            body.erase_op(op);
            Err(format!("tx8be.{}: {e}", kind.mnemonic()))
        }
    }
}

/// A detached `tx8be.const` holding `value` (a typed dense elements attribute).
pub fn create_const(
    ctx: &Context,
    body: &mut Body,
    value: Attribute,
    ddr_addr: Option<i64>,
    loc: Location,
) -> Result<Op, String> {
    let ty = ctx.attr_type(value).ok_or("a tx8be.const value must be a typed attribute")?;
    let mut attrs = vec![("value", value)];
    if let Some(a) = ddr_addr {
        attrs.push(("ddr_addr", ctx.integer_attr(ctx.i64(), a)));
    }
    Ok(body.create_op(OpSpec::new(ctx, "tx8be.const", loc).results(&[ty]).attrs(dictionary(ctx, &attrs))))
}

/// A detached `tx8be.group` with results `result_types` and an empty entry
/// block; end the block with `create_yield`.
pub fn create_group(
    ctx: &Context,
    body: &mut Body,
    result_types: &[Type],
    group_id: i64,
    group_tag: i64,
    loc: Location,
) -> (Op, Block) {
    let attrs =
        [("group_id", ctx.integer_attr(ctx.i64(), group_id)), ("group_tag", ctx.integer_attr(ctx.i64(), group_tag))];
    let op = body.create_op(
        OpSpec::new(ctx, "tx8be.group", loc).results(result_types).attrs(dictionary(ctx, &attrs)).regions(1),
    );
    let region = body.local_regions(op)[0];
    let block = body.create_block();
    body.append_block(region, block);
    (op, block)
}

/// A detached `tx8be.yield` of `values`.
pub fn create_yield(ctx: &Context, body: &mut Body, values: &[Value], loc: Location) -> Op {
    body.create_op(OpSpec::new(ctx, "tx8be.yield", loc).operands(values))
}

/// A detached `tx8be.load_var`, `tx8be.load_const` or `tx8be.store_var`
/// of `input` (same type), with `attrs` (`dev_info`, `mem_scope`, `ddr_addr`).
pub fn create_move(
    ctx: &Context,
    body: &mut Body,
    kind: OpKind,
    input: Value,
    attrs: &[(&str, Attribute)],
    loc: Location,
) -> Result<Op, String> {
    if !matches!(kind, OpKind::LoadVar | OpKind::LoadConst | OpKind::StoreVar) {
        return Err(format!("tx8be.{} is not a load or store", kind.mnemonic()));
    }
    let ty = body.value_type(input);
    Ok(body.create_op(
        OpSpec::new(ctx, &format!("tx8be.{}", kind.mnemonic()), loc)
            .operands(&[input])
            .results(&[ty])
            .attrs(dictionary(ctx, attrs)),
    ))
}
