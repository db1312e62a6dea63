//! Codegen: the scheduled tx8be IR -> `main.c` (SPMD, calling the operator
//! library's C ABI), `weights.bin` and `model.json`.

pub mod emit_c;
pub mod emit_ring;
pub mod plan;
pub mod read_ir;

use strata_ir::{Body, Context, Diagnostic, Location, Op};

/// An error for an op codegen cannot print yet.
pub(crate) fn unsupported(ctx: &Context, body: &Body, op: Op, what: &str) -> Diagnostic {
    Diagnostic::error(
        body.op_loc(op),
        format!("'{}' op: codegen does not support {what} yet", ctx.op_name_str(body.op_name(op))),
    )
}

/// A location as a short text for comments (`"conv1"`, `file:3:5`).
pub fn location_text(ctx: &Context, loc: Location) -> String {
    use strata_ir::location::LocData;
    match ctx.loc_data(loc) {
        LocData::Name { name, .. } => format!("\"{}\"", ctx.str(name)),
        LocData::FileLineCol { file, line, col } => format!("{}:{line}:{col}", ctx.str(file)),
        _ => String::new(),
    }
}
