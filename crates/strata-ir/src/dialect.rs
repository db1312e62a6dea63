//! Dialect definitions: a namespace, its ops, and hooks for its own types
//! and attributes in the text format.

use std::sync::Arc;

use crate::opdef::OpDef;

/// Parses the body of `!dialect.<body>` into a type (the parser is positioned
/// after the dialect namespace and the dot).
pub type TypeParseFn = fn(&mut crate::parser::Parser<'_>, &str) -> Result<crate::types::Type, ()>;
pub type TypePrintFn = fn(&crate::context::Context, crate::types::Type, &mut String) -> bool;
pub type AttrParseFn = fn(&mut crate::parser::Parser<'_>, &str) -> Result<crate::attributes::Attribute, ()>;
pub type AttrPrintFn = fn(&crate::context::Context, crate::attributes::Attribute, &mut String) -> bool;

pub struct DialectDef {
    pub name: String,
    pub ops: Vec<Arc<OpDef>>,
    pub parse_type: Option<TypeParseFn>,
    pub print_type: Option<TypePrintFn>,
    pub parse_attr: Option<AttrParseFn>,
    pub print_attr: Option<AttrPrintFn>,
    /// Builds a constant op for a folded value (`Dialect::materializeConstant`).
    pub materialize_constant: Option<crate::fold::MaterializeFn>,
    /// Hooks of the layers above the IR (inliner policy, ...).
    pub interfaces: crate::interfaces::InterfaceMap,
}

impl DialectDef {
    pub fn new(name: &str) -> DialectDef {
        DialectDef {
            name: name.to_string(),
            ops: vec![],
            parse_type: None,
            print_type: None,
            parse_attr: None,
            print_attr: None,
            materialize_constant: None,
            interfaces: Default::default(),
        }
    }
    pub fn materializer(mut self, f: crate::fold::MaterializeFn) -> Self {
        self.materialize_constant = Some(f);
        self
    }
    /// Attaches a hook for a layer above the IR (looked up by its type).
    pub fn interface<T: std::any::Any + Send + Sync>(mut self, value: T) -> Self {
        self.interfaces.insert(value);
        self
    }
    pub fn op(mut self, def: OpDef) -> Self {
        self.ops.push(Arc::new(def));
        self
    }
}

/// Inherent attributes (by name, for every op of the dialect) whose
/// constraint is their storage class, as ODS enum and flag attributes are:
/// a generic-form property failing it is rejected while parsing
/// ("invalid properties ... in property conversion"), not by the verifier.
pub struct ClassCheckedProperties(pub &'static [&'static str]);
