//! The layout passes change placements, never numbers: a module run through
//! tx8be-layout-init, -transmit, -align-to-npu and -align-opt computes
//! bit for bit what it computed before in the reference interpreter
//! (ChannelNorm is an identity on values), and afterwards every edge
//! agrees with the placement rules: each operand has the placement its
//! user requires and function results are dense.
//!
//! `LAYOUT_NUMBERS_MLIR=a.mlir:b.mlir cargo test -p tx8be-transforms --test
//! layout_numbers -- --ignored` checks tx8be-level files the same way (for
//! instance a generated model lowered by `-convert-stablehlo-to-tx8be`).

use strata_ir::diagnostics::SourceFile;
use strata_ir::parser::{parse_source, ParseOptions, ParsedModule};
use strata_ir::{Body, Context, Op};
use strata_pass::manager::{OpPassManager, RunConfig, RunReport};
use strata_pass::PassRegistry;
use tx8be::layout::{is_blocked, value_mem_layout};
use tx8be::{AlignMode, ElementType, OpKind, TensorData};

fn context() -> Context {
    let mut ctx = strata_dialects::context();
    tx8be::register(&mut ctx);
    ctx
}

fn parse(ctx: &Context, text: &str) -> ParsedModule {
    let source = SourceFile::new("input.mlir", text.to_string());
    parse_source(ctx, &source, 0..source.text.len(), ParseOptions { allow_unregistered: false }, true)
        .expect("input parses and verifies")
}

fn run_layout_passes(ctx: &Context, m: &mut ParsedModule) {
    let mut registry = PassRegistry::default();
    tx8be_transforms::register_passes(&mut registry);
    let mut pm = OpPassManager::new("builtin.module");
    let f = pm.nest("func.func");
    for p in ["tx8be-layout-init", "tx8be-layout-transmit", "tx8be-layout-align-to-npu", "tx8be-layout-align-opt"] {
        f.add_pass(registry.create(p, "").expect("registered"));
    }
    let cfg = RunConfig { verify_each: true, ..RunConfig::default() };
    pm.run(ctx, &mut m.body, m.op, &cfg, &mut RunReport::default()).expect("the layout passes succeed");
}

fn main_func(ctx: &Context, m: &ParsedModule) -> Op {
    let mb = m.body.nested(m.op).expect("module body");
    let block = mb.first_block(mb.root_regions()[0]).expect("module block");
    mb.block_ops(block).find(|&op| ctx.op_name_str(mb.op_name(op)) == "func.func").expect("a func.func")
}

/// Deterministic inputs in [-1, 1) for the function's arguments.
fn inputs(ctx: &Context, m: &ParsedModule, func: Op) -> Vec<TensorData> {
    let mb = m.body.nested(m.op).expect("module body");
    let fb = mb.nested(func).expect("func body");
    let entry = fb.first_block(fb.root_regions()[0]).expect("entry");
    let mut state = 0x2545_f491_4f6c_dd1du64;
    fb.block_args(entry)
        .iter()
        .map(|&a| {
            let ty = fb.value_type(a);
            let dims = ctx.shape(ty).expect("ranked").to_vec();
            let elem = ctx.element_type(ty).and_then(|e| ElementType::from_type(ctx, e)).expect("a tx8be element type");
            let n: i64 = dims.iter().product();
            let values = (0..n)
                .map(|_| {
                    state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    ((state >> 40) as f64 / (1u64 << 24) as f64) * 2.0 - 1.0
                })
                .collect();
            TensorData::new(dims, values, elem).expect("one value per element")
        })
        .collect()
}

fn outputs(ctx: &Context, m: &ParsedModule, inputs: &[TensorData]) -> Vec<TensorData> {
    let mb = m.body.nested(m.op).expect("module body");
    tx8be::interpret(ctx, mb, main_func(ctx, m), inputs, false).expect("interprets").outputs
}

/// Every operand has the placement its user requires (see the module doc).
fn check_placements_agree(ctx: &Context, body: &Body) -> Result<(), String> {
    let entry = body.first_block(body.root_regions()[0]).expect("entry");
    for op in body.block_ops(entry) {
        let name = ctx.op_name_str(body.op_name(op));
        let kind = tx8be::op_kind(ctx, body, op);
        for (i, v) in body.operands(op).enumerate() {
            let have = is_blocked(value_mem_layout(ctx, body, v));
            let need = match kind {
                None => false,
                Some(OpKind::ChannelNorm) => !tx8be::dialect::values::attr_bool(ctx, body, op, "to_blocked").unwrap(),
                Some(_) => match tx8be::query_op_attr(ctx, body, op).unwrap().operand_align[i] {
                    AlignMode::Align => true,
                    AlignMode::Compact => false,
                    _ => is_blocked(value_mem_layout(ctx, body, body.result(op, 0))),
                },
            };
            if have != need {
                return Err(format!(
                    "operand #{i} of {name} (op {op:?}) is {} but must be {}",
                    placement(have),
                    placement(need)
                ));
            }
        }
    }
    Ok(())
}

fn placement(blocked: bool) -> &'static str {
    if blocked {
        "blocked"
    } else {
        "dense"
    }
}

fn count_channel_norms(ctx: &Context, body: &Body) -> usize {
    let entry = body.first_block(body.root_regions()[0]).expect("entry");
    body.block_ops(entry).filter(|&op| tx8be::op_kind(ctx, body, op) == Some(OpKind::ChannelNorm)).count()
}

/// Runs the passes on `text`; returns the number of ChannelNorms left.
fn check_module(text: &str) -> usize {
    let ctx = context();
    let mut m = parse(&ctx, text);
    let func = main_func(&ctx, &m);
    let ins = inputs(&ctx, &m, func);
    let before = outputs(&ctx, &m, &ins);
    run_layout_passes(&ctx, &mut m);
    let after = outputs(&ctx, &m, &ins);
    assert_eq!(before.len(), after.len());
    for (i, (b, a)) in before.iter().zip(&after).enumerate() {
        assert_eq!(b.dims, a.dims, "output #{i} dims");
        assert!(b.values.iter().zip(&a.values).all(|(x, y)| x.to_bits() == y.to_bits()), "output #{i} changed");
    }
    let mb = m.body.nested(m.op).expect("module body");
    let fb = mb.nested(main_func(&ctx, &m)).expect("func body");
    check_placements_agree(&ctx, fb).unwrap();
    count_channel_norms(&ctx, fb)
}

/// A small CNN with the ops whose placements differ: NCHW input,
/// conv + bias, batch norm, relu, pool, residual add, a per-channel
/// scale, a reduce keeping the channels, back to NCHW, flatten, gemm,
/// softmax.
const CNN: &str = r#"
func.func @main(%x: tensor<2x3x8x8xf32>, %w1: tensor<3x3x3x8xf32>, %m: tensor<128x10xf32>) -> tensor<2x10xf32> {
  %b1 = tx8be.const dense<[0.1, -0.2, 0.3, -0.4, 0.5, -0.6, 0.7, -0.8]> : tensor<8xf32>
  %w2 = tx8be.const dense<0.0625> : tensor<1x1x8x8xf32>
  %s = tx8be.const dense<[[[[1.0, 2.0, 0.5, -1.0, 1.5, 0.25, -0.5, 3.0]]]]> : tensor<1x1x1x8xf32>
  %g = tx8be.const dense<1.5> : tensor<8xf32>
  %o = tx8be.const dense<0.25> : tensor<8xf32>
  %mu = tx8be.const dense<0.125> : tensor<8xf32>
  %var = tx8be.const dense<2.0> : tensor<8xf32>
  %t = tx8be.Transpose(%x) {perm = array<i64: 0, 2, 3, 1>} : (tensor<2x3x8x8xf32>) -> tensor<2x8x8x3xf32>
  %c1 = tx8be.Conv(%t, %w1, %b1) {strides = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<2x8x8x3xf32>, tensor<3x3x3x8xf32>, tensor<8xf32>) -> tensor<2x8x8x8xf32>
  %bn = tx8be.BatchNorm_Inference(%c1, %g, %o, %mu, %var) {epsilon = 1.0e-05 : f32} : (tensor<2x8x8x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<2x8x8x8xf32>
  %r1 = tx8be.Unary(%bn) {kind = "relu"} : (tensor<2x8x8x8xf32>) -> tensor<2x8x8x8xf32>
  %p = tx8be.Pool(%r1) {kind = "max", kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>, count_include_pad = false} : (tensor<2x8x8x8xf32>) -> tensor<2x4x4x8xf32>
  %c2 = tx8be.Conv(%p, %w2) {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<2x4x4x8xf32>, tensor<1x1x8x8xf32>) -> tensor<2x4x4x8xf32>
  %a = tx8be.Binary(%c2, %p) {kind = "add"} : (tensor<2x4x4x8xf32>, tensor<2x4x4x8xf32>) -> tensor<2x4x4x8xf32>
  %sc = tx8be.Binary(%a, %s) {kind = "mul"} : (tensor<2x4x4x8xf32>, tensor<1x1x1x8xf32>) -> tensor<2x4x4x8xf32>
  %rd = tx8be.Reduce(%sc) {kind = "max", axes = array<i64: 2>, keepdims = true} : (tensor<2x4x4x8xf32>) -> tensor<2x4x1x8xf32>
  %e = tx8be.Unary(%rd) {kind = "exp"} : (tensor<2x4x1x8xf32>) -> tensor<2x4x1x8xf32>
  %u = tx8be.Transpose(%sc) {perm = array<i64: 0, 3, 1, 2>} : (tensor<2x4x4x8xf32>) -> tensor<2x8x4x4xf32>
  %f = tx8be.Reshape(%u) : (tensor<2x8x4x4xf32>) -> tensor<2x128xf32>
  %fe = tx8be.Reshape(%e) : (tensor<2x4x1x8xf32>) -> tensor<2x32xf32>
  %z = tx8be.Slice(%fe) {starts = array<i64: 0, 0>, limits = array<i64: 2, 10>, strides = array<i64: 1, 1>} : (tensor<2x32xf32>) -> tensor<2x10xf32>
  %mm = tx8be.Gemm(%f, %m) {trans_a = false, trans_b = false} : (tensor<2x128xf32>, tensor<128x10xf32>) -> tensor<2x10xf32>
  %sum = tx8be.Binary(%mm, %z) {kind = "add"} : (tensor<2x10xf32>, tensor<2x10xf32>) -> tensor<2x10xf32>
  %y = tx8be.Softmax(%sum) {axis = 1 : i64} : (tensor<2x10xf32>) -> tensor<2x10xf32>
  return %y : tensor<2x10xf32>
}
"#;

#[test]
fn small_cnn_keeps_its_numbers_and_agrees_everywhere() {
    // Before the passes (everything dense) the convs' operands disagree.
    let ctx = context();
    let m = parse(&ctx, CNN);
    let mb = m.body.nested(m.op).expect("module body");
    let err = check_placements_agree(&ctx, mb.nested(main_func(&ctx, &m)).expect("func body")).unwrap_err();
    assert!(err.contains("tx8be.Conv") && err.contains("must be blocked"), "{err}");
    let left = check_module(CNN);
    // Some conversions must remain: the input into the first conv, the
    // filter constants, the blocked features into the dense transpose.
    assert!(left >= 3, "{left} channel_norms");
}

#[test]
#[ignore = "reads the files named by LAYOUT_NUMBERS_MLIR"]
fn files_keep_their_numbers() {
    let list = std::env::var("LAYOUT_NUMBERS_MLIR").expect("LAYOUT_NUMBERS_MLIR=a.mlir:b.mlir");
    for path in list.split(':').filter(|p| !p.is_empty()) {
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let left = check_module(&text);
        println!("{path}: {left} channel_norms left, numbers unchanged, placements agree");
    }
}
