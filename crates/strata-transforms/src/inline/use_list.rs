//! Symbol uses of discardable callables (MLIR's `CGUseList`): which
//! callables may be erased once their last use is inlined, and how many
//! uses each still has. Symbol references have no SSA use lists, so the
//! inliner keeps these counts itself, per using callable.
//!
//! A callable is discardable when it is a symbol that may be dropped when
//! unused (not public) and all its uses are visible (private, or in a
//! table nobody outside can reach). Callables referenced from ops that are
//! not callables (a module-level attribute, say) are always live.

use rustc_hash::{FxHashMap, FxHashSet};

use strata_ir::call_interfaces::callable_interface;
use strata_ir::effects::is_memory_effect_free;
use strata_ir::symbols::{can_discard_on_use_empty, is_symbol, is_symbol_table, symbol_uses, visibility, Visibility};
use strata_ir::{Attribute, Body, Context, Op};

use super::call_graph::{body_at, BodyPath, CallGraph, NodeId, TableLoc};

#[derive(Default, Clone)]
struct Uses {
    /// Nodes referenced by the callable op's own attributes (counted once).
    top_level: FxHashSet<NodeId>,
    /// Nodes referenced by ops inside the callable, with counts.
    inner: FxHashMap<NodeId, i64>,
}

pub struct UseList {
    /// Discardable callables and their number of uses.
    discardable: FxHashMap<NodeId, i64>,
    node_uses: FxHashMap<NodeId, Uses>,
}

/// Calls `f(node, user_is_op)` for each symbol use held by `op` (an op of
/// the body at `path`) and the ops in it that names a callable; `table` is
/// where its references resolve. `resolved` caches resolutions by
/// reference, as MLIR does (across tables when the caller shares it).
#[allow(clippy::too_many_arguments)]
pub fn walk_referenced_nodes(
    ctx: &Context,
    root: &Body,
    cg: &CallGraph,
    path: &[Op],
    op: Op,
    table: Option<&TableLoc>,
    resolved: &mut FxHashMap<Attribute, Option<NodeId>>,
    f: &mut dyn FnMut(NodeId, bool),
) {
    let Some(body) = body_at(root, path) else { return };
    let Ok(uses) = symbol_uses(ctx, body, op) else { return };
    for u in uses {
        let node = *resolved
            .entry(u.reference)
            .or_insert_with(|| table.and_then(|t| cg.resolve_symbol_node(ctx, root, t, u.reference)));
        if let Some(n) = node {
            let user_is_op = std::ptr::eq(u.body, body) && u.user == op;
            f(n, user_is_op);
        }
    }
}

impl UseList {
    /// `all_visible`: whether every use of the pass's own table is in the
    /// IR (it is the top-level op, or not reachable from outside).
    pub fn new(ctx: &Context, root: &Body, cg: &CallGraph, all_visible: bool) -> UseList {
        let mut ul = UseList { discardable: FxHashMap::default(), node_uses: FxHashMap::default() };
        let mut always_live: FxHashMap<Attribute, Option<NodeId>> = FxHashMap::default();
        if let Some(table) = cg.root_table.clone() {
            ul.walk_tables(ctx, root, cg, &BodyPath::new(), None, Some(table), all_visible, &mut always_live);
        }
        for n in always_live.values().flatten() {
            ul.discardable.remove(n);
        }
        for n in 2..cg.nodes.len() {
            ul.recompute_uses(ctx, root, cg, n);
        }
        ul
    }

    /// MLIR's `walkSymbolTables`: nested tables first, then the table.
    /// `op` is `None` for the pass's own op (its table is `own_table`).
    #[allow(clippy::too_many_arguments)]
    fn walk_tables(
        &mut self,
        ctx: &Context,
        root: &Body,
        cg: &CallGraph,
        path: &[Op],
        op: Option<Op>,
        own_table: Option<TableLoc>,
        all_visible: bool,
        always_live: &mut FxHashMap<Attribute, Option<NodeId>>,
    ) {
        let Some(body) = body_at(root, path) else { return };
        let (table, visible) = match op {
            None => (own_table, all_visible),
            Some(o) if is_symbol_table(ctx, body, o) => {
                let hidden = !is_symbol(ctx, body, o) || visibility(ctx, body, o) == Visibility::Private;
                (TableLoc::of(body, path, o), all_visible || hidden)
            }
            Some(_) => (None, true),
        };
        // Children.
        let (inner_path, inner_body, regions): (BodyPath, &Body, Vec<_>) = match op {
            None => (BodyPath::new(), root, root.root_regions().to_vec()),
            Some(o) => {
                let (rb, rs) = body.regions_of(o);
                let mut p: BodyPath = path.into();
                if body.is_isolated(o) {
                    p.push(o);
                }
                (p, rb, rs.to_vec())
            }
        };
        for r in regions {
            let ops: Vec<Op> = inner_body.blocks(r).flat_map(|b| inner_body.block_ops(b)).collect();
            for child in ops {
                self.walk_tables(ctx, root, cg, &inner_path, Some(child), None, visible, always_live);
            }
        }
        let Some(table) = table else { return };
        let Some(tb) = body_at(root, &table.path) else { return };
        let ops: Vec<Op> = tb.blocks(table.region).flat_map(|b| tb.block_ops(b)).collect();
        for sym in ops {
            if let Some(ci) = callable_interface(ctx, tb, sym) {
                if (ci.callable_region)(ctx, tb, sym).is_some() {
                    if let Some(node) = cg.node_of_op(&table.path, sym) {
                        if is_symbol(ctx, tb, sym)
                            && (visible || visibility(ctx, tb, sym) == Visibility::Private)
                            && can_discard_on_use_empty(ctx, tb, sym)
                        {
                            self.discardable.entry(node).or_insert(0);
                        }
                        continue;
                    }
                }
            }
            walk_referenced_nodes(ctx, root, cg, &table.path, sym, Some(&table), always_live, &mut |_, _| {});
        }
    }

    fn decrement(&mut self, uses: &Uses) {
        for n in &uses.top_level {
            *self.discardable.entry(*n).or_insert(0) -= 1;
        }
        for (n, c) in &uses.inner {
            *self.discardable.entry(*n).or_insert(0) -= c;
        }
    }

    /// Recounts the uses held by `node`'s callable.
    pub fn recompute_uses(&mut self, ctx: &Context, root: &Body, cg: &CallGraph, node: NodeId) {
        let Some(c) = cg.nodes[node].callable.as_ref() else { return };
        let old = self.node_uses.remove(&node).unwrap_or_default();
        self.decrement(&old);
        let mut uses = Uses::default();
        let mut resolved = FxHashMap::default();
        let discardable = &mut self.discardable;
        walk_referenced_nodes(
            ctx,
            root,
            cg,
            &c.op_path,
            c.op,
            c.table.as_ref(),
            &mut resolved,
            &mut |n, user_is_op| {
                let Some(count) = discardable.get_mut(&n) else { return };
                if !user_is_op {
                    *uses.inner.entry(n).or_insert(0) += 1;
                } else if !uses.top_level.insert(n) {
                    return;
                }
                *count += 1;
            },
        );
        self.node_uses.insert(node, uses);
    }

    /// Drops the uses held by an inlined call of `user`.
    #[allow(clippy::too_many_arguments)]
    pub fn drop_call_uses(
        &mut self,
        ctx: &Context,
        root: &Body,
        cg: &CallGraph,
        user: NodeId,
        call_path: &[Op],
        call: Op,
        table: Option<&TableLoc>,
    ) {
        let mut resolved = FxHashMap::default();
        let uses = self.node_uses.entry(user).or_default();
        let discardable = &mut self.discardable;
        walk_referenced_nodes(ctx, root, cg, call_path, call, table, &mut resolved, &mut |n, _| {
            if let Some(c) = uses.inner.get_mut(&n) {
                *c -= 1;
                *discardable.entry(n).or_insert(0) -= 1;
            }
        });
    }

    /// Removes `node` (inlined in place, about to be erased) and what it
    /// holds, with its child callables.
    pub fn erase_node(&mut self, cg: &CallGraph, node: NodeId) {
        for &(kind, child) in &cg.nodes[node].edges {
            if kind == super::call_graph::EdgeKind::Child {
                self.erase_node(cg, child);
            }
        }
        if let Some(uses) = self.node_uses.remove(&node) {
            self.decrement(&uses);
        }
        self.discardable.remove(&node);
    }

    /// Whether `node` has no uses left and may go.
    pub fn is_dead(&self, ctx: &Context, root: &Body, cg: &CallGraph, node: NodeId) -> bool {
        let Some(c) = cg.nodes[node].callable.as_ref() else { return false };
        let Some(body) = body_at(root, &c.op_path) else { return false };
        if !is_symbol(ctx, body, c.op) {
            return is_memory_effect_free(ctx, body, c.op) && body.op_results_unused(c.op);
        }
        self.discardable.get(&node) == Some(&0)
    }

    /// Whether `node` has exactly one use left and may go after it.
    pub fn has_one_use_and_discardable(&self, ctx: &Context, root: &Body, cg: &CallGraph, node: NodeId) -> bool {
        let Some(c) = cg.nodes[node].callable.as_ref() else { return false };
        let Some(body) = body_at(root, &c.op_path) else { return false };
        if !is_symbol(ctx, body, c.op) {
            let one_use = body.results(c.op).map(|v| body.uses(v).count()).sum::<usize>() == 1;
            return is_memory_effect_free(ctx, body, c.op) && one_use;
        }
        self.discardable.get(&node) == Some(&1)
    }

    /// After inlining a copy of `callee` into `caller`, the callee's inner
    /// uses are the caller's too.
    pub fn merge_uses_after_inlining(&mut self, callee: NodeId, caller: NodeId) {
        let inner: Vec<(NodeId, i64)> =
            self.node_uses.get(&callee).map(|u| u.inner.iter().map(|(&n, &c)| (n, c)).collect()).unwrap_or_default();
        let caller_uses = self.node_uses.entry(caller).or_default();
        for (n, c) in inner {
            *caller_uses.inner.entry(n).or_insert(0) += c;
            *self.discardable.entry(n).or_insert(0) += c;
        }
    }
}
