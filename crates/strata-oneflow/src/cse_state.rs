//! What `cse-with-attributes-ignored` takes off the ops and
//! `cse-put-attributes` puts back: OneFlow's `CSEState`.
//!
//! The pre-pass replaces each user op's `op_name` and `scope_symbol_id`
//! with magic values, so ops that differ only there become equal for
//! `cse`. It records the originals here and tags the op's location with the
//! record's index (a name location wrapping the original location).
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
use strata_ir::{Attribute, Body, Context, Location, Op};

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
    /// Records `saved` and returns the location that tags the op with it.
    pub fn record(&self, ctx: &Context, saved: Saved) -> Location {
        let mut v = self.saved.lock().unwrap_or_else(|e| e.into_inner());
        let index = v.len();
        let loc = saved.loc;
        v.push(saved);
        let name = ctx.intern_str(&format!("{TAG_PREFIX}{}:{index}", self.id));
        ctx.location(LocData::Name { name, child: Some(loc) })
    }

    /// The record `loc` is tagged with, and whether the tag is the whole
    /// location (rather than nested in a call-site or fused location).
    pub fn lookup(&self, ctx: &Context, loc: Location) -> Option<(Saved, bool)> {
        let index = self.find_tag(ctx, loc, 0)?;
        let v = self.saved.lock().unwrap_or_else(|e| e.into_inner());
        v.get(index.0).cloned().map(|s| (s, index.1))
    }

    fn find_tag(&self, ctx: &Context, loc: Location, depth: usize) -> Option<(usize, bool)> {
        match ctx.loc_data(loc) {
            LocData::Name { name, child } => {
                if let Some(i) = self.parse_tag(ctx.str(name)) {
                    return Some((i, depth == 0));
                }
                child.and_then(|c| self.find_tag(ctx, c, depth + 1))
            }
            LocData::CallSite { callee, caller } => self.find_tag(ctx, callee, depth + 1).or_else(|| self.find_tag(ctx, caller, depth + 1)),
            LocData::Fused { locations, .. } => locations.iter().find_map(|&l| self.find_tag(ctx, l, depth + 1)),
            _ => None,
        }
    }

    fn parse_tag(&self, name: &str) -> Option<usize> {
        let (id, index) = name.strip_prefix(TAG_PREFIX)?.split_once(':')?;
        if id.parse::<u64>().ok()? != self.id {
            return None;
        }
        index.parse().ok()
    }

    /// Number of ops recorded so far.
    pub fn len(&self) -> usize {
        self.saved.lock().unwrap_or_else(|e| e.into_inner()).len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
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
