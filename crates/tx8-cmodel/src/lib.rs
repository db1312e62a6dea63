//! `tx8-cmodel`: a C model of the TX8 card (16 tiles in a 4x4 mesh).
//!
//! Programs run SPMD on every tile; each instruction is executed functionally
//! (exact numerics) the moment it is issued and recorded for the event-driven
//! timing model, which replays all tiles' instruction streams together to get
//! cycles. See README.md for the module map and the timing model.

// The target facts the C model shares with the compiler, re-exported under
// the simulator's module names.
pub use tx8_target::{data_format as dtype, engine, hardware as config, layout};

pub mod capi;
pub mod card;
pub mod error;
pub mod isa;
#[cfg(test)]
mod layout_tests;
pub mod memory;
pub mod oplib;
pub mod optest;
pub mod programs;
pub mod rng;
pub mod run_args;
pub mod run_report;
pub mod scoreboard;
pub mod sync;
pub mod tile;
pub mod timing;

pub use card::{Card, RunResult};
pub use config::HardwareConfig;
pub use dtype::DataFormat;
pub use engine::{Engine, EngineMask};
pub use error::{AccessFault, MemSpace, SimError};
pub use isa::Instr;
pub use tile::TileCtx;
