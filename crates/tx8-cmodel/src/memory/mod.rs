//! The card's memories: one SPM per tile and the shared, sparsely backed DDR.
//!
//! `CardMemory` owns them behind per-memory locks so that tile programs
//! running on separate threads can each touch their own SPM, a remote SPM
//! (DTE) or the DDR (DMA) safely.

pub mod ddr;
pub mod spm;

use std::sync::{Mutex, MutexGuard};

pub use ddr::Ddr;
pub use spm::Spm;

use crate::config::HardwareConfig;

/// All memory of one card.
pub struct CardMemory {
    spms: Vec<Mutex<Spm>>,
    ddr: Mutex<Ddr>,
}

impl CardMemory {
    /// Fresh, zeroed memory for `config` (SPMs allocated, DDR empty).
    pub fn new(config: &HardwareConfig) -> Self {
        let spms = (0..config.tiles()).map(|t| Mutex::new(Spm::new(t, config))).collect();
        CardMemory { spms, ddr: Mutex::new(Ddr::new(config.ddr_bytes)) }
    }

    /// Lock one tile's SPM. A poisoned lock (a panicking thread) is recovered:
    /// the SPM holds plain bytes, no invariant can be broken mid-write.
    pub fn spm(&self, tile: u32) -> Option<MutexGuard<'_, Spm>> {
        self.spms.get(tile as usize).map(|m| m.lock().unwrap_or_else(|p| p.into_inner()))
    }

    /// Lock the DDR.
    pub fn ddr(&self) -> MutexGuard<'_, Ddr> {
        self.ddr.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Number of tiles (SPMs).
    pub fn tiles(&self) -> u32 {
        self.spms.len() as u32
    }
}
