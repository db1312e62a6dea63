//! Constant uniquing and hoisting for the greedy driver (the part of MLIR's
//! `OperationFolder` the driver uses while it fills its worklist).
//!
//! Constants are unique per *insertion region*: the nearest enclosing
//! region whose owner may be isolated from above (the body's root region,
//! or a region of an unregistered op, which might be isolated). A kept
//! constant moves to the front of that region's entry block, after the
//! constants already gathered there; a duplicate is replaced by the kept
//! one. Moving a constant out of its block, or merging a duplicate into it,
//! drops its location to `unknown`, as upstream does.

use rustc_hash::{FxHashMap, FxHashSet};

use strata_ir::fold::constant_op_value;
use strata_ir::{Attribute, Block, Body, Context, Location, Op, Region, Type};

use crate::rewriter::PatternRewriter;

/// Kept constants by (insertion region, dialect, value, type); dialect
/// names are borrowed from the context.
#[derive(Default)]
pub struct ConstantFolder<'c> {
    scopes: FxHashMap<(Region, &'c str, Attribute, Type), Op>,
    owned: FxHashSet<Op>,
}

/// The region constants of `block` are uniqued and hoisted into.
pub fn insertion_region(ctx: &Context, body: &Body, block: Block) -> Region {
    let mut r = body.block_region(block).expect("block in a region");
    loop {
        let Some(p) = body.region_parent_op(r) else { return r };
        // Unregistered ops might be isolated from above: stop there.
        if ctx.op_def(body.op_name(p)).is_none() {
            return r;
        }
        r = body.block_region(body.op_block(p).expect("parent op in a block")).expect("block in a region");
    }
}

impl<'c> ConstantFolder<'c> {
    /// Registers constant `op` (MLIR's `insertKnownConstant`): true if it is
    /// kept (possibly moved to the front of its insertion block), false if
    /// it was replaced by an equal constant and erased.
    pub fn insert_known_constant(&mut self, ctx: &'c Context, rw: &mut PatternRewriter<'_>, op: Op) -> bool {
        let block = rw.body().op_block(op).expect("constant in a block");
        if self.owned.contains(&op) {
            let first = rw.body().first_op(block);
            if first != Some(op) && !rw.body().prev_op(op).is_some_and(|p| self.owned.contains(&p)) {
                let front = first.expect("block not empty");
                rw.body_mut_unnotified().move_op_before(op, front);
                rw.body_mut_unnotified().set_op_loc(op, Location::Unknown);
            }
            return true;
        }
        let Some(value) = constant_op_value(ctx, rw.body(), op) else { return true };
        let region = insertion_region(ctx, rw.body(), block);
        let ty = rw.body().value_type(rw.body().result(op, 0));
        let key = (region, ctx.op_dialect_name(rw.body().op_name(op)), value, ty);
        if let Some(&existing) = self.scopes.get(&key) {
            let v = rw.body().result(existing, 0);
            rw.replace_op(op, &[v]);
            rw.body_mut_unnotified().set_op_loc(existing, Location::Unknown);
            return false;
        }
        let insert_block = rw.body().first_block(region).expect("region has an entry block");
        let front = rw.body().first_op(insert_block).expect("entry block holds ops");
        if block != insert_block {
            rw.body_mut_unnotified().move_op_before(op, front);
            rw.body_mut_unnotified().set_op_loc(op, Location::Unknown);
        } else if front != op && !rw.body().prev_op(op).is_some_and(|p| self.owned.contains(&p)) {
            rw.body_mut_unnotified().move_op_before(op, front);
        }
        self.scopes.insert(key, op);
        self.owned.insert(op);
        true
    }
}
