//! Dialect conversion (MLIR's `DialectConversion.cpp`, simplified): a
//! [`ConversionTarget`] saying which ops are legal, [`ConversionPattern`]s
//! that receive their op's operands already converted, an optional
//! [`TypeConverter`], and the partial and full conversion drivers.
//!
//! How values of changed type flow: when a pattern replaces an op by values
//! of other types ([`ConversionRewriter::replace_op`]), the old results are
//! redirected to a `builtin.unrealized_conversion_cast` from the new value
//! back to the old type (MLIR's source materialization), so the IR stays
//! valid while the op's users wait for their turn. A pattern converting such
//! a user receives the cast's input instead (the remapped operand), and the
//! cast becomes dead. At the end the driver reconciles its casts: dead ones
//! are erased, round trips `A -> B -> A` are folded, and casts that are
//! still needed stay in the IR (as in MLIR's partial conversion).
//!
//! Folding: with [`ConversionConfig::fold`] an op that is not legal is
//! first folded, as MLIR's driver does by default (`legalizeWithFold`):
//! folded to existing values or constants (materialized by the op's
//! dialect before it), the op is gone; folded in place, it then goes to
//! the patterns. Constant-like ops are not folded. Passes whose upstream
//! results depend on it (`lower-affine` folds `affine.for` bounds and
//! identity casts that way) turn it on; it is off by default.
//!
//! Differences from MLIR: no rollback. Ops are visited once, in pre-order
//! per arena, skipping blocks unreachable from their region's entry as MLIR
//! does (an isolated op's arena after the arena holding it), and a
//! pattern that reports failure must not have changed the IR, as for
//! rewrite patterns. The first op that cannot be legalized stops the
//! conversion with MLIR's diagnostic.

use rustc_hash::{FxHashMap, FxHashSet};
use smallvec::SmallVec;

use strata_ir::fold::{fold_op, is_constant_like, operand_constants, FoldResult, FoldValue};
use strata_ir::{Attribute, Body, Context, Diagnostic, Location, Op, OpName, OpSpec, Type, Value};

use crate::rewriter::{Listener, PatternRewriter};

/// What a target says about one op.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Legality {
    Legal,
    Illegal,
    /// Neither the op nor its dialect has an entry.
    Unknown,
}

/// A legality callback for `add_dynamically_legal_*`.
pub type DynamicLegality = Box<dyn Fn(&Context, &Body, Op) -> bool + Send + Sync>;

enum Action {
    Legal,
    Illegal,
    Dynamic(DynamicLegality),
}

/// Which ops may remain after a conversion (MLIR's `ConversionTarget`). An
/// op's own entry wins over its dialect's.
#[derive(Default)]
pub struct ConversionTarget {
    ops: FxHashMap<String, Action>,
    dialects: FxHashMap<String, Action>,
    /// What an op with neither entry is (MLIR's
    /// `markUnknownOpDynamicallyLegal`); `None`: unknown.
    unknown: Option<Action>,
}

impl ConversionTarget {
    pub fn new() -> ConversionTarget {
        ConversionTarget::default()
    }
    pub fn add_legal_op(&mut self, name: &str) -> &mut Self {
        self.ops.insert(name.to_string(), Action::Legal);
        self
    }
    pub fn add_illegal_op(&mut self, name: &str) -> &mut Self {
        self.ops.insert(name.to_string(), Action::Illegal);
        self
    }
    pub fn add_legal_dialect(&mut self, name: &str) -> &mut Self {
        self.dialects.insert(name.to_string(), Action::Legal);
        self
    }
    pub fn add_illegal_dialect(&mut self, name: &str) -> &mut Self {
        self.dialects.insert(name.to_string(), Action::Illegal);
        self
    }
    /// `name` is legal when `f` says so, illegal otherwise.
    pub fn add_dynamically_legal_op(
        &mut self,
        name: &str,
        f: impl Fn(&Context, &Body, Op) -> bool + Send + Sync + 'static,
    ) -> &mut Self {
        self.ops.insert(name.to_string(), Action::Dynamic(Box::new(f)));
        self
    }
    pub fn add_dynamically_legal_dialect(
        &mut self,
        name: &str,
        f: impl Fn(&Context, &Body, Op) -> bool + Send + Sync + 'static,
    ) -> &mut Self {
        self.dialects.insert(name.to_string(), Action::Dynamic(Box::new(f)));
        self
    }

    /// Ops with no entry of their own or of their dialect are legal when
    /// `f` says so, illegal otherwise.
    pub fn mark_unknown_op_dynamically_legal(
        &mut self,
        f: impl Fn(&Context, &Body, Op) -> bool + Send + Sync + 'static,
    ) -> &mut Self {
        self.unknown = Some(Action::Dynamic(Box::new(f)));
        self
    }

    pub fn legality(&self, ctx: &Context, body: &Body, op: Op) -> Legality {
        let name = body.op_name(op);
        let action = self
            .ops
            .get(ctx.op_name_str(name))
            .or_else(|| self.dialects.get(ctx.op_dialect_name(name)))
            .or(self.unknown.as_ref());
        match action {
            None => Legality::Unknown,
            Some(Action::Legal) => Legality::Legal,
            Some(Action::Illegal) => Legality::Illegal,
            Some(Action::Dynamic(f)) => {
                if f(ctx, body, op) {
                    Legality::Legal
                } else {
                    Legality::Illegal
                }
            }
        }
    }
}

/// A type conversion rule: `Some(t)` converts, `None` passes to the next.
pub type TypeConversion = Box<dyn Fn(&Context, Type) -> Option<Type> + Send + Sync>;

/// Converts types (MLIR's `TypeConverter`): rules are tried last added
/// first; a type no rule converts is illegal.
#[derive(Default)]
pub struct TypeConverter {
    rules: Vec<TypeConversion>,
}

impl TypeConverter {
    pub fn new() -> TypeConverter {
        TypeConverter::default()
    }
    pub fn add_conversion(&mut self, f: impl Fn(&Context, Type) -> Option<Type> + Send + Sync + 'static) -> &mut Self {
        self.rules.push(Box::new(f));
        self
    }
    pub fn convert_type(&self, ctx: &Context, ty: Type) -> Option<Type> {
        self.rules.iter().rev().find_map(|r| r(ctx, ty))
    }
    pub fn is_legal(&self, ctx: &Context, ty: Type) -> bool {
        self.convert_type(ctx, ty) == Some(ty)
    }
}

/// A pattern of a conversion: like a rewrite pattern, but given the op's
/// operands as already converted (MLIR's `ConversionPattern`).
pub trait ConversionPattern: Send + Sync {
    /// The op name this pattern matches, `None` for any op.
    fn root(&self) -> Option<&str>;
    fn benefit(&self) -> u16 {
        1
    }
    fn name(&self) -> &str;
    /// Rewrites `op` given its remapped `operands`; true if it did. A
    /// pattern that returns false must not have changed anything.
    fn match_and_rewrite(&self, op: Op, operands: &[Value], rewriter: &mut ConversionRewriter<'_, '_>) -> bool;
}

/// Conversion patterns being collected.
#[derive(Default)]
pub struct ConversionPatternSet {
    patterns: Vec<Box<dyn ConversionPattern>>,
}

impl ConversionPatternSet {
    pub fn new() -> ConversionPatternSet {
        ConversionPatternSet::default()
    }
    pub fn add(&mut self, p: impl ConversionPattern + 'static) {
        self.patterns.push(Box::new(p));
    }
    /// The patterns for an op named `name`, best benefit first (ties in
    /// insertion order).
    fn for_op<'s>(&'s self, ctx: &Context, name: OpName) -> SmallVec<[&'s dyn ConversionPattern; 4]> {
        let op_name = ctx.op_name_str(name);
        let mut out: SmallVec<[&dyn ConversionPattern; 4]> =
            self.patterns.iter().filter(|p| p.root().is_none_or(|r| r == op_name)).map(|p| p.as_ref()).collect();
        out.sort_by_key(|p| std::cmp::Reverse(p.benefit()));
        out
    }
}

/// Records the ops a pattern inserts, to legalize them afterwards.
#[derive(Default)]
struct InsertedOps(Vec<Op>);

impl Listener for InsertedOps {
    fn notify_inserted(&mut self, _body: &Body, op: Op) {
        self.0.push(op);
    }
}

/// The rewriter a conversion pattern edits through: a `PatternRewriter`
/// (by `Deref`) plus the conversion's value remapping.
pub struct ConversionRewriter<'r, 'a> {
    rewriter: &'r mut PatternRewriter<'a>,
    casts: &'r mut FxHashSet<Op>,
    type_converter: Option<&'r TypeConverter>,
    original_constants: &'r FxHashMap<Op, SmallVec<[Option<Attribute>; 4]>>,
}

impl<'a> std::ops::Deref for ConversionRewriter<'_, 'a> {
    type Target = PatternRewriter<'a>;
    fn deref(&self) -> &PatternRewriter<'a> {
        self.rewriter
    }
}
impl<'a> std::ops::DerefMut for ConversionRewriter<'_, 'a> {
    fn deref_mut(&mut self) -> &mut PatternRewriter<'a> {
        self.rewriter
    }
}

impl ConversionRewriter<'_, '_> {
    pub fn type_converter(&self) -> Option<&TypeConverter> {
        self.type_converter
    }

    /// With folding on: the constant values of `op`'s operands as they were
    /// when the conversion started. MLIR replaces values lazily during a
    /// conversion, so its folds see the original operands: an operand whose
    /// producer was since folded to a constant does not count as one.
    pub fn original_constants(&self, op: Op) -> Option<&[Option<Attribute>]> {
        self.original_constants.get(&op).map(|v| v.as_slice())
    }

    /// Replaces `op`'s results with `values`, which may have other types:
    /// such results are redirected through a materialized cast until their
    /// users are converted.
    pub fn replace_op(&mut self, op: Op, values: &[Value]) {
        let n = self.rewriter.body().num_results(op);
        let loc = self.rewriter.body().op_loc(op);
        let mut repl: SmallVec<[Value; 2]> = SmallVec::new();
        for (i, &v) in values.iter().enumerate().take(n) {
            let old_ty = self.rewriter.body().value_type(self.rewriter.body().result(op, i));
            if self.rewriter.body().value_type(v) == old_ty {
                repl.push(v);
            } else {
                self.rewriter.set_insertion_point_before(op);
                repl.push(self.materialize_cast(v, old_ty, loc));
            }
        }
        self.rewriter.replace_op(op, &repl);
    }

    /// Creates a `builtin.unrealized_conversion_cast` of `v` to `ty` at
    /// the insertion point, owned by the conversion (reconciled at the end).
    pub fn materialize_cast(&mut self, v: Value, ty: Type, loc: Location) -> Value {
        let ctx = self.rewriter.ctx;
        let cast = self
            .rewriter
            .create(OpSpec::new(ctx, "builtin.unrealized_conversion_cast", loc).operands(&[v]).results(&[ty]));
        self.casts.insert(cast);
        self.rewriter.body().result(cast, 0)
    }

    /// The value a pattern sees for operand `v`: through the conversion's
    /// casts to the converted value, then to the type converter's type.
    fn remap(&mut self, v: Value, user: Op) -> Value {
        let mut v = v;
        while let Some(def) = self.rewriter.body().defining_op(v) {
            if !self.casts.contains(&def) || self.rewriter.body().num_operands(def) != 1 {
                break;
            }
            v = self.rewriter.body().operand(def, 0);
        }
        if let Some(tc) = self.type_converter {
            let ctx = self.rewriter.ctx;
            let ty = self.rewriter.body().value_type(v);
            if let Some(to) = tc.convert_type(ctx, ty) {
                if to != ty {
                    let loc = self.rewriter.body().op_loc(user);
                    let ip = self.rewriter.insertion_point();
                    self.rewriter.set_insertion_point_before(user);
                    v = self.materialize_cast(v, to, loc);
                    self.rewriter.restore_insertion_point(ip);
                }
            }
        }
        v
    }
}

/// Which ops a conversion must get rid of.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum ConversionMode {
    /// Ops explicitly illegal must be converted; unknown ops may stay.
    Partial,
    /// Every op must end up legal.
    Full,
}

/// Converts the ops of `body` and of every arena nested in it (not the
/// owner of `body` itself) so that illegal ops are gone.
pub fn apply_partial_conversion(
    ctx: &Context,
    body: &mut Body,
    target: &ConversionTarget,
    patterns: &ConversionPatternSet,
    type_converter: Option<&TypeConverter>,
) -> Result<(), Diagnostic> {
    apply_conversion(ctx, body, target, patterns, type_converter, ConversionMode::Partial)
}

/// Like [`apply_partial_conversion`], but every op must end up legal.
pub fn apply_full_conversion(
    ctx: &Context,
    body: &mut Body,
    target: &ConversionTarget,
    patterns: &ConversionPatternSet,
    type_converter: Option<&TypeConverter>,
) -> Result<(), Diagnostic> {
    apply_conversion(ctx, body, target, patterns, type_converter, ConversionMode::Full)
}

/// Settings of a conversion run (MLIR's `ConversionConfig`, the part
/// Strata has).
#[derive(Copy, Clone, Debug, Default)]
pub struct ConversionConfig {
    /// Fold ops that are not legal before trying patterns on them.
    pub fold: bool,
}

pub fn apply_conversion(
    ctx: &Context,
    body: &mut Body,
    target: &ConversionTarget,
    patterns: &ConversionPatternSet,
    type_converter: Option<&TypeConverter>,
    mode: ConversionMode,
) -> Result<(), Diagnostic> {
    apply_conversion_with_config(ctx, body, target, patterns, type_converter, mode, ConversionConfig::default())
}

/// [`apply_conversion`] with explicit settings.
pub fn apply_conversion_with_config(
    ctx: &Context,
    body: &mut Body,
    target: &ConversionTarget,
    patterns: &ConversionPatternSet,
    type_converter: Option<&TypeConverter>,
    mode: ConversionMode,
    config: ConversionConfig,
) -> Result<(), Diagnostic> {
    let order = reachable_ops_preorder(body);
    let original_constants = if config.fold {
        order.iter().map(|&op| (op, operand_constants(ctx, body, op))).collect()
    } else {
        FxHashMap::default()
    };
    let mut conv = Converter {
        ctx,
        target,
        patterns,
        type_converter,
        mode,
        config,
        casts: FxHashSet::default(),
        original_constants,
    };
    for op in order {
        if body.is_erased(op) || body.op_block(op).is_none() {
            continue;
        }
        conv.legalize(body, op, 0)?;
    }
    reconcile_casts(body, &conv.casts);
    // Isolated ops (possibly created by the patterns above) own arenas of
    // their own: convert those after the arena holding them.
    let mut isolated = Vec::new();
    body.walk_pre(&mut |op| {
        if body.is_isolated(op) {
            isolated.push(op);
        }
    });
    for op in isolated {
        let Some(mut nested) = body.take_nested(op) else { continue };
        let r = apply_conversion_with_config(ctx, &mut nested, target, patterns, type_converter, mode, config);
        body.put_nested(op, nested);
        r?;
    }
    Ok(())
}

/// The ops of `body` in pre-order (nested regions of the same arena
/// included), skipping blocks that cannot be reached from their region's
/// entry block: MLIR's conversion driver (`computeConversionSet`) leaves
/// the ops of unreachable blocks alone. Conversions written by hand walk
/// the same set.
pub fn reachable_ops_preorder(body: &Body) -> Vec<Op> {
    let mut order = Vec::new();
    for &r in body.root_regions() {
        collect_reachable(body, r, &mut order);
    }
    order
}

fn collect_reachable(body: &Body, region: strata_ir::Region, out: &mut Vec<Op>) {
    let Some(entry) = body.first_block(region) else { return };
    let mut reachable: FxHashSet<strata_ir::Block> = FxHashSet::default();
    let mut stack = vec![entry];
    while let Some(b) = stack.pop() {
        if !reachable.insert(b) {
            continue;
        }
        if let Some(t) = body.last_op(b) {
            stack.extend(body.successors(t).iter().copied());
        }
    }
    for b in body.blocks(region) {
        if !reachable.contains(&b) {
            continue;
        }
        for op in body.block_ops(b) {
            out.push(op);
            for &r in body.local_regions(op) {
                collect_reachable(body, r, out);
            }
        }
    }
}

/// How deep ops created by patterns are legalized in turn before giving up.
const MAX_NESTED_LEGALIZATION: usize = 32;

struct Converter<'c> {
    ctx: &'c Context,
    target: &'c ConversionTarget,
    patterns: &'c ConversionPatternSet,
    type_converter: Option<&'c TypeConverter>,
    mode: ConversionMode,
    config: ConversionConfig,
    casts: FxHashSet<Op>,
    /// Operand constants of each op as the conversion found them (with
    /// folding on; see `ConversionRewriter::original_constants`).
    original_constants: FxHashMap<Op, SmallVec<[Option<Attribute>; 4]>>,
}

impl Converter<'_> {
    fn failure(&self, body: &Body, op: Op, legality: Legality) -> Diagnostic {
        let name = self.ctx.op_name_str(body.op_name(op));
        let msg = if legality == Legality::Illegal && self.mode == ConversionMode::Partial {
            format!("failed to legalize operation '{name}' that was explicitly marked illegal")
        } else {
            format!("failed to legalize operation '{name}'")
        };
        Diagnostic::error(body.op_loc(op), msg)
    }

    fn legalize(&mut self, body: &mut Body, op: Op, depth: usize) -> Result<(), Diagnostic> {
        if self.casts.contains(&op) {
            return Ok(());
        }
        let legality = self.target.legality(self.ctx, body, op);
        if legality == Legality::Legal {
            return Ok(());
        }
        if self.config.fold && self.fold(body, op) {
            return Ok(());
        }
        let name = body.op_name(op);
        let mut inserted = InsertedOps::default();
        let mut converted = false;
        for pattern in self.patterns.for_op(self.ctx, name) {
            let mut rw = PatternRewriter::new(self.ctx, body, &mut inserted);
            let mut crw = ConversionRewriter {
                rewriter: &mut rw,
                casts: &mut self.casts,
                type_converter: self.type_converter,
                original_constants: &self.original_constants,
            };
            let operands: SmallVec<[Value; 4]> = crw.rewriter.body().operand_vec(op);
            let ip = crw.rewriter.insertion_point();
            crw.rewriter.set_insertion_point_before(op);
            let remapped: SmallVec<[Value; 4]> = operands.iter().map(|&v| crw.remap(v, op)).collect();
            crw.rewriter.restore_insertion_point(ip);
            crw.rewriter.set_insertion_point_before(op);
            if pattern.match_and_rewrite(op, &remapped, &mut crw) {
                converted = true;
                break;
            }
        }
        if !converted {
            let must_convert = match self.mode {
                ConversionMode::Partial => legality == Legality::Illegal,
                ConversionMode::Full => true,
            };
            return if must_convert { Err(self.failure(body, op, legality)) } else { Ok(()) };
        }
        // The op may have been updated in place and be legal now; ops the
        // pattern created are legalized in turn.
        if depth < MAX_NESTED_LEGALIZATION {
            for new_op in inserted.0 {
                if new_op != op && !body.is_erased(new_op) && body.op_block(new_op).is_some() {
                    self.legalize(body, new_op, depth + 1)?;
                }
            }
        }
        if !body.is_erased(op) && body.op_block(op).is_some() {
            let after = self.target.legality(self.ctx, body, op);
            let still_illegal = match self.mode {
                ConversionMode::Partial => after == Legality::Illegal,
                ConversionMode::Full => after != Legality::Legal,
            };
            if still_illegal && body.op_name(op) == name {
                return Err(self.failure(body, op, after));
            }
        }
        Ok(())
    }
}

impl Converter<'_> {
    /// MLIR's `legalizeWithFold`: true if `op` folded away (its results
    /// replaced by existing values or by constants materialized before it
    /// through its dialect). An in-place fold returns false: the op goes
    /// on to the patterns.
    fn fold(&mut self, body: &mut Body, op: Op) -> bool {
        let ctx = self.ctx;
        if is_constant_like(ctx, body, op) {
            return false;
        }
        // Ops created by the conversion have no snapshot: their operands
        // are what they are.
        let constants = self.original_constants.get(&op).cloned().unwrap_or_else(|| operand_constants(ctx, body, op));
        let FoldResult::Replace(values) = fold_op(ctx, body, op, &constants) else { return false };
        if values.len() != body.num_results(op) {
            return false;
        }
        let loc = body.op_loc(op);
        let types = body.result_types(op);
        let materialize = ctx.dialect(ctx.op_dialect_name(body.op_name(op))).and_then(|d| d.materialize_constant);
        let mut replacements: SmallVec<[Value; 2]> = SmallVec::new();
        let mut created: SmallVec<[Op; 2]> = SmallVec::new();
        for (v, &ty) in values.iter().zip(&types) {
            match *v {
                FoldValue::Value(v) => replacements.push(v),
                FoldValue::Attr(a) => match materialize.and_then(|f| f(ctx, body, a, ty, loc)) {
                    Some(c) => {
                        body.insert_op_before(op, c);
                        created.push(c);
                        replacements.push(body.result(c, 0));
                    }
                    None => {
                        // Upstream gives up on the fold and erases what it
                        // materialized.
                        for c in created {
                            body.erase_op(c);
                        }
                        return false;
                    }
                },
            }
        }
        for (r, v) in body.results(op).collect::<SmallVec<[Value; 2]>>().into_iter().zip(replacements) {
            body.replace_all_uses_with(r, v);
        }
        body.erase_op(op);
        true
    }
}

/// Erases the conversion's dead casts and folds round trips; the casts
/// still in use stay.
fn reconcile_casts(body: &mut Body, casts: &FxHashSet<Op>) {
    let mut live: Vec<Op> =
        casts.iter().copied().filter(|&c| !body.is_erased(c) && body.op_block(c).is_some()).collect();
    live.sort_unstable_by_key(|c| c.index());
    // A cast of a cast back to the original type is the original value.
    for &c in &live {
        if body.is_erased(c) || body.num_operands(c) != 1 {
            continue;
        }
        let input = body.operand(c, 0);
        let Some(def) = body.defining_op(input) else { continue };
        if !casts.contains(&def) || body.num_operands(def) != 1 {
            continue;
        }
        let origin = body.operand(def, 0);
        let out = body.result(c, 0);
        if body.value_type(origin) == body.value_type(out) {
            body.replace_all_uses_with(out, origin);
        }
    }
    // Erase dead casts, users first so chains die together.
    let mut changed = true;
    while changed {
        changed = false;
        for &c in live.iter().rev() {
            if !body.is_erased(c) && body.op_block(c).is_some() && body.op_results_unused(c) {
                body.erase_op(c);
                changed = true;
            }
        }
    }
}
