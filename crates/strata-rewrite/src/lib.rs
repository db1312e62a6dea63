//! Pattern rewriting: `RewritePattern`s and the `PatternRewriter` they edit
//! the IR through (which tells a listener about every change), pattern sets
//! indexed by root op, the greedy driver with folding and constant
//! uniquing (MLIR's `applyPatternsGreedily`), the one-shot walk driver, and
//! the `pattern!` macro for declarative patterns.
//!
//! Map: `pattern.rs` (patterns, pattern sets, canonicalization hooks),
//! `rewriter.rs` (the rewriter and listener), `folder.rs` (constant
//! materialization and uniquing), `greedy.rs` (the greedy driver),
//! `walk.rs` (the walk driver), `declarative.rs` (the `pattern!` macro),
//! `fingerprint.rs` (IR hashing for the driver's expensive checks),
//! `region_simplify.rs` (dead blocks and block arguments), `conversion.rs`
//! (dialect conversion: targets, conversion patterns, type converter).

mod block_merge;
pub mod conversion;
pub mod declarative;
pub mod fingerprint;
pub mod folder;
pub mod greedy;
pub mod pattern;
pub mod region_simplify;
pub mod rewriter;
pub mod walk;

pub use greedy::{apply_patterns_greedily, GreedyConfig, GreedyResult, RegionSimplify, StrictMode};
pub use pattern::{CanonicalizationPatterns, FrozenPatternSet, PatternSet, RewritePattern};
pub use rewriter::{Listener, PatternRewriter};
