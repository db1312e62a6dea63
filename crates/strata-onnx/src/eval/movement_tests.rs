//! Unit tests of the data-movement kernels (hand-computed expectations).

use crate::eval::testing::*;
use crate::eval::EvalError;
use crate::tensor::DType;

use super::slice_params;

fn iota(shape: &[i64]) -> crate::tensor::Tensor {
    let n: i64 = shape.iter().product();
    it(shape, &(0..n).collect::<Vec<_>>())
}

#[test]
fn slice_params_follow_the_onnx_clamping_rules() {
    // x[1:100] on a dim of 5, x[::-1], x[-2:], x[3:1].
    assert_eq!(slice_params(&[5], &[1], &[100], None, None).unwrap(), vec![(1, 1, 4)]);
    assert_eq!(slice_params(&[5], &[-1], &[i64::MIN], None, Some(&[-1])).unwrap(), vec![(4, -1, 5)]);
    assert_eq!(slice_params(&[5], &[-2], &[i64::MAX], None, None).unwrap(), vec![(3, 1, 2)]);
    assert_eq!(slice_params(&[5], &[3], &[1], None, None).unwrap(), vec![(3, 1, 0)]);
    assert_eq!(slice_params(&[4, 6], &[0], &[6], Some(&[-1]), Some(&[2])).unwrap(), vec![(0, 1, 4), (0, 2, 3)]);
    assert!(slice_params(&[4], &[0], &[1], None, Some(&[0])).is_err());
}

#[test]
fn slice_with_negative_steps_and_int64_max_ends() {
    let x = iota(&[2, 5]);
    let s = |starts: &[i64], ends: &[i64], axes: &[i64], steps: &[i64]| {
        let (a, b, c, d) = (
            it(&[starts.len() as i64], starts),
            it(&[ends.len() as i64], ends),
            it(&[axes.len() as i64], axes),
            it(&[steps.len() as i64], steps),
        );
        ok("Slice", vec![], &[&x, &a, &b, &c, &d])
    };
    let y = s(&[-1], &[i64::MIN], &[1], &[-2]);
    assert_eq!((y.shape.clone(), y.to_i64_vec()), (vec![2, 3], vec![4, 2, 0, 9, 7, 5]));
    let y = s(&[1, 1], &[i64::MAX, 4], &[0, 1], &[1, 1]);
    assert_eq!((y.shape.clone(), y.to_i64_vec()), (vec![1, 3], vec![6, 7, 8]));
    // Both axes backwards: the whole tensor reversed.
    let y = s(&[-1, -1], &[-100, -100], &[0, 1], &[-1, -1]);
    assert_eq!(y.to_i64_vec(), (0..10).rev().collect::<Vec<_>>());
    let y = s(&[3], &[1], &[1], &[1]);
    assert_eq!(y.shape, vec![2, 0]);
    // Opset 9: attributes.
    let y =
        run_at("Slice", 9, vec![("starts", ints(&[1])), ("ends", ints(&[3])), ("axes", ints(&[1]))], &[Some(&x)], 1)
            .unwrap();
    assert_eq!(y[0].to_i64_vec(), vec![1, 2, 6, 7]);
}

#[test]
fn reshape_with_zero_and_minus_one() {
    let x = iota(&[2, 3, 4]);
    let y = ok("Reshape", vec![], &[&x, &it(&[3], &[0, -1, 2])]);
    assert_eq!(y.shape, vec![2, 6, 2]);
    let y = ok("Reshape", vec![], &[&x, &it(&[1], &[-1])]);
    assert_eq!(y.shape, vec![24]);
    let e = ft(&[0, 3], &[]);
    let y = ok("Reshape", vec![("allowzero", i(1))], &[&e, &it(&[2], &[3, 0])]);
    assert_eq!(y.shape, vec![3, 0]);
    assert!(refused("Reshape", vec![], &[&x, &it(&[2], &[-1, -1])]).contains("more than one -1"));
    assert!(refused("Reshape", vec![], &[&x, &it(&[2], &[5, -1])]).contains("cannot reshape"));
    assert!(refused("Reshape", vec![("allowzero", i(1))], &[&e, &it(&[2], &[0, -1])]).contains("both 0 and -1"));
    let s = ok("Reshape", vec![], &[&it(&[1, 1], &[7]), &it(&[0], &[])]);
    assert_eq!(s.shape, Vec::<i64>::new());
}

#[test]
fn squeeze_unsqueeze_flatten_by_opset() {
    let x = iota(&[1, 3, 1]);
    assert_eq!(ok("Squeeze", vec![], &[&x]).shape, vec![3]);
    assert_eq!(ok("Squeeze", vec![], &[&x, &it(&[1], &[-1])]).shape, vec![1, 3]);
    let y = run_at("Squeeze", 11, vec![("axes", ints(&[0]))], &[Some(&x)], 1).unwrap();
    assert_eq!(y[0].shape, vec![3, 1]);
    assert!(refused("Squeeze", vec![], &[&x, &it(&[1], &[1])]).contains("size 3"));
    assert_eq!(ok("Unsqueeze", vec![], &[&x, &it(&[2], &[0, -1])]).shape, vec![1, 1, 3, 1, 1]);
    let y = run_at("Unsqueeze", 12, vec![("axes", ints(&[1]))], &[Some(&x)], 1).unwrap();
    assert_eq!(y[0].shape, vec![1, 1, 3, 1]);
    let z = iota(&[2, 3, 4]);
    assert_eq!(ok("Flatten", vec![], &[&z]).shape, vec![2, 12]);
    assert_eq!(ok("Flatten", vec![("axis", i(0))], &[&z]).shape, vec![1, 24]);
    assert_eq!(ok("Flatten", vec![("axis", i(-1))], &[&z]).shape, vec![6, 4]);
    assert_eq!(ok("Flatten", vec![("axis", i(3))], &[&z]).shape, vec![24, 1]);
}

#[test]
fn transpose_concat_split() {
    let x = iota(&[2, 3]);
    let t = ok("Transpose", vec![], &[&x]);
    assert_eq!((t.shape.clone(), t.to_i64_vec()), (vec![3, 2], vec![0, 3, 1, 4, 2, 5]));
    assert!(refused("Transpose", vec![("perm", ints(&[0, 0]))], &[&x]).contains("not a permutation"));
    let c = ok("Concat", vec![("axis", i(-1))], &[&x, &iota(&[2, 1]), &iota(&[2, 0])]);
    assert_eq!((c.shape.clone(), c.to_i64_vec()), (vec![2, 4], vec![0, 1, 2, 0, 3, 4, 5, 1]));
    assert!(refused("Concat", vec![], &[&x]).contains("'axis'"));
    let x = iota(&[7]);
    // Opset 18: num_outputs, last part smaller.
    let parts = run_at("Split", 18, vec![("num_outputs", i(2))], &[Some(&x)], 2).unwrap();
    assert_eq!(parts[0].to_i64_vec(), vec![0, 1, 2, 3]);
    assert_eq!(parts[1].to_i64_vec(), vec![4, 5, 6]);
    let sizes = it(&[3], &[2, 0, 5]);
    let parts = run_at("Split", 13, vec![], &[Some(&x), Some(&sizes)], 3).unwrap();
    assert_eq!(parts[1].shape, vec![0]);
    assert_eq!(parts[2].to_i64_vec(), vec![2, 3, 4, 5, 6]);
    let parts = run_at("Split", 11, vec![("split", ints(&[3, 4]))], &[Some(&x)], 2).unwrap();
    assert_eq!(parts[0].to_i64_vec(), vec![0, 1, 2]);
    assert!(matches!(run_at("Split", 13, vec![], &[Some(&x)], 2), Err(EvalError::Invalid(_))));
}

#[test]
fn expand_tile_pad() {
    let x = it(&[3, 1], &[1, 2, 3]);
    let y = ok("Expand", vec![], &[&x, &it(&[3], &[2, 1, 2])]);
    assert_eq!(y.shape, vec![2, 3, 2]);
    assert_eq!(y.to_i64_vec(), vec![1, 1, 2, 2, 3, 3, 1, 1, 2, 2, 3, 3]);
    // A shape of lower rank with 1s keeps the input's dimensions.
    assert_eq!(ok("Expand", vec![], &[&x, &it(&[1], &[1])]).shape, vec![3, 1]);
    let t = ok("Tile", vec![], &[&it(&[2], &[1, 2]), &it(&[1], &[3])]);
    assert_eq!(t.to_i64_vec(), vec![1, 2, 1, 2, 1, 2]);
    let t = ok("Tile", vec![], &[&it(&[1, 2], &[1, 2]), &it(&[2], &[2, 0])]);
    assert_eq!(t.shape, vec![2, 0]);
    let v = ft(&[3], &[1.0, 2.0, 3.0]);
    let p = |mode: &str, pads: &[i64]| ok("Pad", vec![("mode", s(mode))], &[&v, &it(&[2], pads)]).to_f64_vec();
    assert_eq!(p("constant", &[2, 1]), vec![0.0, 0.0, 1.0, 2.0, 3.0, 0.0]);
    assert_eq!(p("reflect", &[2, 2]), vec![3.0, 2.0, 1.0, 2.0, 3.0, 2.0, 1.0]);
    assert_eq!(p("edge", &[2, 1]), vec![1.0, 1.0, 1.0, 2.0, 3.0, 3.0]);
    assert_eq!(p("wrap", &[2, 1]), vec![2.0, 3.0, 1.0, 2.0, 3.0, 1.0]);
    assert_eq!(p("constant", &[-1, 0]), vec![2.0, 3.0]);
    let with_value = ok("Pad", vec![], &[&v, &it(&[2], &[1, 0]), &ft(&[], &[9.0])]);
    assert_eq!(with_value.to_f64_vec(), vec![9.0, 1.0, 2.0, 3.0]);
    // Opset 18 axes.
    let m = iota(&[2, 2]);
    let pads = it(&[2], &[1, 0]);
    let axes = it(&[1], &[-1]);
    let y = run_at("Pad", 18, vec![], &[Some(&m), Some(&pads), None, Some(&axes)], 1).unwrap();
    assert_eq!((y[0].shape.clone(), y[0].to_i64_vec()), (vec![2, 3], vec![0, 0, 1, 0, 2, 3]));
    assert!(refused("Pad", vec![], &[&v, &it(&[2], &[-2, -2])]).contains("negative"));
}

#[test]
fn shape_size_dropout_and_blocks() {
    let x = ft(&[2, 3, 4], &[0.0; 24]);
    assert_eq!(ok("Shape", vec![], &[&x]).to_i64_vec(), vec![2, 3, 4]);
    assert_eq!(ok("Shape", vec![("start", i(-1))], &[&x]).to_i64_vec(), vec![4]);
    assert_eq!(ok("Shape", vec![("end", i(-1))], &[&x]).to_i64_vec(), vec![2, 3]);
    assert_eq!(ok("Shape", vec![("start", i(2)), ("end", i(1))], &[&x]).shape, vec![0]);
    let s = ok("Size", vec![], &[&x]);
    assert_eq!((s.shape.clone(), s.to_i64_vec()), (vec![], vec![24]));
    let d = run_at("Dropout", 13, vec![], &[Some(&x)], 2).unwrap();
    assert_eq!((d[0].shape.clone(), d[1].dtype), (vec![2, 3, 4], DType::Bool));
    let yes = bt(&[], &[true]);
    let ratio = ft(&[], &[0.5]);
    assert!(matches!(
        run_at("Dropout", 13, vec![], &[Some(&x), Some(&ratio), Some(&yes)], 1),
        Err(EvalError::NotEvaluable(_))
    ));
    // DepthToSpace DCR on [1, 4, 1, 1]: channels become a 2x2 block.
    let c = iota(&[1, 4, 1, 1]);
    let y = ok("DepthToSpace", vec![("blocksize", i(2))], &[&c]);
    assert_eq!((y.shape.clone(), y.to_i64_vec()), (vec![1, 1, 2, 2], vec![0, 1, 2, 3]));
    let back = ok("SpaceToDepth", vec![("blocksize", i(2))], &[&y]);
    assert_eq!(back.to_i64_vec(), vec![0, 1, 2, 3]);
}
