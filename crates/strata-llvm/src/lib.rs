//! LLVM for Strata: the `llvm` dialect subset (`dialect/`), the passes that
//! lower func/arith/cf/memref to it (`conversion/`, one file per pass), and
//! the translation of an `llvm`-dialect module to LLVM IR text
//! (`translate/`, behind the `strata-translate` binary).

// The op parsers are `strata_ir` parser hooks, whose `PResult` carries no
// error value (the diagnostic is in the parser).
#![allow(clippy::result_unit_err)]

pub mod conversion;
pub mod dialect;
pub mod translate;

use strata_ir::Context;

/// Registers the `llvm` dialect.
pub fn register_dialect(ctx: &mut Context) {
    dialect::register(ctx);
}
