//! The software pipeline `tx8be-sw-pipeline` writes, walked with the
//! per-op engine times (`sw_pipeline::eval`), against `pipeline_cost`'s
//! estimate of the same group's step loop, on groups with given schedules
//! (single and double buffered, one to three split dims, a multi-op group,
//! a load that never changes, a sliding load), and a malformed attribute
//! read back.
//!
//! They differ by joins only, and the pipeline is the one matching the
//! code tx8c prints (`codegen/emit_c/steps.rs`): `pipelined_cycles` charges a join after
//! the first loads and two per step, where the loop joins RDMA and WDMA
//! once per step and WDMA once at the end (one join fewer in all);
//! `single_buffered_cycles` charges two joins per step, where a step that
//! loads nothing does not join RDMA (`if (loaded) op_join`).

use strata_ir::diagnostics::SourceFile;
use strata_ir::parser::{parse_source, ParseOptions, ParsedModule};
use strata_ir::{Attribute, Body, Context, Op};
use tx8_cmodel::HardwareConfig;
use tx8be::schedule::group_calls::GroupCalls;
use tx8be::schedule::groups::group_compute_op;
use tx8be::schedule::groups::groups;
use tx8be::schedule::steps::tile_steps;
use tx8be_transforms::pipeline_cost::{busiest_tile_steps, pipelined_cycles, single_buffered_cycles};
use tx8be_transforms::sw_pipeline::eval::evaluate;
use tx8be_transforms::sw_pipeline::{group_pipeline, nodes_from_attr, to_attr, Node};

fn context() -> Context {
    let mut ctx = strata_dialects::context();
    tx8be::register(&mut ctx);
    ctx
}

fn parse(ctx: &Context, text: &str) -> ParsedModule {
    let source = SourceFile::new("test.mlir", text.to_string());
    parse_source(ctx, &source, 0..source.text.len(), ParseOptions { allow_unregistered: false }, true)
        .expect("input parses and verifies")
}

/// The body of the module's only function.
fn func_body<'a>(ctx: &Context, m: &'a ParsedModule) -> &'a Body {
    let mb = m.body.nested(m.op).expect("module body");
    let block = mb.first_block(mb.root_regions()[0]).expect("module block");
    let f = mb.block_ops(block).find(|&op| ctx.op_name_str(mb.op_name(op)) == "func.func").expect("a function");
    mb.nested(f).expect("func body")
}

fn dev(slice: &[i64], buffers: u32) -> String {
    let s: Vec<String> = slice.iter().map(|x| x.to_string()).collect();
    format!(
        "#tx8be.dev_attr<imm_size = 0, mem_layout = <Tensor>, multi_buf_en = {}, multi_buf_num = {buffers}, out_shape_buf_idx = [], temporal_mem_slice = [{}], source_type = 0, imm_addr = 0, mem_addr = []>",
        buffers > 1,
        s.join(", ")
    )
}

fn par(shard: &[i64]) -> String {
    let s: Vec<String> = shard.iter().map(|x| x.to_string()).collect();
    format!("#tx8be.parallel_attr<parallel = <dp>, is_dp_inner = false, dp_dim_x = 1, dp_dim_y = 1, dp_dim_z = 1, tp_dim_x = 1, tp_dim_y = 1, tp_dim_z = 1, sharding_is_given = true, shape_spatial_sharding = [{}]>", s.join(", "))
}

/// A function of one group: `loads` (value, type) loaded in order, then
/// `calls` (each a line using `%l<k>` for load k and `%c<j>` for call
/// j's result, with `{ANCHOR}` where the last call's attributes go).
fn module(args: &[(&str, &str)], calls: &[String], out_ty: &str, shard: &[i64], slice: &[i64], buffers: u32) -> String {
    let params: Vec<String> = args.iter().map(|(n, t)| format!("%{n}: {t}")).collect();
    let ld = format!("{{dev_info = {}}}", dev(&[], buffers));
    let loads: String =
        args.iter().enumerate().map(|(k, (n, t))| format!("    %l{k} = tx8be.load_var %{n} {ld} : {t}\n")).collect();
    let anchor = format!("dev_info = {}, tile_parallel = {}", dev(slice, buffers), par(shard));
    let body: String = calls.iter().map(|c| format!("    {}\n", c.replace("{ANCHOR}", &anchor))).collect();
    let last = calls.len() - 1;
    format!(
        "func.func @f({}) -> {out_ty} {{\n  %g = tx8be.group -> {out_ty} attributes {{group_id = 0 : i64}} {{\n{loads}{body}    %s = tx8be.store_var %c{last} {ld} : {out_ty}\n    tx8be.yield %s : {out_ty}\n  }}\n  return %g : {out_ty}\n}}\n",
        params.join(", ")
    )
}

/// Nesting depth of the Repeat nodes and their `times`, outermost first
/// (following each Repeat's body).
fn repeats(nodes: &[Node]) -> Vec<i64> {
    for n in nodes {
        if let Node::Repeat { times, body, .. } = n {
            let mut v = vec![*times];
            v.extend(repeats(body));
            return v;
        }
    }
    Vec::new()
}

/// Checks one group: the pipeline's walk gives `pipeline_cost`'s cycles
/// less the joins the code does not issue, from the Rust structure and
/// from the attribute read back; returns the Repeat counts.
fn check(text: &str) -> (u32, Vec<i64>) {
    let ctx = context();
    let m = parse(&ctx, text);
    let body = func_body(&ctx, &m);
    let hw = HardwareConfig::default();
    let g = groups(&ctx, body)[0];
    let p = group_pipeline(&ctx, body, g, &hw).expect("a valid schedule").expect("a pipeline");
    let anchor: Op = group_compute_op(&ctx, body, g).unwrap();
    let (shard, slice) = tx8be::schedule::buffers::recorded_schedule(&ctx, body, anchor).unwrap();
    let calls = GroupCalls::of_anchor(&ctx, body, anchor).unwrap();
    let steps = tile_steps(&ctx, body, anchor, &shard, &slice, hw.tiles() as usize).unwrap();
    let reference = busiest_tile_steps(&ctx, body, &calls, &steps, &hw);
    let join = hw.join_cycles as f64;
    let expected = if p.buffers == 2 {
        pipelined_cycles(&reference, &hw) - join
    } else {
        single_buffered_cycles(&reference, &hw) - join * reference.iter().filter(|s| s.load == 0.0).count() as f64
    };
    let e = evaluate(&p.nodes, &p.times, &hw);
    assert_eq!(e.steps, reference.len(), "the structure runs every step once");
    assert!((e.cycles - expected).abs() < 1e-6 * expected, "walked {} cycles, pipeline_cost {expected}", e.cycles);
    // The same from the IR attribute.
    let attr = to_attr(&ctx, body, g, &p);
    let nodes = nodes_from_attr(&ctx, body, g, &calls, attr).expect("the attribute reads back");
    let back = evaluate(&nodes, &p.times, &hw);
    assert!((back.cycles - e.cycles).abs() < 1e-6 * expected && back.steps == e.steps);
    (p.buffers, repeats(&p.nodes))
}

fn exp(buffers: u32) -> String {
    let t = "tensor<16x4096x256xbf16>";
    module(
        &[("x", t)],
        &[format!("%c0 = tx8be.Unary(%l0) {{kind = \"exp\", {{ANCHOR}}}} : ({t}) -> {t}")],
        t,
        &[16, 1, 1],
        &[1, 1024, 256],
        buffers,
    )
}

fn gemm(buffers: u32, relu: bool) -> String {
    let (a, b, o) = ("tensor<1024x512xbf16>", "tensor<512x2048xbf16>", "tensor<1024x2048xbf16>");
    let calls = if relu {
        vec![
            format!("%c0 = tx8be.Gemm(%l0, %l1) : ({a}, {b}) -> {o}"),
            format!("%c1 = tx8be.Unary(%c0) {{kind = \"relu\", {{ANCHOR}}}} : ({o}) -> {o}"),
        ]
    } else {
        vec![format!("%c0 = tx8be.Gemm(%l0, %l1) {{{{ANCHOR}}}} : ({a}, {b}) -> {o}")]
    };
    // 64 rows per tile in 2 x 32, N in 4 x 512: A changes with the rows
    // (outer level), B with N (every step).
    module(&[("a", a), ("b", b)], &calls, o, &[16, 1], &[32, 512], buffers)
}

fn batched_gemm(buffers: u32) -> String {
    let (a, b, o) = ("tensor<4x256x512xbf16>", "tensor<512x1024xbf16>", "tensor<4x256x1024xbf16>");
    let calls = vec![format!("%c0 = tx8be.Gemm(%l0, %l1) {{{{ANCHOR}}}} : ({a}, {b}) -> {o}")];
    // Per tile [4, 16, 1024] in [2, 8, 512] slices: 2 x 2 x 2 steps.
    module(&[("a", a), ("b", b)], &calls, o, &[1, 16, 1], &[2, 8, 512], buffers)
}

fn bias_add(buffers: u32) -> String {
    let (x, v) = ("tensor<8x64x256xbf16>", "tensor<256xbf16>");
    let calls = vec![format!("%c0 = tx8be.Binary(%l0, %l1) {{kind = \"add\", {{ANCHOR}}}} : ({x}, {v}) -> {x}")];
    // One batch per tile in two halves of 32 rows: the vector never changes.
    module(&[("x", x), ("v", v)], &calls, x, &[8, 1, 1], &[1, 32, 256], buffers)
}

fn halo_conv(buffers: u32) -> String {
    let (x, w, o) = ("tensor<16x32x64x256xbf16>", "tensor<3x3x256x256xbf16>", "tensor<16x32x64x256xbf16>");
    let calls = vec![format!("%c0 = tx8be.Conv(%l0, %l1) {{dilations = array<i64: 1, 1>, group = 1 : i64, pads = array<i64: 1, 1, 1, 1>, strides = array<i64: 1, 1>, {{ANCHOR}}}} : ({x}, {w}) -> {o}")];
    // An image per tile in 4 bands of 8 rows: each band's input (its rows
    // and a halo row on either side) starts inside the one before.
    module(&[("x", x), ("w", w)], &calls, o, &[16, 1, 1, 1], &[1, 8, 64, 256], buffers)
}

#[test]
fn a_sliding_load_copies_its_overlap_beside_the_calls() {
    assert_eq!(check(&halo_conv(2)), (2, vec![4]));
    // The double-buffered steps after the first slide: a copy each, and
    // fewer DDR cycles than a whole load.
    let ctx = context();
    let m = parse(&ctx, &halo_conv(2));
    let body = func_body(&ctx, &m);
    let hw = HardwareConfig::default();
    let anchor = group_compute_op(&ctx, body, groups(&ctx, body)[0]).unwrap();
    let (shard, slice) = tx8be::schedule::buffers::recorded_schedule(&ctx, body, anchor).unwrap();
    let calls = GroupCalls::of_anchor(&ctx, body, anchor).unwrap();
    let steps = tile_steps(&ctx, body, anchor, &shard, &slice, hw.tiles() as usize).unwrap();
    let times = busiest_tile_steps(&ctx, body, &calls, &steps, &hw);
    assert_eq!(times[0].slide_copy, 0.0);
    assert!(times[1..].iter().all(|t| t.slide_copy > 0.0 && t.slid_load < t.load), "{times:?}");
}

#[test]
fn one_split_dim() {
    assert_eq!(check(&exp(1)), (1, vec![4]));
    assert_eq!(check(&exp(2)), (2, vec![4]));
}

#[test]
fn two_split_dims_nest() {
    assert_eq!(check(&gemm(1, false)), (1, vec![2, 4]));
    assert_eq!(check(&gemm(2, false)), (2, vec![2, 4]));
}

#[test]
fn three_split_dims_nest() {
    assert_eq!(check(&batched_gemm(1)), (1, vec![2, 2, 2]));
    assert_eq!(check(&batched_gemm(2)), (2, vec![2, 2, 2]));
}

#[test]
fn a_multi_op_group_runs_its_calls_in_turn() {
    assert_eq!(check(&gemm(1, true)), (1, vec![2, 4]));
    assert_eq!(check(&gemm(2, true)), (2, vec![2, 4]));
}

#[test]
fn a_load_that_never_changes_is_loaded_once() {
    assert_eq!(check(&bias_add(1)), (1, vec![2]));
    assert_eq!(check(&bias_add(2)), (2, vec![2]));
}

#[test]
fn a_malformed_attribute_reads_back_as_an_error() {
    let ctx = context();
    let m = parse(&ctx, &exp(2));
    let body = func_body(&ctx, &m);
    let g = groups(&ctx, body)[0];
    let calls = GroupCalls::of_anchor(&ctx, body, group_compute_op(&ctx, body, g).unwrap()).unwrap();
    let with = |frame: Attribute| ctx.dictionary(vec![(ctx.intern_str("pipeline"), ctx.array_attr(&[frame]))]);
    let frame =
        |key: &str, op: &str| ctx.dictionary(vec![(ctx.intern_str(key), ctx.array_attr(&[ctx.string_attr(op)]))]);
    // Op 1 of the group is the Unary: it reads back.
    assert!(nodes_from_attr(&ctx, body, g, &calls, with(frame("ct", "Unary@1[i]"))).is_ok());
    let err = |a| nodes_from_attr(&ctx, body, g, &calls, a).unwrap_err();
    assert!(err(with(frame("ct", "Unary@9[i]"))).contains("has no op 9"));
    assert!(err(with(frame("ct", "Unary@1[j]"))).contains("not an op reference"));
    assert!(err(with(frame("xx", "Unary@1[i]"))).contains("'xx' is not an engine"));
    assert!(err(ctx.empty_dictionary()).contains("no 'pipeline' entry"));
}
