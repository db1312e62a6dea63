//! IR surgery beyond single-op edits: deep cloning with a value/block
//! mapping (within a body or from another one), moving a region's blocks,
//! and op walks. (Splitting and merging blocks live in `body.rs`: they
//! trade op lists between blocks.)
//!
//! Cloning from another body is how code crosses an isolated-from-above
//! boundary (the inliner copies a callee's arena into the caller's).

use rustc_hash::FxHashMap;
use smallvec::SmallVec;

use crate::body::{Body, OpSpec};
use crate::entity::{Block, Op, Region, Value};
use crate::location::Location;
use crate::types::Type;

/// Old-to-new values and blocks of a clone (MLIR's `IRMapping`).
#[derive(Default, Clone, Debug)]
pub struct IrMapping {
    pub values: FxHashMap<Value, Value>,
    pub blocks: FxHashMap<Block, Block>,
}

impl IrMapping {
    pub fn map_value(&mut self, from: Value, to: Value) {
        self.values.insert(from, to);
    }
    pub fn map_block(&mut self, from: Block, to: Block) {
        self.blocks.insert(from, to);
    }
    /// The mapped value, or `v` itself when unmapped.
    pub fn value(&self, v: Value) -> Value {
        self.values.get(&v).copied().unwrap_or(v)
    }
    pub fn block(&self, b: Block) -> Block {
        self.blocks.get(&b).copied().unwrap_or(b)
    }
}

/// Where the source of a clone lives.
#[derive(Copy, Clone)]
pub enum Source<'a> {
    /// The destination body itself.
    Same,
    Other(&'a Body),
}

struct OpSnapshot {
    spec: OpSpec,
    results: SmallVec<[Value; 2]>,
    regions: SmallVec<[Region; 1]>,
    nested: Option<Box<Body>>,
}

fn snapshot(src: &Body, op: Op, map: &IrMapping) -> OpSnapshot {
    let mut spec = OpSpec {
        name: src.op_name(op),
        loc: src.op_loc(op),
        operands: src.operands(op).map(|v| map.value(v)).collect(),
        result_types: src.result_types(op),
        attrs: src.op_attrs(op),
        props: src.op_props(op),
        successors: src.successors(op).iter().map(|&b| map.block(b)).collect(),
        num_regions: 0,
        isolated: false,
    };
    let nested = src.nested(op).map(|b| Box::new(b.clone()));
    let regions: SmallVec<[Region; 1]> = if nested.is_some() { SmallVec::new() } else { src.local_regions(op).into() };
    spec.num_regions = regions.len();
    OpSnapshot { spec, results: src.results(op).collect(), regions, nested }
}

impl Body {
    /// Deep-copies `op` (from `src`) into this body, detached; operands and
    /// successors are remapped through `map`, which learns the new results
    /// and the blocks of cloned regions. Isolated ops get a copy of their
    /// whole arena.
    pub fn clone_op(&mut self, src: Source<'_>, op: Op, map: &mut IrMapping) -> Op {
        let snap = match src {
            Source::Same => snapshot(self, op, map),
            Source::Other(b) => snapshot(b, op, map),
        };
        let has_nested = snap.nested.is_some();
        let mut spec = snap.spec;
        if has_nested {
            // Give the clone an extra slot; the copied arena goes in below.
            spec.num_regions = spec.num_regions.max(1);
            spec.isolated = true;
        }
        let new_op = self.create_op(spec);
        for (i, &old) in snap.results.iter().enumerate() {
            map.map_value(old, self.result(new_op, i));
        }
        if let Some(nested) = snap.nested {
            self.put_nested(new_op, nested);
        }
        let new_regions: SmallVec<[Region; 1]> = self.local_regions(new_op).into();
        for (old_r, new_r) in snap.regions.into_iter().zip(new_regions) {
            self.clone_region_into(src, old_r, new_r, None, map);
        }
        new_op
    }

    /// Clones the blocks of `from` (in `src`) into region `to` of this body,
    /// before block `before` (or at the end). Block arguments are cloned
    /// unless already mapped.
    pub fn clone_region_into(
        &mut self,
        src: Source<'_>,
        from: Region,
        to: Region,
        before: Option<Block>,
        map: &mut IrMapping,
    ) {
        let read = |dst: &Body| -> SmallVec<[(Block, SmallVec<[(Value, Type, Location); 4]>); 4]> {
            let s = match src {
                Source::Same => dst,
                Source::Other(b) => b,
            };
            s.blocks(from)
                .map(|b| {
                    let args = s
                        .block_args(b)
                        .iter()
                        .zip(s.block_arg_locs(b))
                        .map(|(&v, &l)| (v, s.value_type(v), l))
                        .collect();
                    (b, args)
                })
                .collect()
        };
        let blocks = read(self);
        // Blocks first, so branches between them map.
        let mut pairs: SmallVec<[(Block, Block); 4]> = SmallVec::new();
        for (old, args) in &blocks {
            let nb = self.create_block();
            for &(v, ty, loc) in args {
                if !map.values.contains_key(&v) {
                    let na = self.add_block_arg(nb, ty, loc);
                    map.map_value(v, na);
                }
            }
            map.map_block(*old, nb);
            match before {
                Some(b) => self.insert_block_before(b, nb),
                None => self.append_block(to, nb),
            }
            pairs.push((*old, nb));
        }
        for (old, nb) in pairs {
            let ops: SmallVec<[Op; 16]> = match src {
                Source::Same => self.block_ops(old).collect(),
                Source::Other(b) => b.block_ops(old).collect(),
            };
            for op in ops {
                let c = self.clone_op(src, op, map);
                self.append_op(nb, c);
            }
        }
    }

    /// Ops of a region and everything nested in it within this body (not
    /// inside isolated ops), in pre-order.
    pub fn walk_region_pre(&self, r: Region, f: &mut dyn FnMut(Op)) {
        for b in self.blocks(r) {
            let mut cur = self.first_op(b);
            while let Some(op) = cur {
                f(op);
                for &inner in self.local_regions(op) {
                    self.walk_region_pre(inner, f);
                }
                cur = self.next_op(op);
            }
        }
    }

    /// Like [`Body::walk_region_pre`], children before parents.
    pub fn walk_region_post(&self, r: Region, f: &mut dyn FnMut(Op)) {
        for b in self.blocks(r) {
            let mut cur = self.first_op(b);
            while let Some(op) = cur {
                for &inner in self.local_regions(op) {
                    self.walk_region_post(inner, f);
                }
                f(op);
                cur = self.next_op(op);
            }
        }
    }

    /// Every op of the body's root regions and below, pre-order.
    pub fn walk_pre(&self, f: &mut dyn FnMut(Op)) {
        for &r in &self.roots.clone() {
            self.walk_region_pre(r, f);
        }
    }

    /// Every op of the body's root regions and below, post-order.
    pub fn walk_post(&self, f: &mut dyn FnMut(Op)) {
        for &r in &self.roots.clone() {
            self.walk_region_post(r, f);
        }
    }

    /// The region of this body that holds `op` at its top (the root region
    /// when `op` is not nested in a local region).
    pub fn root_region_of(&self, op: Op) -> Option<Region> {
        let mut cur = op;
        loop {
            let r = self.block_region(self.op_block(cur)?)?;
            match self.region_parent_op(r) {
                Some(p) => cur = p,
                None => return Some(r),
            }
        }
    }

    /// True if `op` is `ancestor` or nested in it (within this body).
    pub fn is_ancestor(&self, ancestor: Op, mut op: Op) -> bool {
        loop {
            if op == ancestor {
                return true;
            }
            match self.parent_op(op) {
                Some(p) => op = p,
                None => return false,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::context::Context;

    #[test]
    fn clone_remaps_operands_and_nested_regions() {
        let ctx = Context::new();
        let mut body = Body::with_root_regions(1);
        let root = body.root_regions()[0];
        let b = body.create_block();
        body.append_block(root, b);
        let x = body.add_block_arg(b, ctx.i32(), Location::Unknown);
        let wrap = body.create_op(OpSpec::new(&ctx, "test.wrap", Location::Unknown).regions(1));
        body.append_op(b, wrap);
        let r = body.local_regions(wrap)[0];
        let inner_b = body.create_block();
        body.append_block(r, inner_b);
        let use_x =
            body.create_op(OpSpec::new(&ctx, "test.use", Location::Unknown).operands(&[x]).results(&[ctx.i32()]));
        body.append_op(inner_b, use_x);

        let mut map = IrMapping::default();
        let y = body.add_block_arg(b, ctx.i32(), Location::Unknown);
        map.map_value(x, y);
        let c = body.clone_op(Source::Same, wrap, &mut map);
        body.append_op(b, c);
        let cr = body.local_regions(c)[0];
        let cb = body.first_block(cr).unwrap();
        let cu = body.first_op(cb).unwrap();
        assert_ne!(cu, use_x);
        assert_eq!(body.operand(cu, 0), y);
        assert_eq!(map.value(body.result(use_x, 0)), body.result(cu, 0));
        assert_eq!(body.uses(x).count(), 1);

        // Into another body.
        let mut other = Body::with_root_regions(1);
        let ob = other.create_block();
        other.append_block(other.root_regions()[0], ob);
        let oy = other.add_block_arg(ob, ctx.i32(), Location::Unknown);
        let mut map2 = IrMapping::default();
        map2.map_value(x, oy);
        let oc = other.clone_op(Source::Other(&body), wrap, &mut map2);
        other.append_op(ob, oc);
        assert_eq!(other.uses(oy).count(), 1);
    }

    #[test]
    fn split_and_merge_blocks() {
        let ctx = Context::new();
        let mut body = Body::with_root_regions(1);
        let root = body.root_regions()[0];
        let b = body.create_block();
        body.append_block(root, b);
        let ops: Vec<Op> = (0..4)
            .map(|_| {
                let o = body.create_op(OpSpec::new(&ctx, "test.op", Location::Unknown));
                body.append_op(b, o);
                o
            })
            .collect();
        let nb = body.split_block(b, Some(ops[2]));
        assert_eq!(body.block_ops(b).count(), 2);
        assert_eq!(body.block_ops(nb).collect::<Vec<_>>(), vec![ops[2], ops[3]]);
        body.inline_block_before(nb, b, None, &[]);
        assert_eq!(body.block_ops(b).collect::<Vec<_>>(), ops);
        assert_eq!(body.blocks(root).count(), 1);
    }
}
