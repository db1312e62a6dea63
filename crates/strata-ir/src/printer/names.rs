//! SSA value and block names for printing, assigned exactly as MLIR's
//! `SSANameState` does: regions are numbered from a stack of naming
//! contexts, each nested region starting from the counters its parent region
//! ended with; result-name hints (`%c0`, `%cst`) and entry-argument names
//! (`%arg0`) are uniqued against the names visible in enclosing regions by
//! appending `_N` from a shared conflict counter.

use rustc_hash::{FxHashMap, FxHashSet};
use smallvec::SmallVec;

use crate::body::Body;
use crate::context::Context;
use crate::entity::{Block, Op, Region, Value};

/// A value's printed name.
#[derive(Clone, Copy, Debug)]
pub enum Name<'n> {
    Unset,
    Number(u32),
    Text(&'n str),
}

const UNSET: u32 = u32::MAX;
const TEXT_BIT: u32 = 1 << 31;

/// Names for one body (one arena); nested isolated bodies have their own.
/// A value's entry is its number, or `TEXT_BIT | index` into `texts`.
pub struct BodyNames {
    values: Vec<u32>,
    texts: Vec<Box<str>>,
    pub blocks: Vec<(u32, Box<str>)>,
    /// Ops whose results are split into groups by interface-given names
    /// (sorted result numbers that start a group), keyed by op index.
    pub groups: FxHashMap<u32, Vec<u32>>,
    /// Under `--mlir-print-value-users`, the number of each op without
    /// results (it names the op in users comments), keyed by op index.
    pub op_ids: FxHashMap<u32, u32>,
}

/// What changes the names beyond MLIR's defaults (`OpPrintingFlags`).
#[derive(Clone, Copy, Default)]
pub struct NamingFlags {
    /// The generic form: no name hints from ops, unique ids.
    pub generic: bool,
    /// `--mlir-print-unique-ssa-ids`: numbering runs on across regions.
    pub unique_ids: bool,
    /// `--mlir-print-value-users`: ops without results take a number too.
    pub value_users: bool,
    /// `--mlir-use-nameloc-as-prefix`: a value whose location holds a
    /// `NameLoc` is named after it.
    pub nameloc_as_prefix: bool,
}

/// Names of the whole printed tree, keyed by the address of each body.
pub struct NameTable {
    pub bodies: FxHashMap<*const Body, BodyNames>,
}

struct Scope {
    parent: Option<usize>,
    names: FxHashSet<Box<str>>,
}

struct Namer<'c> {
    ctx: &'c Context,
    generic: bool,
    flags: NamingFlags,
    next_value: u32,
    next_arg: u32,
    next_conflict: u32,
    scopes: Vec<Scope>,
    table: NameTable,
}

impl BodyNames {
    pub fn name(&self, v: Value) -> Name<'_> {
        match self.values[v.index()] {
            UNSET => Name::Unset,
            n if n & TEXT_BIT != 0 => Name::Text(&self.texts[(n & !TEXT_BIT) as usize]),
            n => Name::Number(n),
        }
    }
    fn is_unset(&self, v: Value) -> bool {
        self.values[v.index()] == UNSET
    }
    fn set_number(&mut self, v: Value, n: u32) {
        self.values[v.index()] = n;
    }
    fn set_text(&mut self, v: Value, t: Box<str>) {
        self.values[v.index()] = TEXT_BIT | self.texts.len() as u32;
        self.texts.push(t);
    }
}

impl Namer<'_> {
    fn names(&mut self, body: &Body) -> &mut BodyNames {
        self.table.bodies.entry(body as *const Body).or_insert_with(|| BodyNames {
            values: vec![UNSET; body.values.len()],
            texts: Vec::new(),
            blocks: vec![(0, "".into()); body.blocks.len()],
            groups: Default::default(),
            op_ids: Default::default(),
        })
    }

    fn used(&self, scope: usize, name: &str) -> bool {
        let mut s = Some(scope);
        while let Some(i) = s {
            if self.scopes[i].names.contains(name) {
                return true;
            }
            s = self.scopes[i].parent;
        }
        false
    }

    fn unique_name(&mut self, scope: usize, name: &str) -> Box<str> {
        let name = sanitize(name);
        let result: Box<str> = if !self.used(scope, &name) {
            name.into()
        } else {
            loop {
                let probe = format!("{name}_{}", self.next_conflict);
                self.next_conflict += 1;
                if !self.used(scope, &probe) {
                    break probe.into();
                }
            }
        };
        self.scopes[scope].names.insert(result.clone());
        result
    }

    fn set_name(&mut self, body: &Body, scope: usize, v: Value, name: &str) {
        if name.is_empty() {
            let n = self.next_value;
            self.next_value += 1;
            self.names(body).set_number(v, n);
            return;
        }
        let text = self.unique_name(scope, name);
        self.names(body).set_text(v, text);
    }

    fn number_region(&mut self, body: &Body, region: Region, scope: usize) {
        let blocks: Vec<Block> = body.blocks(region).collect();
        for (next_block, b) in (0u32..).zip(blocks) {
            let name = format!("^bb{next_block}");
            self.names(body).blocks[b.index()] = (next_block, name.into());
            let is_entry = body.is_entry_block(b);
            for (i, &arg) in body.block_args(b).iter().enumerate() {
                if !self.names(body).is_unset(arg) {
                    continue;
                }
                let mut name = String::new();
                if is_entry {
                    name = format!("arg{}", self.next_arg);
                    self.next_arg += 1;
                }
                if self.flags.nameloc_as_prefix {
                    if let Some(n) = name_loc(self.ctx, body.block_arg_locs(b)[i]) {
                        name = n;
                    }
                }
                self.set_name(body, scope, arg, &name);
            }
            let ops: Vec<Op> = body.block_ops(b).collect();
            for op in ops {
                self.number_op(body, op, scope);
            }
        }
    }

    fn number_op(&mut self, body: &Body, op: Op, scope: usize) {
        let n = body.num_results(op);
        if n == 0 {
            if self.flags.value_users {
                let id = self.next_value;
                self.next_value += 1;
                self.names(body).op_ids.insert(op.0, id);
            }
            return;
        }
        // A result's location is its op's.
        let loc_name = if self.flags.nameloc_as_prefix { name_loc(self.ctx, body.op_loc(op)) } else { None };
        let mut group_starts: SmallVec<[u32; 4]> = SmallVec::from_elem(0, 1);
        if !self.generic {
            if let Some(f) = self.ctx.op_def(body.op_name(op)).and_then(|d| d.result_names) {
                let mut hints: Vec<(usize, String)> = Vec::new();
                f(self.ctx, body, op, &mut |i, name| hints.push((i, name)));
                for (i, name) in hints {
                    let v = body.result(op, i);
                    self.set_name(body, scope, v, loc_name.as_deref().unwrap_or(&name));
                    if i != 0 {
                        group_starts.push(i as u32);
                    }
                }
            }
        }
        let first = body.result(op, 0);
        if let Some(name) = &loc_name {
            if self.names(body).is_unset(first) {
                self.set_name(body, scope, first, name);
            }
        }
        if self.names(body).is_unset(first) {
            let id = self.next_value;
            self.next_value += 1;
            self.names(body).set_number(first, id);
        }
        if group_starts.len() > 1 {
            group_starts.sort_unstable();
            self.names(body).groups.insert(op.0, group_starts.to_vec());
        }
    }
}

/// The name of the first `NameLoc` found walking `loc` (MLIR's
/// `findInstanceOf<NameLoc>`: the location itself, then its children in
/// order).
fn name_loc(ctx: &Context, loc: crate::location::Location) -> Option<String> {
    use crate::location::LocData;
    match ctx.loc_data(loc) {
        LocData::Name { name, .. } => Some(ctx.str(name).to_string()),
        LocData::CallSite { callee, caller } => name_loc(ctx, callee).or_else(|| name_loc(ctx, caller)),
        LocData::Fused { locations, .. } => locations.iter().find_map(|&l| name_loc(ctx, l)),
        _ => None,
    }
}

/// MLIR's `sanitizeIdentifier`: keeps `[a-zA-Z0-9_$.-]`, replaces the rest
/// with `_`, and prefixes names that start with a digit.
fn sanitize(name: &str) -> String {
    let mut s = String::with_capacity(name.len());
    if name.starts_with(|c: char| c.is_ascii_digit()) {
        s.push('_');
    }
    for c in name.chars() {
        if c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '.' | '-') {
            s.push(c);
        } else if !s.ends_with('_') {
            s.push('_');
        }
    }
    s
}

/// Work item: a region to number, with the counters saved when it was pushed.
struct Pending<'b> {
    body: &'b Body,
    region: Region,
    next_value: u32,
    next_arg: u32,
    next_conflict: u32,
    parent_scope: usize,
}

/// Assigns names to everything under `op` (which lives in `body`).
pub fn compute_names(ctx: &Context, body: &Body, op: Op, generic: bool) -> NameTable {
    compute_names_with(ctx, body, op, NamingFlags { generic, ..NamingFlags::default() })
}

/// [`compute_names`] under printing flags that change names.
pub fn compute_names_with(ctx: &Context, body: &Body, op: Op, flags: NamingFlags) -> NameTable {
    let generic = flags.generic;
    let mut namer = Namer {
        ctx,
        generic,
        flags,
        next_value: 0,
        next_arg: 0,
        next_conflict: 0,
        scopes: vec![Scope { parent: None, names: FxHashSet::default() }],
        table: NameTable { bodies: Default::default() },
    };
    namer.names(body);
    let mut stack: Vec<Pending<'_>> = Vec::new();
    fn push_regions<'b>(namer: &Namer<'_>, stack: &mut Vec<Pending<'b>>, b: &'b Body, o: Op, scope: usize) {
        let (rb, regions) = b.regions_of(o);
        for &r in regions {
            stack.push(Pending {
                body: rb,
                region: r,
                next_value: namer.next_value,
                next_arg: namer.next_arg,
                next_conflict: namer.next_conflict,
                parent_scope: scope,
            });
        }
    }
    // The top op's own regions are pushed before its results are numbered.
    push_regions(&namer, &mut stack, body, op, 0);
    namer.number_op(body, op, 0);
    while let Some(p) = stack.pop() {
        // The generic form prints unique SSA ids (MLIR's
        // `shouldPrintUniqueSSAIDs`): counters then run on across regions.
        if !generic && !flags.unique_ids {
            namer.next_value = p.next_value;
            namer.next_arg = p.next_arg;
            namer.next_conflict = p.next_conflict;
        }
        let scope = namer.scopes.len();
        namer.scopes.push(Scope { parent: Some(p.parent_scope), names: FxHashSet::default() });
        namer.names(p.body);
        namer.number_region(p.body, p.region, scope);
        let blocks: Vec<Block> = p.body.blocks(p.region).collect();
        for b in blocks {
            for o in p.body.block_ops(b) {
                push_regions(&namer, &mut stack, p.body, o, scope);
            }
        }
    }
    namer.table
}

/// Names for a whole body as seen from its isolated owner (the root regions
/// numbered in generic form), plus the regions of `op` if it is isolated.
pub fn compute_names_for_body(ctx: &Context, body: &Body, op: Op) -> NameTable {
    let mut namer = Namer {
        ctx,
        generic: true,
        flags: NamingFlags { generic: true, ..NamingFlags::default() },
        next_value: 0,
        next_arg: 0,
        next_conflict: 0,
        scopes: vec![Scope { parent: None, names: FxHashSet::default() }],
        table: NameTable { bodies: Default::default() },
    };
    namer.names(body);
    let mut stack: Vec<Pending<'_>> = Vec::new();
    for &r in body.root_regions().iter().rev() {
        stack.push(Pending { body, region: r, next_value: 0, next_arg: 0, next_conflict: 0, parent_scope: 0 });
    }
    if body.root_regions().is_empty() {
        namer.number_op(body, op, 0);
    }
    while let Some(p) = stack.pop() {
        let scope = namer.scopes.len();
        namer.scopes.push(Scope { parent: Some(p.parent_scope), names: FxHashSet::default() });
        namer.names(p.body);
        namer.number_region(p.body, p.region, scope);
        let blocks: Vec<Block> = p.body.blocks(p.region).collect();
        for b in blocks {
            for o in p.body.block_ops(b) {
                let (rb, regions) = p.body.regions_of(o);
                for &r in regions {
                    stack.push(Pending {
                        body: rb,
                        region: r,
                        next_value: 0,
                        next_arg: 0,
                        next_conflict: 0,
                        parent_scope: scope,
                    });
                }
            }
        }
    }
    namer.table
}
