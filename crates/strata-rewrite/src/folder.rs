//! Constant folding support for drivers.
