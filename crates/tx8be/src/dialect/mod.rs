//! The `tx8be` dialect: op definitions (`ops.rs` table of compute ops,
//! `structure.rs` for const/group/yield/load/store), the typed kinds of
//! Binary, Unary, Reduce and Pool (`kinds.rs`), their verifiers
//! (`verify.rs`, `shape_rules.rs`), the dialect attributes (`attrs.rs`;
//! the module's target, `target.rs`) and the builtin attribute readers the
//! ops use (`values.rs`).

pub mod activation;
pub mod attrs;
pub mod build;
pub mod kinds;
pub mod ops;
pub mod shape_rules;
pub mod structure;
pub mod target;
pub mod values;
mod verify;

use strata_ir::dialect::DialectDef;

use ops::OpKind;

/// The `tx8be` dialect definition with every op and its interfaces.
pub fn dialect() -> DialectDef {
    let mut d = DialectDef::new("tx8be");
    d.parse_attr = Some(attrs::parse_attr);
    d.print_attr = Some(attrs::print_attr);
    for row in ops::COMPUTE_OPS {
        d = d.op(crate::interfaces::attach(ops::compute_op_def(row), row.kind));
    }
    d = d.op(crate::interfaces::attach(structure::const_def(), OpKind::Const));
    d = d.op(structure::group_def());
    d = d.op(structure::yield_def());
    for k in [OpKind::LoadVar, OpKind::LoadConst, OpKind::StoreVar] {
        d = d.op(crate::interfaces::attach(structure::move_def(k), k));
    }
    d
}
