//! Helpers of the evaluator's unit tests: nodes with attributes, tensors
//! from literals, and running one node.

use crate::eval::{eval_node, EvalError, Limits};
use crate::model::{AttrValue, Node};
use crate::tensor::{DType, Tensor};

pub fn node(op: &str, n_out: usize, attrs: Vec<(&str, AttrValue)>) -> Node {
    Node {
        name: "n".into(),
        op_type: op.into(),
        domain: String::new(),
        inputs: vec![],
        outputs: (0..n_out).map(|i| format!("y{i}")).collect(),
        attrs: attrs.into_iter().map(|(k, v)| (k.to_string(), v)).collect(),
    }
}

pub fn i(v: i64) -> AttrValue {
    AttrValue::Int(v)
}
pub fn f(v: f32) -> AttrValue {
    AttrValue::Float(v)
}
pub fn s(v: &str) -> AttrValue {
    AttrValue::String(v.as_bytes().to_vec())
}
pub fn ints(v: &[i64]) -> AttrValue {
    AttrValue::Ints(v.to_vec())
}

pub fn ft(shape: &[i64], v: &[f64]) -> Tensor {
    Tensor::from_f64(DType::F32, shape.to_vec(), v)
}
pub fn it(shape: &[i64], v: &[i64]) -> Tensor {
    Tensor::from_i64(DType::I64, shape.to_vec(), v)
}
pub fn typed(dtype: DType, shape: &[i64], v: &[f64]) -> Tensor {
    Tensor::from_f64(dtype, shape.to_vec(), v)
}
pub fn bt(shape: &[i64], v: &[bool]) -> Tensor {
    let v: Vec<i64> = v.iter().map(|&b| b as i64).collect();
    Tensor::from_i64(DType::Bool, shape.to_vec(), &v)
}

/// Runs `op` (opset 21 unless `opset`) with `attrs` on `ins`.
pub fn run_at(
    op: &str,
    opset: i64,
    attrs: Vec<(&str, AttrValue)>,
    ins: &[Option<&Tensor>],
    n_out: usize,
) -> Result<Vec<Tensor>, EvalError> {
    let n = node(op, n_out, attrs);
    eval_node(&n, ins, opset, Limits::elements(1 << 20))
}

/// Runs a one-output `op` at opset 21 on present inputs.
pub fn run(op: &str, attrs: Vec<(&str, AttrValue)>, ins: &[&Tensor]) -> Result<Tensor, EvalError> {
    let ins: Vec<Option<&Tensor>> = ins.iter().map(|t| Some(*t)).collect();
    run_at(op, 21, attrs, &ins, 1).map(|mut v| v.remove(0))
}

/// Like [`run`], panicking on an error.
pub fn ok(op: &str, attrs: Vec<(&str, AttrValue)>, ins: &[&Tensor]) -> Tensor {
    run(op, attrs, ins).unwrap_or_else(|e| panic!("{op}: {e}"))
}

/// The message of an Invalid error.
pub fn refused(op: &str, attrs: Vec<(&str, AttrValue)>, ins: &[&Tensor]) -> String {
    match run(op, attrs, ins) {
        Err(EvalError::Invalid(m)) => m,
        other => panic!("{op}: expected an Invalid error, got {other:?}"),
    }
}
