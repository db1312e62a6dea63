//! The `PatternRewriter`: every IR change a pattern (or a driver) makes
//! goes through it, and it tells a [`Listener`] about each one (MLIR's
//! `RewriterBase` with `RewriterBase::Listener`). The greedy driver is such
//! a listener: it re-queues what changed and forgets what was erased.

use smallvec::SmallVec;

use strata_ir::fold::{fold_op, operand_constants, FoldResult, FoldValue};
use strata_ir::surgery::{IrMapping, Source};
use strata_ir::{Attribute, Block, Body, Context, Location, Op, OpSpec, Region, Type, Value};

/// Told about every change made through a rewriter.
pub trait Listener {
    /// `op` was inserted (created, or moved to a new place).
    fn notify_inserted(&mut self, _body: &Body, _op: Op) {}
    /// `op` changed in place (operands, attributes, successors).
    fn notify_modified(&mut self, _body: &Body, _op: Op) {}
    /// `op` is about to be replaced by `values` (its uses not yet moved).
    fn notify_replacing(&mut self, _body: &Body, _op: Op, _values: &[Value]) {}
    /// `op` is about to be erased (called for nested ops first).
    fn notify_erasing(&mut self, _body: &Body, _op: Op) {}
}

/// A listener that ignores everything.
pub struct NoListener;
impl Listener for NoListener {}

/// Where new ops go.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum InsertPoint {
    Before(Op),
    End(Block),
}

pub struct PatternRewriter<'a> {
    pub ctx: &'a Context,
    body: &'a mut Body,
    listener: &'a mut dyn Listener,
    ip: Option<InsertPoint>,
}

impl<'a> PatternRewriter<'a> {
    pub fn new(ctx: &'a Context, body: &'a mut Body, listener: &'a mut dyn Listener) -> PatternRewriter<'a> {
        PatternRewriter { ctx, body, listener, ip: None }
    }

    /// Read access to the IR.
    pub fn body(&self) -> &Body {
        self.body
    }

    /// Write access that bypasses notification: only for changes to ops
    /// the rewriter has just created and not yet inserted.
    pub fn body_mut_unnotified(&mut self) -> &mut Body {
        self.body
    }

    // ---- insertion point ----

    pub fn set_insertion_point_before(&mut self, op: Op) {
        self.ip = Some(InsertPoint::Before(op));
    }
    pub fn set_insertion_point_after(&mut self, op: Op) {
        self.ip = Some(match self.body.next_op(op) {
            Some(n) => InsertPoint::Before(n),
            None => InsertPoint::End(self.body.op_block(op).expect("op in a block")),
        });
    }
    pub fn set_insertion_point_to_end(&mut self, b: Block) {
        self.ip = Some(InsertPoint::End(b));
    }
    pub fn set_insertion_point_to_start(&mut self, b: Block) {
        self.ip = Some(match self.body.first_op(b) {
            Some(f) => InsertPoint::Before(f),
            None => InsertPoint::End(b),
        });
    }
    pub fn insertion_point(&self) -> Option<InsertPoint> {
        self.ip
    }
    pub fn restore_insertion_point(&mut self, ip: Option<InsertPoint>) {
        self.ip = ip;
    }

    // ---- creation ----

    /// Inserts a detached op at the insertion point.
    pub fn insert(&mut self, op: Op) -> Op {
        match self.ip.expect("rewriter has no insertion point") {
            InsertPoint::Before(b) => self.body.insert_op_before(b, op),
            InsertPoint::End(blk) => self.body.append_op(blk, op),
        }
        self.listener.notify_inserted(self.body, op);
        op
    }

    /// Creates an op at the insertion point.
    pub fn create(&mut self, spec: OpSpec) -> Op {
        let op = self.body.create_op(spec);
        self.insert(op)
    }

    /// Creates an op and folds it right away (MLIR's `createOrFold`): when
    /// it folds to existing values those are returned and the op is erased;
    /// when it folds to constants they are materialized here through the
    /// dialect hook.
    pub fn create_or_fold(&mut self, spec: OpSpec) -> SmallVec<[Value; 1]> {
        let op = self.body.create_op(spec);
        let operands = operand_constants(self.ctx, self.body, op);
        match fold_op(self.ctx, self.body, op, &operands) {
            FoldResult::Replace(values) => {
                let loc = self.body.op_loc(op);
                let types = self.body.result_types(op);
                let mut out = SmallVec::new();
                let mut ok = true;
                for (v, ty) in values.iter().zip(types) {
                    match *v {
                        FoldValue::Value(v) => out.push(v),
                        FoldValue::Attr(a) => match self.materialize_constant(op, a, ty, loc) {
                            Some(c) => out.push(self.body.result(c, 0)),
                            None => ok = false,
                        },
                    }
                }
                if ok {
                    self.body.erase_op(op);
                    return out;
                }
                self.insert(op);
                self.body.results(op).collect()
            }
            _ => {
                self.insert(op);
                self.body.results(op).collect()
            }
        }
    }

    /// Materializes `value` of `ty` with the dialect of `for_op` at the
    /// insertion point (MLIR's `Dialect::materializeConstant`).
    pub fn materialize_constant(&mut self, for_op: Op, value: Attribute, ty: Type, loc: Location) -> Option<Op> {
        let dialect = self.ctx.dialect(self.ctx.op_dialect_name(self.body.op_name(for_op)))?;
        let f = dialect.materialize_constant?;
        let c = f(self.ctx, self.body, value, ty, loc)?;
        Some(self.insert(c))
    }

    /// Clones `op` (with its regions) at the insertion point, remapping
    /// operands through `map` (MLIR's `OpBuilder::clone`): the listener hears
    /// of the clone, then of every op nested in it, in pre-order.
    pub fn clone_op(&mut self, op: Op, map: &mut IrMapping) -> Op {
        let c = self.body.clone_op(Source::Same, op, map);
        self.insert(c);
        self.notify_nested_inserted(c);
        c
    }

    /// Clones the blocks of `from` into `to` before `before` (or at its
    /// end), MLIR's `RewriterBase::cloneRegionBefore`: block arguments that
    /// `map` already maps are not cloned; the listener hears of each new op.
    pub fn clone_region_before(&mut self, from: Region, to: Region, before: Option<Block>, map: &mut IrMapping) {
        let old: SmallVec<[Block; 4]> = self.body.blocks(from).collect();
        self.body.clone_region_into(Source::Same, from, to, before, map);
        for b in old {
            let nb = map.block(b);
            let ops: SmallVec<[Op; 16]> = self.body.block_ops(nb).collect();
            for o in ops {
                self.listener.notify_inserted(self.body, o);
                self.notify_nested_inserted(o);
            }
        }
    }

    fn notify_nested_inserted(&mut self, op: Op) {
        let mut nested = Vec::new();
        for &r in self.body.local_regions(op) {
            self.body.walk_region_pre(r, &mut |o| nested.push(o));
        }
        for o in nested {
            self.listener.notify_inserted(self.body, o);
        }
    }

    // ---- replacement and erasure ----

    /// Replaces every use of `from` with `to`, telling the listener each
    /// user changed.
    pub fn replace_all_uses_with(&mut self, from: Value, to: Value) {
        if from == to {
            return;
        }
        let users: SmallVec<[Op; 8]> = self.body.uses(from).map(|(u, _)| u).collect();
        self.body.replace_all_uses_with(from, to);
        for u in users {
            self.listener.notify_modified(self.body, u);
        }
    }

    /// Replaces the uses of `from` whose user satisfies `pred`.
    pub fn replace_uses_with_if(&mut self, from: Value, to: Value, pred: impl Fn(&Body, Op) -> bool) {
        let users: SmallVec<[Op; 8]> = self.body.uses(from).map(|(u, _)| u).filter(|&u| pred(self.body, u)).collect();
        self.body.replace_uses_if(from, to, |b, u| pred(b, u));
        for u in users {
            self.listener.notify_modified(self.body, u);
        }
    }

    /// Replaces `op`'s results with `values` and erases it.
    pub fn replace_op(&mut self, op: Op, values: &[Value]) {
        assert_eq!(values.len(), self.body.num_results(op), "one replacement value per result");
        self.listener.notify_replacing(self.body, op, values);
        for (i, &v) in values.iter().enumerate() {
            let r = self.body.result(op, i);
            self.replace_all_uses_with(r, v);
        }
        self.erase_op(op);
    }

    /// Creates an op before `op` and replaces `op` with its results.
    pub fn replace_op_with_new(&mut self, op: Op, spec: OpSpec) -> Op {
        self.set_insertion_point_before(op);
        let new_op = self.create(spec);
        let results: SmallVec<[Value; 2]> = self.body.results(new_op).collect();
        self.replace_op(op, &results);
        new_op
    }

    /// Erases `op` and everything nested in it.
    pub fn erase_op(&mut self, op: Op) {
        self.notify_erasing_tree(op);
        if let Some(InsertPoint::Before(b)) = self.ip {
            if b == op {
                self.ip = Some(match self.body.next_op(op) {
                    Some(n) => InsertPoint::Before(n),
                    None => InsertPoint::End(self.body.op_block(op).expect("op in a block")),
                });
            }
        }
        self.body.erase_op(op);
    }

    /// Notifies the erasure of `op` and everything nested in it in the
    /// order MLIR's `RewriterBase::eraseOp` erases them: regions last to
    /// first, blocks last to first (MLIR: post-order over successors, the
    /// same for single-block regions), ops of a block last to first, each
    /// op's regions before the op. Users are thus notified before the ops
    /// defining their operands: the greedy driver re-queues an erased op's
    /// operand definers, and a definer notified (and dequeued) before its
    /// user would be queued again after its own erasure.
    fn notify_erasing_tree(&mut self, op: Op) {
        fn collect(body: &Body, op: Op, out: &mut Vec<Op>) {
            for &r in body.local_regions(op).iter().rev() {
                let blocks: SmallVec<[Block; 4]> = body.blocks(r).collect();
                for &b in blocks.iter().rev() {
                    let ops: SmallVec<[Op; 16]> = body.block_ops(b).collect();
                    for &o in ops.iter().rev() {
                        collect(body, o, out);
                    }
                }
            }
            out.push(op);
        }
        let mut order = Vec::new();
        collect(self.body, op, &mut order);
        for o in order {
            self.listener.notify_erasing(self.body, o);
        }
    }

    /// Erases a block and its ops, last op first; uses of the values it
    /// defines are dropped (MLIR's `dropAllDefinedValueUses` + `eraseBlock`).
    pub fn erase_block(&mut self, b: Block) {
        let ops: SmallVec<[Op; 16]> = self.body.block_ops(b).collect();
        for op in ops.into_iter().rev() {
            self.notify_erasing_tree(op);
            self.body.erase_op(op);
        }
        let args: SmallVec<[Value; 4]> = self.body.block_args(b).into();
        for a in args {
            self.body.drop_all_uses(a);
        }
        self.body.remove_block(b);
    }

    /// Changes `op` in place through `f` and tells the listener.
    pub fn modify_in_place<R>(&mut self, op: Op, f: impl FnOnce(&mut Body) -> R) -> R {
        let r = f(self.body);
        self.listener.notify_modified(self.body, op);
        r
    }

    /// Moves `src`'s ops before `before` (or to the end of `dest`),
    /// replacing its arguments with `args`, and removes `src`.
    pub fn inline_block_before(&mut self, src: Block, dest: Block, before: Option<Op>, args: &[Value]) {
        let old: SmallVec<[Value; 4]> = self.body.block_args(src).into();
        for (&a, &v) in old.iter().zip(args) {
            self.replace_all_uses_with(a, v);
        }
        let ops: SmallVec<[Op; 16]> = self.body.block_ops(src).collect();
        // The arguments' uses are already moved (with notifications); the
        // body's own replacement is then a no-op.
        self.body.inline_block_before(src, dest, before, &old);
        for op in ops {
            self.listener.notify_inserted(self.body, op);
        }
    }

    /// Moves `src`'s ops to the end of `dest` (MLIR's `mergeBlocks`).
    pub fn merge_blocks(&mut self, src: Block, dest: Block, args: &[Value]) {
        self.inline_block_before(src, dest, None, args);
    }

    /// Splits `block` before `at` (see `Body::split_block`).
    pub fn split_block(&mut self, block: Block, at: Option<Op>) -> Block {
        let nb = self.body.split_block(block, at);
        let moved: SmallVec<[Op; 16]> = self.body.block_ops(nb).collect();
        for op in moved {
            self.listener.notify_inserted(self.body, op);
        }
        nb
    }

    /// Moves `op` before `before`.
    pub fn move_op_before(&mut self, op: Op, before: Op) {
        self.body.move_op_before(op, before);
        self.listener.notify_inserted(self.body, op);
    }
}
