//! Constant management (the seed's "Const Management", issue 13): the
//! compilation's constant store and the two passes that decide how each
//! weight reaches its users.
//!
//! | file | what |
//! | --- | --- |
//! | `container.rs` | `ConstContainer`: the constants of a function with their data, chips, ids, placements and placed sizes, built from the IR |
//! | `move_constant.rs` | `tx8be-move-constant`: one graph-level `load_const` per use by a compute op, `bypasscodegen`, ids by the size threshold |
//! | `const_norm.rs` | `tx8be-const-norm`: channel_norms of constants folded into their `load_const`, one placement per constant |

pub mod const_norm;
pub mod container;
pub mod move_constant;

pub use container::{ConstContainer, ConstEntry, ParamInfo};

use strata_ir::{Body, Context, Op};
use tx8be::{op_kind, OpKind};

/// Whether `op` is a tx8be computation (an operator-library call), not a
/// constant, a load, a store or a group.
pub fn is_compute(ctx: &Context, body: &Body, op: Op) -> bool {
    match op_kind(ctx, body, op) {
        None => false,
        Some(k) => !matches!(
            k,
            OpKind::Const | OpKind::Group | OpKind::Yield | OpKind::LoadVar | OpKind::LoadConst | OpKind::StoreVar
        ),
    }
}
