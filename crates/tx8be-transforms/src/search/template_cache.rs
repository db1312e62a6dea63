//! The seed's template mechanism (`sliceHelpMap` keyed by `GroupKey`):
//! groups that compute the same thing on the same types get the same
//! search result, so the search runs once per distinct group.
//!
//! - [`GroupKey`]: a canonical text of a group's ops: op names, semantic
//!   attributes, operand and result types with their placement
//!   (`mem_layout`, which changes the kernel), and for each operand
//!   whether it is made in the group (by which op, by position) or loaded.
//!   It leaves out what differs between two instances of one template:
//!   ids, locations, the schedule (`dev_info`, `tile_parallel`,
//!   `chip_parallel`, `share*`), DDR addresses and which constant a load
//!   reads (`const_map_id`). The text itself is the key (no hash
//!   collisions to worry about).
//! - [`TemplateCache`]: `get_or_compute` with hit and miss counts.
//! - [`key_sharing`] / [`module_key_sharing`]: for a function body or a
//!   whole module, how many groups share each key (what a template cache
//!   would hit on that model).

use std::collections::HashMap;
use std::fmt::Write;

use strata_ir::printer::attr_to_string;
use strata_ir::{Body, Context, Op};
use tx8be::{op_kind, OpKind};

/// Attributes that vary between instances of one template.
const NOT_SEMANTIC: &[&str] = &[
    "dev_info",
    "tile_parallel",
    "chip_parallel",
    "ddr_addr",
    "const_map_id",
    "group_id",
    "share",
    "share_ring",
    "subbox_addr",
];

/// A group's template identity.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GroupKey(pub String);

/// The ops of a group's block, in order.
pub fn group_block_ops(body: &Body, group: Op) -> Vec<Op> {
    let Some(&region) = body.local_regions(group).first() else { return vec![] };
    let Some(block) = body.first_block(region) else { return vec![] };
    body.block_ops(block).collect()
}

/// The key of `group` (a `tx8be.group`).
pub fn group_key(ctx: &Context, body: &Body, group: Op) -> GroupKey {
    let ops = group_block_ops(body, group);
    let mut s = String::new();
    let ty = |v| {
        let mut t = strata_ir::printer::type_to_string(ctx, body.value_type(v));
        let _ = write!(t, "@{:?}", tx8be::layout::value_mem_layout(ctx, body, v));
        t
    };
    for &op in &ops {
        let _ = write!(s, "{}(", ctx.op_name_str(body.op_name(op)));
        for i in 0..body.num_operands(op) {
            let v = body.operand(op, i);
            match body.defining_op(v).and_then(|d| ops.iter().position(|&o| o == d)) {
                Some(k) => {
                    let _ = write!(s, "%{k}:");
                }
                None => s.push_str("ext:"),
            }
            s.push_str(&ty(v));
            s.push(',');
        }
        s.push_str(") {");
        for (name, a) in ctx.dict_entries(body.op_attrs(op)) {
            let name = ctx.str(*name);
            if !NOT_SEMANTIC.contains(&name) {
                let _ = write!(s, "{name}={},", attr_to_string(ctx, *a));
            }
        }
        s.push_str("} -> ");
        for v in body.results(op) {
            s.push_str(&ty(v));
            s.push(',');
        }
        s.push('\n');
    }
    GroupKey(s)
}

/// Search results by template, counting hits and misses.
#[derive(Debug)]
pub struct TemplateCache<V> {
    entries: HashMap<GroupKey, V>,
    hits: u64,
    misses: u64,
}

impl<V> Default for TemplateCache<V> {
    fn default() -> Self {
        TemplateCache { entries: HashMap::new(), hits: 0, misses: 0 }
    }
}

impl<V> TemplateCache<V> {
    /// The value for `key`, computing (and keeping) it with `f` on a miss;
    /// an error from `f` is returned and nothing is kept.
    pub fn get_or_compute<E>(&mut self, key: GroupKey, f: impl FnOnce() -> Result<V, E>) -> Result<&V, E> {
        use std::collections::hash_map::Entry;
        match self.entries.entry(key) {
            Entry::Occupied(e) => {
                self.hits += 1;
                Ok(e.into_mut())
            }
            Entry::Vacant(e) => {
                let v = f()?;
                self.misses += 1;
                Ok(e.insert(v))
            }
        }
    }
    pub fn hits(&self) -> u64 {
        self.hits
    }
    pub fn misses(&self) -> u64 {
        self.misses
    }
    /// Hits over lookups (0 before any lookup).
    pub fn hit_rate(&self) -> f64 {
        let n = self.hits + self.misses;
        if n == 0 {
            0.0
        } else {
            self.hits as f64 / n as f64
        }
    }
    pub fn len(&self) -> usize {
        self.entries.len()
    }
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

/// How the groups of a body share keys.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeySharing {
    pub groups: usize,
    pub distinct: usize,
    /// Group count per key, most shared first.
    pub per_key: Vec<(GroupKey, usize)>,
}

impl KeySharing {
    /// The hit rate a template cache would reach searching these groups in
    /// order: every group after its key's first is a hit.
    pub fn hit_rate(&self) -> f64 {
        if self.groups == 0 {
            0.0
        } else {
            (self.groups - self.distinct) as f64 / self.groups as f64
        }
    }
}

/// The key sharing of every `tx8be.group` of `body` (one function).
pub fn key_sharing(ctx: &Context, body: &Body) -> KeySharing {
    let mut counts = HashMap::new();
    count_keys(ctx, body, &mut counts);
    sharing(counts)
}

/// The key sharing of every group of every `func.func` of a module
/// (`module_body`: the body nested in the `builtin.module` op): one cache
/// serves the whole compilation, so functions share templates too.
pub fn module_key_sharing(ctx: &Context, module_body: &Body) -> KeySharing {
    let mut counts = HashMap::new();
    for &region in module_body.root_regions() {
        let Some(block) = module_body.first_block(region) else { continue };
        for f in module_body.block_ops(block).filter(|&op| ctx.op_name_str(module_body.op_name(op)) == "func.func") {
            if let Some(fb) = module_body.nested(f) {
                count_keys(ctx, fb, &mut counts);
            }
        }
    }
    sharing(counts)
}

fn count_keys(ctx: &Context, body: &Body, counts: &mut HashMap<GroupKey, usize>) {
    for g in
        tx8be::schedule::groups::entry_ops(body).into_iter().filter(|&op| op_kind(ctx, body, op) == Some(OpKind::Group))
    {
        *counts.entry(group_key(ctx, body, g)).or_default() += 1;
    }
}

fn sharing(counts: HashMap<GroupKey, usize>) -> KeySharing {
    let groups = counts.values().sum();
    let mut per_key: Vec<(GroupKey, usize)> = counts.into_iter().collect();
    per_key.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    KeySharing { groups, distinct: per_key.len(), per_key }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(s: &str) -> GroupKey {
        GroupKey(s.to_string())
    }

    /// A hit returns the kept value without computing; a failed compute
    /// keeps nothing and counts nothing.
    #[test]
    fn cache_counts_hits_and_misses() {
        let mut c: TemplateCache<i32> = TemplateCache::default();
        assert_eq!(c.hit_rate(), 0.0);
        assert_eq!(*c.get_or_compute::<()>(key("a"), || Ok(1)).unwrap(), 1);
        assert_eq!(*c.get_or_compute::<()>(key("a"), || panic!("a hit must not compute")).unwrap(), 1);
        assert_eq!(c.get_or_compute(key("b"), || Err("no")), Err("no"));
        assert_eq!(*c.get_or_compute::<()>(key("b"), || Ok(2)).unwrap(), 2);
        assert_eq!(*c.get_or_compute::<()>(key("a"), || Ok(9)).unwrap(), 1);
        assert_eq!((c.hits(), c.misses(), c.len()), (2, 2, 2));
        assert_eq!(c.hit_rate(), 0.5);
    }
}
