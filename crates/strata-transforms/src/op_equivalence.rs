//! Structural equivalence of operations and the hash that goes with it:
//! MLIR's `OperationEquivalence::computeHash` / `isEquivalentTo` with
//! `IgnoreLocations`, operands compared by identity.
//!
//! Two ops are equivalent when they have the same name, attribute
//! dictionary (inherent and discardable attributes together: handles are
//! uniqued, so handle equality is value equality), unregistered `<{...}>`
//! properties, result types, the same operands (as a multiset for
//! `Commutative` ops), the same numbers of regions and successors, and
//! equivalent regions: blocks paired in order, block arguments of the same
//! types standing for each other, ops paired in order and compared
//! recursively, successors mapped consistently.
//!
//! The hash covers name, attributes, properties, result types and operands
//! (sorted for commutative ops); regions are not hashed, as upstream. It
//! reads the op in place and allocates nothing for ops of up to eight
//! operands.

use std::hash::{Hash, Hasher};

use rustc_hash::{FxHashMap, FxHasher};
use smallvec::SmallVec;

use strata_ir::body::ValueDef;
use strata_ir::opdef::Traits;
use strata_ir::{Block, Body, Context, Op, Region, Value};

/// True if the op's definition has the `Commutative` trait.
pub fn is_commutative(ctx: &Context, body: &Body, op: Op) -> bool {
    ctx.op_def(body.op_name(op)).is_some_and(|d| d.traits.contains(Traits::COMMUTATIVE))
}

/// The CSE hash of `op`; `commutative` says whether operand order is
/// irrelevant (see [`is_commutative`]).
pub fn op_hash(body: &Body, op: Op, commutative: bool) -> u64 {
    let mut h = FxHasher::default();
    body.op_name(op).hash(&mut h);
    body.op_attrs(op).hash(&mut h);
    body.op_props(op).hash(&mut h);
    for v in body.results(op) {
        body.value_type(v).hash(&mut h);
    }
    let n = body.num_operands(op);
    if commutative && n > 1 {
        // Any total order works for the hash: equal multisets sort alike.
        if n <= 8 {
            let mut buf = [0u32; 8];
            for (slot, v) in buf.iter_mut().zip(body.operands(op)) {
                *slot = v.index() as u32;
            }
            buf[..n].sort_unstable();
            buf[..n].hash(&mut h);
        } else {
            let mut vals: SmallVec<[u32; 16]> = body.operands(op).map(|v| v.index() as u32).collect();
            vals.sort_unstable();
            vals.hash(&mut h);
        }
    } else {
        for v in body.operands(op) {
            (v.index() as u32).hash(&mut h);
        }
    }
    h.finish()
}

/// True if `lhs` (in `lhs_body`) and `rhs` (in `rhs_body`) are equivalent,
/// locations ignored. The bodies may differ (ops of isolated regions).
pub fn ops_equivalent(ctx: &Context, lhs_body: &Body, lhs: Op, rhs_body: &Body, rhs: Op) -> bool {
    let same_body = std::ptr::eq(lhs_body, rhs_body);
    if same_body && lhs == rhs {
        return true;
    }
    // Fast path for the common case: no regions, so no value mapping is
    // needed and operands must be identical.
    if same_body && lhs_body.num_regions(lhs) == 0 && rhs_body.num_regions(rhs) == 0 {
        return shallow_equivalent(ctx, lhs_body, lhs, rhs);
    }
    Equivalence { ctx, values: FxHashMap::default() }.ops(lhs_body, lhs, rhs_body, rhs)
}

/// Equivalence of two region-free ops of one body (operands by identity).
fn shallow_equivalent(ctx: &Context, body: &Body, lhs: Op, rhs: Op) -> bool {
    if !same_header(body, lhs, body, rhs) {
        return false;
    }
    if body.results(lhs).zip(body.results(rhs)).any(|(a, b)| body.value_type(a) != body.value_type(b)) {
        return false;
    }
    let n = body.num_operands(lhs);
    if n > 1 && is_commutative(ctx, body, lhs) {
        let mut l: SmallVec<[Value; 8]> = body.operands(lhs).collect();
        let mut r: SmallVec<[Value; 8]> = body.operands(rhs).collect();
        l.sort_unstable();
        r.sort_unstable();
        l == r
    } else {
        body.operands(lhs).eq(body.operands(rhs))
    }
}

/// Name, attributes, properties and the counts of operands, results,
/// regions and successors.
fn same_header(lb: &Body, l: Op, rb: &Body, r: Op) -> bool {
    lb.op_name(l) == rb.op_name(r)
        && lb.op_attrs(l) == rb.op_attrs(r)
        && lb.op_props(l) == rb.op_props(r)
        && lb.num_regions(l) == rb.num_regions(r)
        && lb.successors(l).len() == rb.successors(r).len()
        && lb.num_operands(l) == rb.num_operands(r)
        && lb.num_results(l) == rb.num_results(r)
}

/// A value or block of a given body: handles are only unique per arena.
type Key<T> = (usize, T);

fn key<T>(body: &Body, x: T) -> Key<T> {
    (body as *const Body as usize, x)
}

/// One structural comparison: values of the left side known to stand for
/// values of the right side (results of ops already compared, block
/// arguments of paired blocks).
struct Equivalence<'c> {
    ctx: &'c Context,
    values: FxHashMap<Key<Value>, Key<Value>>,
}

impl Equivalence<'_> {
    fn ops(&mut self, lb: &Body, l: Op, rb: &Body, r: Op) -> bool {
        if std::ptr::eq(lb, rb) && l == r {
            return true;
        }
        if !same_header(lb, l, rb, r) {
            return false;
        }
        let mut lops: SmallVec<[Value; 8]> = lb.operands(l).collect();
        let mut rops: SmallVec<[Value; 8]> = rb.operands(r).collect();
        if lops.len() > 1 && is_commutative(self.ctx, lb, l) {
            sort_commutative(lb, &mut lops);
            sort_commutative(rb, &mut rops);
        }
        for (&a, &b) in lops.iter().zip(&rops) {
            let (ka, kb) = (key(lb, a), key(rb, b));
            if ka == kb {
                continue;
            }
            if lb.value_type(a) != rb.value_type(b) {
                return false;
            }
            if self.values.get(&ka) != Some(&kb) {
                return false;
            }
        }
        for (a, b) in lb.results(l).zip(rb.results(r)) {
            if lb.value_type(a) != rb.value_type(b) {
                return false;
            }
            self.values.entry(key(lb, a)).or_insert(key(rb, b));
        }
        let (lrb, lregions) = lb.regions_of(l);
        let (rrb, rregions) = rb.regions_of(r);
        lregions.iter().zip(rregions).all(|(&lr, &rr)| self.regions(lrb, lr, rrb, rr))
    }

    fn regions(&mut self, lb: &Body, lr: Region, rb: &Body, rr: Region) -> bool {
        let mut blocks: FxHashMap<Block, Block> = FxHashMap::default();
        let mut li = lb.blocks(lr);
        let mut ri = rb.blocks(rr);
        loop {
            let (lblock, rblock) = match (li.next(), ri.next()) {
                (None, None) => return true,
                (Some(a), Some(b)) => (a, b),
                _ => return false,
            };
            if !self.blocks(lb, lblock, rb, rblock, &mut blocks) {
                return false;
            }
        }
    }

    fn blocks(&mut self, lb: &Body, l: Block, rb: &Body, r: Block, map: &mut FxHashMap<Block, Block>) -> bool {
        let (largs, rargs) = (lb.block_args(l), rb.block_args(r));
        if largs.len() != rargs.len() {
            return false;
        }
        if *map.entry(l).or_insert(r) != r {
            return false;
        }
        for (&a, &b) in largs.iter().zip(rargs) {
            if lb.value_type(a) != rb.value_type(b) {
                return false;
            }
            self.values.entry(key(lb, a)).or_insert(key(rb, b));
        }
        let mut lo = lb.block_ops(l);
        let mut ro = rb.block_ops(r);
        loop {
            let (lop, rop) = match (lo.next(), ro.next()) {
                (None, None) => return true,
                (Some(a), Some(b)) => (a, b),
                _ => return false,
            };
            if !self.ops(lb, lop, rb, rop) {
                return false;
            }
            for (&ls, &rs) in lb.successors(lop).iter().zip(rb.successors(rop)) {
                if *map.entry(ls).or_insert(rs) != rs {
                    return false;
                }
            }
        }
    }
}

/// Upstream's order for commutative operands in structural comparison:
/// block arguments first (by block, then position), then other values.
/// Upstream orders blocks and values by address; arena order stands in.
fn sort_commutative(body: &Body, values: &mut [Value]) {
    values.sort_by_key(|&v| match body.value_def(v) {
        ValueDef::BlockArg(b, i) => (0u8, b.index(), i as usize),
        ValueDef::Result(..) => (1u8, v.index(), 0),
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use strata_ir::location::Location;
    use strata_ir::OpSpec;

    fn ctx() -> Context {
        let mut ctx = Context::new();
        strata_dialects::register_all(&mut ctx);
        ctx
    }

    /// A block with two i32 arguments, appended to a fresh root region.
    fn setup(body: &mut Body, ctx: &Context) -> (Block, Value, Value) {
        let r = body.root_regions()[0];
        let b = body.create_block();
        body.append_block(r, b);
        let x = body.add_block_arg(b, ctx.i32(), Location::Unknown);
        let y = body.add_block_arg(b, ctx.i32(), Location::Unknown);
        (b, x, y)
    }

    fn add(body: &mut Body, ctx: &Context, b: Block, name: &str, ops: &[Value]) -> Op {
        let op = body.create_op(OpSpec::new(ctx, name, Location::Unknown).operands(ops).results(&[ctx.i32()]));
        body.append_op(b, op);
        op
    }

    fn equal_and_same_hash(ctx: &Context, body: &Body, a: Op, b: Op) -> bool {
        let eq = ops_equivalent(ctx, body, a, body, b);
        if eq {
            let c = is_commutative(ctx, body, a);
            assert_eq!(op_hash(body, a, c), op_hash(body, b, c), "equivalent ops must hash alike");
        }
        eq
    }

    #[test]
    fn identical_ops_are_equivalent_and_locations_are_ignored() {
        let ctx = ctx();
        let mut body = Body::with_root_regions(1);
        let (b, x, y) = setup(&mut body, &ctx);
        let a1 = add(&mut body, &ctx, b, "arith.subi", &[x, y]);
        let a2 = add(&mut body, &ctx, b, "arith.subi", &[x, y]);
        let file = ctx.intern_str("f.mlir");
        body.set_op_loc(a2, Location::FileLineCol { file, line: 3, col: 4 });
        assert!(equal_and_same_hash(&ctx, &body, a1, a2));
    }

    #[test]
    fn operand_order_matters_only_for_commutative_ops() {
        let ctx = ctx();
        let mut body = Body::with_root_regions(1);
        let (b, x, y) = setup(&mut body, &ctx);
        let s1 = add(&mut body, &ctx, b, "arith.subi", &[x, y]);
        let s2 = add(&mut body, &ctx, b, "arith.subi", &[y, x]);
        assert!(!equal_and_same_hash(&ctx, &body, s1, s2));
        let a1 = add(&mut body, &ctx, b, "arith.addi", &[x, y]);
        let a2 = add(&mut body, &ctx, b, "arith.addi", &[y, x]);
        assert!(equal_and_same_hash(&ctx, &body, a1, a2));
        // Same multiset size, different members.
        let a3 = add(&mut body, &ctx, b, "arith.addi", &[x, x]);
        assert!(!equal_and_same_hash(&ctx, &body, a1, a3));
    }

    #[test]
    fn names_attributes_and_result_types_must_match() {
        let ctx = ctx();
        let mut body = Body::with_root_regions(1);
        let (b, x, y) = setup(&mut body, &ctx);
        let a = add(&mut body, &ctx, b, "arith.addi", &[x, y]);
        let m = add(&mut body, &ctx, b, "arith.muli", &[x, y]);
        assert!(!equal_and_same_hash(&ctx, &body, a, m));
        let tagged = add(&mut body, &ctx, b, "arith.addi", &[x, y]);
        body.set_op_attr(&ctx, tagged, "tag", Some(ctx.unit_attr()));
        assert!(!equal_and_same_hash(&ctx, &body, a, tagged));
        let wide = body.create_op(OpSpec::new(&ctx, "test.op", Location::Unknown).operands(&[x]).results(&[ctx.i64()]));
        body.append_op(b, wide);
        let narrow = add(&mut body, &ctx, b, "test.op", &[x]);
        assert!(!equal_and_same_hash(&ctx, &body, wide, narrow));
        let props = add(&mut body, &ctx, b, "test.op", &[x]);
        body.set_op_props(props, Some(ctx.unit_attr()));
        assert!(!equal_and_same_hash(&ctx, &body, narrow, props));
    }

    /// `"test.region"() ({ ^bb0(%a: i32): %r = arith.addi %a, <captured> ; "test.yield"(%r) })`
    fn region_op(body: &mut Body, ctx: &Context, b: Block, captured: Value, arg_ty: strata_ir::types::Type) -> Op {
        let op = body.create_op(OpSpec::new(ctx, "test.region", Location::Unknown).regions(1).results(&[ctx.i32()]));
        body.append_op(b, op);
        let r = body.local_regions(op)[0];
        let inner = body.create_block();
        body.append_block(r, inner);
        let arg = body.add_block_arg(inner, arg_ty, Location::Unknown);
        let sum = add(body, ctx, inner, "arith.addi", &[arg, captured]);
        let res = body.result(sum, 0);
        let y = body.create_op(OpSpec::new(ctx, "test.yield", Location::Unknown).operands(&[res]));
        body.append_op(inner, y);
        op
    }

    #[test]
    fn regions_compare_structurally_with_block_argument_mapping() {
        let ctx = ctx();
        let mut body = Body::with_root_regions(1);
        let (b, x, y) = setup(&mut body, &ctx);
        let r1 = region_op(&mut body, &ctx, b, x, ctx.i32());
        let r2 = region_op(&mut body, &ctx, b, x, ctx.i32());
        assert!(equal_and_same_hash(&ctx, &body, r1, r2));
        // A different captured value breaks equivalence.
        let r3 = region_op(&mut body, &ctx, b, y, ctx.i32());
        assert!(!equal_and_same_hash(&ctx, &body, r1, r3));
        // So does a block argument of another type.
        let r4 = region_op(&mut body, &ctx, b, x, ctx.i64());
        assert!(!equal_and_same_hash(&ctx, &body, r1, r4));
        // And an extra op in the region.
        let r5 = region_op(&mut body, &ctx, b, x, ctx.i32());
        let inner = body.first_block(body.local_regions(r5)[0]).unwrap();
        let first = body.first_op(inner).unwrap();
        let extra = body.create_op(OpSpec::new(&ctx, "test.extra", Location::Unknown));
        body.insert_op_before(first, extra);
        assert!(!equal_and_same_hash(&ctx, &body, r1, r5));
    }

    #[test]
    fn block_counts_and_successor_mapping_matter() {
        let ctx = ctx();
        let mut body = Body::with_root_regions(1);
        let (b, _, _) = setup(&mut body, &ctx);
        // Two ops with one region of two blocks: ^0 branches to ^1 (or to ^0).
        let build = |body: &mut Body, to_second: bool| {
            let op = body.create_op(OpSpec::new(&ctx, "test.cfg", Location::Unknown).regions(1));
            body.append_op(b, op);
            let r = body.local_regions(op)[0];
            let b0 = body.create_block();
            let b1 = body.create_block();
            body.append_block(r, b0);
            body.append_block(r, b1);
            let dest = if to_second { b1 } else { b0 };
            let br = body.create_op(OpSpec::new(&ctx, "test.br", Location::Unknown).successors(&[dest]));
            body.append_op(b0, br);
            let end = body.create_op(OpSpec::new(&ctx, "test.end", Location::Unknown));
            body.append_op(b1, end);
            op
        };
        let c1 = build(&mut body, true);
        let c2 = build(&mut body, true);
        let c3 = build(&mut body, false);
        assert!(equal_and_same_hash(&ctx, &body, c1, c2));
        assert!(!equal_and_same_hash(&ctx, &body, c1, c3));
    }
}
