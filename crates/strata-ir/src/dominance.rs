//! Dominance between blocks of a region (Cooper, Harvey & Kennedy's
//! iterative algorithm over reverse post-order), and between values and
//! their uses, as MLIR's `DominanceInfo` answers it.

use std::collections::HashMap;

use crate::body::Body;
use crate::entity::{Block, Region};

/// Immediate dominators of the blocks of one region.
pub struct RegionDominance {
    /// Block -> (RPO index, immediate dominator's RPO index); unreachable
    /// blocks are absent.
    info: HashMap<Block, (usize, usize)>,
    order: Vec<Block>,
}

impl RegionDominance {
    pub fn compute(body: &Body, region: Region) -> RegionDominance {
        let Some(entry) = body.first_block(region) else {
            return RegionDominance { info: HashMap::new(), order: vec![] };
        };
        // Post-order DFS over successors.
        let mut post = Vec::new();
        let mut visited = std::collections::HashSet::new();
        let mut stack: Vec<(Block, usize)> = vec![(entry, 0)];
        visited.insert(entry);
        while let Some((b, i)) = stack.pop() {
            let succs = body.last_op(b).map(|t| body.successors(t)).unwrap_or(&[]);
            if i < succs.len() {
                stack.push((b, i + 1));
                let s = succs[i];
                if visited.insert(s) {
                    stack.push((s, 0));
                }
            } else {
                post.push(b);
            }
        }
        let order: Vec<Block> = post.into_iter().rev().collect();
        let index: HashMap<Block, usize> = order.iter().enumerate().map(|(i, b)| (*b, i)).collect();
        let mut preds: Vec<Vec<usize>> = vec![vec![]; order.len()];
        for (i, &b) in order.iter().enumerate() {
            if let Some(t) = body.last_op(b) {
                for s in body.successors(t) {
                    if let Some(&j) = index.get(s) {
                        preds[j].push(i);
                    }
                }
            }
        }
        let mut idom: Vec<Option<usize>> = vec![None; order.len()];
        idom[0] = Some(0);
        let mut changed = true;
        while changed {
            changed = false;
            for i in 1..order.len() {
                let mut new: Option<usize> = None;
                for &p in &preds[i] {
                    if idom[p].is_none() {
                        continue;
                    }
                    new = Some(match new {
                        None => p,
                        Some(n) => intersect(&idom, p, n),
                    });
                }
                if new.is_some() && idom[i] != new {
                    idom[i] = new;
                    changed = true;
                }
            }
        }
        let info = order.iter().enumerate().map(|(i, b)| (*b, (i, idom[i].unwrap_or(0)))).collect();
        RegionDominance { info, order }
    }

    /// The immediate dominator of `b`; `None` for the entry block and for
    /// unreachable blocks (which are not in the dominator tree).
    pub fn immediate_dominator(&self, b: Block) -> Option<Block> {
        let &(i, idom) = self.info.get(&b)?;
        (i != 0).then(|| self.order[idom])
    }

    pub fn is_reachable(&self, b: Block) -> bool {
        self.info.contains_key(&b)
    }

    /// True if `a` dominates `b` (a block dominates itself). Unreachable
    /// blocks are dominated by everything, as in MLIR.
    pub fn dominates(&self, a: Block, b: Block) -> bool {
        let Some(&(mut bi, _)) = self.info.get(&b) else { return true };
        let Some(&(ai, _)) = self.info.get(&a) else { return false };
        loop {
            if bi == ai {
                return true;
            }
            if bi == 0 {
                return false;
            }
            bi = self.info[&self.order[bi]].1;
        }
    }
}

fn intersect(idom: &[Option<usize>], mut a: usize, mut b: usize) -> usize {
    while a != b {
        while a > b {
            a = idom[a].unwrap();
        }
        while b > a {
            b = idom[b].unwrap();
        }
    }
    a
}
