//! `tx8-target`: what the TX8 card is, as both the compiler and the C model
//! need it: the hardware figures ([`HardwareConfig`]), the data formats, the
//! engines of a tile, the memory layouts, the operator kinds with their
//! semantics and C ABI codes, and the f64 reference kernels that define
//! each operator, the strided views the DMA reads through, and the DMA
//! copies a box transfer or a sliding load makes. The tx8be dialect depends on this crate and not on the
//! simulator; the C model (`tx8-cmodel`) builds on it.

pub mod blocked_box;
pub mod c_codes;
pub mod data_format;
pub mod engine;
pub mod error;
pub mod hardware;
pub mod kinds;
pub mod layout;
pub mod reference;
pub mod slide;
pub mod transfers;
pub mod view;

pub use data_format::DataFormat;
pub use engine::{Engine, EngineMask};
pub use error::TargetError;
pub use hardware::{Figure, HardwareConfig};
