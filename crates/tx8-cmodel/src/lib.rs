//! `tx8-cmodel`: a C model of the TX8 card (16 tiles in a 4x4 mesh).
//!
//! Programs run SPMD on every tile; each instruction is executed functionally
//! (exact numerics) the moment it is issued and recorded for the event-driven
//! timing model, which replays all tiles' instruction streams together to get
//! cycles. See README.md for the module map and the timing model.

pub mod config;
pub mod error;

pub use config::HardwareConfig;
pub use error::{AccessFault, MemSpace, SimError};
pub mod dtype;
pub mod memory;

pub use dtype::DataFormat;
pub mod engine;
pub mod timing;

pub use engine::{Engine, EngineMask};
