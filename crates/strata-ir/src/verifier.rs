//! The IR verifier: op definitions (operand/result/attribute constraints,
//! counts), traits (terminators, single block, same types, parents), symbol
//! uniqueness, and SSA dominance in regions with dominance semantics.
//!
//! Messages follow MLIR's wording so `--verify-diagnostics` tests written
//! against `mlir-opt` also hold for `strata-opt`.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;

use crate::attributes::AttrKind;
use crate::body::{Body, ValueDef};
use crate::context::Context;
use crate::diagnostics::Diagnostic;
use crate::dominance::RegionDominance;
use crate::entity::{Block, Op, Region};
use crate::opdef::{Arity, OpDef, Traits, TypeConstraint};
use crate::types::Type;

/// Verifies `op` (in `body`) and everything nested in it.
pub fn verify(ctx: &Context, body: &Body, op: Op) -> Result<(), Diagnostic> {
    verify_op(ctx, &Caches::default(), body, op, None, false)
}

/// What one verification run remembers: block dominance per region,
/// computed once (uses from nested regions ask about their ancestor regions
/// again and again), and the last type constraint found satisfied.
#[derive(Default)]
struct Caches {
    doms: RefCell<HashMap<(*const Body, Region), Rc<RegionDominance>>>,
    /// `(check function address, type)` of the last passing constraint
    /// check: a check depends only on the type, and most values of an op
    /// (and of its neighbours) share type and constraint.
    last_type_ok: Cell<Option<(usize, Type)>>,
}

impl Caches {
    fn dominance(&self, body: &Body, r: Region) -> Rc<RegionDominance> {
        self.doms
            .borrow_mut()
            .entry((body as *const Body, r))
            .or_insert_with(|| Rc::new(RegionDominance::compute(body, r)))
            .clone()
    }

    fn type_satisfies(&self, ctx: &Context, c: &TypeConstraint, t: Type) -> bool {
        let key = (c.check as usize, t);
        if self.last_type_ok.get() == Some(key) {
            return true;
        }
        let ok = (c.check)(ctx, t);
        if ok {
            self.last_type_ok.set(Some(key));
        }
        ok
    }
}

/// The note MLIR adds to verifier errors outside `--verify-diagnostics`.
pub const CURRENT_OP_NOTE: &str = "see current operation: ";

/// Attaches the failing op, printed generically, to its error.
/// Attaches the `see current operation` note for `op` (a verifier that
/// reports an error on another op than the one it verifies, as upstream's
/// `emitOpError` on a nested op does, names that op with it).
pub fn with_current_op(ctx: &Context, body: &Body, op: Op, d: Diagnostic) -> Diagnostic {
    if d.notes.iter().any(|n| n.message.starts_with(CURRENT_OP_NOTE)) {
        return d;
    }
    let text = crate::printer::op_in_body_to_string(ctx, body, op);
    let sep = if text.contains('\n') { "\n" } else { "" };
    // MLIR attaches it when the error is emitted, before any other note.
    let mut d = d;
    d.notes.insert(0, Diagnostic::note(body.op_loc(op), format!("{CURRENT_OP_NOTE}{sep}{text}")));
    d
}

fn op_error(ctx: &Context, body: &Body, op: Op, msg: impl AsRef<str>) -> Diagnostic {
    Diagnostic::error(body.op_loc(op), format!("'{}' op {}", ctx.op_name_str(body.op_name(op)), msg.as_ref()))
}

/// `parent` is the op owning the region `op` is in, when it lives in
/// another body (the root regions of an isolated op's arena).
/// `root_graph` is the region kind of `body`'s root regions.
fn verify_op(
    ctx: &Context,
    doms: &Caches,
    body: &Body,
    op: Op,
    parent: Option<(&Body, Op)>,
    root_graph: bool,
) -> Result<(), Diagnostic> {
    let def = ctx.op_def(body.op_name(op)).map(|d| &**d);
    if let Some(def) = def {
        // MLIR checks HasParent before the operand/attribute constraints and
        // the terminator trait (though after the count traits).
        verify_required_parent(ctx, body, op, parent, def).map_err(|d| with_current_op(ctx, body, op, d))?;
        verify_against_def(ctx, doms, body, op, def).map_err(|d| with_current_op(ctx, body, op, d))?;
        if let Some(v) = def.verify_with_parent {
            let p = body.parent_op(op).map(|p| (body, p)).or(parent);
            v(ctx, body, op, p).map_err(|d| with_current_op(ctx, body, op, d))?;
        }
    }
    let (rb, regions) = body.regions_of(op);
    for &r in regions {
        if let Some(entry) = rb.first_block(r) {
            let branches_to_entry = rb.blocks(r).any(|b| rb.block_ops(b).any(|o| rb.successors(o).contains(&entry)));
            if branches_to_entry {
                return Err(Diagnostic::error(body.op_loc(op), "entry block of region may not have predecessors"));
            }
        }
    }
    let graph = def.is_some_and(|d| d.has_trait(Traits::GRAPH_REGION));
    let no_terminator = def.is_some_and(|d| d.has_trait(Traits::NO_TERMINATOR));
    // An isolated op's regions are the roots of its own body.
    let rb_root_graph = if std::ptr::eq(rb, body) { root_graph } else { graph };
    for &r in regions {
        verify_region(ctx, doms, rb, op, body, r, graph, rb_root_graph, no_terminator, def)?;
    }
    if let Some(def) = def {
        if let Some(v) = def.verify {
            v(ctx, body, op).map_err(|d| with_current_op(ctx, body, op, d))?;
        }
    }
    Ok(())
}

/// MLIR's `HasParent<...>` trait (`OpDef::has_parent`): the op's parent op
/// must be one of the listed ops. A top-level op has no parent and fails too.
/// `parent` is the owner of `body`'s root regions, as in `verify_op`.
fn verify_required_parent(
    ctx: &Context,
    body: &Body,
    op: Op,
    parent: Option<(&Body, Op)>,
    def: &OpDef,
) -> Result<(), Diagnostic> {
    if def.has_parent.is_empty() {
        return Ok(());
    }
    let parent_name = match body.parent_op(op) {
        Some(p) => Some(body.op_name(p)),
        None => parent.map(|(pb, p)| pb.op_name(p)),
    };
    if parent_name.is_some_and(|n| def.has_parent.iter().any(|&want| ctx.op_name_str(n) == want)) {
        return Ok(());
    }
    let msg = match def.has_parent.as_slice() {
        [one] => format!("expects parent op '{one}'"),
        several => format!("expects parent op to be one of '{}'", several.join(", ")),
    };
    Err(op_error(ctx, body, op, msg))
}

/// `(fixed, has_variadic)` of a list of operand or result arities.
fn arity_counts(arities: impl Iterator<Item = Arity>) -> (usize, bool) {
    let (mut fixed, mut var) = (0, false);
    for a in arities {
        if a == Arity::Single {
            fixed += 1;
        } else {
            var = true;
        }
    }
    (fixed, var)
}

fn count_ok((fixed, has_var): (usize, bool), n: usize) -> bool {
    if has_var {
        n >= fixed
    } else {
        n == fixed
    }
}

/// "operand #i must be ..., but got '...'" (or result).
fn type_error(ctx: &Context, body: &Body, op: Op, what: &str, index: usize, c: &TypeConstraint, t: Type) -> Diagnostic {
    op_error(
        ctx,
        body,
        op,
        format!("{what} #{index} must be {}, but got '{}'", c.summary, crate::printer::type_to_string(ctx, t)),
    )
}

fn verify_against_def(ctx: &Context, caches: &Caches, body: &Body, op: Op, def: &OpDef) -> Result<(), Diagnostic> {
    let counts = arity_counts(def.operands.iter().map(|o| o.arity));
    let n = body.num_operands(op);
    if !def.attr_sized_operands && !count_ok(counts, n) {
        let (fixed, var) = counts;
        let more = if var { " or more" } else { "" };
        return Err(op_error(ctx, body, op, format!("expected {fixed}{more} operands, but found {n}")));
    }
    let rcounts = arity_counts(def.results.iter().map(|o| o.arity));
    let nr = body.num_results(op);
    if !count_ok(rcounts, nr) {
        let (fixed, var) = rcounts;
        let more = if var { " or more" } else { "" };
        return Err(op_error(ctx, body, op, format!("expected {fixed}{more} results, but found {nr}")));
    }
    // Attributes.
    let attrs = body.op_attrs(op);
    for a in &def.attributes {
        match ctx.dict_get(attrs, a.name) {
            None if !a.optional => return Err(op_error(ctx, body, op, format!("requires attribute '{}'", a.name))),
            Some(v) if !(a.constraint.check)(ctx, v) => {
                return Err(op_error(
                    ctx,
                    body,
                    op,
                    format!("attribute '{}' failed to satisfy constraint: {}", a.name, a.constraint.summary),
                ));
            }
            _ => {}
        }
    }
    // `operandSegmentSizes` must describe exactly the operand list.
    if def.attr_sized_operands {
        let sizes = match ctx.dict_get(attrs, "operandSegmentSizes").map(|a| ctx.attr_kind(a)) {
            Some(AttrKind::DenseArray { element, data, len }) if ctx.is_signless_integer_of_width(*element, 32) => {
                (0..*len).map(|i| i32::from_le_bytes(data[i * 4..i * 4 + 4].try_into().unwrap())).collect::<Vec<_>>()
            }
            _ => return Err(op_error(ctx, body, op, "requires attribute 'operandSegmentSizes'")),
        };
        if sizes.len() != def.operands.len() {
            return Err(op_error(
                ctx,
                body,
                op,
                format!(
                    "'operandSegmentSizes' attribute for specifying operand segments must have {} elements, but got {}",
                    def.operands.len(),
                    sizes.len()
                ),
            ));
        }
        if sizes.iter().any(|&s| s < 0) {
            return Err(op_error(ctx, body, op, "'operandSegmentSizes' attribute cannot have negative elements"));
        }
        let total: i64 = sizes.iter().map(|&s| s as i64).sum();
        if total != n as i64 {
            return Err(op_error(
                ctx,
                body,
                op,
                format!("operand count ({n}) does not match with the total size ({total}) specified in attribute 'operandSegmentSizes'"),
            ));
        }
    }
    // Operand and result type constraints. Without variadic groups (or
    // segment sizes) value `k` is checked against spec `k`; building the
    // groups is only needed otherwise.
    if !def.attr_sized_operands && !counts.1 {
        for (k, spec) in def.operands.iter().enumerate() {
            let t = body.value_type(body.operand(op, k));
            if !caches.type_satisfies(ctx, &spec.constraint, t) {
                return Err(type_error(ctx, body, op, "operand", k, &spec.constraint, t));
            }
        }
    } else {
        let groups = crate::asm_format::operand_groups(ctx, def, body, op);
        let mut index = 0;
        for (g, spec) in groups.iter().zip(&def.operands) {
            for k in g.clone() {
                let t = body.value_type(body.operand(op, k));
                if !caches.type_satisfies(ctx, &spec.constraint, t) {
                    return Err(type_error(ctx, body, op, "operand", index, &spec.constraint, t));
                }
                index += 1;
            }
        }
    }
    if !rcounts.1 {
        for (k, spec) in def.results.iter().enumerate() {
            let t = body.value_type(body.result(op, k));
            if !caches.type_satisfies(ctx, &spec.constraint, t) {
                return Err(type_error(ctx, body, op, "result", k, &spec.constraint, t));
            }
        }
    } else {
        let rgroups = crate::asm_format::result_groups(def, nr);
        let mut index = 0;
        for (g, spec) in rgroups.iter().zip(&def.results) {
            for k in g.clone() {
                let t = body.value_type(body.result(op, k));
                if !caches.type_satisfies(ctx, &spec.constraint, t) {
                    return Err(type_error(ctx, body, op, "result", index, &spec.constraint, t));
                }
                index += 1;
            }
        }
    }
    // Successors are blocks of the op's own region.
    if let Some(region) = body.op_block(op).and_then(|b| body.block_region(b)) {
        if body.successors(op).iter().any(|&s| body.block_region(s) != Some(region)) {
            return Err(op_error(ctx, body, op, "reference to block defined in another region"));
        }
    }
    // Successor and region counts.
    let ns = body.successors(op).len();
    let fixed_s = def.successors.iter().filter(|s| !s.variadic).count();
    if ns < fixed_s || (ns != fixed_s && !def.successors.iter().any(|s| s.variadic)) {
        let what = if fixed_s == 1 { "successor" } else { "successors" };
        return Err(op_error(ctx, body, op, format!("requires {fixed_s} {what} but found {ns}")));
    }
    let nreg = body.num_regions(op);
    let fixed_r = def.regions.iter().filter(|r| !r.variadic).count();
    if nreg < fixed_r || (nreg != fixed_r && !def.regions.iter().any(|r| r.variadic)) {
        // The wording of MLIR's ZeroRegions / OneRegion / NRegions traits.
        let msg = match fixed_r {
            0 => "requires zero regions".to_string(),
            1 => "requires one region".to_string(),
            n => format!("expected {n} regions"),
        };
        return Err(op_error(ctx, body, op, msg));
    }
    // Traits.
    let t = def.traits;
    if t.contains(Traits::SAME_OPERANDS_AND_RESULT_TYPE) {
        let mut tys = body.operands(op).chain(body.results(op)).map(|v| body.value_type(v));
        if let Some(first) = tys.next() {
            if tys.any(|x| x != first) {
                return Err(op_error(ctx, body, op, "requires the same type for all operands and results"));
            }
        }
    }
    if t.contains(Traits::SAME_OPERANDS_TYPE) {
        let mut tys = body.operands(op).map(|v| body.value_type(v));
        if let Some(first) = tys.next() {
            if tys.any(|x| x != first) {
                return Err(op_error(ctx, body, op, "requires all operands to have the same type"));
            }
        }
    }
    // MLIR's `verifySymbol` (SymbolOpInterface): a visibility, when given,
    // is one of the three names the printer and symbol passes understand.
    if t.contains(Traits::SYMBOL) {
        if let Some(vis) = body.op_attr(ctx, op, "sym_visibility") {
            let AttrKind::String { value, .. } = ctx.attr_kind(vis) else {
                let shown = crate::printer::attr_to_string(ctx, vis);
                return Err(op_error(
                    ctx,
                    body,
                    op,
                    format!("requires visibility attribute 'sym_visibility' to be a string attribute, but got {shown}"),
                ));
            };
            if !matches!(&value[..], b"public" | b"private" | b"nested") {
                let shown = crate::printer::attr_to_string(ctx, vis);
                return Err(op_error(
                    ctx,
                    body,
                    op,
                    format!("visibility expected to be one of [\"public\", \"private\", \"nested\"], but got {shown}"),
                ));
            }
        }
    }
    if t.contains(Traits::IS_TERMINATOR) {
        if let Some(b) = body.op_block(op) {
            if body.last_op(b) != Some(op) {
                return Err(op_error(ctx, body, op, "must be the last operation in the parent block"));
            }
        }
    }
    Ok(())
}

#[allow(clippy::too_many_arguments)]
fn verify_region(
    ctx: &Context,
    doms: &Caches,
    rb: &Body,
    parent: Op,
    parent_body: &Body,
    r: Region,
    graph: bool,
    root_graph: bool,
    no_terminator: bool,
    def: Option<&OpDef>,
) -> Result<(), Diagnostic> {
    let single_block = def.is_some_and(|d| d.has_trait(Traits::SINGLE_BLOCK));
    let nblocks = rb.blocks(r).count();
    if single_block && nblocks > 1 {
        return Err(op_error(ctx, parent_body, parent, "expects region #0 to have 0 or 1 blocks"));
    }
    // MLIR knows nothing about an unregistered op, so its single-block
    // regions may be graph regions (`DominanceInfo::hasSSADominance`);
    // multi-block regions always have SSA dominance.
    let graph = graph || (def.is_none() && nblocks == 1);
    let dom = if !graph && nblocks > 1 { Some(doms.dominance(rb, r)) } else { None };
    for b in rb.blocks(r) {
        // Only the last op of a block may branch.
        let last = rb.last_op(b);
        if let Some(o) = rb.block_ops(b).find(|&o| Some(o) != last && !rb.successors(o).is_empty()) {
            return Err(Diagnostic::error(
                rb.op_loc(o),
                "operation with block successors must terminate its parent block",
            ));
        }
        // Terminator (MLIR's `mayBeValidWithoutTerminator`): a block may end
        // without one only as the single block of a region whose op is
        // unregistered or `NoTerminator`; every block of a multi-block region
        // needs one, whatever the op.
        let may_lack_terminator = nblocks == 1 && (def.is_none() || no_terminator);
        if !may_lack_terminator {
            match rb.last_op(b) {
                None => {
                    return Err(Diagnostic::error(
                        parent_body.op_loc(parent),
                        "empty block: expect at least a terminator",
                    ));
                }
                Some(last) => {
                    let is_term = ctx.op_def(rb.op_name(last)).map(|d| d.has_trait(Traits::IS_TERMINATOR));
                    if is_term == Some(false) {
                        return Err(Diagnostic::error(
                            rb.op_loc(last),
                            "block with no terminator, has ".to_string()
                                + &crate::printer::op_to_string(ctx, rb, last, true),
                        ));
                    }
                }
            }
        }
        // Dominance means nothing in unreachable blocks, where an op may even
        // use its own result (MLIR checks reachable blocks only); ops nested
        // in their ops are still checked within their own regions.
        let reachable = dom.as_deref().is_none_or(|d| d.is_reachable(b));
        for op in rb.block_ops(b) {
            if reachable {
                verify_dominance(ctx, doms, rb, op, b, graph, root_graph, dom.as_deref())?;
            }
            let owner = if std::ptr::eq(rb, parent_body) { None } else { Some((parent_body, parent)) };
            verify_op(ctx, doms, rb, op, owner, root_graph)?;
        }
        // Successor operands vs block arguments are checked by the branch ops.
    }
    Ok(())
}

/// Checks every operand of `op` (in block `b`) is visible at its use: the
/// value must be defined in the use's region or an enclosing one, and, in
/// regions with SSA dominance, before the use (same block) or in a
/// dominating block. `graph` says whether `b`'s region is a graph region,
/// where only the order check is waived.
#[allow(clippy::too_many_arguments)]
fn verify_dominance(
    ctx: &Context,
    doms: &Caches,
    body: &Body,
    op: Op,
    b: Block,
    graph: bool,
    root_graph: bool,
    dom: Option<&RegionDominance>,
) -> Result<(), Diagnostic> {
    for (i, v) in body.operands(op).enumerate() {
        let Some(def_block) = body.value_parent_block(v) else { continue };
        // Fast path: defined in the same block.
        if def_block == b {
            if graph {
                continue;
            }
            let ok = match body.value_def(v) {
                ValueDef::BlockArg(..) => true,
                ValueDef::Result(d, _) => d != op && body.is_before_in_block_slow(d, op),
            };
            if ok {
                continue;
            }
            return Err(not_dominating(ctx, body, op, i, v, "op in the same block"));
        }
        let def_region = body.block_region(def_block);
        // Walk up from the user to its ancestor in the def's region.
        let mut user = op;
        let mut user_block = b;
        let mut found = body.block_region(user_block) == def_region;
        while !found {
            let Some(p) = body.block_parent_op(user_block) else { break };
            let Some(pb) = body.op_block(p) else { break };
            user = p;
            user_block = pb;
            found = body.block_region(user_block) == def_region;
        }
        if !found {
            let relation = if region_is_ancestor(body, body.block_region(b), def_region) {
                "op in a child region"
            } else {
                "op is neither in a parent nor in a child region"
            };
            return Err(not_dominating(ctx, body, op, i, v, relation));
        }
        // The def's region is the use's region or an ancestor of it; graph
        // regions only need that.
        let def_region_graph = if user == op { graph } else { region_is_graph(ctx, body, def_region, root_graph) };
        if def_region_graph {
            continue;
        }
        let ok = if user_block == def_block {
            match body.value_def(v) {
                ValueDef::BlockArg(..) => true,
                ValueDef::Result(d, _) => d != user && body.is_before_in_block_slow(d, user),
            }
        } else if user == op {
            dom.is_none_or(|dom| dom.dominates(def_block, user_block))
        } else {
            match def_region {
                Some(r) => doms.dominance(body, r).dominates(def_block, user_block),
                None => true,
            }
        };
        if !ok {
            let relation = if user == op { "op in the same region" } else { "op in a parent region" };
            return Err(not_dominating(ctx, body, op, i, v, relation));
        }
    }
    Ok(())
}

fn not_dominating(ctx: &Context, body: &Body, op: Op, i: usize, v: crate::entity::Value, relation: &str) -> Diagnostic {
    let mut d = Diagnostic::error(body.op_loc(op), format!("operand #{i} does not dominate this use"));
    if let Some(dop) = body.defining_op(v) {
        d = d.with_note(body.op_loc(dop), format!("operand defined here ({relation})"));
    }
    with_current_op(ctx, body, op, d)
}

/// True if `outer` encloses `inner` (strictly) within this body.
fn region_is_ancestor(body: &Body, outer: Option<Region>, inner: Option<Region>) -> bool {
    let (Some(outer), Some(mut r)) = (outer, inner) else { return false };
    loop {
        let Some(p) = body.region_parent_op(r) else { return false };
        let Some(pb) = body.op_block(p) else { return false };
        let Some(pr) = body.block_region(pb) else { return false };
        if pr == outer {
            return true;
        }
        r = pr;
    }
}

/// Whether a region of this body is a graph region; root regions take the
/// kind of the isolated op owning the body (`root_graph`).
fn region_is_graph(ctx: &Context, body: &Body, r: Option<Region>, root_graph: bool) -> bool {
    let Some(r) = r else { return root_graph };
    match body.region_parent_op(r) {
        Some(p) => match ctx.op_def(body.op_name(p)) {
            Some(d) => d.has_trait(Traits::GRAPH_REGION),
            // Unregistered: single-block regions may be graph regions.
            None => body.first_block(r).is_some_and(|b| body.next_block(b).is_none()),
        },
        None => root_graph,
    }
}

/// Checks that symbol names are unique in every symbol table under `op`.
pub fn verify_symbol_tables(ctx: &Context, body: &Body, op: Op) -> Result<(), Diagnostic> {
    let is_table = ctx.op_def(body.op_name(op)).is_some_and(|d| d.has_trait(Traits::SYMBOL_TABLE));
    let (rb, regions) = body.regions_of(op);
    // MLIR checks a symbol table when leaving it, after the ops inside.
    for &r in regions {
        for b in rb.blocks(r) {
            for o in rb.block_ops(b) {
                verify_symbol_tables(ctx, rb, o)?;
            }
        }
    }
    if !is_table {
        return Ok(());
    }
    let mut seen: HashMap<Vec<u8>, Op> = HashMap::new();
    for &r in regions {
        for b in rb.blocks(r) {
            for o in rb.block_ops(b) {
                if let Some(n) = rb.op_attr(ctx, o, "sym_name") {
                    if let AttrKind::String { value, .. } = ctx.attr_kind(n) {
                        if let Some(prev) = seen.insert(value.to_vec(), o) {
                            return Err(Diagnostic::error(
                                rb.op_loc(o),
                                format!("redefinition of symbol named '{}'", String::from_utf8_lossy(value)),
                            )
                            .with_note(rb.op_loc(prev), "see existing symbol definition here"));
                        }
                    }
                }
            }
        }
    }
    let view = crate::symbol_user::SymbolTableView { body: rb, symbols: &seen };
    crate::symbol_user::walk_symbol_table(ctx, rb, regions, &mut |ub, u| {
        let Some(def) = ctx.op_def(ub.op_name(u)) else { return Ok(()) };
        match def.interfaces.get::<crate::symbol_user::SymbolUserOpInterface>() {
            Some(i) => (i.verify_symbol_uses)(ctx, ub, u, &view).map_err(|d| with_current_op(ctx, ub, u, d)),
            None => Ok(()),
        }
    })
}
