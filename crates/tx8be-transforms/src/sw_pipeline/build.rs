//! Building one group's software pipeline (the seed's `getPipeline`) on
//! one tile. `build` lays out getInitPipelineOps' nest: a Repeat node per
//! split dim with more than one step, each load at the head of the
//! iterations of the level whose advance changes its box (`load_levels`).
//! Double-buffered it is built retracted (the seed's `pipeline`):
//! `get_retract` says which loads may run beside the previous step's calls
//! (canParallel), and doRetract splices them there (`step_frames`: the
//! next step's loads in the compute frame, the previous step's store
//! delayed into it; `repeat`: a load of an outer level goes into the last
//! iteration of the inner Repeat, its `last`). `engine_streams` is
//! getEnginsPipeline: per frame, the ops each engine runs.
//!
//! Both forms describe the loop codegen prints (`tx8c`'s `codegen/emit_c/steps.rs`):
//! single-buffered, a step issues the loads whose box changed, joins RDMA
//! once (only when it loaded), calls, stores and joins WDMA; double-
//! buffered, step i's calls run beside step i+1's loads and step i-1's
//! store, with an RDMA and a WDMA join per step, after a prologue loading
//! step 0 and before an epilogue storing the last step.

use tx8_cmodel::Engine;

use super::{Frame, Node, PipeOp};

/// What the construction needs to know about one group on one tile.
#[derive(Debug, Clone, PartialEq)]
pub struct NestPlan {
    /// Steps per nest level, outermost first (split dims with more than
    /// one step on this tile, in dim order: `boxes::split_box` walks the
    /// slices row-major).
    pub counts: Vec<i64>,
    /// Per load slot: `None` when the slot is not issued (it shares an
    /// earlier slot's buffer, `schedule::shared_loads`), else its level
    /// (`load_levels`): 0 when its box never changes (loaded once, before
    /// the nest), `l` when it changes as level `l` advances (loaded at the
    /// head of each iteration of level `l`; `counts.len()`: every step).
    pub load_level: Vec<Option<usize>>,
    /// Per load slot: whether getRetract lets it run beside the previous
    /// step's calls (only meaningful when `pipelined`).
    pub retract: Vec<bool>,
    /// Load slots copied out of another load's buffer (TDMA) at every
    /// step, before the calls (`schedule::copied_loads`).
    pub copies: Vec<usize>,
    /// The group's calls, in order.
    pub calls: usize,
    /// Double-buffered: the retracted (software-pipelined) form.
    pub pipelined: bool,
}

/// The level of every load slot from one tile's per-step boxes:
/// `changed[s][k]` says whether slot k's box at step s differs from step
/// s-1's (s >= 1; row 0 is ignored). `carry(s)` is the outermost level
/// whose index advances at step s; a slot's level is the largest carry
/// at which its box changes (0 when it never does).
pub fn load_levels(counts: &[i64], changed: &[Vec<bool>], issued: &[bool]) -> Vec<Option<usize>> {
    let carries = carries(counts, changed.len());
    (0..issued.len())
        .map(|k| {
            issued[k].then(|| (1..changed.len()).filter(|&s| changed[s][k]).map(|s| carries[s]).max().unwrap_or(0))
        })
        .collect()
}

/// The carry level of every step of a nest with `counts` (outermost
/// first), numbering levels 1..=counts.len(); step 0 gets 0.
pub fn carries(counts: &[i64], steps: usize) -> Vec<usize> {
    let mut idx = vec![0i64; counts.len()];
    let mut out = vec![0usize; steps];
    for c in out.iter_mut().skip(1) {
        let mut l = counts.len();
        while l > 0 {
            idx[l - 1] += 1;
            if idx[l - 1] < counts[l - 1] {
                break;
            }
            idx[l - 1] = 0;
            l -= 1;
        }
        *c = l.max(1);
    }
    out
}

/// getRetract: how many of a step's loads (in slot order) may run beside
/// the previous step's calls. canParallel: a load runs on RDMA, so not
/// beside a call on RDMA (a Gather reads its table by RDMA); and it writes
/// its operand's other buffer only when the load is multi-buffered
/// (`multi_buf`), else it would overwrite the box the calls read.
pub fn get_retract(head: &[usize], multi_buf: &[bool], call_engines: &[Engine]) -> usize {
    if call_engines.contains(&Engine::Rdma) {
        return 0;
    }
    head.iter().take_while(|&&k| multi_buf[k]).count()
}

fn frame(ops: Vec<(PipeOp, i64)>, joins: Vec<Engine>) -> Node {
    Node::Frame(Frame { ops, joins })
}

/// The whole pipeline of `p`: getInitPipelineOps' nest, retracted when
/// `p.pipelined` (doRetract).
pub fn build(p: &NestPlan) -> Vec<Node> {
    let m = p.counts.len();
    let pipelined = p.pipelined;
    let stays = |k: usize| !(pipelined && p.retract[k]);
    // The loads that stay at the head of their level's iterations, joined
    // once per step: the innermost level holding any carries the join.
    let join_level = (0..=m).rev().find(|&l| (0..p.load_level.len()).any(|k| p.load_level[k] == Some(l) && stays(k)));
    let mut top = Vec::new();
    // Level 0: loads never changing (loaded once); pipelined, the
    // prologue also issues step 0's retracted loads.
    let first: Vec<(PipeOp, i64)> = (0..p.load_level.len())
        .filter(|&k| match p.load_level[k] {
            Some(0) => true,
            Some(_) => pipelined && p.retract[k],
            None => false,
        })
        .map(|k| (PipeOp::Load(k), 0))
        .collect();
    if !first.is_empty() {
        let joins = if join_level == Some(0) { vec![Engine::Rdma] } else { vec![] };
        top.push(frame(first, joins));
    }
    if m == 0 {
        top.extend(step_frames(p, m + 1));
    } else {
        top.push(repeat(p, 0, 1, join_level));
    }
    if pipelined {
        // Drain: the last step's store, then the final WDMA join.
        top.push(frame(vec![(PipeOp::Store, 0)], vec![Engine::Wdma]));
    }
    top
}

/// The Repeat node of level `l + 1` (inside one iteration of level `l`),
/// whose last iteration is followed by a step with carry `c_next`.
fn repeat(p: &NestPlan, l: usize, c_next: usize, join_level: Option<usize>) -> Node {
    let body = iteration(p, l + 1, l + 1, join_level);
    let last = iteration(p, l + 1, c_next, join_level);
    Node::Repeat { times: p.counts[l], last: (last != body).then_some(last), body }
}

/// One iteration of level `l` (1..=m), followed by a step with carry
/// `c_next`: the loads staying at this level, then the next level's
/// Repeat or, innermost, the step itself.
fn iteration(p: &NestPlan, l: usize, c_next: usize, join_level: Option<usize>) -> Vec<Node> {
    let m = p.counts.len();
    let mut nodes = Vec::new();
    let stay: Vec<(PipeOp, i64)> = (0..p.load_level.len())
        .filter(|&k| p.load_level[k] == Some(l) && !(p.pipelined && p.retract[k]))
        .map(|k| (PipeOp::Load(k), 0))
        .collect();
    if !stay.is_empty() {
        let joins = if join_level == Some(l) { vec![Engine::Rdma] } else { vec![] };
        nodes.push(frame(stay, joins));
    }
    if l == m {
        nodes.extend(step_frames(p, c_next));
    } else {
        nodes.push(repeat(p, l, c_next, join_level));
    }
    nodes
}

/// The frames of one step whose successor has carry `c_next`.
/// Single-buffered: the calls, then the store and its join. Pipelined
/// (doRetract): one frame, the calls beside the next step's retracted
/// loads (those whose box changes at `c_next`: level >= c_next) and the
/// previous step's store, joining RDMA (this step's loads) and WDMA (the
/// previous store).
fn step_frames(p: &NestPlan, c_next: usize) -> Vec<Node> {
    let calls: Vec<(PipeOp, i64)> =
        p.copies.iter().map(|&k| (PipeOp::Load(k), 0)).chain((0..p.calls).map(|c| (PipeOp::Call(c), 0))).collect();
    if !p.pipelined {
        return vec![frame(calls, vec![]), frame(vec![(PipeOp::Store, 0)], vec![Engine::Wdma])];
    }
    let mut ops: Vec<(PipeOp, i64)> = (0..p.load_level.len())
        .filter(|&k| p.retract[k] && p.load_level[k].is_some_and(|l| l >= 1 && l >= c_next))
        .map(|k| (PipeOp::Load(k), 1))
        .collect();
    ops.extend(calls);
    ops.push((PipeOp::Store, -1));
    vec![frame(ops, vec![Engine::Rdma, Engine::Wdma])]
}

/// getEnginsPipeline: the ops of `f` per engine, in the order
/// ld (RDMA), ne, ct, tdma, st (WDMA); `engine(op)` says which runs it.
pub fn engine_streams(f: &Frame, engine: impl Fn(PipeOp) -> Engine) -> Vec<(Engine, Vec<(PipeOp, i64)>)> {
    let order = [Engine::Rdma, Engine::Ne, Engine::Ct, Engine::Tdma, Engine::Dte, Engine::Scalar, Engine::Wdma];
    order
        .iter()
        .filter_map(|&e| {
            let ops: Vec<(PipeOp, i64)> = f.ops.iter().copied().filter(|&(op, _)| engine(op) == e).collect();
            (!ops.is_empty()).then_some((e, ops))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn carries_follow_the_row_major_walk() {
        // 2 x 3 steps: the outer level advances at step 3.
        assert_eq!(carries(&[2, 3], 6), vec![0, 2, 2, 1, 2, 2]);
        assert_eq!(carries(&[4], 4), vec![0, 1, 1, 1]);
    }

    #[test]
    fn a_load_changing_only_with_the_outer_dim_sits_at_the_outer_level() {
        // Slot 0 changes when the outer index moves, slot 1 at every step,
        // slot 2 never.
        let counts = [2, 2];
        let changed = vec![vec![false; 3], vec![false, true, false], vec![true, true, false], vec![false, true, false]];
        assert_eq!(load_levels(&counts, &changed, &[true, true, true]), vec![Some(1), Some(2), Some(0)]);
    }

    fn plan(counts: Vec<i64>, levels: Vec<usize>, pipelined: bool) -> NestPlan {
        let n = levels.len();
        NestPlan {
            counts,
            load_level: levels.into_iter().map(Some).collect(),
            retract: vec![true; n],
            copies: Vec::new(),
            calls: 1,
            pipelined,
        }
    }

    #[test]
    fn nested_repeats_carry_the_step_counts() {
        let nodes = build(&plan(vec![3, 4], vec![1, 2], false));
        // Single-buffered: no level-0 load, one Repeat of 3 around one of 4.
        assert_eq!(nodes.len(), 1);
        let Node::Repeat { times, body, last } = &nodes[0] else { panic!("a Repeat node") };
        assert_eq!((*times, last.is_none()), (3, true));
        // The outer body: slot 0's load (not joined: the inner one is), then the inner Repeat.
        assert_eq!(body[0], frame(vec![(PipeOp::Load(0), 0)], vec![]));
        let Node::Repeat { times, body, .. } = &body[1] else { panic!("an inner Repeat") };
        assert_eq!(*times, 4);
        assert_eq!(body[0], frame(vec![(PipeOp::Load(1), 0)], vec![Engine::Rdma]));
    }

    #[test]
    fn retracted_outer_loads_splice_into_the_last_inner_step() {
        let nodes = build(&plan(vec![3, 4], vec![1, 2], true));
        // Prologue (both loads of step 0), the nest, the drain.
        assert_eq!(nodes[0], frame(vec![(PipeOp::Load(0), 0), (PipeOp::Load(1), 0)], vec![]));
        let Node::Repeat { body, .. } = &nodes[1] else { panic!("a Repeat node") };
        let Node::Repeat { times, body, last } = &body[0] else { panic!("an inner Repeat") };
        assert_eq!(*times, 4);
        let kernel = frame(
            vec![(PipeOp::Load(1), 1), (PipeOp::Call(0), 0), (PipeOp::Store, -1)],
            vec![Engine::Rdma, Engine::Wdma],
        );
        assert_eq!(body, &vec![kernel]);
        let spliced = frame(
            vec![(PipeOp::Load(0), 1), (PipeOp::Load(1), 1), (PipeOp::Call(0), 0), (PipeOp::Store, -1)],
            vec![Engine::Rdma, Engine::Wdma],
        );
        assert_eq!(last, &Some(vec![spliced]));
        assert_eq!(nodes[2], frame(vec![(PipeOp::Store, 0)], vec![Engine::Wdma]));
    }

    #[test]
    fn a_call_on_rdma_or_a_single_buffer_stops_the_retract() {
        assert_eq!(get_retract(&[0, 1], &[true, true], &[Engine::Ne]), 2);
        assert_eq!(get_retract(&[0, 1], &[true, false], &[Engine::Ct]), 1);
        assert_eq!(get_retract(&[0, 1], &[true, true], &[Engine::Rdma]), 0);
    }
}
