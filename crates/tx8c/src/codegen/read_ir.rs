//! Reads the scheduled tx8be IR into a [`Program`]: a pure function of the
//! IR. Every figure comes from an attribute a pass wrote (sharding, split,
//! SPM and DDR addresses, barriers) or from the ops' interfaces applied to
//! them (the boxes of each step); nothing is decided here.

use strata_ir::{Body, Context, Diagnostic, Op, Type, Value};
use tx8_target::c_codes;
use tx8be::dialect::kinds::{pool_kind, reduce_kind, BinaryKind, UnaryKind};
use tx8be::schedule::buffers::recorded_schedule;
use tx8be::schedule::ddr::ddr_addr_of;
use tx8be::schedule::group_calls::GroupCalls;
use tx8be::schedule::groups::{group_compute_op, groups};
use tx8be::schedule::steps::{copied_loads, shared_loads, tile_steps, CallBoxes};
use tx8be::DevAttr;
use tx8be::{op_kind, OpKind};

use super::plan::{
    Call, DdrTensor, Fmt, GroupPlan, Input, LinePlan, NarrowPlan, OperandPlan, ProducerPlan, Program, Step, StepParams,
    TBox,
};
use super::unsupported;

/// The card format of a tensor type.
pub fn fmt_of(ctx: &Context, ty: Type) -> Option<Fmt> {
    let e = ctx.element_type(ty).unwrap_or(ty);
    let k = ctx.type_kind(e);
    use strata_ir::types::{FloatKind, TypeKind};
    Some(match k {
        TypeKind::Float(FloatKind::BF16) => Fmt::Bf16,
        TypeKind::Float(FloatKind::F16) => Fmt::Fp16,
        TypeKind::Float(FloatKind::F32) => Fmt::Fp32,
        TypeKind::Integer { width: 1 | 8, .. } => Fmt::Int8,
        TypeKind::Integer { width: 32 | 64, .. } => Fmt::Int32,
        _ => return None,
    })
}

fn dims_of(ctx: &Context, ty: Type) -> Vec<i64> {
    ctx.shape(ty).map(|s| s.to_vec()).unwrap_or_default()
}

/// The DDR tensor `v` (the source of a load, or a group's store), placed as
/// `placed` (the value the op reads or writes) is: the one reader of
/// placements, `tx8be::layout::value_mem_layout`.
fn ddr_tensor(
    ctx: &Context,
    body: &Body,
    fattrs: strata_ir::Attribute,
    v: Value,
    placed: Value,
    op: Op,
) -> Result<DdrTensor, Diagnostic> {
    let ty = body.value_type(v);
    let addr = ddr_addr_of(ctx, body, fattrs, v)
        .ok_or_else(|| Diagnostic::error(body.op_loc(op), "operand has no DDR address (run tx8be-ddr-alloc first)"))?;
    let fmt = fmt_of(ctx, ty).ok_or_else(|| Diagnostic::error(body.op_loc(op), "element type has no TX8 format"))?;
    let layout = tx8be::layout::cmodel_layout(tx8be::layout::value_mem_layout(ctx, body, placed));
    let t = DdrTensor { addr, dims: dims_of(ctx, ty), fmt, layout };
    t.placement().map_err(|e| Diagnostic::error(body.op_loc(op), format!("cannot place an operand or result: {e}")))?;
    Ok(t)
}

fn dev_info(ctx: &Context, body: &Body, op: Op) -> DevAttr {
    body.op_attr(ctx, op, "dev_info").and_then(|a| DevAttr::from_attr(ctx, a)).unwrap_or_default()
}

fn str_attr(ctx: &Context, body: &Body, op: Op, name: &str) -> String {
    body.op_attr(ctx, op, name)
        .and_then(|a| ctx.as_string(a))
        .map(|s| String::from_utf8_lossy(s).into_owned())
        .unwrap_or_default()
}

fn ints(ctx: &Context, body: &Body, op: Op, name: &str) -> Vec<i64> {
    tx8be::dialect::values::attr_ints(ctx, body, op, name).unwrap_or_default()
}

fn float(ctx: &Context, body: &Body, op: Op, name: &str, default: f64) -> f64 {
    tx8be::dialect::values::attr_f64(ctx, body, op, name).unwrap_or(default)
}

fn flag(ctx: &Context, body: &Body, op: Op, name: &str) -> bool {
    tx8be::dialect::values::attr_bool(ctx, body, op, name).unwrap_or(false)
}

/// The operator call of a compute op.
fn call_of(ctx: &Context, body: &Body, fattrs: strata_ir::Attribute, op: Op) -> Result<Call, Diagnostic> {
    let Some(kind) = op_kind(ctx, body, op) else { return Err(unsupported(ctx, body, op, "this op")) };
    let pair = |v: Vec<i64>| [v.first().copied().unwrap_or(1), v.get(1).copied().unwrap_or(1)];
    let act = || tx8be::dialect::activation::activation(ctx, body, op).map_err(|m| unsupported(ctx, body, op, &m));
    Ok(match kind {
        OpKind::Conv => Call::Conv {
            strides: pair(ints(ctx, body, op, "strides")),
            dilations: pair(ints(ctx, body, op, "dilations")),
            group: tx8be::dialect::values::attr_i64(ctx, body, op, "group").unwrap_or(1),
            has_bias: body.num_operands(op) >= 3,
            has_psum: body.num_operands(op) == 4,
            act: act()?,
        },
        OpKind::Gemm => Call::Gemm {
            trans_a: flag(ctx, body, op, "trans_a"),
            trans_b: flag(ctx, body, op, "trans_b"),
            has_bias: body.num_operands(op) == 3,
            act: act()?,
        },
        OpKind::BatchNormInference => Call::BatchNorm { epsilon: float(ctx, body, op, "epsilon", 1e-5) as f32 },
        OpKind::Softmax => Call::Softmax,
        OpKind::LayerNorm => {
            Call::LayerNorm { epsilon: float(ctx, body, op, "epsilon", 1e-5) as f32, rms: flag(ctx, body, op, "rms") }
        }
        OpKind::Binary => {
            let kind = str_attr(ctx, body, op, "kind");
            Call::Binary {
                code: BinaryKind::parse(&kind)
                    .ok_or_else(|| unsupported(ctx, body, op, &format!("binary kind '{kind}'")))?
                    .code(),
            }
        }
        OpKind::Unary => {
            let kind = str_attr(ctx, body, op, "kind");
            let kind =
                UnaryKind::parse(&kind).ok_or_else(|| unsupported(ctx, body, op, &format!("unary kind '{kind}'")))?;
            let (code, takes) = kind.code();
            let (alpha, beta) = kind.default_params();
            let params =
                takes.then(|| (float(ctx, body, op, "alpha", alpha) as f32, float(ctx, body, op, "beta", beta) as f32));
            Call::Unary { code, params }
        }
        OpKind::Select => Call::Select,
        OpKind::Cast => Call::Cast,
        OpKind::Reduce => {
            let kind = reduce_kind(ctx, body, op).ok_or_else(|| {
                unsupported(ctx, body, op, &format!("reduce kind '{}'", str_attr(ctx, body, op, "kind")))
            })?;
            let axes = ints(ctx, body, op, "axes");
            if axes.len() != 1 {
                return Err(unsupported(ctx, body, op, "a reduce over several axes (the lowering emits one per axis)"));
            }
            Call::Reduce { kind: c_codes::reduce_code(kind), axis: axes[0] as u32 }
        }
        OpKind::Pool => Call::Pool {
            kind: c_codes::pool_code(pool_kind(ctx, body, op).ok_or_else(|| {
                unsupported(ctx, body, op, &format!("pool kind '{}'", str_attr(ctx, body, op, "kind")))
            })?),
            kernel: pair(ints(ctx, body, op, "kernel")),
            strides: pair(ints(ctx, body, op, "strides")),
            count_include_pad: flag(ctx, body, op, "count_include_pad"),
        },
        OpKind::Transpose => Call::Transpose { perm: ints(ctx, body, op, "perm").iter().map(|&p| p as u32).collect() },
        OpKind::Concat => {
            Call::Concat { axis: tx8be::dialect::values::attr_i64(ctx, body, op, "axis").unwrap_or(0) as u32 }
        }
        OpKind::Slice => {
            if ints(ctx, body, op, "strides").iter().any(|&s| s != 1) {
                return Err(unsupported(ctx, body, op, "a strided slice"));
            }
            Call::None
        }
        OpKind::Pad => Call::Pad { value: float(ctx, body, op, "value", 0.0) as f32 },
        OpKind::Gather => {
            let table = body.operand(op, 0);
            if body.defining_op(table).is_some_and(|l| tx8be::schedule::views::reads_view(ctx, body, l)) {
                return Err(Diagnostic::error(body.op_loc(op), "op_gather reads its table from DDR row by row: the table cannot be a view (a transpose or slice with no bytes of its own)"));
            }
            let t = ddr_tensor(ctx, body, fattrs, source_of_load(ctx, body, table), table, op)?;
            if t.layout.is_blocked() {
                return Err(Diagnostic::error(
                    body.op_loc(op),
                    "op_gather reads its table from DDR row by row: the table must be dense, not channel-blocked",
                ));
            }
            Call::Gather {
                row_elems: t.dims[1..].iter().product::<i64>() as u64,
                table_rows: t.dims.first().copied().unwrap_or(1) as u64,
                table_ddr: t.addr,
            }
        }
        OpKind::ChannelNorm => {
            let blocked = match str_attr(ctx, body, op, "blocked").as_str() {
                "Cx" => 2,
                "NCx" => 3,
                b => return Err(unsupported(ctx, body, op, &format!("channel_norm to '{b}'"))),
            };
            Call::ChannelNorm { to_blocked: flag(ctx, body, op, "to_blocked"), blocked }
        }
        // Reshapes are views codegen folds into addresses; Resize is not
        // emitted; the structure ops are not calls.
        OpKind::Reshape
        | OpKind::Resize
        | OpKind::Const
        | OpKind::Group
        | OpKind::Yield
        | OpKind::LoadVar
        | OpKind::LoadConst
        | OpKind::StoreVar => return Err(unsupported(ctx, body, op, "this op")),
    })
}

/// The DDR value a load reads (or the value itself when not loaded).
fn source_of_load(ctx: &Context, body: &Body, v: Value) -> Value {
    match body.defining_op(v) {
        Some(d) if matches!(op_kind(ctx, body, d), Some(OpKind::LoadVar | OpKind::LoadConst)) => body.operand(d, 0),
        _ => v,
    }
}

fn to_tbox(b: &tx8be::interfaces::sharding::SliceBox) -> TBox {
    TBox { start: b.start.to_vec(), size: b.size.to_vec() }
}

/// Per-step parameters of a pad: how much padding this slice of the output
/// sees around the input slice it loads.
fn pad_params(ctx: &Context, body: &Body, op: Op, out: &TBox, input: &TBox) -> Result<StepParams, Diagnostic> {
    let lo = ints(ctx, body, op, "pads_low");
    let inner = ints(ctx, body, op, "interior");
    let mut p = StepParams::default();
    for d in 0..out.size.len() {
        let s = inner.get(d).copied().unwrap_or(0) + 1;
        let l = lo.get(d).copied().unwrap_or(0);
        if input.size[d] <= 0 {
            return Err(unsupported(ctx, body, op, "a pad slice holding only padding"));
        }
        let first = l + input.start[d] * s;
        let last = l + (input.start[d] + input.size[d] - 1) * s;
        p.pad_low.push(first - out.start[d]);
        p.pad_high.push(out.start[d] + out.size[d] - 1 - last);
        p.pad_interior.push(s - 1);
    }
    Ok(p)
}

/// The steps of a ring GEMM in ring order: in round r, the tile at ring
/// position p computes chunk r*T + (p + j) mod T at step j. Checks what the
/// ring loop relies on (every tile has the same whole number of rounds,
/// A is resident, B is loaded and its chunks have one size, a bias is one
/// f32 per column).
fn ring_order(
    ctx: &Context,
    body: &Body,
    op: Op,
    ring: &[u32],
    steps: Vec<Vec<Step>>,
    operands: &[OperandPlan],
    tiles: u32,
) -> Result<Vec<Vec<Step>>, Diagnostic> {
    use tx8be::schedule::shares::SHARED_OPERAND;
    let t = ring.len();
    let bad = |why: &str| {
        Diagnostic::error(
            body.op_loc(op),
            format!("'{}' op cannot share B round its ring: {why}", ctx.op_name_str(body.op_name(op))),
        )
    };
    let mut sorted = ring.to_vec();
    sorted.sort_unstable();
    if t < 2 || t != tiles as usize || sorted != (0..tiles).collect::<Vec<_>>() {
        return Err(bad("share_ring must list every tile once"));
    }
    use tx8be::schedule::shares::BIAS_OPERAND;
    if op_kind(ctx, body, op) != Some(OpKind::Gemm)
        || !(2..=3).contains(&operands.len())
        || body.num_operands(op) != operands.len()
    {
        return Err(bad("only a GEMM with A, B and any bias loaded shares B"));
    }
    if operands.iter().any(|o| o.ddr.layout.is_blocked()) || operands[0].ddr.fmt != operands[1].ddr.fmt {
        return Err(bad(
            "A, B and the bias must be dense, A and B of one format (the loop multiplies with one NE instruction)",
        ));
    }
    if operands[1].ddr.dims.len() != 2 {
        return Err(bad("B must be one matrix"));
    }
    if let Some(bias) = operands.get(BIAS_OPERAND) {
        if bias.ddr.dims.len() != 1 || bias.ddr.fmt != super::plan::Fmt::Fp32 || bias.spm_addrs.len() != 1 {
            return Err(bad("the bias must be one f32 per column, in one SPM buffer"));
        }
    }
    let count = steps.first().map_or(0, |s| s.len());
    if count == 0 || count % t != 0 || steps.iter().any(|s| s.len() != count) {
        return Err(bad("every tile needs the same whole number of rounds of steps"));
    }
    let mut out = vec![Vec::new(); t];
    for (pos, &tile) in ring.iter().enumerate() {
        let mine = &steps[tile as usize];
        if mine.iter().any(|s| s.loads[0] != mine[0].loads[0]) {
            return Err(bad("A's slice must stay resident across the steps"));
        }
        if mine.iter().any(|s| {
            s.loads[SHARED_OPERAND].as_ref().map(|b| &b.size) != mine[0].loads[SHARED_OPERAND].as_ref().map(|b| &b.size)
        }) {
            return Err(bad("B's chunks must all have one size"));
        }
        out[tile as usize] = (0..count).map(|k| mine[(k / t) * t + (pos + k % t) % t].clone()).collect();
    }
    Ok(out)
}

/// The per-step parameters of one call computing box `cb.out`.
fn step_params(ctx: &Context, body: &Body, op: Op, call: &Call, cb: &CallBoxes) -> Result<StepParams, Diagnostic> {
    let out = to_tbox(&cb.out);
    let mut params = StepParams { pads: cb.pads, ..Default::default() };
    if let Call::Conv { group, .. } = *call {
        if group > 1 {
            // The groups of this box (whole groups, or 1 inside one
            // group), from the whole weight [KH, KW, C/g, O].
            let o = ctx.shape(body.value_type(body.operand(op, 1))).and_then(|w| w.get(3).copied()).unwrap_or(group);
            let k = tx8be::interfaces::sharding::conv_box_groups(group, o, out.start[3], out.start[3] + out.size[3]);
            params.groups = Some(k.ok_or_else(|| {
                Diagnostic::error(
                    body.op_loc(op),
                    format!(
                        "grouped conv box of output channels {}..{} cuts a group of {} channels",
                        out.start[3],
                        out.start[3] + out.size[3],
                        o / group
                    ),
                )
            })?);
        }
    }
    if matches!(call, Call::Pad { .. }) {
        params = pad_params(ctx, body, op, &out, &to_tbox(&cb.operands[0]))?;
    }
    Ok(params)
}

/// Every tensor a group computes or moves has at most the operator
/// library's `MAX_SHAPE_DIM` dims (its boxes and `L_SHAPE`s hold 6): a
/// rank-7 tensor would give a main.c that does not compile.
fn check_ranks(ctx: &Context, body: &Body) -> Result<(), Diagnostic> {
    const MAX: usize = tx8_cmodel::capi::types::MAX_SHAPE_DIM;
    let mut bad = None;
    body.walk_pre(&mut |op| {
        if bad.is_some() || body.parent_op(op).is_none_or(|p| op_kind(ctx, body, p) != Some(OpKind::Group)) {
            return;
        }
        let values = (0..body.num_operands(op)).map(|i| body.operand(op, i)).chain((0..body.num_results(op)).map(|i| body.result(op, i)));
        for v in values {
            let rank = ctx.shape(body.value_type(v)).map_or(0, |s| s.len());
            if rank > MAX {
                bad = Some(Diagnostic::error(body.op_loc(op), format!("'{}' has a tensor of rank {rank} ({}): the TX8 operator library handles at most {MAX} dimensions", ctx.op_name_str(body.op_name(op)), strata_ir::printer::type_to_string(ctx, body.value_type(v)))));
                return;
            }
        }
    });
    bad.map_or(Ok(()), Err)
}

/// Every stored view (`tx8be_transforms::store_views`) is written by the
/// group under it: else its readers would load bytes in the wrong layout.
fn check_stored_views(ctx: &Context, body: &Body) -> Result<(), Diagnostic> {
    for op in tx8be::schedule::groups::entry_ops(body) {
        if !tx8be::schedule::views::is_stored(ctx, body, op) {
            continue;
        }
        let mut v = body.operand(op, 0);
        while let Some(d) = body.defining_op(v).filter(|&d| op_kind(ctx, body, d) == Some(OpKind::Reshape)) {
            v = body.operand(d, 0);
        }
        let written = body
            .defining_op(v)
            .filter(|&d| op_kind(ctx, body, d) == Some(OpKind::Group))
            .and_then(|_| tx8be::schedule::views::store_view(ctx, body, v))
            .is_some_and(|(view, _)| view == op);
        if !written {
            return Err(Diagnostic::error(body.op_loc(op), "stored view that the group under it does not write (its result must reach only this view, through reshapes read once; run tx8be-store-views)"));
        }
    }
    Ok(())
}

/// The program of function `func` of a scheduled module.
pub fn read_program(
    ctx: &Context,
    body: &Body,
    fattrs: strata_ir::Attribute,
    hw: &tx8_cmodel::HardwareConfig,
) -> Result<Program, Diagnostic> {
    let tiles = hw.tiles();
    let mut program = Program { tiles, mesh: tx8be::schedule::shares::gather_mesh(hw), groups: Vec::new() };
    check_stored_views(ctx, body)?;
    check_ranks(ctx, body)?;
    for g in groups(ctx, body) {
        let op = group_compute_op(ctx, body, g)
            .ok_or_else(|| Diagnostic::error(body.op_loc(g), "group without a compute op"))?;
        let id = tx8be::dialect::values::attr_i64(ctx, body, g, "group_id").unwrap_or(program.groups.len() as i64);
        let call = call_of(ctx, body, fattrs, op)?;
        let calls = GroupCalls::of_anchor(ctx, body, op)?;
        let mut operands = Vec::new();
        for (k, slot) in calls.loads.iter().enumerate() {
            let v = calls.load_value(body, k);
            let load = slot.load;
            let src = body.operand(load, 0);
            let spm: Vec<u64> = dev_info(ctx, body, load).mem_addr.iter().map(|&a| a as u64).collect();
            if spm.is_empty() {
                return Err(Diagnostic::error(
                    body.op_loc(load),
                    "load without an SPM address (run tx8be-spm-alloc first)",
                ));
            }
            let view = tx8be::schedule::views::load_view(ctx, body, load);
            if view.is_none() && tx8be::schedule::views::reads_view(ctx, body, load) {
                // Loading the tensor under the view as if it were the view
                // would read the wrong elements.
                return Err(Diagnostic::error(body.op_loc(load), "load reads through a view whose dims do not compose with its own (run tx8be-load-views on the final reshapes)"));
            }
            let mut ddr = ddr_tensor(ctx, body, fattrs, src, v, calls.calls[slot.call])?;
            if let Some((offset, _)) = &view {
                ddr.addr += offset * ddr.fmt.size();
            }
            operands.push(OperandPlan {
                ddr,
                is_const: op_kind(ctx, body, load) == Some(OpKind::LoadConst),
                spm_addrs: spm,
                shares: None,
                copy_of: None,
                broadcast: tx8be::schedule::shares::recorded_broadcast(ctx, body, load),
                line: None,
                stream: None,
                slides: false,
                view: view.map(|(_, view)| view),
            });
        }
        let mut producers = Vec::new();
        for (c, &p) in calls.calls[..calls.calls.len() - 1].iter().enumerate() {
            let r = body.result(p, 0);
            let ty = body.value_type(r);
            let addrs = dev_info(ctx, body, p).mem_addr;
            let spm_addr = addrs.first().map(|&a| a as u64).ok_or_else(|| {
                Diagnostic::error(
                    body.op_loc(p),
                    "in-group op without an SPM address for its result (run tx8be-spm-alloc first)",
                )
            })?;
            // A second buffer: the first call of the next step runs beside
            // this step's later calls (`tx8be_transforms::ne_overlap`).
            let alt_addr = if c == 0 && tx8be::schedule::buffers::ne_overlapped(ctx, body, &calls) {
                addrs.get(1).map(|&a| a as u64)
            } else {
                None
            };
            let pcall = call_of(ctx, body, fattrs, p)?;
            if matches!(pcall, Call::None) {
                // A copy stores straight from its operand's buffer: it computes no intermediate.
                return Err(unsupported(ctx, body, p, "a copy before the last op of a multi-op group"));
            }
            producers.push(ProducerPlan {
                call: pcall,
                inputs: calls.inputs[c].iter().map(|&(_, x)| x).collect(),
                dims: dims_of(ctx, ty),
                fmt: fmt_of(ctx, ty)
                    .ok_or_else(|| Diagnostic::error(body.op_loc(p), "element type has no TX8 format"))?,
                layout: tx8be::layout::cmodel_layout(tx8be::layout::value_mem_layout(ctx, body, r)),
                spm_addr,
                alt_addr,
            });
        }
        // Reads of a smaller box of an intermediate than its producer
        // computes, copied into the buffer the reader records.
        let mut narrows = Vec::new();
        for (c, &reader) in calls.calls.iter().enumerate() {
            let Some(addrs) =
                tx8be::dialect::values::attr_ints(ctx, body, reader, tx8be::schedule::buffers::SUBBOX_ADDR)
            else {
                continue;
            };
            for (i, &a) in addrs.iter().enumerate() {
                if a == 0 {
                    continue;
                }
                let found = calls.inputs[c].iter().enumerate().find(|(_, (o, _))| *o == i);
                match found {
                    Some((input, &(_, Input::Call(from)))) => {
                        narrows.push((NarrowPlan { call: c, input, from, spm_addr: a as u64 }, i))
                    }
                    _ => {
                        return Err(Diagnostic::error(
                            body.op_loc(reader),
                            format!(
                                "{} names a buffer for operand {i}, which is not an intermediate of the group",
                                tx8be::schedule::buffers::SUBBOX_ADDR
                            ),
                        ))
                    }
                }
            }
        }
        if !producers.is_empty() && matches!(call, Call::None) {
            return Err(unsupported(ctx, body, op, "a copy as the last op of a multi-op group"));
        }
        let inputs: Vec<Input> = calls.inputs.last().expect("the anchor").iter().map(|&(_, x)| x).collect();
        let result = body.result(op, 0);
        let store_value = tx8be::schedule::groups::group_store(ctx, body, g)
            .ok_or_else(|| Diagnostic::error(body.op_loc(g), "group without a store"))?;
        let output = ddr_tensor(ctx, body, fattrs, store_value, result, op)?;
        let dev = dev_info(ctx, body, op);
        let mut out_spm: Vec<u64> = dev.mem_addr.iter().map(|&a| a as u64).collect();
        if out_spm.is_empty() {
            out_spm.push(0);
        }
        let buffers = tx8be::schedule::buffers::recorded_buffers(ctx, body, op);
        if buffers > 2 {
            return Err(unsupported(
                ctx,
                body,
                op,
                &format!("multi_buf_num = {buffers} (codegen pipelines with at most 2 buffers)"),
            ));
        }
        if buffers == 2 && out_spm.len() != 2 {
            return Err(Diagnostic::error(
                body.op_loc(op),
                "a double-buffered op needs two output SPM addresses (run tx8be-spm-alloc after tx8be-sharding)",
            ));
        }
        let imm = (dev.imm_size > 0).then_some((dev.imm_addr as u64, dev.imm_size));
        let (shard, slice) = recorded_schedule(ctx, body, op)?;
        let mut steps: Vec<Vec<Step>> = Vec::new();
        let boxes = tile_steps(ctx, body, op, &shard, &slice, tiles as usize)?;
        let shared = shared_loads(ctx, body, &calls, &boxes);
        let copied = copied_loads(ctx, body, &calls, &boxes, &shared);
        for ((o, shares), from) in operands.iter_mut().zip(shared).zip(copied) {
            o.shares = shares;
            o.copy_of = from;
        }
        // Loads shared along mesh lines: the schedule must still give the
        // tiles of each line one box at every step.
        for (k, slot) in calls.loads.iter().enumerate() {
            use tx8be::schedule::shares::{line_chunks, line_share, Share};
            let Some(share) =
                tx8be::schedule::shares::recorded_share(ctx, body, slot.load).filter(|s| *s != Share::All)
            else {
                continue;
            };
            let len = program
                .mesh
                .filter(|&m| line_share(&calls, &boxes, k, m) == Some(share))
                .and_then(|m| share.line_len(m));
            let Some(len) = len else {
                return Err(Diagnostic::error(body.op_loc(slot.load), format!("share = \"{}\", but the group's schedule does not give the tiles of each mesh line one box at every step", share.attr())));
            };
            let size = &boxes[0][0].load_box(&calls, k).size;
            operands[k].line =
                Some(LinePlan { share, chunks: line_chunks(ctx, body, calls.load_value(body, k), size, len, hw), len });
        }
        // Loads streamed along mesh lines: the schedule must still give the
        // tiles of each line one box at each step, every tile as many steps.
        for (k, slot) in calls.loads.iter().enumerate() {
            let Some(share) = tx8be::schedule::shares::recorded_stream(ctx, body, slot.load) else { continue };
            let attr = tx8be::schedule::shares::stream_attr(share);
            if buffers != 2 {
                return Err(Diagnostic::error(body.op_loc(slot.load), format!("share = \"{attr}\" in a group that is not double-buffered (codegen streams only in its pipelined loop)")));
            }
            let len = program
                .mesh
                .filter(|&m| tx8be::schedule::shares::stream_share(&calls, &boxes, k, m) == Some(share))
                .and_then(|m| share.line_len(m));
            let Some(len) = len else {
                return Err(Diagnostic::error(body.op_loc(slot.load), format!("share = \"{attr}\", but the group's schedule does not give the tiles of each mesh line one box at each step")));
            };
            if operands[k].shares.is_some()
                || operands[k].copy_of.is_some()
                || operands[k].broadcast
                || operands[k].view.is_some()
            {
                return Err(Diagnostic::error(
                    body.op_loc(slot.load),
                    format!("share = \"{attr}\" on a load that shares, copies, broadcasts or reads through a view"),
                ));
            }
            let size = &boxes[0][0].load_box(&calls, k).size;
            operands[k].stream = Some(LinePlan {
                share,
                chunks: tx8be::schedule::shares::line_chunks(ctx, body, calls.load_value(body, k), size, len, hw),
                len,
            });
        }
        // The broadcast's all-gather overwrites its whole region: a line
        // buffer must lie outside it (tx8be-spm-alloc places the broadcast
        // loads first).
        if let Some((lo, hi)) = super::plan::broadcast_region(&operands) {
            for (k, o) in operands.iter().enumerate() {
                let Some(l) = o.line else { continue };
                let end = o.spm_addrs[0] + l.chunks.units as u64 * l.chunks.unit_bytes;
                if o.spm_addrs[0] < hi && end > lo {
                    return Err(Diagnostic::error(
                        body.op_loc(calls.loads[k].load),
                        format!(
                            "the line-shared buffer [{:#x}, {end:#x}) lies in the broadcast region [{lo:#x}, {hi:#x})",
                            o.spm_addrs[0]
                        ),
                    ));
                }
            }
        }
        // Double-buffered loads whose boxes slide take their overlap from
        // the other buffer (the estimate's rule: `slide::sliding_loads`).
        if buffers == 2 {
            let shared: Vec<Option<usize>> = operands.iter().map(|o| o.shares).collect();
            let copied: Vec<Option<usize>> = operands.iter().map(|o| o.copy_of).collect();
            let filled: Vec<bool> =
                operands.iter().map(|o| o.broadcast || o.line.is_some() || o.stream.is_some()).collect();
            let sliding =
                tx8be::schedule::slide::sliding_loads(ctx, body, &calls, &boxes, &shared, &copied, &filled, hw);
            for (k, (o, slides)) in operands.iter_mut().zip(sliding).enumerate() {
                if slides && o.spm_addrs.len() < 2 {
                    return Err(Diagnostic::error(
                        body.op_loc(calls.loads[k].load),
                        "a sliding load needs two SPM buffers (run tx8be-spm-alloc after tx8be-sharding)",
                    ));
                }
                o.slides = slides;
            }
        }
        for tile in boxes {
            let mut ts = Vec::with_capacity(tile.len());
            for s in tile {
                let out = to_tbox(s.out());
                let loads: Vec<Option<TBox>> =
                    (0..calls.loads.len()).map(|k| Some(to_tbox(s.load_box(&calls, k)))).collect();
                let n = s.calls.len();
                let params = step_params(ctx, body, op, &call, &s.calls[n - 1])?;
                let mut per_producer = Vec::with_capacity(n - 1);
                for (c, p) in producers.iter().enumerate() {
                    per_producer.push((
                        to_tbox(&s.calls[c].out),
                        step_params(ctx, body, calls.calls[c], &p.call, &s.calls[c])?,
                    ));
                }
                let narrow_boxes = narrows.iter().map(|(p, i)| to_tbox(&s.calls[p.call].operands[*i])).collect();
                ts.push(Step { loads, store: out, params, producers: per_producer, narrows: narrow_boxes });
            }
            steps.push(ts);
        }
        let _ = result;
        let ring = tx8be::schedule::shares::recorded_ring(ctx, body, op);
        if let Some(r) = &ring {
            steps = ring_order(ctx, body, op, r, steps, &operands, tiles)?;
        }
        let names: Vec<&str> = calls.calls.iter().map(|&c| ctx.op_name_str(body.op_name(c))).collect();
        let title = format!("{} {}", names.join(" -> "), super::location_text(ctx, body.op_loc(op)));
        let barrier_after = tx8be::dialect::values::attr_bool(ctx, body, g, "barrier").unwrap_or(true);
        let narrows = narrows.into_iter().map(|(p, _)| p).collect();
        let synced_before = program.groups.last().is_some_and(|p| p.barrier_after);
        let prefetched = tx8be::schedule::prefetch::prefetched(ctx, body, g, hw).is_some();
        let ahead = tx8be::schedule::prefetch::ahead(ctx, body, g, hw).is_some();
        let consts_ahead =
            tx8be::schedule::const_prefetch::const_prefetch(ctx, body, g, hw).map(|c| c.slots).unwrap_or_default();
        if let Some(p) = program.groups.last_mut() {
            if !consts_ahead.is_empty() {
                p.consts_next = Some(id);
            }
            if prefetched {
                p.prefetch_next = Some(id);
                p.prefetch_early = tx8be::schedule::prefetch::prefetched_early(ctx, body, g, hw);
            }
            if ahead {
                p.ahead_next = Some(id);
            }
        }
        let store_view = tx8be::schedule::views::store_view(ctx, body, body.result(g, 0)).map(|(_, v)| v);
        if store_view.is_some() && ring.is_some() {
            return Err(unsupported(ctx, body, op, "a ring-shared GEMM storing through a view"));
        }
        program.groups.push(GroupPlan {
            id,
            title,
            call,
            inputs,
            producers,
            narrows,
            operands,
            output,
            store_view,
            out_spm_addrs: out_spm,
            buffers,
            ring,
            imm,
            steps,
            barrier_after,
            synced_before,
            prefetched,
            prefetch_next: None,
            prefetch_early: false,
            ahead,
            ahead_next: None,
            consts_ahead,
            consts_next: None,
            dte_queue: hw.queue_depth_dte,
        });
    }
    Ok(program)
}
