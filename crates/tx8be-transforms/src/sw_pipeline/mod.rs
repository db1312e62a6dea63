//! `tx8be-sw-pipeline` (the seed's TS_SwPipeline): writes each group's
//! software pipeline into the IR as `sw_pipeline` on the `tx8be.group`,
//! from the schedule `tx8be-sharding` recorded (sharding, time split,
//! `multi_buf_num`): the loop nest over the anchor's time split as Repeat
//! nodes (getInitPipelineOps), the loads of each level at the
//! head of its iterations, and, double-buffered, the next step's loads
//! retracted into the previous step's compute frame (pipeline: getRetract /
//! doRetract; all in `build`), each frame
//! listing the ops of every engine (`build::engine_streams`). Walking it
//! with the per-op engine times gives the estimate of the group's step
//! loop (`eval`). The textual form is in crates/tx8be/OPS.md ("Groups").
//!
//! It describes the busiest tile (the one `pipeline_cost` estimates);
//! other tiles run the same nest over their own boxes (a tile with a
//! smaller box may take one step fewer along a dim). A ring GEMM's loop
//! (`ring_share`, `emit_ring.rs`) is not described: it gets none.

pub mod build;
pub mod eval;

use strata_ir::{Attribute, Body, Context, Diagnostic, Op};
use strata_pass::pass::{Pass, PassTarget};
use strata_pass::registry::PassInfo;
use strata_pass::PreservedAnalyses;
use tx8_cmodel::{Engine, HardwareConfig};
use tx8be::{op_kind, OpKind};

use crate::pipeline_cost::LoadMoves;
use build::{engine_streams, get_retract, load_levels, NestPlan};
use eval::{busiest_tile, changed_loads, OpTimes};
use tx8be::schedule::buffers::recorded_buffers;
use tx8be::schedule::group_calls::GroupCalls;
use tx8be::schedule::groups::group_compute_op;
use tx8be::schedule::groups::groups;
use tx8be::schedule::shares::recorded_ring;
use tx8be::schedule::steps::tile_steps;

pub const INFO: PassInfo = PassInfo {
    argument: "tx8be-sw-pipeline",
    description:
        "Write each group's software pipeline (Repeat nodes, retracted loads, per-engine frames) as sw_pipeline",
    options: &[],
    ctor: |opts| {
        opts.apply("tx8be-sw-pipeline", |_, _| None)?;
        Ok(Box::new(TsSwPipeline))
    },
};

pub struct TsSwPipeline;

/// An op of a group as a pipeline names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PipeOp {
    /// Load slot k (`GroupCalls::loads[k]`).
    Load(usize),
    /// Call c (`GroupCalls::calls[c]`).
    Call(usize),
    /// The group's store.
    Store,
}

/// One time step: ops that run together, each with its step offset
/// (`eval::evaluate` says which step a frame belongs to), and the DMA
/// engines the frame waits for (joins).
#[derive(Debug, Clone, PartialEq)]
pub struct Frame {
    pub ops: Vec<(PipeOp, i64)>,
    pub joins: Vec<Engine>,
}

/// A pipeline element: a frame, or a Repeat node running `body` `times`
/// times (`last` instead of `body` on the final iteration, when doRetract
/// spliced the next iteration's head into it).
#[derive(Debug, Clone, PartialEq)]
pub enum Node {
    Frame(Frame),
    Repeat { times: i64, body: Vec<Node>, last: Option<Vec<Node>> },
}

/// One group's pipeline as the pass builds it.
#[derive(Debug, Clone, PartialEq)]
pub struct GroupPipeline {
    pub calls: GroupCalls,
    /// The tile it describes.
    pub tile: usize,
    /// The buffer count it was built for (1 or 2).
    pub buffers: u32,
    pub nodes: Vec<Node>,
    /// Per-op engine times on that tile (`eval`).
    pub times: OpTimes,
    /// Per load slot: issued at its level (not sharing an earlier slot's
    /// buffer, not copied out of another's).
    pub issued: Vec<bool>,
    /// Per load slot, the engine moving it: RDMA; TDMA for a copy out of
    /// another load's buffer; DTE for weights broadcast in the prologue
    /// (`share = "broadcast"`: each tile's chunk by RDMA, then DTE).
    pub load_engines: Vec<Engine>,
}

/// The pipeline of `group` from its recorded schedule; `None` for a group
/// without a compute op, a ring GEMM, or no tile with work. Errors
/// (located) for a group without a schedule or with more than two
/// buffers (codegen pipelines one step ahead).
pub fn group_pipeline(
    ctx: &Context,
    body: &Body,
    group: Op,
    hw: &HardwareConfig,
) -> Result<Option<GroupPipeline>, Diagnostic> {
    let Some(anchor) = group_compute_op(ctx, body, group) else { return Ok(None) };
    if recorded_ring(ctx, body, anchor).is_some() {
        return Ok(None);
    }
    let (shard, slice) = tx8be::schedule::buffers::recorded_schedule(ctx, body, anchor)?;
    let buffers = recorded_buffers(ctx, body, anchor);
    if buffers > 2 {
        return Err(Diagnostic::error(
            body.op_loc(anchor),
            format!("'{}' op has multi_buf_num = {buffers}: the software pipeline runs loads one step ahead (two buffers), as codegen does; more buffers are not supported", ctx.op_name_str(body.op_name(anchor))),
        ));
    }
    let g = GroupCalls::of_anchor(ctx, body, anchor)?;
    let tiles = hw.tiles() as usize;
    let steps = tile_steps(ctx, body, anchor, &shard, &slice, tiles)?;
    // Issued at their level: not sharing another load's buffer, not copied
    // out of one (a copy runs in every step's compute frame).
    let moves = LoadMoves::of(ctx, body, &g, &steps, hw);
    let copied = &moves.copied;
    let issued: Vec<bool> = moves.shared.iter().zip(copied).map(|(s, c)| s.is_none() && c.is_none()).collect();
    let broadcast = tx8be::schedule::shares::recorded_slots(ctx, body, &g);
    let Some(tile) = busiest_tile(ctx, body, &g, &steps, &issued, &moves, hw) else { return Ok(None) };
    let dims: Vec<i64> = ctx.shape(body.value_type(body.result(anchor, 0))).unwrap_or(&[]).to_vec();
    let tile_box =
        tx8be::schedule::boxes::shard_boxes(&dims, &shard, tiles)[tile].clone().expect("a tile with steps has a box");
    let counts: Vec<i64> = tile_box
        .size
        .iter()
        .zip(&slice)
        .map(|(&n, &s)| (n.max(1) + s.max(1) - 1) / s.max(1))
        .filter(|&n| n > 1)
        .collect();
    let mine = &steps[tile];
    if counts.iter().product::<i64>() != mine.len() as i64 {
        return Err(Diagnostic::error(
            body.op_loc(anchor),
            format!("internal: the time split's nest {counts:?} does not give the tile's {} steps", mine.len()),
        ));
    }
    let load_level = load_levels(&counts, &changed_loads(&g, mine), &issued);
    // getRetract over the loads a step issues (slot order), against the
    // engines of the calls they would run beside.
    let call_engines: Vec<Engine> = g
        .calls
        .iter()
        .filter_map(|&c| tx8be::interfaces::query_op_attr(ctx, body, c).ok().and_then(|a| a.engine))
        .collect();
    let multi_buf: Vec<bool> = (0..g.loads.len())
        .map(|k| load_level[k] == Some(0) || recorded_buffers(ctx, body, g.loads[k].load) >= 2)
        .collect();
    let head: Vec<usize> = (0..g.loads.len()).filter(|&k| load_level[k].is_some_and(|l| l >= 1)).collect();
    let n = get_retract(&head, &multi_buf, &call_engines);
    let retract: Vec<bool> = (0..g.loads.len()).map(|k| load_level[k] == Some(0) || head[..n].contains(&k)).collect();
    // A copy (Slice) stores straight from its load's buffer: codegen runs it single-buffered.
    let pipelined = buffers >= 2 && op_kind(ctx, body, anchor) != Some(OpKind::Slice);
    let copies: Vec<usize> = (0..g.loads.len()).filter(|&k| copied[k].is_some()).collect();
    let plan = NestPlan { counts, load_level, retract, copies, calls: g.calls.len(), pipelined };
    let nodes = build::build(&plan);
    let times = OpTimes::of_tile(ctx, body, &g, &steps, tile, &moves, hw);
    let times = if pipelined { times.slid(ctx, body, &g, &steps, tile, &moves, hw) } else { times };
    let engines = (0..g.loads.len())
        .map(|k| {
            if broadcast[k] {
                Engine::Dte
            } else if copied[k].is_some() {
                Engine::Tdma
            } else {
                Engine::Rdma
            }
        })
        .collect();
    Ok(Some(GroupPipeline {
        calls: g,
        tile,
        buffers: if pipelined { 2 } else { 1 },
        nodes,
        times,
        issued,
        load_engines: engines,
    }))
}

/// The key of an engine in the textual form.
fn engine_key(e: Engine) -> &'static str {
    match e {
        Engine::Rdma => "ld",
        Engine::Wdma => "st",
        Engine::Ne => "ne",
        Engine::Ct => "ct",
        Engine::Tdma => "tdma",
        Engine::Dte => "dte",
        Engine::Scalar => "scalar",
    }
}

fn engine_of_key(k: &str) -> Option<Engine> {
    [Engine::Rdma, Engine::Wdma, Engine::Ne, Engine::Ct, Engine::Tdma, Engine::Dte, Engine::Scalar]
        .into_iter()
        .find(|&e| engine_key(e) == k)
}

/// The ops of the group's body, in order (an op's name in the textual
/// form is its position here).
fn group_ops(body: &Body, group: Op) -> Vec<Op> {
    let Some(&region) = body.local_regions(group).first() else { return Vec::new() };
    body.first_block(region).map(|b| body.block_ops(b).collect()).unwrap_or_default()
}

fn op_of(g: &GroupCalls, store: Option<Op>, p: PipeOp) -> Option<Op> {
    match p {
        PipeOp::Load(k) => g.loads.get(k).map(|s| s.load),
        PipeOp::Call(c) => g.calls.get(c).copied(),
        PipeOp::Store => store,
    }
}

fn store_op(ctx: &Context, body: &Body, group: Op) -> Option<Op> {
    tx8be::schedule::groups::group_store(ctx, body, group).and_then(|v| body.defining_op(v))
}

/// The engine running `p` (OpLib's `engine`: loads `load_engines`, the store WDMA).
fn engine_of(ctx: &Context, body: &Body, g: &GroupCalls, load_engines: &[Engine], p: PipeOp) -> Engine {
    match p {
        PipeOp::Load(k) => load_engines.get(k).copied().unwrap_or(Engine::Rdma),
        PipeOp::Store => Engine::Wdma,
        PipeOp::Call(c) => {
            tx8be::interfaces::query_op_attr(ctx, body, g.calls[c]).ok().and_then(|a| a.engine).unwrap_or(Engine::Ct)
        }
    }
}

/// `sw_pipeline` of `p` on `group`: `{buffers, steps, tile, pipeline}`,
/// `pipeline` an array of frames (`{ld = [..], ne = [..], ct = [..],
/// tdma = [..], st = [..], join = [..]}`, empty engines left out) and
/// Repeat nodes (`{repeat = times, body = [..], last = [..]}`); an op is
/// `"<name without tx8be.>@<index in the group's body>[i]"`, `[i+1]` /
/// `[i-1]` for the next / previous step's.
pub fn to_attr(ctx: &Context, body: &Body, group: Op, p: &GroupPipeline) -> Attribute {
    let ops = group_ops(body, group);
    let store = store_op(ctx, body, group);
    let name = |op: PipeOp, off: i64| -> String {
        let o = op_of(&p.calls, store, op).expect("a pipeline names ops of its group");
        let idx = ops.iter().position(|&x| x == o).unwrap_or(usize::MAX);
        let short: &str = match op_kind(ctx, body, o) {
            Some(k) => k.mnemonic(),
            None => ctx.op_name_str(body.op_name(o)),
        };
        let step = match off {
            0 => "[i]".to_string(),
            o if o > 0 => format!("[i+{o}]"),
            o => format!("[i-{}]", -o),
        };
        format!("{short}@{idx}{step}")
    };
    let strings = |v: Vec<String>| ctx.array_attr(&v.iter().map(|s| ctx.string_attr(s)).collect::<Vec<_>>());
    fn nodes_attr(ctx: &Context, nodes: &[Node], frame: &dyn Fn(&Frame) -> Attribute) -> Attribute {
        let v: Vec<Attribute> = nodes
            .iter()
            .map(|n| match n {
                Node::Frame(f) => frame(f),
                Node::Repeat { times, body, last } => {
                    let mut e = vec![
                        (ctx.intern_str("repeat"), ctx.integer_attr(ctx.i64(), *times)),
                        (ctx.intern_str("body"), nodes_attr(ctx, body, frame)),
                    ];
                    if let Some(l) = last {
                        e.push((ctx.intern_str("last"), nodes_attr(ctx, l, frame)));
                    }
                    ctx.dictionary(e)
                }
            })
            .collect();
        ctx.array_attr(&v)
    }
    let frame = |f: &Frame| -> Attribute {
        let mut e: Vec<_> = engine_streams(f, |op| engine_of(ctx, body, &p.calls, &p.load_engines, op))
            .into_iter()
            .map(|(eng, ops)| {
                (ctx.intern_str(engine_key(eng)), strings(ops.into_iter().map(|(o, off)| name(o, off)).collect()))
            })
            .collect();
        if !f.joins.is_empty() {
            e.push((ctx.intern_str("join"), strings(f.joins.iter().map(|&j| engine_key(j).to_string()).collect())));
        }
        ctx.dictionary(e)
    };
    let int = |v: i64| ctx.integer_attr(ctx.i64(), v);
    ctx.dictionary(vec![
        (ctx.intern_str("buffers"), int(p.buffers as i64)),
        (ctx.intern_str("steps"), int(p.times.steps() as i64)),
        (ctx.intern_str("tile"), int(p.tile as i64)),
        (ctx.intern_str("pipeline"), nodes_attr(ctx, &p.nodes, &frame)),
    ])
}

/// The nodes of a `sw_pipeline` attribute of `group` (as `to_attr` writes
/// them), for walking with `eval::evaluate`; an error says what is wrong.
pub fn nodes_from_attr(
    ctx: &Context,
    body: &Body,
    group: Op,
    g: &GroupCalls,
    attr: Attribute,
) -> Result<Vec<Node>, String> {
    let ops = group_ops(body, group);
    let store = store_op(ctx, body, group);
    let parse_op = |s: &str| -> Result<(PipeOp, i64), String> {
        let bad = || format!("'{s}' is not an op reference (name@index[i], [i+1] or [i-1])");
        let (_, rest) = s.split_once('@').ok_or_else(bad)?;
        let (idx, step) = rest.split_once('[').ok_or_else(bad)?;
        let idx: usize = idx.parse().map_err(|_| bad())?;
        let off = match step.strip_suffix(']').ok_or_else(bad)? {
            "i" => 0,
            x => x
                .strip_prefix("i+")
                .map(|n| n.parse::<i64>())
                .or_else(|| x.strip_prefix("i-").map(|n| n.parse::<i64>().map(|v| -v)))
                .ok_or_else(bad)?
                .map_err(|_| bad())?,
        };
        let op = *ops.get(idx).ok_or_else(|| format!("'{s}': the group has no op {idx}"))?;
        let p = if let Some(k) = g.loads.iter().position(|l| l.load == op) {
            PipeOp::Load(k)
        } else if let Some(c) = g.calls.iter().position(|&c| c == op) {
            PipeOp::Call(c)
        } else if Some(op) == store {
            PipeOp::Store
        } else {
            return Err(format!("'{s}' names an op that is not a load, call or store of the group"));
        };
        Ok((p, off))
    };
    fn nodes(
        ctx: &Context,
        a: Attribute,
        parse_op: &dyn Fn(&str) -> Result<(PipeOp, i64), String>,
    ) -> Result<Vec<Node>, String> {
        let items = ctx.as_array(a).ok_or("a pipeline is an array of frames and repeat nodes")?;
        let mut out = Vec::with_capacity(items.len());
        for &item in items {
            if let Some(t) = ctx.dict_get(item, "repeat") {
                let times = ctx.as_i64(t).ok_or("repeat takes an integer")?;
                let body = nodes(ctx, ctx.dict_get(item, "body").ok_or("a repeat node has a body")?, parse_op)?;
                let last = ctx.dict_get(item, "last").map(|l| nodes(ctx, l, parse_op)).transpose()?;
                out.push(Node::Repeat { times, body, last });
                continue;
            }
            let mut f = Frame { ops: Vec::new(), joins: Vec::new() };
            for (k, v) in ctx.dict_entries(item) {
                let key = ctx.str(*k);
                let list = ctx.as_array(*v).ok_or_else(|| format!("'{key}' takes an array of strings"))?;
                for &s in list {
                    let s = std::str::from_utf8(
                        ctx.as_string(s).ok_or_else(|| format!("'{key}' takes an array of strings"))?,
                    )
                    .map_err(|e| e.to_string())?;
                    if key == "join" {
                        f.joins.push(engine_of_key(s).ok_or_else(|| format!("'{s}' is not an engine"))?);
                    } else {
                        engine_of_key(key).ok_or_else(|| format!("'{key}' is not an engine"))?;
                        f.ops.push(parse_op(s)?);
                    }
                }
            }
            out.push(Node::Frame(f));
        }
        Ok(out)
    }
    let pipeline = ctx.dict_get(attr, "pipeline").ok_or("sw_pipeline has no 'pipeline' entry")?;
    nodes(ctx, pipeline, &parse_op)
}

impl Pass for TsSwPipeline {
    fn argument(&self) -> &'static str {
        INFO.argument
    }
    fn name(&self) -> &'static str {
        "TsSwPipeline"
    }
    fn anchor(&self) -> Option<&'static str> {
        Some("func.func")
    }
    fn run(&self, target: &mut PassTarget<'_>) -> Result<PreservedAnalyses, Diagnostic> {
        let hw = crate::attach_target::hardware(target)?;
        let ctx = target.ctx;
        let body = &mut *target.body;
        for g in groups(ctx, body) {
            let attr = group_pipeline(ctx, body, g, &hw)?.map(|p| to_attr(ctx, body, g, &p));
            body.set_op_attr(ctx, g, "sw_pipeline", attr);
        }
        Ok(PreservedAnalyses::none())
    }
}
