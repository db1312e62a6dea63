//! Location aliases for `--mlir-print-debuginfo` (`#loc`, `#loc1`, ...).
//!
//! MLIR's builtin dialect gives every location attribute the alias name
//! `loc`. The alias initializer meets locations in print order: an op's own
//! location before anything inside the op, block-argument locations where the
//! arguments are printed, and the sub-locations of a name / call-site / fused
//! location right after it. Locations met only as op locations are
//! "deferrable": their definitions are printed after the top-level op, the
//! others (block-argument locations and everything they contain) before it.
//! Block arguments always print their location inline (with aliased
//! sub-locations), ops print `loc(#locN)`.

use rustc_hash::FxHashMap as HashMap;
use smallvec::SmallVec;

use super::{PrintedEntryArgs, PrintedEntryArgsPerRegion};
use crate::body::Body;
use crate::context::Context;
use crate::entity::Op;
use crate::location::{LocData, Location};

struct Entry {
    loc: Location,
    /// 1 + the deepest aliased sub-location (every location is aliased).
    depth: usize,
    deferrable: bool,
    children: SmallVec<[usize; 2]>,
}

/// Collects locations in the order MLIR's alias initializer visits them.
#[derive(Default)]
pub(super) struct LocAliasCollector {
    index: HashMap<Location, usize>,
    entries: Vec<Entry>,
    /// `--mlir-print-skip-regions`: regions are not printed, so their
    /// locations get no aliases (MLIR collects aliases by a dry-run print).
    pub(super) skip_regions: bool,
    /// Terminators the custom form does not print: their locations are not
    /// visited either.
    pub(super) elided_terminators: super::ElidedTerminators,
}

pub(super) fn canonical(ctx: &Context, loc: Location) -> Location {
    ctx.canonical_location(loc)
}

impl LocAliasCollector {
    /// Visits `loc` and its sub-locations; returns its alias depth and index.
    fn visit(&mut self, ctx: &Context, loc: Location, deferrable: bool) -> (usize, usize) {
        let loc = canonical(ctx, loc);
        if let Some(&i) = self.index.get(&loc) {
            if !deferrable {
                self.mark_non_deferrable(i);
            }
            return (self.entries[i].depth, i);
        }
        let i = self.entries.len();
        self.index.insert(loc, i);
        self.entries.push(Entry { loc, depth: 1, deferrable, children: SmallVec::new() });
        let mut children: SmallVec<[usize; 2]> = SmallVec::new();
        let mut max_depth = 0;
        let mut sub = |this: &mut Self, l: Location| {
            let (d, c) = this.visit(ctx, l, deferrable);
            children.push(c);
            max_depth = max_depth.max(d);
        };
        match ctx.loc_data(loc) {
            LocData::Name { child: Some(c), .. } if !matches!(canonical(ctx, c), Location::Unknown) => sub(self, c),
            LocData::CallSite { callee, caller } => {
                sub(self, callee);
                sub(self, caller);
            }
            LocData::Fused { locations, .. } => {
                for l in locations.iter() {
                    sub(self, *l);
                }
            }
            _ => {}
        }
        let e = &mut self.entries[i];
        e.children = children;
        if max_depth > 0 {
            e.depth = max_depth + 1;
        }
        (e.depth, i)
    }

    fn mark_non_deferrable(&mut self, i: usize) {
        if !self.entries[i].deferrable {
            return;
        }
        self.entries[i].deferrable = false;
        let children = self.entries[i].children.clone();
        for c in children {
            self.mark_non_deferrable(c);
        }
    }

    /// Visits the locations printed for `op` (its own, then those of the
    /// block arguments and ops of its regions, in print order).
    /// In the custom form an op declaring [`PrintedEntryArgs`] shows only
    /// that many entry-block arguments (MLIR's initializer is a dry run of
    /// the printer, so arguments never printed get no alias).
    pub(super) fn visit_op(&mut self, ctx: &Context, body: &Body, op: Op, generic: bool) {
        self.visit(ctx, body.op_loc(op), true);
        if self.skip_regions {
            return;
        }
        let def = if generic { None } else { ctx.op_def(body.op_name(op)) };
        let printed_entry_args = def.and_then(|d| d.interfaces.get::<PrintedEntryArgs>()).map(|p| p.0);
        let per_region = def.and_then(|d| d.interfaces.get::<PrintedEntryArgsPerRegion>()).map(|p| p.0);
        let (rb, regions) = body.regions_of(op);
        for (i, &r) in regions.iter().enumerate() {
            let printed_entry_args = per_region.map_or(printed_entry_args, |counts| counts.get(i).copied().flatten());
            for b in rb.blocks(r) {
                let locs = rb.block_arg_locs(b);
                let shown = if rb.is_entry_block(b) {
                    printed_entry_args.unwrap_or(locs.len()).min(locs.len())
                } else {
                    locs.len()
                };
                for &l in &locs[..shown] {
                    self.visit(ctx, l, false);
                }
                for o in rb.block_ops(b) {
                    if self.elided_terminators.contains(&(rb as *const Body, o)) {
                        continue;
                    }
                    self.visit_op(ctx, rb, o, generic);
                }
            }
        }
    }

    /// The visited locations in visit order: (location, depth, deferrable).
    pub(super) fn into_entries(self) -> impl Iterator<Item = (Location, usize, bool)> {
        self.entries.into_iter().map(|e| (e.loc, e.depth, e.deferrable))
    }
}
