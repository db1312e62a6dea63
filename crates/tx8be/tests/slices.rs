//! Slices computed alone equal the same rows of the whole result: a window
//! op run on the input rows `back_window` names, with the pads it names,
//! gives exactly the output rows asked for (what codegen does per tile and
//! step); and for ops without windows, the values of each output box depend
//! only on the operand boxes `temporal_slice_shape` names.

mod common;

use common::{context, first_func, op_named, parse};
use tx8_target::reference;
use tx8be::{ElementType, RowRange, SliceBox, TensorData};

/// Deterministic pseudo-random values in [-1, 1).
fn values(n: usize, seed: u64) -> Vec<f64> {
    let mut s = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
    (0..n)
        .map(|_| {
            s = s.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            ((s >> 11) as f64 / (1u64 << 53) as f64) * 2.0 - 1.0
        })
        .collect()
}

/// Rows `r` (axis 1) of an NHWC tensor.
fn rows(x: &[f64], dims: [usize; 4], r: RowRange) -> Vec<f64> {
    let [n, _, w, c] = dims;
    let h = dims[1];
    let mut out = vec![];
    for b in 0..n {
        let at = (b * h + r.start as usize) * w * c;
        out.extend_from_slice(&x[at..at + r.len() as usize * w * c]);
    }
    out
}

#[test]
fn conv_slices_from_back_window_equal_the_whole() {
    let ctx = context();
    // 9 rows, 3x3 kernel, stride 2, dilation 1, pads 1 top / 2 bottom: 5 output rows.
    let m = parse(
        &ctx,
        r#"func.func @main(%x: tensor<2x9x7x3xf32>, %w: tensor<3x3x3x4xf32>) -> tensor<2x5x4x4xf32> {
  %c = tx8be.Conv(%x, %w) {strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 2, 1>, dilations = array<i64: 1, 1>, group = 1 : i64} : (tensor<2x9x7x3xf32>, tensor<3x3x3x4xf32>) -> tensor<2x5x4x4xf32>
  return %c : tensor<2x5x4x4xf32>
}"#,
    );
    let (body, conv) = op_named(&ctx, &m, "tx8be.Conv");
    let x = values(2 * 9 * 7 * 3, 1);
    let w = values(3 * 3 * 3 * 4, 2);
    let (whole, oh, ow) = reference::conv2d(&x, [2, 9, 7, 3], &w, [3, 3], 4, None, [2, 2], [1, 1, 2, 1], [1, 1], 1);
    assert_eq!((oh, ow), (5, 4));
    for parts in [&[0, 2, 4, 5][..], &[0, 1, 2, 3, 4, 5], &[0, 5]] {
        for pair in parts.windows(2) {
            let out = RowRange { start: pair[0], end: pair[1] };
            let bw = tx8be::back_window(&ctx, body, conv, out).unwrap();
            let slice = rows(&x, [2, 9, 7, 3], bw.rows);
            let h = bw.rows.len() as usize;
            let pads = [bw.pad_before as usize, 1, bw.pad_after as usize, 1];
            let (got, gh, _) = reference::conv2d(&slice, [2, h, 7, 3], &w, [3, 3], 4, None, [2, 2], pads, [1, 1], 1);
            assert_eq!(gh as i64, out.len(), "rows {out:?} from {bw:?}");
            assert_eq!(got, rows(&whole, [2, 5, 4, 4], out), "rows {out:?} from {bw:?}");
        }
    }
}

#[test]
fn dilated_conv_and_pool_slices_equal_the_whole() {
    let ctx = context();
    let m = parse(
        &ctx,
        r#"func.func @main(%x: tensor<1x10x4x2xf64>, %w: tensor<3x1x2x2xf64>) -> (tensor<1x8x4x2xf64>, tensor<1x5x2x2xf64>) {
  %c = tx8be.Conv(%x, %w) {strides = array<i64: 1, 1>, pads = array<i64: 1, 0, 1, 0>, dilations = array<i64: 2, 1>, group = 1 : i64} : (tensor<1x10x4x2xf64>, tensor<3x1x2x2xf64>) -> tensor<1x8x4x2xf64>
  %p = tx8be.Pool(%x) {kind = "max", kernel = array<i64: 3, 3>, strides = array<i64: 2, 2>, pads = array<i64: 1, 1, 1, 0>} : (tensor<1x10x4x2xf64>) -> tensor<1x5x2x2xf64>
  return %c, %p : tensor<1x8x4x2xf64>, tensor<1x5x2x2xf64>
}"#,
    );
    let x = values(10 * 4 * 2, 3);
    let w = values(3 * 2 * 2, 4);
    let (body, conv) = op_named(&ctx, &m, "tx8be.Conv");
    let (whole, _, _) = reference::conv2d(&x, [1, 10, 4, 2], &w, [3, 1], 2, None, [1, 1], [1, 0, 1, 0], [2, 1], 1);
    for pair in [0i64, 3, 6, 8].windows(2) {
        let out = RowRange { start: pair[0], end: pair[1] };
        let bw = tx8be::back_window(&ctx, body, conv, out).unwrap();
        let slice = rows(&x, [1, 10, 4, 2], bw.rows);
        let pads = [bw.pad_before as usize, 0, bw.pad_after as usize, 0];
        let (got, _, _) =
            reference::conv2d(&slice, [1, bw.rows.len() as usize, 4, 2], &w, [3, 1], 2, None, [1, 1], pads, [2, 1], 1);
        assert_eq!(got, rows(&whole, [1, 8, 4, 2], out), "rows {out:?} from {bw:?}");
    }
    // Max pool: run the interpreter on the whole, and the pool rule on the slice.
    let (mb, f) = first_func(&ctx, &m);
    let xt = TensorData::new(vec![1, 10, 4, 2], x.clone(), ElementType::F64).unwrap();
    let wt = TensorData::new(vec![3, 1, 2, 2], w, ElementType::F64).unwrap();
    let outs = tx8be::interpret(&ctx, mb, f, &[xt, wt], false).unwrap().outputs;
    let (body, pool) = op_named(&ctx, &m, "tx8be.Pool");
    for pair in [0i64, 2, 5].windows(2) {
        let out = RowRange { start: pair[0], end: pair[1] };
        let bw = tx8be::back_window(&ctx, body, pool, out).unwrap();
        let slice = rows(&x, [1, 10, 4, 2], bw.rows);
        let got =
            max_pool(&slice, [1, bw.rows.len() as usize, 4, 2], [bw.pad_before as usize, 1, bw.pad_after as usize, 0]);
        assert_eq!(got, rows(&outs[1].values, [1, 5, 2, 2], out), "rows {out:?} from {bw:?}");
    }
}

/// 3x3 stride-2 max pool with explicit pads (top, left, bottom, right).
fn max_pool(x: &[f64], dims: [usize; 4], pads: [usize; 4]) -> Vec<f64> {
    let [n, h, w, c] = dims;
    let oh = (h + pads[0] + pads[2] - 3) / 2 + 1;
    let ow = (w + pads[1] + pads[3] - 3) / 2 + 1;
    let mut out = vec![];
    for b in 0..n {
        for oy in 0..oh {
            for ox in 0..ow {
                for ch in 0..c {
                    let mut m = f64::NEG_INFINITY;
                    for ky in 0..3 {
                        for kx in 0..3 {
                            let (iy, ix) =
                                ((oy * 2 + ky) as isize - pads[0] as isize, (ox * 2 + kx) as isize - pads[1] as isize);
                            if iy >= 0 && ix >= 0 && (iy as usize) < h && (ix as usize) < w {
                                m = m.max(x[((b * h + iy as usize) * w + ix as usize) * c + ch]);
                            }
                        }
                    }
                    out.push(m);
                }
            }
        }
    }
    out
}

/// The value at `idx` of a row-major tensor of `dims`.
fn at(t: &TensorData, idx: &[i64]) -> f64 {
    let s = tx8be::interfaces::tensor::strides(&t.dims);
    t.values[idx.iter().zip(&s).map(|(i, s)| i * s).sum::<i64>() as usize]
}

/// Every output element in `out` changes only when an operand element
/// inside the named boxes changes: perturb each operand element outside its
/// box and check the output box is unchanged.
fn check_boxes(text: &str, op_name: &str, inputs: Vec<TensorData>, out: SliceBox) {
    let ctx = context();
    let m = parse(&ctx, text);
    let (body, op) = op_named(&ctx, &m, op_name);
    let boxes = tx8be::temporal_slice_shape(&ctx, body, op, &out).unwrap();
    let (mb, f) = first_func(&ctx, &m);
    let base = tx8be::interpret(&ctx, mb, f, &inputs, false).unwrap().outputs.remove(0);
    let inside = |b: &SliceBox, idx: &[i64]| idx.iter().enumerate().all(|(d, &i)| i >= b.start[d] && i < b.end(d));
    let out_idx =
        |t: &TensorData| -> Vec<Vec<i64>> { all_indices(&t.dims).into_iter().filter(|i| inside(&out, i)).collect() };
    for (k, b) in boxes.iter().enumerate() {
        for idx in all_indices(&inputs[k].dims) {
            if inside(b, &idx) {
                continue;
            }
            let mut changed = inputs.clone();
            let s = tx8be::interfaces::tensor::strides(&changed[k].dims);
            let flat = idx.iter().zip(&s).map(|(i, s)| i * s).sum::<i64>() as usize;
            changed[k].values[flat] += 100.0;
            let got = tx8be::interpret(&ctx, mb, f, &changed, false).unwrap().outputs.remove(0);
            for o in out_idx(&base) {
                assert_eq!(
                    at(&got, &o),
                    at(&base, &o),
                    "{op_name}: operand {k} element {idx:?} outside {b:?} changed output {o:?}"
                );
            }
        }
    }
}

fn all_indices(dims: &[i64]) -> Vec<Vec<i64>> {
    let mut out = vec![vec![]];
    for &d in dims {
        out = out.into_iter().flat_map(|p| (0..d).map(move |i| [p.clone(), vec![i]].concat())).collect();
    }
    out
}

fn f64s(dims: &[i64], seed: u64) -> TensorData {
    let n: i64 = dims.iter().product();
    TensorData::new(dims.to_vec(), values(n as usize, seed), ElementType::F64).unwrap()
}

#[test]
fn operand_boxes_hold_every_dependency() {
    check_boxes(
        r#"func.func @main(%a: tensor<2x3x4xf64>, %b: tensor<2x4x5xf64>) -> tensor<2x3x5xf64> {
  %g = tx8be.Gemm(%a, %b) : (tensor<2x3x4xf64>, tensor<2x4x5xf64>) -> tensor<2x3x5xf64>
  return %g : tensor<2x3x5xf64>
}"#,
        "tx8be.Gemm",
        vec![f64s(&[2, 3, 4], 5), f64s(&[2, 4, 5], 6)],
        SliceBox::new(&[1, 1, 2], &[1, 2, 2]),
    );
    check_boxes(
        r#"func.func @main(%x: tensor<1x6x5x4xf64>, %w: tensor<3x3x1x4xf64>) -> tensor<1x3x5x4xf64> {
  %c = tx8be.Conv(%x, %w) {strides = array<i64: 2, 1>, pads = array<i64: 1, 1, 1, 1>, dilations = array<i64: 1, 1>, group = 4 : i64} : (tensor<1x6x5x4xf64>, tensor<3x3x1x4xf64>) -> tensor<1x3x5x4xf64>
  return %c : tensor<1x3x5x4xf64>
}"#,
        "tx8be.Conv",
        vec![f64s(&[1, 6, 5, 4], 7), f64s(&[3, 3, 1, 4], 8)],
        SliceBox::new(&[0, 1, 1, 2], &[1, 1, 2, 1]),
    );
    check_boxes(
        r#"func.func @main(%x: tensor<3x4x5xf64>) -> tensor<3x5xf64> {
  %r = tx8be.Reduce(%x) {kind = "max", axes = array<i64: 1>} : (tensor<3x4x5xf64>) -> tensor<3x5xf64>
  return %r : tensor<3x5xf64>
}"#,
        "tx8be.Reduce",
        vec![f64s(&[3, 4, 5], 9)],
        SliceBox::new(&[1, 2], &[2, 2]),
    );
    check_boxes(
        r#"func.func @main(%x: tensor<3x4xf64>, %y: tensor<3x2xf64>) -> tensor<3x6xf64> {
  %c = tx8be.Concat(%x, %y) {axis = 1 : i64} : (tensor<3x4xf64>, tensor<3x2xf64>) -> tensor<3x6xf64>
  return %c : tensor<3x6xf64>
}"#,
        "tx8be.Concat",
        vec![f64s(&[3, 4], 10), f64s(&[3, 2], 11)],
        SliceBox::new(&[1, 3], &[2, 2]),
    );
    check_boxes(
        r#"func.func @main(%x: tensor<5x6xf64>) -> tensor<2x3xf64> {
  %s = tx8be.Slice(%x) {starts = array<i64: 1, 0>, limits = array<i64: 5, 6>, strides = array<i64: 2, 2>} : (tensor<5x6xf64>) -> tensor<2x3xf64>
  return %s : tensor<2x3xf64>
}"#,
        "tx8be.Slice",
        vec![f64s(&[5, 6], 12)],
        SliceBox::new(&[1, 1], &[1, 2]),
    );
    check_boxes(
        r#"func.func @main(%x: tensor<1x3x4x2xf64>) -> tensor<1x6x8x2xf64> {
  %r = tx8be.Resize(%x) {mode = "linear", coordinate_mode = "half_pixel", scales = array<f64: 2.0, 2.0>} : (tensor<1x3x4x2xf64>) -> tensor<1x6x8x2xf64>
  return %r : tensor<1x6x8x2xf64>
}"#,
        "tx8be.Resize",
        vec![f64s(&[1, 3, 4, 2], 13)],
        SliceBox::new(&[0, 2, 3, 0], &[1, 2, 2, 2]),
    );
}
