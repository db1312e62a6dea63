//! Typed readers of a node's attributes: a missing attribute gives the
//! default, one of the wrong kind an error naming it. The importer
//! ([`crate::import::node::NodeCx`]) and the evaluator ([`crate::eval`])
//! both read attributes through these.

use crate::model::{AttrValue, Node};
use crate::tensor::Tensor;

impl Node {
    pub fn has_attr(&self, name: &str) -> bool {
        self.attr(name).is_some()
    }

    pub fn int(&self, name: &str, default: i64) -> Result<i64, String> {
        match self.attr(name) {
            None => Ok(default),
            Some(AttrValue::Int(i)) => Ok(*i),
            Some(other) => Err(wrong_kind(name, "an INT", other)),
        }
    }

    /// A FLOAT attribute (an INT is accepted: some exporters write `alpha = 1`).
    pub fn float(&self, name: &str, default: f32) -> Result<f32, String> {
        match self.attr(name) {
            None => Ok(default),
            Some(AttrValue::Float(f)) => Ok(*f),
            Some(AttrValue::Int(i)) => Ok(*i as f32),
            Some(other) => Err(wrong_kind(name, "a FLOAT", other)),
        }
    }

    pub fn string(&self, name: &str, default: &str) -> Result<String, String> {
        match self.attr(name) {
            None => Ok(default.to_string()),
            Some(AttrValue::String(s)) => {
                String::from_utf8(s.clone()).map_err(|_| format!("attribute '{name}' is not UTF-8"))
            }
            Some(other) => Err(wrong_kind(name, "a STRING", other)),
        }
    }

    pub fn ints(&self, name: &str) -> Result<Option<Vec<i64>>, String> {
        match self.attr(name) {
            None => Ok(None),
            Some(AttrValue::Ints(v)) => Ok(Some(v.clone())),
            Some(other) => Err(wrong_kind(name, "INTS", other)),
        }
    }

    pub fn floats(&self, name: &str) -> Result<Option<Vec<f32>>, String> {
        match self.attr(name) {
            None => Ok(None),
            Some(AttrValue::Floats(v)) => Ok(Some(v.clone())),
            Some(other) => Err(wrong_kind(name, "FLOATS", other)),
        }
    }

    /// A TENSOR attribute; a tensor that failed to decode is an error here,
    /// where an operator reads it.
    pub fn tensor(&self, name: &str) -> Result<Option<&Tensor>, String> {
        match self.attr(name) {
            None => Ok(None),
            Some(AttrValue::Tensor(t)) => Ok(Some(t)),
            Some(AttrValue::BadTensor(e)) => Err(format!("attribute '{name}': {e}")),
            Some(other) => Err(wrong_kind(name, "a TENSOR", other)),
        }
    }
}

fn wrong_kind(name: &str, want: &str, got: &AttrValue) -> String {
    format!("attribute '{name}' must be {want}, not {}", kind(got))
}

/// The attribute kind as ONNX names it, for messages.
pub fn kind(a: &AttrValue) -> &'static str {
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
