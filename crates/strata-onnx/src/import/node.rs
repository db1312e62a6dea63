//! One node being imported: its inputs as [`Operand`]s, its attributes
//! (through the typed readers of `crate::attrs`) and readers for inputs that
//! must be constant (shapes, axes, pads), with errors that name the
//! attribute or input.

use crate::import::builder::Operand;
use crate::model::Node;

pub struct NodeCx<'a> {
    pub node: &'a Node,
    /// One entry per ONNX input; `None` for an omitted optional input ("").
    pub ins: Vec<Option<Operand>>,
    /// The ai.onnx opset the model imports (attributes moved to inputs
    /// across versions are read according to it).
    pub opset: i64,
}

impl NodeCx<'_> {
    /// Required input `i`.
    pub fn input(&self, i: usize) -> Result<&Operand, String> {
        self.ins.get(i).and_then(|o| o.as_ref()).ok_or_else(|| format!("input {i} is required"))
    }

    /// Optional input `i` (absent, or given as "").
    pub fn opt_input(&self, i: usize) -> Option<&Operand> {
        self.ins.get(i).and_then(|o| o.as_ref())
    }

    pub fn has_attr(&self, name: &str) -> bool {
        self.node.has_attr(name)
    }
    pub fn int(&self, name: &str, default: i64) -> Result<i64, String> {
        self.node.int(name, default)
    }
    pub fn float(&self, name: &str, default: f32) -> Result<f32, String> {
        self.node.float(name, default)
    }
    pub fn string(&self, name: &str, default: &str) -> Result<String, String> {
        self.node.string(name, default)
    }
    pub fn ints(&self, name: &str) -> Result<Option<Vec<i64>>, String> {
        self.node.ints(name)
    }
    pub fn floats(&self, name: &str) -> Result<Option<Vec<f32>>, String> {
        self.node.floats(name)
    }

    /// Optional input `i` that, when present, must be a constant; its
    /// elements as integers.
    pub fn const_ints(&self, i: usize, what: &str) -> Result<Option<Vec<i64>>, String> {
        match self.opt_input(i) {
            None => Ok(None),
            Some(o) => match &o.konst {
                Some(t) => Ok(Some(t.to_i64_vec())),
                None => Err(format!(
                    "input {i} ('{what}') must be a constant (an initializer or computable at import time)"
                )),
            },
        }
    }

    /// Optional constant input `i` as floats.
    pub fn const_floats(&self, i: usize, what: &str) -> Result<Option<Vec<f64>>, String> {
        match self.opt_input(i) {
            None => Ok(None),
            Some(o) => match &o.konst {
                Some(t) => Ok(Some(t.to_f64_vec())),
                None => Err(format!(
                    "input {i} ('{what}') must be a constant (an initializer or computable at import time)"
                )),
            },
        }
    }

    /// Axes given as an attribute before `moved_in` and as input `input`
    /// from that opset on. The other form is an error rather than ignored,
    /// since ignoring it would silently reduce or squeeze other axes.
    pub fn axes(&self, moved_in: i64, input: usize) -> Result<Option<Vec<i64>>, String> {
        if self.opset < moved_in {
            if self.opt_input(input).is_some() {
                return Err(format!(
                    "input {input} ('axes') is not part of opset {} (axes are an attribute before opset {moved_in})",
                    self.opset
                ));
            }
            self.ints("axes")
        } else {
            if self.has_attr("axes") {
                return Err(format!(
                    "attribute 'axes' is not part of opset {} (axes are input {input} since opset {moved_in})",
                    self.opset
                ));
            }
            self.const_ints(input, "axes")
        }
    }

    /// An unsupported attribute value, named.
    pub fn unsupported_attr(&self, name: &str, value: impl std::fmt::Display, supported: &str) -> String {
        format!("attribute '{name}' = {value} is not supported ({supported})")
    }
}
