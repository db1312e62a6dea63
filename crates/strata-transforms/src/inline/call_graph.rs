//! The call graph the inliner walks (MLIR's `CallGraph`), and the bottom-up
//! SCC order LLVM's `scc_iterator` gives it.
//!
//! Nodes are the callable regions (function bodies) under the pass's op,
//! plus two external nodes: the *external caller* (node 0, with an
//! abstract edge to every top-level callable, the traversal's entry) and
//! the *unknown callee* (node 1, the target of calls that resolve to no
//! callable). A callable nested in another's region is its child. Edges
//! keep their insertion order and are unique per (kind, target), so the
//! SCC order, and with it the inlining order, matches mlir-opt's.
//!
//! The IR is a tree of arenas: an op is addressed by the path of isolated
//! ops leading to the body holding it (`BodyPath`, empty for the pass's own
//! body) and its handle there. Handles stay valid while other ops change.

use rustc_hash::FxHashMap;
use smallvec::SmallVec;

use strata_ir::call_interfaces::{call_interface, callable_interface, Callee};
use strata_ir::symbols::{is_potentially_unknown_symbol_table, is_symbol_table, TableRegion};
use strata_ir::{AttrKind, Attribute, Body, Context, Op, Region};

/// The isolated ops leading from the pass's body to a nested body.
pub type BodyPath = SmallVec<[Op; 4]>;

pub fn body_at<'a>(root: &'a Body, path: &[Op]) -> Option<&'a Body> {
    let mut body = root;
    for &op in path {
        if body.is_erased(op) {
            return None;
        }
        body = body.nested(op)?;
    }
    Some(body)
}

pub fn body_at_mut<'a>(root: &'a mut Body, path: &[Op]) -> Option<&'a mut Body> {
    let mut body = root;
    for &op in path {
        if body.is_erased(op) {
            return None;
        }
        body = body.nested_mut(op)?;
    }
    Some(body)
}

/// The region of a symbol table, by the path of the body holding it.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct TableLoc {
    pub path: BodyPath,
    pub region: Region,
}

impl TableLoc {
    /// The first region of symbol table `op`, an op of the body at `path`.
    pub fn of(body: &Body, path: &[Op], op: Op) -> Option<TableLoc> {
        if body.is_isolated(op) {
            let region = *body.nested(op)?.root_regions().first()?;
            let mut p: BodyPath = path.into();
            p.push(op);
            Some(TableLoc { path: p, region })
        } else {
            Some(TableLoc { path: path.into(), region: *body.local_regions(op).first()? })
        }
    }
}

/// Resolves a symbol reference from a table (flat or nested), giving the
/// path of the body holding the symbol and the symbol op.
pub fn resolve_symbol(ctx: &Context, root: &Body, table: &TableLoc, reference: Attribute) -> Option<(BodyPath, Op)> {
    let AttrKind::SymbolRef { root: first, nested } = ctx.attr_kind(reference) else { return None };
    let mut loc = table.clone();
    let mut found = lookup(ctx, root, &loc, ctx.str(*first).as_bytes())?;
    for part in nested.iter() {
        let body = body_at(root, &loc.path)?;
        if !is_symbol_table(ctx, body, found) {
            return None;
        }
        loc = TableLoc::of(body, &loc.path, found)?;
        found = lookup(ctx, root, &loc, ctx.str(*part).as_bytes())?;
    }
    Some((loc.path, found))
}

fn lookup(ctx: &Context, root: &Body, loc: &TableLoc, name: &[u8]) -> Option<Op> {
    TableRegion { body: body_at(root, &loc.path)?, region: loc.region }.lookup(ctx, name)
}

/// The nearest symbol table enclosing `op` (an op of the body at `path`),
/// starting with `op` itself; `None` past an op that may be an unknown
/// symbol table (MLIR's `getNearestSymbolTable`). `root_table` is the
/// table of the pass's own op, if it is one.
pub fn nearest_table(
    ctx: &Context,
    root: &Body,
    root_table: Option<&TableLoc>,
    path: &[Op],
    op: Option<Op>,
) -> Option<TableLoc> {
    let mut path: BodyPath = path.into();
    let mut cur = op;
    loop {
        let o = match cur {
            Some(o) => o,
            // At a root region of the body at `path`: go to its owner, or
            // to the pass's op above the pass's own body.
            None => match path.pop() {
                Some(owner) => owner,
                None => return root_table.cloned(),
            },
        };
        let body = body_at(root, &path)?;
        if is_potentially_unknown_symbol_table(ctx, body, o) {
            return None;
        }
        if is_symbol_table(ctx, body, o) {
            return TableLoc::of(body, &path, o);
        }
        cur = body.parent_op(o);
    }
}

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum EdgeKind {
    /// From the external caller to a top-level callable.
    Abstract,
    Call,
    /// From a callable to a callable nested in its region.
    Child,
}

/// A callable: the op and its callable region.
#[derive(Clone, Debug)]
pub struct Callable {
    pub op_path: BodyPath,
    pub op: Op,
    pub region_path: BodyPath,
    pub region: Region,
    /// The nearest symbol table around the op (where its references resolve).
    pub table: Option<TableLoc>,
}

#[derive(Clone, Debug, Default)]
pub struct Node {
    /// `None` for the external caller and unknown callee nodes.
    pub callable: Option<Callable>,
    pub edges: Vec<(EdgeKind, NodeId)>,
}

impl Node {
    pub fn is_external(&self) -> bool {
        self.callable.is_none()
    }
    pub fn has_children(&self) -> bool {
        self.edges.iter().any(|e| e.0 == EdgeKind::Child)
    }
}

pub type NodeId = usize;
pub const EXTERNAL_CALLER: NodeId = 0;
pub const UNKNOWN_CALLEE: NodeId = 1;

pub struct CallGraph {
    pub nodes: Vec<Node>,
    by_op: FxHashMap<(BodyPath, Op), NodeId>,
    by_region: FxHashMap<(BodyPath, Region), NodeId>,
    pub root_table: Option<TableLoc>,
}

impl CallGraph {
    /// Builds the graph of everything under the pass's body `root`.
    pub fn build(ctx: &Context, root: &Body, root_table: Option<TableLoc>) -> CallGraph {
        let mut cg = CallGraph {
            nodes: vec![Node::default(), Node::default()],
            by_op: FxHashMap::default(),
            by_region: FxHashMap::default(),
            root_table,
        };
        // First the nodes, then the call edges (a call may precede its callee).
        for resolve in [false, true] {
            let table = cg.root_table.clone();
            for &r in root.root_regions() {
                for b in root.blocks(r) {
                    for op in root.block_ops(b) {
                        cg.visit(ctx, root, &BodyPath::new(), root, op, None, table.clone(), resolve);
                    }
                }
            }
        }
        cg
    }

    #[allow(clippy::too_many_arguments)]
    fn visit(
        &mut self,
        ctx: &Context,
        root: &Body,
        path: &BodyPath,
        body: &Body,
        op: Op,
        parent: Option<NodeId>,
        table: Option<TableLoc>,
        resolve: bool,
    ) {
        if call_interface(ctx, body, op).is_some() {
            if let (true, Some(p)) = (resolve, parent) {
                let target = self.resolve_call(ctx, root, body, op, table.as_ref());
                self.add_edge(p, EdgeKind::Call, target);
            }
            return;
        }
        let mut parent = parent;
        if let Some(ci) = callable_interface(ctx, body, op) {
            let Some(region) = (ci.callable_region)(ctx, body, op) else { return };
            let region_path = if body.is_isolated(op) {
                let mut p = path.clone();
                p.push(op);
                p
            } else {
                path.clone()
            };
            let callable = Callable { op_path: path.clone(), op, region_path, region, table: table.clone() };
            parent = Some(self.get_or_add_node(callable, parent));
        }
        let inner_table = if is_symbol_table(ctx, body, op) {
            TableLoc::of(body, path, op)
        } else if is_potentially_unknown_symbol_table(ctx, body, op) {
            None
        } else {
            table
        };
        let (rb, regions) = body.regions_of(op);
        let inner_path = if body.is_isolated(op) {
            let mut p = path.clone();
            p.push(op);
            p
        } else {
            path.clone()
        };
        for &r in regions {
            for b in rb.blocks(r) {
                for inner in rb.block_ops(b) {
                    self.visit(ctx, root, &inner_path, rb, inner, parent, inner_table.clone(), resolve);
                }
            }
        }
    }

    fn get_or_add_node(&mut self, callable: Callable, parent: Option<NodeId>) -> NodeId {
        let key = (callable.region_path.clone(), callable.region);
        if let Some(&n) = self.by_region.get(&key) {
            return n;
        }
        let id = self.nodes.len();
        self.by_op.insert((callable.op_path.clone(), callable.op), id);
        self.by_region.insert(key, id);
        self.nodes.push(Node { callable: Some(callable), edges: Vec::new() });
        match parent {
            Some(p) => self.add_edge(p, EdgeKind::Child, id),
            None => self.add_edge(EXTERNAL_CALLER, EdgeKind::Abstract, id),
        }
        id
    }

    fn add_edge(&mut self, from: NodeId, kind: EdgeKind, to: NodeId) {
        if !self.nodes[from].edges.contains(&(kind, to)) {
            self.nodes[from].edges.push((kind, to));
        }
    }

    /// The node of the callable `op` of the body at `path`, if any.
    pub fn node_of_op(&self, path: &[Op], op: Op) -> Option<NodeId> {
        self.by_op.get(&(SmallVec::from_slice(path), op)).copied()
    }

    /// The node whose callable region is `region` of the body at `path`.
    pub fn node_of_region(&self, path: &[Op], region: Region) -> Option<NodeId> {
        self.by_region.get(&(SmallVec::from_slice(path), region)).copied()
    }

    /// The node a call (an op of `body`) targets, the unknown callee when
    /// it resolves to no callable with a body (MLIR's `resolveCallable`).
    pub fn resolve_call(&self, ctx: &Context, root: &Body, body: &Body, call: Op, table: Option<&TableLoc>) -> NodeId {
        let Some(ci) = call_interface(ctx, body, call) else { return UNKNOWN_CALLEE };
        let Some(Callee::Symbol(sym)) = (ci.callee)(ctx, body, call) else { return UNKNOWN_CALLEE };
        let Some(table) = table else { return UNKNOWN_CALLEE };
        self.resolve_symbol_node(ctx, root, table, sym).unwrap_or(UNKNOWN_CALLEE)
    }

    /// The callable node a symbol names from `table`, if it is one.
    pub fn resolve_symbol_node(&self, ctx: &Context, root: &Body, table: &TableLoc, sym: Attribute) -> Option<NodeId> {
        let (path, op) = resolve_symbol(ctx, root, table, sym)?;
        self.node_of_op(&path, op)
    }
}

/// Bottom-up SCCs of the call graph from the external caller node, in the
/// order of LLVM's `scc_iterator` (iterative Tarjan; each SCC lists its
/// nodes from the last visited to the first).
pub struct SccIter {
    visit_num: u32,
    visit_numbers: FxHashMap<NodeId, u32>,
    node_stack: Vec<NodeId>,
    /// (node, next child index, lowest visit number reachable)
    visit_stack: Vec<(NodeId, usize, u32)>,
}

const DONE: u32 = u32::MAX;

impl SccIter {
    pub fn new(entry: NodeId) -> SccIter {
        let mut it = SccIter {
            visit_num: 0,
            visit_numbers: FxHashMap::default(),
            node_stack: Vec::new(),
            visit_stack: Vec::new(),
        };
        it.visit_one(entry);
        it
    }

    fn visit_one(&mut self, n: NodeId) {
        self.visit_num += 1;
        self.visit_numbers.insert(n, self.visit_num);
        self.node_stack.push(n);
        self.visit_stack.push((n, 0, self.visit_num));
    }

    fn visit_children(&mut self, cg: &CallGraph) {
        while let Some(&(n, next, _)) = self.visit_stack.last() {
            let Some(&(_, child)) = cg.nodes[n].edges.get(next) else { break };
            if let Some(top) = self.visit_stack.last_mut() {
                top.1 += 1;
            }
            match self.visit_numbers.get(&child) {
                None => self.visit_one(child),
                Some(&num) => {
                    if let Some(top) = self.visit_stack.last_mut() {
                        top.2 = top.2.min(num);
                    }
                }
            }
        }
    }

    /// The next SCC, `None` at the end.
    pub fn next_scc(&mut self, cg: &CallGraph) -> Option<Vec<NodeId>> {
        while !self.visit_stack.is_empty() {
            self.visit_children(cg);
            let (n, _, min) = self.visit_stack.pop()?;
            if let Some(top) = self.visit_stack.last_mut() {
                top.2 = top.2.min(min);
            }
            if self.visit_numbers.get(&n) != Some(&min) {
                continue;
            }
            let mut scc = Vec::new();
            while let Some(x) = self.node_stack.pop() {
                self.visit_numbers.insert(x, DONE);
                scc.push(x);
                if x == n {
                    break;
                }
            }
            return Some(scc);
        }
        None
    }

    /// Forgets a node removed from the current SCC (LLVM's `ReplaceNode`
    /// with a null node).
    pub fn forget(&mut self, n: NodeId) {
        self.visit_numbers.remove(&n);
    }
}
