//! A structural hash of a body's IR (ops in order with names, operands,
//! result types, attributes, successors, locations; blocks with argument
//! types), used by the greedy driver's expensive checks to tell whether a
//! pattern changed anything.

use std::hash::{Hash, Hasher};

use rustc_hash::FxHasher;

use strata_ir::{Body, Region};

pub fn body_fingerprint(body: &Body) -> u64 {
    let mut h = FxHasher::default();
    for &r in body.root_regions() {
        hash_region(body, r, &mut h);
    }
    h.finish()
}

fn hash_region(body: &Body, r: Region, h: &mut FxHasher) {
    for b in body.blocks(r) {
        b.hash(h);
        for &a in body.block_args(b) {
            a.hash(h);
            body.value_type(a).hash(h);
        }
        for op in body.block_ops(b) {
            op.hash(h);
            body.op_name(op).hash(h);
            body.op_attrs(op).hash(h);
            body.op_props(op).hash(h);
            body.op_loc(op).hash(h);
            for v in body.operands(op) {
                v.hash(h);
            }
            for v in body.results(op) {
                v.hash(h);
                body.value_type(v).hash(h);
            }
            body.successors(op).hash(h);
            for &inner in body.local_regions(op) {
                hash_region(body, inner, h);
            }
            if let Some(nested) = body.nested(op) {
                body_fingerprint(nested).hash(h);
            }
        }
    }
}
