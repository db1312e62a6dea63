//! The Compute interface of the ops whose reference is written in this
//! crate (not taken from the C model's), against hand-computed numbers.

mod common;

use common::{context, first_func, parse};
use tx8be::{ElementType, TensorData};

/// Runs the single function of `text` on `inputs` (f32 unless i32 dims are given).
fn run(text: &str, inputs: Vec<TensorData>) -> Vec<TensorData> {
    let ctx = context();
    let m = parse(&ctx, text);
    let (body, f) = first_func(&ctx, &m);
    tx8be::interpret(&ctx, body, f, &inputs, false).unwrap_or_else(|e| panic!("{}", e.message)).outputs
}

fn f32s(dims: &[i64], v: &[f64]) -> TensorData {
    TensorData::new(dims.to_vec(), v.to_vec(), ElementType::F32).unwrap()
}

fn iota(dims: &[i64]) -> TensorData {
    let n: i64 = dims.iter().product();
    f32s(dims, &(1..=n).map(|v| v as f64).collect::<Vec<_>>())
}

#[test]
fn average_pool_with_and_without_padding_counted() {
    // 1x2x2x1 input [1 2; 3 4], 2x2 window, stride 1, pad bottom/right 1: 2x2 output.
    let text = |include: bool| {
        format!(
            r#"func.func @main(%x: tensor<1x2x2x1xf32>) -> tensor<1x2x2x1xf32> {{
  %p = tx8be.Pool(%x) {{kind = "avg", kernel = array<i64: 2, 2>, strides = array<i64: 1, 1>, pads = array<i64: 0, 0, 1, 1>, count_include_pad = {include}}} : (tensor<1x2x2x1xf32>) -> tensor<1x2x2x1xf32>
  return %p : tensor<1x2x2x1xf32>
}}"#
        )
    };
    let x = iota(&[1, 2, 2, 1]);
    // Windows: {1,2,3,4}, {2,4}, {3,4}, {4} (the rest is padding).
    assert_eq!(run(&text(false), vec![x.clone()])[0].values, vec![2.5, 3.0, 3.5, 4.0]);
    // Counting the padding: every window has 4 positions.
    assert_eq!(run(&text(true), vec![x])[0].values, vec![2.5, 1.5, 1.75, 1.0]);
}

#[test]
fn max_pool_stride_two() {
    let out = run(
        r#"func.func @main(%x: tensor<1x4x4x1xf32>) -> tensor<1x2x2x1xf32> {
  %p = tx8be.Pool(%x) {kind = "max", kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, pads = array<i64: 0, 0, 0, 0>} : (tensor<1x4x4x1xf32>) -> tensor<1x2x2x1xf32>
  return %p : tensor<1x2x2x1xf32>
}"#,
        vec![iota(&[1, 4, 4, 1])],
    );
    assert_eq!(out[0].values, vec![6.0, 8.0, 14.0, 16.0]);
}

#[test]
fn strided_slice_pad_and_gather() {
    let out = run(
        r#"func.func @main(%x: tensor<3x4xf32>, %i: tensor<2xi32>) -> (tensor<2x2xf32>, tensor<4x5xf32>, tensor<3x2xf32>) {
  %s = tx8be.Slice(%x) {starts = array<i64: 1, 0>, limits = array<i64: 3, 4>, strides = array<i64: 1, 3>} : (tensor<3x4xf32>) -> tensor<2x2xf32>
  %p = tx8be.Pad(%s) {pads_low = array<i64: 1, 2>, pads_high = array<i64: 1, 1>, value = -1.0 : f32} : (tensor<2x2xf32>) -> tensor<4x5xf32>
  %g = tx8be.Gather(%x, %i) {axis = 1 : i64} : (tensor<3x4xf32>, tensor<2xi32>) -> tensor<3x2xf32>
  return %s, %p, %g : tensor<2x2xf32>, tensor<4x5xf32>, tensor<3x2xf32>
}"#,
        vec![iota(&[3, 4]), TensorData::new(vec![2], vec![3.0, -4.0], ElementType::I32).unwrap()],
    );
    // Rows 1..3, columns 0 and 3 of [[1..4],[5..8],[9..12]].
    assert_eq!(out[0].values, vec![5.0, 8.0, 9.0, 12.0]);
    #[rustfmt::skip]
    assert_eq!(out[1].values, vec![
        -1.0, -1.0, -1.0, -1.0, -1.0,
        -1.0, -1.0, 5.0, 8.0, -1.0,
        -1.0, -1.0, 9.0, 12.0, -1.0,
        -1.0, -1.0, -1.0, -1.0, -1.0,
    ]);
    // Columns 3 and -4 (= 0) of each row.
    assert_eq!(out[2].values, vec![4.0, 1.0, 8.0, 5.0, 12.0, 9.0]);
}

#[test]
fn reduce_over_two_axes_and_transpose() {
    let out = run(
        r#"func.func @main(%x: tensor<2x2x3xf32>) -> (tensor<2xf32>, tensor<1x2x1xf32>, tensor<3x2x2xf32>) {
  %s = tx8be.Reduce(%x) {kind = "sum", axes = array<i64: 0, 2>} : (tensor<2x2x3xf32>) -> tensor<2xf32>
  %m = tx8be.Reduce(%x) {kind = "max", axes = array<i64: 0, -1>, keepdims = true} : (tensor<2x2x3xf32>) -> tensor<1x2x1xf32>
  %t = tx8be.Transpose(%x) {perm = array<i64: 2, 0, 1>} : (tensor<2x2x3xf32>) -> tensor<3x2x2xf32>
  return %s, %m, %t : tensor<2xf32>, tensor<1x2x1xf32>, tensor<3x2x2xf32>
}"#,
        vec![iota(&[2, 2, 3])],
    );
    // x[:, 0, :] = {1,2,3,7,8,9}, x[:, 1, :] = {4,5,6,10,11,12}.
    assert_eq!(out[0].values, vec![30.0, 48.0]);
    assert_eq!(out[1].values, vec![9.0, 12.0]);
    assert_eq!(out[2].values, vec![1.0, 4.0, 7.0, 10.0, 2.0, 5.0, 8.0, 11.0, 3.0, 6.0, 9.0, 12.0]);
}

#[test]
fn binary_pow_compare_and_select() {
    let out = run(
        r#"func.func @main(%a: tensor<2x2xf32>, %b: tensor<2xf32>) -> (tensor<2x2xf32>, tensor<2x2xf32>) {
  %p = tx8be.Binary(%a, %b) {kind = "pow"} : (tensor<2x2xf32>, tensor<2xf32>) -> tensor<2x2xf32>
  %c = tx8be.Binary(%a, %b) {kind = "gt"} : (tensor<2x2xf32>, tensor<2xf32>) -> tensor<2x2xi1>
  %s = tx8be.Select(%c, %a, %b) : (tensor<2x2xi1>, tensor<2x2xf32>, tensor<2xf32>) -> tensor<2x2xf32>
  return %p, %s : tensor<2x2xf32>, tensor<2x2xf32>
}"#,
        vec![iota(&[2, 2]), f32s(&[2], &[2.0, 0.5])],
    );
    assert_eq!(out[0].values, vec![1.0, 2f64.sqrt() as f32 as f64, 9.0, 2.0]);
    // a > b: [1>2, 2>0.5, 3>2, 4>0.5] -> [b0, a, a, a].
    assert_eq!(out[1].values, vec![2.0, 2.0, 3.0, 4.0]);
}

#[test]
fn parameterised_unaries() {
    let text = |kind: &str, params: &str| {
        format!(
            r#"func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {{
  %u = tx8be.Unary(%x) {{kind = "{kind}"{params}}} : (tensor<4xf32>) -> tensor<4xf32>
  return %u : tensor<4xf32>
}}"#
        )
    };
    let x = f32s(&[4], &[-4.0, -1.0, 0.5, 8.0]);
    assert_eq!(
        run(&text("leaky_relu", ", alpha = 0.25 : f32"), vec![x.clone()])[0].values,
        vec![-1.0, -0.25, 0.5, 8.0]
    );
    assert_eq!(
        run(&text("clip", ", alpha = 0.0 : f32, beta = 6.0 : f32"), vec![x.clone()])[0].values,
        vec![0.0, 0.0, 0.5, 6.0]
    );
    assert_eq!(
        run(&text("hard_sigmoid", ", alpha = 0.25 : f32, beta = 0.5 : f32"), vec![x.clone()])[0].values,
        vec![0.0, 0.25, 0.625, 1.0]
    );
    // x * clamp(x/6 + 1/2, 0, 1): 0 for x <= -3, x for x >= 3.
    let hs = run(&text("hard_swish", ""), vec![x.clone()])[0].values.clone();
    assert_eq!((hs[0], hs[3]), (0.0, 8.0));
    assert!((hs[1] - -1.0 / 3.0).abs() < 1e-6 && (hs[2] - 0.5 * (0.5 / 6.0 + 0.5)).abs() < 1e-6);
    let g = run(&text("gelu_erf", ""), vec![x])[0].values.clone();
    // gelu(-1) = -0.158655..., gelu(8) = 8 to f32 precision.
    assert!((g[1] - -0.15865525).abs() < 1e-6 && g[3] == 8.0);
}

#[test]
fn resize_nearest_and_linear() {
    let text = |mode: &str, coord: &str| {
        format!(
            r#"func.func @main(%x: tensor<1x1x2x1xf32>) -> tensor<1x1x4x1xf32> {{
  %r = tx8be.Resize(%x) {{mode = "{mode}", coordinate_mode = "{coord}", scales = array<f64: 1.0, 2.0>}} : (tensor<1x1x2x1xf32>) -> tensor<1x1x4x1xf32>
  return %r : tensor<1x1x4x1xf32>
}}"#
        )
    };
    let x = f32s(&[1, 1, 2, 1], &[10.0, 20.0]);
    // asymmetric sources 0, 0.5, 1, 1.5 rounded half down: 0, 0, 1, 1.
    assert_eq!(run(&text("nearest", "asymmetric"), vec![x.clone()])[0].values, vec![10.0, 10.0, 20.0, 20.0]);
    // half_pixel sources -0.25, 0.25, 0.75, 1.25, clamped to [0, 1].
    assert_eq!(run(&text("linear", "half_pixel"), vec![x.clone()])[0].values, vec![10.0, 12.5, 17.5, 20.0]);
    // align_corners sources 0, 1/3, 2/3, 1.
    let ac = run(&text("linear", "align_corners"), vec![x])[0].values.clone();
    assert!((ac[1] - 40.0 / 3.0).abs() < 1e-5 && (ac[2] - 50.0 / 3.0).abs() < 1e-5);
}

#[test]
fn gemm_with_bias_and_transposed_b() {
    let out = run(
        r#"func.func @main(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>, %c: tensor<2xf32>) -> tensor<2x2xf32> {
  %g = tx8be.Gemm(%a, %b, %c) {trans_b = true} : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2xf32>) -> tensor<2x2xf32>
  return %g : tensor<2x2xf32>
}"#,
        vec![iota(&[2, 3]), f32s(&[2, 3], &[1.0, 0.0, 0.0, 0.0, 1.0, 1.0]), f32s(&[2], &[100.0, 200.0])],
    );
    // Row i of a times columns (rows of b): [a0, a1 + a2] + bias.
    assert_eq!(out[0].values, vec![101.0, 205.0, 104.0, 211.0]);
}
