//! The `scf` dialect (structured control flow): `scf.for` (with
//! `iter_args`, non-index loop types and `unsigned`), `scf.if` (results,
//! optional else), `scf.while` / `scf.condition`, and `scf.yield`, with
//! mlir-opt 22's custom syntax (`ops.rs`) and the canonicalization patterns
//! of upstream `SCF.cpp` that lowered loop nests meet (`canonicalize.rs`,
//! with the patterns merging ifs in `if_combine.rs`);
//! `scf.parallel` / `scf.reduce` (`parallel.rs`, patterns in
//! `parallel_canonicalize.rs`), with the loops' constant trip counts in
//! `trip_count.rs`; `scf.forall` / `scf.forall.in_parallel` (`forall.rs`,
//! patterns in `forall_canonicalize.rs`); `scf.execute_region`
//! (`execute_region.rs`); `scf.index_switch` (`index_switch.rs`);
//! `scf.while`'s canonicalization patterns in `while_patterns.rs`.

mod canonicalize;
mod execute_region;
mod forall;
mod forall_canonicalize;
mod if_combine;
mod index_switch;
mod ops;
mod parallel;
mod parallel_canonicalize;
mod region_branch;
mod trip_count;
mod while_patterns;

pub use forall::{forall_loop, ForallLoop};
pub use index_switch::case_values;
pub use ops::register;
pub use trip_count::Bound;
