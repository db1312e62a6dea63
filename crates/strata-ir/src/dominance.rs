//! Dominance between blocks of a region, and between values and their
//! uses, as MLIR's `DominanceInfo` answers it.
//!
//! Immediate dominators come from Lengauer and Tarjan's algorithm (the
//! simple version: path compression without balancing, O(E log V)), so a
//! CFG of any shape costs near-linear time; the iterative algorithm over
//! reverse post-order walks the dominator chain of every predecessor and
//! is quadratic on a long chain of blocks that all branch to one exit.
//! `dominates` is O(1): it compares the entry and exit numbers of a
//! depth-first walk of the dominator tree.

use rustc_hash::FxHashMap;

use crate::body::Body;
use crate::entity::{Block, Region};

const NO: u32 = u32::MAX;

/// Immediate dominators of the blocks of one region.
pub struct RegionDominance {
    /// Block -> its number: the depth-first preorder index over successors
    /// (first successor first); unreachable blocks are absent.
    number: FxHashMap<Block, u32>,
    /// Blocks by number.
    blocks: Vec<Block>,
    /// Number of the immediate dominator (the entry's is itself).
    idom: Vec<u32>,
    /// Entry and exit times of each block in a walk of the dominator tree:
    /// `a` dominates `b` iff `b`'s interval lies within `a`'s.
    tree_in: Vec<u32>,
    tree_out: Vec<u32>,
}

impl RegionDominance {
    pub fn compute(body: &Body, region: Region) -> RegionDominance {
        let Some(entry) = body.first_block(region) else {
            return RegionDominance {
                number: FxHashMap::default(),
                blocks: vec![],
                idom: vec![],
                tree_in: vec![],
                tree_out: vec![],
            };
        };
        let succs = |b: Block| -> &[Block] { body.last_op(b).map(|t| body.successors(t)).unwrap_or(&[]) };

        // Depth-first preorder numbering and the DFS tree's parents.
        let mut number: FxHashMap<Block, u32> = FxHashMap::default();
        let mut blocks: Vec<Block> = Vec::new();
        let mut parent: Vec<u32> = Vec::new();
        let mut stack: Vec<(Block, usize)> = vec![(entry, 0)];
        number.insert(entry, 0);
        blocks.push(entry);
        parent.push(NO);
        while let Some(top) = stack.last_mut() {
            let (b, i) = *top;
            let s = succs(b);
            if i < s.len() {
                top.1 += 1;
                let t = s[i];
                if let std::collections::hash_map::Entry::Vacant(e) = number.entry(t) {
                    let n = blocks.len() as u32;
                    e.insert(n);
                    blocks.push(t);
                    parent.push(number[&b]);
                    stack.push((t, 0));
                }
            } else {
                stack.pop();
            }
        }
        let n = blocks.len();

        // Predecessors by number, reachable ones only (flat lists).
        let mut pred_start = vec![0u32; n + 1];
        for &b in &blocks {
            for t in succs(b) {
                if let Some(&j) = number.get(t) {
                    pred_start[j as usize + 1] += 1;
                }
            }
        }
        for i in 0..n {
            pred_start[i + 1] += pred_start[i];
        }
        let mut fill = pred_start.clone();
        let mut preds = vec![0u32; pred_start[n] as usize];
        for (i, &b) in blocks.iter().enumerate() {
            for t in succs(b) {
                if let Some(&j) = number.get(t) {
                    preds[fill[j as usize] as usize] = i as u32;
                    fill[j as usize] += 1;
                }
            }
        }

        // Lengauer-Tarjan over preorder numbers.
        let mut semi: Vec<u32> = (0..n as u32).collect();
        let mut idom: Vec<u32> = vec![NO; n];
        let mut ancestor: Vec<u32> = vec![NO; n];
        let mut label: Vec<u32> = (0..n as u32).collect();
        let mut bucket_head: Vec<u32> = vec![NO; n];
        let mut bucket_next: Vec<u32> = vec![NO; n];
        let mut path: Vec<u32> = Vec::new();
        for w in (1..n).rev() {
            for &v in &preds[pred_start[w] as usize..pred_start[w + 1] as usize] {
                let u = eval(v, &mut ancestor, &mut label, &semi, &mut path);
                if semi[u as usize] < semi[w] {
                    semi[w] = semi[u as usize];
                }
            }
            let s = semi[w] as usize;
            bucket_next[w] = bucket_head[s];
            bucket_head[s] = w as u32;
            let p = parent[w];
            ancestor[w] = p;
            let mut v = bucket_head[p as usize];
            bucket_head[p as usize] = NO;
            while v != NO {
                let u = eval(v, &mut ancestor, &mut label, &semi, &mut path);
                idom[v as usize] = if semi[u as usize] < semi[v as usize] { u } else { p };
                v = bucket_next[v as usize];
            }
        }
        if n > 0 {
            idom[0] = 0;
        }
        for w in 1..n {
            if idom[w] != semi[w] {
                idom[w] = idom[idom[w] as usize];
            }
        }

        // Entry/exit numbers of a walk of the dominator tree.
        let mut child_start = vec![0u32; n + 1];
        for w in 1..n {
            child_start[idom[w] as usize + 1] += 1;
        }
        for i in 0..n {
            child_start[i + 1] += child_start[i];
        }
        let mut fill = child_start.clone();
        let mut children = vec![0u32; n.saturating_sub(1)];
        for w in 1..n {
            let p = idom[w] as usize;
            children[fill[p] as usize] = w as u32;
            fill[p] += 1;
        }
        let mut tree_in = vec![0u32; n];
        let mut tree_out = vec![0u32; n];
        let mut clock = 0u32;
        let mut walk: Vec<(u32, u32)> = Vec::new();
        if n > 0 {
            tree_in[0] = clock;
            clock += 1;
            walk.push((0, child_start[0]));
        }
        while let Some(top) = walk.last_mut() {
            let (b, next) = *top;
            if next < child_start[b as usize + 1] {
                top.1 += 1;
                let c = children[next as usize];
                tree_in[c as usize] = clock;
                clock += 1;
                walk.push((c, child_start[c as usize]));
            } else {
                tree_out[b as usize] = clock;
                clock += 1;
                walk.pop();
            }
        }
        RegionDominance { number, blocks, idom, tree_in, tree_out }
    }

    /// The immediate dominator of `b`; `None` for the entry block and for
    /// unreachable blocks (which are not in the dominator tree).
    pub fn immediate_dominator(&self, b: Block) -> Option<Block> {
        let &i = self.number.get(&b)?;
        (i != 0).then(|| self.blocks[self.idom[i as usize] as usize])
    }

    pub fn is_reachable(&self, b: Block) -> bool {
        self.number.contains_key(&b)
    }

    /// True if `a` dominates `b` (a block dominates itself). Unreachable
    /// blocks are dominated by everything, as in MLIR.
    pub fn dominates(&self, a: Block, b: Block) -> bool {
        let Some(&bi) = self.number.get(&b) else { return true };
        let Some(&ai) = self.number.get(&a) else { return false };
        let (ai, bi) = (ai as usize, bi as usize);
        self.tree_in[ai] <= self.tree_in[bi] && self.tree_out[bi] <= self.tree_out[ai]
    }
}

/// Lengauer-Tarjan's EVAL with path compression, without recursion: the
/// vertex of least semidominator on the path from `v` up to (not including)
/// the root of its tree in the forest built so far.
fn eval(v: u32, ancestor: &mut [u32], label: &mut [u32], semi: &[u32], path: &mut Vec<u32>) -> u32 {
    if ancestor[v as usize] == NO {
        return v;
    }
    // Collect the path to the vertex just below the forest root.
    path.clear();
    let mut x = v;
    while ancestor[ancestor[x as usize] as usize] != NO {
        path.push(x);
        x = ancestor[x as usize];
    }
    // Compress from the top down: each vertex then points at `x`'s
    // ancestor with the best label along the way.
    while let Some(y) = path.pop() {
        let a = ancestor[y as usize] as usize;
        if semi[label[a] as usize] < semi[label[y as usize] as usize] {
            label[y as usize] = label[a];
        }
        ancestor[y as usize] = ancestor[a];
    }
    label[v as usize]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::context::Context;
    use crate::location::Location;
    use crate::OpSpec;

    /// A region whose blocks branch as `edges[i]` says (block indices).
    fn cfg(edges: &[&[usize]]) -> (Body, Region, Vec<Block>) {
        let ctx = Context::new();
        let mut body = Body::with_root_regions(1);
        let r = body.root_regions()[0];
        let blocks: Vec<Block> = edges
            .iter()
            .map(|_| {
                let b = body.create_block();
                body.append_block(r, b);
                b
            })
            .collect();
        for (i, succ) in edges.iter().enumerate() {
            let s: Vec<Block> = succ.iter().map(|&j| blocks[j]).collect();
            let t = body.create_op(OpSpec::new(&ctx, "t.br", Location::Unknown).successors(&s));
            body.append_op(blocks[i], t);
        }
        (body, r, blocks)
    }

    /// Dominators by definition: `a` dominates `b` iff removing `a` makes
    /// `b` unreachable from the entry (or a == b).
    fn dominates_by_definition(edges: &[&[usize]], a: usize, b: usize) -> bool {
        if a == b {
            return true;
        }
        let mut seen = vec![false; edges.len()];
        let mut stack = vec![0];
        if a == 0 {
            return true;
        }
        seen[0] = true;
        while let Some(x) = stack.pop() {
            for &y in edges[x] {
                if y != a && !seen[y] {
                    seen[y] = true;
                    stack.push(y);
                }
            }
        }
        !seen[b]
    }

    fn check(edges: &[&[usize]]) {
        let (body, r, blocks) = cfg(edges);
        let dom = RegionDominance::compute(&body, r);
        let n = edges.len();
        let mut reach = vec![false; n];
        let mut stack = vec![0];
        reach[0] = true;
        while let Some(x) = stack.pop() {
            for &y in edges[x] {
                if !reach[y] {
                    reach[y] = true;
                    stack.push(y);
                }
            }
        }
        for b in 0..n {
            assert_eq!(dom.is_reachable(blocks[b]), reach[b]);
            for a in 0..n {
                let want = if !reach[b] {
                    true
                } else if !reach[a] {
                    false
                } else {
                    dominates_by_definition(edges, a, b)
                };
                assert_eq!(dom.dominates(blocks[a], blocks[b]), want, "{a} dom {b} in {edges:?}");
            }
            if reach[b] && b != 0 {
                // The immediate dominator: the strict dominator that every
                // other strict dominator dominates.
                let idom = dom.immediate_dominator(blocks[b]).unwrap();
                let i = blocks.iter().position(|&x| x == idom).unwrap();
                assert!(i != b && dominates_by_definition(edges, i, b));
                for a in 0..n {
                    if a != b && reach[a] && dominates_by_definition(edges, a, b) {
                        assert!(dominates_by_definition(edges, a, i));
                    }
                }
            } else {
                assert_eq!(dom.immediate_dominator(blocks[b]), None);
            }
        }
    }

    #[test]
    fn dominators_match_the_definition() {
        check(&[&[1, 2], &[3], &[3], &[]]);
        check(&[&[1], &[2, 4], &[3, 1], &[1, 4], &[]]);
        check(&[&[1, 5], &[2, 3], &[4], &[4], &[1, 6], &[6], &[]]);
        // Irreducible: two entries into a loop.
        check(&[&[1, 2], &[2], &[1, 3], &[]]);
        // An unreachable block branching into the graph.
        check(&[&[1], &[], &[1]]);
        // A chain whose blocks all branch to one exit.
        check(&[&[1, 5], &[2, 5], &[3, 5], &[4, 5], &[5], &[]]);
    }

    #[test]
    fn dominators_of_random_graphs_match_the_definition() {
        let mut seed = 12345u64;
        let mut next = move |m: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % m
        };
        for _ in 0..200 {
            let n = 1 + next(9) as usize;
            let edges: Vec<Vec<usize>> =
                (0..n).map(|_| (0..next(3)).map(|_| next(n as u64) as usize).collect()).collect();
            let refs: Vec<&[usize]> = edges.iter().map(|e| e.as_slice()).collect();
            check(&refs);
        }
    }
}
