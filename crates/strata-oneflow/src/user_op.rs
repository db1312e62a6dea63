//! `UserOpCompatible`: the interface of OneFlow user ops (MLIR's
//! `UserOpCompatibleInterface`), attached to their op definitions.
//!
//! It names the two framework attributes every user op carries and that
//! never change what the op computes: `op_name` (the op's unique name in
//! the job) and `scope_symbol_id` (the scope it was built in). The CSE
//! passes find the ops to treat through it, without a list of op names.

use strata_ir::{Body, Context, Op};

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct UserOpCompatible {
    pub op_name_attr: &'static str,
    pub scope_symbol_id_attr: &'static str,
}

/// The interface value every user op of the dialect carries.
pub const USER_OP: UserOpCompatible =
    UserOpCompatible { op_name_attr: "op_name", scope_symbol_id_attr: "scope_symbol_id" };

/// The interface of `op`, if its definition has one.
pub fn user_op_interface(ctx: &Context, body: &Body, op: Op) -> Option<UserOpCompatible> {
    ctx.op_def(body.op_name(op)).and_then(|d| d.interfaces.get::<UserOpCompatible>()).copied()
}
