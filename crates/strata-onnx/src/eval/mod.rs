//! The ONNX reference evaluator: computes a node's outputs from constant
//! inputs, with kernels written here from the operator specification
//! (<https://onnx.ai/onnx/operators/>). The importer folds every node whose
//! inputs are all constants through it; `examples/eval_node.rs` runs it on
//! onnx's own backend node test cases (`tests/onnx/eval_node_cases.py`).
//!
//! [`eval_node`] dispatches on the op type to one file per family:
//! `unary` (math, activations, IsNaN/IsInf/Not, Clip), `binary` (arithmetic,
//! Mod, Pow, comparisons, logic, bitwise, the variadic Max/Min/Sum/Mean,
//! Where), `cast` (Cast, CastLike), `movement` (Reshape and its kin,
//! Transpose, Concat, Split, Slice, Expand, Tile, Pad, Shape, Size),
//! `indexing` (Gather*, Scatter*, NonZero, OneHot, Trilu), `generate`
//! (Constant, ConstantOfShape, Range, EyeLike), `reduce` (Reduce*, ArgMax/
//! ArgMin, CumSum, Softmax/LogSoftmax/Hardmax) and `linalg` (MatMul, Gemm,
//! Einsum). Shape arithmetic and index walks are in `shape`.
//!
//! Floating-point results are computed in f64 and rounded to the result
//! type once per op. Every output's element count (and the multiply-adds
//! of the contracting kernels) is checked against [`Limits`] before
//! anything is allocated, and no input, however malformed, panics: a bad
//! attribute or input is [`EvalError::Invalid`] naming it; an operator,
//! attribute value or element type the evaluator does not handle is
//! [`EvalError::NotEvaluable`], which leaves the node to the importer.

mod binary;
mod cast;
mod generate;
mod indexing;
mod linalg;
mod movement;
mod reduce;
pub mod shape;
mod unary;

use std::fmt;

use crate::model::Node;
use crate::tensor::{num_elements, DType, Tensor};

pub use movement::{reshape_dims, shape_slice, slice_params};

/// Why a node was not evaluated.
#[derive(Clone, Debug, PartialEq)]
pub enum EvalError {
    /// The evaluator does not know the operator, or this form of it (an
    /// attribute value, an element type, another domain).
    NotEvaluable(String),
    /// An output would have more elements, or the computation more steps,
    /// than [`Limits`] allow.
    TooLarge(String),
    /// The node is invalid: the message names the attribute or input.
    Invalid(String),
}

impl fmt::Display for EvalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EvalError::NotEvaluable(m) | EvalError::TooLarge(m) | EvalError::Invalid(m) => f.write_str(m),
        }
    }
}
impl std::error::Error for EvalError {}

impl From<String> for EvalError {
    /// Messages of the shared helpers (attribute readers, shape
    /// arithmetic) are about a bad node.
    fn from(m: String) -> Self {
        EvalError::Invalid(m)
    }
}

pub(crate) fn invalid<T>(m: impl Into<String>) -> Result<T, EvalError> {
    Err(EvalError::Invalid(m.into()))
}

pub(crate) fn not_evaluable<T>(m: impl Into<String>) -> Result<T, EvalError> {
    Err(EvalError::NotEvaluable(m.into()))
}

/// Bounds on one evaluation.
#[derive(Copy, Clone, Debug)]
pub struct Limits {
    /// Largest element count of any output.
    pub max_elements: usize,
    /// Largest number of inner steps (multiply-adds) of MatMul, Gemm and
    /// Einsum, whose work is not bounded by their output's size.
    pub max_work: u64,
}

impl Limits {
    /// `max_elements` per output and 64 steps per allowed element.
    pub const fn elements(max_elements: usize) -> Limits {
        Limits { max_elements, max_work: max_elements as u64 * 64 }
    }
}

/// One node being evaluated: its constant inputs, attributes and opset.
pub(crate) struct Args<'a> {
    pub node: &'a Node,
    ins: &'a [Option<&'a Tensor>],
    /// The ai.onnx opset of the model (forms that moved between versions
    /// are read according to it).
    pub opset: i64,
    limits: Limits,
}

impl<'a> Args<'a> {
    /// Required input `i`.
    pub fn input(&self, i: usize) -> Result<&'a Tensor, EvalError> {
        self.opt(i).ok_or_else(|| EvalError::Invalid(format!("input {i} is required")))
    }

    /// Optional input `i` (absent or given as "").
    pub fn opt(&self, i: usize) -> Option<&'a Tensor> {
        self.ins.get(i).copied().flatten()
    }

    /// Number of input slots (given or omitted).
    pub fn arity(&self) -> usize {
        self.ins.len()
    }

    /// Optional integer input `i` as i64 values.
    pub fn ints_input(&self, i: usize, what: &str) -> Result<Option<Vec<i64>>, EvalError> {
        match self.opt(i) {
            None => Ok(None),
            Some(t) if t.dtype.is_float() || t.dtype == DType::Bool => {
                invalid(format!("input {i} ('{what}') is {}, not an integer tensor", t.dtype.name()))
            }
            Some(t) => Ok(Some(t.to_i64_vec())),
        }
    }

    /// Optional integer input `i` holding one value.
    pub fn int_scalar_input(&self, i: usize, what: &str) -> Result<Option<i64>, EvalError> {
        match self.ints_input(i, what)? {
            None => Ok(None),
            Some(v) if v.len() == 1 => Ok(Some(v[0])),
            Some(v) => invalid(format!("input {i} ('{what}') must hold one value, it has {}", v.len())),
        }
    }

    pub fn int(&self, name: &str, default: i64) -> Result<i64, EvalError> {
        Ok(self.node.int(name, default)?)
    }
    pub fn float(&self, name: &str, default: f32) -> Result<f32, EvalError> {
        Ok(self.node.float(name, default)?)
    }
    pub fn string(&self, name: &str, default: &str) -> Result<String, EvalError> {
        Ok(self.node.string(name, default)?)
    }
    pub fn ints(&self, name: &str) -> Result<Option<Vec<i64>>, EvalError> {
        Ok(self.node.ints(name)?)
    }

    /// An INT attribute that must be 0 or 1.
    pub fn flag(&self, name: &str, default: bool) -> Result<bool, EvalError> {
        match self.int(name, default as i64)? {
            0 => Ok(false),
            1 => Ok(true),
            v => invalid(format!("attribute '{name}' = {v} must be 0 or 1")),
        }
    }

    /// The element count of an output of `shape`, checked against the
    /// limit (and for negative dimensions) before it is allocated. Zero
    /// dimensions count as 1 for the limit, so no dimension of an empty
    /// output is beyond it either (kernels allocate per-dimension tables,
    /// and strides of such a shape stay small).
    pub fn elements(&self, shape: &[i64]) -> Result<usize, EvalError> {
        if let Some(d) = shape.iter().find(|&&d| d < 0) {
            return invalid(format!("output shape {shape:?} has a negative dimension {d}"));
        }
        let bound = shape.iter().try_fold(1usize, |n, &d| n.checked_mul((d as usize).max(1)));
        match (num_elements(shape), bound) {
            (Some(n), Some(b)) if b <= self.limits.max_elements => Ok(n),
            _ => Err(EvalError::TooLarge(format!(
                "the output {shape:?} has more than {} elements",
                self.limits.max_elements
            ))),
        }
    }

    /// Checks `steps` inner steps against the limit.
    pub fn work(&self, steps: u128) -> Result<(), EvalError> {
        if steps > self.limits.max_work as u128 {
            return Err(EvalError::TooLarge(format!(
                "{steps} multiply-adds are more than the {} allowed",
                self.limits.max_work
            )));
        }
        Ok(())
    }
}

type Kernel = fn(&Args) -> Result<Vec<Tensor>, EvalError>;

fn one(t: Tensor) -> Result<Vec<Tensor>, EvalError> {
    Ok(vec![t])
}

/// The kernel of an ai.onnx operator, `None` when the evaluator does not
/// know it.
#[rustfmt::skip]
fn kernel(op: &str) -> Option<Kernel> {
    use binary::{Arith, Cmp, Logic, Variadic};
    use reduce::Reduce;
    use unary::Unary;
    let k: Kernel = match op {
        // Elementwise unary.
        "Abs" => |a| one(unary::eval(a, Unary::Abs)?),
        "Neg" => |a| one(unary::eval(a, Unary::Neg)?),
        "Sign" => |a| one(unary::eval(a, Unary::Sign)?),
        "Relu" => |a| one(unary::eval(a, Unary::Relu)?),
        "Sin" => |a| one(unary::eval(a, Unary::Sin)?),
        "Cos" => |a| one(unary::eval(a, Unary::Cos)?),
        "Tan" => |a| one(unary::eval(a, Unary::Tan)?),
        "Asin" => |a| one(unary::eval(a, Unary::Asin)?),
        "Acos" => |a| one(unary::eval(a, Unary::Acos)?),
        "Atan" => |a| one(unary::eval(a, Unary::Atan)?),
        "Sinh" => |a| one(unary::eval(a, Unary::Sinh)?),
        "Cosh" => |a| one(unary::eval(a, Unary::Cosh)?),
        "Asinh" => |a| one(unary::eval(a, Unary::Asinh)?),
        "Acosh" => |a| one(unary::eval(a, Unary::Acosh)?),
        "Atanh" => |a| one(unary::eval(a, Unary::Atanh)?),
        "Exp" => |a| one(unary::eval(a, Unary::Exp)?),
        "Log" => |a| one(unary::eval(a, Unary::Log)?),
        "Sqrt" => |a| one(unary::eval(a, Unary::Sqrt)?),
        "Erf" => |a| one(unary::eval(a, Unary::Erf)?),
        "Tanh" => |a| one(unary::eval(a, Unary::Tanh)?),
        "Sigmoid" => |a| one(unary::eval(a, Unary::Sigmoid)?),
        "Floor" => |a| one(unary::eval(a, Unary::Floor)?),
        "Ceil" => |a| one(unary::eval(a, Unary::Ceil)?),
        "Round" => |a| one(unary::eval(a, Unary::Round)?),
        "Reciprocal" => |a| one(unary::eval(a, Unary::Reciprocal)?),
        "Softplus" => |a| one(unary::eval(a, Unary::Softplus)?),
        "Softsign" => |a| one(unary::eval(a, Unary::Softsign)?),
        "HardSwish" => |a| one(unary::eval(a, Unary::HardSwish)?),
        "Mish" => |a| one(unary::eval(a, Unary::Mish)?),
        "LeakyRelu" => |a| one(unary::eval(a, Unary::LeakyRelu)?),
        "Elu" => |a| one(unary::eval(a, Unary::Elu)?),
        "Selu" => |a| one(unary::eval(a, Unary::Selu)?),
        "Celu" => |a| one(unary::eval(a, Unary::Celu)?),
        "HardSigmoid" => |a| one(unary::eval(a, Unary::HardSigmoid)?),
        "ThresholdedRelu" => |a| one(unary::eval(a, Unary::ThresholdedRelu)?),
        "Shrink" => |a| one(unary::eval(a, Unary::Shrink)?),
        "Gelu" => |a| one(unary::eval(a, Unary::Gelu)?),
        "IsNaN" => |a| one(unary::eval(a, Unary::IsNaN)?),
        "IsInf" => |a| one(unary::eval(a, Unary::IsInf)?),
        "Not" => |a| one(unary::eval(a, Unary::Not)?),
        "BitwiseNot" => |a| one(unary::eval(a, Unary::BitwiseNot)?),
        "Clip" => |a| one(unary::clip(a)?),
        // Elementwise binary and variadic.
        "Add" => |a| one(binary::arith(a, Arith::Add)?),
        "Sub" => |a| one(binary::arith(a, Arith::Sub)?),
        "Mul" => |a| one(binary::arith(a, Arith::Mul)?),
        "Div" => |a| one(binary::arith(a, Arith::Div)?),
        "Pow" => |a| one(binary::pow(a)?),
        "Mod" => |a| one(binary::arith(a, Arith::Mod)?),
        "PRelu" => |a| one(binary::arith(a, Arith::PRelu)?),
        "BitwiseAnd" => |a| one(binary::arith(a, Arith::BitAnd)?),
        "BitwiseOr" => |a| one(binary::arith(a, Arith::BitOr)?),
        "BitwiseXor" => |a| one(binary::arith(a, Arith::BitXor)?),
        "BitShift" => |a| one(binary::arith(a, Arith::BitShift)?),
        "Equal" => |a| one(binary::compare(a, Cmp::Eq)?),
        "Less" => |a| one(binary::compare(a, Cmp::Lt)?),
        "LessOrEqual" => |a| one(binary::compare(a, Cmp::Le)?),
        "Greater" => |a| one(binary::compare(a, Cmp::Gt)?),
        "GreaterOrEqual" => |a| one(binary::compare(a, Cmp::Ge)?),
        "And" => |a| one(binary::logic(a, Logic::And)?),
        "Or" => |a| one(binary::logic(a, Logic::Or)?),
        "Xor" => |a| one(binary::logic(a, Logic::Xor)?),
        "Max" => |a| one(binary::variadic(a, Variadic::Max)?),
        "Min" => |a| one(binary::variadic(a, Variadic::Min)?),
        "Sum" => |a| one(binary::variadic(a, Variadic::Sum)?),
        "Mean" => |a| one(binary::variadic(a, Variadic::Mean)?),
        "Where" => |a| one(binary::where_(a)?),
        // Casts.
        "Cast" => |a| one(cast::cast(a)?),
        "CastLike" => |a| one(cast::cast_like(a)?),
        // Shape and data movement.
        "Identity" => |a| one(a.input(0)?.clone()),
        "Dropout" => movement::dropout,
        "Shape" => |a| one(movement::shape(a)?),
        "Size" => |a| one(movement::size(a)?),
        "Reshape" => |a| one(movement::reshape(a)?),
        "Flatten" => |a| one(movement::flatten(a)?),
        "Squeeze" => |a| one(movement::squeeze(a)?),
        "Unsqueeze" => |a| one(movement::unsqueeze(a)?),
        "Transpose" => |a| one(movement::transpose(a)?),
        "Concat" => |a| one(movement::concat(a)?),
        "Split" => movement::split,
        "Slice" => |a| one(movement::slice(a)?),
        "Expand" => |a| one(movement::expand(a)?),
        "Tile" => |a| one(movement::tile(a)?),
        "Pad" => |a| one(movement::pad(a)?),
        "DepthToSpace" => |a| one(movement::depth_to_space(a)?),
        "SpaceToDepth" => |a| one(movement::space_to_depth(a)?),
        // Indexing.
        "Gather" => |a| one(indexing::gather(a)?),
        "GatherElements" => |a| one(indexing::gather_elements(a)?),
        "GatherND" => |a| one(indexing::gather_nd(a)?),
        "ScatterND" => |a| one(indexing::scatter_nd(a)?),
        "ScatterElements" => |a| one(indexing::scatter_elements(a)?),
        "NonZero" => |a| one(indexing::non_zero(a)?),
        "OneHot" => |a| one(indexing::one_hot(a)?),
        "Trilu" => |a| one(indexing::trilu(a)?),
        // Generators.
        "Constant" => |a| one(generate::constant(a)?),
        "ConstantOfShape" => |a| one(generate::constant_of_shape(a)?),
        "Range" => |a| one(generate::range(a)?),
        "EyeLike" => |a| one(generate::eye_like(a)?),
        // Reductions and scans.
        "ReduceSum" => |a| one(reduce::reduce(a, Reduce::Sum)?),
        "ReduceMean" => |a| one(reduce::reduce(a, Reduce::Mean)?),
        "ReduceMax" => |a| one(reduce::reduce(a, Reduce::Max)?),
        "ReduceMin" => |a| one(reduce::reduce(a, Reduce::Min)?),
        "ReduceProd" => |a| one(reduce::reduce(a, Reduce::Prod)?),
        "ReduceL1" => |a| one(reduce::reduce(a, Reduce::L1)?),
        "ReduceL2" => |a| one(reduce::reduce(a, Reduce::L2)?),
        "ReduceLogSum" => |a| one(reduce::reduce(a, Reduce::LogSum)?),
        "ReduceLogSumExp" => |a| one(reduce::reduce(a, Reduce::LogSumExp)?),
        "ReduceSumSquare" => |a| one(reduce::reduce(a, Reduce::SumSquare)?),
        "ArgMax" => |a| one(reduce::arg(a, true)?),
        "ArgMin" => |a| one(reduce::arg(a, false)?),
        "CumSum" => |a| one(reduce::cum_sum(a)?),
        "Softmax" => |a| one(reduce::softmax(a, reduce::Softmax::Plain)?),
        "LogSoftmax" => |a| one(reduce::softmax(a, reduce::Softmax::Log)?),
        "Hardmax" => |a| one(reduce::softmax(a, reduce::Softmax::Hard)?),
        // Linear algebra.
        "MatMul" => |a| one(linalg::matmul(a)?),
        "Gemm" => |a| one(linalg::gemm(a)?),
        "Einsum" => |a| one(linalg::einsum(a)?),
        _ => return None,
    };
    Some(k)
}

/// Whether the evaluator knows operator `op_type` of `domain` ("" or
/// "ai.onnx" for the default domain). A known operator may still refuse a
/// form of it ([`EvalError::NotEvaluable`]).
pub fn claims(op_type: &str, domain: &str) -> bool {
    (domain.is_empty() || domain == "ai.onnx") && kernel(op_type).is_some()
}

/// Evaluates `node` on constant `inputs` (one entry per input slot, `None`
/// for an omitted optional input) at ai.onnx opset `opset`. Returns one
/// tensor per node output.
pub fn eval_node(
    node: &Node,
    inputs: &[Option<&Tensor>],
    opset: i64,
    limits: Limits,
) -> Result<Vec<Tensor>, EvalError> {
    if !(node.domain.is_empty() || node.domain == "ai.onnx") {
        return not_evaluable(format!("operators of domain {} are not evaluated", node.domain));
    }
    let Some(k) = kernel(&node.op_type) else {
        return not_evaluable(format!("{} is not evaluated", node.op_type));
    };
    let args = Args { node, ins: inputs, opset, limits };
    let mut outs = k(&args)?;
    let wanted = node.outputs.len();
    if outs.len() < wanted {
        return invalid(format!("the node has {wanted} outputs, {} produces {}", node.op_type, outs.len()));
    }
    outs.truncate(wanted);
    Ok(outs)
}

#[cfg(test)]
pub(crate) mod testing;

#[cfg(test)]
#[path = "hostile_tests.rs"]
mod hostile_tests;
