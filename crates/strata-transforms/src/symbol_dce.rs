//! `symbol-dce` (mlir-opt's `SymbolDCE`): erases the symbols of a symbol
//! table, and of the symbol tables nested in it, that nothing live refers
//! to.
//!
//! Liveness starts from every op of the table that is not a symbol and
//! from every symbol that cannot be discarded: a public symbol, or a
//! nested one of a table that code outside could reach. A table is hidden (all its
//! symbols discardable when unreferenced) when it is the top-level op,
//! when an enclosing table is hidden, or when it is not a symbol or a
//! private one. Live ops make the symbols their attributes (and the
//! attributes of the ops nested in them, up to nested symbol tables) refer
//! to live; nested tables get their own liveness computed with the same
//! set. Everything else that is a symbol is erased, innermost tables first.

use rustc_hash::FxHashSet;

use strata_ir::diagnostics::Diagnostic;
use strata_ir::symbols::{
    can_discard_on_use_empty, is_symbol, is_symbol_table, symbol_uses, visibility, TableRegion, Visibility,
};
use strata_ir::{Body, Context, Op};
use strata_pass::pass::PassOptions;
use strata_pass::registry::PassInfo;
use strata_pass::{Pass, PassTarget, PreservedAnalyses, Statistic};

pub struct SymbolDce {
    num_dced: Statistic,
}

impl SymbolDce {
    pub fn new() -> SymbolDce {
        SymbolDce { num_dced: Statistic::new("num-dce'd", "Number of symbols DCE'd") }
    }
}

impl Default for SymbolDce {
    fn default() -> Self {
        SymbolDce::new()
    }
}

pub fn info() -> PassInfo {
    PassInfo {
        argument: "symbol-dce",
        description: "Eliminate dead symbols",
        options: &[],
        ctor: |opts: &PassOptions| {
            opts.apply("symbol-dce", |_, _| None)?;
            Ok(Box::new(SymbolDce::new()))
        },
    }
}

/// Identity of an op across arenas: the arena's address and the handle.
type OpKey = (usize, Op);

fn key(body: &Body, op: Op) -> OpKey {
    (body as *const Body as usize, op)
}

impl Pass for SymbolDce {
    fn argument(&self) -> &'static str {
        "symbol-dce"
    }
    fn name(&self) -> &'static str {
        "SymbolDCE"
    }
    fn statistics(&self) -> &[Statistic] {
        std::slice::from_ref(&self.num_dced)
    }

    fn run(&self, target: &mut PassTarget<'_>) -> Result<PreservedAnalyses, Diagnostic> {
        let ctx = target.ctx;
        let (parent, op) = (target.parent, target.op);
        if !is_symbol_table(ctx, parent, op) {
            return Err(Diagnostic::error(
                parent.op_loc(op),
                format!(
                    "'{}' op  was scheduled to run under SymbolDCE, but does not define a symbol table",
                    ctx.op_name_str(parent.op_name(op))
                ),
            ));
        }
        // Only a table nested in another op can be reached from outside.
        let hidden = if target.nested && is_symbol(ctx, parent, op) {
            visibility(ctx, parent, op) == Visibility::Private
        } else {
            true
        };
        let Some(&root) = target.body.root_regions().first() else { return Ok(PreservedAnalyses::All) };
        let mut live = FxHashSet::default();
        compute_liveness(ctx, TableRegion { body: target.body, region: root }, hidden, &mut live)?;

        let mut erased = 0u64;
        sweep_body(ctx, target.body, &live, &mut erased);
        sweep_table(ctx, target.body, &live, &mut erased);
        self.num_dced.add(erased);
        Ok(PreservedAnalyses::unless_changed(erased > 0))
    }
}

/// An op waiting to have its references followed, with the symbol table
/// directly holding it (`None` for ops below a non-table op, whose
/// references their top-level ancestor already accounts for).
type WorkItem<'a> = (&'a Body, Op, Option<TableRegion<'a>>);

fn compute_liveness<'a>(
    ctx: &Context,
    table: TableRegion<'a>,
    hidden: bool,
    live: &mut FxHashSet<OpKey>,
) -> Result<(), Diagnostic> {
    let tb = table.body;
    let mut worklist: Vec<WorkItem<'a>> = Vec::new();
    for block in tb.blocks(table.region) {
        for op in tb.block_ops(block) {
            if !is_symbol(ctx, tb, op) {
                worklist.push((tb, op, Some(table)));
                continue;
            }
            let discardable =
                (hidden || visibility(ctx, tb, op) == Visibility::Private) && can_discard_on_use_empty(ctx, tb, op);
            if !discardable && live.insert(key(tb, op)) {
                worklist.push((tb, op, Some(table)));
            }
        }
    }

    while let Some((body, op, parent_table)) = worklist.pop() {
        if is_symbol_table(ctx, body, op) {
            let inner_hidden = hidden || !is_symbol(ctx, body, op) || visibility(ctx, body, op) == Visibility::Private;
            if let Some(inner) = TableRegion::of(body, op) {
                compute_liveness(ctx, inner, inner_hidden, live)?;
            }
        } else {
            // Symbol tables below a non-table op are found by looking at
            // every op that has regions, at any depth.
            let (rb, regions) = body.regions_of(op);
            for &r in regions {
                for block in rb.blocks(r) {
                    for inner in rb.block_ops(block) {
                        if rb.num_regions(inner) > 0 {
                            worklist.push((rb, inner, None));
                        }
                    }
                }
            }
        }

        let Some(parent_table) = parent_table else { continue };
        let uses = symbol_uses(ctx, body, op).map_err(|_| {
            let note = format!("{}{}", strata_ir::verifier::CURRENT_OP_NOTE, op_text(ctx, body, op));
            Diagnostic::error(body.op_loc(op), "operation contains potentially unknown symbol table, meaning that we can't reliable compute symbol uses")
                .with_note(body.op_loc(op), note)
        })?;
        for u in uses {
            // References to unknown symbols are not ours to judge.
            let Some(path) = parent_table.resolve_path(ctx, u.reference) else { continue };
            for (i, &(sb, sym)) in path.iter().enumerate() {
                if !live.insert(key(sb, sym)) {
                    continue;
                }
                let holder = if i == 0 { Some(parent_table) } else { TableRegion::of(path[i - 1].0, path[i - 1].1) };
                worklist.push((sb, sym, holder));
            }
        }
    }
    Ok(())
}

fn op_text(ctx: &Context, body: &Body, op: Op) -> String {
    let text = strata_ir::printer::op_in_body_to_string(ctx, body, op);
    if text.contains('\n') {
        format!("\n{text}")
    } else {
        text
    }
}

/// Sweeps every symbol table nested in `body`'s ops, innermost first.
fn sweep_body(ctx: &Context, body: &mut Body, live: &FxHashSet<OpKey>, erased: &mut u64) {
    let mut ops = Vec::new();
    body.walk_post(&mut |op| ops.push(op));
    for op in ops {
        if body.is_erased(op) {
            continue;
        }
        if let Some(nested) = body.nested_mut(op) {
            sweep_body(ctx, nested, live, erased);
            if is_symbol_table(ctx, body, op) {
                if let Some(nested) = body.nested_mut(op) {
                    sweep_table(ctx, nested, live, erased);
                }
            }
        } else if is_symbol_table(ctx, body, op) {
            let Some(&r) = body.local_regions(op).first() else { continue };
            sweep_region(ctx, body, r, live, erased);
        }
    }
}

/// Erases the dead symbols of the table whose region is `body`'s first
/// root region.
fn sweep_table(ctx: &Context, body: &mut Body, live: &FxHashSet<OpKey>, erased: &mut u64) {
    if let Some(&r) = body.root_regions().first() {
        sweep_region(ctx, body, r, live, erased);
    }
}

fn sweep_region(ctx: &Context, body: &mut Body, region: strata_ir::Region, live: &FxHashSet<OpKey>, erased: &mut u64) {
    let this = body as *const Body as usize;
    let dead: Vec<Op> = body
        .blocks(region)
        .flat_map(|b| body.block_ops(b))
        .filter(|&op| is_symbol(ctx, body, op) && !live.contains(&(this, op)))
        .collect();
    for op in dead {
        body.erase_op(op);
        *erased += 1;
    }
}
