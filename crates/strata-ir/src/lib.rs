//! Strata's IR core: an MLIR-compatible intermediate representation.
//!
//! Map of the crate (see ARCHITECTURE.md at the repository root):
//! * `context`: the `Context` owning uniqued types, attributes, identifiers
//!   and the dialect/op registry (`intern` is its storage);
//! * `types`, `attributes`, `location`, `affine`, `apint`, `apfloat`: the
//!   builtin type and attribute system;
//! * `entity`, `body`: operations, blocks, regions and values in per-
//!   isolated-scope arenas, with use lists;
//! * `opdef`, `dialect`, `constraints`, `asm_format`, `builtin`: declarative
//!   op definitions and the builtin dialect;
//! * `lexer`, `parser`, `printer`: the MLIR text format;
//! * `verifier`, `dominance`, `diagnostics`: checking and error reporting;
//! * `fold`, `effects`, `interfaces`: the hooks passes use (fold and constant
//!   materialization, memory effects, typed hooks for higher layers);
//! * `surgery`: cloning, block splitting and merging, walks;
//! * `symbols`: symbol names, visibility, lookup in symbol tables, symbol uses;
//! * `call_interfaces`, `inliner_interface`: call/callable hooks on op
//!   definitions and the per-dialect inliner policy.

pub mod affine;
pub mod apfloat;
pub mod apfloat_ops;
pub mod apfloat_text;
pub mod apint;
pub mod apint_ops;
pub mod asm_format;
pub mod attributes;
pub mod body;
pub mod branch;
pub mod builtin;
pub mod call_interfaces;
pub mod constraints;
pub mod context;
pub mod diagnostics;
pub mod dialect;
pub mod dominance;
pub mod effects;
pub mod entity;
pub mod fold;
pub mod inliner_interface;
pub mod interfaces;
mod intern;
pub mod lexer;
pub mod location;
pub mod op_name_is;
pub mod opdef;
pub mod parser;
pub mod printer;
pub mod surgery;
pub mod symbol_user;
pub mod symbols;
pub mod types;
pub mod verifier;

pub use attributes::{AttrKind, Attribute};
pub use body::{Body, OpSpec, ValueDef};
pub use context::{Context, OpName, Str};
pub use diagnostics::{Diagnostic, Severity};
pub use entity::{Block, Op, Region, Value};
pub use location::Location;
pub use types::{Type, TypeKind};
