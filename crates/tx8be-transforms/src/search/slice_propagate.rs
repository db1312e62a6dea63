//! The seed's DS_SlicePropagate as a pure function: from the sharding and
//! split of a group's output, the sharding and split of every in-group
//! value, walking the group's ops backwards (consumer to producer) through
//! each op's Sharding interface (`tile_sharding_split`).
//!
//! An op's output factors are what its consumer's interface asked of that
//! operand (the store asks the group's output factors). Where the
//! interface cannot derive the op's operands from that (it refuses the
//! cut), the op's given `tile_parallel` (`shape_spatial_sharding`, no
//! split) is used instead, as the seed falls back to the user's attribute;
//! with no given sharding that is an error naming the op. Two consumers
//! asking different factors of one in-group value is an error too: the
//! value would have to move between tiles inside the group.

use std::collections::HashMap;

use strata_ir::{Body, Context, Diagnostic, Op, Value};
use tx8be::interfaces::sharding::ShardingSplitParam;
use tx8be::ParallelAttr;
use tx8be::{op_kind, OpKind};

/// One op's propagated factors.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpShardings {
    pub op: Op,
    /// The factors of the op's result.
    pub result: ShardingSplitParam,
    /// The factors of each operand, in operand order.
    pub operands: Vec<ShardingSplitParam>,
    /// The result's factors came from the op's `tile_parallel`, not its
    /// consumer.
    pub from_given: bool,
}

/// The op's given sharding (`tile_parallel.shape_spatial_sharding`), if any.
pub fn given_sharding(ctx: &Context, body: &Body, op: Op) -> Option<Vec<i64>> {
    let p = ParallelAttr::from_attr(ctx, body.op_attr(ctx, op, "tile_parallel")?)?;
    if p.shape_spatial_sharding.is_empty() {
        return None;
    }
    Some(p.shape_spatial_sharding.iter().map(|&s| s as i64).collect())
}

/// Propagates `output` (the factors of the group's output, the value its
/// `store_var` stores) backwards over `ops`, a group's block in order
/// (loads, compute ops, `store_var`, `yield`). Returns every op but the
/// yield, in block order.
pub fn propagate(
    ctx: &Context,
    body: &Body,
    ops: &[Op],
    output: &ShardingSplitParam,
) -> Result<Vec<OpShardings>, Diagnostic> {
    let mut wanted: HashMap<Value, ShardingSplitParam> = HashMap::new();
    let mut out = vec![];
    for &op in ops.iter().rev() {
        let name = ctx.op_name_str(body.op_name(op));
        let kind = op_kind(ctx, body, op);
        if kind == Some(OpKind::Yield) || body.num_results(op) == 0 {
            continue;
        }
        let asked = if kind == Some(OpKind::StoreVar) {
            Some(output.clone())
        } else {
            wanted.get(&body.result(op, 0)).cloned()
        };
        let derived = asked
            .as_ref()
            .and_then(|p| tx8be::interfaces::tile_sharding_split(ctx, body, op, p).ok().map(|o| (p.clone(), o)));
        let (result, operands, from_given) = match derived {
            Some((r, o)) => (r, o, false),
            None => {
                let Some(given) = given_sharding(ctx, body, op) else {
                    return Err(Diagnostic::error(
                        body.op_loc(op),
                        match asked {
                            Some(p) => format!("'{name}' op cannot take the sharding {:?} its user asks and has no given tile_parallel", p.out_sharding),
                            None => format!("'{name}' op has no in-group user to derive its sharding from and no given tile_parallel"),
                        },
                    ));
                };
                let p = ShardingSplitParam { out_split: vec![1; given.len()], out_sharding: given };
                let o = tx8be::interfaces::tile_sharding_split(ctx, body, op, &p)?;
                (p, o, true)
            }
        };
        for (i, p) in operands.iter().enumerate() {
            let v = body.operand(op, i);
            // Only values made inside the group are propagated further.
            if !body.defining_op(v).is_some_and(|d| ops.contains(&d)) {
                continue;
            }
            match wanted.get(&v) {
                Some(prev) if prev != p => {
                    let def = body.defining_op(v).unwrap_or(op);
                    return Err(Diagnostic::error(
                        body.op_loc(def),
                        format!(
                            "'{}' op result is needed with sharding {:?} and {:?} by different users in its group",
                            ctx.op_name_str(body.op_name(def)),
                            prev.out_sharding,
                            p.out_sharding
                        ),
                    ));
                }
                _ => {
                    wanted.insert(v, p.clone());
                }
            }
        }
        out.push(OpShardings { op, result, operands, from_given });
    }
    out.reverse();
    Ok(out)
}
