//! Op pass managers: a list of passes and nested pass managers anchored on
//! an op name, run on an op with verification and instrumentation.
//!
//! A nested pass manager runs on the ops directly inside its parent op's
//! regions that match its anchor. When threading is on and there are
//! several, they are detached (`detached.rs`) and each pass runs on all of
//! them in parallel, one step per pass, so every pass's wall time is
//! measured; dumps and errors are reported in op order, so the output does
//! not depend on the number of threads.

use std::sync::Arc;
use std::time::{Duration, Instant};

use rayon::prelude::*;

use strata_ir::diagnostics::Diagnostic;
use strata_ir::printer::{print_top_level, PrintOptions};
use strata_ir::{Attribute, Body, Context, Op};

use crate::analysis::AnalysisManager;
use crate::detached::{can_detach, detach, reattach};
use crate::instrument::{dump_header, IrPrinting, Timing, TimingNode};
use crate::pass::{Pass, PassTarget};
use crate::pipeline::PipelineElement;
use crate::pipeline_state::PipelineState;
use crate::registry::PassRegistry;

pub enum Element {
    Pass(Box<dyn Pass>),
    Nested(OpPassManager),
}

/// Passes and nested pass managers to run on ops named `anchor` (`any`: on
/// any op).
pub struct OpPassManager {
    pub anchor: String,
    pub elements: Vec<Element>,
    /// State shared by every pass of this pipeline, nested managers
    /// included (`pipeline_state.rs`).
    state: Arc<PipelineState>,
}

/// How a pipeline runs.
#[derive(Clone, Debug)]
pub struct RunConfig {
    pub verify_each: bool,
    pub threading: bool,
    pub timing: bool,
    pub print_ir: IrPrinting,
}

impl Default for RunConfig {
    fn default() -> Self {
        RunConfig { verify_each: true, threading: true, timing: false, print_ir: IrPrinting::default() }
    }
}

/// What a run produced besides the IR: IR dumps (already in op order) and
/// timing.
#[derive(Default)]
pub struct RunReport {
    pub timing: Timing,
    pub dumps: String,
    /// Warnings and remarks from passes, in op order.
    pub emitted: Vec<Diagnostic>,
}

impl OpPassManager {
    pub fn new(anchor: &str) -> OpPassManager {
        OpPassManager::with_state(anchor, PipelineState::new())
    }

    /// A pass manager whose passes share `state` (nested managers get
    /// their parent's).
    pub fn with_state(anchor: &str, state: Arc<PipelineState>) -> OpPassManager {
        OpPassManager { anchor: anchor.to_string(), elements: Vec::new(), state }
    }

    /// The state shared by the passes of this pipeline.
    pub fn pipeline_state(&self) -> &Arc<PipelineState> {
        &self.state
    }

    /// The nested pass manager for `anchor` at the end of this one (a new
    /// one unless the last element already is one), as implicit nesting does.
    pub fn nest(&mut self, anchor: &str) -> &mut OpPassManager {
        let reuse = matches!(self.elements.last(), Some(Element::Nested(pm)) if pm.anchor == anchor);
        if !reuse {
            self.elements.push(Element::Nested(OpPassManager::with_state(anchor, self.state.clone())));
        }
        match self.elements.last_mut() {
            Some(Element::Nested(pm)) => pm,
            _ => unreachable!("just pushed a nested pass manager"),
        }
    }

    /// Adds a pass; a pass anchored on another op goes into a nested pass
    /// manager for that op (implicit nesting).
    pub fn add_pass(&mut self, mut pass: Box<dyn Pass>) {
        pass.use_pipeline_state(&self.state);
        match pass.anchor() {
            Some(a) if a != self.anchor => self.nest(a).elements.push(Element::Pass(pass)),
            _ => self.elements.push(Element::Pass(pass)),
        }
    }

    /// Adds the elements of a parsed pipeline.
    pub fn add_pipeline(&mut self, registry: &PassRegistry, elements: &[PipelineElement]) -> Result<(), String> {
        for e in elements {
            match e {
                PipelineElement::Pass { name, options } => {
                    let mut pass = registry.create(name, options)?;
                    pass.use_pipeline_state(&self.state);
                    if let Some(a) = pass.anchor() {
                        if a != self.anchor && self.anchor != "any" {
                            return Err(format!(
                                "Can't add pass '{}' restricted to '{a}' on a PassManager intended to run on '{}', did you intend to nest?",
                                pass.name(),
                                self.anchor
                            ));
                        }
                    }
                    self.elements.push(Element::Pass(pass));
                }
                PipelineElement::Nested { anchor, elements } => {
                    let mut pm = OpPassManager::with_state(anchor, self.state.clone());
                    pm.add_pipeline(registry, elements)?;
                    self.elements.push(Element::Nested(pm));
                }
            }
        }
        Ok(())
    }

    /// The pipeline in `--pass-pipeline` syntax, one element per line, as
    /// `--dump-pass-pipeline` prints it.
    pub fn pipeline_text(&self, indent: usize) -> String {
        let pad = "  ".repeat(indent + 1);
        let items: Vec<String> = self
            .elements
            .iter()
            .map(|e| match e {
                Element::Pass(p) => format!("{pad}{}{}", p.argument(), p.options_text()),
                Element::Nested(pm) => format!("{pad}{}", pm.pipeline_text(indent + 1)),
            })
            .collect();
        format!("{}(\n{}\n{})", self.anchor, items.join(",\n"), "  ".repeat(indent))
    }

    /// What `--dump-pass-pipeline` prints (to stderr).
    pub fn dump_text(&self) -> String {
        format!("Pass Manager with {} passes:\n{}\n\n", self.elements.len(), self.pipeline_text(0))
    }

    /// The `--mlir-pass-statistics` report (pipeline-structured).
    pub fn statistics_report(&self) -> String {
        let rule = "===-------------------------------------------------------------------------===\n";
        let mut s = format!("{rule}                         ... Pass statistics report ...\n{rule}");
        self.statistics_into(&mut s, 0);
        s
    }

    fn statistics_into(&self, s: &mut String, depth: usize) {
        for e in &self.elements {
            let pad = "  ".repeat(depth);
            match e {
                Element::Pass(p) => {
                    s.push_str(&format!("{pad}{}\n", p.name()));
                    for st in p.statistics() {
                        s.push_str(&format!("{pad}  (S) {} {} - {}\n", st.get(), st.name, st.description));
                    }
                }
                Element::Nested(pm) => {
                    s.push_str(&format!("{pad}'{}' Pipeline\n", pm.anchor));
                    pm.statistics_into(s, depth + 1);
                }
            }
        }
    }

    fn matches(&self, ctx: &Context, body: &Body, op: Op) -> bool {
        self.anchor == "any" && body.is_isolated(op) || ctx.op_name_str(body.op_name(op)) == self.anchor
    }

    /// Runs on `op` (in `body`), which must match the anchor.
    pub fn run(
        &self,
        ctx: &Context,
        body: &mut Body,
        op: Op,
        cfg: &RunConfig,
        report: &mut RunReport,
    ) -> Result<(), Diagnostic> {
        if !self.matches(ctx, body, op) {
            return Err(Diagnostic::error(
                body.op_loc(op),
                format!("can't run '{}' pass manager on '{}' op", self.anchor, ctx.op_name_str(body.op_name(op))),
            ));
        }
        let mut root = TimingNode::new("root");
        let mut multi = false;
        let mut out = Outcome::default();
        let result = self.run_on(ctx, body, &[op], &[], cfg, &mut root, &mut out, &mut multi);
        report.dumps.push_str(&out.dumps);
        report.emitted.extend(out.emitted);
        report.timing.top.extend(root.children);
        report.timing.multi_threaded |= multi;
        result
    }

    /// Runs every element on each of `ops` (ops of `body` matching the
    /// anchor); `node` collects one timing child per element. `enclosing`
    /// holds the attribute dictionaries of the ops around `body`'s ops,
    /// innermost first (empty at the top level).
    #[allow(clippy::too_many_arguments)]
    fn run_on(
        &self,
        ctx: &Context,
        body: &mut Body,
        ops: &[Op],
        enclosing: &[Attribute],
        cfg: &RunConfig,
        node: &mut TimingNode,
        sink: &mut Outcome,
        multi: &mut bool,
    ) -> Result<(), Diagnostic> {
        let parallel = cfg.threading && ops.len() > 1 && ops.iter().all(|&op| can_detach(ctx, body, op));
        if !parallel {
            let mut ams: Vec<AnalysisManager> = ops.iter().map(|_| AnalysisManager::default()).collect();
            for (idx, e) in self.elements.iter().enumerate() {
                for (i, &op) in ops.iter().enumerate() {
                    let mut out = Outcome::default();
                    let t = Instant::now();
                    let result = run_element(ctx, body, op, enclosing, e, &mut ams[i], cfg, &mut out);
                    let d = t.elapsed();
                    let child = node.child(idx, &element_name(e));
                    child.wall += d;
                    child.user += d;
                    merge_children(child, &out.timing);
                    *multi |= out.multi;
                    sink.dumps.push_str(&out.dumps);
                    sink.emitted.extend(out.emitted);
                    result?;
                }
            }
            return Ok(());
        }
        *multi = true;
        let mut targets: Vec<(crate::detached::Detached, AnalysisManager)> =
            ops.iter().map(|&op| (detach(ctx, body, op), AnalysisManager::default())).collect();
        let mut failure = None;
        for (idx, e) in self.elements.iter().enumerate() {
            let t = Instant::now();
            let outs: Vec<(Result<(), Diagnostic>, Outcome, Duration)> = targets
                .par_iter_mut()
                .map(|(d, am)| {
                    let mut out = Outcome::default();
                    let t = Instant::now();
                    let r = run_element(ctx, &mut d.body, d.op, enclosing, e, am, cfg, &mut out);
                    (r, out, t.elapsed())
                })
                .collect();
            let child = node.child(idx, &element_name(e));
            child.wall += t.elapsed();
            for (r, out, d) in outs {
                child.user += d;
                merge_children(child, &out.timing);
                sink.dumps.push_str(&out.dumps);
                sink.emitted.extend(out.emitted);
                if let Err(diag) = r {
                    failure.get_or_insert(diag);
                }
            }
            if failure.is_some() {
                break;
            }
        }
        for (d, _) in targets {
            reattach(body, d);
        }
        match failure {
            Some(d) => Err(d),
            None => Ok(()),
        }
    }
}

fn element_name(e: &Element) -> String {
    match e {
        Element::Pass(p) => p.name().to_string(),
        Element::Nested(pm) => format!("'{}' Pipeline", pm.anchor),
    }
}

/// Adds `from`'s children's times into `into`'s (same shape).
fn merge_children(into: &mut TimingNode, from: &TimingNode) {
    for (i, c) in from.children.iter().enumerate() {
        let dst = into.child(i, &c.name);
        dst.wall += c.wall;
        dst.user += c.user;
        merge_children(dst, c);
    }
}

/// What one element's run on one op produced besides the IR.
#[derive(Default)]
struct Outcome {
    timing: TimingNode,
    dumps: String,
    emitted: Vec<Diagnostic>,
    multi: bool,
}

#[allow(clippy::too_many_arguments)]
fn run_element(
    ctx: &Context,
    body: &mut Body,
    op: Op,
    enclosing: &[Attribute],
    e: &Element,
    am: &mut AnalysisManager,
    cfg: &RunConfig,
    out: &mut Outcome,
) -> Result<(), Diagnostic> {
    match e {
        Element::Nested(pm) => {
            let around: Vec<Attribute> = std::iter::once(body.op_attrs(op)).chain(enclosing.iter().copied()).collect();
            let Some(inner) = body.nested_mut(op) else { return Ok(()) };
            let mut targets = Vec::new();
            for &r in inner.root_regions() {
                for b in inner.blocks(r) {
                    for child in inner.block_ops(b) {
                        if pm.matches(ctx, inner, child) {
                            targets.push(child);
                        }
                    }
                }
            }
            let mut timing = std::mem::take(&mut out.timing);
            let mut multi = false;
            let r = pm.run_on(ctx, inner, &targets, &around, cfg, &mut timing, out, &mut multi);
            out.timing = timing;
            out.multi |= multi;
            r
        }
        Element::Pass(pass) => run_pass(ctx, body, op, enclosing, pass.as_ref(), am, cfg, out),
    }
}

fn dump(ctx: &Context, body: &Body, op: Op, generic: bool) -> String {
    let opts = PrintOptions { generic, ..Default::default() };
    // The printed op ends with a newline; mlir-opt follows a dump with one
    // blank line, and a module with two.
    let mut s = print_top_level(ctx, body, op, opts, &[]);
    s.push('\n');
    if ctx.op_name_str(body.op_name(op)) == "builtin.module" {
        s.push('\n');
    }
    s
}

#[allow(clippy::too_many_arguments)]
fn run_pass(
    ctx: &Context,
    body: &mut Body,
    op: Op,
    enclosing: &[Attribute],
    pass: &dyn Pass,
    am: &mut AnalysisManager,
    cfg: &RunConfig,
    out: &mut Outcome,
) -> Result<(), Diagnostic> {
    let dumps = &mut out.dumps;
    if let Some(a) = pass.anchor() {
        let name = ctx.op_name_str(body.op_name(op));
        if a != name {
            return Err(Diagnostic::error(
                body.op_loc(op),
                format!("can't run '{}' pass on '{name}' op, it is restricted to '{a}'", pass.argument()),
            ));
        }
    }
    let pi = &cfg.print_ir;
    if pi.wants_before(pass.argument()) {
        dumps.push_str(&dump_header("Before", pass.name(), pass.argument()));
        dumps.push_str(&dump(ctx, body, op, pi.generic));
    }
    let wants_after = pi.wants_after(pass.argument());
    let before_text = if wants_after && pi.after_change { Some(dump(ctx, body, op, true)) } else { None };
    let Some(mut inner) = body.take_nested(op) else {
        return Err(Diagnostic::error(
            body.op_loc(op),
            format!(
                "trying to schedule a pass on an operation not marked as 'IsolatedFromAbove': '{}'",
                ctx.op_name_str(body.op_name(op))
            ),
        ));
    };
    let result = {
        let mut target = PassTarget {
            ctx,
            parent: body,
            op,
            nested: !enclosing.is_empty(),
            enclosing,
            new_op_attrs: None,
            body: &mut inner,
            analyses: am,
            threading: cfg.threading,
            emitted: Vec::new(),
            print_ir: cfg.print_ir.clone(),
            dumps: String::new(),
        };
        let r = pass.run(&mut target);
        out.emitted.append(&mut target.emitted);
        out.dumps.push_str(&target.dumps);
        (r, target.new_op_attrs)
    };
    let (result, new_op_attrs) = result;
    let dumps = &mut out.dumps;
    body.put_nested(op, inner);
    if let Some(attrs) = new_op_attrs {
        body.set_op_attrs(op, attrs);
    }
    let preserved = match result {
        Ok(p) => p,
        Err(d) => {
            if pi.after_failure {
                dumps.push_str(&dump_header("After", &format!("{} Failed", pass.name()), pass.argument()));
                dumps.push_str(&dump(ctx, body, op, pi.generic));
            }
            return Err(d);
        }
    };
    am.invalidate(&preserved);
    let changed = before_text.as_ref().is_none_or(|b| *b != dump(ctx, body, op, true));
    if wants_after && changed {
        dumps.push_str(&dump_header("After", pass.name(), pass.argument()));
        dumps.push_str(&dump(ctx, body, op, pi.generic));
    }
    if cfg.verify_each {
        // Passes leave blocks with stale order keys; renumber so the
        // verifier's same-block dominance checks stay O(1) per use.
        if let Some(inner) = body.nested_mut(op) {
            inner.renumber_all();
        }
        strata_ir::verifier::verify(ctx, body, op)?;
        strata_ir::verifier::verify_symbol_tables(ctx, body, op)?;
    }
    Ok(())
}
