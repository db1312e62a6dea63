//! Hostile inputs (what a fuzzed model can hand the evaluator): extreme
//! attribute values, shapes whose dimensions multiply past usize when zeros
//! are ignored, steps and pads at the ends of i64. Nothing may panic
//! (debug builds check arithmetic overflow); the errors must be errors.

use crate::eval::testing::*;
use crate::eval::EvalError;
use crate::model::AttrValue;
use crate::tensor::{DType, Tensor};

fn empty(shape: &[i64]) -> Tensor {
    Tensor { dtype: DType::F32, shape: shape.to_vec(), bytes: vec![] }
}

fn no_panic(op: &str, attrs: Vec<(&str, AttrValue)>, ins: &[&Tensor]) -> Result<Tensor, EvalError> {
    let ins: Vec<Option<&Tensor>> = ins.iter().map(|t| Some(*t)).collect();
    run_at(op, 21, attrs, &ins, 1).map(|mut v| v.remove(0))
}

#[test]
fn huge_empty_shapes_are_refused_not_overflowed() {
    let big = 1i64 << 40;
    let e = empty(&[0, 1]);
    for shape in [vec![big, big, 0], vec![0, big, big], vec![i64::MAX, 0]] {
        let s = it(&[shape.len() as i64], &shape);
        assert!(matches!(
            no_panic("Expand", vec![], &[&e, &s]),
            Err(EvalError::TooLarge(_)) | Err(EvalError::Invalid(_))
        ));
        let r = no_panic("ConstantOfShape", vec![], &[&s]);
        assert!(matches!(r, Err(EvalError::TooLarge(_))), "{shape:?}: {r:?}");
    }
    let pads = it(&[4], &[0, 0, 0, big]);
    assert!(matches!(no_panic("Pad", vec![], &[&e, &pads]), Err(EvalError::TooLarge(_))));
    let pads = it(&[4], &[0, i64::MIN, 0, i64::MAX]);
    let _ = no_panic("Pad", vec![("mode", s("reflect"))], &[&ft(&[1, 3], &[1.0, 2.0, 3.0]), &pads]);
    let _ = no_panic("Tile", vec![], &[&e, &it(&[2], &[i64::MAX, i64::MAX])]);
    let _ = no_panic("OneHot", vec![], &[&it(&[0], &[]), &it(&[], &[i64::MAX]), &ft(&[2], &[0.0, 1.0])]);
    let _ = no_panic("Range", vec![], &[&it(&[], &[i64::MIN]), &it(&[], &[i64::MAX]), &it(&[], &[1])]);
    let _ = no_panic("Range", vec![], &[&ft(&[], &[0.0]), &ft(&[], &[1e300]), &ft(&[], &[1e-300])]);
    let _ = no_panic("Reshape", vec![], &[&e, &it(&[3], &[big, big, 0])]);
    let _ = no_panic("Unsqueeze", vec![], &[&e, &it(&[2], &[i64::MIN, i64::MAX])]);
}

#[test]
fn extreme_steps_indices_and_block_sizes_are_errors() {
    let x = it(&[2, 3], &[1, 2, 3, 4, 5, 6]);
    let one = |v: i64| it(&[1], &[v]);
    for (start, end, step) in
        [(0, i64::MAX, i64::MAX), (-1, i64::MIN, i64::MIN), (i64::MIN, i64::MAX, 1), (i64::MAX, i64::MIN, -1)]
    {
        let r = no_panic("Slice", vec![], &[&x, &one(start), &one(end), &one(1), &one(step)]);
        assert!(r.is_ok(), "{start} {end} {step}: {r:?}");
    }
    assert!(no_panic("Gather", vec![("axis", i(i64::MIN))], &[&x, &one(0)]).is_err());
    assert!(no_panic("Gather", vec![], &[&x, &one(i64::MIN)]).is_err());
    assert!(no_panic("GatherElements", vec![], &[&x, &it(&[1, 1], &[i64::MAX])]).is_err());
    assert!(no_panic("GatherND", vec![("batch_dims", i(i64::MAX))], &[&x, &it(&[1, 1], &[0])]).is_err());
    assert!(no_panic("ScatterND", vec![], &[&x, &it(&[1, 2], &[i64::MIN, 0]), &it(&[1], &[9])]).is_err());
    let img = ft(&[1, 4, 2, 2], &[0.0; 16]);
    assert!(no_panic("DepthToSpace", vec![("blocksize", i(i64::MAX))], &[&img]).is_err());
    assert!(no_panic("SpaceToDepth", vec![("blocksize", i(1 << 32))], &[&img]).is_err());
    assert!(no_panic("Trilu", vec![], &[&x, &it(&[], &[i64::MIN])]).is_ok());
    assert!(no_panic("CumSum", vec![], &[&x, &it(&[], &[i64::MIN])]).is_err());
    assert!(no_panic("Split", vec![], &[&x, &it(&[2], &[i64::MAX, i64::MIN + 2])]).is_err());
    assert!(no_panic("Einsum", vec![("equation", s("...,...->..."))], &[&x, &x]).is_ok());
    assert!(no_panic("Einsum", vec![("equation", s("a.b->"))], &[&x]).is_err());
    assert!(no_panic("Mod", vec![], &[&it(&[1], &[i64::MIN]), &it(&[1], &[-1])]).is_ok());
    assert!(no_panic("Div", vec![], &[&it(&[1], &[i64::MIN]), &it(&[1], &[-1])]).is_ok());
    assert!(no_panic("Pow", vec![], &[&it(&[1], &[3]), &it(&[1], &[i64::MAX])]).is_ok());
    assert!(no_panic("BitShift", vec![("direction", s("LEFT"))], &[&x, &it(&[1], &[i64::MIN])]).is_ok());
    assert!(no_panic("Transpose", vec![("perm", ints(&[i64::MIN, 0]))], &[&x]).is_err());
    assert!(no_panic("Flatten", vec![("axis", i(i64::MIN))], &[&x]).is_err());
    assert!(no_panic("Shape", vec![("start", i(i64::MIN)), ("end", i(i64::MAX))], &[&x]).is_ok());
    assert!(no_panic("OneHot", vec![("axis", i(i64::MIN))], &[&one(1), &one(2), &ft(&[2], &[0.0, 1.0])]).is_err());
    assert!(no_panic("Cast", vec![("to", i(i64::MAX))], &[&x]).is_err());
}
