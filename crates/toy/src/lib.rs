//! The Toy language of MLIR's tutorial on Strata: `toyc`'s front end and
//! dialect (chapters 1-4 and 7) and the chapter-selected driver.
//!
//! Map: `lexer`, `parser`, `ast`, `ast_dump` (chapter 1); `dialect` (op
//! definitions and custom assembly), `verify` (op verifiers), `struct_type`
//! (`!toy.struct`), `mlirgen` (AST to IR) (chapter 2, 7); `combine`
//! (canonicalization patterns, chapter 3); `inliner` and `shape_inference`
//! (chapter 4); `lowering` (the hook for chapters 5-6); `driver` (what `toyc -chapter=N` runs and prints).

pub mod ast;
pub mod ast_dump;
pub mod combine;
pub mod dialect;
pub mod driver;
pub mod inliner;
pub mod lexer;
pub mod lowering;
pub mod mlirgen;
pub mod parser;
pub mod shape_inference;
pub mod struct_type;
pub mod verify;
