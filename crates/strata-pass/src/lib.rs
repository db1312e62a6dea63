//! The pass infrastructure: the `Pass` trait, a registry of passes by their
//! mlir-opt names, textual pipelines (`builtin.module(func.func(cse))`),
//! nested op pass managers that run on isolated ops in parallel, an
//! analysis cache with preservation, and instrumentation (timing, IR
//! printing, statistics) with mlir-opt's output formats.
//!
//! Map: `pass.rs` (trait, target, options), `registry.rs`, `pipeline.rs`
//! (the textual grammar), `manager.rs` (running), `detached.rs` (running
//! on many isolated ops at once), `pipeline_state.rs` (state shared by
//! the passes of one pipeline), `analysis.rs`, `instrument.rs`.

pub mod analysis;
pub mod declare;
pub mod detached;
pub mod instrument;
pub mod manager;
pub mod pass;
pub mod pipeline;
pub mod pipeline_state;
pub mod registry;

pub use analysis::{AnalysisManager, PreservedAnalyses};
pub use manager::{OpPassManager, RunConfig};
pub use pass::{Pass, PassOptions, PassTarget, Statistic};
pub use pipeline_state::PipelineState;
pub use registry::PassRegistry;
