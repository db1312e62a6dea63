//! Symbol-use verification (MLIR's `SymbolUserOpInterface::verifySymbolUses`):
//! an op that refers to symbols checks its references against the nearest
//! symbol table when that table is verified, e.g. `func.call` checks that its
//! callee exists and has a matching signature.

use std::collections::HashMap;

use crate::body::Body;
use crate::context::Context;
use crate::diagnostics::Diagnostic;
use crate::entity::{Op, Region};
use crate::opdef::Traits;

/// The hook an op definition carries (as an interface) to verify its
/// symbol references.
pub struct SymbolUserOpInterface {
    pub verify_symbol_uses:
        fn(ctx: &Context, body: &Body, op: Op, table: &SymbolTableView<'_>) -> Result<(), Diagnostic>,
}

/// The symbols of the symbol table nearest to a symbol user.
pub struct SymbolTableView<'a> {
    pub(crate) body: &'a Body,
    pub(crate) symbols: &'a HashMap<Vec<u8>, Op>,
}

impl<'a> SymbolTableView<'a> {
    /// The op defining symbol `name` (and the body holding it).
    pub fn lookup(&self, name: &[u8]) -> Option<(&'a Body, Op)> {
        self.symbols.get(name).map(|&o| (self.body, o))
    }
}

/// Calls `f` on every op nested in `regions` without entering nested symbol
/// tables, in the order of MLIR's `walkSymbolTable` (a region worklist taken
/// from the back: ops of a region first, then the regions they opened,
/// latest first).
pub(crate) fn walk_symbol_table<'a>(
    ctx: &Context,
    body: &'a Body,
    regions: &[Region],
    f: &mut dyn FnMut(&'a Body, Op) -> Result<(), Diagnostic>,
) -> Result<(), Diagnostic> {
    let mut worklist: Vec<(&'a Body, Region)> = regions.iter().map(|&r| (body, r)).collect();
    while let Some((rb, r)) = worklist.pop() {
        for b in rb.blocks(r) {
            for o in rb.block_ops(b) {
                f(rb, o)?;
                let is_table = ctx.op_def(rb.op_name(o)).is_some_and(|d| d.has_trait(Traits::SYMBOL_TABLE));
                if !is_table {
                    let (nb, nested) = rb.regions_of(o);
                    worklist.extend(nested.iter().map(|&n| (nb, n)));
                }
            }
        }
    }
    Ok(())
}
