//! The four interfaces on parsed tx8be IR: the reference interpreter
//! against hand-computed numbers, sharding rules, slice boxes and windows,
//! OpLib attributes and scratch sizes, shape and layout inference.

mod common;

use common::{context, first_func, op_named, parse};
use tx8be::{ElementType, RowRange, ShardingSplitParam, SliceBox, TensorData};

/// conv (2x2 kernel, 2 output channels, bias) then relu inside a group.
const CONV_RELU: &str = r#"
func.func @main(%x: tensor<1x3x3x1xf32>) -> tensor<1x2x2x2xf32> {
  %w = tx8be.const dense<[[[[1.0, -1.0]], [[1.0, 0.0]]], [[[1.0, 0.0]], [[1.0, 0.0]]]]> : tensor<2x2x1x2xf32>
  %b = tx8be.const dense<[0.0, 1.0]> : tensor<2xf32>
  %c = tx8be.Conv(%x, %w, %b) {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<1x3x3x1xf32>, tensor<2x2x1x2xf32>, tensor<2xf32>) -> tensor<1x2x2x2xf32>
  %g = tx8be.group -> tensor<1x2x2x2xf32> attributes {group_id = 0 : i64} {
    %l = tx8be.load_var %c : tensor<1x2x2x2xf32>
    %r = tx8be.Unary(%l) {kind = "relu"} : (tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
    %s = tx8be.store_var %r {ddr_addr = 4096 : i64} : tensor<1x2x2x2xf32>
    tx8be.yield %s : tensor<1x2x2x2xf32>
  }
  return %g : tensor<1x2x2x2xf32>
}
"#;

fn input_1_to_9() -> TensorData {
    TensorData::new(vec![1, 3, 3, 1], (1..=9).map(f64::from).collect(), ElementType::F32).unwrap()
}

#[test]
fn interpreter_runs_conv_then_relu() {
    let ctx = context();
    let m = parse(&ctx, CONV_RELU);
    let (body, f) = first_func(&ctx, &m);
    let run = tx8be::interpret(&ctx, body, f, &[input_1_to_9()], true).unwrap();
    // Channel 0 sums each 2x2 window: 1+2+4+5 = 12, 16, 24, 28; channel 1 is
    // 1 - top-left: 0, -1, -3, -4, which relu clamps to 0.
    assert_eq!(
        run.outputs,
        vec![TensorData::new(vec![1, 2, 2, 2], vec![12.0, 0.0, 16.0, 0.0, 24.0, 0.0, 28.0, 0.0], ElementType::F32)
            .unwrap()]
    );
    let conv = run.trace.iter().find(|v| v.name == "tx8be.Conv").unwrap();
    assert_eq!(conv.results[0].values, vec![12.0, 0.0, 16.0, -1.0, 24.0, -3.0, 28.0, -4.0]);
    // const, const, conv, load, relu, store, group: every op recorded in order.
    let names: Vec<&str> = run.trace.iter().map(|v| v.name.as_str()).collect();
    assert_eq!(
        names,
        ["tx8be.const", "tx8be.const", "tx8be.Conv", "tx8be.load_var", "tx8be.Unary", "tx8be.store_var", "tx8be.group"]
    );
    let quiet = tx8be::interpret(&ctx, body, f, &[input_1_to_9()], false).unwrap();
    assert!(quiet.trace.is_empty());
    assert_eq!(quiet.outputs, run.outputs);
}

#[test]
fn interpreter_rejects_wrong_inputs() {
    let ctx = context();
    let m = parse(&ctx, CONV_RELU);
    let (body, f) = first_func(&ctx, &m);
    let wrong = TensorData::new(vec![1, 3, 1, 3], vec![0.0; 9], ElementType::F32).unwrap();
    let e = tx8be::interpret(&ctx, body, f, &[wrong], false).unwrap_err();
    assert!(e.message.contains("argument #0 has shape [1, 3, 3, 1]"), "{}", e.message);
    assert!(tx8be::interpret(&ctx, body, f, &[], false).is_err());
}

#[test]
fn bf16_results_are_rounded() {
    let ctx = context();
    let m = parse(
        &ctx,
        r#"func.func @main(%x: tensor<2xf32>) -> tensor<2xbf16> {
  %c = tx8be.Cast(%x) : (tensor<2xf32>) -> tensor<2xbf16>
  return %c : tensor<2xbf16>
}"#,
    );
    let (body, f) = first_func(&ctx, &m);
    let x = TensorData::new(vec![2], vec![1.0 + 1.0 / 512.0, 3.0], ElementType::F32).unwrap();
    let out = tx8be::interpret(&ctx, body, f, &[x], false).unwrap().outputs;
    assert_eq!(out[0].values, vec![1.0, 3.0]);
    assert_eq!(out[0].elem, ElementType::BF16);
}

const STRIDED_CONV: &str = r#"
func.func @main(%x: tensor<2x8x8x4xf32>, %w: tensor<3x3x4x16xf32>) -> tensor<2x4x4x16xf32> {
  %c = tx8be.Conv(%x, %w) {strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<2x8x8x4xf32>, tensor<3x3x4x16xf32>) -> tensor<2x4x4x16xf32>
  return %c : tensor<2x4x4x16xf32>
}
"#;

#[test]
fn conv_back_window_stride_two_pad_one() {
    let ctx = context();
    let m = parse(&ctx, STRIDED_CONV);
    let (body, conv) = op_named(&ctx, &m, "tx8be.Conv");
    let top = tx8be::back_window(&ctx, body, conv, RowRange { start: 0, end: 2 }).unwrap();
    assert_eq!((top.rows, top.pad_before, top.pad_after), (RowRange { start: 0, end: 4 }, 1, 0));
    let bottom = tx8be::back_window(&ctx, body, conv, RowRange { start: 2, end: 4 }).unwrap();
    assert_eq!((bottom.rows, bottom.pad_before, bottom.pad_after), (RowRange { start: 3, end: 8 }, 0, 0));
    assert!(tx8be::back_window(&ctx, body, conv, RowRange { start: 3, end: 5 }).is_err());
    // The input box of output rows 2..4 of batch 1, all columns and channels.
    let out = SliceBox::new(&[1, 2, 0, 0], &[1, 2, 4, 16]);
    let boxes = tx8be::temporal_slice_shape(&ctx, body, conv, &out).unwrap();
    assert_eq!(boxes[0], SliceBox::new(&[1, 3, 0, 0], &[1, 5, 8, 4]));
    assert_eq!(boxes[1], SliceBox::new(&[0, 0, 0, 0], &[3, 3, 4, 16]));
    // Output channels 8..16: the weight's columns only.
    let out = SliceBox::new(&[0, 0, 0, 8], &[2, 4, 4, 8]);
    let boxes = tx8be::temporal_slice_shape(&ctx, body, conv, &out).unwrap();
    assert_eq!(boxes[0].size[..], [2, 8, 8, 4]);
    assert_eq!(boxes[1], SliceBox::new(&[0, 0, 0, 8], &[3, 3, 4, 8]));
}

#[test]
fn conv_sharding_follows_batch_rows_and_output_channels() {
    let ctx = context();
    let m = parse(&ctx, STRIDED_CONV);
    let (body, conv) = op_named(&ctx, &m, "tx8be.Conv");
    let out = ShardingSplitParam { out_sharding: vec![2, 2, 1, 4], out_split: vec![1, 2, 1, 1] };
    let p = tx8be::tile_sharding_split(&ctx, body, conv, &out).unwrap();
    assert_eq!(p[0], ShardingSplitParam { out_sharding: vec![2, 2, 1, 1], out_split: vec![1, 2, 1, 1] });
    assert_eq!(p[1], ShardingSplitParam { out_sharding: vec![1, 1, 1, 4], out_split: vec![1, 1, 1, 1] });
    let cols = ShardingSplitParam { out_sharding: vec![1, 1, 4, 1], out_split: vec![1, 1, 1, 1] };
    assert!(tx8be::tile_sharding_split(&ctx, body, conv, &cols).is_err());
    let bad_rank = ShardingSplitParam { out_sharding: vec![16], out_split: vec![1] };
    assert!(tx8be::tile_sharding_split(&ctx, body, conv, &bad_rank).is_err());
}

#[test]
fn depthwise_conv_channel_parts_take_their_input_channels() {
    let ctx = context();
    let m = parse(
        &ctx,
        r#"func.func @main(%x: tensor<1x6x6x8xf32>, %w: tensor<3x3x1x8xf32>) -> tensor<1x6x6x8xf32> {
  %c = tx8be.Conv(%x, %w) {strides = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 8 : i64} : (tensor<1x6x6x8xf32>, tensor<3x3x1x8xf32>) -> tensor<1x6x6x8xf32>
  return %c : tensor<1x6x6x8xf32>
}"#,
    );
    let (body, conv) = op_named(&ctx, &m, "tx8be.Conv");
    let p = tx8be::tile_sharding_split(
        &ctx,
        body,
        conv,
        &ShardingSplitParam { out_sharding: vec![1, 1, 1, 4], out_split: vec![1, 1, 1, 1] },
    )
    .unwrap();
    assert_eq!(p[0].out_sharding, vec![1, 1, 1, 4]);
    // One output channel per group: any parts are whole groups (3, 3, 2).
    assert!(tx8be::tile_sharding_split(
        &ctx,
        body,
        conv,
        &ShardingSplitParam { out_sharding: vec![1, 1, 1, 3], out_split: vec![1, 1, 1, 1] }
    )
    .is_ok());
    let boxes = tx8be::temporal_slice_shape(&ctx, body, conv, &SliceBox::new(&[0, 0, 0, 2], &[1, 6, 6, 2])).unwrap();
    assert_eq!((boxes[0].start[3], boxes[0].size[3]), (2, 2));
    // Rows 0..3 of a 3x3 pad-1 window: input rows 0..4, one padding row above.
    let w = tx8be::back_window(&ctx, body, conv, RowRange { start: 0, end: 3 }).unwrap();
    assert_eq!((w.rows, w.pad_before, w.pad_after), (RowRange { start: 0, end: 4 }, 1, 0));
    let w = tx8be::back_window(&ctx, body, conv, RowRange { start: 3, end: 6 }).unwrap();
    assert_eq!((w.rows, w.pad_before, w.pad_after), (RowRange { start: 2, end: 6 }, 0, 1));
}

#[test]
fn grouped_conv_boxes_hold_whole_groups_or_part_of_one() {
    let ctx = context();
    // 3 groups of 16 output channels (and 16 input channels).
    let m = parse(
        &ctx,
        r#"func.func @main(%x: tensor<1x4x4x48xf32>, %w: tensor<3x3x16x48xf32>) -> tensor<1x4x4x48xf32> {
  %c = tx8be.Conv(%x, %w) {strides = array<i64: 1, 1>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 3 : i64} : (tensor<1x4x4x48xf32>, tensor<3x3x16x48xf32>) -> tensor<1x4x4x48xf32>
  return %c : tensor<1x4x4x48xf32>
}"#,
    );
    let (body, conv) = op_named(&ctx, &m, "tx8be.Conv");
    let channels = |o0: i64, o1: i64| SliceBox::new(&[0, 0, 0, o0], &[1, 4, 4, o1 - o0]);
    // Two whole groups: their 32 input channels.
    let boxes = tx8be::temporal_slice_shape(&ctx, body, conv, &channels(16, 48)).unwrap();
    assert_eq!((boxes[0].start[3], boxes[0].size[3]), (16, 32));
    // Part of one group: that group's input channels.
    let boxes = tx8be::temporal_slice_shape(&ctx, body, conv, &channels(20, 28)).unwrap();
    assert_eq!((boxes[0].start[3], boxes[0].size[3]), (16, 16));
    assert_eq!((boxes[1].start[3], boxes[1].size[3]), (20, 8));
    // Half of the channels cuts group 1: refused.
    let e = tx8be::temporal_slice_shape(&ctx, body, conv, &channels(0, 24)).unwrap_err();
    assert!(e.message.contains("cut a group of 16 channels"), "{}", e.message);
    // Tiles' parts: 3 (a group each) and 6 (half a group each) cut no group, 2 does.
    let shard = |f: i64| ShardingSplitParam { out_sharding: vec![1, 1, 1, f], out_split: vec![1, 1, 1, 1] };
    assert!(tx8be::tile_sharding_split(&ctx, body, conv, &shard(3)).is_ok());
    assert!(tx8be::tile_sharding_split(&ctx, body, conv, &shard(6)).is_ok());
    assert!(tx8be::tile_sharding_split(&ctx, body, conv, &shard(2)).is_err());
    // A time split is boxes of the search's sizes, checked one by one.
    assert!(tx8be::tile_sharding_split(
        &ctx,
        body,
        conv,
        &ShardingSplitParam { out_sharding: vec![1, 1, 1, 1], out_split: vec![1, 1, 1, 2] }
    )
    .is_ok());
    use tx8be::interfaces::sharding::conv_box_groups;
    assert_eq!(conv_box_groups(3, 48, 16, 48), Some(2));
    assert_eq!(conv_box_groups(3, 48, 20, 28), Some(1));
    assert_eq!(conv_box_groups(3, 48, 0, 24), None);
    assert_eq!(conv_box_groups(1, 48, 5, 7), Some(1));
}

const GEMMS: &str = r#"
func.func @main(%a: tensor<64x128xbf16>, %b: tensor<128x32xbf16>, %bias: tensor<32xf32>, %at: tensor<4x128x64xbf16>) -> (tensor<64x32xbf16>, tensor<4x64x32xbf16>) {
  %g = tx8be.Gemm(%a, %b, %bias) : (tensor<64x128xbf16>, tensor<128x32xbf16>, tensor<32xf32>) -> tensor<64x32xbf16>
  %h = tx8be.Gemm(%at, %b) {trans_a = true} : (tensor<4x128x64xbf16>, tensor<128x32xbf16>) -> tensor<4x64x32xbf16>
  return %g, %h : tensor<64x32xbf16>, tensor<4x64x32xbf16>
}
"#;

#[test]
fn gemm_shards_m_n_and_batch_never_k() {
    let ctx = context();
    let m = parse(&ctx, GEMMS);
    let (body, gemms) = common::ops_named(&ctx, &m, "tx8be.Gemm");
    let out = ShardingSplitParam { out_sharding: vec![4, 4], out_split: vec![2, 1] };
    let p = tx8be::tile_sharding_split(&ctx, body, gemms[0], &out).unwrap();
    assert_eq!(p[0], ShardingSplitParam { out_sharding: vec![4, 1], out_split: vec![2, 1] });
    assert_eq!(p[1], ShardingSplitParam { out_sharding: vec![1, 4], out_split: vec![1, 1] });
    assert_eq!(p[2], ShardingSplitParam { out_sharding: vec![4], out_split: vec![1] });
    // Batched, transposed a [B, K, M], shared b [K, N].
    let out = ShardingSplitParam { out_sharding: vec![2, 2, 4], out_split: vec![1, 1, 1] };
    let p = tx8be::tile_sharding_split(&ctx, body, gemms[1], &out).unwrap();
    assert_eq!(p[0].out_sharding, vec![2, 1, 2]);
    assert_eq!(p[1].out_sharding, vec![1, 4]);
    // A slice of the output needs whole K.
    let boxes = tx8be::temporal_slice_shape(&ctx, body, gemms[1], &SliceBox::new(&[1, 16, 8], &[1, 16, 8])).unwrap();
    assert_eq!(boxes[0], SliceBox::new(&[1, 0, 16], &[1, 128, 16]));
    assert_eq!(boxes[1], SliceBox::new(&[0, 8], &[128, 8]));
}

const NORMS: &str = r#"
func.func @main(%x: tensor<2x4x4x8xf32>, %p: tensor<8xf32>, %y: tensor<16x64xf32>, %g: tensor<64xf32>) -> (tensor<2x4x4x8xf32>, tensor<16x64xf32>) {
  %bn = tx8be.BatchNorm_Inference(%x, %p, %p, %p, %p) {epsilon = 1.0e-5 : f32} : (tensor<2x4x4x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<2x4x4x8xf32>
  %sm = tx8be.Softmax(%y) {axis = 1 : i64} : (tensor<16x64xf32>) -> tensor<16x64xf32>
  %ln = tx8be.LayerNorm(%sm, %g, %g) {epsilon = 1.0e-5 : f32, axis = -1 : i64} : (tensor<16x64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<16x64xf32>
  return %bn, %ln : tensor<2x4x4x8xf32>, tensor<16x64xf32>
}
"#;

#[test]
fn batchnorm_shards_only_channels_and_splits_the_rest() {
    let ctx = context();
    let m = parse(&ctx, NORMS);
    let (body, bn) = op_named(&ctx, &m, "tx8be.BatchNorm_Inference");
    let ok = ShardingSplitParam { out_sharding: vec![1, 1, 1, 8], out_split: vec![2, 2, 1, 1] };
    let p = tx8be::tile_sharding_split(&ctx, body, bn, &ok).unwrap();
    assert_eq!(p.len(), 5);
    assert_eq!(p[0], ok);
    for param in &p[1..] {
        assert_eq!(param, &ShardingSplitParam { out_sharding: vec![8], out_split: vec![1] });
    }
    let by_batch = ShardingSplitParam { out_sharding: vec![2, 1, 1, 1], out_split: vec![1, 1, 1, 1] };
    assert!(tx8be::tile_sharding_split(&ctx, body, bn, &by_batch).is_err());
    let split_c = ShardingSplitParam { out_sharding: vec![1, 1, 1, 1], out_split: vec![1, 1, 1, 2] };
    assert!(tx8be::tile_sharding_split(&ctx, body, bn, &split_c).is_err());
    let boxes = tx8be::temporal_slice_shape(&ctx, body, bn, &SliceBox::new(&[1, 0, 2, 4], &[1, 4, 2, 4])).unwrap();
    assert_eq!(boxes[1], SliceBox::new(&[4], &[4]));
}

#[test]
fn softmax_and_layernorm_never_cut_the_normalized_axis() {
    let ctx = context();
    let m = parse(&ctx, NORMS);
    for name in ["tx8be.Softmax", "tx8be.LayerNorm"] {
        let (body, op) = op_named(&ctx, &m, name);
        let rows = ShardingSplitParam { out_sharding: vec![16, 1], out_split: vec![1, 1] };
        let p = tx8be::tile_sharding_split(&ctx, body, op, &rows).unwrap();
        assert_eq!(p[0], rows, "{name}");
        let cols = ShardingSplitParam { out_sharding: vec![1, 2], out_split: vec![1, 1] };
        assert!(tx8be::tile_sharding_split(&ctx, body, op, &cols).is_err(), "{name}");
        let split_cols = ShardingSplitParam { out_sharding: vec![1, 1], out_split: vec![1, 2] };
        assert!(tx8be::tile_sharding_split(&ctx, body, op, &split_cols).is_err(), "{name}");
    }
}

#[test]
fn elementwise_and_reduce_sharding() {
    let ctx = context();
    let m = parse(
        &ctx,
        r#"func.func @main(%a: tensor<4x8xf32>, %b: tensor<4x1xf32>, %c: tensor<8xf32>) -> (tensor<4x8xf32>, tensor<4xf32>) {
  %s = tx8be.Binary(%a, %b) {kind = "sub"} : (tensor<4x8xf32>, tensor<4x1xf32>) -> tensor<4x8xf32>
  %t = tx8be.Binary(%c, %s) {kind = "mul"} : (tensor<8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %r = tx8be.Reduce(%t) {kind = "max", axes = array<i64: 1>} : (tensor<4x8xf32>) -> tensor<4xf32>
  return %t, %r : tensor<4x8xf32>, tensor<4xf32>
}"#,
    );
    let (body, bins) = common::ops_named(&ctx, &m, "tx8be.Binary");
    let out = ShardingSplitParam { out_sharding: vec![2, 4], out_split: vec![2, 1] };
    let p = tx8be::tile_sharding_split(&ctx, body, bins[0], &out).unwrap();
    assert_eq!(p[0], out);
    assert_eq!(p[1], ShardingSplitParam { out_sharding: vec![2, 1], out_split: vec![2, 1] });
    let p = tx8be::tile_sharding_split(&ctx, body, bins[1], &out).unwrap();
    assert_eq!(p[0], ShardingSplitParam { out_sharding: vec![4], out_split: vec![1] });
    let (body, red) = op_named(&ctx, &m, "tx8be.Reduce");
    let p =
        tx8be::tile_sharding_split(&ctx, body, red, &ShardingSplitParam { out_sharding: vec![4], out_split: vec![1] })
            .unwrap();
    assert_eq!(p[0], ShardingSplitParam { out_sharding: vec![4, 1], out_split: vec![1, 1] });
    let boxes = tx8be::temporal_slice_shape(&ctx, body, red, &SliceBox::new(&[2], &[2])).unwrap();
    assert_eq!(boxes[0], SliceBox::new(&[2, 0], &[2, 8]));
}

#[test]
fn movement_ops_map_boxes() {
    let ctx = context();
    let m = parse(
        &ctx,
        r#"func.func @main(%a: tensor<4x6xf32>, %b: tensor<4x2xf32>) -> (tensor<2x2x6xf32>, tensor<4x8xf32>, tensor<6x4xf32>, tensor<6x10xf32>) {
  %r = tx8be.Reshape(%a) : (tensor<4x6xf32>) -> tensor<2x2x6xf32>
  %c = tx8be.Concat(%a, %b) {axis = 1 : i64} : (tensor<4x6xf32>, tensor<4x2xf32>) -> tensor<4x8xf32>
  %t = tx8be.Transpose(%a) {perm = array<i64: 1, 0>} : (tensor<4x6xf32>) -> tensor<6x4xf32>
  %p = tx8be.Pad(%a) {pads_low = array<i64: 1, 2>, pads_high = array<i64: 1, 2>, value = 0.0 : f32} : (tensor<4x6xf32>) -> tensor<6x10xf32>
  return %r, %c, %t, %p : tensor<2x2x6xf32>, tensor<4x8xf32>, tensor<6x4xf32>, tensor<6x10xf32>
}"#,
    );
    let (body, reshape) = op_named(&ctx, &m, "tx8be.Reshape");
    let p = tx8be::tile_sharding_split(
        &ctx,
        body,
        reshape,
        &ShardingSplitParam { out_sharding: vec![2, 1, 1], out_split: vec![1, 1, 1] },
    )
    .unwrap();
    assert_eq!(p[0].out_sharding, vec![2, 1]);
    // Columns of [2, 2, 6] are columns of [4, 6]; the middle dim starts inside an input row.
    let p = tx8be::tile_sharding_split(
        &ctx,
        body,
        reshape,
        &ShardingSplitParam { out_sharding: vec![1, 1, 2], out_split: vec![1, 1, 1] },
    )
    .unwrap();
    assert_eq!(p[0].out_sharding, vec![1, 2]);
    assert!(tx8be::tile_sharding_split(
        &ctx,
        body,
        reshape,
        &ShardingSplitParam { out_sharding: vec![1, 2, 1], out_split: vec![1, 1, 1] }
    )
    .is_err());
    let b = tx8be::temporal_slice_shape(&ctx, body, reshape, &SliceBox::new(&[1, 0, 0], &[1, 2, 6])).unwrap();
    assert_eq!(b[0], SliceBox::new(&[2, 0], &[2, 6]));

    let (body, concat) = op_named(&ctx, &m, "tx8be.Concat");
    let b = tx8be::temporal_slice_shape(&ctx, body, concat, &SliceBox::new(&[0, 5], &[4, 2])).unwrap();
    assert_eq!(b[0], SliceBox::new(&[0, 5], &[4, 1]));
    assert_eq!(b[1], SliceBox::new(&[0, 0], &[4, 1]));
    assert!(tx8be::tile_sharding_split(
        &ctx,
        body,
        concat,
        &ShardingSplitParam { out_sharding: vec![1, 2], out_split: vec![1, 1] }
    )
    .is_err());

    let (body, tr) = op_named(&ctx, &m, "tx8be.Transpose");
    let p = tx8be::tile_sharding_split(
        &ctx,
        body,
        tr,
        &ShardingSplitParam { out_sharding: vec![3, 2], out_split: vec![1, 1] },
    )
    .unwrap();
    assert_eq!(p[0].out_sharding, vec![2, 3]);

    let (body, pad) = op_named(&ctx, &m, "tx8be.Pad");
    let b = tx8be::temporal_slice_shape(&ctx, body, pad, &SliceBox::new(&[0, 0], &[3, 4])).unwrap();
    assert_eq!(b[0], SliceBox::new(&[0, 0], &[2, 2]));
}

#[test]
fn oplib_attributes_and_scratch() {
    let ctx = context();
    let m = parse(&ctx, NORMS);
    let (body, bn) = op_named(&ctx, &m, "tx8be.BatchNorm_Inference");
    let attr = tx8be::query_op_attr(&ctx, body, bn).unwrap();
    // Batch 2: the seed's BatchNorm picks NTensor.
    assert_eq!(attr.default_layout, "NTensor");
    assert_eq!(attr.engine, Some(tx8_target::Engine::Ct));
    let (body, sm) = op_named(&ctx, &m, "tx8be.Softmax");
    assert_eq!(tx8be::query_op_attr(&ctx, body, sm).unwrap().default_layout, "NTensor");
    let hw = tx8_target::HardwareConfig::default();
    let row = hw.spm_bank_bytes;
    let up = |b: u64| b.div_ceil(row) * row;
    // Softmax on a 4x64 slice: two fp32 copies and one value per row.
    assert_eq!(tx8be::imm_bytes(&ctx, body, sm, &[4, 64], &hw).unwrap(), 2 * up(4 * 64 * 4) + up(4 * 4));

    let m = parse(&ctx, CONV_RELU);
    let (body, conv) = op_named(&ctx, &m, "tx8be.Conv");
    let attr = tx8be::query_op_attr(&ctx, body, conv).unwrap();
    assert_eq!(
        (attr.engine, attr.default_layout.as_str(), attr.need_load),
        (Some(tx8_target::Engine::Ne), "Tensor", u64::MAX)
    );
    assert_eq!(tx8be::imm_bytes(&ctx, body, conv, &[1, 2, 2, 2], &hw).unwrap(), 0);

    let m = parse(
        &ctx,
        r#"func.func @main(%t: tensor<10x4xf32>, %i: tensor<3xi32>, %a: tensor<4x8xf32>, %b: tensor<4x1xf32>) -> (tensor<3x4xf32>, tensor<4x8xf32>) {
  %g = tx8be.Gather(%t, %i) {axis = 0 : i64} : (tensor<10x4xf32>, tensor<3xi32>) -> tensor<3x4xf32>
  %s = tx8be.Binary(%a, %b) {kind = "sub"} : (tensor<4x8xf32>, tensor<4x1xf32>) -> tensor<4x8xf32>
  return %g, %s : tensor<3x4xf32>, tensor<4x8xf32>
}"#,
    );
    let (body, gather) = op_named(&ctx, &m, "tx8be.Gather");
    // The table stays in DDR: bit 0 clear, the indices are loaded.
    assert_eq!(tx8be::query_op_attr(&ctx, body, gather).unwrap().need_load & 0b11, 0b10);
    let (body, sub) = op_named(&ctx, &m, "tx8be.Binary");
    // [4,1] is not a suffix of [4,8]: op_eltwise_binary expands operands in
    // scratch: 2 x out elements, plus up to 768 bytes of alignment (tx8.h).
    assert_eq!(tx8be::imm_bytes(&ctx, body, sub, &[2, 8], &hw).unwrap(), 2 * up(2 * 8 * 4) + up(768));
    assert!(tx8be::query_op_attr(&ctx, body, sub).unwrap().mem_inplace);
}

#[test]
fn infer_shapes_and_layouts() {
    let ctx = context();
    let mut m = parse(
        &ctx,
        r#"func.func @main(%x: tensor<3x4x5x6xf32>, %p: tensor<5xf32>) -> tensor<3x5x6x4xf32> {
  %a = tx8be.Unary(%x) {kind = "relu", layout_str = "NCHW", dev_info = #tx8be.dev_attr<imm_size = 0, mem_layout = <NCx>, multi_buf_en = false, multi_buf_num = 1, out_shape_buf_idx = [], temporal_mem_slice = [], source_type = 0, imm_addr = 0, mem_addr = []>} : (tensor<3x4x5x6xf32>) -> tensor<3x4x5x6xf32>
  %t = tx8be.Transpose(%a) {perm = array<i64: 0, 2, 3, 1>} : (tensor<3x4x5x6xf32>) -> tensor<3x5x6x4xf32>
  %e = tx8be.Unary(%a) {kind = "exp"} : (tensor<3x4x5x6xf32>) -> tensor<3x4x5x6xf32>
  %r = tx8be.Reshape(%t) : (tensor<3x5x6x4xf32>) -> tensor<15x24xf32>
  return %t : tensor<3x5x6x4xf32>
}"#,
    );
    let (mb, f) = first_func(&ctx, &m);
    let (fb, regions) = mb.regions_of(f);
    let ops: Vec<_> = fb.block_ops(fb.first_block(regions[0]).unwrap()).collect();
    let (t, e, r) = (ops[1], ops[2], ops[3]);
    assert_eq!(tx8be::inferred_layout(&ctx, fb, t).unwrap().as_deref(), Some("NCHW-NHWC"));
    assert_eq!(tx8be::inferred_layout(&ctx, fb, r).unwrap(), None);
    // Backwards: a user wanting NHWC of the transpose makes its input NCHW; a reshape stops.
    assert_eq!(tx8be::inferred_layout_from_result(&ctx, fb, t, "NHWC").unwrap().as_deref(), Some("NCHW-NHWC"));
    assert_eq!(tx8be::inferred_layout_from_result(&ctx, fb, r, "Tensor").unwrap(), None);
    // Mutate: the module's function body.
    let fbody = m.body.nested_mut(m.op).and_then(|mb| mb.nested_mut(f)).expect("func body");
    assert_eq!(tx8be::infer_layout(&ctx, fbody, t).unwrap().as_deref(), Some("NCHW-NHWC"));
    assert_eq!(tx8be::infer_layout(&ctx, fbody, e).unwrap().as_deref(), Some("NCHW-NCHW"));
    let dev = tx8be::DevAttr::from_attr(&ctx, fbody.op_attr(&ctx, e, "dev_info").unwrap()).unwrap();
    assert_eq!(dev.mem_layout, tx8be::LayoutMode::NCx);
    assert_eq!(strata_ir::printer::type_to_string(&ctx, fbody.value_type(fbody.result(t, 0))), "tensor<3x5x6x4xf32>");
    // A wrong result type is put right from the operand and the perm.
    let wrong = ctx.ranked_tensor_type(&[1], ctx.f32());
    let res = fbody.result(t, 0);
    fbody.set_value_type(res, wrong);
    let ty = tx8be::infer_shapes(&ctx, fbody, t).unwrap();
    assert_eq!(ctx.shape(ty), Some(&[3i64, 5, 6, 4][..]));
    assert_eq!(fbody.value_type(res), ty);
}

#[test]
fn built_ops_verify_print_and_run() {
    use strata_ir::Location;
    use tx8be::dialect::build;
    use tx8be::dialect::values::{dense_elements_from_f64, dense_i64_array};
    let ctx = context();
    let mut m = parse(
        &ctx,
        "func.func @main(%x: tensor<1x3x3x1xf32>) -> tensor<1x3x3x1xf32> {\n  return %x : tensor<1x3x3x1xf32>\n}",
    );
    let (mb, f) = first_func(&ctx, &m);
    let ret = {
        let (fb, regions) = mb.regions_of(f);
        fb.last_op(fb.first_block(regions[0]).unwrap()).unwrap()
    };
    let fbody = m.body.nested_mut(m.op).and_then(|b| b.nested_mut(f)).unwrap();
    let loc = Location::Unknown;
    let x = fbody.operand(ret, 0);
    let wty = ctx.ranked_tensor_type(&[3, 3, 1, 1], ctx.f32());
    let w = build::create_const(&ctx, fbody, dense_elements_from_f64(&ctx, wty, &[1.0; 9]).unwrap(), Some(4096), loc)
        .unwrap();
    fbody.insert_op_before(ret, w);
    let attrs = [
        ("strides", dense_i64_array(&ctx, &[1, 1])),
        ("pads", dense_i64_array(&ctx, &[1, 1, 1, 1])),
        ("dilations", dense_i64_array(&ctx, &[1, 1])),
        ("group", ctx.integer_attr(ctx.i64(), 1)),
    ];
    let wv = fbody.result(w, 0);
    let conv = build::create_compute_op(&ctx, fbody, tx8be::OpKind::Conv, &[x, wv], &attrs, None, loc).unwrap();
    fbody.insert_op_before(ret, conv);
    let cv = fbody.result(conv, 0);
    assert_eq!(ctx.shape(fbody.value_type(cv)), Some(&[1i64, 3, 3, 1][..]));
    let (group, block) = build::create_group(&ctx, fbody, &[fbody.value_type(cv)], 7, 0, loc);
    fbody.insert_op_before(ret, group);
    let load = build::create_move(&ctx, fbody, tx8be::OpKind::LoadVar, cv, &[], loc).unwrap();
    fbody.append_op(block, load);
    let lv = fbody.result(load, 0);
    let relu = build::create_compute_op(
        &ctx,
        fbody,
        tx8be::OpKind::Unary,
        &[lv],
        &[("kind", ctx.string_attr("neg"))],
        None,
        loc,
    )
    .unwrap();
    fbody.append_op(block, relu);
    let rv = fbody.result(relu, 0);
    let y = build::create_yield(&ctx, fbody, &[rv], loc);
    fbody.append_op(block, y);
    let gv = fbody.result(group, 0);
    fbody.set_operand(ret, 0, gv);
    // Bad attributes are reported, not built.
    let bad = build::create_compute_op(
        &ctx,
        fbody,
        tx8be::OpKind::Transpose,
        &[x],
        &[("perm", dense_i64_array(&ctx, &[0, 0, 1, 2]))],
        None,
        loc,
    );
    assert!(bad.unwrap_err().contains("permutation"));
    assert!(build::create_compute_op(&ctx, fbody, tx8be::OpKind::Reshape, &[x], &[], None, loc).is_err());

    strata_ir::verifier::verify(&ctx, &m.body, m.op).unwrap_or_else(|d| panic!("{}", d.message));
    let text = strata_ir::printer::print_top_level(&ctx, &m.body, m.op, Default::default(), &[]);
    assert!(
        text.contains("tx8be.group -> tensor<1x3x3x1xf32> attributes {group_id = 7 : i64} {"),
        "group_tag 0 is the default, elided: {text}"
    );
    let (mb, f) = first_func(&ctx, &m);
    let out = tx8be::interpret(&ctx, mb, f, &[input_1_to_9()], false).unwrap().outputs;
    // 3x3 box sums of [1..9] with zero padding, negated.
    assert_eq!(out[0].values, vec![-12.0, -21.0, -16.0, -27.0, -45.0, -33.0, -24.0, -39.0, -28.0]);
}

#[test]
fn batchnorm_scratch_follows_the_placement() {
    let ctx = context();
    let text = |layout: &str| {
        format!(
            r#"func.func @main(%x: tensor<2x2x2x40xf32>, %p: tensor<40xf32>) -> tensor<2x2x2x40xf32> {{
  %bn = tx8be.BatchNorm_Inference(%x, %p, %p, %p, %p) {{epsilon = 1.0e-5 : f32, dev_info = #tx8be.dev_attr<imm_size = 0, mem_layout = <{layout}>, multi_buf_en = false, multi_buf_num = 1, out_shape_buf_idx = [], temporal_mem_slice = [], source_type = 0, imm_addr = 0, mem_addr = []>}} : (tensor<2x2x2x40xf32>, tensor<40xf32>, tensor<40xf32>, tensor<40xf32>, tensor<40xf32>) -> tensor<2x2x2x40xf32>
  return %bn : tensor<2x2x2x40xf32>
}}"#
        )
    };
    let hw = tx8_target::HardwareConfig::default();
    let up = |b: u64| b.div_ceil(hw.spm_bank_bytes) * hw.spm_bank_bytes;
    let m = parse(&ctx, &text("NTensor"));
    let (body, bn) = op_named(&ctx, &m, "tx8be.BatchNorm_Inference");
    // Dense: an fp32 copy of the slice and four fp32 channel vectors.
    assert_eq!(tx8be::imm_bytes(&ctx, body, bn, &[1, 2, 2, 40], &hw).unwrap(), up(160 * 4) + 4 * up(40 * 4));
    // NCx pads the 40 channels into blocks: never less than dense.
    let m = parse(&ctx, &text("NCx"));
    let (body, bn) = op_named(&ctx, &m, "tx8be.BatchNorm_Inference");
    let placed = tx8be::imm_bytes(&ctx, body, bn, &[1, 2, 2, 40], &hw).unwrap();
    assert!(placed > up(160 * 4) + 4 * up(40 * 4), "{placed}");
}

#[test]
fn every_tx8be_op_has_its_interfaces() {
    use tx8be::interfaces::{ComputeInterface, OpLibInterface, ShapeInferenceInterface, ShardingInterface};
    let ctx = context();
    let mut names: Vec<String> =
        tx8be::dialect::ops::COMPUTE_OPS.iter().map(|r| format!("tx8be.{}", r.kind.mnemonic())).collect();
    names.extend(["tx8be.const", "tx8be.load_var", "tx8be.load_const", "tx8be.store_var"].map(String::from));
    for name in &names {
        let def = ctx.op_def(ctx.op_name(name)).unwrap_or_else(|| panic!("{name} registered"));
        let i = &def.interfaces;
        assert!(
            i.contains::<OpLibInterface>()
                && i.contains::<ComputeInterface>()
                && i.contains::<ShapeInferenceInterface>()
                && i.contains::<ShardingInterface>(),
            "{name}"
        );
        assert!(i.contains::<tx8be::OpKind>(), "{name}");
    }
    // 19 operator ops of the contract.
    assert_eq!(tx8be::dialect::ops::COMPUTE_OPS.len(), 19);
}

#[test]
fn interpreter_runs_every_op_of_the_round_trip_test() {
    let ctx = context();
    let m = parse(&ctx, include_str!("../../../tests/tx8be/ops-roundtrip.mlir"));
    let (body, f) = first_func(&ctx, &m);
    let inputs = vec![
        TensorData::new(vec![1, 8, 8, 4], (0..256).map(|i| (i % 17) as f64 / 8.0 - 1.0).collect(), ElementType::F32)
            .unwrap(),
        TensorData::new(vec![3], vec![0.0, 9.0, 4.0], ElementType::I32).unwrap(),
        TensorData::new(vec![16, 32], (0..512).map(|i| (i % 5) as f64 - 2.0).collect(), ElementType::BF16).unwrap(),
    ];
    let run = tx8be::interpret(&ctx, body, f, &inputs, true).unwrap();
    let (fb, _) = body.regions_of(f);
    let mut kinds = std::collections::HashSet::new();
    for v in &run.trace {
        kinds.insert(v.name.clone());
        let types = fb.result_types(v.op);
        assert_eq!(v.results.len(), types.len(), "{}", v.name);
        for (t, ty) in v.results.iter().zip(&types) {
            assert!(
                t.matches_type(&ctx, *ty),
                "{}: {:?} is not {}",
                v.name,
                t.dims,
                strata_ir::printer::type_to_string(&ctx, *ty)
            );
            assert!(t.values.iter().all(|x| x.is_finite()), "{}", v.name);
        }
    }
    for r in tx8be::dialect::ops::COMPUTE_OPS {
        assert!(kinds.contains(&format!("tx8be.{}", r.kind.mnemonic())), "tx8be.{} not run", r.kind.mnemonic());
    }
    // The Gemm of a [16,32] matrix of -2..2 with 0.25s: each output is a quarter of a row sum.
    let gemm = run.trace.iter().find(|v| v.name == "tx8be.Gemm").unwrap();
    let row0: f64 = inputs[2].values[..32].iter().sum();
    assert_eq!(gemm.results[0].values[0], row0 * 0.25);
}

#[test]
fn layouts_start_at_conv_and_gemm_and_pass_through_groups() {
    let ctx = context();
    let m = parse(
        &ctx,
        r#"func.func @main(%x: tensor<1x4x4x2xf32>, %w: tensor<1x1x2x2xf32>, %a: tensor<3x2xf32>, %b: tensor<2x2xf32>) -> (tensor<1x4x4x2xf32>, tensor<3x2xf32>) {
  %g = tx8be.group -> tensor<1x4x4x2xf32> attributes {group_id = 0 : i64} {
    %c = tx8be.Conv(%x, %w) {strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 0, 0>, dilations = array<i64: 1, 1>, group = 1 : i64, layout_str = "NHWC"} : (tensor<1x4x4x2xf32>, tensor<1x1x2x2xf32>) -> tensor<1x4x4x2xf32>
    %s = tx8be.store_var %c : tensor<1x4x4x2xf32>
    tx8be.yield %s : tensor<1x4x4x2xf32>
  }
  %r = tx8be.Unary(%g) {kind = "relu"} : (tensor<1x4x4x2xf32>) -> tensor<1x4x4x2xf32>
  %m = tx8be.Gemm(%a, %b) : (tensor<3x2xf32>, tensor<2x2xf32>) -> tensor<3x2xf32>
  %n = tx8be.Unary(%m) {kind = "exp"} : (tensor<3x2xf32>) -> tensor<3x2xf32>
  return %r, %n : tensor<1x4x4x2xf32>, tensor<3x2xf32>
}"#,
    );
    let layout = |name: &str, i: usize| {
        let (body, ops) = common::ops_named(&ctx, &m, name);
        tx8be::inferred_layout(&ctx, body, ops[i]).unwrap()
    };
    assert_eq!(layout("tx8be.Conv", 0).as_deref(), Some("NHWC-HWIO-NHWC"));
    // Through store_var, the group's result and into the relu after it.
    assert_eq!(layout("tx8be.Unary", 0).as_deref(), Some("NHWC-NHWC"));
    // Gemm's [3, 2] result: dim 0 is not 1.
    assert_eq!(layout("tx8be.Gemm", 0).as_deref(), Some("NTensor-NTensor-NTensor"));
    // The exp reads the Gemm, which has no layout_str yet: not inferable.
    assert_eq!(layout("tx8be.Unary", 1), None);
}

#[test]
fn compute_checks_its_inputs() {
    let ctx = context();
    let m = parse(&ctx, CONV_RELU);
    let (body, conv) = op_named(&ctx, &m, "tx8be.Conv");
    let w = TensorData::new(vec![2, 2, 1, 2], vec![0.0; 8], ElementType::F32).unwrap();
    let b = TensorData::new(vec![2], vec![0.0; 2], ElementType::F32).unwrap();
    let mut x = input_1_to_9();
    x.values.pop();
    let e = tx8be::compute(&ctx, body, conv, &[x, w.clone(), b.clone()]).unwrap_err();
    assert!(e.message.contains("input #0 has dims [1, 3, 3, 1] and 8 values"), "{}", e.message);
    assert!(tx8be::compute(&ctx, body, conv, &[input_1_to_9(), w.clone()]).is_err());
    let out = tx8be::compute(&ctx, body, conv, &[input_1_to_9(), w, b]).unwrap();
    assert_eq!(out[0].values, vec![0.0; 8]);
    let (mb, f) = first_func(&ctx, &m);
    let mut bad = input_1_to_9();
    bad.values.push(1.0);
    assert!(tx8be::interpret(&ctx, mb, f, &[bad], false).is_err());
}
