//! One node being imported: its inputs as [`Operand`]s and typed readers for
//! its attributes and for inputs that must be constant (shapes, axes, pads),
//! with errors that name the attribute or input.

use crate::import::builder::Operand;
use crate::model::{AttrValue, Node};

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
        self.ins
            .get(i)
            .and_then(|o| o.as_ref())
            .ok_or_else(|| format!("input {i} is required"))
    }

    /// Optional input `i` (absent, or given as "").
    pub fn opt_input(&self, i: usize) -> Option<&Operand> {
        self.ins.get(i).and_then(|o| o.as_ref())
    }

    fn attr(&self, name: &str) -> Option<&AttrValue> {
        self.node.attr(name)
    }

    pub fn has_attr(&self, name: &str) -> bool {
        self.attr(name).is_some()
    }

    pub fn int(&self, name: &str, default: i64) -> Result<i64, String> {
        match self.attr(name) {
            None => Ok(default),
            Some(AttrValue::Int(i)) => Ok(*i),
            Some(other) => Err(format!(
                "attribute '{name}' must be an INT, not {}",
                kind(other)
            )),
        }
    }

    pub fn float(&self, name: &str, default: f32) -> Result<f32, String> {
        match self.attr(name) {
            None => Ok(default),
            Some(AttrValue::Float(f)) => Ok(*f),
            Some(AttrValue::Int(i)) => Ok(*i as f32),
            Some(other) => Err(format!(
                "attribute '{name}' must be a FLOAT, not {}",
                kind(other)
            )),
        }
    }

    pub fn string(&self, name: &str, default: &str) -> Result<String, String> {
        match self.attr(name) {
            None => Ok(default.to_string()),
            Some(AttrValue::String(s)) => {
                String::from_utf8(s.clone()).map_err(|_| format!("attribute '{name}' is not UTF-8"))
            }
            Some(other) => Err(format!(
                "attribute '{name}' must be a STRING, not {}",
                kind(other)
            )),
        }
    }

    pub fn ints(&self, name: &str) -> Result<Option<Vec<i64>>, String> {
        match self.attr(name) {
            None => Ok(None),
            Some(AttrValue::Ints(v)) => Ok(Some(v.clone())),
            Some(other) => Err(format!(
                "attribute '{name}' must be INTS, not {}",
                kind(other)
            )),
        }
    }

    pub fn floats(&self, name: &str) -> Result<Option<Vec<f32>>, String> {
        match self.attr(name) {
            None => Ok(None),
            Some(AttrValue::Floats(v)) => Ok(Some(v.clone())),
            Some(other) => Err(format!(
                "attribute '{name}' must be FLOATS, not {}",
                kind(other)
            )),
        }
    }

    /// Optional input `i` that, when present, must be a constant; its
    /// elements as integers.
    pub fn const_ints(&self, i: usize, what: &str) -> Result<Option<Vec<i64>>, String> {
        match self.opt_input(i) {
            None => Ok(None),
            Some(o) => match &o.konst {
                Some(t) => Ok(Some(t.to_i64_vec())),
                None => Err(format!("input {i} ('{what}') must be a constant (an initializer or computable at import time)")),
            },
        }
    }

    /// Optional constant input `i` as floats.
    pub fn const_floats(&self, i: usize, what: &str) -> Result<Option<Vec<f64>>, String> {
        match self.opt_input(i) {
            None => Ok(None),
            Some(o) => match &o.konst {
                Some(t) => Ok(Some(t.to_f64_vec())),
                None => Err(format!("input {i} ('{what}') must be a constant (an initializer or computable at import time)")),
            },
        }
    }

    /// Axes given as an attribute before `moved_in` and as input `input`
    /// from that opset on. The other form is an error rather than ignored,
    /// since ignoring it would silently reduce or squeeze other axes.
    pub fn axes(&self, moved_in: i64, input: usize) -> Result<Option<Vec<i64>>, String> {
        if self.opset < moved_in {
            if self.opt_input(input).is_some() {
                return Err(format!("input {input} ('axes') is not part of opset {} (axes are an attribute before opset {moved_in})", self.opset));
            }
            self.ints("axes")
        } else {
            if self.has_attr("axes") {
                return Err(format!("attribute 'axes' is not part of opset {} (axes are input {input} since opset {moved_in})", self.opset));
            }
            self.const_ints(input, "axes")
        }
    }

    /// An unsupported attribute value, named.
    pub fn unsupported_attr(
        &self,
        name: &str,
        value: impl std::fmt::Display,
        supported: &str,
    ) -> String {
        format!("attribute '{name}' = {value} is not supported ({supported})")
    }
}

fn kind(a: &AttrValue) -> &'static str {
    match a {
        AttrValue::Float(_) => "a FLOAT",
        AttrValue::Int(_) => "an INT",
        AttrValue::String(_) => "a STRING",
        AttrValue::Tensor(_) | AttrValue::BadTensor(_) => "a TENSOR",
        AttrValue::Floats(_) => "FLOATS",
        AttrValue::Ints(_) => "INTS",
        AttrValue::Strings(_) => "STRINGS",
        AttrValue::Other(k) => k,
    }
}
