//! `inline` (mlir-opt's `Inliner`): inlines calls bottom-up over the call
//! graph's strongly connected components, simplifying each component's
//! callables with an optimization pipeline (`canonicalize` by default)
//! before and between inlining rounds, and erases private callables whose
//! last use was inlined.
//!
//! Per SCC (callees before callers, LLVM's `scc_iterator` order), up to
//! `max-iterations` rounds: optimize the SCC's callables, then try every
//! call found in them (and the calls that inlining brings in). A call is
//! not inlined when it is a terminator, when its callee calls itself or the
//! caller, when it sits inside its callee, when a multi-block callee would
//! land in a region that might allow a single block, when the callee is too
//! big for `inlining-threshold`, or when the dialects say no. The inline
//! history of new calls stops a callee from being inlined into code that
//! came from inlining that same callee.
//!
//! Map: `inline/call_graph.rs` (graph, SCC order, addressing the tree of
//! arenas), `inline/use_list.rs` (use counts of discardable callables),
//! `inline/inline_call.rs` (inlining one call).

mod call_graph;
mod inline_call;
mod use_list;

use std::collections::HashMap;
use std::sync::Mutex;

use smallvec::SmallVec;

use strata_ir::call_interfaces::{call_interface, Callee};
use strata_ir::diagnostics::Diagnostic;
use strata_ir::opdef::Traits;
use strata_ir::symbols::{is_symbol, is_symbol_table, visibility, Visibility};
use strata_ir::{AttrKind, Block, Body, Context, Op, OpName, Region};
use strata_pass::manager::{RunConfig, RunReport};
use strata_pass::pass::{parse_int, PassOptions};
use strata_pass::pipeline::{parse_pipeline, PipelineElement};
use strata_pass::registry::PassInfo;
use strata_pass::{OpPassManager, Pass, PassRegistry, PassTarget, PreservedAnalyses};

use call_graph::{
    body_at, body_at_mut, nearest_table, BodyPath, CallGraph, NodeId, SccIter, TableLoc, EXTERNAL_CALLER,
};
use inline_call::{inline_call, InlineRequest};
use use_list::UseList;

pub struct Inliner {
    /// The pipeline text for callables without an op-specific one (empty:
    /// none).
    default_pipeline: String,
    /// Op-specific pipelines as written (`func.func(cse)`), by anchor.
    op_pipelines: Vec<(String, Vec<PipelineElement>, String)>,
    inlining_threshold: u64,
    max_iterations: u64,
    /// Pass managers built from the pipelines, by op name, reused across
    /// runs.
    managers: Mutex<HashMap<String, Option<OpPassManager>>>,
}

pub const INFO: PassInfo = PassInfo {
    argument: "inline",
    description: "Inline function calls",
    options: &[
        ("default-pipeline=<string>", "The optimizer pipeline used for callables that do not have a dedicated optimizer pipeline in opPipelineList"),
        ("inlining-threshold=<uint>", "If the ratio between the number of the operations in the callee and the number of the operations in the caller exceeds this value (in percentage), then the callee is not inlined even if it is legal to inline it"),
        ("max-iterations=<uint>", "Maximum number of iterations when inlining within an SCC"),
        ("op-pipelines=<pass-manager>", "Callable operation specific optimizer pipelines (in the form of `dialect.op(pipeline)`)"),
    ],
    ctor: |opts| Ok(Box::new(Inliner::from_options(opts)?)),
};

impl Inliner {
    pub fn from_options(opts: &PassOptions) -> Result<Inliner, String> {
        let mut p = Inliner {
            default_pipeline: "canonicalize".into(),
            op_pipelines: Vec::new(),
            inlining_threshold: u32::MAX as u64,
            max_iterations: 4,
            managers: Mutex::new(HashMap::new()),
        };
        opts.apply("inline", |k, v| {
            Some(match k {
                "default-pipeline" => {
                    p.default_pipeline = v.to_string();
                    Ok(())
                }
                "inlining-threshold" => parse_uint(v).map(|n| p.inlining_threshold = n),
                "max-iterations" => parse_uint(v).map(|n| p.max_iterations = n),
                "op-pipelines" => parse_op_pipelines(v).map(|list| p.op_pipelines.extend(list)),
                _ => return None,
            })
        })?;
        Ok(p)
    }

    /// The pass manager for callables named `op_name`, built once.
    fn with_manager<R>(&self, op_name: &str, f: impl FnOnce(Option<&OpPassManager>) -> R) -> R {
        let mut managers = self.managers.lock().unwrap_or_else(|e| e.into_inner());
        let pm = managers.entry(op_name.to_string()).or_insert_with(|| self.build_manager(op_name));
        f(pm.as_ref())
    }

    fn build_manager(&self, op_name: &str) -> Option<OpPassManager> {
        let registry = registry();
        if let Some((_, elements, _)) = self.op_pipelines.iter().find(|(a, _, _)| a == op_name) {
            let mut pm = OpPassManager::new(op_name);
            if let Err(e) = pm.add_pipeline(&registry, elements) {
                eprintln!("MLIR Textual PassPipeline Parser: error: {e}");
            }
            return Some(pm);
        }
        if self.default_pipeline.is_empty() {
            return None;
        }
        let mut pm = OpPassManager::new(op_name);
        // As in mlir-opt, a bad default pipeline is reported and the part
        // that could be built is used.
        match parse_pipeline(&self.default_pipeline) {
            Ok(elements) => {
                if let Err(e) = pm.add_pipeline(&registry, &elements) {
                    eprintln!("MLIR Textual PassPipeline Parser: error: {e}");
                }
            }
            Err(e) => eprintln!("MLIR Textual PassPipeline Parser: error: {e}"),
        }
        Some(pm)
    }
}

fn parse_uint(v: &str) -> Result<u64, String> {
    let n = parse_int(v)?;
    u64::try_from(n)
        .ok()
        .filter(|&n| n <= u32::MAX as u64)
        .ok_or_else(|| "expected an unsigned 32-bit integer".to_string())
}

/// `func.func(cse),other.op(canonicalize)`: one pipeline per anchor.
fn parse_op_pipelines(v: &str) -> Result<Vec<(String, Vec<PipelineElement>, String)>, String> {
    let mut out = Vec::new();
    for e in parse_pipeline(v)? {
        match e {
            PipelineElement::Nested { anchor, elements } => {
                let text =
                    pipeline_to_text(&PipelineElement::Nested { anchor: anchor.clone(), elements: elements.clone() });
                if !elements.is_empty() {
                    out.push((anchor, elements, text));
                }
            }
            PipelineElement::Pass { name, .. } => {
                return Err(format!("expected a pipeline anchored on an op, got pass '{name}'"))
            }
        }
    }
    Ok(out)
}

fn pipeline_to_text(e: &PipelineElement) -> String {
    match e {
        PipelineElement::Pass { name, options } if options.is_empty() => name.clone(),
        PipelineElement::Pass { name, options } => format!("{name}{{{options}}}"),
        PipelineElement::Nested { anchor, elements } => {
            format!("{anchor}({})", elements.iter().map(pipeline_to_text).collect::<Vec<_>>().join(","))
        }
    }
}

/// The passes the optimization pipelines may name: this crate's.
fn registry() -> PassRegistry {
    let mut r = PassRegistry::default();
    crate::register_passes(&mut r);
    r
}

impl Pass for Inliner {
    fn argument(&self) -> &'static str {
        "inline"
    }
    fn name(&self) -> &'static str {
        "Inliner"
    }
    fn options_text(&self) -> String {
        let mut s = format!(
            "{{default-pipeline={} inlining-threshold={} max-iterations={} ",
            self.default_pipeline, self.inlining_threshold, self.max_iterations
        );
        if !self.op_pipelines.is_empty() {
            let list: Vec<&str> = self.op_pipelines.iter().map(|(_, _, t)| t.as_str()).collect();
            s.push_str(&format!("op-pipelines={{{}}}", list.join(",")));
        }
        s.push('}');
        s
    }

    fn run(&self, target: &mut PassTarget<'_>) -> Result<PreservedAnalyses, Diagnostic> {
        let ctx = target.ctx;
        let (parent, op) = (target.parent, target.op);
        if !is_symbol_table(ctx, parent, op) {
            return Err(Diagnostic::error(
                parent.op_loc(op),
                format!(
                    "'{}' op  was scheduled to run under the inliner, but does not define a symbol table",
                    ctx.op_name_str(parent.op_name(op))
                ),
            ));
        }
        let root_table = target.body.root_regions().first().map(|&r| TableLoc { path: BodyPath::new(), region: r });
        let cg = CallGraph::build(ctx, target.body, root_table);
        let all_visible =
            !target.nested || !is_symbol(ctx, parent, op) || visibility(ctx, parent, op) == Visibility::Private;
        let use_list = UseList::new(ctx, target.body, &cg, all_visible);
        let mut run = Run {
            ctx,
            pass: self,
            root: target.body,
            root_name: parent.op_name(op),
            cg,
            use_list,
            dead: Vec::new(),
            calls: Vec::new(),
            threading: target.threading,
            print_ir: target.print_ir.clone(),
            emitted: Vec::new(),
            dumps: String::new(),
            changed: false,
        };
        let result = run.run();
        target.emitted.append(&mut run.emitted);
        target.dumps.push_str(&run.dumps);
        result?;
        Ok(PreservedAnalyses::unless_changed(run.changed))
    }
}

/// A call the inliner considers: where it is, in which callable, to which.
#[derive(Clone, Debug)]
struct ResolvedCall {
    path: BodyPath,
    call: Op,
    source: NodeId,
    target: NodeId,
}

struct Run<'a> {
    ctx: &'a Context,
    pass: &'a Inliner,
    root: &'a mut Body,
    root_name: OpName,
    cg: CallGraph,
    use_list: UseList,
    /// Callables to erase at the end (inlined in place or found dead).
    dead: Vec<NodeId>,
    calls: Vec<ResolvedCall>,
    threading: bool,
    /// The run's `--mlir-print-ir-*` selection, applied to the optimizer pipeline.
    print_ir: strata_pass::instrument::IrPrinting,
    emitted: Vec<Diagnostic>,
    /// The optimizer pipeline's IR dumps, in order.
    dumps: String,
    changed: bool,
}

impl Run<'_> {
    fn run(&mut self) -> Result<(), Diagnostic> {
        let mut sccs = SccIter::new(EXTERNAL_CALLER);
        while let Some(mut scc) = sccs.next_scc(&self.cg) {
            self.inline_scc(&mut scc, &mut sccs)?;
        }
        // Erase the callables proven dead.
        let dead = std::mem::take(&mut self.dead);
        for node in dead {
            let Some(c) = self.cg.nodes[node].callable.clone() else { continue };
            if let Some(body) = body_at_mut(self.root, &c.op_path) {
                if !body.is_erased(c.op) {
                    body.erase_op(c.op);
                    self.changed = true;
                }
            }
        }
        Ok(())
    }

    fn inline_scc(&mut self, scc: &mut Vec<NodeId>, sccs: &mut SccIter) -> Result<(), Diagnostic> {
        let mut iteration = 0;
        loop {
            self.optimize_scc(scc)?;
            if !self.inline_calls_in_scc(scc, sccs) {
                break;
            }
            iteration += 1;
            if iteration >= self.pass.max_iterations {
                break;
            }
        }
        Ok(())
    }

    /// Runs the optimization pipeline on the SCC's isolated callables
    /// without nested callables, then recounts their uses.
    fn optimize_scc(&mut self, scc: &[NodeId]) -> Result<(), Diagnostic> {
        let mut visited = Vec::new();
        for &node in scc {
            let n = &self.cg.nodes[node];
            let Some(c) = n.callable.clone() else { continue };
            if n.has_children() {
                continue;
            }
            let Some(body) = body_at_mut(self.root, &c.op_path) else { continue };
            if body.is_erased(c.op)
                || !self.ctx.op_def(body.op_name(c.op)).is_some_and(|d| d.has_trait(Traits::ISOLATED_FROM_ABOVE))
            {
                continue;
            }
            visited.push(node);
            let op_name = self.ctx.op_name_str(body.op_name(c.op)).to_string();
            let cfg = RunConfig { threading: self.threading, print_ir: self.print_ir.clone(), ..RunConfig::default() };
            let mut report = RunReport::default();
            let ctx = self.ctx;
            let result = self.pass.with_manager(&op_name, |pm| match pm {
                Some(pm) => pm.run(ctx, body, c.op, &cfg, &mut report),
                None => Ok(()),
            });
            self.emitted.append(&mut report.emitted);
            self.dumps.push_str(&report.dumps);
            self.changed = true;
            result?;
        }
        for node in visited {
            self.use_list.recompute_uses(self.ctx, self.root, &self.cg, node);
        }
        Ok(())
    }

    /// Tries every call of the SCC; true if any was inlined.
    fn inline_calls_in_scc(&mut self, scc: &mut Vec<NodeId>, sccs: &mut SccIter) -> bool {
        let mut dead_nodes: Vec<NodeId> = Vec::new();
        for &node in scc.iter() {
            let Some(c) = self.cg.nodes[node].callable.clone() else { continue };
            if self.use_list.is_dead(self.ctx, self.root, &self.cg, node) {
                if !dead_nodes.contains(&node) {
                    dead_nodes.push(node);
                }
            } else {
                let Some(body) = body_at(self.root, &c.region_path) else { continue };
                let blocks: Vec<Block> = body.blocks(c.region).collect();
                let mut calls = std::mem::take(&mut self.calls);
                collect_calls(self.ctx, self.root, &self.cg, &c.region_path, &blocks, node, false, &mut calls);
                self.calls = calls;
            }
        }

        let mut history: Vec<(NodeId, Option<usize>)> = Vec::new();
        let mut call_history: Vec<Option<usize>> = vec![None; self.calls.len()];
        let mut inlined_any = false;
        let mut i = 0;
        while i < self.calls.len() {
            let it = self.calls[i].clone();
            let history_id = call_history[i];
            i += 1;
            if dead_nodes.contains(&it.source) {
                continue;
            }
            let in_history = history_includes(it.target, history_id, &history);
            if in_history || !self.should_inline(&it) {
                continue;
            }
            let prev = self.calls.len();
            let in_place = self.use_list.has_one_use_and_discardable(self.ctx, self.root, &self.cg, it.target);
            if self.inline_one(&it, !in_place).is_err() {
                continue;
            }
            inlined_any = true;
            self.changed = true;
            let new_id = history.len();
            history.push((it.target, history_id));
            call_history.resize(self.calls.len(), Some(new_id));
            debug_assert!(call_history.len() >= prev);

            let table = self.call_table(&it.path, it.call);
            self.use_list.drop_call_uses(self.ctx, self.root, &self.cg, it.source, &it.path, it.call, table.as_ref());
            self.use_list.merge_uses_after_inlining(it.target, it.source);
            if let Some(body) = body_at_mut(self.root, &it.path) {
                body.erase_op(it.call);
            }
            if in_place {
                // The callee's body moved into the caller.
                if let Some(c) = self.cg.nodes[it.target].callable.clone() {
                    if let Some(b) = body_at_mut(self.root, &c.region_path) {
                        b.clear_region(c.region);
                    }
                }
                self.use_list.erase_node(&self.cg, it.target);
                if !dead_nodes.contains(&it.target) {
                    dead_nodes.push(it.target);
                }
            }
        }
        for node in dead_nodes {
            if let Some(pos) = scc.iter().position(|&n| n == node) {
                scc.remove(pos);
                sccs.forget(node);
            }
            if !self.dead.contains(&node) {
                self.dead.push(node);
            }
        }
        self.calls.clear();
        inlined_any
    }

    /// The symbol table a call's callee resolves in.
    fn call_table(&self, path: &[Op], call: Op) -> Option<TableLoc> {
        let body = body_at(self.root, path)?;
        nearest_table(self.ctx, self.root, self.cg.root_table.as_ref(), path, body.parent_op(call))
    }

    fn should_inline(&self, it: &ResolvedCall) -> bool {
        let ctx = self.ctx;
        let Some(body) = body_at(self.root, &it.path) else { return false };
        if body.is_erased(it.call) {
            return false;
        }
        if ctx.op_def(body.op_name(it.call)).is_some_and(|d| d.has_trait(Traits::IS_TERMINATOR)) {
            return false;
        }
        let target = &self.cg.nodes[it.target];
        if target.edges.iter().any(|&(_, t)| t == it.target || t == it.source) {
            return false;
        }
        let Some(c) = target.callable.as_ref() else { return false };
        if region_contains(self.root, &c.region_path, c.region, &it.path, it.call) {
            return false;
        }
        let Some(callee_body) = body_at(self.root, &c.region_path) else { return false };
        let multi_block = callee_body.blocks(c.region).nth(1).is_some();
        if multi_block {
            let callable_name = body_at(self.root, &c.op_path).map(|b| b.op_name(c.op));
            let parent_name = self.parent_op_name(&it.path, body, it.call);
            let might_be_single_block = match ctx.op_def(parent_name) {
                Some(d) => d.has_trait(Traits::SINGLE_BLOCK),
                None => true,
            };
            if callable_name != Some(parent_name) && might_be_single_block {
                return false;
            }
        }
        self.is_profitable(it)
    }

    /// The name of the op whose region holds `op` (an op of the body at
    /// `path`).
    fn parent_op_name(&self, path: &[Op], body: &Body, op: Op) -> OpName {
        if let Some(p) = body.parent_op(op) {
            return body.op_name(p);
        }
        match path.split_last() {
            Some((&owner, rest)) => body_at(self.root, rest).map_or(self.root_name, |b| b.op_name(owner)),
            None => self.root_name,
        }
    }

    fn is_profitable(&self, it: &ResolvedCall) -> bool {
        let threshold = self.pass.inlining_threshold;
        if threshold == 0 {
            return false;
        }
        if threshold == u32::MAX as u64 {
            return true;
        }
        let count = |node: NodeId| -> u64 {
            let Some(c) = self.cg.nodes[node].callable.as_ref() else { return 0 };
            body_at(self.root, &c.region_path).map_or(0, |b| count_ops(b, &[c.region]))
        };
        let caller_ops = count(it.source);
        if caller_ops == 0 {
            return true;
        }
        // mlir-opt computes this in 32-bit unsigned arithmetic.
        let ratio = (count(it.target) as u32).wrapping_mul(100) / caller_ops as u32;
        ratio as u64 <= threshold
    }

    fn inline_one(&mut self, it: &ResolvedCall, clone: bool) -> Result<(), ()> {
        let ctx = self.ctx;
        let c = self.cg.nodes[it.target].callable.clone().ok_or(())?;
        // Copies of the callee's arena and of the body holding the callable
        // op, so the caller's arena (possibly the same tree) can change.
        let callee_body = body_at(self.root, &c.region_path).ok_or(())?.clone();
        let callable_holder = body_at(self.root, &c.op_path).ok_or(())?;
        let callable_name = callable_holder.op_name(c.op);
        let callable_attrs = callable_holder.op_attrs(c.op);
        let mut callable_body = Body::with_root_regions(1);
        let callable_op = {
            let mut spec = strata_ir::OpSpec::with_name(ctx, callable_name, callable_holder.op_loc(c.op));
            spec.attrs = callable_attrs;
            spec.isolated = false;
            let op = callable_body.create_op(spec);
            let r = callable_body.root_regions()[0];
            let b = callable_body.create_block();
            callable_body.append_block(r, b);
            callable_body.append_op(b, op);
            op
        };
        let caller_owner = {
            let body = body_at(self.root, &it.path).ok_or(())?;
            match it.path.split_last() {
                Some((&owner, rest)) => body_at(self.root, rest).map_or(self.root_name, |b| b.op_name(owner)),
                None => {
                    let _ = body;
                    self.root_name
                }
            }
        };
        let source_region_path = it.path.clone();
        let mut new_calls = Vec::new();
        let cg = &self.cg;
        let root_table = cg.root_table.clone();
        {
            // Calls in the inlined blocks are found right after the copy
            // (before terminators change), as MLIR's processInlinedBlocks.
            let mut found: Option<(Vec<Block>, Option<NodeId>)> = None;
            let caller = body_at_mut(self.root, &it.path).ok_or(())?;
            let req = InlineRequest {
                caller,
                call: it.call,
                caller_owner,
                callee_region_body: &callee_body,
                callee_region: c.region,
                callable_body: &callable_body,
                callable: callable_op,
                clone,
            };
            inline_call(ctx, req, &mut |body, blocks| {
                found = Some((blocks.to_vec(), enclosing_node_in(cg, body, &source_region_path, blocks)));
            })?;
            if let Some((blocks, node)) = found {
                let node = node.unwrap_or(it.source);
                collect_calls_with_table(
                    ctx,
                    self.root,
                    cg,
                    &source_region_path,
                    &blocks,
                    node,
                    true,
                    &mut new_calls,
                    root_table.as_ref(),
                );
            }
        }
        self.calls.extend(new_calls);
        Ok(())
    }
}

/// The callable node whose region encloses `blocks` (of the body at
/// `path`): the nearest callable region above them.
fn enclosing_node_in(cg: &CallGraph, body: &Body, path: &[Op], blocks: &[Block]) -> Option<NodeId> {
    let first = *blocks.first()?;
    let mut region = body.block_region(first)?;
    loop {
        if let Some(n) = cg.node_of_region(path, region) {
            return Some(n);
        }
        let parent = body.region_parent_op(region)?;
        region = body.block_region(body.op_block(parent)?)?;
    }
}

fn history_includes(node: NodeId, mut id: Option<usize>, history: &[(NodeId, Option<usize>)]) -> bool {
    while let Some(i) = id {
        let Some(&(n, parent)) = history.get(i) else { return false };
        if n == node {
            return true;
        }
        id = parent;
    }
    false
}

/// Whether `op` (of the body at `op_path`) lies inside `region` (of the
/// body at `region_path`).
fn region_contains(root: &Body, region_path: &[Op], region: Region, op_path: &[Op], op: Op) -> bool {
    if !op_path.starts_with(region_path) {
        return false;
    }
    let Some(body) = body_at(root, region_path) else { return false };
    let mut cur = if op_path.len() > region_path.len() { op_path[region_path.len()] } else { op };
    loop {
        let Some(r) = body.op_block(cur).and_then(|b| body.block_region(b)) else { return false };
        if r == region {
            return true;
        }
        match body.region_parent_op(r) {
            Some(p) => cur = p,
            None => return false,
        }
    }
}

/// Ops in `regions` of `body` and below, across nested arenas.
fn count_ops(body: &Body, regions: &[Region]) -> u64 {
    let mut n = 0;
    for &r in regions {
        for b in body.blocks(r) {
            for op in body.block_ops(b) {
                n += 1;
                let (rb, inner) = body.regions_of(op);
                n += count_ops(rb, inner);
            }
        }
    }
    n
}

/// MLIR's `collectCallOps`: the calls in `blocks` (of the body at `path`)
/// attributed to `source`, with flat symbol callees that resolve to a
/// callable. Blocks are taken from a worklist, last first, as MLIR does.
#[allow(clippy::too_many_arguments)]
fn collect_calls(
    ctx: &Context,
    root: &Body,
    cg: &CallGraph,
    path: &[Op],
    blocks: &[Block],
    source: NodeId,
    traverse_nested: bool,
    calls: &mut Vec<ResolvedCall>,
) {
    collect_calls_with_table(ctx, root, cg, path, blocks, source, traverse_nested, calls, cg.root_table.as_ref());
}

#[allow(clippy::too_many_arguments)]
fn collect_calls_with_table(
    ctx: &Context,
    root: &Body,
    cg: &CallGraph,
    path: &[Op],
    blocks: &[Block],
    source: NodeId,
    traverse_nested: bool,
    calls: &mut Vec<ResolvedCall>,
    root_table: Option<&TableLoc>,
) {
    let mut worklist: Vec<(BodyPath, Block, NodeId)> =
        blocks.iter().map(|&b| (SmallVec::from_slice(path), b, source)).collect();
    while let Some((bpath, block, node)) = worklist.pop() {
        let Some(body) = body_at(root, &bpath) else { continue };
        for op in body.block_ops(block) {
            if let Some(ci) = call_interface(ctx, body, op) {
                if let Some(Callee::Symbol(sym)) = (ci.callee)(ctx, body, op) {
                    if matches!(ctx.attr_kind(sym), AttrKind::SymbolRef { nested, .. } if !nested.is_empty()) {
                        continue;
                    }
                }
                let table = nearest_table(ctx, root, root_table, &bpath, body.parent_op(op));
                let target = cg.resolve_call(ctx, root, body, op, table.as_ref());
                if !cg.nodes[target].is_external() {
                    calls.push(ResolvedCall { path: bpath.clone(), call: op, source: node, target });
                }
                continue;
            }
            let (rb, regions) = body.regions_of(op);
            let inner_path: BodyPath = if body.is_isolated(op) {
                let mut p = bpath.clone();
                p.push(op);
                p
            } else {
                bpath.clone()
            };
            for &r in regions {
                let nested = cg.node_of_region(&inner_path, r);
                if traverse_nested || nested.is_none() {
                    let n = nested.unwrap_or(node);
                    for b in rb.blocks(r) {
                        worklist.push((inner_path.clone(), b, n));
                    }
                }
            }
        }
    }
}
