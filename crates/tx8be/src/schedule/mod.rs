//! The schedule layer: what the decisions the tx8be passes record on the
//! IR (sharding, split, buffers, shares, views, SPM and DDR addresses)
//! mean, read back through typed functions. The passes of
//! `tx8be-transforms` choose and write them; the cost model, the pipeline
//! estimate, the report and tx8c's codegen read them through here, so
//! what the search checks is what the program does and codegen needs no
//! pass to understand a schedule.
//!
//! - `boxes`: the box arithmetic of sharding (over tiles) and splitting
//!   (over time).
//! - `group_calls`: a group's calls, load slots and intermediates.
//! - `steps`: the boxes every tile loads, computes and stores at every
//!   step of a recorded schedule, and the SPM buffers that needs.
//! - `const_prefetch`: which weights the group before a group reads for it.
//! - `slide`: which loads slide (take their halo from the other buffer)
//!   and what a slide moves.

pub mod boxes;
pub mod buffers;
pub mod const_prefetch;
pub mod ddr;
pub mod group_calls;
pub mod groups;
pub mod prefetch;
pub mod shares;
pub mod slide;
pub mod steps;
pub mod views;
