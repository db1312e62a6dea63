//! The MLIR text printer: generic and custom op forms, regions, SSA names,
//! attribute aliases (`#map`, `#set`) and the resources section.
//!
//! Output matches `mlir-opt` byte for byte for the dialects Strata defines:
//! two-space indentation, `// pred:` comments on block labels, aliases for
//! affine maps and integer sets printed before the top-level op.

mod dense;
mod loc_aliases;
mod names;
mod resources;
mod types;
mod value_users;

pub use types::{print_affine_expr_str, print_affine_expr_with_ids};

use rustc_hash::FxHashMap as HashMap;

use crate::attributes::{AttrKind, Attribute};
use crate::body::Body;
use crate::context::Context;
use crate::entity::{Block, Op, Region, Value};
use crate::location::Location;
use crate::types::{Type, TypeKind};

pub use names::{Name, NameTable};
pub use types::{is_bare_identifier, print_escaped, print_string, print_symbol};

/// Hook for ops with hand-written syntax: prints everything after the op name.
pub type CustomPrintFn = fn(&mut OpPrinter<'_, '_>, Op);

/// Printing options (`OpPrintingFlags`).
#[derive(Clone, Copy, Default)]
pub struct PrintOptions {
    pub generic: bool,
    pub debug_info: bool,
    /// Elide dense elements with more elements than this (`--mlir-elide-elementsattrs-if-larger`).
    pub elide_elements_larger: Option<usize>,
    /// Print attributes and types inline instead of via aliases (`--mlir-print-local-scope`).
    pub local_scope: bool,
    /// `--mlir-print-elementsattrs-with-hex-if-larger`: dense elements with
    /// more elements than this print as a hex blob; `None` is MLIR's default
    /// (100), -1 never.
    pub hex_if_larger: Option<i64>,
    /// `--mlir-print-skip-regions`: every region prints as `{...}`.
    pub skip_regions: bool,
    /// `--mlir-print-unique-ssa-ids`: numbering runs on across regions.
    pub unique_ssa_ids: bool,
    /// `--mlir-print-value-users`: comments naming the users of each value.
    pub value_users: bool,
    /// `--mlir-pretty-debuginfo`: locations without `loc(...)`, unquoted
    /// file names, fused locations without the keyword.
    pub pretty_debuginfo: bool,
    /// `--mlir-use-nameloc-as-prefix`: values named after their `NameLoc`.
    pub nameloc_as_prefix: bool,
}

impl PrintOptions {
    fn naming(&self) -> names::NamingFlags {
        names::NamingFlags {
            generic: self.generic,
            unique_ids: self.unique_ssa_ids,
            value_users: self.value_users,
            nameloc_as_prefix: self.nameloc_as_prefix,
        }
    }
}

/// What an alias stands for.
#[derive(Clone, Copy)]
enum AliasDef {
    Attr(Attribute),
    Loc(Location),
}

/// Aliases for attributes printed at the top of the output (`#map`, `#set`),
/// and for locations (`#loc`) when printing debug info.
#[derive(Default)]
pub struct Aliases {
    attrs: HashMap<Attribute, String>,
    /// Attributes in visiting order before [`Aliases::assign_names`].
    order: Vec<(String, Attribute)>,
    /// Locations in visiting order: (location, alias depth, deferrable).
    loc_order: Vec<(Location, usize, bool)>,
    locs: HashMap<Location, String>,
    /// Definitions printed before the top-level op, in MLIR's order.
    defs: Vec<(String, AliasDef)>,
    /// Location definitions printed after the top-level op.
    deferred: Vec<(String, Location)>,
    /// Distinct attributes renumbered in the order they are met, as MLIR's
    /// `DistinctState` does.
    distinct_ids: HashMap<Attribute, u64>,
    /// Location definitions print in `--mlir-pretty-debuginfo` form.
    pretty_locations: bool,
    /// `--mlir-print-skip-regions`: aliases are collected outside regions only.
    skip_regions: bool,
    /// Handles of the `dense_resource<...>` attributes in the order they are
    /// met: the only `builtin` resources the file metadata keeps, printed in
    /// that order, as in MLIR.
    resource_handles: Vec<crate::context::Str>,
}

impl Aliases {
    pub fn distinct_id(&self, a: Attribute) -> Option<u64> {
        self.distinct_ids.get(&a).copied()
    }

    pub fn attr_alias(&self, a: Attribute) -> Option<&str> {
        self.attrs.get(&a).map(|s| s.as_str())
    }

    /// The alias of a location (`#loc3`), when locations are aliased.
    pub fn loc_alias(&self, ctx: &Context, l: Location) -> Option<&str> {
        if self.locs.is_empty() {
            return None;
        }
        self.locs.get(&loc_aliases::canonical(ctx, l)).map(|s| s.as_str())
    }

    /// Records `a` in visiting order; [`Aliases::assign_names`] names it.
    fn add(&mut self, prefix: &str, a: Attribute) {
        if self.attrs.contains_key(&a) {
            return;
        }
        self.attrs.insert(a, prefix.to_string());
        self.order.push((prefix.to_string(), a));
    }

    /// Orders the aliases as MLIR's alias initializer does (a stable sort by
    /// alias depth, then by prefix, so every `#map` precedes every `#set`),
    /// then numbers each prefix in that order.
    fn assign_names(&mut self, ctx: &Context) {
        let mut keyed: Vec<(usize, String, AliasDef, bool)> = self
            .order
            .drain(..)
            .map(|(prefix, a)| (alias_depth(ctx, a, &self.attrs), prefix, AliasDef::Attr(a), false))
            .collect();
        keyed.extend(
            self.loc_order
                .drain(..)
                .map(|(l, depth, deferrable)| (depth, "loc".to_string(), AliasDef::Loc(l), deferrable)),
        );
        keyed.sort_by(|x, y| (x.0, &x.1).cmp(&(y.0, &y.1)));
        let mut counts: HashMap<String, u32> = HashMap::default();
        for (_, prefix, def, deferrable) in keyed {
            let n = counts.entry(prefix.clone()).or_insert(0);
            let name = if *n == 0 { format!("#{prefix}") } else { format!("#{prefix}{n}") };
            *n += 1;
            match def {
                AliasDef::Attr(a) => {
                    self.attrs.insert(a, name.clone());
                }
                AliasDef::Loc(l) => {
                    self.locs.insert(l, name.clone());
                }
            }
            match def {
                AliasDef::Loc(l) if deferrable => self.deferred.push((name, l)),
                _ => self.defs.push((name, def)),
            }
        }
    }

    fn print_definition(&self, ctx: &Context, name: &str, def: AliasDef, out: &mut String) {
        out.push_str(name);
        out.push_str(" = ");
        match def {
            AliasDef::Attr(a) => types::print_attr_definition(ctx, a, out, self),
            AliasDef::Loc(l) if self.pretty_locations => types::print_location_pretty(ctx, l, out, Some(self)),
            AliasDef::Loc(l) => {
                out.push_str("loc(");
                types::print_location_body(ctx, l, out, Some(self));
                out.push(')');
            }
        }
        out.push('\n');
    }
}

/// 1 + the deepest alias among the attribute's sub-elements: an alias is
/// printed after those it refers to.
fn alias_depth(ctx: &Context, a: Attribute, aliased: &HashMap<Attribute, String>) -> usize {
    fn children_depth(ctx: &Context, a: Attribute, aliased: &HashMap<Attribute, String>) -> usize {
        let sub = |e: Attribute| {
            if aliased.contains_key(&e) {
                alias_depth(ctx, e, aliased)
            } else {
                children_depth(ctx, e, aliased)
            }
        };
        match ctx.attr_kind(a) {
            AttrKind::Distinct { referenced, .. } => sub(*referenced),
            AttrKind::Array(v) => v.iter().map(|&e| sub(e)).max().unwrap_or(0),
            AttrKind::Dictionary(v) => v.iter().map(|&(_, e)| sub(e)).max().unwrap_or(0),
            _ => 0,
        }
    }
    1 + children_depth(ctx, a, aliased)
}

/// An op-definition interface naming the attributes an op's custom form
/// never prints as attributes (the affine ops print their maps over SSA
/// operands), so that the pretty form gives them no `#map` alias, as
/// mlir-opt's alias collection (a dry run of the printer) does not.
pub struct UnprintedAttrs(pub fn(&Context, &Body, Op, &str) -> bool);

/// Op interface: the custom printer shows only the first N arguments of
/// each region's entry block (`affine.for` shows its induction variable, not
/// its iter_args block arguments), so only their locations get `#loc`
/// aliases under `--mlir-print-debuginfo`. Ops without it show them all.
pub struct PrintedEntryArgs(pub usize);

/// Op interface: like [`PrintedEntryArgs`], one count per region (`None`:
/// all of them), for ops whose regions show their arguments differently
/// (`scf.while` names its "before" arguments in the initializer list,
/// without locations, and prints the "after" block header in full).
pub struct PrintedEntryArgsPerRegion(pub &'static [Option<usize>]);

/// Collects aliasable attributes in the order MLIR's alias initializer
/// meets them: per op, its attributes, then result types... in print order.
fn collect_aliases(ctx: &Context, body: &Body, op: Op, generic: bool, al: &mut Aliases) {
    /// The alias walk over `op`'s regions: block argument types, then each op.
    fn visit_regions(ctx: &Context, body: &Body, op: Op, generic: bool, al: &mut Aliases) {
        // Skipped regions print nothing, so they hold no aliases (MLIR
        // collects aliases by a dry run of the printer).
        if al.skip_regions {
            return;
        }
        let (rb, regions) = body.regions_of(op);
        for &r in regions {
            for b in rb.blocks(r) {
                for &a in rb.block_args(b) {
                    visit_type(ctx, rb.value_type(a), al);
                }
                for o in rb.block_ops(b) {
                    collect_aliases(ctx, rb, o, generic, al);
                }
            }
        }
    }
    fn visit_attr(ctx: &Context, a: Attribute, al: &mut Aliases) {
        match ctx.attr_kind(a) {
            AttrKind::AffineMap(_) => al.add("map", a),
            AttrKind::IntegerSet(_) => al.add("set", a),
            AttrKind::Distinct { referenced, .. } => {
                visit_attr(ctx, *referenced, al);
                let next = al.distinct_ids.len() as u64;
                al.distinct_ids.entry(a).or_insert(next);
                if *referenced != ctx.unit_attr() {
                    al.add("distinct", a)
                }
            }
            AttrKind::Array(v) => {
                for &e in v.iter() {
                    visit_attr(ctx, e, al);
                }
            }
            AttrKind::Dictionary(v) => {
                for &(_, e) in v.iter() {
                    visit_attr(ctx, e, al);
                }
            }
            AttrKind::Type(t) => visit_type(ctx, *t, al),
            AttrKind::Integer { .. } | AttrKind::Float { .. } => {}
            AttrKind::DenseResource { ty, handle } => {
                if !al.resource_handles.contains(handle) {
                    al.resource_handles.push(*handle);
                }
                visit_type(ctx, *ty, al)
            }
            AttrKind::DenseElements { ty, .. }
            | AttrKind::DenseStrings { ty, .. }
            | AttrKind::SparseElements { ty, .. } => visit_type(ctx, *ty, al),
            _ => {}
        }
    }
    fn visit_type(ctx: &Context, t: Type, al: &mut Aliases) {
        match ctx.type_kind(t) {
            TypeKind::MemRef { element, layout, memory_space, .. } => {
                visit_type(ctx, *element, al);
                if let Some(l) = layout {
                    visit_attr(ctx, *l, al);
                }
                if let Some(m) = memory_space {
                    visit_attr(ctx, *m, al);
                }
            }
            TypeKind::RankedTensor { element, encoding, .. } => {
                visit_type(ctx, *element, al);
                if let Some(e) = encoding {
                    visit_attr(ctx, *e, al);
                }
            }
            TypeKind::Function { inputs, results } => {
                for &i in inputs.iter().chain(results.iter()) {
                    visit_type(ctx, i, al);
                }
            }
            TypeKind::Tuple(v) => {
                for &i in v.iter() {
                    visit_type(ctx, i, al);
                }
            }
            TypeKind::Vector { element, .. } | TypeKind::UnrankedTensor { element } | TypeKind::Complex(element) => {
                visit_type(ctx, *element, al)
            }
            _ => {}
        }
    }
    // MLIR's initializer walks an op as its printer would. The generic form
    // (also every unregistered op) visits the regions first, then operand and
    // result types, then attributes; a custom form visits its attributes
    // first (operand types were visited at their definitions), then result
    // types, then the regions.
    let generic_order = generic || ctx.op_def(body.op_name(op)).is_none();
    if generic_order {
        visit_regions(ctx, body, op, generic, al);
        for v in body.operands(op) {
            visit_type(ctx, body.value_type(v), al);
        }
        for r in body.results(op) {
            visit_type(ctx, body.value_type(r), al);
        }
        if let Some(p) = body.op_props(op) {
            visit_attr(ctx, p, al);
        }
        visit_attr(ctx, body.op_attrs(op), al);
        return;
    }
    if let Some(p) = body.op_props(op) {
        visit_attr(ctx, p, al);
    }
    let unprinted =
        if generic { None } else { ctx.op_def(body.op_name(op)).and_then(|d| d.interfaces.get::<UnprintedAttrs>()) };
    match (unprinted, ctx.attr_kind(body.op_attrs(op))) {
        (Some(skip), AttrKind::Dictionary(entries)) => {
            for &(name, a) in entries.iter() {
                if !(skip.0)(ctx, body, op, ctx.str(name)) {
                    visit_attr(ctx, a, al);
                }
            }
        }
        _ => visit_attr(ctx, body.op_attrs(op), al),
    }
    for r in body.results(op) {
        visit_type(ctx, body.value_type(r), al);
    }
    for v in body.operands(op) {
        visit_type(ctx, body.value_type(v), al);
    }
    visit_regions(ctx, body, op, generic, al);
}

/// Prints `op` (living in `body`) and everything in it, with alias
/// definitions first, as `mlir-opt` prints a module.
pub fn print_top_level(
    ctx: &Context,
    body: &Body,
    op: Op,
    options: PrintOptions,
    resources: &[(String, String, String)],
) -> String {
    let mut out = Vec::new();
    let _ = print_top_level_to(&mut out, ctx, body, op, options, resources);
    String::from_utf8(out).unwrap_or_default()
}

/// Like [`print_top_level`], streaming the text into `w` as it is produced.
pub fn print_top_level_to(
    w: &mut dyn std::io::Write,
    ctx: &Context,
    body: &Body,
    op: Op,
    options: PrintOptions,
    resources: &[(String, String, String)],
) -> std::io::Result<()> {
    dense::with_hex_limit(options.hex_if_larger, || print_top_level_with_limits(w, ctx, body, op, options, resources))
}

fn print_top_level_with_limits(
    w: &mut dyn std::io::Write,
    ctx: &Context,
    body: &Body,
    op: Op,
    options: PrintOptions,
    resources: &[(String, String, String)],
) -> std::io::Result<()> {
    let mut aliases = Aliases {
        pretty_locations: options.pretty_debuginfo,
        skip_regions: options.skip_regions,
        ..Aliases::default()
    };
    let names = names::compute_names_with(ctx, body, op, options.naming());
    if !options.local_scope {
        collect_aliases(ctx, body, op, options.generic, &mut aliases);
        if options.debug_info {
            let mut locs = loc_aliases::LocAliasCollector::default();
            locs.skip_regions = options.skip_regions;
            if !options.generic && !options.skip_regions {
                locs.elided_terminators = elided_terminators(ctx, body, op, options, &aliases, &names);
            }
            locs.visit_op(ctx, body, op, options.generic);
            aliases.loc_order.extend(locs.into_entries());
        }
        aliases.assign_names(ctx);
    }
    let mut out = String::new();
    for (name, def) in &aliases.defs {
        aliases.print_definition(ctx, name, *def, &mut out);
    }
    let err = {
        let mut p = OpPrinter {
            ctx,
            out: &mut out,
            body,
            names: &names,
            indent: 0,
            options,
            aliases: &aliases,
            default_dialect: Some("builtin"),
            sink: Some(&mut *w),
            sink_error: None,
            preds: Vec::new(),
            names_cache: std::cell::Cell::new(None),
            elided: None,
        };
        p.print_op(op);
        p.sink_error.take()
    };
    if let Some(e) = err {
        return Err(e);
    }
    // With a local scope MLIR prints the op alone (`printFullOpWithIndentAndLoc`
    // instead of `printTopLevelOperation`): no newline after it, no deferred
    // aliases, no file metadata (resources).
    if options.local_scope {
        return w.write_all(out.as_bytes());
    }
    out.push('\n');
    for (name, l) in &aliases.deferred {
        aliases.print_definition(ctx, name, AliasDef::Loc(*l), &mut out);
    }
    resources::print_resources(ctx, resources, &aliases.resource_handles, &mut out);
    w.write_all(out.as_bytes())
}

/// The terminators the custom form leaves out (an implicit `scf.yield`,
/// `affine.yield`, ...), found by printing `op` into nothing. MLIR collects
/// aliases with such a dry run of the printer, so the location of a
/// terminator that is never printed gets no `#loc` alias.
fn elided_terminators(
    ctx: &Context,
    body: &Body,
    op: Op,
    options: PrintOptions,
    aliases: &Aliases,
    names: &NameTable,
) -> ElidedTerminators {
    let mut out = String::new();
    let mut discard = std::io::sink();
    let mut p = OpPrinter {
        ctx,
        out: &mut out,
        body,
        names,
        indent: 0,
        // Which terminators are printed does not depend on locations.
        options: PrintOptions { debug_info: false, ..options },
        aliases,
        default_dialect: Some("builtin"),
        sink: Some(&mut discard),
        sink_error: None,
        preds: Vec::new(),
        names_cache: std::cell::Cell::new(None),
        elided: Some(ElidedTerminators::default()),
    };
    p.print_op(op);
    p.elided.take().unwrap_or_default()
}

pub fn type_to_string(ctx: &Context, t: Type) -> String {
    let mut s = String::new();
    types::print_type(ctx, t, &mut s, None);
    s
}

pub fn attr_to_string(ctx: &Context, a: Attribute) -> String {
    let mut s = String::new();
    types::print_attr(ctx, a, &mut s, None);
    s
}

pub fn location_to_string(ctx: &Context, l: Location) -> String {
    let mut s = String::from("loc(");
    types::print_location_body(ctx, l, &mut s, None);
    s.push(')');
    s
}

/// Prints one op with its regions (names computed from `op` down), for
/// diagnostics such as "see current operation".
pub fn op_to_string(ctx: &Context, body: &Body, op: Op, generic: bool) -> String {
    let names = names::compute_names(ctx, body, op, generic);
    let aliases = Aliases::default();
    let mut out = String::new();
    let options = PrintOptions { generic, local_scope: true, ..Default::default() };
    let mut p = OpPrinter {
        ctx,
        out: &mut out,
        body,
        names: &names,
        indent: 0,
        options,
        aliases: &aliases,
        default_dialect: Some("builtin"),
        sink: None,
        sink_error: None,
        preds: Vec::new(),
        names_cache: std::cell::Cell::new(None),
        elided: None,
    };
    p.print_op(op);
    out
}

/// Prints one op in generic form with the value names of the body it lives
/// in (numbered from the body's root regions), as verifier notes show it.
pub fn op_in_body_to_string(ctx: &Context, body: &Body, op: Op) -> String {
    let names = names::compute_names_for_body(ctx, body, op);
    let aliases = Aliases::default();
    let mut out = String::new();
    let options = PrintOptions { generic: true, local_scope: true, ..Default::default() };
    let mut p = OpPrinter {
        ctx,
        out: &mut out,
        body,
        names: &names,
        indent: 0,
        options,
        aliases: &aliases,
        default_dialect: None,
        sink: None,
        sink_error: None,
        preds: Vec::new(),
        names_cache: std::cell::Cell::new(None),
        elided: None,
    };
    p.print_op(op);
    out
}

/// The printer handed to custom op printers (MLIR's `OpAsmPrinter`).
pub struct OpPrinter<'a, 'o> {
    pub ctx: &'a Context,
    pub out: &'o mut String,
    pub body: &'a Body,
    names: &'a NameTable,
    indent: usize,
    pub options: PrintOptions,
    aliases: &'a Aliases,
    /// Default dialect of the op whose region is being printed.
    default_dialect: Option<&'static str>,
    /// Where full buffers go while printing large modules (the output is
    /// streamed in chunks instead of being held whole in memory).
    sink: Option<&'o mut dyn std::io::Write>,
    sink_error: Option<std::io::Error>,
    /// Predecessors of the blocks of the regions being printed, innermost
    /// last (computed once per region for the `// pred:` comments).
    preds: Vec<HashMap<Block, smallvec::SmallVec<[Block; 2]>>>,
    /// The last body whose names were looked up (nearly every lookup is for
    /// the body being printed).
    names_cache: std::cell::Cell<Option<(*const Body, &'a names::BodyNames)>>,
    /// Records the terminators left out of the custom form (a dry run for
    /// the location aliases).
    elided: Option<ElidedTerminators>,
}

/// Ops identified by the body (arena) holding them and their index there.
pub(crate) type ElidedTerminators = rustc_hash::FxHashSet<(*const Body, Op)>;

/// Appends `n` in decimal (without `fmt`'s machinery: SSA numbers and
/// integer widths are printed for nearly every op).
pub(crate) fn push_decimal(out: &mut String, n: u64) {
    const PAIRS: &str = "00010203040506070809101112131415161718192021222324252627282930313233343536373839\
                         40414243444546474849505152535455565758596061626364656667686970717273747576777879\
                         8081828384858687888990919293949596979899";
    if n < 10 {
        out.push((b'0' + n as u8) as char);
        return;
    }
    if n >= 100 {
        push_decimal(out, n / 100);
    }
    let i = 2 * (n % 100) as usize;
    out.push_str(&PAIRS[i..i + 2]);
}

/// Buffered text above which the printer hands its output to the sink.
const FLUSH_BYTES: usize = 1 << 20;

impl<'a> OpPrinter<'a, '_> {
    pub fn write(&mut self, s: &str) {
        self.out.push_str(s);
    }

    fn body_names(&self, body: &Body) -> &'a names::BodyNames {
        let key = body as *const Body;
        if let Some((k, bn)) = self.names_cache.get() {
            if k == key {
                return bn;
            }
        }
        let bn = &self.names.bodies[&key];
        self.names_cache.set(Some((key, bn)));
        bn
    }

    /// `%name` of a value of the current body.
    pub fn print_value(&mut self, v: Value) {
        let bn = self.body_names(self.body);
        // Results of multi-result ops print as `%0#1` (or within a group).
        if let crate::body::ValueDef::Result(op, i) = self.body.value_def(v) {
            let n = self.body.num_results(op);
            if n > 1 {
                let (lead, number) = match bn.groups.get(&op.0) {
                    None => (self.body.result(op, 0), Some(i)),
                    Some(groups) => {
                        let gi = groups.partition_point(|&g| g <= i) - 1;
                        let start = groups[gi];
                        let end = groups.get(gi + 1).copied().unwrap_or(n as u32);
                        let size = end - start;
                        (self.body.result(op, start as usize), if size != 1 { Some(i - start) } else { None })
                    }
                };
                self.push_name(bn, lead);
                if let Some(k) = number {
                    self.out.push('#');
                    push_decimal(self.out, k as u64);
                }
                return;
            }
        }
        self.push_name(bn, v);
    }

    fn push_name(&mut self, bn: &names::BodyNames, v: Value) {
        self.out.push('%');
        match bn.name(v) {
            Name::Number(n) => push_decimal(self.out, n as u64),
            Name::Text(t) => self.out.push_str(t),
            Name::Unset => self.out.push_str("<<UNKNOWN SSA VALUE>>"),
        }
    }

    pub fn print_operands(&mut self, values: impl IntoIterator<Item = Value>) {
        for (i, v) in values.into_iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.print_value(v);
        }
    }

    pub fn print_type(&mut self, t: Type) {
        types::print_type(self.ctx, t, self.out, Some(self.aliases));
    }

    pub fn print_types(&mut self, ts: impl IntoIterator<Item = Type>) {
        for (i, t) in ts.into_iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.print_type(t);
        }
    }

    /// `(a, b) -> c` for operand and result types.
    pub fn print_functional_type(&mut self, inputs: &[Type], results: &[Type]) {
        self.out.push('(');
        self.print_types(inputs.iter().copied());
        self.out.push_str(") -> ");
        types::print_result_types(self.ctx, results, self.out, Some(self.aliases));
    }

    pub fn print_result_types(&mut self, results: &[Type]) {
        types::print_result_types(self.ctx, results, self.out, Some(self.aliases));
    }

    pub fn print_attr(&mut self, a: Attribute) {
        if let Some(limit) = self.options.elide_elements_larger {
            let ctx = self.ctx;
            // MLIR's `shouldElideElementsAttr`: the element count as an
            // int64 product (wrapping like MLIR's for shapes too large to
            // count), and never a splat (a single element is one).
            let should_elide = |dense: Attribute| {
                let (ty, splat) = match ctx.attr_kind(dense) {
                    AttrKind::DenseElements { ty, data } => (*ty, data.splat),
                    AttrKind::DenseStrings { ty, splat, .. } => (*ty, *splat),
                    _ => return false,
                };
                let n: i64 = ctx.shape(ty).map_or(1, |s| s.iter().fold(1i64, |n, &d| n.wrapping_mul(d)));
                !splat && n > 1 && n as u64 > limit as u64
            };
            let elided_type = match ctx.attr_kind(a) {
                AttrKind::DenseElements { ty, .. } | AttrKind::DenseStrings { ty, .. } if should_elide(a) => Some(*ty),
                // A sparse attribute is elided when either of its parts is.
                AttrKind::SparseElements { ty, indices, values } if should_elide(*indices) || should_elide(*values) => {
                    Some(*ty)
                }
                _ => None,
            };
            if let Some(ty) = elided_type {
                self.out.push_str("dense_resource<__elided__> : ");
                self.print_type(ty);
                return;
            }
        }
        types::print_attr(self.ctx, a, self.out, Some(self.aliases));
    }

    /// An attribute without its `: type` suffix when it is an integer or
    /// float (MLIR's `printAttributeWithoutType`).
    pub fn print_attr_without_type(&mut self, a: Attribute) {
        match self.ctx.attr_kind(a) {
            AttrKind::Integer { value, ty } => types::print_int_value(self.ctx, value, *ty, self.out),
            AttrKind::Float { bits, ty } => {
                let k = self.ctx.float_kind(*ty).unwrap();
                self.out.push_str(&crate::apfloat::to_mlir_string(k, *bits));
            }
            AttrKind::String { value, .. } => types::print_string(value, self.out),
            AttrKind::DenseElements { ty, data } => {
                self.out.push_str("dense<");
                dense::print_dense_body(self.ctx, *ty, data, self.out);
                self.out.push('>');
            }
            _ => self.print_attr(a),
        }
    }

    /// ` {a = 1, b}` with the names in `elided` left out; nothing if empty.
    pub fn print_optional_attr_dict(&mut self, attrs: Attribute, elided: &[&str]) {
        self.print_attr_dict_impl(attrs, elided, false);
    }

    /// ` attributes {...}` with the names in `elided` left out.
    pub fn print_optional_attr_dict_with_keyword(&mut self, attrs: Attribute, elided: &[&str]) {
        self.print_attr_dict_impl(attrs, elided, true);
    }

    fn print_attr_dict_impl(&mut self, attrs: Attribute, elided: &[&str], keyword: bool) {
        let ctx = self.ctx;
        let entries: Vec<_> =
            ctx.dict_entries(attrs).iter().filter(|(n, _)| !elided.contains(&ctx.str(*n))).copied().collect();
        if entries.is_empty() {
            return;
        }
        self.out.push_str(if keyword { " attributes {" } else { " {" });
        for (i, (n, v)) in entries.into_iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            let name = ctx.str(n);
            if is_bare_identifier(name) {
                self.out.push_str(name);
            } else {
                print_string(name.as_bytes(), self.out);
            }
            if v != ctx.unit_attr() {
                self.out.push_str(" = ");
                self.print_attr(v);
            }
        }
        self.out.push('}');
    }

    pub fn print_successor(&mut self, b: Block) {
        let bn = self.body_names(self.body);
        self.out.push_str(&bn.blocks[b.index()].1);
    }

    /// `^bb1(%0 : i32)` for a successor and its operands.
    pub fn print_successor_and_operands(&mut self, b: Block, operands: &[Value]) {
        self.print_successor(b);
        if !operands.is_empty() {
            self.out.push('(');
            self.print_operands(operands.iter().copied());
            self.out.push_str(" : ");
            let tys: Vec<Type> = operands.iter().map(|&v| self.body.value_type(v)).collect();
            self.print_types(tys);
            self.out.push(')');
        }
    }

    /// A line break indented `extra` levels deeper than the current op
    /// (for custom printers that lay out lists over lines, as `cf.switch`).
    pub fn newline_with_extra_indent(&mut self, extra: usize) {
        self.out.push('\n');
        for _ in 0..self.indent + extra {
            self.out.push_str("  ");
        }
    }

    /// Location text of a block argument when printing debug info.
    pub fn print_arg_loc(&mut self, b: Block, i: usize) {
        if self.options.debug_info {
            let l = self.body.block_arg_locs(b)[i];
            self.print_inline_loc(l);
        }
    }

    /// ` loc(...)` printed in full at the top level (block arguments never
    /// use a location alias), with aliases for its sub-locations.
    fn print_inline_loc(&mut self, l: Location) {
        if self.options.pretty_debuginfo {
            self.out.push(' ');
            types::print_location_pretty(self.ctx, l, self.out, Some(self.aliases));
            return;
        }
        self.out.push_str(" loc(");
        types::print_location_body(self.ctx, l, self.out, Some(self.aliases));
        self.out.push(')');
    }

    /// The body holding the regions of `op` (its own arena when isolated).
    pub fn region_body(&self, op: Op) -> &'a Body {
        self.body.regions_of(op).0
    }

    /// Prints a value of another body (an isolated op's region arguments).
    pub fn print_value_in(&mut self, body: &'a Body, v: Value) {
        let saved = self.body;
        self.body = body;
        self.print_value(v);
        self.body = saved;
    }

    fn flush_if_large(&mut self) {
        if self.out.len() < FLUSH_BYTES {
            return;
        }
        if let Some(sink) = self.sink.as_mut() {
            if let Err(e) = sink.write_all(self.out.as_bytes()) {
                self.sink_error.get_or_insert(e);
            }
            self.out.clear();
        }
    }

    fn newline_indent(&mut self) {
        self.flush_if_large();
        self.out.push('\n');
        for _ in 0..self.indent {
            self.out.push_str("  ");
        }
    }

    fn print_loc_suffix(&mut self, loc: Location) {
        if self.options.debug_info {
            // The pretty form prints the location itself, never its alias.
            if self.options.pretty_debuginfo {
                self.print_inline_loc(loc);
            } else if let Some(name) = self.aliases.loc_alias(self.ctx, loc) {
                self.out.push_str(" loc(");
                self.out.push_str(name);
                self.out.push(')');
            } else {
                self.print_inline_loc(loc);
            }
        }
    }

    /// Prints an op at the current indentation (without a trailing newline).
    pub fn print_op(&mut self, op: Op) {
        let body = self.body;
        let n = body.num_results(op);
        if n > 0 {
            let bn = self.body_names(body);
            match bn.groups.get(&op.0) {
                None => {
                    self.push_name(bn, body.result(op, 0));
                    if n > 1 {
                        self.out.push(':');
                        self.out.push_str(&n.to_string());
                    }
                }
                Some(groups) => {
                    for (gi, &start) in groups.iter().enumerate() {
                        if gi > 0 {
                            self.out.push_str(", ");
                        }
                        self.push_name(bn, body.result(op, start as usize));
                        let end = groups.get(gi + 1).copied().unwrap_or(n as u32);
                        if end - start > 1 {
                            self.out.push(':');
                            self.out.push_str(&(end - start).to_string());
                        }
                    }
                }
            }
            self.out.push_str(" = ");
        }
        let def = self.ctx.op_def(body.op_name(op)).cloned();
        match def {
            Some(def) if !self.options.generic && (def.custom_asm.is_some() || def.format.is_some()) => {
                let name = self.ctx.op_name_str(body.op_name(op));
                let printed = match self.current_default_dialect() {
                    Some(d) if name.starts_with(d) && name.as_bytes().get(d.len()) == Some(&b'.') => {
                        &name[d.len() + 1..]
                    }
                    _ => name,
                };
                self.out.push_str(printed);
                if let Some(c) = def.custom_asm {
                    (c.print)(self, op);
                } else if let Some(f) = &def.format {
                    crate::asm_format::print_with_format(self, f, &def, op);
                }
            }
            _ => self.print_generic_op(op),
        }
        self.print_loc_suffix(body.op_loc(op));
        if self.options.value_users {
            self.print_users_comment(op);
        }
    }

    fn current_default_dialect(&self) -> Option<&'static str> {
        self.default_dialect
    }

    pub fn print_generic_op(&mut self, op: Op) {
        let body = self.body;
        let ctx = self.ctx;
        print_string(ctx.op_name_str(body.op_name(op)).as_bytes(), self.out);
        self.out.push('(');
        self.print_operands(body.operands(op));
        self.out.push(')');
        let succs = body.successors(op);
        if !succs.is_empty() {
            self.out.push('[');
            for (i, &b) in succs.iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.print_successor(b);
            }
            self.out.push(']');
        }
        // Properties: an unregistered op's own, or a registered op's inherent attributes.
        let def = ctx.op_def(body.op_name(op)).cloned();
        let attrs = body.op_attrs(op);
        let mut discardable: Vec<&str> = Vec::new();
        if let Some(p) = body.op_props(op) {
            self.out.push_str(" <");
            self.print_attr(p);
            self.out.push('>');
        } else if let Some(def) = &def {
            let mut inherent: Vec<_> =
                ctx.dict_entries(attrs).iter().filter(|(n, _)| def.is_inherent_attr(ctx.str(*n))).copied().collect();
            // MLIR prints every property in the generic form: default-valued
            // ones the op leaves absent are shown with their default, and
            // derived ones as the op implies them.
            if def.defaults_as_properties() {
                for a in def.attributes.iter().filter(|a| a.populated) {
                    if let Some(d) = a.default {
                        if ctx.dict_get(attrs, a.name).is_none() {
                            inherent.push((ctx.intern_str(a.name), d(ctx)));
                        }
                    }
                }
            }
            if let Some(derived) = def.derived_props {
                for (n, v) in (derived.compute)(ctx, body, op) {
                    inherent.push((ctx.intern_str(n), v));
                }
            }
            inherent.sort_by(|a, b| ctx.str(a.0).cmp(ctx.str(b.0)));
            if !inherent.is_empty() {
                self.out.push_str(" <{");
                for (i, (n, v)) in inherent.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    let name = ctx.str(*n);
                    if is_bare_identifier(name) {
                        self.out.push_str(name);
                    } else {
                        print_string(name.as_bytes(), self.out);
                    }
                    if *v != ctx.unit_attr() {
                        self.out.push_str(" = ");
                        self.print_attr(*v);
                    }
                    discardable.push(name);
                }
                self.out.push_str("}>");
            }
        }
        let (rb, regions) = body.regions_of(op);
        if !regions.is_empty() {
            self.out.push_str(" (");
            let saved = self.default_dialect;
            self.default_dialect = self.declared_default_dialect(op);
            for (i, &r) in regions.iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.print_region_in(rb, r, true, true, true);
            }
            self.default_dialect = saved;
            self.out.push(')');
        }
        self.print_optional_attr_dict(attrs, &discardable);
        self.out.push_str(" : ");
        let ins = body.operand_types(op);
        let outs = body.result_types(op);
        self.print_functional_type(&ins, &outs);
    }

    /// Prints a region of the current op: `{`, blocks, `}`.
    pub fn print_region(&mut self, op: Op, index: usize, print_entry_args: bool, print_terminators: bool) {
        let (rb, regions) = self.body.regions_of(op);
        let r = regions[index];
        let saved = self.default_dialect;
        self.default_dialect = self.declared_default_dialect(op);
        self.print_region_in(rb, r, print_entry_args, print_terminators, false);
        self.default_dialect = saved;
    }

    /// The default dialect of `op`'s regions, as MLIR's printer takes it:
    /// the one `op` declares (`OpAsmOpInterface::getDefaultDialect`), and
    /// none for an op that declares none, whatever encloses it (so a
    /// `func.call` inside `scf.if` is spelled in full).
    fn declared_default_dialect(&self, op: Op) -> Option<&'static str> {
        self.ctx.op_def(self.body.op_name(op)).and_then(|d| d.default_dialect).filter(|d| !d.is_empty())
    }

    /// Regions of an op (in `rb`, its own arena if it is isolated).
    pub fn print_region_in(
        &mut self,
        rb: &'a Body,
        r: Region,
        print_entry_args: bool,
        print_terminators: bool,
        print_empty_block: bool,
    ) {
        if self.options.skip_regions {
            self.out.push_str("{...}");
            return;
        }
        let saved = self.body;
        self.body = rb;
        let mut preds: HashMap<Block, smallvec::SmallVec<[Block; 2]>> = HashMap::default();
        if rb.first_block(r).and_then(|b| rb.next_block(b)).is_some() {
            for pb in rb.blocks(r) {
                if let Some(t) = rb.last_op(pb) {
                    for &s in rb.successors(t) {
                        preds.entry(s).or_default().push(pb);
                    }
                }
            }
        }
        self.preds.push(preds);
        self.out.push('{');
        self.indent += 1;
        if let Some(entry) = rb.first_block(r) {
            let always_header = (print_empty_block && rb.block_is_empty(entry))
                || (print_entry_args && !rb.block_args(entry).is_empty());
            self.print_block(entry, always_header, print_terminators);
            let mut b = rb.next_block(entry);
            while let Some(blk) = b {
                self.print_block(blk, true, true);
                b = rb.next_block(blk);
            }
        }
        self.indent -= 1;
        self.newline_indent();
        self.out.push('}');
        self.preds.pop();
        self.body = saved;
    }

    fn print_block(&mut self, b: Block, print_header: bool, print_terminator: bool) {
        let body = self.body;
        if print_header {
            // Labels are indented one level less than ops.
            self.out.push('\n');
            for _ in 0..self.indent.saturating_sub(1) {
                self.out.push_str("  ");
            }
            self.print_successor(b);
            let args = body.block_args(b);
            if !args.is_empty() {
                self.out.push('(');
                for (i, &a) in args.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    self.print_value(a);
                    self.out.push_str(": ");
                    self.print_type(body.value_type(a));
                    if self.options.debug_info {
                        self.print_inline_loc(body.block_arg_locs(b)[i]);
                    }
                }
                self.out.push(')');
            }
            self.out.push(':');
            self.print_pred_comment(b);
        }
        if self.options.value_users {
            for &a in body.block_args(b) {
                self.newline_indent();
                self.print_arg_users_comment(a);
            }
        }
        let last = body.last_op(b);
        for op in body.block_ops(b) {
            if !print_terminator && Some(op) == last && self.is_terminator(op) {
                if let Some(elided) = self.elided.as_mut() {
                    elided.insert((body as *const Body, op));
                }
                continue;
            }
            self.newline_indent();
            self.print_op(op);
        }
    }

    fn is_terminator(&self, op: Op) -> bool {
        self.ctx.op_def(self.body.op_name(op)).is_some_and(|d| d.has_trait(crate::opdef::Traits::IS_TERMINATOR))
    }

    fn print_pred_comment(&mut self, b: Block) {
        let body = self.body;
        if body.block_region(b).is_none() {
            self.out.push_str("  // block is not in a region!");
            return;
        }
        let mut preds: Vec<Block> = self.preds.last().and_then(|m| m.get(&b)).map(|v| v.to_vec()).unwrap_or_default();
        let bn = self.body_names(body);
        if preds.is_empty() {
            if !body.is_entry_block(b) {
                self.out.push_str("  // no predecessors");
            }
            return;
        }
        if preds.len() == 1 {
            self.out.push_str("  // pred: ");
            self.out.push_str(&bn.blocks[preds[0].index()].1);
            return;
        }
        preds.sort_by_key(|p| bn.blocks[p.index()].0);
        self.out.push_str(&format!("  // {} preds: ", preds.len()));
        for (i, p) in preds.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.out.push_str(&bn.blocks[p.index()].1);
        }
    }
}
