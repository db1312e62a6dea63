//! DDR addresses as `tx8be-ddr-alloc` records them: `tx8be.ddr_addr` in a
//! function's `arg_attrs`, `ddr_addr` on every `tx8be.const` and group
//! store; reshapes and views have no bytes of their own.

use strata_ir::{Attribute, Body, Context, Value, ValueDef};

use super::groups::group_store;
use super::views::{expanded_operand, is_view};
use crate::dialect::ops::{op_kind, OpKind};

/// The argument and result attribute holding a function value's DDR address.
pub const DDR_ADDR_ATTR: &str = "tx8be.ddr_addr";
/// The function attribute holding the DDR bytes the function uses.
pub const DDR_BYTES_ATTR: &str = "tx8be.ddr_bytes";

/// The DDR address of a value of an allocated function body, following
/// reshapes; `None` if it has none.
pub fn ddr_addr_of(ctx: &Context, body: &Body, func_attrs: Attribute, mut v: Value) -> Option<u64> {
    loop {
        match body.value_def(v) {
            ValueDef::BlockArg(_, index) => {
                let list = ctx.dict_get(func_attrs, "arg_attrs")?;
                let d = *ctx.as_array(list)?.get(index as usize)?;
                return ctx.dict_get(d, DDR_ADDR_ATTR).and_then(|a| ctx.as_i64(a)).map(|a| a as u64);
            }
            ValueDef::Result(op, _) => match op_kind(ctx, body, op) {
                // Reshapes and views (`views`: a load through one adds the
                // view's offset) have no bytes of their own.
                Some(OpKind::Reshape) => v = body.operand(op, 0),
                Some(OpKind::Transpose | OpKind::Slice | OpKind::Binary) if is_view(ctx, body, op) => {
                    v = body.operand(op, expanded_operand(ctx, body, op).unwrap_or(0))
                }
                Some(OpKind::Const | OpKind::StoreVar) => {
                    return body.op_attr(ctx, op, "ddr_addr").and_then(|a| ctx.as_i64(a)).map(|a| a as u64)
                }
                Some(OpKind::Group) => v = group_store(ctx, body, op)?,
                _ => return None,
            },
        }
    }
}
