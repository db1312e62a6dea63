//! Unit tests of the indexing kernels (hand-computed expectations).

use crate::eval::testing::*;
use crate::tensor::DType;

#[test]
fn gather_with_negative_and_scalar_indices() {
    let x = it(&[3, 2], &[1, 2, 3, 4, 5, 6]);
    let y = ok("Gather", vec![], &[&x, &it(&[2], &[-1, 0])]);
    assert_eq!((y.shape.clone(), y.to_i64_vec()), (vec![2, 2], vec![5, 6, 1, 2]));
    let y = ok("Gather", vec![("axis", i(1))], &[&x, &it(&[], &[1])]);
    assert_eq!((y.shape.clone(), y.to_i64_vec()), (vec![3], vec![2, 4, 6]));
    assert!(refused("Gather", vec![], &[&x, &it(&[1], &[3])]).contains("out of range for axis 0"));
    let e = ok("Gather", vec![], &[&x, &it(&[0], &[])]);
    assert_eq!(e.shape, vec![0, 2]);
}

#[test]
fn gather_elements_and_gather_nd() {
    let x = it(&[2, 2], &[1, 2, 3, 4]);
    let idx = it(&[2, 2], &[0, 0, 1, 0]);
    let y = ok("GatherElements", vec![("axis", i(1))], &[&x, &idx]);
    assert_eq!(y.to_i64_vec(), vec![1, 1, 4, 3]);
    let y = ok("GatherElements", vec![], &[&x, &it(&[1, 2], &[-1, 0])]);
    assert_eq!(y.to_i64_vec(), vec![3, 2]);
    let y = ok("GatherND", vec![], &[&x, &it(&[2, 2], &[0, 0, 1, 1])]);
    assert_eq!(y.to_i64_vec(), vec![1, 4]);
    let y = ok("GatherND", vec![], &[&x, &it(&[2, 1], &[1, 0])]);
    assert_eq!((y.shape.clone(), y.to_i64_vec()), (vec![2, 2], vec![3, 4, 1, 2]));
    // batch_dims 1: each batch row picks from its own row.
    let y = ok("GatherND", vec![("batch_dims", i(1))], &[&x, &it(&[2, 1], &[1, 0])]);
    assert_eq!(y.to_i64_vec(), vec![2, 3]);
}

#[test]
fn scatter_nd_and_scatter_elements() {
    let data = ft(&[4], &[1.0, 2.0, 3.0, 4.0]);
    let idx = it(&[2, 1], &[-1, 0]);
    let upd = ft(&[2], &[10.0, 20.0]);
    let y = ok("ScatterND", vec![], &[&data, &idx, &upd]);
    assert_eq!(y.to_f64_vec(), vec![20.0, 2.0, 3.0, 10.0]);
    let y = ok("ScatterND", vec![("reduction", s("add"))], &[&data, &idx, &upd]);
    assert_eq!(y.to_f64_vec(), vec![21.0, 2.0, 3.0, 14.0]);
    // Slices: rows of a matrix.
    let m = it(&[2, 2], &[1, 2, 3, 4]);
    let y = ok("ScatterND", vec![], &[&m, &it(&[1, 1], &[1]), &it(&[1, 2], &[7, 8])]);
    assert_eq!(y.to_i64_vec(), vec![1, 2, 7, 8]);
    assert!(refused("ScatterND", vec![], &[&m, &it(&[1, 1], &[1]), &it(&[2], &[7, 8])]).contains("updates have shape"));
    let y = ok("ScatterElements", vec![("axis", i(1))], &[&m, &it(&[2, 1], &[1, 0]), &it(&[2, 1], &[9, 9])]);
    assert_eq!(y.to_i64_vec(), vec![1, 9, 9, 4]);
    let y = ok("ScatterElements", vec![("reduction", s("mul"))], &[&m, &it(&[1, 2], &[1, 1]), &it(&[1, 2], &[2, 3])]);
    assert_eq!(y.to_i64_vec(), vec![1, 2, 6, 12]);
}

#[test]
fn non_zero_one_hot_trilu() {
    let x = ft(&[2, 2], &[0.0, 1.0, -2.0, 0.0]);
    let y = ok("NonZero", vec![], &[&x]);
    assert_eq!((y.shape.clone(), y.to_i64_vec()), (vec![2, 2], vec![0, 1, 1, 0]));
    let y = ok("NonZero", vec![], &[&ft(&[0], &[])]);
    assert_eq!(y.shape, vec![1, 0]);
    let values = ft(&[2], &[0.0, 5.0]);
    let y = ok("OneHot", vec![], &[&it(&[3], &[0, -1, 7]), &it(&[], &[3]), &values]);
    assert_eq!(y.shape, vec![3, 3]);
    assert_eq!(y.to_f64_vec(), vec![5.0, 0.0, 0.0, 0.0, 0.0, 5.0, 0.0, 0.0, 0.0]);
    let y = ok("OneHot", vec![("axis", i(0))], &[&it(&[2], &[1, 0]), &it(&[], &[2]), &values]);
    assert_eq!(y.to_f64_vec(), vec![0.0, 5.0, 5.0, 0.0]);
    let m = it(&[3, 3], &[1, 2, 3, 4, 5, 6, 7, 8, 9]);
    assert_eq!(ok("Trilu", vec![], &[&m]).to_i64_vec(), vec![1, 2, 3, 0, 5, 6, 0, 0, 9]);
    assert_eq!(ok("Trilu", vec![], &[&m, &it(&[], &[1])]).to_i64_vec(), vec![0, 2, 3, 0, 0, 6, 0, 0, 0]);
    assert_eq!(ok("Trilu", vec![("upper", i(0))], &[&m]).to_i64_vec(), vec![1, 0, 0, 4, 5, 0, 7, 8, 9]);
    assert_eq!(
        ok("Trilu", vec![("upper", i(0))], &[&m, &it(&[], &[-1])]).to_i64_vec(),
        vec![0, 0, 0, 4, 0, 0, 7, 8, 0]
    );
    let b = bt(&[2, 3], &[true; 6]);
    let y = ok("Trilu", vec![("upper", i(0))], &[&b, &it(&[], &[1])]);
    assert_eq!((y.dtype, y.to_i64_vec()), (DType::Bool, vec![1, 1, 0, 1, 1, 1]));
    assert_eq!(ok("Trilu", vec![], &[&ft(&[2, 0, 3], &[])]).shape, vec![2, 0, 3]);
}
