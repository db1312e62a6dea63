//! Import-time constant folding: a node whose inputs are all constants is
//! computed by the reference evaluator ([`crate::eval`]) when it knows the
//! operator, and its outputs become constants, so the shape and mask
//! computations exporters write (Shape -> Gather -> Concat -> Reshape,
//! Range/Equal/Where/Trilu masks, rotary Sin/Cos tables, F.pad's pads)
//! vanish before the support check and shape inputs of later nodes are
//! static. Identity is left to its importer, which forwards the operand
//! and so shares a weight's data instead of copying it.

use crate::eval::{eval_node, EvalError, Limits};
use crate::import::builder::Operand;
use crate::import::node::NodeCx;
use crate::import::Results;
use crate::tensor::Tensor;

/// Largest element count of one folded output. A real attention mask is
/// `[batch, 1 or heads, seq, seq]`: at batch 4 and sequence 2048 that is
/// 2^24 elements, which folding must still cover; beyond it the node is
/// imported as an op (ConstantOfShape as a splat, Expand as a broadcast),
/// so a few bytes of a malformed model (ConstantOfShape of [2^31, 2^31])
/// cannot make the importer allocate without bound.
pub const FOLD_ELEMENTS: usize = 1 << 24;

/// Bytes of new constant data folding may create in one import (1 GiB):
/// with [`FOLD_ELEMENTS`] it bounds the memory a model can make the
/// importer use; past it, nodes are imported as ops, as when not folded.
pub const FOLD_BUDGET_BYTES: usize = 1 << 30;

/// Largest element count of an input folding reads. Kernels widen inputs
/// to f64 or i64 (8 bytes an element); past this, a node on a large weight
/// (a reduction of a whole embedding table, say) is imported as ops rather
/// than making the importer hold several copies of the weight.
pub const FOLD_INPUT_ELEMENTS: usize = 4 * FOLD_ELEMENTS;

/// The folding state of one import: what remains of the byte budget.
pub struct Folder {
    budget: usize,
}

impl Folder {
    pub fn new() -> Folder {
        Folder { budget: FOLD_BUDGET_BYTES }
    }

    /// The node's results when it is folded, `None` to import it (an
    /// input is not constant, the evaluator does not know the operator or
    /// this form of it, or an output is too large); an error for a node
    /// the evaluator finds invalid.
    pub fn try_fold(&mut self, cx: &NodeCx) -> Result<Option<Results>, String> {
        if cx.node.op_type == "Identity" {
            return Ok(None);
        }
        let mut consts: Vec<Option<&Tensor>> = Vec::with_capacity(cx.ins.len());
        for i in &cx.ins {
            match i {
                None => consts.push(None),
                Some(o) => match &o.konst {
                    Some(t) if t.num_elements() > FOLD_INPUT_ELEMENTS => return Ok(None),
                    Some(t) => consts.push(Some(t.as_ref())),
                    None => return Ok(None),
                },
            }
        }
        let outs = match eval_node(cx.node, &consts, cx.opset, Limits::elements(FOLD_ELEMENTS)) {
            Ok(outs) => outs,
            Err(EvalError::NotEvaluable(_) | EvalError::TooLarge(_)) => return Ok(None),
            Err(EvalError::Invalid(m)) => return Err(m),
        };
        let bytes: usize = outs.iter().map(|t| t.bytes.len()).sum();
        if bytes > self.budget {
            return Ok(None);
        }
        self.budget -= bytes;
        Ok(Some(outs.into_iter().map(|t| Some(Operand::constant(t))).collect()))
    }
}
