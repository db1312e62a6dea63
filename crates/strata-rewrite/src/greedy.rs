//! The greedy pattern rewrite driver.
pub struct GreedyConfig;
pub struct GreedyResult;
pub enum RegionSimplify { Disabled, Normal, Aggressive }
pub enum StrictMode { AnyOp, ExistingAndNewOps, ExistingOps }
pub fn apply_patterns_greedily() {}
