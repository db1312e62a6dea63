//! What `cse-with-attributes-ignored` takes off the ops and
//! `cse-put-attributes` puts back: OneFlow's `CSEState`.
//!
//! The pre-pass replaces each user op's `op_name` and `scope_symbol_id`
//! with magic values, so ops that differ only there become equal for
//! `cse`. It records the originals here and tags the op's location with the
//! record's index (a `file:line:col` location whose file names the state
//! and whose line is the index).
//! Locations are what `cse` ignores and what rewrite patterns give the ops
//! they create in place of another (`add_n` -> `add_n2` keeps the
//! `add_n`'s location), so the post-pass finds the record of every
//! surviving op through its location, including ops created between the
//! two passes; merged-away duplicates simply disappear with their records
//! unused.
//!
//! One `ErasedAttributes` lives in each pipeline's `PipelineState`, shared
//! by the pipeline's pre- and post-passes. Tags carry the state's own
//! number, so a post-pass never reads tags another pipeline wrote.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

use strata_ir::location::LocData;
use strata_ir::{Attribute, Body, Context, Location, Op, Str};

/// The value `op_name` holds between the passes (OneFlow's `MAGIC_OP_NAME`).
pub const MAGIC_OP_NAME: &str = "ONEFLOW_ERASE_MAGIC";
/// The value `scope_symbol_id` holds between the passes.
pub const MAGIC_SCOPE_SYMBOL_ID: i64 = 77777;

const TAG_PREFIX: &str = "oneflow-cse-erased#";

/// The original attributes and location of one op.
#[derive(Clone, Debug)]
pub struct Saved {
    pub op_name: Attribute,
    pub scope_symbol_id: Option<Attribute>,
    pub loc: Location,
}

pub struct ErasedAttributes {
    /// This state's number in the process, written into its tags.
    id: u64,
    saved: Mutex<Vec<Saved>>,
}

impl Default for ErasedAttributes {
    fn default() -> Self {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        ErasedAttributes { id: NEXT.fetch_add(1, Ordering::Relaxed), saved: Mutex::new(Vec::new()) }
    }
}

impl ErasedAttributes {
    /// Records `saved` and returns the location that tags the op with it:
    /// a `file:line:col` location (stored inline, nothing interned per op)
    /// whose file names this state and whose line is the record's index.
    /// `tag_file` is `self.tag_file(ctx)`, computed once per run.
    pub fn record(&self, tag_file: Str, saved: Saved) -> Location {
        let mut v = self.saved.lock().unwrap_or_else(|e| e.into_inner());
        let index = v.len() as u32;
        v.push(saved);
        Location::FileLineCol { file: tag_file, line: index, col: 0 }
    }

    /// The file name of this state's tags.
    pub fn tag_file(&self, ctx: &Context) -> Str {
        ctx.intern_str(&format!("{TAG_PREFIX}{}", self.id))
    }

    /// The record `loc` is tagged with, and whether the tag is the whole
    /// location (rather than nested in a call-site or fused location).
    pub fn lookup(&self, ctx: &Context, tag_file: Str, loc: Location) -> Option<(Saved, bool)> {
        let (index, whole) = find_tag(ctx, tag_file, loc, 0)?;
        let v = self.saved.lock().unwrap_or_else(|e| e.into_inner());
        v.get(index as usize).cloned().map(|s| (s, whole))
    }

    /// Number of ops recorded so far.
    pub fn len(&self) -> usize {
        self.saved.lock().unwrap_or_else(|e| e.into_inner()).len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

fn find_tag(ctx: &Context, tag_file: Str, loc: Location, depth: usize) -> Option<(u32, bool)> {
    match loc {
        Location::FileLineCol { file, line, col: 0 } if file == tag_file => return Some((line, depth == 0)),
        Location::Attr(_) => {}
        _ => return None,
    }
    match ctx.loc_data(loc) {
        LocData::Name { child, .. } => child.and_then(|c| find_tag(ctx, tag_file, c, depth + 1)),
        LocData::CallSite { callee, caller } => {
            find_tag(ctx, tag_file, callee, depth + 1).or_else(|| find_tag(ctx, tag_file, caller, depth + 1))
        }
        LocData::Fused { locations, .. } => locations.iter().find_map(|&l| find_tag(ctx, tag_file, l, depth + 1)),
        _ => None,
    }
}

/// Calls `f` on every op of `body` and of the arenas of isolated ops nested
/// in it (functions in a module), depth first, in op order.
pub fn for_each_op(body: &mut Body, f: &mut dyn FnMut(&mut Body, Op)) {
    let mut ops = Vec::new();
    body.walk_pre(&mut |op| ops.push(op));
    for op in ops {
        f(body, op);
        if let Some(inner) = body.nested_mut(op) {
            for_each_op(inner, f);
        }
    }
}

/// `attrs` with `op_name` and `scope_symbol_id` (under the names `iface`
/// gives) set to the given values, `None` removing the scope: one new
/// dictionary instead of one per attribute.
pub fn with_names(
    ctx: &Context,
    attrs: Attribute,
    iface: crate::user_op::UserOpCompatible,
    op_name: Attribute,
    scope_symbol_id: Option<Attribute>,
) -> Attribute {
    let name_key = ctx.intern_str(iface.op_name_attr);
    let scope_key = ctx.intern_str(iface.scope_symbol_id_attr);
    let mut entries: Vec<_> =
        ctx.dict_entries(attrs).iter().filter(|e| e.0 != name_key && e.0 != scope_key).copied().collect();
    entries.push((name_key, op_name));
    if let Some(s) = scope_symbol_id {
        entries.push((scope_key, s));
    }
    ctx.dictionary(entries)
}
