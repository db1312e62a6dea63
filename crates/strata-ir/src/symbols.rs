//! Symbols and symbol tables (MLIR's `SymbolTable` utilities): which ops
//! are symbols, their names and visibility, name lookup in a symbol table
//! (flat and nested `@a::@b` references), and the symbol references an op
//! and the ops nested in it hold in their attributes.
//!
//! An op's regions may live in another arena than the op (isolated ops own
//! theirs), so a symbol table is addressed by [`TableRegion`]: the body
//! holding the table's region and the region itself. Passes that run on a
//! symbol table get exactly that (their `PassTarget::body` and its root
//! region) without needing the op.

use crate::attributes::{AttrKind, Attribute};
use crate::body::Body;
use crate::context::Context;
use crate::entity::{Op, Region};
use crate::opdef::Traits;
use crate::types::{Param, Type, TypeKind};

/// `sym_visibility` of a symbol (absent means public).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Visibility {
    Public,
    Private,
    Nested,
}

/// The `sym_name` of `op` (any op with a string `sym_name` can be looked up
/// in a symbol table, symbol or not).
pub fn symbol_name<'c>(ctx: &'c Context, body: &Body, op: Op) -> Option<&'c [u8]> {
    ctx.as_string(body.op_attr(ctx, op, "sym_name")?)
}

/// Whether `op` is a symbol (MLIR's `SymbolOpInterface`, which only
/// matches ops carrying a `sym_name`): a registered op with the `Symbol`
/// trait, or a symbol table whose name is optional (a `builtin.module`).
pub fn is_symbol(ctx: &Context, body: &Body, op: Op) -> bool {
    let Some(def) = ctx.op_def(body.op_name(op)) else { return false };
    (def.has_trait(Traits::SYMBOL) || def.has_trait(Traits::SYMBOL_TABLE))
        && body.op_attr(ctx, op, "sym_name").is_some()
}

/// Whether `op` is a symbol table (has the `SymbolTable` trait).
pub fn is_symbol_table(ctx: &Context, body: &Body, op: Op) -> bool {
    ctx.op_def(body.op_name(op)).is_some_and(|d| d.has_trait(Traits::SYMBOL_TABLE))
}

pub fn visibility(ctx: &Context, body: &Body, op: Op) -> Visibility {
    match body.op_attr(ctx, op, "sym_visibility").and_then(|a| ctx.as_string(a)) {
        Some(b"private") => Visibility::Private,
        Some(b"nested") => Visibility::Nested,
        _ => Visibility::Public,
    }
}

/// Whether a symbol with no uses left may be erased (MLIR's default
/// `canDiscardOnUseEmpty`): only public symbols may be seen from outside
/// the IR.
pub fn can_discard_on_use_empty(ctx: &Context, body: &Body, op: Op) -> bool {
    visibility(ctx, body, op) != Visibility::Public
}

/// The dialect namespaces mlir-opt 22 registers (`mlir-opt --show-dialects`,
/// which includes its test dialects). Its parser loads the dialect of every
/// op it reads, so an op in one of these namespaces has a dialect there
/// even when the op itself is unknown, and is then not a potentially unknown
/// symbol table. Strata implements fewer dialects; treating these namespaces
/// as known keeps the symbol-use rules equal to mlir-opt's.
pub const MLIR_OPT_DIALECT_NAMESPACES: &[&str] = &[
    "acc",
    "affine",
    "amdgpu",
    "amx",
    "arith",
    "arm_neon",
    "arm_sme",
    "arm_sve",
    "async",
    "bufferization",
    "builtin",
    "cf",
    "complex",
    "dlti",
    "emitc",
    "func",
    "gpu",
    "index",
    "irdl",
    "linalg",
    "llvm",
    "math",
    "memref",
    "ml_program",
    "mpi",
    "nvgpu",
    "nvvm",
    "omp",
    "pdl",
    "pdl_interp",
    "ptr",
    "quant",
    "rocdl",
    "scf",
    "shape",
    "shard",
    "smt",
    "sparse_tensor",
    "spirv",
    "tensor",
    "test",
    "test_dyn",
    "test_irdl_to_cpp",
    "tosa",
    "transform",
    "ub",
    "vector",
    "wasmssa",
    "x86vector",
    "xegpu",
    "xevm",
];

/// An op without a dialect (neither a Strata dialect nor one mlir-opt 22
/// registers) with exactly one region might be a symbol table nobody told
/// us about, so symbol uses under it cannot be computed (MLIR's
/// `isPotentiallyUnknownSymbolTable`: one region and no dialect).
pub fn is_potentially_unknown_symbol_table(ctx: &Context, body: &Body, op: Op) -> bool {
    let name = body.op_name(op);
    if ctx.op_def(name).is_some() || body.num_regions(op) != 1 {
        return false;
    }
    let full = ctx.op_name_str(name);
    let dialect = full.split_once('.').map_or(full, |(d, _)| d);
    ctx.dialect(dialect).is_none() && !MLIR_OPT_DIALECT_NAMESPACES.contains(&dialect)
}

/// The region of a symbol table and the body holding it.
#[derive(Copy, Clone)]
pub struct TableRegion<'a> {
    pub body: &'a Body,
    pub region: Region,
}

impl<'a> TableRegion<'a> {
    /// The first region of symbol table `op` (an op of `body`).
    pub fn of(body: &'a Body, op: Op) -> Option<TableRegion<'a>> {
        let (rb, regions) = body.regions_of(op);
        Some(TableRegion { body: rb, region: *regions.first()? })
    }

    /// The op named `name` directly in the table (the first one, as
    /// MLIR's table keeps the first of duplicates).
    pub fn lookup(&self, ctx: &Context, name: &[u8]) -> Option<Op> {
        let block = self.body.first_block(self.region)?;
        self.body.block_ops(block).find(|&op| symbol_name(ctx, self.body, op) == Some(name))
    }

    /// Resolves a symbol reference from this table (MLIR's
    /// `SymbolTable::lookupSymbolIn` with the list of ops on the path):
    /// for `@a::@b::@c` the ops `a`, `b` and `c`, each with the body that
    /// holds it. `None` if any part does not resolve or a non-leaf part is
    /// not a symbol table.
    pub fn resolve_path(&self, ctx: &Context, reference: Attribute) -> Option<Vec<(&'a Body, Op)>> {
        let AttrKind::SymbolRef { root, nested } = ctx.attr_kind(reference) else { return None };
        let mut path = Vec::with_capacity(nested.len() + 1);
        let mut table = *self;
        let mut found = table.lookup(ctx, ctx.str(*root).as_bytes())?;
        path.push((table.body, found));
        for part in nested.iter() {
            if !is_symbol_table(ctx, table.body, found) {
                return None;
            }
            table = TableRegion::of(table.body, found)?;
            found = table.lookup(ctx, ctx.str(*part).as_bytes())?;
            path.push((table.body, found));
        }
        Some(path)
    }

    /// The op a symbol reference names (the last op of [`Self::resolve_path`]).
    pub fn resolve(&self, ctx: &Context, reference: Attribute) -> Option<(&'a Body, Op)> {
        self.resolve_path(ctx, reference)?.pop()
    }
}

/// Calls `f` on every symbol reference inside `attr`, outermost first,
/// looking through containers (arrays, dictionaries, dialect attribute
/// and type parameters, types) as MLIR's attribute walker does. Nested
/// references (`@a::@b`) are reported once, whole.
pub fn walk_symbol_refs(ctx: &Context, attr: Attribute, f: &mut dyn FnMut(Attribute)) {
    match ctx.attr_kind(attr) {
        AttrKind::SymbolRef { .. } => f(attr),
        AttrKind::Array(items) => {
            for &a in items.iter() {
                walk_symbol_refs(ctx, a, f);
            }
        }
        AttrKind::Dictionary(entries) => {
            for &(_, a) in entries.iter() {
                walk_symbol_refs(ctx, a, f);
            }
        }
        AttrKind::Type(t) => walk_type_symbol_refs(ctx, *t, f),
        AttrKind::Dialect { params, .. } => walk_params(ctx, params, f),
        AttrKind::Distinct { referenced, .. } => walk_symbol_refs(ctx, *referenced, f),
        AttrKind::Integer { ty, .. } | AttrKind::Float { ty, .. } => walk_type_symbol_refs(ctx, *ty, f),
        AttrKind::DenseElements { ty, .. }
        | AttrKind::DenseStrings { ty, .. }
        | AttrKind::DenseResource { ty, .. }
        | AttrKind::SparseElements { ty, .. } => walk_type_symbol_refs(ctx, *ty, f),
        _ => {}
    }
}

fn walk_params(ctx: &Context, params: &[Param], f: &mut dyn FnMut(Attribute)) {
    for p in params {
        match p {
            Param::Attr(a) => walk_symbol_refs(ctx, *a, f),
            Param::Type(t) => walk_type_symbol_refs(ctx, *t, f),
            Param::Int(_) | Param::Str(_) => {}
        }
    }
}

fn walk_type_symbol_refs(ctx: &Context, ty: Type, f: &mut dyn FnMut(Attribute)) {
    match ctx.type_kind(ty) {
        TypeKind::Complex(t) | TypeKind::UnrankedTensor { element: t } => walk_type_symbol_refs(ctx, *t, f),
        TypeKind::Tuple(ts) => {
            for &t in ts.iter() {
                walk_type_symbol_refs(ctx, t, f);
            }
        }
        TypeKind::Function { inputs, results } => {
            for &t in inputs.iter().chain(results.iter()) {
                walk_type_symbol_refs(ctx, t, f);
            }
        }
        TypeKind::RankedTensor { element, encoding, .. } => {
            walk_type_symbol_refs(ctx, *element, f);
            if let Some(e) = encoding {
                walk_symbol_refs(ctx, *e, f);
            }
        }
        TypeKind::MemRef { element, layout, memory_space, .. } => {
            walk_type_symbol_refs(ctx, *element, f);
            for a in layout.iter().chain(memory_space.iter()) {
                walk_symbol_refs(ctx, *a, f);
            }
        }
        TypeKind::UnrankedMemRef { element, memory_space } => {
            walk_type_symbol_refs(ctx, *element, f);
            if let Some(a) = memory_space {
                walk_symbol_refs(ctx, *a, f);
            }
        }
        TypeKind::Vector { element, .. } => walk_type_symbol_refs(ctx, *element, f),
        TypeKind::Dialect { params, .. } => walk_params(ctx, params, f),
        _ => {}
    }
}

/// A symbol reference held by an op: the user (an op of `body`) and the
/// `SymbolRef` attribute.
#[derive(Copy, Clone)]
pub struct SymbolUse<'a> {
    pub body: &'a Body,
    pub user: Op,
    pub reference: Attribute,
}

/// The symbol references held by `op` (an op of `body`) and the ops nested
/// in it, without entering nested symbol tables (a symbol table's own
/// attributes count, its regions do not), in MLIR's order (the op, then its
/// regions' ops, region by region). `Err(op)` names an op that may be an
/// unknown symbol table, which makes the uses unknowable
/// (MLIR's `SymbolTable::getSymbolUses(Operation *)`).
pub fn symbol_uses<'a>(ctx: &Context, body: &'a Body, op: Op) -> Result<Vec<SymbolUse<'a>>, (&'a Body, Op)> {
    let mut uses = Vec::new();
    collect_uses(ctx, body, op, &mut uses)?;
    Ok(uses)
}

/// The symbol references held by the ops in `regions` (of `body`) and
/// below, as [`symbol_uses`] but without an op of its own (MLIR's
/// `getSymbolUses(Region *)`).
pub fn symbol_uses_in_regions<'a>(
    ctx: &Context,
    body: &'a Body,
    regions: &[Region],
) -> Result<Vec<SymbolUse<'a>>, (&'a Body, Op)> {
    let mut uses = Vec::new();
    collect_region_uses(ctx, body, regions, &mut uses)?;
    Ok(uses)
}

fn collect_uses<'a>(
    ctx: &Context,
    body: &'a Body,
    op: Op,
    uses: &mut Vec<SymbolUse<'a>>,
) -> Result<(), (&'a Body, Op)> {
    if is_potentially_unknown_symbol_table(ctx, body, op) {
        return Err((body, op));
    }
    walk_symbol_refs(ctx, body.op_attrs(op), &mut |reference| uses.push(SymbolUse { body, user: op, reference }));
    if is_symbol_table(ctx, body, op) {
        return Ok(());
    }
    let (rb, regions) = body.regions_of(op);
    collect_region_uses(ctx, rb, regions, uses)
}

/// MLIR walks these with a worklist of regions (last pushed, first
/// walked); the order of uses only matters to callers that keep it, and
/// they get MLIR's order.
fn collect_region_uses<'a>(
    ctx: &Context,
    body: &'a Body,
    regions: &[Region],
    uses: &mut Vec<SymbolUse<'a>>,
) -> Result<(), (&'a Body, Op)> {
    let mut worklist: Vec<(&'a Body, Region)> = regions.iter().map(|&r| (body, r)).collect();
    while let Some((b, r)) = worklist.pop() {
        for block in b.blocks(r) {
            for op in b.block_ops(block) {
                if is_potentially_unknown_symbol_table(ctx, b, op) {
                    return Err((b, op));
                }
                walk_symbol_refs(ctx, b.op_attrs(op), &mut |reference| {
                    uses.push(SymbolUse { body: b, user: op, reference })
                });
                if !is_symbol_table(ctx, b, op) {
                    let (rb, inner) = b.regions_of(op);
                    worklist.extend(inner.iter().map(|&ir| (rb, ir)));
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::body::OpSpec;
    use crate::location::Location;

    #[test]
    fn nested_references_resolve_through_tables() {
        let ctx = Context::new();
        let mut body = Body::with_root_regions(1);
        let root = body.root_regions()[0];
        let b = body.create_block();
        body.append_block(root, b);
        let inner = body.create_op(
            OpSpec::new(&ctx, "builtin.module", Location::Unknown)
                .regions(1)
                .attrs(ctx.dictionary(vec![(ctx.intern_str("sym_name"), ctx.string_attr("m"))])),
        );
        body.append_op(b, inner);
        {
            let nb = body.nested_mut(inner).unwrap();
            let r = nb.root_regions()[0];
            let blk = nb.create_block();
            nb.append_block(r, blk);
            let f = nb.create_op(
                OpSpec::new(&ctx, "foo.sym", Location::Unknown)
                    .attrs(ctx.dictionary(vec![(ctx.intern_str("sym_name"), ctx.string_attr("f"))])),
            );
            nb.append_op(blk, f);
        }
        let table = TableRegion { body: &body, region: root };
        assert_eq!(table.lookup(&ctx, b"m"), Some(inner));
        let nested =
            ctx.intern_attr(AttrKind::SymbolRef { root: ctx.intern_str("m"), nested: Box::new([ctx.intern_str("f")]) });
        let path = table.resolve_path(&ctx, nested).unwrap();
        assert_eq!(path.len(), 2);
        assert_eq!(path[0].1, inner);
        assert!(table.resolve(&ctx, ctx.symbol_ref("f")).is_none());
        assert!(is_symbol(&ctx, &body, inner));

        // References are found inside containers.
        let dict = ctx.dictionary(vec![(ctx.intern_str("x"), ctx.array_attr(&[ctx.symbol_ref("a"), nested]))]);
        let mut seen = Vec::new();
        walk_symbol_refs(&ctx, dict, &mut |a| seen.push(a));
        assert_eq!(seen, vec![ctx.symbol_ref("a"), nested]);
    }
}
