//! `tx8be-sharding` (the simple schedule's DS_SpaceInit + DS_TileSharding +
//! DS_TileSplit): for the compute op of every group, choose
//! - the sharding: a cut of the output dims over the tiles, among the
//!   candidates of `choose_among` that every op's Sharding interface
//!   allows, ranked by a cheap cost, the best few searched in full
//!   (below), written as `tile_parallel`'s `shape_spatial_sharding`;
//! - the time split and the buffering (DS_TileSplit and the seed's
//!   TS_SwPipeline decision): among the largest slices (halving one or two
//!   splittable dims) whose buffers fit the usable SPM window once
//!   (single-buffered) or twice (double buffers; a step-invariant operand
//!   once), the one whose step loop `pipeline_cost` estimates fastest,
//!   written as `dev_info`'s `temporal_mem_slice`, and `multi_buf_en` /
//!   `multi_buf_num = 2` on the compute op, its loads and its store when
//!   pipelined. Halving the outermost splittable dim first is the fallback
//!   that decides whether the op fits at all.
//!
//! A group no split makes fit is an error naming the op ("does not fit the
//! card").

use rayon::prelude::*;
use strata_ir::{Body, Context, Diagnostic, Op};
use strata_pass::pass::{Pass, PassTarget};
use strata_pass::registry::PassInfo;
use strata_pass::PreservedAnalyses;
use tx8_cmodel::HardwareConfig;
use tx8be::interfaces::sharding::ShardingSplitParam;
use tx8be::{DevAttr, ParallelAttr};

use crate::pipeline_cost::{busiest_tile_steps_moving, pipelined_cycles, single_buffered_cycles};
use tx8be::schedule::boxes::{choose_slice, maximal_slices, next_size, slice_sizes, step_count};
use tx8be::schedule::group_calls::GroupCalls;
use tx8be::schedule::groups::{group_compute_op, groups};
use tx8be::schedule::steps::{group_buffers, step_invariant_loads, tile_steps, StepBoxes};
use tx8be::{op_kind, OpKind};

pub const INFO: PassInfo = PassInfo {
    argument: "tx8be-sharding",
    description:
        "Choose each group's sharding over the tiles and its time split (tile_parallel, dev_info.temporal_mem_slice)",
    options: &[],
    ctor: |opts| {
        opts.apply("tx8be-sharding", |_, _| None)?;
        Ok(Box::new(Sharding))
    },
};

pub struct Sharding;

impl Pass for Sharding {
    fn argument(&self) -> &'static str {
        INFO.argument
    }
    fn name(&self) -> &'static str {
        "Tx8beSharding"
    }
    fn anchor(&self) -> Option<&'static str> {
        Some("func.func")
    }
    fn run(&self, target: &mut PassTarget<'_>) -> Result<PreservedAnalyses, Diagnostic> {
        let hw = &crate::attach_target::hardware(target)?;
        let ctx = target.ctx;
        let body = &mut *target.body;
        // The seed's template mechanism: a group identical to one searched
        // before (same ops, attributes, types and placements) takes its
        // schedule, and records whose (`template_id`).
        // The first group of each key is searched, those searches in
        // parallel (each reads only its own group); the schedules are then
        // written in program order, where a search's error (the first in
        // program order) stops the pass.
        let all: Vec<(Op, Op, crate::search::template_cache::GroupKey)> = groups(ctx, body)
            .into_iter()
            .filter_map(|g| {
                group_compute_op(ctx, body, g).map(|op| (g, op, crate::search::template_cache::group_key(ctx, body, g)))
            })
            .collect();
        let mut firsts: std::collections::HashMap<crate::search::template_cache::GroupKey, Op> =
            std::collections::HashMap::new();
        for (_, op, key) in &all {
            firsts.entry(key.clone()).or_insert(*op);
        }
        let shared: &Body = body;
        let mut searched: std::collections::HashMap<
            crate::search::template_cache::GroupKey,
            Result<Schedule, Diagnostic>,
        > = firsts.into_par_iter().map(|(key, op)| (key, choose(ctx, shared, op, hw))).collect();
        let mut templates: std::collections::HashMap<crate::search::template_cache::GroupKey, (i64, Schedule)> =
            std::collections::HashMap::new();
        for (g, op, key) in all {
            let schedule = match templates.get(&key) {
                Some((source, s)) => {
                    body.set_op_attr(ctx, g, "template_id", Some(ctx.integer_attr(ctx.i64(), *source)));
                    s.clone()
                }
                None => {
                    let s = searched.remove(&key).expect("every key was searched")?;
                    let id = tx8be::dialect::values::attr_i64(ctx, body, g, "group_id").unwrap_or(-1);
                    templates.insert(key, (id, s.clone()));
                    body.set_op_attr(ctx, g, "template_id", None);
                    s
                }
            };
            let Schedule { shard, slice, buffers, ring, stream } = schedule;
            match &ring {
                Some(r) => {
                    body.set_op_attr(ctx, op, "share", Some(ctx.string_attr("ring")));
                    let ids: Vec<i64> = r.iter().map(|&t| t as i64).collect();
                    body.set_op_attr(ctx, op, "share_ring", Some(tx8be::dialect::values::dense_i64_array(ctx, &ids)));
                }
                None => {
                    body.set_op_attr(ctx, op, "share", None);
                    body.set_op_attr(ctx, op, "share_ring", None);
                }
            }
            let mut par = body
                .op_attr(ctx, op, "tile_parallel")
                .and_then(|a| ParallelAttr::from_attr(ctx, a))
                .unwrap_or_default();
            par.shape_spatial_sharding = shard.iter().map(|&s| s as i32).collect();
            body.set_op_attr(ctx, op, "tile_parallel", Some(par.to_attr(ctx)));
            let mut dev =
                body.op_attr(ctx, op, "dev_info").and_then(|a| DevAttr::from_attr(ctx, a)).unwrap_or_default();
            dev.temporal_mem_slice = slice.clone();
            set_buffers(&mut dev, buffers);
            body.set_op_attr(ctx, op, "dev_info", Some(dev.to_attr(ctx)));
            // The loads and the store move the multi-buffered values.
            let calls = GroupCalls::of_anchor(ctx, body, op)?;
            // Weights every tile needs whole: broadcast over the NoC.
            let steps = tile_steps(ctx, body, op, &shard, &slice, hw.tiles() as usize)?;
            let shares = if ring.is_some() {
                vec![None; calls.loads.len()]
            } else {
                crate::broadcast::plan(ctx, body, &calls, &steps, hw).shares
            };
            // And the loads streamed along mesh lines at every step.
            let streamed = if stream {
                crate::pipeline_cost::LoadMoves::streaming(ctx, body, &calls, &steps, hw).streamed
            } else {
                vec![None; calls.loads.len()]
            };
            for ((s, share), streamed) in calls.loads.iter().zip(shares).zip(streamed) {
                let value = match (share, streamed) {
                    (Some(x), _) => Some(x.attr()),
                    (None, Some(x)) => Some(tx8be::schedule::shares::stream_attr(x)),
                    (None, None) => None,
                };
                body.set_op_attr(ctx, s.load, "share", value.map(|x| ctx.string_attr(x)));
            }
            let mut movers: Vec<Op> = calls
                .calls
                .iter()
                .flat_map(|&c| (0..body.num_operands(c)).map(move |i| (c, i)))
                .filter_map(|(c, i)| body.defining_op(body.operand(c, i)))
                .filter(|&d| is_move(ctx, body, d))
                .collect();
            movers.extend(group_store_op(ctx, body, g));
            for m in movers {
                let v = body.result(m, 0);
                // A single-buffered move without a dev_info keeps none.
                let mut d = match body.op_attr(ctx, m, "dev_info").and_then(|a| DevAttr::from_attr(ctx, a)) {
                    Some(d) => d,
                    None if buffers > 1 => {
                        DevAttr { mem_layout: tx8be::layout::value_mem_layout(ctx, body, v), ..DevAttr::default() }
                    }
                    None => continue,
                };
                set_buffers(&mut d, buffers);
                body.set_op_attr(ctx, m, "dev_info", Some(d.to_attr(ctx)));
            }
        }
        Ok(PreservedAnalyses::none())
    }
}

fn set_buffers(d: &mut DevAttr, buffers: u32) {
    d.multi_buf_en = buffers > 1;
    d.multi_buf_num = buffers.max(1) as i32;
}

fn is_move(ctx: &Context, body: &Body, op: Op) -> bool {
    matches!(op_kind(ctx, body, op), Some(OpKind::LoadVar | OpKind::LoadConst | OpKind::StoreVar))
}

/// The `store_var` of a group (the op defining the value its yield returns).
fn group_store_op(ctx: &Context, body: &Body, group: Op) -> Option<Op> {
    let v = tx8be::schedule::groups::group_store(ctx, body, group)?;
    body.defining_op(v).filter(|&d| op_kind(ctx, body, d) == Some(OpKind::StoreVar))
}

/// Whether an op may be multi-buffered: a copy (`Slice`) stores straight
/// from its operand's buffer, so its loads cannot run ahead of its store.
fn can_pipeline(ctx: &Context, body: &Body, op: Op) -> bool {
    op_kind(ctx, body, op) != Some(OpKind::Slice)
}

/// One group's schedule: sharding, time split and buffer count.
#[derive(Debug, Clone, PartialEq)]
pub struct Schedule {
    pub shard: Vec<i64>,
    pub slice: Vec<i64>,
    /// 1 (single-buffered) or 2 (double buffers, pipelined).
    pub buffers: u32,
    /// A GEMM sharing B round this ring of tiles (`ring_share`).
    pub ring: Option<Vec<u32>>,
    /// Loads streamed along mesh lines at every step (`stream_share`).
    pub stream: bool,
}

fn legal(ctx: &Context, body: &Body, op: Op, shard: &[i64], split: &[i64]) -> bool {
    let p = ShardingSplitParam { out_sharding: shard.to_vec(), out_split: split.to_vec() };
    tx8be::interfaces::tile_sharding_split(ctx, body, op, &p).is_ok()
}

/// The chosen schedule of `op`.
pub fn choose(ctx: &Context, body: &Body, op: Op, hw: &HardwareConfig) -> Result<Schedule, Diagnostic> {
    choose_estimated(ctx, body, op, hw).map(|(_, s)| s)
}

/// The chosen schedule of the group anchored at `op` and the cycles the
/// search estimated for it (what `tx8be-group-boundaries` compares).
pub fn choose_estimated(
    ctx: &Context,
    body: &Body,
    op: Op,
    hw: &HardwareConfig,
) -> Result<(f64, Schedule), Diagnostic> {
    choose_among(ctx, body, op, hw, SHARDING_TRIES, &STEP_LIMITS)
}

/// `choose_estimated` with the split search run on the `tries` best-ranked
/// shardings, within each of `step_limits` steps per tile in turn until
/// one fits (the group boundary search, which asks about many candidate
/// groups, takes the best-ranked sharding only, within the first limit:
/// `DP_STEP_LIMITS`).
pub fn choose_among(
    ctx: &Context,
    body: &Body,
    op: Op,
    hw: &HardwareConfig,
    tries: usize,
    step_limits: &[i64],
) -> Result<(f64, Schedule), Diagnostic> {
    let dims: Vec<i64> = ctx.shape(body.value_type(body.result(op, 0))).unwrap_or(&[]).to_vec();
    let rank = dims.len();
    let tiles = hw.tiles() as i64;
    let ones = vec![1i64; rank];
    let g = GroupCalls::of_anchor(ctx, body, op)?;
    // Candidates (DS_SpaceInit): every sharding over all the tiles that
    // the anchor's interface allows (`search::slice_space`), and each dim
    // cut alone over min(dim, tiles) tiles (a 14-row output over 14
    // tiles); only those every op of the group accepts. The cheap
    // `shard_cost` ranks them; the split search runs on the best few.
    let mut candidates: Vec<Vec<i64>> = Vec::new();
    for d in 0..rank {
        if dims[d] >= 2 {
            let mut shard = ones.clone();
            shard[d] = dims[d].min(tiles);
            candidates.push(shard);
        }
    }
    // And each dim cut over 2, 4 or 8 tiles, the others idle: a group
    // whose weights every tile would read (a batch-1 MobileNet block) can
    // be faster on a few tiles than on all of them.
    for d in 0..rank {
        for parts in [2, 4, 8] {
            if dims[d] >= parts && parts < tiles {
                let mut shard = ones.clone();
                shard[d] = parts;
                if !candidates.contains(&shard) {
                    candidates.push(shard);
                }
            }
        }
    }
    let align = crate::search::anchor::last_dim_align(ctx, body, op);
    for level in crate::search::slice_space::sharding_space(&dims, tiles, align, |s| legal(ctx, body, op, s, &ones)) {
        for s in level.shardings {
            if !candidates.contains(&s) {
                candidates.push(s);
            }
        }
    }
    // A sharding the IR gives (`tile_parallel.sharding_is_given`, the
    // seed's user-given sharding) is the only candidate.
    let given = body
        .op_attr(ctx, op, "tile_parallel")
        .and_then(|a| ParallelAttr::from_attr(ctx, a))
        .filter(|p| p.sharding_is_given);
    if let Some(p) = given {
        let shard: Vec<i64> = p.shape_spatial_sharding.iter().map(|&s| s as i64).collect();
        if shard.len() != rank || !legal(ctx, body, op, &shard, &ones) {
            return Err(Diagnostic::error(
                body.op_loc(op),
                format!(
                    "'{}' op cannot take its given sharding {:?} (sharding_is_given)",
                    ctx.op_name_str(body.op_name(op)),
                    shard
                ),
            ));
        }
        candidates = vec![shard];
    }
    let mut ranked: Vec<(f64, Vec<i64>)> = candidates
        .into_iter()
        .filter(|shard| legal(ctx, body, op, shard, &ones))
        .filter_map(|shard| {
            let whole_steps = tile_steps(ctx, body, op, &shard, &dims, tiles as usize).ok()?;
            Some((shard_cost(ctx, body, &g, &whole_steps, hw), shard))
        })
        .collect();
    ranked.sort_by(|a, b| a.0.total_cmp(&b.0));
    if ranked.is_empty() {
        ranked.push((0.0, ones.clone()));
    }
    let mut best: Option<(f64, Schedule)> = None;
    let mut first_error = None;
    for (_, shard) in ranked.into_iter().take(tries.max(1)) {
        let mut searched = Err(Diagnostic::error(body.op_loc(op), "no step limit to search within"));
        for &limit in step_limits {
            searched = search_split(ctx, body, op, &g, &shard, hw, limit);
            if searched.is_ok() {
                break;
            }
        }
        match searched {
            Ok((t, s)) => {
                if best.as_ref().is_none_or(|(b, _)| t < *b) {
                    best = Some((t, s));
                }
            }
            Err(e) => {
                first_error.get_or_insert(e);
            }
        }
    }
    let mut best = match (best, first_error) {
        (Some(b), _) => b,
        (None, Some(e)) => return Err(e),
        (None, None) => unreachable!("at least one candidate is searched"),
    };
    if let Some(r) = crate::ring_share::ring_choice(ctx, body, op, hw).filter(|_| g.is_single()) {
        if r.cycles < best.0 {
            best =
                (r.cycles, Schedule { shard: r.shard, slice: r.slice, buffers: 2, ring: Some(r.ring), stream: false });
        }
    }
    Ok(best)
}

/// Steps per tile below which the split search halves a pipelined slice
/// further (one halving always).
const FEW_STEPS: i64 = 8;

/// How many of the best-ranked shardings get the full split search.
const SHARDING_TRIES: usize = 3;

/// DS_TileSplit and the buffering decision for one sharding: the time
/// split and buffer count the pipeline estimate finds fastest, with that
/// estimate; an error naming the op when no slice fits.
fn search_split(
    ctx: &Context,
    body: &Body,
    op: Op,
    g: &GroupCalls,
    shard: &[i64],
    hw: &HardwareConfig,
    max_steps: i64,
) -> Result<(f64, Schedule), Diagnostic> {
    let dims: Vec<i64> = ctx.shape(body.value_type(body.result(op, 0))).unwrap_or(&[]).to_vec();
    let rank = dims.len();
    let tiles = hw.tiles() as i64;
    let window = hw.spm_usable_end.saturating_sub(hw.spm_usable_start);
    let ones = vec![1i64; rank];
    let shard = shard.to_vec();
    let tile_box = tx8be::schedule::boxes::shard_boxes(&dims, &shard, tiles as usize)
        .into_iter()
        .flatten()
        .max_by_key(|b| b.size.iter().product::<i64>())
        .unwrap_or_else(|| tx8be::schedule::boxes::TBox::whole(&dims));
    // Why an op of a multi-op group refused a candidate box (the first
    // reason): when nothing fits, that is the error to report.
    let refusal: std::cell::RefCell<Option<Diagnostic>> = std::cell::RefCell::new(None);
    let note = |r: Result<Vec<Vec<StepBoxes>>, Diagnostic>| -> Option<Vec<Vec<StepBoxes>>> {
        r.map_err(|e| {
            refusal.borrow_mut().get_or_insert(e);
        })
        .ok()
    };
    // The sizes each dim's slice may take (largest first: the tile box's
    // extent). A dim is split when the anchor may split it and every other
    // op of the group accepts the boxes its next size gives. Along a dim
    // a grouped conv's output channels follow, the sizes hold whole groups
    // or parts of one group (`slice_sizes`): the search picks the boxes
    // the NE's grouped conv takes rather than the operator library taking
    // boxes that cut groups (`tx8be::interfaces::sharding::conv_box_groups`
    // says why).
    let widths = tx8be::schedule::steps::group_widths(ctx, body, op);
    let sizes: Vec<Vec<i64>> = (0..rank)
        .map(|d| {
            let all = slice_sizes(tile_box.size[d], true, &widths[d]);
            let mut split = ones.clone();
            split[d] = 2;
            let splits = all.len() > 1
                && dims[d] > 1
                && legal(ctx, body, op, &shard, &split)
                && (g.is_single() || {
                    let mut next = tile_box.size.clone();
                    next[d] = all[1];
                    note(tile_steps(ctx, body, op, &shard, &next, tiles as usize)).is_some()
                });
            if splits {
                all
            } else {
                vec![all[0]]
            }
        })
        .collect();
    // The steps and buffers of each slice, computed once: the fit checks
    // and the estimates ask about the same slices many times.
    type Steps = std::rc::Rc<Vec<Vec<StepBoxes>>>;
    let step_memo: std::cell::RefCell<std::collections::HashMap<Vec<i64>, Option<Steps>>> = Default::default();
    let steps_of = |slice: &[i64]| -> Option<Steps> {
        if let Some(s) = step_memo.borrow().get(slice) {
            return s.clone();
        }
        let s = note(tile_steps(ctx, body, op, &shard, slice, tiles as usize)).map(std::rc::Rc::new);
        step_memo.borrow_mut().insert(slice.to_vec(), s.clone());
        s
    };
    // Per slice: its buffers and which loads stay resident across steps.
    let buffer_memo: std::cell::RefCell<
        std::collections::HashMap<Vec<i64>, Option<std::rc::Rc<(tx8be::schedule::steps::GroupBuffers, Vec<bool>)>>>,
    > = Default::default();
    let fits_with = |slice: &[i64], copies: u64| -> bool {
        // A slice needing more steps than the search allows is not a
        // schedule (and would take that many boxes to check).
        if step_count(&tile_box, slice) > max_steps {
            return false;
        }
        let known = buffer_memo.borrow().get(slice).cloned();
        let buffers = known.unwrap_or_else(|| {
            let b = steps_of(slice).and_then(|steps| {
                group_buffers(ctx, body, g, &steps, hw)
                    .ok()
                    .map(|b| std::rc::Rc::new((b, step_invariant_loads(g, &steps))))
            });
            buffer_memo.borrow_mut().insert(slice.to_vec(), b.clone());
            b
        });
        buffers.is_some_and(|b| b.0.total_with_copies(copies, &b.1) <= window)
    };
    let Some(single) = choose_slice(&sizes, |s| fits_with(s, 1)) else {
        // In a multi-op group, say why the smaller slices were refused.
        let why = refusal
            .borrow_mut()
            .take()
            .filter(|_| !g.is_single())
            .map(|d| format!("; smaller slices are refused: {}", d.message))
            .unwrap_or_default();
        return Err(Diagnostic::error(
            body.op_loc(op),
            format!(
                "'{}' op does not fit the card: even its smallest slice needs more than the {} bytes of usable SPM per tile{why}",
                ctx.op_name_str(body.op_name(op)),
                window
            ),
        ));
    };
    // The search: every maximal slice (one or two dims split), single-
    // buffered and, where two sets of buffers fit, pipelined; the least
    // estimated time wins (ties keep the first, the halving fallback). A
    // double-buffered slice is estimated with and without streaming its
    // loads along mesh lines (`stream_share`), the faster kept.
    let estimate = |slice: &[i64], copies: u32| -> Option<(f64, bool)> {
        let steps = steps_of(slice)?;
        let moves = crate::pipeline_cost::LoadMoves::of(ctx, body, g, &steps, hw);
        let times = busiest_tile_steps_moving(ctx, body, g, &steps, hw, moves.clone());
        if copies == 1 {
            return Some((single_buffered_cycles(&times, hw), false));
        }
        let plain = pipelined_cycles(&times, hw);
        let streamed =
            crate::stream_share::stream_slots(ctx, body, g, &steps, &moves.broadcast, &moves.shared, &moves.copied, hw);
        if streamed.iter().all(Option::is_none) {
            return Some((plain, false));
        }
        // A streamed slot takes a third buffer.
        let fits = buffer_memo.borrow().get(slice).cloned().flatten().is_some_and(|b| {
            let extra: u64 = streamed
                .iter()
                .zip(&b.0.loads)
                .filter(|(s, _)| s.is_some())
                .map(|(_, &bytes)| bytes * (tx8be::schedule::shares::STREAM_BUFFERS - 2))
                .sum();
            b.0.total_with_copies(2, &b.1) + extra <= window
        });
        if !fits {
            return Some((plain, false));
        }
        let streamed = pipelined_cycles(
            &busiest_tile_steps_moving(ctx, body, g, &steps, hw, crate::pipeline_cost::LoadMoves { streamed, ..moves }),
            hw,
        );
        Some(if streamed < plain { (streamed, true) } else { (plain, false) })
    };
    let mut best = (
        estimate(&single, 1).map_or(f64::INFINITY, |e| e.0),
        Schedule { shard: shard.clone(), slice: single.clone(), buffers: 1, ring: None, stream: false },
    );
    let consider = |slice: Vec<i64>, copies: u32, best: &mut (f64, Schedule)| {
        if copies > 1 && step_count(&tile_box, &slice) < 2 {
            return; // one step per tile leaves nothing to overlap
        }
        if let Some((t, stream)) = estimate(&slice, copies) {
            if t < best.0 {
                *best = (t, Schedule { shard: shard.clone(), slice, buffers: copies, ring: None, stream });
            }
        }
    };
    for slice in maximal_slices(&tile_box, &sizes, max_steps, |s| fits_with(s, 1)) {
        consider(slice, 1, &mut best);
    }
    if can_pipeline(ctx, body, op) {
        let mut doubles = maximal_slices(&tile_box, &sizes, max_steps, |s| fits_with(s, 2));
        // One halving finer than each maximal slice, along a dim it already
        // cuts or a dim it keeps whole: a smaller box may cost less DDR
        // (a halo or an operand re-read per step shrinks) and overlaps better.
        // A slice of few steps fills and drains the pipeline for a large
        // part of its time: halve on until it has FEW_STEPS.
        let mut finer = Vec::new();
        for s in &doubles {
            for d in 0..s.len() {
                let mut t = s.clone();
                while let Some(n) = next_size(&sizes[d], t[d]) {
                    t[d] = n;
                    if step_count(&tile_box, &t) > max_steps {
                        break;
                    }
                    if !doubles.contains(&t) && !finer.contains(&t) {
                        finer.push(t.clone());
                    }
                    if step_count(&tile_box, &t) >= FEW_STEPS {
                        break;
                    }
                }
            }
        }
        doubles.extend(finer);
        // A box that fits whole twice may still gain from overlapping its halves.
        if doubles.len() == 1 && step_count(&tile_box, &doubles[0]) == 1 {
            let whole = doubles[0].clone();
            for d in 0..whole.len() {
                if let Some(n) = next_size(&sizes[d], whole[d]) {
                    let mut s = whole.clone();
                    s[d] = n;
                    doubles.push(s);
                }
            }
        }
        for slice in doubles {
            if fits_with(&slice, 2) {
                consider(slice, 2, &mut best);
            }
        }
    }
    Ok(best)
}

/// The most steps per tile a candidate split of the search may take: the
/// search looks within `STEP_LIMITS[0]` first (a split into more steps
/// only adds DMA starts, and the search's time grows with the steps it
/// checks) and within the next limit only when nothing fits.
const STEP_LIMITS: [i64; 2] = [256, 4096];

/// The step limits of the group boundary search's estimates: a candidate
/// group that needs more than `STEP_LIMITS[0]` steps per tile is not worth
/// fusing.
pub const DP_STEP_LIMITS: &[i64] = &[STEP_LIMITS[0]];

/// Estimated cycles of a sharding (its `steps`, one per tile: the whole
/// tile box): the busiest tile's compute (every call of the group) and DMA
/// descriptor starts (a box of short rows takes one strided copy per row:
/// cutting a tensor's last dim into 8-element pieces is slow however few
/// bytes move), plus the DDR traffic of all tiles' loads and stores
/// through the shared DDR bandwidth.
fn shard_cost(ctx: &Context, body: &Body, g: &GroupCalls, steps: &[Vec<StepBoxes>], hw: &HardwareConfig) -> f64 {
    let mut busiest = 0f64;
    let mut bytes = 0u64;
    // Weights broadcast once (`broadcast`): their bytes cross DDR once, and
    // every tile spends the prologue.
    let mut plan = crate::broadcast::plan(ctx, body, g, steps, hw);
    // Only weights that can stay whole in SPM beside the data (at most
    // three quarters of the window): larger ones are cut by the time
    // split, and then every tile reads its pieces.
    let window = hw.spm_usable_end.saturating_sub(hw.spm_usable_start);
    let whole: Vec<bool> = plan.shares.iter().map(|s| *s == Some(tx8be::schedule::shares::Share::All)).collect();
    if crate::broadcast::broadcast_bytes(ctx, body, g, &whole) > window / 4 * 3 {
        let shares = plan.shares.iter().map(|s| s.filter(|s| *s != tx8be::schedule::shares::Share::All)).collect();
        plan = crate::broadcast::Prologue::of_shares(ctx, body, g, steps, shares, hw);
    }
    let filled = plan.slots();
    let is_broadcast =
        |c: usize, i: usize| g.loads.iter().zip(&filled).any(|(s, &b)| b && s.call == c && s.operand == i);
    bytes += plan.ddr_bytes;
    let prologue = plan.cycles;
    let anchor = g.anchor();
    let result = body.result(anchor, 0);
    for s in steps.iter().flatten() {
        let compute: f64 = s
            .calls
            .iter()
            .zip(&g.calls)
            .map(|(c, &op)| crate::cost::call_cycles(ctx, body, op, hw, &c.out, &c.operands))
            .sum();
        let mut starts = crate::pipeline_cost::descriptors(ctx, body, result, s.out());
        bytes += tx8be::schedule::steps::slice_bytes(ctx, body, result, &s.out().size);
        // Every operand read from outside the group (loaded or read from
        // DDR by the op itself); intermediates stay in SPM.
        for (c, call) in s.calls.iter().enumerate() {
            let op = g.calls[c];
            for (i, b) in call.operands.iter().enumerate() {
                if is_broadcast(c, i)
                    || g.inputs[c]
                        .iter()
                        .any(|&(j, x)| j == i && matches!(x, tx8be::schedule::group_calls::Input::Call(_)))
                {
                    continue;
                }
                let v = body.operand(op, i);
                bytes += tx8be::schedule::steps::slice_bytes(ctx, body, v, &b.size);
                starts += crate::pipeline_cost::descriptors(ctx, body, v, b);
            }
        }
        busiest = busiest.max(prologue + compute + starts * hw.dma_start_cycles as f64);
    }
    busiest + bytes as f64 / hw.ddr_bytes_per_cycle
}
