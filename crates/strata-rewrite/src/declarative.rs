//! The `pattern!` macro: declarative rewrite patterns (the Rust answer to
//! MLIR's DRR). Filled in with the greedy driver.
